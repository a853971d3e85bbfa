#pragma once

#include <QDir>
#include <QString>
#include <QTemporaryDir>

class PgCluster;

// A hot standby of a test's primary: a base backup with the standby's settings
// (pg_basebackup -R, streaming replication), a second postmaster on its own socket directory and
// port. Stopped (immediate) by the destructor. For the tests of failover and of reading from a
// standby.
class Standby final
{
public:
    explicit Standby(int port = 5433) : m_port(port) {}
    ~Standby();
    Q_DISABLE_COPY_MOVE(Standby)

    bool start(const PgCluster &primary, QString *error);
    // Shutdown mode as pg_ctl names it; startAgain() starts the same data directory again.
    bool stop(const QString &mode, QString *error);
    bool startAgain(QString *error);
    bool promote(QString *error);

    int port() const { return m_port; }
    QString socketDir() const { return m_dir.path(); }
    QString dataDir() const { return m_dir.filePath(QStringLiteral("data")); }
    QString conninfo(const QString &db) const;

private:
    int m_port;
    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/inbox-standby-XXXXXX")};
    bool m_started = false;
};
