// The receiver's refusals reach the database's counters (inbox.refusals, docs/contract.md
// §4.15): bad tokens, bodies over the limit and unknown paths sent as raw requests are counted
// per source and reason with their status, the unknown paths in one bucket whatever the path;
// counted while the database is away and written once it is back; written at SIGTERM before
// the receiver exits, without waiting for the next flush.
#include "databasetestcase.h"
#include "httpclient.h"
#include "receiverprocess.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QTest>

namespace {
const QString kLogin = QStringLiteral("rr_ingest");
const QByteArray kToken = "tg-Refusal_token-9";

QByteArray telegram(qint64 updateId, const QByteArray &text = "hi")
{
    return "{\"update_id\":" + QByteArray::number(updateId) + ",\"message\":{\"text\":\"" + text +
           "\"}}";
}
} // namespace

class TestReceiverRefusals final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestReceiverRefusals() : DatabaseTestCase{{kLogin, {QStringLiteral("inbox_ingest")}}} {}

private:
    void startReceiver(ReceiverProcess &receiver)
    {
        receiver.writeFile(QStringLiteral("tg.secret"), kToken + "\n", 0600);
        const QByteArray config =
            ReceiverProcess::config(m_db.conninfo(kLogin), {},
                                    "[source tg]\npath = /hooks/tg\nadapter = telegram\n"
                                    "secret_file = tg.secret\nbody_limit = 1k\n");
        QVERIFY_RECEIVER_READY(receiver, config);
    }

    static int send(const ReceiverProcess &receiver, const QByteArray &path, const QByteArray &body,
                    const QByteArray &token)
    {
        return HttpClient::exchange(receiver.port(),
                                    HttpClient::post(path, body,
                                                     {{"Content-Type", "application/json"},
                                                      {"X-Telegram-Bot-Api-Secret-Token", token}}))
            .status;
    }

    // Today's rows as "source/reason=n@status", in key order; "!error" when unreadable.
    QString rows()
    {
        const PgResult r = m_db.su().exec(QStringLiteral(
            "SELECT coalesce(string_agg(source || '/' || reason || '=' || n || '@' || "
            "last_status, ' ' ORDER BY source, reason), '') FROM inbox.refusals "
            "WHERE day = (now() AT TIME ZONE 'UTC')::date"));
        return r.ok ? r.value(0, 0) : QStringLiteral("!") + r.message;
    }

    // Polls the table until it reads `want` (the receiver writes every 2 s).
    bool waitRows(const QString &want, int timeoutMs = 15000)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (!deadline.hasExpired()) {
            if (rows() == want)
                return true;
            QTest::qWait(100);
        }
        return rows() == want;
    }

private slots:
    void refusalsAreCountedInTheDatabase()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        QCOMPARE(send(receiver, "/hooks/tg", telegram(1), "wrong"), 401);
        QCOMPARE(send(receiver, "/hooks/tg", telegram(2), "wrong-again"), 401);
        QCOMPARE(send(receiver, "/hooks/tg", telegram(3, QByteArray(2000, 'x')), kToken), 413);
        QCOMPARE(send(receiver, "/hooks/tg", "{\"message\":{}}", kToken), 400);
        // Scanner paths: every one in the same bucket, none of them stored.
        for (const QByteArray &path : {QByteArray("/wp-login.php"), QByteArray("/.env"),
                                       QByteArray("/hooks/tg/extra"), QByteArray("/a/b/c?x=1")})
            QCOMPARE(send(receiver, path, "{}", QByteArray()), 404);
        QCOMPARE(HttpClient::get(receiver.port(), "/hooks/tg").status, 405);
        QCOMPARE(send(receiver, "/hooks/tg", telegram(4), kToken), 200); // not a refusal
        QVERIFY2(waitRows(QStringLiteral("(unknown path)/unknown_path=4@404 "
                                         "tg/bad_token=2@401 tg/body_limit=1@413 "
                                         "tg/method_not_allowed=1@405 tg/no_key=1@400")),
                 qPrintable(rows() + QLatin1Char('\n') + QString::fromUtf8(receiver.log())));
        const PgResult paths = m_db.su().exec(QStringLiteral(
            "SELECT count(*) FROM inbox.refusals WHERE source LIKE '%/%' OR reason LIKE '%/%'"));
        QVERIFY_SQL(paths);
        QCOMPARE(paths.value(0, 0), QStringLiteral("0"));

        // Later refusals add to the same rows.
        QCOMPARE(send(receiver, "/hooks/tg", telegram(5), "wrong"), 401);
        QVERIFY2(waitRows(QStringLiteral("(unknown path)/unknown_path=4@404 "
                                         "tg/bad_token=3@401 tg/body_limit=1@413 "
                                         "tg/method_not_allowed=1@405 tg/no_key=1@400")),
                 qPrintable(rows()));
    }

    void countedWhileTheDatabaseIsAwayAndWrittenWhenItIsBack()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        QString error;
        QVERIFY2(m_db.cluster().stopServer(QStringLiteral("fast"), &error), qPrintable(error));
        QVERIFY2(receiver.waitUnready(), receiver.log().constData());
        QCOMPARE(send(receiver, "/hooks/tg", telegram(10), "wrong"), 401);
        QCOMPARE(send(receiver, "/nowhere", "{}", QByteArray()), 404);
        QCOMPARE(send(receiver, "/hooks/tg", telegram(11), kToken), 503);
        // Longer than a few flush intervals with the database away: the counts must survive
        // the failed flushes.
        QTest::qWait(5000);
        QVERIFY2(m_db.cluster().startServer(&error), qPrintable(error));
        QVERIFY2(waitRows(QStringLiteral("(unknown path)/unknown_path=1@404 "
                                         "tg/bad_token=1@401 tg/unavailable=1@503"),
                          20000),
                 qPrintable(rows() + QLatin1Char('\n') + QString::fromUtf8(receiver.log())));
    }

    // The writer's tries to reconnect back off to at most a second: after a long outage the
    // 503s stop within about a second of the database's return. Before, the back-off had
    // grown to 5 s (tries at 6.2 s and 11.2 s of a 12 s outage) and senders kept getting 503
    // for 3 to 4 s after the server was back.
    void writerIsBackWithinASecondOfTheDatabase()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        QString error;
        QVERIFY2(m_db.cluster().stopServer(QStringLiteral("fast"), &error), qPrintable(error));
        QVERIFY2(receiver.waitUnready(), receiver.log().constData());
        QTest::qWait(12000); // long enough for a 5 s back-off to have been reached
        QVERIFY2(m_db.cluster().startServer(&error), qPrintable(error));
        // The server answers (our own session connects); from now on the clock runs.
        QElapsedTimer timer;
        timer.start();
        PgSession probe(m_db.conninfo());
        QVERIFY2(probe.ok(), qPrintable(probe.error()));
        QVERIFY2(receiver.waitReady(10000), receiver.log().constData());
        const qint64 backAfterMs = timer.elapsed();
        qInfo("the writer was back %lld ms after the database", backAfterMs);
        QVERIFY2(backAfterMs < 2000, qPrintable(QStringLiteral("the writer came back %1 ms after "
                                                               "the database")
                                                    .arg(backAfterMs)));
        QCOMPARE(send(receiver, "/hooks/tg", telegram(20), kToken), 200);
    }

    void sigtermWritesWhatIsCounted()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        // Let one flush pass with nothing to write, then refuse and stop at once.
        QTest::qWait(2100);
        QCOMPARE(send(receiver, "/hooks/tg", telegram(20), "wrong"), 401);
        QCOMPARE(send(receiver, "/hooks/tg", telegram(21), "wrong"), 401);
        receiver.terminate();
        int code = -2;
        QVERIFY2(receiver.waitExit(15000, &code), receiver.log().constData());
        QCOMPARE(code, 0);
        QCOMPARE(rows(), QStringLiteral("tg/bad_token=2@401"));
    }
};

QTEST_GUILESS_MAIN(TestReceiverRefusals)
#include "tst_receiverrefusals.moc"
