#include "nodepeers.h"

#include "db/pgconnection.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>

#include <libpq-fe.h>

#include <cstdio>

namespace bench {

namespace {

constexpr int kNodeMajor = 20;

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

NodePeers::NodePeers(const QString &dir)
    : m_dir(dir), m_node(QStandardPaths::findExecutable(QStringLiteral("node"))),
      m_npm(QStandardPaths::findExecutable(QStringLiteral("npm")))
{}

QString NodePeers::missing() const
{
    QStringList absent;
    if (m_node.isEmpty()) {
        absent << QStringLiteral("node");
    } else {
        // pg-boss 10 needs Node 20 (Debian 12's own nodejs is 18).
        const QString version = nodeVersion();
        if (version.mid(1).section(QLatin1Char('.'), 0, 0).toInt() < kNodeMajor)
            absent << QStringLiteral("node %1 or newer (found %2)").arg(kNodeMajor).arg(version);
    }
    if (m_npm.isEmpty())
        absent << QStringLiteral("npm");
    if (!QFileInfo::exists(m_dir + QStringLiteral("/package.json")) ||
        !QFileInfo::exists(m_dir + QStringLiteral("/peers.js")))
        absent << QStringLiteral("%1/package.json and peers.js (--peers-dir)").arg(m_dir);
    return absent.isEmpty() ? QString() : absent.join(QStringLiteral(", "));
}

QString NodePeers::nodeVersion() const
{
    QProcess p;
    p.start(m_node, {QStringLiteral("--version")});
    if (!p.waitForFinished(10000))
        return QStringLiteral("?");
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

bool NodePeers::installed() const
{
    const QJsonObject wanted = readJson(m_dir + QStringLiteral("/package.json"))
                                   .value(QStringLiteral("dependencies"))
                                   .toObject();
    if (wanted.isEmpty())
        return false;
    for (auto it = wanted.begin(); it != wanted.end(); ++it) {
        const QJsonObject have =
            readJson(QStringLiteral("%1/node_modules/%2/package.json").arg(m_dir, it.key()));
        if (have.value(QStringLiteral("version")).toString() != it.value().toString())
            return false;
    }
    return true;
}

bool NodePeers::install(QString *error)
{
    if (installed())
        return true;
    std::fprintf(stderr, "  npm ci into %s ...\n", qPrintable(m_dir));
    QProcess p;
    // npm's report goes to our stderr: stdout is the benchmark's report.
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(m_npm, {QStringLiteral("ci"), QStringLiteral("--prefix"), m_dir,
                    QStringLiteral("--no-audit"), QStringLiteral("--no-fund")});
    if (!p.waitForFinished(600000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("npm ci in %1 failed (exit %2)").arg(m_dir).arg(p.exitCode());
        return false;
    }
    if (!installed()) {
        *error =
            QStringLiteral("npm ci in %1 did not install the versions of package.json").arg(m_dir);
        return false;
    }
    return true;
}

bool NodePeers::run(const inbox::PgConnection &admin, const QStringList &args, QJsonObject *out,
                    QString *error, int timeoutS) const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    pg_conn *c = admin.raw();
    const auto setFrom = [&](const char *name, const char *value) {
        if (value && *value)
            env.insert(QString::fromLatin1(name), QString::fromUtf8(value));
        else
            env.remove(QString::fromLatin1(name));
    };
    setFrom("PGHOST", PQhost(c));
    setFrom("PGPORT", PQport(c));
    setFrom("PGUSER", PQuser(c));
    setFrom("PGPASSWORD", PQpass(c));
    env.remove(QStringLiteral("DATABASE_URL"));
    env.insert(QStringLiteral("PGAPPNAME"), QStringLiteral("inbox-bench peers"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(m_dir);
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.setReadChannel(QProcess::StandardOutput);
    p.start(m_node, QStringList{QDir(m_dir).filePath(QStringLiteral("peers.js"))} + args);
    if (!p.waitForFinished(timeoutS * 1000)) {
        p.kill();
        p.waitForFinished(5000);
        *error =
            QStringLiteral("node peers.js %1: no answer in %2 s").arg(args.value(0)).arg(timeoutS);
        return false;
    }
    const QByteArray err = p.readAllStandardError();
    if (!err.isEmpty())
        std::fprintf(stderr, "%s", err.constData());
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("node peers.js %1 failed (exit %2)")
                     .arg(args.value(0))
                     .arg(p.exitCode());
        return false;
    }
    const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(lines.last(), &pe);
    if (!doc.isObject()) {
        *error =
            QStringLiteral("node peers.js %1: not JSON: %2").arg(args.value(0), pe.errorString());
        return false;
    }
    *out = doc.object();
    return true;
}

} // namespace bench
