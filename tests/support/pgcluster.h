#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

// A private PostgreSQL cluster for one test program: initdb + pg_ctl in a temporary
// directory, Unix socket only (no TCP port), fsync off. As root the server runs as the
// `postgres` OS user, since initdb refuses to run as root. The template database
// "inbox_template" gets every migration through the real Migrator; each test takes a fresh
// copy with createDatabase(). stop() (also run by the destructor) removes everything.
class PgCluster final
{
public:
    PgCluster() = default;
    ~PgCluster();
    Q_DISABLE_COPY_MOVE(PgCluster)

    // Optional, before start(): also listen on TCP 127.0.0.1:port (the socket then carries
    // the same port number, and conninfo() names it). For tests of TLS (sslmode=verify-full).
    void listenOnLocalhost(int port) { m_tcpPort = port; }
    int tcpPort() const { return m_tcpPort; }

    bool start(QString *error);
    void stop();
    bool isRunning() const { return m_running; }

    // Shutdown modes as pg_ctl names them: "smart", "fast", "immediate".
    bool restart(const QString &mode, QString *error);
    bool stopServer(const QString &mode, QString *error);
    bool startServer(QString *error);

    QString socketDir() const { return m_socketDir; }
    QString dataDir() const { return m_dataDir; }
    QString conninfo(const QString &db, const QString &user = QStringLiteral("postgres")) const;

    QString createDatabase(QString *error = nullptr);
    bool createLogin(const QString &name, const QStringList &groups, QString *error = nullptr);
    // Runs SQL as the superuser in the given database; false with the error on failure.
    bool execAsSuperuser(const QString &db, const QString &sql, QString *error = nullptr);
    // Optional, for tests of password handling: gives `role` (an existing LOGIN role) this
    // password and makes it log in with scram-sha-256 over the socket, by a pg_hba.conf line
    // ahead of the trust lines; every other role keeps trust. Returns once the server
    // (reloaded) asks that role for a password.
    bool requirePassword(const QString &role, const QString &password, QString *error = nullptr);

    static QString binDir();
    // Runs a server tool of binDir() (pg_ctl, pg_basebackup...), as the postgres OS user when
    // we are root; false with its output in *error when it fails or runs past timeoutMs.
    static bool runTool(const QString &tool, const QStringList &args, QString *error,
                        int timeoutMs = 120000);
    // As root: gives `path` to the postgres OS user, so a server (or pgbouncer) started as that
    // user may write there. Not root: nothing to do.
    static bool giveToPostgres(const QString &path, QString *error);

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_dataDir;
    QString m_socketDir;
    QString m_logFile;
    bool m_running = false;
    int m_databases = 0;
    int m_tcpPort = 0;
};

// For a QtTest program's initTestCase() and init(): start the cluster, or take a fresh copy of
// the migrated template into `db`; otherwise the test fails with the reason.
#define QVERIFY_CLUSTER_STARTED(cluster)                                                           \
    do {                                                                                           \
        QString clusterError_;                                                                     \
        QVERIFY2((cluster).start(&clusterError_), qPrintable(clusterError_));                      \
    } while (false)
#define QVERIFY_FRESH_DATABASE(cluster, db)                                                        \
    do {                                                                                           \
        QString clusterError_;                                                                     \
        (db) = (cluster).createDatabase(&clusterError_);                                           \
        QVERIFY2(!(db).isEmpty(), qPrintable(clusterError_));                                      \
    } while (false)
// A login in the given group roles (a braced list), or the test fails with the reason.
#define QVERIFY_LOGIN(cluster, name, ...)                                                          \
    do {                                                                                           \
        QString clusterError_;                                                                     \
        QVERIFY2((cluster).createLogin((name), __VA_ARGS__, &clusterError_),                       \
                 qPrintable(clusterError_));                                                       \
    } while (false)
