#include "alertsconfig.h"

#include "configfile.h"

#include <QHash>
#include <QUrl>

namespace inbox::alerts {

std::optional<AlertsConfig> AlertsConfig::load(const QString &path, QStringList *errors,
                                               QStringList *warnings)
{
    AlertsConfig config;
    config.file = path;
    front::ConfigFile file(path, errors);
    if (!file.read(QStringLiteral("alerts"), false))
        return std::nullopt;
    front::parseListen(QStringLiteral("127.0.0.1:9467"), &config.metricsListen, nullptr);
    bool sawAlerts = false;
    bool sawToken = false;
    for (const front::ConfigSection &section : file.sections()) {
        if (section.kind == QLatin1String("source")) {
            file.fail(section.line,
                      QStringLiteral("inbox-alerts has no [source] sections: the rules "
                                     "are in the database (set_alert_rule)"));
            continue;
        }
        if (section.kind != QLatin1String("alerts"))
            continue; // already reported by the parser
        if (sawAlerts)
            file.fail(section.line, QStringLiteral("a second [alerts] section"));
        sawAlerts = true;
        QHash<QString, int> seen;
        for (const front::ConfigEntry &e : section.entries) {
            file.refuseRepeat(e, &seen);
            if (file.databaseKey(e, &config.conninfo, &config.password))
                continue;
            QString error;
            if (e.key == QLatin1String("telegram_token_file")) {
                sawToken = true;
                if (!front::readSecretFile(file.dir(), e.value, &config.token, &error)) {
                    file.fail(e.line, error);
                } else {
                    // A bot token is "<digits>:<35 characters of [A-Za-z0-9_-]>"; anything else
                    // would end up in the URL path. Its value is never printed.
                    const qsizetype colon = config.token.indexOf(':');
                    bool valid = colon > 0 && colon + 1 < config.token.size();
                    for (qsizetype i = 0; valid && i < config.token.size(); ++i) {
                        const char c = config.token.at(i);
                        const bool digit = c >= '0' && c <= '9';
                        const bool word = digit || (c >= 'a' && c <= 'z') ||
                                          (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
                        valid = i < colon ? digit : (i == colon || word);
                    }
                    if (!valid)
                        file.fail(e.line, QStringLiteral("the token in %1 is not a bot token "
                                                         "(digits, ':', letters, digits, '_', '-')")
                                              .arg(e.value));
                }
            } else if (e.key == QLatin1String("telegram_api")) {
                const QUrl url(e.value, QUrl::StrictMode);
                if (!url.isValid() || url.host().isEmpty() ||
                    (url.scheme() != QLatin1String("https") &&
                     url.scheme() != QLatin1String("http")) ||
                    !url.query().isEmpty())
                    file.fail(e.line, QStringLiteral("telegram_api must be an http(s) URL like "
                                                     "https://api.telegram.org, not \"%1\"")
                                          .arg(e.value));
                else
                    config.apiBase =
                        e.value.endsWith(QLatin1Char('/')) ? e.value.chopped(1) : e.value;
            } else if (e.key == QLatin1String("metrics_listen")) {
                file.listen(e, &config.metricsListen);
            } else if (e.key == QLatin1String("interval")) {
                file.integer(e, 1, 3600, &config.intervalS);
            } else if (e.key == QLatin1String("group_wait")) {
                file.integer(e, 0, 600, &config.groupWaitS);
            } else if (e.key == QLatin1String("resolve_after")) {
                file.integer(e, 0, 86400, &config.resolveAfterS);
            } else if (e.key == QLatin1String("send_timeout")) {
                file.integer(e, 1, 120, &config.sendTimeoutS);
            } else if (e.key == QLatin1String("send_attempts")) {
                file.integer(e, 1, 10, &config.sendAttempts);
            } else if (e.key == QLatin1String("max_retry_after")) {
                file.integer(e, 1, 3600, &config.maxRetryAfterS);
            } else if (e.key == QLatin1String("failed_backoff")) {
                file.integer(e, 1, 86400, &config.failedBackoffS);
            } else if (e.key == QLatin1String("statement_timeout_ms")) {
                file.integer(e, 100, 600000, &config.statementTimeoutMs);
            } else if (e.key == QLatin1String("shutdown_timeout")) {
                file.integer(e, 1, 600, &config.shutdownTimeoutS);
            } else {
                file.fail(e.line, QStringLiteral("unknown key \"%1\" in [alerts]").arg(e.key));
            }
        }
    }
    if (!sawAlerts)
        errors->append(QStringLiteral("%1: no [alerts] section").arg(path));
    else if (!sawToken)
        errors->append(QStringLiteral("%1: [alerts] needs telegram_token_file = FILE (the bot's "
                                      "token, chmod 600)")
                           .arg(path));
    if (config.apiBase.startsWith(QLatin1String("http:")) &&
        !QUrl(config.apiBase).host().startsWith(QLatin1String("127.")) &&
        QUrl(config.apiBase).host() != QLatin1String("localhost"))
        warnings->append(QStringLiteral("telegram_api %1 is plain http: the token would cross the "
                                        "network unencrypted")
                             .arg(config.apiBase));
    if (!front::isIpv4Loopback(config.metricsListen))
        warnings->append(QStringLiteral("metrics_listen %1 is not loopback: /metrics can be read "
                                        "from the network")
                             .arg(config.metricsListen.text));
    if (!errors->isEmpty())
        return std::nullopt;
    return config;
}

} // namespace inbox::alerts
