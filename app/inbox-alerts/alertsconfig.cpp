#include "alertsconfig.h"

#include "configparser.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QUrl>

#include <netinet/in.h>

namespace inbox::alerts {

std::optional<AlertsConfig> AlertsConfig::load(const QString &path, QStringList *errors,
                                               QStringList *warnings)
{
    AlertsConfig config;
    config.file = path;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        errors->append(QStringLiteral("%1: cannot read: %2").arg(path, file.errorString()));
        return std::nullopt;
    }
    const QString configDir = QFileInfo(path).absolutePath();
    const QList<front::ConfigSection> sections =
        front::ConfigParser::parse(path, file.readAll(), errors, QStringLiteral("alerts"), false);
    auto fail = [&](int line, const QString &what) {
        errors->append(QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(what));
    };
    auto integer = [&](const front::ConfigEntry &e, int min, int max, int *out) {
        bool ok = false;
        const int n = e.value.toInt(&ok);
        if (!ok || n < min || n > max)
            fail(e.line, QStringLiteral("%1 must be a whole number %2..%3, not \"%4\"")
                             .arg(e.key)
                             .arg(min)
                             .arg(max)
                             .arg(e.value));
        else
            *out = n;
    };
    front::parseListen(QStringLiteral("127.0.0.1:9467"), &config.metricsListen, nullptr);
    bool sawAlerts = false;
    bool sawToken = false;
    for (const front::ConfigSection &section : sections) {
        if (section.kind == QLatin1String("source")) {
            fail(section.line, QStringLiteral("inbox-alerts has no [source] sections: the rules "
                                              "are in the database (set_alert_rule)"));
            continue;
        }
        if (section.kind != QLatin1String("alerts"))
            continue; // already reported by the parser
        if (sawAlerts)
            fail(section.line, QStringLiteral("a second [alerts] section"));
        sawAlerts = true;
        QHash<QString, int> seen;
        for (const front::ConfigEntry &e : section.entries) {
            if (seen.contains(e.key))
                fail(e.line, QStringLiteral("%1 is already set on line %2")
                                 .arg(e.key)
                                 .arg(seen.value(e.key)));
            seen.insert(e.key, e.line);
            QString error;
            if (e.key == QLatin1String("database")) {
                config.conninfo = e.value;
                if (e.value.contains(QLatin1String("password")))
                    fail(e.line, QStringLiteral("database must not hold a password: use "
                                                "database_password_file or a passfile"));
            } else if (e.key == QLatin1String("database_password_file")) {
                QByteArray secret;
                if (!front::readSecretFile(configDir, e.value, &secret, &error))
                    fail(e.line, error);
                config.password = QString::fromUtf8(secret);
            } else if (e.key == QLatin1String("telegram_token_file")) {
                sawToken = true;
                if (!front::readSecretFile(configDir, e.value, &config.token, &error)) {
                    fail(e.line, error);
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
                        fail(e.line, QStringLiteral("the token in %1 is not a bot token "
                                                    "(digits, ':', letters, digits, '_', '-')")
                                         .arg(e.value));
                }
            } else if (e.key == QLatin1String("telegram_api")) {
                const QUrl url(e.value, QUrl::StrictMode);
                if (!url.isValid() || url.host().isEmpty() ||
                    (url.scheme() != QLatin1String("https") &&
                     url.scheme() != QLatin1String("http")) ||
                    !url.query().isEmpty())
                    fail(e.line, QStringLiteral("telegram_api must be an http(s) URL like "
                                                "https://api.telegram.org, not \"%1\"")
                                     .arg(e.value));
                else
                    config.apiBase =
                        e.value.endsWith(QLatin1Char('/')) ? e.value.chopped(1) : e.value;
            } else if (e.key == QLatin1String("metrics_listen")) {
                if (!front::parseListen(e.value, &config.metricsListen, &error))
                    fail(e.line, error);
            } else if (e.key == QLatin1String("interval")) {
                integer(e, 1, 3600, &config.intervalS);
            } else if (e.key == QLatin1String("group_wait")) {
                integer(e, 0, 600, &config.groupWaitS);
            } else if (e.key == QLatin1String("resolve_after")) {
                integer(e, 0, 86400, &config.resolveAfterS);
            } else if (e.key == QLatin1String("send_timeout")) {
                integer(e, 1, 120, &config.sendTimeoutS);
            } else if (e.key == QLatin1String("send_attempts")) {
                integer(e, 1, 10, &config.sendAttempts);
            } else if (e.key == QLatin1String("max_retry_after")) {
                integer(e, 1, 3600, &config.maxRetryAfterS);
            } else if (e.key == QLatin1String("failed_backoff")) {
                integer(e, 1, 86400, &config.failedBackoffS);
            } else if (e.key == QLatin1String("statement_timeout_ms")) {
                integer(e, 100, 600000, &config.statementTimeoutMs);
            } else if (e.key == QLatin1String("shutdown_timeout")) {
                integer(e, 1, 600, &config.shutdownTimeoutS);
            } else {
                fail(e.line, QStringLiteral("unknown key \"%1\" in [alerts]").arg(e.key));
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
    if (config.metricsListen.v6 ||
        reinterpret_cast<const sockaddr_in *>(&config.metricsListen.address)->sin_addr.s_addr !=
            htonl(INADDR_LOOPBACK))
        warnings->append(QStringLiteral("metrics_listen %1 is not loopback: /metrics can be read "
                                        "from the network")
                             .arg(config.metricsListen.text));
    if (!errors->isEmpty())
        return std::nullopt;
    return config;
}

} // namespace inbox::alerts
