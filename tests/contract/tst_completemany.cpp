// inbox.complete_many (0017) against a real PostgreSQL: one call gives every id exactly the
// outcome that inbox.complete for each in order would give (held, held by another worker, not
// claimed, already done, the same id twice), with the same events, journal and counters;
// argument checks that write nothing; the grant; and two workers completing the same ids in
// opposite orders, again and again at the same moment, never deadlock.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QMap>
#include <QtTest>

#include <algorithm>
#include <atomic>

using namespace contract;

namespace {

// The lock token of every id of $1 (the events are put in processing with token 7).
const QString kTokens = QStringLiteral("array_fill(7::bigint, ARRAY[cardinality($1::bigint[])])");

// The events of one source, by external id, in the states the batch meets.
const QStringList kKeys = {QStringLiteral("held-1"),  QStringLiteral("held-2"),
                           QStringLiteral("held-3"),  QStringLiteral("other"),
                           QStringLiteral("waiting"), QStringLiteral("done")};

// Accepts kKeys into `source` and puts them in their states (as superuser, through the
// triggers, so the counters and the queue follow): held-* claimed by 'w', other by 'w2',
// waiting received, done completed by 'w' earlier; every claim with lock token 7 (kToken).
// The event ids, by key.
QMap<QString, qint64> prepare(PgSession &su, PgSession &in, const QString &source)
{
    QMap<QString, qint64> ids;
    for (const QString &key : kKeys)
        ids.insert(key, acceptEvent(in, key, source));
    const auto setState = [&](const QString &key, const QString &status, const QVariant &worker) {
        return su.exec(QStringLiteral("UPDATE inbox.events SET status = $2, locked_by = $3, "
                                      "locked_at = CASE WHEN $2 = 'processing' THEN now() END, "
                                      "lock_token = CASE WHEN $2 = 'processing' THEN 7 END, "
                                      "attempts = 1 WHERE id = $1"),
                       {ids.value(key), status, worker});
    };
    for (const QString &key : {QStringLiteral("held-1"), QStringLiteral("held-2"),
                               QStringLiteral("held-3"), QStringLiteral("done")})
        setState(key, QStringLiteral("processing"), QStringLiteral("w"));
    setState(QStringLiteral("other"), QStringLiteral("processing"), QStringLiteral("w2"));
    su.exec(QStringLiteral("SELECT inbox.complete($1, 'w', 7, NULL)"),
            {ids.value(QStringLiteral("done"))});
    return ids;
}

// The batch: every state, held-3 twice, in no particular order; results for some.
struct Item
{
    QString key;
    QString result; // empty: NULL
};
const QVector<Item> kBatch = {
    {QStringLiteral("held-3"), QStringLiteral("{\"n\":3}")},
    {QStringLiteral("other"), {}},
    {QStringLiteral("held-1"), QStringLiteral("{\"n\":1}")},
    {QStringLiteral("waiting"), QStringLiteral("{\"n\":0}")},
    {QStringLiteral("held-3"), QStringLiteral("{\"n\":33}")},
    {QStringLiteral("done"), {}},
    {QStringLiteral("held-2"), {}},
};

QString arrayOf(const QStringList &items)
{
    QStringList quoted;
    for (const QString &item : items)
        quoted << (item.isEmpty()
                       ? QStringLiteral("NULL")
                       : QLatin1Char('"') +
                             QString(item).replace(QLatin1Char('"'), QLatin1String("\\\"")) +
                             QLatin1Char('"'));
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

// What a source holds, without ids: each event's state and journal, and its counters.
QString stateOf(PgSession &su, const QString &source)
{
    return one(
        su,
        QStringLiteral("SELECT concat_ws(E'\\n', "
                       " (SELECT string_agg(concat_ws('|', e.external_id, e.status, e.result::text,"
                       "   e.locked_by, e.locked_at IS NULL, e.done_at IS NULL, e.attempts,"
                       "   (SELECT string_agg(j.entry || ' ' || j.actor || ' ' || "
                       "coalesce(j.detail::text, ''),"
                       "      ';' ORDER BY j.id) FROM inbox.journal j WHERE j.event_id = e.id),"
                       "   (SELECT q.status FROM inbox.event_queue q WHERE q.id = e.id)),"
                       "   E'\\n' ORDER BY e.external_id) FROM inbox.events e WHERE e.source = $1),"
                       " (SELECT string_agg(status || '=' || n, ',' ORDER BY status) FROM"
                       "   (SELECT status, sum(n) AS n FROM inbox.status_counts WHERE source = $1"
                       "     GROUP BY status HAVING sum(n) <> 0) c),"
                       " (SELECT 'done ' || sum(done) FROM inbox.daily_stats WHERE source = $1))"),
        {source});
}

} // namespace

class TestCompleteMany : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestCompleteMany()
        : DatabaseTestCase{{"c_ingest", {"inbox_ingest"}},
                           {"c_worker", {"inbox_worker"}},
                           {"c_operator", {"inbox_operator"}}}
    {}

private slots:
    void sameOutcomesAndStateAsSingleCompletes()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("c_ingest")));
        PgSession w(m_db.conninfo(QStringLiteral("c_worker")));
        const QMap<QString, qint64> ref = prepare(su, in, QStringLiteral("one"));
        const QMap<QString, qint64> many = prepare(su, in, QStringLiteral("many"));
        QCOMPARE(stateOf(su, QStringLiteral("many")), stateOf(su, QStringLiteral("one")));

        QStringList single;
        for (const Item &item : kBatch) {
            const PgResult r = w.exec(
                QStringLiteral("SELECT inbox.complete($1, 'w', 7, $2::jsonb)"),
                {ref.value(item.key), item.result.isEmpty() ? QVariant() : QVariant(item.result)});
            QVERIFY2(r.ok, qPrintable(r.message));
            single << r.value(0, 0);
        }
        QCOMPARE(single, QStringList({QStringLiteral("t"), QStringLiteral("f"), QStringLiteral("t"),
                                      QStringLiteral("f"), QStringLiteral("f"), QStringLiteral("f"),
                                      QStringLiteral("t")}));

        QStringList ids, results;
        for (const Item &item : kBatch) {
            ids << QString::number(many.value(item.key));
            results << item.result;
        }
        const PgResult r = w.exec(QStringLiteral("SELECT ord, event_id, completed FROM "
                                                 "inbox.complete_many($1::bigint[], 'w', "
                                                 "%1, $2::jsonb[])")
                                      .arg(kTokens),
                                  {arrayOf(ids), arrayOf(results)});
        QVERIFY2(r.ok, qPrintable(r.message));
        QCOMPARE(r.rows(), int(kBatch.size()));
        QStringList batched;
        for (int i = 0; i < r.rows(); ++i) {
            QCOMPARE(r.value(i, 0).toInt(), i + 1);
            QCOMPARE(r.value(i, 1), ids.at(i));
            batched << r.value(i, 2);
        }
        QCOMPARE(batched, single);
        // Events, journal (entries, actors, details), queue rows and counters: the same.
        QCOMPARE(stateOf(su, QStringLiteral("many")), stateOf(su, QStringLiteral("one")));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = "
                                           "'many' AND status = 'done'")),
                 4);
        QCOMPARE(one(su, QStringLiteral("SELECT result::text FROM inbox.events WHERE id = $1"),
                     {many.value(QStringLiteral("held-3"))}),
                 QStringLiteral("{\"n\": 3}"));
    }

    void withoutResults()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("c_ingest")));
        PgSession w(m_db.conninfo(QStringLiteral("c_worker")));
        const QMap<QString, qint64> ids = prepare(su, in, QStringLiteral("shop"));
        QCOMPARE(one(w,
                     QStringLiteral("SELECT string_agg(completed::text, ',' ORDER BY ord) FROM "
                                    "inbox.complete_many(ARRAY[$1, $2]::bigint[], 'w', "
                                    "ARRAY[7, 7], NULL)"),
                     {ids.value(QStringLiteral("held-2")), ids.value(QStringLiteral("held-1"))}),
                 QStringLiteral("true,true"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = "
                                           "'done' AND result IS NULL AND locked_by IS NULL")),
                 3);
    }

    void badArgumentsWriteNothing_data()
    {
        QTest::addColumn<QString>("call");
        QTest::addColumn<QString>("sqlstate");
        QTest::addColumn<QString>("message");
        // %1 is an event held by 'w': it must stay processing.
        QTest::newRow("null ids") << "inbox.complete_many(NULL, 'w', ARRAY[7], NULL)"
                                  << "22004"
                                  << "p_event_ids must not be NULL";
        QTest::newRow("null worker")
            << "inbox.complete_many(ARRAY[%1]::bigint[], NULL, ARRAY[7], NULL)"
            << "22004"
            << "p_worker must not be NULL";
        QTest::newRow("empty worker")
            << "inbox.complete_many(ARRAY[%1]::bigint[], '', ARRAY[7], NULL)"
            << "22023"
            << "p_worker must not be empty";
        QTest::newRow("null element")
            << "inbox.complete_many(ARRAY[%1, NULL]::bigint[], 'w', ARRAY[7, 7], NULL)"
            << "22004"
            << "p_event_ids[2] must not be NULL";
        QTest::newRow("results differ in length")
            << "inbox.complete_many(ARRAY[%1]::bigint[], 'w', ARRAY[7], ARRAY['{}', '{}']::jsonb[])"
            << "22023"
            << "p_results must have as many elements as p_event_ids (2 and 1)";
        QTest::newRow("unknown id")
            << "inbox.complete_many(ARRAY[%1, -7, -3]::bigint[], 'w', ARRAY[7, 7, 7], NULL)"
            << "22023"
            << "p_event_id -7 does not exist";
        QTest::newRow("too many") << "inbox.complete_many(array_fill(%1::bigint, ARRAY[1001]), 'w',"
                                     " array_fill(7::bigint, ARRAY[1001]), NULL)"
                                  << "22023"
                                  << "p_event_ids: at most 1000 ids per call, got 1001";
        // The lock tokens (0024): one per id, none NULL; the call without them is refused.
        QTest::newRow("null tokens") << "inbox.complete_many(ARRAY[%1]::bigint[], 'w', NULL, NULL)"
                                     << "22004"
                                     << "p_lock_tokens must not be NULL: pass the lock_token of "
                                        "each claimed row";
        QTest::newRow("tokens differ in length")
            << "inbox.complete_many(ARRAY[%1]::bigint[], 'w', ARRAY[7, 7], NULL)"
            << "22023"
            << "p_lock_tokens must have as many elements as p_event_ids (2 and 1)";
        QTest::newRow("null token")
            << "inbox.complete_many(ARRAY[%1, %1]::bigint[], 'w', ARRAY[7, NULL], NULL)"
            << "22004"
            << "p_lock_tokens[2] must not be NULL";
        QTest::newRow("without tokens")
            << "inbox.complete_many(ARRAY[%1]::bigint[], 'w')"
            << "0A000"
            << "inbox.complete_many without lock tokens is refused since schema version 24: call "
               "complete_many(p_event_ids, p_worker, p_lock_tokens, p_results) with the "
               "lock_token of each claimed row";
    }

    void badArgumentsWriteNothing()
    {
        QFETCH(QString, call);
        QFETCH(QString, sqlstate);
        QFETCH(QString, message);
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("c_ingest")));
        PgSession w(m_db.conninfo(QStringLiteral("c_worker")));
        const qint64 id = acceptEvent(in, QStringLiteral("k"));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET status = 'processing', "
                                           "locked_by = 'w', locked_at = now(), lock_token = 7 "
                                           "WHERE id = $1"),
                            {id}));
        const QString before = stateOf(su, QStringLiteral("shop"));
        QVERIFY(before.contains(QLatin1String("|processing|")));
        const PgResult r = w.exec(QStringLiteral("SELECT * FROM ") +
                                  QString(call).replace(QLatin1String("%1"), QString::number(id)));
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, sqlstate);
        QVERIFY2(r.message.contains(QLatin1String("ERROR:  ") + message + QLatin1Char('\n')),
                 qPrintable(r.message));
        QCOMPARE(stateOf(su, QStringLiteral("shop")), before);
    }

    void emptyArrayGivesNothing()
    {
        PgSession su(m_db.conninfo());
        PgSession w(m_db.conninfo(QStringLiteral("c_worker")));
        const PgResult r =
            w.exec(QStringLiteral("SELECT * FROM inbox.complete_many('{}'::bigint[], 'w', "
                                  "'{}'::bigint[], NULL)"));
        QVERIFY2(r.ok, qPrintable(r.message));
        QCOMPARE(r.rows(), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 0);
    }

    void onlyTheWorkerRoleMayCall()
    {
        PgSession in(m_db.conninfo(QStringLiteral("c_ingest")));
        const PgResult r =
            in.exec(QStringLiteral("SELECT * FROM inbox.complete_many('{1}'::bigint[], 'w', "
                                   "'{7}'::bigint[], NULL)"));
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, QStringLiteral("42501"));
    }

    // Two workers each hold half of 40 events (interleaved) and complete all 40 at the same
    // moment, one in ascending and one in descending id order: neither waits for the other's
    // rows (as with complete, a row held by another worker is fenced without a lock); each
    // event is completed once, by its holder, and fenced once for the other.
    void twoWorkersCompletingTheSameIdsInOppositeOrders()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("c_ingest")));
        PgSession w1(m_db.conninfo(QStringLiteral("c_worker")));
        PgSession w2(m_db.conninfo(QStringLiteral("c_worker")));
        std::atomic<int> deadlocks{0}, otherErrors{0}, completed{0};
        constexpr int kRounds = 15;
        for (int round = 0; round < kRounds; ++round) {
            QStringList ids;
            for (int i = 0; i < 40; ++i)
                ids << QString::number(acceptEvent(in, QStringLiteral("r%1-%2").arg(round).arg(i)));
            QVERIFY_SQL(su.exec(
                QStringLiteral("UPDATE inbox.events SET status = 'processing', locked_at = now(), "
                               "locked_by = CASE WHEN id % 2 = 0 THEN 'w1' ELSE 'w2' END, "
                               "lock_token = 7 "
                               "WHERE id = ANY($1::bigint[])"),
                {QLatin1Char('{') + ids.join(QLatin1Char(',')) + QLatin1Char('}')}));
            QStringList reversed = ids;
            std::reverse(reversed.begin(), reversed.end());
            const auto job = [&](PgSession &s, const QString &worker, const QStringList &order) {
                return [&, worker, order] {
                    // A long transaction that holds the rows a moment longer than the call.
                    const PgResult r =
                        s.exec(QStringLiteral("SELECT count(*) FILTER (WHERE completed) FROM "
                                              "inbox.complete_many($1::bigint[], $2, %1, NULL), "
                                              "pg_sleep(0.01)")
                                   .arg(kTokens),
                               {QLatin1Char('{') + order.join(QLatin1Char(',')) + QLatin1Char('}'),
                                worker});
                    if (r.ok)
                        completed += r.value(0, 0).toInt();
                    else if (r.sqlstate == QLatin1String("40P01"))
                        ++deadlocks;
                    else
                        ++otherErrors;
                };
            };
            runTogether(
                {job(w1, QStringLiteral("w1"), ids), job(w2, QStringLiteral("w2"), reversed)});
        }
        QCOMPARE(deadlocks.load(), 0);
        QCOMPARE(otherErrors.load(), 0);
        QCOMPARE(completed.load(), kRounds * 40);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = "
                                           "'done'")),
                 kRounds * 40);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = "
                                           "'done'")),
                 kRounds * 40);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = "
                                           "'stale_complete'")),
                 kRounds * 40);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(n) FROM inbox.status_counts WHERE status "
                                           "= 'done'")),
                 kRounds * 40);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(done) FROM inbox.daily_stats")),
                 kRounds * 40);
    }

    // A slow worker completes its 200 stuck events (locks older than 5 minutes) in descending
    // id order while an operator requeues the same events, which locks them in ascending id,
    // again and again at the same moment. complete_many locks them in ascending id too, so
    // neither is ever aborted with 40P01 (completing them one by one in that order, or in one
    // statement in the caller's order, deadlocks); every event ends either done by the worker
    // or requeued, never both, never neither.
    void completeManyAndRequeueOfTheSameStuckEvents()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("c_ingest")));
        PgSession w(m_db.conninfo(QStringLiteral("c_worker")));
        PgSession op(m_db.conninfo(QStringLiteral("c_operator")));
        std::atomic<int> deadlocks{0}, otherErrors{0}, completed{0}, requeued{0};
        constexpr int kRounds = 12;
        constexpr int kEvents = 200;
        for (int round = 0; round < kRounds; ++round) {
            QStringList ids;
            for (int i = 0; i < kEvents; ++i)
                ids << QString::number(acceptEvent(in, QStringLiteral("s%1-%2").arg(round).arg(i)));
            const QString ascending =
                QLatin1Char('{') + ids.join(QLatin1Char(',')) + QLatin1Char('}');
            QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET status = 'processing', "
                                               "locked_by = 'w', attempts = 1, lock_token = 7, "
                                               "locked_at = now() "
                                               "- interval '6 minutes' WHERE id = "
                                               "ANY($1::bigint[])"),
                                {ascending}));
            std::reverse(ids.begin(), ids.end());
            const QString descending =
                QLatin1Char('{') + ids.join(QLatin1Char(',')) + QLatin1Char('}');
            const auto outcome = [&](const PgResult &r, std::atomic<int> &count) {
                if (r.ok)
                    count += r.value(0, 0).toInt();
                else if (r.sqlstate == QLatin1String("40P01"))
                    ++deadlocks;
                else
                    ++otherErrors;
            };
            runTogether(
                {[&] {
                     outcome(w.exec(QStringLiteral("SELECT count(*) FILTER (WHERE completed) FROM "
                                                   "inbox.complete_many($1::bigint[], 'w', %1, "
                                                   "NULL)")
                                        .arg(kTokens),
                                    {descending}),
                             completed);
                 },
                 [&] {
                     outcome(op.exec(QStringLiteral("SELECT count(*) FILTER (WHERE outcome = "
                                                    "'requeued') FROM inbox.requeue($1::bigint[], "
                                                    "'race')"),
                                     {ascending}),
                             requeued);
                 }});
        }
        QCOMPARE(deadlocks.load(), 0);
        QCOMPARE(otherErrors.load(), 0);
        QCOMPARE(completed.load() + requeued.load(), kRounds * kEvents);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = "
                                           "'done'")),
                 qint64(completed.load()));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = "
                                           "'received'")),
                 qint64(requeued.load()));
        // The race may go all one way (the requeue winning every round): no 'done' row then.
        QCOMPARE(oneInt(su, QStringLiteral("SELECT coalesce(sum(n), 0) FROM inbox.status_counts "
                                           "WHERE status = 'done'")),
                 qint64(completed.load()));
    }
};

QTEST_GUILESS_MAIN(TestCompleteMany)
#include "tst_completemany.moc"
