// The receiver stopped under load, both ways: SIGTERM (it stops taking connections, stores
// and answers what it holds, exits 0) and SIGKILL (no goodbye); and the database stopped and
// started again under load. Every delivery a client saw answered 200 is in inbox.events
// exactly once, byte for byte: the client-side ledger is compared with the table.
#include "databasetestcase.h"
#include "receiverprocess.h"
#include "senderload.h"

#include <QTest>
#include <QThread>

#include <mutex>

class TestReceiverLoad final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestReceiverLoad() : DatabaseTestCase{{"rcv_load", {"inbox_ingest"}}} {}

private:
    void startReceiver(ReceiverProcess &receiver)
    {
        const QByteArray config = ReceiverProcess::config(m_db.conninfo(QStringLiteral("rcv_load")),
                                                          "shutdown_timeout = 10\n",
                                                          "[source load]\n"
                                                          "path = /hooks/load\n"
                                                          "adapter = json\n"
                                                          "key_fields = id\n");
        QVERIFY_RECEIVER_READY(receiver, config);
    }

    // Every key of the ledger stored once with its exact body.
    void compareLedger(Ledger &ledger)
    {
        QVERIFY2(ledger.answered200.size() > 50,
                 qPrintable(QStringLiteral("only %1 answered 200").arg(ledger.answered200.size())));
        const PgResult rows = m_db.su().exec(QStringLiteral(
            "SELECT external_id, body, count(*) OVER (PARTITION BY external_id) FROM inbox.events "
            "WHERE source = 'load'"));
        QVERIFY_SQL(rows);
        QHash<QByteArray, QByteArray> stored;
        for (int i = 0; i < rows.rows(); ++i) {
            QCOMPARE(rows.value(i, 2), QStringLiteral("1"));
            stored.insert(rows.value(i, 0).toUtf8(), rows.bytes(i, 1));
        }
        int missing = 0;
        for (auto it = ledger.answered200.cbegin(); it != ledger.answered200.cend(); ++it) {
            if (!stored.contains(it.key()))
                ++missing;
            else
                QCOMPARE(stored.value(it.key()), it.value());
        }
        QCOMPARE(missing, 0);
        qInfo("%lld answered 200, %lld stored, %d other answers, %d unanswered",
              static_cast<long long>(ledger.answered200.size()),
              static_cast<long long>(stored.size()), ledger.other, ledger.unanswered);
    }

private slots:
    void sigtermDuringLoadAnswersWhatItHoldsAndExits0()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        SenderLoad load(receiver.port(), "/hooks/load", 16);
        // Load until a few hundred deliveries were answered, then the signal.
        load.waitAnswered(300);
        receiver.terminate();
        int code = -2;
        const bool exited = receiver.waitExit(15000, &code);
        load.stop();
        QVERIFY2(exited, receiver.log().constData());
        QCOMPARE(code, 0);
        QVERIFY2(receiver.log().contains("stopped in"), receiver.log().constData());
        compareLedger(load.ledger());
    }

    void sigkillMidLoadLosesNoAnswered200()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        SenderLoad load(receiver.port(), "/hooks/load", 16);
        load.waitAnswered(300);
        receiver.kill();
        load.stop();
        compareLedger(load.ledger());
    }

    // The server goes away at once (immediate: transactions in flight are lost, as in a
    // crash) while deliveries arrive, and comes back: what was answered 200 before, during
    // and after is stored once; what arrived meanwhile was answered 503, never 200.
    void databaseRestartMidLoadLosesNoAnswered200()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        SenderLoad load(receiver.port(), "/hooks/load", 16);
        Ledger &ledger = load.ledger();
        load.waitAnswered(300);
        QString error;
        QVERIFY2(m_db.cluster().stopServer(QStringLiteral("immediate"), &error), qPrintable(error));
        QVERIFY2(receiver.waitUnready(), receiver.log().constData());
        int answeredWhileAway = 0;
        {
            std::lock_guard lock(ledger.mutex);
            answeredWhileAway = int(ledger.answered200.size());
        }
        // Senders keep sending while it is away: wait for their 503s.
        QElapsedTimer away;
        away.start();
        while (away.elapsed() < 10000) {
            {
                std::lock_guard lock(ledger.mutex);
                if (ledger.other > 0)
                    break;
            }
            QThread::msleep(10);
        }
        QVERIFY2(m_db.cluster().startServer(&error), qPrintable(error));
        QVERIFY2(receiver.waitReady(20000), receiver.log().constData());
        load.waitAnswered(answeredWhileAway + 300);
        load.stop();
        QVERIFY2(ledger.other > 0, "no delivery was refused while the database was away");
        QVERIFY2(ledger.answered200.size() >= answeredWhileAway + 300,
                 "too few deliveries were answered after the database came back");
        compareLedger(ledger);
    }
};

QTEST_GUILESS_MAIN(TestReceiverLoad)
#include "tst_receiverload.moc"
