// sslmode=verify-full against a server whose certificate comes from a CA the test makes: the
// console's connection is encrypted and the certificate verified; a certificate from another
// CA, or one that does not name the host connected to, is refused with libpq's reason.
#include "db/connectproblem.h"
#include "db/database.h"
#include "db/serverinfo.h"
#include "db/sessionworker.h"
#include "pgcluster.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QTemporaryDir>
#include <QtTest>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

// A TCP port nobody listens on right now (the kernel's pick for port 0).
int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof addr;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&addr), size) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &size) == 0)
        port = ntohs(addr.sin_port);
    ::close(fd);
    return port;
}

bool run(const QString &program, const QStringList &args, QString *error)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = program + QLatin1Char(' ') + args.join(QLatin1Char(' ')) + QStringLiteral(": ") +
                 QString::fromLocal8Bit(p.readAll()) + p.errorString();
        return false;
    }
    return true;
}

} // namespace

class TestTls final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        const QString openssl = QStringLiteral("openssl");
        // Our CA, another CA, and a server certificate from ours naming only "localhost".
        for (const QString &ca : {QStringLiteral("ca"), QStringLiteral("other")})
            QVERIFY2(run(openssl,
                         {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                          QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                          QStringLiteral("-keyout"), path(ca + QStringLiteral(".key")),
                          QStringLiteral("-out"), path(ca + QStringLiteral(".crt")),
                          QStringLiteral("-subj"), QStringLiteral("/CN=inbox test ") + ca,
                          QStringLiteral("-days"), QStringLiteral("2")},
                         &error),
                     qPrintable(error));
        QVERIFY2(run(openssl,
                     {QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                      QStringLiteral("-nodes"), QStringLiteral("-keyout"),
                      path(QStringLiteral("server.key")), QStringLiteral("-out"),
                      path(QStringLiteral("server.csr")), QStringLiteral("-subj"),
                      QStringLiteral("/CN=localhost")},
                     &error),
                 qPrintable(error));
        QFile ext(path(QStringLiteral("ext.cnf")));
        QVERIFY(ext.open(QIODevice::WriteOnly));
        ext.write("subjectAltName=DNS:localhost\n");
        ext.close();
        QVERIFY2(run(openssl,
                     {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"),
                      path(QStringLiteral("server.csr")), QStringLiteral("-CA"),
                      path(QStringLiteral("ca.crt")), QStringLiteral("-CAkey"),
                      path(QStringLiteral("ca.key")), QStringLiteral("-CAcreateserial"),
                      QStringLiteral("-out"), path(QStringLiteral("server.crt")),
                      QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-extfile"),
                      path(QStringLiteral("ext.cnf"))},
                     &error),
                 qPrintable(error));

        const int port = freePort();
        QVERIFY(port > 0);
        m_cluster.listenOnLocalhost(port);
        QVERIFY2(m_cluster.start(&error), qPrintable(error));
        // The server's certificate and key in its data directory, owned by the server's user.
        for (const QString &f : {QStringLiteral("server.crt"), QStringLiteral("server.key")}) {
            const QString target = m_cluster.dataDir() + QLatin1Char('/') + f;
            QVERIFY(QFile::copy(path(f), target));
            QVERIFY(
                QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
            if (::getuid() == 0)
                QVERIFY2(
                    run(QStringLiteral("chown"), {QStringLiteral("postgres:"), target}, &error),
                    qPrintable(error));
        }
        QVERIFY2(m_cluster.execAsSuperuser(QStringLiteral("postgres"),
                                           QStringLiteral("ALTER SYSTEM SET ssl = on"), &error),
                 qPrintable(error));
        QVERIFY2(m_cluster.restart(QStringLiteral("fast"), &error), qPrintable(error));
        m_db = m_cluster.createDatabase(&error);
        QVERIFY2(!m_db.isEmpty(), qPrintable(error));
    }

    void verifyFullIsEncryptedAndVerified()
    {
        inbox::DbError error;
        QVERIFY2(open(QStringLiteral("localhost"), QStringLiteral("verify-full"),
                      QStringLiteral("ca.crt"), &error),
                 qPrintable(error.oneLine()));
        const auto info = inbox::readServerInfo(
            inbox::nativeConnection(QSqlDatabase::database(QStringLiteral("tls"), false)), &error);
        QVERIFY2(info, qPrintable(error.oneLine()));
        QVERIFY(info->encrypted);
        QCOMPARE(info->sslMode, QStringLiteral("verify-full"));
        QVERIFY2(info->sslVersion.startsWith(QStringLiteral("TLS")), qPrintable(info->sslVersion));
        QCOMPARE(info->schemaVersion, info->programSchemaVersion);
        inbox::closeDatabase(QStringLiteral("tls"));
    }

    void certificateOfAnotherCaIsRefused()
    {
        verifyRefused(QStringLiteral("localhost"), QStringLiteral("other.crt"),
                      QStringLiteral("certificate verify failed"));
    }

    // The certificate names "localhost", not 127.0.0.1: verify-full refuses, verify-ca (the
    // CA checked, the name not) accepts, so the difference is the host-name check alone.
    void hostNameMismatchIsRefusedByVerifyFullOnly()
    {
        verifyRefused(QStringLiteral("127.0.0.1"), QStringLiteral("ca.crt"),
                      QStringLiteral("does not match host name"));
        if (QTest::currentTestFailed())
            return;
        inbox::DbError error;
        QVERIFY2(open(QStringLiteral("127.0.0.1"), QStringLiteral("verify-ca"),
                      QStringLiteral("ca.crt"), &error),
                 qPrintable(error.oneLine()));
        inbox::closeDatabase(QStringLiteral("tls"));
    }

    // What the connect screen is told: a certificate problem, not "could not connect", and
    // libpq's reason in the details. A wrong password stays a password problem.
    void certificateFailuresAreClassified_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("rootCert");
        QTest::addColumn<QString>("reason");
        QTest::newRow("another CA") << QStringLiteral("localhost") << QStringLiteral("other.crt")
                                    << QStringLiteral("certificate verify failed");
        QTest::newRow("host name") << QStringLiteral("127.0.0.1") << QStringLiteral("ca.crt")
                                   << QStringLiteral("does not match host name");
        QTest::newRow("no root file")
            << QStringLiteral("localhost") << QStringLiteral("missing.crt")
            << QStringLiteral("does not exist");
    }

    void certificateFailuresAreClassified()
    {
        QFETCH(QString, host);
        QFETCH(QString, rootCert);
        QFETCH(QString, reason);
        const auto [error, problem] = attempt(host, rootCert);
        QCOMPARE(problem, inbox::ConnectProblem::Certificate);
        QVERIFY2(error.oneLine().contains(reason), qPrintable(error.oneLine()));
        QVERIFY(error.sqlstate.isEmpty()); // the server was never asked

        // The same verification passing, and another kind of failure, are not certificates.
        QCOMPARE(attempt(QStringLiteral("localhost"), QStringLiteral("ca.crt")).second,
                 inbox::ConnectProblem::None);
        QCOMPARE(attempt(QStringLiteral("localhost"), QStringLiteral("ca.crt"),
                         QStringLiteral("no_such_db"))
                     .second,
                 inbox::ConnectProblem::DatabaseMissing);
    }

    void cleanupTestCase() { m_cluster.stop(); }

private:
    QString path(const QString &name) const { return m_dir.filePath(name); }

    // The server listens on 127.0.0.1 only. hostaddr pins that address, so the test does not
    // depend on how "localhost" resolves (::1 first on some roots, or through DNS where there
    // is no /etc/hosts), while host= stays the name verify-full checks the certificate for.
    QString server(const QString &host) const
    {
        return QStringLiteral("host=%1 hostaddr=127.0.0.1 port=%2")
            .arg(host)
            .arg(m_cluster.tcpPort());
    }

    bool open(const QString &host, const QString &sslmode, const QString &rootCert,
              inbox::DbError *error)
    {
        inbox::ConnectOptions o;
        o.conninfo = QStringLiteral("%1 dbname=%2 user=postgres sslmode=%3 sslrootcert='%4'")
                         .arg(server(host), m_db, sslmode, path(rootCert));
        return inbox::openDatabase(QStringLiteral("tls"), o, error);
    }

    // A verify-full connection to `host` with `rootCert` is refused with `reason` in libpq's
    // message.
    void verifyRefused(const QString &host, const QString &rootCert, const QString &reason)
    {
        inbox::DbError error;
        QVERIFY(!open(host, QStringLiteral("verify-full"), rootCert, &error));
        QVERIFY2(error.message.contains(reason), qPrintable(error.oneLine()));
    }

    // One attempt as the console's session makes it: the error and its classification.
    std::pair<inbox::DbError, inbox::ConnectProblem>
    attempt(const QString &host, const QString &rootCert, const QString &db = QString())
    {
        auto latest = std::make_shared<std::atomic<quint64>>(1);
        inbox::SessionWorker worker(latest);
        QSignalSpy failed(&worker, &inbox::SessionWorker::openFailed);
        inbox::ConnectOptions o;
        o.conninfo =
            QStringLiteral("%1 dbname=%2 user=postgres sslmode=verify-full sslrootcert='%3'")
                .arg(server(host), db.isEmpty() ? m_db : db, path(rootCert));
        worker.open(o, 1); // in this thread: the signal has come when it returns
        if (failed.isEmpty())
            return {inbox::DbError(), inbox::ConnectProblem::None};
        return {failed.first().at(0).value<inbox::DbError>(),
                failed.first().at(1).value<inbox::ConnectProblem>()};
    }

    QTemporaryDir m_dir;
    PgCluster m_cluster;
    QString m_db;
};

QTEST_GUILESS_MAIN(TestTls)
#include "tst_tls.moc"
