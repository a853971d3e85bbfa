// The receiver's group writer on its own, against the private PostgreSQL: what the HTTP side
// cannot produce through the adapters (they bound every id, kind and content type to what the
// inbox accepts), such as a delivery the inbox refuses inside a group.
#include "databasetestcase.h"
#include "deliverywriter.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

#include <atomic>
#include <mutex>
#include <vector>

class TestDeliveryWriter final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestDeliveryWriter() : DatabaseTestCase{{"rcv_writer", {"inbox_ingest"}}} {}

private:
    struct Answers
    {
        std::mutex mutex;
        std::vector<inbox::front::WriteResult> results;
        std::atomic<int> count{0};
    };

    inbox::front::PendingDelivery delivery(const QString &id, Answers &answers, int slot)
    {
        inbox::front::PendingDelivery d;
        d.source = QStringLiteral("writer");
        d.body = "{\"id\":\"" + id.toUtf8() + "\"}";
        d.delivery.externalId = id;
        d.delivery.contentType = QStringLiteral("application/json");
        d.done = [&answers, slot](const inbox::front::WriteResult &r) {
            std::lock_guard lock(answers.mutex);
            answers.results[size_t(slot)] = r;
            answers.count.fetch_add(1);
        };
        return d;
    }

    // The group writer and its metrics, started (not yet connected); stopped at the end.
    struct Writer
    {
        explicit Writer(const inbox::front::ReceiverConfig &c) : config(c), writer(config, metrics)
        {
            writer.start();
        }
        inbox::front::ReceiverConfig config;
        inbox::front::Metrics metrics;
        inbox::front::DeliveryWriter writer;
    };

    // What the writer needs: the receiver's login on the test database.
    inbox::front::ReceiverConfig writerConfig() const
    {
        inbox::front::ReceiverConfig config;
        config.conninfo = m_db.conninfo(QStringLiteral("rcv_writer"));
        return config;
    }

    static bool waitFor(const std::function<bool()> &condition, int timeoutMs = 15000)
    {
        QElapsedTimer timer;
        timer.start();
        while (!condition()) {
            if (timer.elapsed() > timeoutMs)
                return false;
            QThread::msleep(5);
        }
        return true;
    }

private slots:
    void inboxRefusalInAGroupIs400AndTheOthers200()
    {
        Writer w(writerConfig());
        QVERIFY(waitFor([&] { return w.writer.databaseUp(); }));
        Answers answers;
        answers.results.resize(40);
        // Queued faster than one accept_many call takes, so they share groups; the bad one
        // (a control character in the key: 22023) fails its group's call.
        for (int i = 0; i < 40; ++i) {
            const QString id =
                i == 20 ? QStringLiteral("bad\x01id") : QStringLiteral("good-%1").arg(i);
            QVERIFY(w.writer.submit(delivery(id, answers, i)));
        }
        QVERIFY(waitFor([&] { return answers.count.load() == 40; }));
        for (int i = 0; i < 40; ++i) {
            QCOMPARE(answers.results[size_t(i)].status, i == 20 ? 400 : 200);
            if (i != 20) {
                QCOMPARE(answers.results[size_t(i)].outcome, QByteArray("new"));
                QVERIFY(answers.results[size_t(i)].eventId > 0);
            }
        }
        const PgResult count = m_db.su().exec(
            QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = 'writer'"));
        QVERIFY_SQL(count);
        QCOMPARE(count.value(0, 0), QStringLiteral("39"));
        const QByteArray figures =
            w.metrics.render(w.writer.queueDepth(), w.writer.databaseUp(), 0, 0);
        QVERIFY2(figures.contains(
                     "inbox_receiver_refusals_total{source=\"writer\",reason=\"inbox_refused\"} 1"),
                 figures.constData());
        w.writer.drainAndStop(5000);
    }

    void groupsShareOneCall()
    {
        // 300 deliveries queued at once are stored in far fewer calls than deliveries.
        Writer w(writerConfig());
        QVERIFY(waitFor([&] { return w.writer.databaseUp(); }));
        Answers answers;
        answers.results.resize(300);
        for (int i = 0; i < 300; ++i)
            QVERIFY(w.writer.submit(delivery(QStringLiteral("g-%1").arg(i), answers, i)));
        QVERIFY(waitFor([&] { return answers.count.load() == 300; }));
        for (const auto &r : answers.results)
            QCOMPARE(r.status, 200);
        const QByteArray figures = w.metrics.render(0, true, 0, 0);
        const int at = figures.indexOf("inbox_receiver_group_size_count ");
        QVERIFY(at >= 0);
        const int calls = figures.mid(at + 32, 10).split('\n').first().toInt();
        QVERIFY2(calls >= 1 && calls < 30, qPrintable(QString::number(calls)));
        w.writer.drainAndStop(5000);
    }

    void queueLimitAnswersAtOnce()
    {
        // Beyond queue_limit a delivery is refused at once (the HTTP side answers 503), so
        // the queue never grows without bound.
        inbox::front::ReceiverConfig config = writerConfig();
        config.queueLimit = 5;
        Writer w(config);
        QVERIFY(waitFor([&] { return w.writer.databaseUp(); }));
        // Hold the writer inside its call: a lock on the table it inserts into.
        PgSession blocker(m_db.conninfo());
        QVERIFY(blocker.ok());
        QVERIFY_SQL(blocker.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(blocker.exec(QStringLiteral("LOCK TABLE inbox.events IN EXCLUSIVE MODE")));
        Answers answers;
        answers.results.resize(20);
        QVERIFY(w.writer.submit(delivery(QStringLiteral("q-0"), answers, 0)));
        QVERIFY(waitFor([&] { return w.writer.queueDepth() == 0; })); // taken into a call
        int refused = 0;
        for (int i = 1; i < 20; ++i) {
            if (!w.writer.submit(delivery(QStringLiteral("q-%1").arg(i), answers, i)))
                ++refused;
        }
        QCOMPARE(refused, 19 - 5);
        QCOMPARE(w.writer.queueDepth(), 5);
        QVERIFY_SQL(blocker.exec(QStringLiteral("COMMIT")));
        QVERIFY(waitFor([&] { return answers.count.load() == 6; }));
        w.writer.drainAndStop(5000);
    }
};

QTEST_GUILESS_MAIN(TestDeliveryWriter)
#include "tst_deliverywriter.moc"
