// The receiver's configuration as an operator writes it: every mistake is found before
// anything listens, named by file:line, with exit code 2; secrets are checked and never shown.
#include "receiverprocess.h"

#include <QTest>

class TestReceiverConfig final : public QObject
{
    Q_OBJECT

private:
    static QByteArray base()
    {
        return "[receiver]\n"               // 1
               "listen = 127.0.0.1:8080\n"  // 2
               "database = dbname=inbox\n"  // 3
               "[source tg]\n"              // 4
               "path = /hooks/telegram\n"   // 5
               "adapter = telegram\n"       // 6
               "secret_file = tg.secret\n"; // 7
    }

private slots:
    void validFileChecksOk()
    {
        ReceiverProcess receiver;
        receiver.writeFile(QStringLiteral("tg.secret"), "token-1\n", 0600);
        QString output;
        QCOMPARE(receiver.checkConfig(base(), &output), 0);
        QVERIFY2(output.contains(QStringLiteral("ok, 1 sources: tg /hooks/telegram")),
                 qPrintable(output));
    }

    void errorsNameFileAndLineAndExit2_data()
    {
        QTest::addColumn<QByteArray>("extra");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown key") << QByteArray("colour = blue\n")
                                     << QStringLiteral("check.conf:8: unknown key \"colour\"");
        QTest::newRow("no equals") << QByteArray("body_limit\n")
                                   << QStringLiteral("check.conf:8: expected \"key = value\"");
        QTest::newRow("bad size") << QByteArray("body_limit = lots\n")
                                  << QStringLiteral("check.conf:8: body_limit must be");
        QTest::newRow("bad network")
            << QByteArray("allow_networks = 10.0.0.0/33\n")
            << QStringLiteral("check.conf:8: \"10.0.0.0/33\": the prefix length must be 0..32");
        QTest::newRow("repeated key") << QByteArray("path = /again\n")
                                      << QStringLiteral("check.conf:8: path is already set on "
                                                        "line 5");
        QTest::newRow("unknown adapter")
            << QByteArray("[source x]\npath = /x\nadapter = carrier-pigeon\n")
            << QStringLiteral("check.conf:8: source \"x\": unknown adapter \"carrier-pigeon\"");
        QTest::newRow("same path") << QByteArray("[source y]\npath = /hooks/telegram\nadapter = "
                                                 "json\nkey_fields = id\n")
                                   << QStringLiteral("check.conf:8: path /hooks/telegram is "
                                                     "already source \"tg\"'s (line 4)");
        QTest::newRow("json without key")
            << QByteArray("[source z]\npath = /z\nadapter = json\n")
            << QStringLiteral("check.conf:8: source \"z\": the json adapter needs key_fields");
        QTest::newRow("yookassa without networks")
            << QByteArray("[source yk]\npath = /yk\nadapter = yookassa\n")
            << QStringLiteral("check.conf:8: source \"yk\": the yookassa adapter needs "
                              "allow_networks");
        QTest::newRow("missing secret file")
            << QByteArray("secret_file = nowhere.secret\n")
            << QStringLiteral("check.conf:8: cannot read the secret file");
        QTest::newRow("unset environment")
            << QByteArray("secret_env = INBOX_TEST_NOT_SET_ANYWHERE\n")
            << QStringLiteral("check.conf:8: the environment variable "
                              "INBOX_TEST_NOT_SET_ANYWHERE is not set");
        QTest::newRow("second receiver section")
            << QByteArray("[receiver]\n")
            << QStringLiteral("check.conf:8: a second [receiver] section");
        QTest::newRow("bad section")
            << QByteArray("[sauce tg2]\n") << QStringLiteral("check.conf:8: unknown section");
    }

    void errorsNameFileAndLineAndExit2()
    {
        QFETCH(QByteArray, extra);
        QFETCH(QString, expected);
        ReceiverProcess receiver;
        receiver.writeFile(QStringLiteral("tg.secret"), "token-1\n", 0600);
        QString output;
        QCOMPARE(receiver.checkConfig(base() + extra, &output), 2);
        QVERIFY2(output.contains(expected), qPrintable(output));
        QVERIFY(!output.contains(QStringLiteral("token-1")));
    }

    void passwordInConninfoIsRefused()
    {
        ReceiverProcess receiver;
        receiver.writeFile(QStringLiteral("tg.secret"), "token-1\n", 0600);
        QByteArray config = base();
        config.replace("database = dbname=inbox", "database = dbname=inbox password=hunter2");
        QString output;
        QCOMPARE(receiver.checkConfig(config, &output), 2);
        QVERIFY2(output.contains(QStringLiteral("check.conf:3: database must not hold a password")),
                 qPrintable(output));
        QVERIFY(!output.contains(QStringLiteral("hunter2")));
    }

    void worldReadableSecretIsRefused()
    {
        ReceiverProcess receiver;
        receiver.writeFile(QStringLiteral("tg.secret"), "token-1\n", 0644);
        QString output;
        QCOMPARE(receiver.checkConfig(base(), &output), 2);
        QVERIFY2(output.contains(QStringLiteral("check.conf:7: the secret file")) &&
                     output.contains(QStringLiteral("is readable by every user")),
                 qPrintable(output));
        QVERIFY(!output.contains(QStringLiteral("token-1")));
    }

    void missingListenAndSourcesAreNamed()
    {
        ReceiverProcess receiver;
        QString output;
        QCOMPARE(receiver.checkConfig("[receiver]\ndatabase = dbname=inbox\n", &output), 2);
        QVERIFY2(output.contains(QStringLiteral("[receiver] needs listen")), qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("no [source NAME] section")), qPrintable(output));
    }

    void serveRefusesABadFileBeforeListening()
    {
        ReceiverProcess receiver;
        QString error;
        QVERIFY(!receiver.start("[receiver]\nlisten = 127.0.0.1:0\nmetrics_listen = "
                                "127.0.0.1:0\n[source a]\npath = /a\nadapter = json\n",
                                &error, 10000));
        int code = 0;
        QVERIFY(receiver.waitExit(5000, &code));
        QCOMPARE(code, 2);
        QVERIFY2(receiver.log().contains("receiver.conf:4: source \"a\""),
                 receiver.log().constData());
        QVERIFY(!receiver.log().contains("listening"));
    }
};

QTEST_GUILESS_MAIN(TestReceiverConfig)
#include "tst_receiverconfig.moc"
