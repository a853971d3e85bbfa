#include "standby.h"

#include "pgcluster.h"

#include <QDir>
#include <QFile>

Standby::~Standby()
{
    QString ignored;
    if (m_started)
        stop(QStringLiteral("immediate"), &ignored);
}

bool Standby::start(const PgCluster &primary, QString *error)
{
    if (!PgCluster::giveToPostgres(m_dir.path(), error))
        return false;
    if (!PgCluster::runTool(QStringLiteral("pg_basebackup"),
                            {QStringLiteral("-D"), dataDir(), QStringLiteral("-R"),
                             QStringLiteral("-h"), primary.socketDir(), QStringLiteral("-U"),
                             QStringLiteral("postgres"), QStringLiteral("-X"),
                             QStringLiteral("stream"), QStringLiteral("-c"),
                             QStringLiteral("fast")},
                            error))
        return false;
    return startAgain(error);
}

bool Standby::startAgain(QString *error)
{
    const QString options =
        QStringLiteral("-c listen_addresses='' -c unix_socket_directories='%1' -c port=%2 "
                       "-c fsync=off -c hot_standby=on -c max_connections=120")
            .arg(socketDir())
            .arg(m_port);
    const QString logFile = m_dir.filePath(QStringLiteral("server.log"));
    if (!PgCluster::runTool(QStringLiteral("pg_ctl"),
                            {QStringLiteral("-D"), dataDir(), QStringLiteral("-o"), options,
                             QStringLiteral("-l"), logFile, QStringLiteral("-w"),
                             QStringLiteral("start")},
                            error)) {
        QFile log(logFile);
        if (log.open(QIODevice::ReadOnly))
            *error += QString::fromUtf8(log.readAll().right(2000));
        return false;
    }
    m_started = true;
    return true;
}

bool Standby::stop(const QString &mode, QString *error)
{
    const bool stopped = PgCluster::runTool(QStringLiteral("pg_ctl"),
                                            {QStringLiteral("-D"), dataDir(), QStringLiteral("-m"),
                                             mode, QStringLiteral("-w"), QStringLiteral("stop")},
                                            error);
    if (stopped)
        m_started = false;
    return stopped;
}

bool Standby::promote(QString *error)
{
    return PgCluster::runTool(
        QStringLiteral("pg_ctl"),
        {QStringLiteral("-D"), dataDir(), QStringLiteral("-w"), QStringLiteral("promote")}, error);
}

QString Standby::conninfo(const QString &db) const
{
    return QStringLiteral("host='%1' port=%2 dbname='%3' user=postgres")
        .arg(socketDir())
        .arg(m_port)
        .arg(db);
}
