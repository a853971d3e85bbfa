#include "dispatcherconfig.h"

#include "configfile.h"

#include "support/webhooksignature.h"

#include <QHash>
#include <QHostInfo>
#include <QRegularExpression>

namespace inbox::dispatch {

namespace {

QStringList splitList(const QString &value)
{
    QStringList out;
    for (const QString &part : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString word = part.trimmed();
        if (!word.isEmpty())
            out.append(word);
    }
    return out;
}

// A header name as RFC 9110's token; the value without control characters.
bool validHeader(const QByteArray &name, const QByteArray &value)
{
    static const QRegularExpression token(QStringLiteral("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"));
    if (!token.match(QString::fromLatin1(name)).hasMatch())
        return false;
    for (const char c : value) {
        if ((c >= 0 && c < 0x20 && c != '\t') || c == 0x7f)
            return false;
    }
    return true;
}

// The headers the dispatcher sets itself: a static header may not replace them.
bool reservedHeader(const QByteArray &name)
{
    const QByteArray n = name.toLower();
    return n == "content-type" || n == "content-length" || n == "idempotency-key" || n == "host" ||
           n.startsWith("webhook-") || n.startsWith("x-inbox-");
}

} // namespace

std::optional<DispatcherConfig> DispatcherConfig::load(const QString &path, QStringList *errors,
                                                       QStringList *warnings)
{
    DispatcherConfig config;
    config.file = path;
    config.worker = QStringLiteral("inbox-dispatcher@") + QHostInfo::localHostName();
    front::ConfigFile file(path, errors);
    if (!file.read(QStringLiteral("dispatcher"), true, QStringLiteral("destination")))
        return std::nullopt;
    front::parseListen(QStringLiteral("127.0.0.1:9468"), &config.metricsListen, nullptr);
    bool sawMain = false;
    QHash<QString, int> names;
    for (const front::ConfigSection &section : file.sections()) {
        QHash<QString, int> seen;
        if (section.kind == QLatin1String("dispatcher")) {
            if (sawMain)
                file.fail(section.line, QStringLiteral("a second [dispatcher] section"));
            sawMain = true;
            for (const front::ConfigEntry &e : section.entries) {
                file.refuseRepeat(e, &seen);
                if (file.databaseKey(e, &config.conninfo, &config.password))
                    continue;
                if (e.key == QLatin1String("worker")) {
                    if (e.value.isEmpty() || e.value.size() > 200 ||
                        e.value.contains(QRegularExpression(QStringLiteral("[\\x01-\\x1f\\x7f]"))))
                        file.fail(e.line, QStringLiteral("worker must be 1..200 characters "
                                                         "without control characters"));
                    else
                        config.worker = e.value;
                } else if (e.key == QLatin1String("metrics_listen")) {
                    file.listen(e, &config.metricsListen);
                } else if (e.key == QLatin1String("poll_interval_ms")) {
                    file.integer(e, 50, 600000, &config.pollIntervalMs);
                } else if (e.key == QLatin1String("busy_poll_ms")) {
                    file.integer(e, 0, 1000, &config.busyPollMs);
                } else if (e.key == QLatin1String("heartbeat_interval_ms")) {
                    file.integer(e, 100, 3600000, &config.heartbeatIntervalMs);
                } else if (e.key == QLatin1String("shutdown_timeout")) {
                    file.integer(e, 1, 600, &config.shutdownTimeoutS);
                } else if (e.key == QLatin1String("statement_timeout_ms")) {
                    file.integer(e, 100, 600000, &config.statementTimeoutMs);
                } else {
                    file.fail(e.line,
                              QStringLiteral("unknown key \"%1\" in [dispatcher]").arg(e.key));
                }
            }
            continue;
        }
        if (section.kind != QLatin1String("destination"))
            continue; // already reported by the parser
        DestinationConfig d;
        d.name = section.name;
        d.line = section.line;
        if (d.name.size() > 64 ||
            !QRegularExpression(QStringLiteral("^[A-Za-z0-9_.-]+$")).match(d.name).hasMatch())
            file.fail(section.line, QStringLiteral("a destination name is 1..64 letters, digits, "
                                                   "'_', '.', '-', not \"%1\"")
                                        .arg(d.name));
        if (names.contains(d.name))
            file.fail(section.line, QStringLiteral("destination %1 is already defined on line %2")
                                        .arg(d.name)
                                        .arg(names.value(d.name)));
        names.insert(d.name, section.line);
        bool sawUrl = false;
        for (const front::ConfigEntry &e : section.entries) {
            if (e.key != QLatin1String("header"))
                file.refuseRepeat(e, &seen);
            QString error;
            if (e.key == QLatin1String("url")) {
                sawUrl = true;
                const QUrl url(e.value, QUrl::StrictMode);
                if (!url.isValid() || url.host().isEmpty() ||
                    (url.scheme() != QLatin1String("https") &&
                     url.scheme() != QLatin1String("http")))
                    // The value is not repeated: a URL may carry a token.
                    file.fail(e.line, QStringLiteral("url must be an http(s) URL with a host"));
                else
                    d.url = url;
            } else if (e.key == QLatin1String("sources")) {
                d.sources = splitList(e.value);
            } else if (e.key == QLatin1String("kinds")) {
                d.kinds = splitList(e.value);
            } else if (e.key == QLatin1String("order_separator")) {
                if (e.value.size() != 1 || e.value.at(0).unicode() < 0x21 ||
                    e.value.at(0).unicode() > 0x7e)
                    file.fail(e.line, QStringLiteral("order_separator must be one printable "
                                                     "ASCII character, e.g. ':'"));
                else
                    d.orderSeparator = e.value;
            } else if (e.key == QLatin1String("timeout_ms")) {
                file.integer(e, 100, 600000, &d.timeoutMs);
            } else if (e.key == QLatin1String("concurrency")) {
                file.integer(e, 1, 256, &d.concurrency);
            } else if (e.key == QLatin1String("rate")) {
                file.integer(e, 0, 100000, &d.rate);
            } else if (e.key == QLatin1String("answer_limit")) {
                file.integer(e, 0, 4000, &d.answerLimit);
            } else if (e.key == QLatin1String("breaker_failures")) {
                file.integer(e, 1, 1000, &d.breakerFailures);
            } else if (e.key == QLatin1String("breaker_interval_ms")) {
                file.integer(e, 100, 3600000, &d.breakerIntervalMs);
            } else if (e.key == QLatin1String("max_retry_after")) {
                file.integer(e, 1, 86400, &d.maxRetryAfterS);
            } else if (e.key == QLatin1String("header")) {
                const int colon = int(e.value.indexOf(QLatin1Char(':')));
                const QByteArray name = e.value.left(colon).trimmed().toLatin1();
                const QByteArray value = e.value.mid(colon + 1).trimmed().toUtf8();
                if (colon <= 0 || !validHeader(name, value))
                    file.fail(e.line, QStringLiteral("header must be \"Name: value\" (a token "
                                                     "name, no control characters)"));
                else if (reservedHeader(name))
                    file.fail(e.line, QStringLiteral("header %1 is set by the dispatcher itself")
                                          .arg(QString::fromLatin1(name)));
                else
                    d.headers.append({name, value});
            } else if (e.key == QLatin1String("signing_secret_file") ||
                       e.key == QLatin1String("signing_secret_env")) {
                QByteArray secret;
                if (e.key == QLatin1String("signing_secret_file")) {
                    if (!front::readSecretFile(file.dir(), e.value, &secret, &error)) {
                        file.fail(e.line, error);
                        continue;
                    }
                } else {
                    secret = qgetenv(e.value.toLocal8Bit().constData()).trimmed();
                    if (secret.isEmpty()) {
                        file.fail(e.line, QStringLiteral("the environment variable %1 is not set "
                                                         "or empty")
                                              .arg(e.value));
                        continue;
                    }
                }
                const std::optional<QByteArray> key = WebhookSignature::decodeSecret(secret);
                if (!key)
                    file.fail(e.line, QStringLiteral("the signing secret must be whsec_ followed "
                                                     "by base64 (its value is not shown)"));
                else
                    d.signingKey = *key;
            } else {
                file.fail(
                    e.line,
                    QStringLiteral("unknown key \"%1\" in [destination %2]").arg(e.key, d.name));
            }
        }
        if (!sawUrl)
            file.fail(section.line, QStringLiteral("[destination %1] needs url = ...").arg(d.name));
        if (d.signingKey.isEmpty())
            warnings->append(QStringLiteral("destination %1 has no signing secret: its handler "
                                            "cannot tell the dispatcher's requests from others'")
                                 .arg(d.name));
        config.destinations.append(d);
    }
    if (!sawMain)
        errors->append(QStringLiteral("%1: no [dispatcher] section").arg(path));
    else if (config.destinations.isEmpty())
        errors->append(
            QStringLiteral("%1: no [destination NAME] section: nothing to deliver to").arg(path));
    if (config.heartbeatIntervalMs < 100)
        config.heartbeatIntervalMs = 100;
    if (!front::isIpv4Loopback(config.metricsListen))
        warnings->append(QStringLiteral("metrics_listen %1 is not loopback: /metrics can be read "
                                        "from the network")
                             .arg(config.metricsListen.text));
    if (!errors->isEmpty())
        return std::nullopt;
    return config;
}

} // namespace inbox::dispatch
