// Many contract calls in one transaction, from many sessions at once, against a real
// PostgreSQL: 24 sessions each commit transactions of 20 mixed calls (accepts of new keys and
// repeats of its own earlier keys in a random order; or new keys, claims and completes) for
// INBOX_BATCH_RACE_SECONDS (default 3 s; the figure was measured over 15 s and more). No
// transaction may end in a deadlock (40P01) or any other error, no delivery may be lost, and the
// counters must equal a real count afterwards. Before migration 15, a new key locked its
// status_counts row and then its daily_stats shard while a repeat locked only the shard, so two
// transactions on backends of the same shard took the two rows in opposite orders.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QRandomGenerator>
#include <QtTest>

#include <atomic>
#include <mutex>

using namespace contract;

namespace {

constexpr int kSessions = 24;
constexpr int kCallsPerTransaction = 20;

struct SessionTally
{
    QStringList committedNew; // keys whose 'new' delivery committed
    qint64 committedRepeats = 0;
    qint64 committedCompletes = 0;
    qint64 transactions = 0;
    qint64 deadlocks = 0;
    QStringList otherErrors;
};

} // namespace

class TestBatchDeadlock : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestBatchDeadlock() : DatabaseTestCase{{"b_writer", {"inbox_ingest", "inbox_worker"}}} {}

private:
    static int raceSeconds()
    {
        bool ok = false;
        const int s = qEnvironmentVariableIntValue("INBOX_BATCH_RACE_SECONDS", &ok);
        return ok && s > 0 ? s : 3;
    }

    // One session's loop: transactions of kCallsPerTransaction calls in a random order.
    static void writer(const QString &conninfo, int index, qint64 deadlineMs,
                       const QElapsedTimer &clock, SessionTally *tally)
    {
        PgSession s(conninfo);
        if (!s.ok()) {
            tally->otherErrors << s.error();
            return;
        }
        QRandomGenerator rng(quint32(1000 + index));
        const QString worker = QStringLiteral("bw-%1").arg(index);
        const QByteArray body = QByteArray(400, 'x');
        int counter = 0;
        while (clock.elapsed() < deadlineMs) {
            QStringList txNew;
            qint64 txRepeats = 0;
            qint64 txCompletes = 0;
            // One transaction in four is a worker's: claims and completes among new keys. It
            // repeats no key, because an event row it claimed may be one that an accept
            // transaction repeats, and two transactions holding event rows the other one
            // wants deadlock as with any row lock (the caller's rows, not the contract's).
            const bool workerTransaction = rng.bounded(4) == 0;
            PgResult r = s.exec(QStringLiteral("BEGIN"));
            for (int i = 0; r.ok && i < kCallsPerTransaction; ++i) {
                const int pick =
                    workerTransaction ? (rng.bounded(2) == 0 ? 0 : 9) : int(rng.bounded(9));
                if (pick < 5 || tally->committedNew.isEmpty()) {
                    const QString key = QStringLiteral("s%1-k%2").arg(index).arg(counter++);
                    r = s.exec(QStringLiteral("SELECT outcome FROM inbox.accept('batch', $1, $2)"),
                               {key, body});
                    if (r.ok && r.value(0, 0) == QLatin1String("new"))
                        txNew << key;
                    else if (r.ok)
                        r = PgResult{false,
                                     QStringLiteral("XXXXX"),
                                     QStringLiteral("new key gave ") + r.value(0, 0),
                                     {},
                                     {},
                                     {}};
                } else if (pick < 9) {
                    // A repeat of a key only this session uses.
                    const QString key = tally->committedNew.at(
                        int(rng.bounded(quint32(tally->committedNew.size()))));
                    r = s.exec(QStringLiteral("SELECT outcome FROM inbox.accept('batch', $1, $2)"),
                               {key, body});
                    if (r.ok && r.value(0, 0) == QLatin1String("duplicate"))
                        ++txRepeats;
                    else if (r.ok)
                        r = PgResult{false,
                                     QStringLiteral("XXXXX"),
                                     QStringLiteral("repeat gave ") + r.value(0, 0),
                                     {},
                                     {},
                                     {}};
                } else {
                    r = s.exec(
                        QStringLiteral(
                            "SELECT inbox.complete(c.id, $1, coalesce(c.lock_token, 0), NULL) "
                            "FROM inbox.claim($1, 1) c"),
                        {worker});
                    if (r.ok && r.rows() == 1 && r.value(0, 0) == QLatin1String("t"))
                        ++txCompletes;
                }
            }
            if (r.ok)
                r = s.exec(QStringLiteral("COMMIT"));
            if (r.ok) {
                tally->committedNew << txNew;
                tally->committedRepeats += txRepeats;
                tally->committedCompletes += txCompletes;
                ++tally->transactions;
                continue;
            }
            s.exec(QStringLiteral("ROLLBACK"));
            if (r.sqlstate == QLatin1String("40P01"))
                ++tally->deadlocks;
            else if (tally->otherErrors.size() < 5)
                tally->otherErrors << r.sqlstate + QLatin1Char(' ') + r.message;
        }
    }

private slots:
    void batchesOfMixedCallsNeverDeadlock()
    {
        PgSession su(m_db.conninfo());
        const QString conninfo = m_db.conninfo(QStringLiteral("b_writer"));

        // Precondition: 24 sessions on 8 counter shards, so sessions share shards.
        std::vector<SessionTally> tallies(kSessions);
        QElapsedTimer clock;
        clock.start();
        const qint64 deadline = qint64(raceSeconds()) * 1000;
        std::vector<std::function<void()>> jobs;
        for (int i = 0; i < kSessions; ++i)
            jobs.emplace_back([&, i] { writer(conninfo, i, deadline, clock, &tallies[i]); });
        runTogether(jobs);

        qint64 transactions = 0, deadlocks = 0, repeats = 0, completes = 0;
        QStringList keys, errors;
        for (const SessionTally &t : tallies) {
            transactions += t.transactions;
            deadlocks += t.deadlocks;
            repeats += t.committedRepeats;
            completes += t.committedCompletes;
            keys << t.committedNew;
            errors << t.otherErrors;
        }
        qInfo("%lld transactions committed, %lld deadlocks, %lld new keys, %lld repeats, "
              "%lld completes in %d s",
              transactions, deadlocks, qint64(keys.size()), repeats, completes, raceSeconds());
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1String("; "))));
        QCOMPARE(deadlocks, 0);
        // The race really ran: every session committed, with both kinds of accepts.
        QVERIFY(transactions >= kSessions);
        QVERIFY(repeats > 0);
        QVERIFY(completes > 0);

        // No lost delivery: every committed new key is one event, and nothing else is there.
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM unnest($1::text[]) k(id) "
                                       "JOIN inbox.events e ON e.source = 'batch' "
                                       "AND e.external_id = k.id"),
                        {QStringLiteral("{%1}").arg(keys.join(QLatin1Char(',')))}),
                 qint64(keys.size()));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")),
                 qint64(keys.size()));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(deliveries - 1) FROM inbox.events")),
                 repeats);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events "
                                           "WHERE status = 'done'")),
                 completes);

        // The counters equal a real count.
        QCOMPARE(one(su, QStringLiteral(
                             "SELECT string_agg(status || '=' || n, ',' ORDER BY status) FROM "
                             "(SELECT status, sum(n) AS n FROM inbox.status_counts "
                             "GROUP BY status HAVING sum(n) <> 0) c")),
                 one(su, QStringLiteral("SELECT string_agg(status || '=' || n, ',' ORDER BY "
                                        "status) FROM (SELECT status, count(*) AS n FROM "
                                        "inbox.events GROUP BY status) e")));
        QCOMPARE(one(su, QStringLiteral("SELECT sum(received) || '/' || sum(repeats) || '/' || "
                                        "sum(done) FROM inbox.daily_stats")),
                 QStringLiteral("%1/%2/%3").arg(keys.size()).arg(repeats).arg(completes));
    }
};

QTEST_GUILESS_MAIN(TestBatchDeadlock)
#include "tst_batchdeadlock.moc"
