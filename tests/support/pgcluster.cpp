#include "pgcluster.h"

#include "db/migrator.h"
#include "pgsession.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QThread>

#include <libpq-fe.h>

#include <pwd.h>
#include <unistd.h>

namespace {

bool runningAsRoot()
{
    return ::geteuid() == 0;
}

// Gives a path to the postgres OS user, so a server started as that user may write there.
bool chownToPostgres(const QString &path, QString *error)
{
    const passwd *pw = ::getpwnam("postgres");
    if (!pw) {
        if (error)
            *error = QStringLiteral("running as root but there is no 'postgres' OS user");
        return false;
    }
    if (::chown(QFile::encodeName(path).constData(), pw->pw_uid, pw->pw_gid) != 0) {
        if (error)
            *error = QStringLiteral("cannot chown %1 to postgres").arg(path);
        return false;
    }
    return true;
}

QString tail(const QString &file, int lines)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QStringList all = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    return all.mid(qMax(0, all.size() - lines)).join(QLatin1Char('\n'));
}

} // namespace

PgCluster::~PgCluster()
{
    stop();
}

QString PgCluster::binDir()
{
    const QString fromEnv = qEnvironmentVariable("INBOX_PG_BINDIR");
    if (!fromEnv.isEmpty())
        return fromEnv;
    // Debian keeps server binaries out of PATH, one folder per major version: take the newest.
    QDir lib(QStringLiteral("/usr/lib/postgresql"));
    QStringList versions = lib.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(versions.begin(), versions.end(),
              [](const QString &a, const QString &b) { return a.toInt() > b.toInt(); });
    for (const QString &v : versions) {
        const QString dir = lib.filePath(v + QStringLiteral("/bin"));
        if (QFile::exists(dir + QStringLiteral("/initdb")))
            return dir;
    }
    return {};
}

bool PgCluster::giveToPostgres(const QString &path, QString *error)
{
    return !runningAsRoot() || chownToPostgres(path, error);
}

bool PgCluster::runTool(const QString &tool, const QStringList &args, QString *error, int timeoutMs)
{
    const QString program = QDir(binDir()).filePath(tool);
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (runningAsRoot()) {
        p.start(QStringLiteral("runuser"),
                QStringList{QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--"),
                            program} +
                    args);
    } else {
        p.start(program, args);
    }
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit ||
        p.exitCode() != 0) {
        if (error) {
            *error = QStringLiteral("%1 failed: %2 %3")
                         .arg(tool, QString::fromUtf8(p.readAll()).trimmed(), p.errorString());
        }
        p.kill();
        p.waitForFinished(1000);
        return false;
    }
    return true;
}

bool PgCluster::start(QString *error)
{
    if (binDir().isEmpty()) {
        if (error)
            *error = QStringLiteral("PostgreSQL server binaries not found (install postgresql "
                                    "or set INBOX_PG_BINDIR)");
        return false;
    }
    m_dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/inbox-pg-XXXXXX"));
    if (!m_dir->isValid()) {
        if (error)
            *error = QStringLiteral("cannot create a temporary directory");
        return false;
    }
    m_socketDir = m_dir->path();
    m_dataDir = m_dir->path() + QStringLiteral("/data");
    m_logFile = m_dir->path() + QStringLiteral("/server.log");
    if (!giveToPostgres(m_dir->path(), error))
        return false;

    if (!runTool(QStringLiteral("initdb"),
                 {QStringLiteral("-D"), m_dataDir, QStringLiteral("-A"), QStringLiteral("trust"),
                  QStringLiteral("-U"), QStringLiteral("postgres"), QStringLiteral("-E"),
                  QStringLiteral("UTF8"), QStringLiteral("--locale=C.UTF-8"), QStringLiteral("-N")},
                 error, 120000))
        return false;
    if (!startServer(error))
        return false;

    // The template: every migration applied by the program's own migrator.
    if (!execAsSuperuser(QStringLiteral("postgres"),
                         QStringLiteral("CREATE DATABASE inbox_template"), error))
        return false;
    {
        PgSession s(conninfo(QStringLiteral("inbox_template")));
        if (!s.ok()) {
            if (error)
                *error = s.error();
            return false;
        }
        inbox::DbError dbError;
        if (!inbox::Migrator::apply(s.raw(), &dbError)) {
            if (error)
                *error = dbError.oneLine();
            return false;
        }
    }
    return true;
}

bool PgCluster::startServer(QString *error)
{
    QString options =
        QStringLiteral("-c listen_addresses='%2' -c unix_socket_directories='%1' -c fsync=off "
                       "-c synchronous_commit=off -c full_page_writes=off -c max_connections=120")
            .arg(m_socketDir, m_tcpPort ? QStringLiteral("127.0.0.1") : QString());
    if (m_tcpPort)
        options += QStringLiteral(" -c port=%1").arg(m_tcpPort);
    if (!runTool(QStringLiteral("pg_ctl"),
                 {QStringLiteral("-D"), m_dataDir, QStringLiteral("-o"), options,
                  QStringLiteral("-l"), m_logFile, QStringLiteral("-w"), QStringLiteral("-t"),
                  QStringLiteral("60"), QStringLiteral("start")},
                 error, 90000)) {
        if (error)
            *error += QLatin1Char('\n') + tail(m_logFile, 20);
        return false;
    }
    m_running = true;
    return true;
}

bool PgCluster::stopServer(const QString &mode, QString *error)
{
    if (!m_running)
        return true;
    const bool ok =
        runTool(QStringLiteral("pg_ctl"),
                {QStringLiteral("-D"), m_dataDir, QStringLiteral("-m"), mode, QStringLiteral("-w"),
                 QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("stop")},
                error, 90000);
    if (ok)
        m_running = false;
    return ok;
}

bool PgCluster::restart(const QString &mode, QString *error)
{
    return stopServer(mode, error) && startServer(error);
}

void PgCluster::stop()
{
    if (!m_dir)
        return;
    QString ignored;
    if (m_running && !stopServer(QStringLiteral("fast"), &ignored))
        stopServer(QStringLiteral("immediate"), &ignored);
    m_dir.reset(); // removes the directory
}

QString PgCluster::conninfo(const QString &db, const QString &user) const
{
    QString text = QStringLiteral("host='%1' dbname='%2' user='%3'").arg(m_socketDir, db, user);
    if (m_tcpPort)
        text += QStringLiteral(" port=%1").arg(m_tcpPort);
    return text;
}

bool PgCluster::execAsSuperuser(const QString &db, const QString &sql, QString *error)
{
    PgSession s(conninfo(db));
    if (!s.ok()) {
        if (error)
            *error = s.error();
        return false;
    }
    const PgResult r = s.exec(sql);
    if (!r.ok && error)
        *error = r.message;
    return r.ok;
}

QString PgCluster::createDatabase(QString *error)
{
    const QString name = QStringLiteral("t%1").arg(++m_databases);
    if (!execAsSuperuser(QStringLiteral("postgres"),
                         QStringLiteral("CREATE DATABASE %1 TEMPLATE inbox_template").arg(name),
                         error))
        return {};
    return name;
}

bool PgCluster::createLogin(const QString &name, const QStringList &groups, QString *error)
{
    static const QRegularExpression identifier(QStringLiteral("^[a-z_][a-z0-9_]*$"));
    if (!identifier.match(name).hasMatch()) {
        if (error)
            *error = QStringLiteral("bad role name %1").arg(name);
        return false;
    }
    QString sql = QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname "
                                 "= '%1') THEN CREATE ROLE %1 LOGIN; END IF; END $$;")
                      .arg(name);
    for (const QString &g : groups) {
        if (!identifier.match(g).hasMatch()) {
            if (error)
                *error = QStringLiteral("bad role name %1").arg(g);
            return false;
        }
        sql += QStringLiteral("GRANT %1 TO %2;").arg(g, name);
    }
    return execAsSuperuser(QStringLiteral("postgres"), sql, error);
}

bool PgCluster::requirePassword(const QString &role, const QString &password, QString *error)
{
    static const QRegularExpression identifier(QStringLiteral("^[a-z_][a-z0-9_]*$"));
    if (!identifier.match(role).hasMatch()) {
        if (error)
            *error = QStringLiteral("bad role name %1").arg(role);
        return false;
    }
    QString literal = password;
    literal.replace(QLatin1Char('\''), QStringLiteral("''"));
    if (!execAsSuperuser(QStringLiteral("postgres"),
                         QStringLiteral("SET password_encryption = 'scram-sha-256'; "
                                        "ALTER ROLE %1 PASSWORD '%2'")
                             .arg(role, literal),
                         error))
        return false;

    // pg_hba.conf: first match wins, so the role's line goes before initdb's trust lines.
    QFile hba(m_dataDir + QStringLiteral("/pg_hba.conf"));
    if (!hba.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("cannot read %1").arg(hba.fileName());
        return false;
    }
    const QByteArray before = hba.readAll();
    hba.close();
    const QByteArray line = "local all " + role.toLatin1() + " scram-sha-256\n";
    if (!before.contains(line)) {
        // Rewritten in place, so the file keeps its owner (postgres) when we run as root.
        if (!hba.open(QIODevice::WriteOnly | QIODevice::Truncate) || hba.write(line + before) < 0) {
            if (error)
                *error = QStringLiteral("cannot write %1").arg(hba.fileName());
            return false;
        }
        hba.close();
    }
    if (!execAsSuperuser(QStringLiteral("postgres"), QStringLiteral("SELECT pg_reload_conf()"),
                         error))
        return false;
    // The postmaster reloads on its own time: wait until the role is asked for a password.
    const QByteArray probe =
        conninfo(QStringLiteral("postgres"), role).toUtf8() + " passfile=/nonexistent/pgpass";
    for (int i = 0; i < 100; ++i) {
        PGconn *c = PQconnectdb(probe.constData());
        const bool asked = PQstatus(c) != CONNECTION_OK && PQconnectionNeedsPassword(c);
        PQfinish(c);
        if (asked)
            return true;
        QThread::msleep(50);
    }
    if (error)
        *error = QStringLiteral("the server did not start asking %1 for a password").arg(role);
    return false;
}
