// Connect failures told apart (connectproblem.h) and saved profiles that never keep a
// password (connectionprofiles.h), without a database.
#include "db/connectproblem.h"
#include "settings/connectionprofiles.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using inbox::ConnectFacts;
using inbox::ConnectProblem;

class TestConnectProblem : public QObject
{
    Q_OBJECT

private slots:
    void sqlstateFromVerboseText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("rest");
        QTest::newRow("password")
            << QStringLiteral(
                   "connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: FATAL:  28P01: "
                   "password authentication failed for user \"pat\"\nLOCATION:  auth_failed, "
                   "auth.c:335")
            << QStringLiteral("28P01")
            << QStringLiteral("connection to server on socket \"/tmp/x/.s.PGSQL.5432\" "
                              "failed: FATAL:  password authentication failed for user "
                              "\"pat\"");
        QTest::newRow("russian server")
            << QStringLiteral(
                   "подключиться к серверу через сокет \"/tmp/x\" не удалось: ВАЖНО:  3D000: база "
                   "данных \"nope\" не существует\nПОЛОЖЕНИЕ:  InitPostgres, postinit.c:885")
            << QStringLiteral("3D000")
            << QStringLiteral("подключиться к серверу через сокет \"/tmp/x\" не "
                              "удалось: ВАЖНО:  база данных \"nope\" не "
                              "существует");
        QTest::newRow("client side")
            << QStringLiteral("connection to server on socket \"/nonexistent/.s.PGSQL.5432\" "
                              "failed: No such file "
                              "or directory\n\tIs the server running locally?")
            << QString()
            << QStringLiteral("connection to server on socket "
                              "\"/nonexistent/.s.PGSQL.5432\" failed: No such file "
                              "or directory\n\tIs the server running locally?");
    }

    void sqlstateFromVerboseText()
    {
        QFETCH(QString, text);
        QFETCH(QString, state);
        QFETCH(QString, rest);
        QCOMPARE(inbox::takeSqlstate(&text), state);
        QCOMPARE(text, rest);
    }

    void classify_data()
    {
        QTest::addColumn<QString>("state");
        QTest::addColumn<bool>("needsPassword");
        QTest::addColumn<bool>("reached");
        QTest::addColumn<bool>("cancelled");
        QTest::addColumn<int>("problem");
        QTest::newRow("no password")
            << QString() << true << true << false << int(ConnectProblem::PasswordNeeded);
        QTest::newRow("wrong password") << QStringLiteral("28P01") << false << true << false
                                        << int(ConnectProblem::PasswordRejected);
        QTest::newRow("no hba entry")
            << QStringLiteral("28000") << false << true << false << int(ConnectProblem::NotAllowed);
        QTest::newRow("no database") << QStringLiteral("3D000") << false << true << false
                                     << int(ConnectProblem::DatabaseMissing);
        QTest::newRow("starting up")
            << QStringLiteral("57P03") << false << true << false << int(ConnectProblem::ServerBusy);
        QTest::newRow("too many") << QStringLiteral("53300") << false << true << false
                                  << int(ConnectProblem::ServerBusy);
        QTest::newRow("nobody there")
            << QString() << false << false << false << int(ConnectProblem::Unreachable);
        QTest::newRow("tls refused")
            << QString() << false << true << false << int(ConnectProblem::Other);
        QTest::newRow("cancelled")
            << QString() << false << false << true << int(ConnectProblem::Cancelled);
    }

    void classify()
    {
        QFETCH(QString, state);
        QFETCH(bool, needsPassword);
        QFETCH(bool, reached);
        QFETCH(bool, cancelled);
        QFETCH(int, problem);
        ConnectFacts facts;
        facts.sqlstate = state;
        facts.needsPassword = needsPassword;
        facts.reachedServer = reached;
        facts.cancelled = cancelled;
        QCOMPARE(int(inbox::classifyConnectFailure(facts)), problem);
    }

    void stripPassword_data()
    {
        QTest::addColumn<QString>("conninfo");
        QTest::addColumn<bool>("removed");
        QTest::addColumn<QString>("password");
        QTest::newRow("none") << QStringLiteral("host=db dbname=inbox user=al") << false
                              << QString();
        QTest::newRow("key=value") << QStringLiteral("host=db password='se cr\\'et' dbname=inbox")
                                   << true << QStringLiteral("se cr'et");
        QTest::newRow("uri") << QStringLiteral("postgresql://bob:pw123@db.example:5433/inbox")
                             << true << QStringLiteral("pw123");
        QTest::newRow("service") << QStringLiteral("service=inbox") << false << QString();
    }

    void stripPassword()
    {
        QFETCH(QString, conninfo);
        QFETCH(bool, removed);
        QFETCH(QString, password);
        bool wasRemoved = !removed;
        QString taken;
        const std::optional<QString> clean = inbox::stripPassword(conninfo, &wasRemoved, &taken);
        QVERIFY(clean);
        QCOMPARE(wasRemoved, removed);
        QCOMPARE(taken, password);
        if (removed) {
            QVERIFY2(!clean->contains(password), qPrintable(*clean));
            QVERIFY2(!clean->contains(QStringLiteral("password")), qPrintable(*clean));
            QVERIFY2(clean->contains(QStringLiteral("db")), qPrintable(*clean));
        } else {
            QCOMPARE(*clean, conninfo); // kept as typed
        }
    }

    void profilesNeverStorePasswords()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("settings.ini"));
        {
            QSettings settings(file, QSettings::IniFormat);
            inbox::ConnectionProfiles profiles(&settings);
            const auto saved = profiles.save(QStringLiteral(" prod "),
                                             QStringLiteral("host=db user=al password=hunter2"));
            QVERIFY(saved.ok);
            QVERIFY(saved.passwordRemoved);
            QCOMPARE(saved.password, QStringLiteral("hunter2"));
            QVERIFY(profiles.save(QStringLiteral("local"), QStringLiteral("service=inbox")).ok);
            QVERIFY(!profiles.save(QString(), QStringLiteral("host=x")).ok);
            QVERIFY(!profiles.save(QStringLiteral("bad"), QStringLiteral("host=x nonsense=1")).ok);
            profiles.setLastUsed(QStringLiteral("prod"));
        }
        QFile raw(file);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        const QByteArray text = raw.readAll();
        QVERIFY2(!text.contains("hunter2"), text.constData());
        QVERIFY2(text.contains("service=inbox"), text.constData());

        QSettings settings(file, QSettings::IniFormat);
        inbox::ConnectionProfiles profiles(&settings);
        const auto all = profiles.profiles();
        QCOMPARE(all.size(), 2);
        QCOMPARE(all.at(0).name, QStringLiteral("local"));
        QCOMPARE(all.at(1).name, QStringLiteral("prod"));
        QCOMPARE(profiles.lastUsed(), QStringLiteral("prod"));
        // Replacing keeps one profile of that name.
        QVERIFY(profiles.save(QStringLiteral("prod"), QStringLiteral("host=db2")).ok);
        QCOMPARE(profiles.profiles().size(), 2);
        QCOMPARE(profiles.find(QStringLiteral("prod"))->conninfo, QStringLiteral("host=db2"));
        QVERIFY(profiles.remove(QStringLiteral("prod")));
        QVERIFY(!profiles.remove(QStringLiteral("prod")));
        QCOMPARE(profiles.profiles().size(), 1);
        QCOMPARE(profiles.lastUsed(), QString());
    }

    // A password put into the file by hand is not handed on.
    void handEditedPasswordIsDropped()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("settings.ini"));
        {
            QSettings settings(file, QSettings::IniFormat);
            settings.beginGroup(QStringLiteral("connect"));
            settings.beginWriteArray(QStringLiteral("profiles"), 1);
            settings.setArrayIndex(0);
            settings.setValue(QStringLiteral("name"), QStringLiteral("x"));
            settings.setValue(QStringLiteral("conninfo"), QStringLiteral("host=h password=p4ss"));
            settings.endArray();
            settings.endGroup();
        }
        QSettings settings(file, QSettings::IniFormat);
        inbox::ConnectionProfiles profiles(&settings);
        QCOMPARE(profiles.profiles().size(), 1);
        QVERIFY(!profiles.profiles().first().conninfo.contains(QStringLiteral("p4ss")));
    }
};

QTEST_APPLESS_MAIN(TestConnectProblem)
#include "tst_connectproblem.moc"
