// Help > Copy diagnostics: the report names the program and carries the end of the log, and
// never a password, whether it came in the connection string, a URI or a log line.
#include "db/migrator.h"
#include "support/diagnostics.h"
#include "support/logging.h"

#include <QTemporaryDir>
#include <QtTest>

#include <spdlog/spdlog.h>

using namespace inbox;

class TestDiagnostics : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void scrubsPasswords_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("secret");
        QTest::newRow("key=value") << "host=db password=hunter2 user=a"
                                   << "hunter2";
        QTest::newRow("quoted") << "password='hunter 2' dbname=x"
                                << "hunter 2";
        QTest::newRow("upper") << "PGPASSWORD=hunter2"
                               << "hunter2";
        QTest::newRow("json") << R"({"user": "a", "password": "hunter2"})"
                              << "hunter2";
        QTest::newRow("uri") << "postgresql://alice:hunter2@db:5432/inbox"
                             << "hunter2";
    }

    void scrubsPasswords()
    {
        QFETCH(QString, text);
        QFETCH(QString, secret);
        const QString scrubbed = scrubSecrets(text);
        QVERIFY2(!scrubbed.contains(secret), qPrintable(scrubbed));
        QVERIFY2(scrubbed.contains(QStringLiteral("***")), qPrintable(scrubbed));
    }

    void keepsOrdinaryText()
    {
        const QString line = QStringLiteral("2026-11-29 12:00:00.000 info  [ui] connected to "
                                            "alice@db:5432/inbox");
        QCOMPARE(scrubSecrets(line), line);
    }

    void readsTheLastLines()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath(QStringLiteral("x.log")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        // Bigger than what is read from the end, so the cut line must be dropped.
        for (int i = 0; i < 20000; ++i)
            file.write(QStringLiteral("line %1 with some padding text\n").arg(i).toUtf8());
        file.close();
        const QStringList tail = readLastLines(file.fileName(), 200);
        QCOMPARE(tail.size(), 200);
        QCOMPARE(tail.first(), QStringLiteral("line 19800 with some padding text"));
        QCOMPARE(tail.last(), QStringLiteral("line 19999 with some padding text"));
        QCOMPARE(readLastLines(file.fileName(), 3).size(), 3);
        QVERIFY(readLastLines(dir.filePath(QStringLiteral("missing.log")), 10).isEmpty());
    }

    // The whole path: the real log file set up by setupLogging, a logged line, the report.
    void reportHasVersionAndLogTailButNoPassword()
    {
        const QString path = setupLogging(QStringLiteral("tst_diagnostics"), false);
        QVERIFY(!path.isEmpty());
        QCOMPARE(logFilePath(), path);
        // The user's own place, never a fixed path in the shared /tmp that another user's
        // run would own (issue 30, point 23).
        QVERIFY2(path.startsWith(QDir::homePath() + QLatin1Char('/')), qPrintable(path));
        QVERIFY2(!path.startsWith(QDir::tempPath() + QLatin1Char('/')), qPrintable(path));
        const QString marker = QStringLiteral("marker-%1").arg(QDateTime::currentMSecsSinceEpoch());
        logger("ui")->info("diagnostics test {}", marker.toStdString());
        // A careless line, as if some library had logged a connection string.
        logger("ui")->warn("opening host=db password=leaked-in-log dbname=inbox");
        flushLogs();

        DiagnosticsFacts f = basicDiagnosticsFacts();
        f.programSchemaVersion = Migrator::latestVersion();
        f.connected = true;
        f.conninfo = QStringLiteral("host=db.example.com dbname=inbox user=alice "
                                    "password=s3cret-conninfo sslmode=require");
        f.server.host = QStringLiteral("db.example.com");
        f.server.port = QStringLiteral("5432");
        f.server.database = QStringLiteral("inbox");
        f.server.user = QStringLiteral("alice");
        f.server.sslMode = QStringLiteral("require");
        f.server.serverVersion = QStringLiteral("15.18");
        f.server.schemaVersion = 9;
        f.server.roles = {QStringLiteral("inbox_operator"), QStringLiteral("inbox_support")};
        f.logPath = logFilePath();
        f.logTail = readLastLines(f.logPath, 200);
        const QString text = diagnosticsText(f);

        QVERIFY(text.contains(
            QStringLiteral("Program version: %1").arg(QStringLiteral(INBOX_VERSION))));
        QVERIFY(text.contains(QString::fromLatin1(qVersion())));
        QVERIFY(text.contains(QStringLiteral("schema version %1").arg(Migrator::latestVersion())));
        QVERIFY(text.contains(QStringLiteral("inbox_operator, inbox_support")));
        QVERIFY2(text.contains(QStringLiteral("sslmode='require'")), qPrintable(text));
        QVERIFY(text.contains(path));
        QVERIFY2(text.contains(marker), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("s3cret-conninfo")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("leaked-in-log")), qPrintable(text));
    }

    void uriPasswordLeftOut()
    {
        DiagnosticsFacts f = basicDiagnosticsFacts();
        f.conninfo = QStringLiteral("postgresql://bob:uri-secret@localhost:5433/orders");
        const QString text = diagnosticsText(f);
        QVERIFY(text.contains(QStringLiteral("Connection: not connected")));
        QVERIFY2(text.contains(QStringLiteral("user='bob'")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("uri-secret")), qPrintable(text));
        // Unparsable strings are scrubbed as text.
        f.conninfo = QStringLiteral("host=x password=unparsable-secret 'broken");
        const QString broken = diagnosticsText(f);
        QVERIFY2(!broken.contains(QStringLiteral("unparsable-secret")), qPrintable(broken));
    }
};

QTEST_GUILESS_MAIN(TestDiagnostics)
#include "tst_diagnostics.moc"
