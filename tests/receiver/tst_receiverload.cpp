// The receiver stopped under load, both ways: SIGTERM (it stops taking connections, stores
// and answers what it holds, exits 0) and SIGKILL (no goodbye); and the database stopped and
// started again under load. Every delivery a client saw answered 200 is in inbox.events
// exactly once, byte for byte: the client-side ledger is compared with the table.
#include "databasetestcase.h"
#include "httpclient.h"
#include "receiverprocess.h"

#include <QElapsedTimer>
#include <QHash>
#include <QTest>
#include <QThread>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace {
struct Ledger
{
    std::mutex mutex;
    QHash<QByteArray, QByteArray> answered200; // key -> body
    int other = 0;                             // answered, not 200
    int unanswered = 0;                        // refused connection, closed, timed out
};

// `clients` threads, each sending deliveries one after another until stop() (or the end),
// every answer in the ledger.
class Load final
{
public:
    Load(int port, int clients)
    {
        for (int c = 0; c < clients; ++c) {
            m_threads.emplace_back([this, port, c] {
                for (int n = 0; !m_stop.load(); ++n) {
                    const QByteArray key =
                        "c" + QByteArray::number(c) + "-" + QByteArray::number(n);
                    const QByteArray body = "{\"id\":\"" + key +
                                            "\",\"n\":" + QByteArray::number(n) + ",\"pad\":\"" +
                                            QByteArray(n % 50, 'x') + "\"}";
                    const HttpReply reply =
                        HttpClient::exchange(port, HttpClient::post("/hooks/load", body), 15000);
                    std::lock_guard lock(m_ledger.mutex);
                    if (reply.status == 200)
                        m_ledger.answered200.insert(key, body);
                    else if (reply.status != 0)
                        ++m_ledger.other;
                    else
                        ++m_ledger.unanswered;
                    if (reply.status == 0)
                        QThread::msleep(5); // the port is closed: do not spin
                }
            });
        }
    }
    ~Load() { stop(); }
    Q_DISABLE_COPY_MOVE(Load)

    // Until `count` deliveries in all were answered 200 (or 20 s passed).
    void waitAnswered(int count)
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 20000) {
            {
                std::lock_guard lock(m_ledger.mutex);
                if (m_ledger.answered200.size() >= count)
                    return;
            }
            QThread::msleep(10);
        }
    }

    // Every sender has ended: the ledger is final.
    void stop()
    {
        m_stop.store(true);
        for (std::thread &t : m_threads)
            t.join();
        m_threads.clear();
    }

    Ledger &ledger() { return m_ledger; }

private:
    Ledger m_ledger;
    std::atomic<bool> m_stop{false};
    std::vector<std::thread> m_threads;
};
} // namespace

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
        Load load(receiver.port(), 16);
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
        Load load(receiver.port(), 16);
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
        Load load(receiver.port(), 16);
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
