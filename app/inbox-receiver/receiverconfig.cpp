#include "receiverconfig.h"

#include "configfile.h"
#include "configparser.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/stat.h>

#include <cstring>
#include <functional>

namespace inbox::front {

bool parseListen(const QString &text, ListenAddress *out, QString *error)
{
    QString host;
    QString port;
    if (text.startsWith(QLatin1Char('['))) {
        const int close = text.indexOf(QLatin1String("]:"));
        if (close < 0) {
            *error = QStringLiteral("\"%1\" is not [IPv6]:port").arg(text);
            return false;
        }
        host = text.mid(1, close - 1);
        port = text.mid(close + 2);
    } else {
        const int colon = text.lastIndexOf(QLatin1Char(':'));
        if (colon <= 0) {
            *error = QStringLiteral("\"%1\" is not address:port (e.g. 127.0.0.1:8080)").arg(text);
            return false;
        }
        host = text.left(colon);
        port = text.mid(colon + 1);
    }
    bool ok = false;
    const int number = port.toInt(&ok);
    if (!ok || number < 0 || number > 65535) {
        *error = QStringLiteral("\"%1\": the port must be 0..65535").arg(text);
        return false;
    }
    out->text = text;
    std::memset(&out->address, 0, sizeof out->address);
    const QByteArray hostBytes = host.toLatin1();
    auto *in4 = reinterpret_cast<sockaddr_in *>(&out->address);
    auto *in6 = reinterpret_cast<sockaddr_in6 *>(&out->address);
    if (inet_pton(AF_INET, hostBytes.constData(), &in4->sin_addr) == 1) {
        in4->sin_family = AF_INET;
        in4->sin_port = htons(quint16(number));
        out->v6 = false;
    } else if (inet_pton(AF_INET6, hostBytes.constData(), &in6->sin6_addr) == 1) {
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons(quint16(number));
        out->v6 = true;
    } else {
        *error = QStringLiteral("\"%1\": the address must be numeric IPv4 or IPv6 (names are "
                                "not resolved)")
                     .arg(text);
        return false;
    }
    return true;
}

bool isIpv4Loopback(const ListenAddress &address)
{
    return !address.v6 &&
           reinterpret_cast<const sockaddr_in *>(&address.address)->sin_addr.s_addr ==
               htonl(INADDR_LOOPBACK);
}

namespace {

QStringList splitList(const QString &value)
{
    QStringList out;
    for (const QString &part : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        for (const QString &word : part.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            out.append(word.trimmed());
    }
    return out;
}

bool parseSize(const QString &value, qint64 *out)
{
    QString number = value.trimmed();
    qint64 unit = 1;
    if (number.endsWith(QLatin1Char('k'), Qt::CaseInsensitive)) {
        unit = 1024;
        number.chop(1);
    } else if (number.endsWith(QLatin1Char('M'), Qt::CaseInsensitive)) {
        unit = 1024 * 1024;
        number.chop(1);
    }
    bool ok = false;
    const qint64 n = number.toLongLong(&ok);
    if (!ok || n < 0 || n > (qint64(1) << 40) / unit)
        return false;
    *out = n * unit;
    return true;
}

} // namespace

bool readSecretFile(const QString &configDir, const QString &name, QByteArray *secret,
                    QString *error)
{
    const QString path = QFileInfo(name).isAbsolute() ? name : configDir + QLatin1Char('/') + name;
    struct stat st
    {};
    const QByteArray native = QFile::encodeName(path);
    if (::stat(native.constData(), &st) != 0) {
        *error = QStringLiteral("cannot read the secret file %1: %2")
                     .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    if (st.st_mode & S_IROTH) {
        *error = QStringLiteral("the secret file %1 is readable by every user: chmod o-r it "
                                "(or use LoadCredential=)")
                     .arg(path);
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read the secret file %1: %2").arg(path, file.errorString());
        return false;
    }
    QByteArray bytes = file.read(64 * 1024);
    if (bytes.endsWith('\n'))
        bytes.chop(1);
    if (bytes.endsWith('\r'))
        bytes.chop(1);
    if (bytes.isEmpty()) {
        *error = QStringLiteral("the secret file %1 is empty").arg(path);
        return false;
    }
    *secret = bytes;
    return true;
}

namespace {

bool sourceNameValid(const QString &name)
{
    if (name.isEmpty() || name.size() > 64)
        return false;
    for (const QChar c : name) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return false;
    }
    return true;
}

} // namespace

bool adapterTakesPathRest(const QString &adapter)
{
    return adapter == QLatin1String("amocrm");
}

std::optional<ReceiverConfig> ReceiverConfig::load(const QString &path, QStringList *errors,
                                                   QStringList *warnings)
{
    ReceiverConfig config;
    config.file = path;
    ConfigFile file(path, errors);
    if (!file.read(QStringLiteral("receiver"), true))
        return std::nullopt;

    bool sawReceiver = false;
    bool sawListen = false;
    parseListen(QStringLiteral("127.0.0.1:9466"), &config.metricsListen, nullptr);
    for (const ConfigSection &section : file.sections()) {
        if (section.kind == QLatin1String("receiver")) {
            if (sawReceiver)
                file.fail(section.line, QStringLiteral("a second [receiver] section"));
            sawReceiver = true;
            for (const ConfigEntry &e : section.entries) {
                if (file.databaseKey(e, &config.conninfo, &config.password))
                    continue;
                QString error;
                if (e.key == QLatin1String("listen")) {
                    sawListen = true;
                    file.listen(e, &config.listen);
                } else if (e.key == QLatin1String("metrics_listen")) {
                    file.listen(e, &config.metricsListen);
                } else if (e.key == QLatin1String("max_connections")) {
                    file.integer(e, 1, 100000, &config.maxConnections);
                } else if (e.key == QLatin1String("max_connections_per_ip")) {
                    file.integer(e, 0, 100000, &config.maxConnectionsPerIp);
                } else if (e.key == QLatin1String("header_memory")) {
                    qint64 size = 0;
                    if (!parseSize(e.value, &size) || size < 4096 || size > 1024 * 1024)
                        file.fail(e.line, QStringLiteral("header_memory must be 4k..1M, not \"%1\"")
                                              .arg(e.value));
                    else
                        config.headerMemory = int(size);
                } else if (e.key == QLatin1String("connection_timeout")) {
                    file.integer(e, 1, 3600, &config.connectionTimeoutS);
                } else if (e.key == QLatin1String("header_timeout")) {
                    file.integer(e, 1, 3600, &config.headerTimeoutS);
                } else if (e.key == QLatin1String("body_timeout")) {
                    file.integer(e, 1, 3600, &config.bodyTimeoutS);
                } else if (e.key == QLatin1String("body_memory")) {
                    qint64 size = 0;
                    if (!parseSize(e.value, &size) || size < 1024 * 1024 ||
                        size > qint64(16) * 1024 * 1024 * 1024)
                        file.fail(e.line,
                                  QStringLiteral("body_memory must be 1M..16384M, not \"%1\"")
                                      .arg(e.value));
                    else
                        config.bodyMemory = size;
                } else if (e.key == QLatin1String("threads")) {
                    file.integer(e, 1, 64, &config.threads);
                } else if (e.key == QLatin1String("writers")) {
                    file.integer(e, 1, 16, &config.writers);
                } else if (e.key == QLatin1String("group_max")) {
                    file.integer(e, 1, 1000, &config.groupMax);
                } else if (e.key == QLatin1String("queue_limit")) {
                    file.integer(e, 1, 1000000, &config.queueLimit);
                } else if (e.key == QLatin1String("statement_timeout_ms")) {
                    file.integer(e, 100, 600000, &config.statementTimeoutMs);
                } else if (e.key == QLatin1String("retry_after")) {
                    file.integer(e, 1, 3600, &config.retryAfterS);
                } else if (e.key == QLatin1String("shutdown_timeout")) {
                    file.integer(e, 1, 600, &config.shutdownTimeoutS);
                } else if (e.key == QLatin1String("trusted_proxies")) {
                    for (const QString &cidr : splitList(e.value)) {
                        if (!config.trustedProxies.add(cidr, &error))
                            file.fail(e.line, error);
                    }
                } else {
                    file.fail(e.line,
                              QStringLiteral("unknown key \"%1\" in [receiver]").arg(e.key));
                }
            }
            continue;
        }
        if (section.kind != QLatin1String("source"))
            continue; // already reported by the parser
        SourceConfig source;
        source.line = section.line;
        source.rules.source = section.name;
        if (!sourceNameValid(section.name))
            file.fail(section.line, QStringLiteral("the source name must be 1..64 characters"));
        for (const SourceConfig &other : config.sources) {
            if (other.rules.source == section.name)
                file.fail(section.line,
                          QStringLiteral("source \"%1\" is already defined on line %2")
                              .arg(section.name)
                              .arg(other.line));
        }
        QHash<QString, int> seen;
        const QStringList repeatable = {QStringLiteral("secret_file"), QStringLiteral("secret_env"),
                                        QStringLiteral("allow_networks")};
        for (const ConfigEntry &e : section.entries) {
            if (!repeatable.contains(e.key))
                file.refuseRepeat(e, &seen);
            QString error;
            if (e.key == QLatin1String("path")) {
                source.path = e.value.toUtf8();
                while (source.path.size() > 1 && source.path.endsWith('/'))
                    source.path.chop(1);
                if (!source.path.startsWith('/') || source.path.size() < 2 ||
                    source.path.contains('?') || source.path.contains(' '))
                    file.fail(e.line, QStringLiteral("path must start with '/' and name a path "
                                                     "(no '?', no spaces), not \"%1\"")
                                          .arg(e.value));
            } else if (e.key == QLatin1String("adapter")) {
                source.rules.adapter = e.value;
            } else if (e.key == QLatin1String("secret_file")) {
                QByteArray secret;
                if (readSecretFile(file.dir(), e.value, &secret, &error))
                    source.rules.secrets.append(secret);
                else
                    file.fail(e.line, error);
            } else if (e.key == QLatin1String("secret_env")) {
                const QByteArray name = e.value.toLocal8Bit();
                QByteArray secret = qgetenv(name.constData());
                if (secret.endsWith('\n'))
                    secret.chop(1);
                if (secret.isEmpty())
                    file.fail(e.line, QStringLiteral("the environment variable %1 is not set or "
                                                     "empty")
                                          .arg(e.value));
                else
                    source.rules.secrets.append(secret);
            } else if (e.key == QLatin1String("key_fields")) {
                source.rules.keyFields = splitList(e.value);
            } else if (e.key == QLatin1String("fingerprint_fields")) {
                source.rules.fingerprintFields = splitList(e.value);
            } else if (e.key == QLatin1String("fallback_key")) {
                source.rules.fallbackKey = e.value;
            } else if (e.key == QLatin1String("tolerance")) {
                file.integer(e, 1, 86400, &source.rules.toleranceSeconds);
            } else if (e.key == QLatin1String("body_limit")) {
                if (!parseSize(e.value, &source.bodyLimit) || source.bodyLimit < 1 ||
                    source.bodyLimit > 64 * 1024 * 1024)
                    file.fail(e.line,
                              QStringLiteral("body_limit must be 1..64M, not \"%1\"").arg(e.value));
            } else if (e.key == QLatin1String("allow_networks")) {
                for (const QString &cidr : splitList(e.value)) {
                    if (!source.networks.add(cidr, &error))
                        file.fail(e.line, error);
                }
            } else {
                file.fail(
                    e.line,
                    QStringLiteral("unknown key \"%1\" in [source %2]").arg(e.key, section.name));
            }
        }
        if (source.path.isEmpty())
            file.fail(section.line, QStringLiteral("source \"%1\" has no path").arg(section.name));
        if (source.rules.adapter.isEmpty()) {
            file.fail(section.line, QStringLiteral("source \"%1\" has no adapter (one of: %2)")
                                        .arg(section.name, ::receiver::knownAdapters().join(
                                                               QStringLiteral(", "))));
        } else {
            const QString problem = ::receiver::checkRules(source.rules);
            if (!problem.isEmpty())
                file.fail(section.line,
                          QStringLiteral("source \"%1\": %2").arg(section.name, problem));
        }
        // YooKassa signs nothing: its networks are the only thing that tells it apart.
        if (source.rules.adapter == QLatin1String("yookassa") && source.networks.isEmpty())
            file.fail(section.line, QStringLiteral("source \"%1\": the yookassa adapter needs "
                                                   "allow_networks (YooKassa's published ranges)")
                                        .arg(section.name));
        source.takesPathRest = adapterTakesPathRest(source.rules.adapter);
        for (const SourceConfig &other : config.sources) {
            if (!source.path.isEmpty() && other.path == source.path)
                file.fail(section.line,
                          QStringLiteral("path %1 is already source \"%2\"'s (line %3)")
                              .arg(QString::fromUtf8(source.path), other.rules.source)
                              .arg(other.line));
        }
        config.sources.append(source);
    }
    if (!sawListen)
        errors->append(QStringLiteral("%1: [receiver] needs listen = address:port").arg(path));
    if (config.sources.isEmpty())
        errors->append(
            QStringLiteral("%1: no [source NAME] section: nothing would be received").arg(path));
    if (sawListen && config.metricsListen.text == config.listen.text &&
        !config.listen.text.endsWith(QLatin1String(":0")))
        errors->append(QStringLiteral("%1: metrics_listen must differ from listen").arg(path));
    for (const SourceConfig &source : config.sources) {
        if (source.bodyLimit > config.bodyMemory)
            errors->append(QStringLiteral("%1: source \"%2\"'s body_limit is above body_memory "
                                          "(no such body could ever be buffered)")
                               .arg(path, source.rules.source));
    }
    if (!isIpv4Loopback(config.metricsListen))
        warnings->append(QStringLiteral("metrics_listen %1 is not loopback: /metrics and "
                                        "/readyz can be read from the network")
                             .arg(config.metricsListen.text));
    if (!errors->isEmpty())
        return std::nullopt;
    return config;
}

const SourceConfig *ReceiverConfig::route(const QByteArray &requestPath, QByteArray *rest) const
{
    rest->clear();
    QByteArray path = requestPath;
    while (path.size() > 1 && path.endsWith('/'))
        path.chop(1);
    for (const SourceConfig &source : sources) {
        if (source.path == path)
            return &source;
    }
    for (const SourceConfig &source : sources) {
        if (source.takesPathRest && path.startsWith(source.path + '/')) {
            *rest = path.mid(source.path.size() + 1);
            return &source;
        }
    }
    return nullptr;
}

} // namespace inbox::front
