// The connect screen, driven as a person would: type a connection string, press Enter, read
// what the window says. The database work happens on the session thread; the test only waits
// for the labels, so a blocked GUI thread would show up as a timeout.
#include "testsettings.h"

#include "connection/connectionpage.h"
#include "db/consolecontext.h"
#include "db/migrator.h"
#include "db/session.h"
#include "pgcluster.h"
#include "settings/connectionprofiles.h"
#include "support/logging.h"
#include "window/mainwindow.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

class TestConnectionPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        TestSettings::isolate(QStringLiteral("tst_connectionpage"));
        QSettings().clear();
        // The real log file (in the test state directory), started afresh: one test reads it.
        const QString program =
            QStringLiteral("tst_connectionpage-%1").arg(QCoreApplication::applicationPid());
        m_logFile = inbox::setupLogging(program, false);
        QVERIFY2(!m_logFile.isEmpty(), "the log file could not be opened");
        // No ~/.pgpass of the machine's user may answer for the test's roles.
        qputenv("PGPASSFILE", QByteArray("/nonexistent/pgpass"));
        QVERIFY_CLUSTER_STARTED(m_cluster);
        QVERIFY_LOGIN(m_cluster, QStringLiteral("support_sam"), {QStringLiteral("inbox_support")});
    }

    void showsUserRolesAndSchema()
    {
        inbox::MainWindow window;
        window.show();
        const QString db = m_cluster.createDatabase();
        auto *conninfo = window.findChild<QLineEdit *>(QStringLiteral("conninfo"));
        QVERIFY(conninfo);
        conninfo->setText(m_cluster.conninfo(db, QStringLiteral("support_sam")));
        QTest::keyClick(conninfo, Qt::Key_Return);

        auto *user = window.findChild<QLabel *>(QStringLiteral("user"));
        auto *roles = window.findChild<QLabel *>(QStringLiteral("roles"));
        auto *schema = window.findChild<QLabel *>(QStringLiteral("schema"));
        QTRY_COMPARE_WITH_TIMEOUT(user->text(), QStringLiteral("support_sam"), 10000);
        QCOMPARE(roles->text(), QStringLiteral("inbox_support"));
        QVERIFY2(schema->text().startsWith(QString::number(inbox::Migrator::latestVersion())),
                 qPrintable(schema->text()));
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("migrate"))->isHidden());
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("error"))->isHidden());
        QVERIFY(window.session()->info().hasRole(QStringLiteral("inbox_support")));
        QVERIFY(!window.session()->info().mayRequeue());
    }

    void offersAndAppliesPendingMigrations()
    {
        QString error;
        QVERIFY2(m_cluster.execAsSuperuser(QStringLiteral("postgres"),
                                           QStringLiteral("CREATE DATABASE bare"), &error),
                 qPrintable(error));
        inbox::MainWindow window;
        window.show();
        window.connectTo(m_cluster.conninfo(QStringLiteral("bare")));
        auto *migrate = window.findChild<QPushButton *>(QStringLiteral("migrate"));
        auto *schema = window.findChild<QLabel *>(QStringLiteral("schema"));
        QTRY_VERIFY_WITH_TIMEOUT(!migrate->isHidden(), 10000);
        QVERIFY(migrate->text().contains(QString::number(inbox::Migrator::latestVersion())));

        QSignalSpy migrated(window.session(), &inbox::Session::migrated);
        QTest::mouseClick(migrate, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(migrated.count(), 1, 30000);
        QVERIFY(migrate->isHidden());
        QVERIFY2(schema->text().contains(QString::number(inbox::Migrator::latestVersion())),
                 qPrintable(schema->text()));
        QCOMPARE(window.session()->info().schemaVersion, inbox::Migrator::latestVersion());
    }

    void unreachableServerIsAClearMessage()
    {
        inbox::MainWindow window;
        window.show();
        window.connectTo(QStringLiteral("host=/nonexistent-dir dbname=x connect_timeout=2"));
        auto *error = window.findChild<QLabel *>(QStringLiteral("error"));
        QTRY_VERIFY_WITH_TIMEOUT(!error->isHidden(), 10000);
        QVERIFY2(error->text().contains(QStringLiteral("/nonexistent-dir")),
                 qPrintable(error->text()));
        QVERIFY(!window.session()->isOpen());
        // The window stays usable: the connect button is enabled again.
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("connect"))->isEnabled());
    }

    void badConnectionStringIsRefusedBeforeConnecting()
    {
        inbox::MainWindow window;
        window.connectTo(QStringLiteral("host=x no_such_option=1"));
        auto *error = window.findChild<QLabel *>(QStringLiteral("error"));
        QTRY_VERIFY_WITH_TIMEOUT(!error->isHidden(), 10000);
        QVERIFY2(error->text().contains(QStringLiteral("no_such_option")),
                 qPrintable(error->text()));
    }

    // What the last failed attempt was classified as.
    static inbox::ConnectProblem lastProblem(const QSignalSpy &spy)
    {
        return spy.isEmpty() ? inbox::ConnectProblem::None
                             : spy.last().at(1).value<inbox::ConnectProblem>();
    }

    // A support login that must give `password`.
    void passwordLogin(const QString &login, const QString &password)
    {
        QString error;
        QVERIFY_LOGIN(m_cluster, login, {QStringLiteral("inbox_support")});
        QVERIFY2(m_cluster.requirePassword(login, password, &error), qPrintable(error));
    }

    // A connection to `conninfo` fails once, classified as `problem`, and the window's error
    // says `words`.
    static void verifyFailsAs(const QString &conninfo, inbox::ConnectProblem problem,
                              const QString &words)
    {
        inbox::MainWindow window;
        QSignalSpy failed(window.session(), &inbox::Session::openFailed);
        window.connectTo(conninfo);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
        QCOMPARE(lastProblem(failed), problem);
        auto *error = window.findChild<QLabel *>(QStringLiteral("error"));
        QVERIFY2(error->text().contains(words), qPrintable(error->text()));
    }

    void unreachableIsClassified()
    {
        verifyFailsAs(QStringLiteral("host=/nonexistent-dir dbname=x connect_timeout=2"),
                      inbox::ConnectProblem::Unreachable, QStringLiteral("server is running"));
    }

    void missingDatabaseIsNamed()
    {
        verifyFailsAs(m_cluster.conninfo(QStringLiteral("no_such_db")),
                      inbox::ConnectProblem::DatabaseMissing, QStringLiteral("\"no_such_db\""));
    }

    // A role that must give a password: asked for, refused when wrong, accepted when right;
    // and found in a pgpass file without typing.
    void passwordAskedRefusedAndAccepted()
    {
        const QString secret = QStringLiteral("right 'one'");
        passwordLogin(QStringLiteral("pw_pat"), secret);
        if (QTest::currentTestFailed())
            return;
        const QString db = m_cluster.createDatabase();

        inbox::MainWindow window;
        window.show();
        QSignalSpy failed(window.session(), &inbox::Session::openFailed);
        auto *password = window.findChild<QLineEdit *>(QStringLiteral("password"));
        auto *errorLabel = window.findChild<QLabel *>(QStringLiteral("error"));
        auto *user = window.findChild<QLabel *>(QStringLiteral("user"));

        window.connectTo(m_cluster.conninfo(db, QStringLiteral("pw_pat")));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
        QCOMPARE(lastProblem(failed), inbox::ConnectProblem::PasswordNeeded);
        QVERIFY2(errorLabel->text().contains(QStringLiteral("Type it in the Password box")),
                 qPrintable(errorLabel->text()));
        QCOMPARE(window.focusWidget(), password);

        password->setText(QStringLiteral("wrong"));
        QTest::keyClick(password, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 10000);
        QCOMPARE(lastProblem(failed), inbox::ConnectProblem::PasswordRejected);
        QVERIFY2(errorLabel->text().contains(QStringLiteral("refused the password")),
                 qPrintable(errorLabel->text()));
        QCOMPARE(failed.last().at(0).value<inbox::DbError>().sqlstate, QStringLiteral("28P01"));
        QVERIFY(!window.session()->isOpen());

        password->setText(secret);
        QTest::keyClick(password, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(user->text(), QStringLiteral("pw_pat"), 10000);
        QVERIFY(errorLabel->isHidden());
        QTRY_VERIFY_WITH_TIMEOUT(window.context()->isConnected(), 5000);
        // The screens' connections get the password too (in memory).
        QCOMPARE(window.context()->options().password, secret);

        // A pgpass file answers instead of the person.
        QTemporaryDir dir;
        const QString passfile = dir.filePath(QStringLiteral("pgpass"));
        QFile f(passfile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("*:*:*:pw_pat:" + secret.toUtf8() + "\n");
        f.close();
        QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        inbox::MainWindow second;
        QSignalSpy opened(second.session(), &inbox::Session::opened);
        second.connectTo(m_cluster.conninfo(db, QStringLiteral("pw_pat")) +
                         QStringLiteral(" passfile='%1'").arg(passfile));
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000);
        QVERIFY(second.session()->options().password.isEmpty());
    }

    // A password in the connection string, typed, or wrong never reaches the log file (the
    // settings file: profilesAreSavedWithoutPassword).
    void passwordNeverReachesTheLog()
    {
        const QString secret = QStringLiteral("Tr0ub4dor-log-secret");
        passwordLogin(QStringLiteral("pw_log"), secret);
        if (QTest::currentTestFailed())
            return;
        const QString db = m_cluster.createDatabase();
        const QString conninfo = m_cluster.conninfo(db, QStringLiteral("pw_log"));

        inbox::MainWindow wrong;
        QSignalSpy failed(wrong.session(), &inbox::Session::openFailed);
        wrong.connectTo(conninfo + QStringLiteral(" password='Xyzzy-wrong-secret'"));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);

        inbox::MainWindow inString;
        QSignalSpy opened(inString.session(), &inbox::Session::opened);
        inString.connectTo(conninfo + QStringLiteral(" password='%1'").arg(secret));
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000);

        inbox::MainWindow typed;
        typed.show();
        QSignalSpy typedFailed(typed.session(), &inbox::Session::openFailed);
        typed.connectTo(conninfo);
        QTRY_COMPARE_WITH_TIMEOUT(typedFailed.count(), 1, 10000);
        auto *password = typed.findChild<QLineEdit *>(QStringLiteral("password"));
        password->setText(secret);
        QSignalSpy typedOpened(typed.session(), &inbox::Session::opened);
        QTest::keyClick(password, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(typedOpened.count(), 1, 10000);

        inbox::flushLogs();
        QFile log(m_logFile);
        QVERIFY2(log.open(QIODevice::ReadOnly), qPrintable(m_logFile));
        const QByteArray text = log.readAll();
        // The sessions were logged (so the file is the right one and a leak would show)...
        QVERIFY2(text.contains("connected as pw_log"), text.constData());
        QVERIFY2(text.contains("connect failed"), text.constData());
        // ...and no password with them.
        QVERIFY2(!text.contains(secret.toUtf8()), text.constData());
        QVERIFY2(!text.contains("Xyzzy"), text.constData());
        QVERIFY2(!text.contains("password="), text.constData());
    }

    // Profiles keep the connection string, never the password; the settings file proves it.
    void profilesAreSavedWithoutPassword()
    {
        {
            inbox::MainWindow window;
            window.show();
            auto *profile = window.findChild<QComboBox *>(QStringLiteral("profile"));
            auto *conninfo = window.findChild<QLineEdit *>(QStringLiteral("conninfo"));
            auto *password = window.findChild<QLineEdit *>(QStringLiteral("password"));
            auto *save = window.findChild<QPushButton *>(QStringLiteral("saveProfile"));
            auto *notice = window.findChild<QLabel *>(QStringLiteral("notice"));
            QVERIFY(profile && conninfo && password && save && notice);

            profile->setEditText(QStringLiteral("production"));
            conninfo->setText(QStringLiteral("host=db.example.com dbname=inbox user=alice "
                                             "password=hunter2 sslmode=verify-full"));
            QTest::mouseClick(save, Qt::LeftButton);
            QVERIFY2(!notice->isHidden(),
                     qPrintable(window.findChild<QLabel *>(QStringLiteral("error"))->text()));
            QVERIFY2(notice->text().contains(QStringLiteral("WITHOUT the password")),
                     qPrintable(notice->text()));
            QVERIFY(!conninfo->text().contains(QStringLiteral("hunter2")));
            QCOMPARE(password->text(), QStringLiteral("hunter2")); // kept in memory only

            profile->setEditText(QStringLiteral("staging"));
            conninfo->setText(QStringLiteral("postgresql://bob:pw123@staging.example/inbox"));
            QTest::mouseClick(save, Qt::LeftButton);
            profile->setEditText(QStringLiteral("local"));
            conninfo->setText(m_cluster.conninfo(m_cluster.createDatabase()));
            QTest::mouseClick(save, Qt::LeftButton);
            QVERIFY2(notice->text().contains(QStringLiteral("saved.")), qPrintable(notice->text()));
            QCOMPARE(profile->count(), 3);

            // Connecting with a saved profile remembers it for the next start.
            QSignalSpy opened(window.session(), &inbox::Session::opened);
            window.connectionPage()->connectNow();
            QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000);
        }
        const QString file = QSettings().fileName();
        QVERIFY2(file.contains(QStringLiteral("qttest")), qPrintable(file)); // test mode
        QFile raw(file);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        const QByteArray text = raw.readAll();
        QVERIFY2(!text.contains("hunter2"), text.constData());
        QVERIFY2(!text.contains("pw123"), text.constData());
        QVERIFY2(!text.contains("password"), text.constData());
        QVERIFY2(text.contains("db.example.com"), text.constData());
        QVERIFY2(text.contains("staging.example"), text.constData());

        // The next start offers them, with the last one used already filled in.
        inbox::MainWindow window;
        window.show();
        auto *profile = window.findChild<QComboBox *>(QStringLiteral("profile"));
        auto *conninfo = window.findChild<QLineEdit *>(QStringLiteral("conninfo"));
        QCOMPARE(profile->count(), 3);
        QCOMPARE(profile->currentText(), QStringLiteral("local"));
        QVERIFY2(conninfo->text().contains(m_cluster.socketDir()), qPrintable(conninfo->text()));
        const int staging = profile->findText(QStringLiteral("staging"));
        QVERIFY(staging >= 0);
        profile->setCurrentIndex(staging);
        emit profile->activated(staging);
        QVERIFY2(conninfo->text().contains(QStringLiteral("staging.example")),
                 qPrintable(conninfo->text()));
        QTest::mouseClick(window.findChild<QPushButton *>(QStringLiteral("deleteProfile")),
                          Qt::LeftButton);
        QCOMPARE(profile->count(), 2);
        QCOMPARE(profile->findText(QStringLiteral("staging")), -1);
        QCOMPARE(inbox::ConnectionProfiles().profiles().size(), 2);
    }

    void encryptionAndAddressAreShown()
    {
        inbox::MainWindow window;
        const QString db = m_cluster.createDatabase();
        window.connectTo(m_cluster.conninfo(db) + QStringLiteral(" sslmode=disable"));
        auto *encryption = window.findChild<QLabel *>(QStringLiteral("encryption"));
        auto *address = window.findChild<QLabel *>(QStringLiteral("address"));
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->isOpen(), 10000);
        QVERIFY2(encryption->text().contains(QStringLiteral("sslmode=disable")),
                 qPrintable(encryption->text()));
        QVERIFY2(address->text().contains(m_cluster.socketDir()), qPrintable(address->text()));
        QCOMPARE(window.session()->info().sslMode, QStringLiteral("disable"));
        QVERIFY(!window.session()->info().encrypted);
        QVERIFY(window.session()->info().unixSocket);
    }

    // A database without the schema, and a user who may not create it: who must run what.
    void missingSchemaNamesWhoMayMigrate()
    {
        QString error;
        QVERIFY2(m_cluster.execAsSuperuser(QStringLiteral("postgres"),
                                           QStringLiteral("CREATE DATABASE bare_support"), &error),
                 qPrintable(error));
        inbox::MainWindow window;
        window.connectTo(
            m_cluster.conninfo(QStringLiteral("bare_support"), QStringLiteral("support_sam")));
        auto *schema = window.findChild<QLabel *>(QStringLiteral("schema"));
        auto *notice = window.findChild<QLabel *>(QStringLiteral("notice"));
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->isOpen(), 10000);
        QVERIFY2(schema->text().contains(QStringLiteral("no inbox schema")),
                 qPrintable(schema->text()));
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("migrate"))->isHidden());
        QVERIFY(!notice->isHidden());
        QVERIFY2(notice->text().contains(QStringLiteral("Ask postgres")),
                 qPrintable(notice->text()));
        QVERIFY2(notice->text().contains(QStringLiteral("inbox-console migrate")),
                 qPrintable(notice->text()));
        QVERIFY(!window.context()->isConnected()); // the screens stay closed
    }

    void newerSchemaKeepsScreensClosed()
    {
        const QString db = m_cluster.createDatabase();
        QString error;
        QVERIFY2(m_cluster.execAsSuperuser(db,
                                           QStringLiteral("INSERT INTO inbox.schema_version "
                                                          "(version, name) VALUES (999, 'future')"),
                                           &error),
                 qPrintable(error));
        inbox::MainWindow window;
        window.connectTo(m_cluster.conninfo(db, QStringLiteral("support_sam")));
        auto *schema = window.findChild<QLabel *>(QStringLiteral("schema"));
        auto *notice = window.findChild<QLabel *>(QStringLiteral("notice"));
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->isOpen(), 10000);
        QVERIFY2(schema->text().startsWith(QStringLiteral("999, newer")),
                 qPrintable(schema->text()));
        QVERIFY2(notice->text().contains(QStringLiteral("newer Inbox Console")),
                 qPrintable(notice->text()));
        QVERIFY(window.findChild<QPushButton *>(QStringLiteral("migrate"))->isHidden());
        QVERIFY(!window.context()->isConnected());
    }

    // A server that accepts the TCP connection and then says nothing: the attempt hangs until
    // the person cancels; the window stays usable and the next attempt is not held up.
    void hangingConnectCanBeCancelled()
    {
        const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
        QVERIFY(listener >= 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(listener, reinterpret_cast<sockaddr *>(&addr), sizeof addr), 0);
        QCOMPARE(::listen(listener, 4), 0);
        socklen_t len = sizeof addr;
        QCOMPARE(::getsockname(listener, reinterpret_cast<sockaddr *>(&addr), &len), 0);
        const int port = ntohs(addr.sin_port);

        inbox::MainWindow window;
        window.show();
        QSignalSpy failed(window.session(), &inbox::Session::openFailed);
        auto *cancel = window.findChild<QPushButton *>(QStringLiteral("cancelConnect"));
        auto *connectButton = window.findChild<QPushButton *>(QStringLiteral("connect"));
        window.connectTo(
            QStringLiteral("host=127.0.0.1 port=%1 dbname=x connect_timeout=60").arg(port));
        QVERIFY(!cancel->isHidden());
        QVERIFY(!connectButton->isEnabled());
        QTest::qWait(500); // the attempt is in progress, waiting for an answer
        QCOMPARE(failed.count(), 0);
        QElapsedTimer timer;
        timer.start();
        QTest::mouseClick(cancel, Qt::LeftButton);
        QCOMPARE(failed.count(), 1);
        QCOMPARE(lastProblem(failed), inbox::ConnectProblem::Cancelled);
        QVERIFY(connectButton->isEnabled());
        QVERIFY(cancel->isHidden());

        // The session thread gave up the attempt: a real connection goes through at once.
        QSignalSpy opened(window.session(), &inbox::Session::opened);
        window.connectTo(m_cluster.conninfo(m_cluster.createDatabase()));
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000);
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
        ::close(listener);
    }

    void cleanupTestCase()
    {
        QSettings().clear();
        m_cluster.stop();
    }

private:
    PgCluster m_cluster;
    QString m_logFile;
};

QTEST_MAIN(TestConnectionPage)
#include "tst_connectionpage.moc"
