#include "pollerconfig.h"

#include "configfile.h"

#include <QHostInfo>
#include <QRegularExpression>
#include <QSet>

namespace inbox::poll {

namespace {

bool hasControl(const QString &text)
{
    static const QRegularExpression control(QStringLiteral("[\\x00-\\x1f\\x7f]"));
    return text.contains(control);
}

// A secret named by `entry` (`NAME_file` or `NAME_env`) into settings->secrets[NAME]; false
// (reported on its line) when it cannot be read.
bool readSecret(const front::ConfigFile &file, const front::ConfigEntry &entry,
                AdapterSettings *settings)
{
    const bool fromFile = entry.key.endsWith(QLatin1String("_file"));
    const QString name = entry.key.left(entry.key.size() - (fromFile ? 5 : 4));
    QByteArray secret;
    if (fromFile) {
        QString error;
        if (!front::readSecretFile(file.dir(), entry.value, &secret, &error)) {
            file.fail(entry.line, error);
            return false;
        }
    } else {
        secret = qgetenv(entry.value.toLocal8Bit().constData()).trimmed();
        if (secret.isEmpty()) {
            file.fail(
                entry.line,
                QStringLiteral("the environment variable %1 is not set or empty").arg(entry.value));
            return false;
        }
    }
    if (settings->secrets.contains(name))
        file.fail(entry.line, QStringLiteral("the secret %1 is given twice").arg(name));
    settings->secrets.insert(name, secret);
    return true;
}

void readSource(const front::ConfigFile &file, const front::ConfigSection &section, SourceConfig *s)
{
    QHash<QString, int> seen;
    QSet<QString> refused; // keys already reported: the adapter's word on them adds nothing
    for (const front::ConfigEntry &e : section.entries) {
        file.refuseRepeat(e, &seen);
        if (e.key == QLatin1String("adapter")) {
            s->adapter = e.value;
        } else if (e.key == QLatin1String("base_url")) {
            const QUrl url(e.value, QUrl::StrictMode);
            if (!url.isValid() || url.host().isEmpty() || url.hasQuery() ||
                (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http"))) {
                // The value is not repeated: a URL may carry a token.
                file.fail(e.line,
                          QStringLiteral("base_url must be an http(s) URL with a host, no query"));
                refused.insert(e.key);
            } else {
                s->settings.baseUrl = url;
            }
        } else if (e.key == QLatin1String("interval")) {
            file.integer(e, 1, 86400, &s->intervalS);
        } else if (e.key == QLatin1String("overlap")) {
            file.integer(e, 0, 7 * 86400, &s->overlapS);
        } else if (e.key == QLatin1String("first_window")) {
            file.integer(e, 1, 90 * 86400, &s->firstWindowS);
        } else if (e.key == QLatin1String("page_size")) {
            file.integer(e, 1, 1000, &s->settings.pageSize);
        } else if (e.key == QLatin1String("rate_per_minute")) {
            file.integer(e, 1, 60000, &s->ratePerMinute);
        } else if (e.key == QLatin1String("burst")) {
            file.integer(e, 1, 10000, &s->burst);
        } else if (e.key == QLatin1String("timeout")) {
            file.integer(e, 1, 600, &s->timeoutS);
        } else if (e.key == QLatin1String("source")) {
            file.fail(e.line, QStringLiteral("source is the section's name ([source NAME]), not "
                                             "a key"));
        } else if (e.key.endsWith(QLatin1String("_file")) ||
                   e.key.endsWith(QLatin1String("_env"))) {
            if (!readSecret(file, e, &s->settings)) {
                // Already said on this line: the adapter's "needs a token" would say it again.
                const QString name = e.key.left(e.key.lastIndexOf(QLatin1Char('_')));
                refused << name + QLatin1String("_file") << name + QLatin1String("_env");
            }
        } else {
            s->settings.options.insert(e.key, e.value);
        }
    }
    if (s->adapter.isEmpty())
        file.fail(section.line, QStringLiteral("[source %1] needs adapter = ...").arg(s->name));
    // base_url is the adapter's to require: Bitrix24's address is a secret (webhook_url_file).
    // The adapters that name things after their source (Bitrix24's process id) read it here.
    s->settings.options.insert(QStringLiteral("source"), s->name);
    s->settings.overlapMs = qint64(s->overlapS) * 1000;
    s->settings.firstWindowMs = qint64(s->firstWindowS) * 1000;
    if (s->adapter.isEmpty())
        return;
    // The adapter judges its own keys now, so --check-config finds what the first poll would.
    QList<SettingProblem> problems;
    if (makeAdapter(s->adapter, s->settings, &problems))
        return;
    for (const SettingProblem &p : problems) {
        if (refused.contains(p.key))
            continue;
        // A problem with a secret is reported on its *_file or *_env line.
        int line = seen.value(p.key, 0);
        if (!line)
            line = seen.value(p.key + QLatin1String("_file"), 0);
        if (!line)
            line = seen.value(p.key + QLatin1String("_env"), 0);
        file.fail(line ? line : section.line, p.message);
    }
    if (problems.isEmpty())
        file.fail(section.line, QStringLiteral("adapter %1 refused the section").arg(s->adapter));
}

} // namespace

std::optional<PollerConfig> PollerConfig::load(const QString &path, QStringList *errors,
                                               QStringList *warnings)
{
    PollerConfig config;
    config.file = path;
    config.worker = QStringLiteral("inbox-poller@") + QHostInfo::localHostName();
    front::ConfigFile file(path, errors);
    if (!file.read(QStringLiteral("poller"), true, QStringLiteral("source")))
        return std::nullopt;
    front::parseListen(QStringLiteral("127.0.0.1:9469"), &config.metricsListen, nullptr);
    bool sawMain = false;
    QHash<QString, int> names;
    for (const front::ConfigSection &section : file.sections()) {
        if (section.kind == QLatin1String("poller")) {
            if (sawMain)
                file.fail(section.line, QStringLiteral("a second [poller] section"));
            sawMain = true;
            QHash<QString, int> seen;
            for (const front::ConfigEntry &e : section.entries) {
                file.refuseRepeat(e, &seen);
                if (file.databaseKey(e, &config.conninfo, &config.password))
                    continue;
                if (e.key == QLatin1String("worker")) {
                    if (e.value.isEmpty() || e.value.size() > 200 || hasControl(e.value))
                        file.fail(e.line, QStringLiteral("worker must be 1..200 characters "
                                                         "without control characters"));
                    else
                        config.worker = e.value;
                } else if (e.key == QLatin1String("metrics_listen")) {
                    file.listen(e, &config.metricsListen);
                } else if (e.key == QLatin1String("shutdown_timeout")) {
                    file.integer(e, 1, 600, &config.shutdownTimeoutS);
                } else if (e.key == QLatin1String("statement_timeout_ms")) {
                    file.integer(e, 100, 600000, &config.statementTimeoutMs);
                } else {
                    file.fail(e.line, QStringLiteral("unknown key \"%1\" in [poller]").arg(e.key));
                }
            }
            continue;
        }
        if (section.kind != QLatin1String("source"))
            continue; // already reported by the parser
        SourceConfig s;
        s.name = section.name;
        s.line = section.line;
        if (s.name.isEmpty() || s.name.size() > 64 || hasControl(s.name))
            file.fail(section.line,
                      QStringLiteral("a source name is 1..64 characters without control "
                                     "characters"));
        if (names.contains(s.name))
            file.fail(section.line, QStringLiteral("source %1 is already defined on line %2")
                                        .arg(s.name)
                                        .arg(names.value(s.name)));
        names.insert(s.name, section.line);
        readSource(file, section, &s);
        if (s.overlapS == 0)
            warnings->append(QStringLiteral("source %1: overlap 0: an item that appears in the "
                                            "API after its window was read is missed")
                                 .arg(s.name));
        config.sources.append(s);
    }
    if (!sawMain)
        errors->append(QStringLiteral("%1: no [poller] section").arg(path));
    else if (config.sources.isEmpty())
        errors->append(QStringLiteral("%1: no [source NAME] section: nothing to poll").arg(path));
    if (!front::isIpv4Loopback(config.metricsListen))
        warnings->append(QStringLiteral("metrics_listen %1 is not loopback: /metrics can be read "
                                        "from the network")
                             .arg(config.metricsListen.text));
    if (!errors->isEmpty())
        return std::nullopt;
    return config;
}

} // namespace inbox::poll
