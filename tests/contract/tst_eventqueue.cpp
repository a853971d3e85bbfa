// inbox.event_queue (migration 12) against a real PostgreSQL: it holds exactly the events that
// are not done, with their status, time and lock, after every kind of change (the contract
// functions, a time move by UPDATE, prune); and a status change of inbox.events is a HOT
// update, which is why the queue has a table of its own.
#include "contract_util.h"
#include "databasetestcase.h"
#include "db/migrator.h"

#include <QtTest>

using namespace contract;

namespace {

const QString kQueueRow =
    QStringLiteral("concat_ws('|', id, source, status, received_at, next_attempt_at, locked_at)");

// The queue as it is, and as inbox.events says it must be.
QString queueRows(PgSession &s)
{
    return one(s, QStringLiteral("SELECT coalesce(string_agg(%1, ',' ORDER BY id), '') "
                                 "FROM inbox.event_queue")
                      .arg(kQueueRow));
}

QString expectedRows(PgSession &s)
{
    return one(s, QStringLiteral("SELECT coalesce(string_agg(%1, ',' ORDER BY id), '') "
                                 "FROM inbox.events WHERE status <> 'done'")
                      .arg(kQueueRow));
}

} // namespace

class TestEventQueue : public DatabaseTestCase
{
    Q_OBJECT

private slots:
    void followsEveryChange()
    {
        PgSession su(m_db.conninfo());
        const auto agrees = [&](const char *step) {
            const QString expected = expectedRows(su);
            const QString actual = queueRows(su);
            if (actual != expected)
                qWarning("%s: queue %s, events say %s", step, qPrintable(actual),
                         qPrintable(expected));
            return actual == expected;
        };
        QList<qint64> ids;
        for (int i = 0; i < 6; ++i)
            ids << acceptEvent(su, QStringLiteral("e%1").arg(i));
        QVERIFY(agrees("accept"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.event_queue")), 6);
        // A repeat changes nothing the queue holds.
        acceptEvent(su, QStringLiteral("e0"));
        QVERIFY(agrees("repeat"));

        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.claim('w1', 5)")), 5);
        QVERIFY(agrees("claim"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.complete($1, 'w1', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0), NULL)"),
                     {ids[0]}),
                 QStringLiteral("t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'CRM 503', true)"),
                     {ids[1]}),
                 QStringLiteral("received"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'bad phone', false)"),
                     {ids[2]}),
                 QStringLiteral("failed"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.heartbeat($1, 'w1', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0))"),
                     {ids[3]}),
                 QStringLiteral("t"));
        QVERIFY(agrees("complete, fail, heartbeat"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.event_queue WHERE id = $1"),
                        {ids[0]}),
                 0);

        // Time moves by UPDATE: the lock of ids[3] and ids[4] expires, a takeover follows.
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET locked_at = locked_at - "
                                           "interval '10 minutes' WHERE id = ANY($1::bigint[])"),
                            {QStringLiteral("{%1,%2}").arg(ids[3]).arg(ids[4])}));
        QVERIFY(agrees("time moved"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.claim('w2', 1)")), 1);
        QVERIFY(agrees("takeover"));

        const QString requeued =
            one(su,
                QStringLiteral("SELECT string_agg(outcome, ',' ORDER BY event_id) FROM "
                               "inbox.requeue($1::bigint[], 'fixed the phone')"),
                {QStringLiteral("{%1,%2,%3}").arg(ids[0]).arg(ids[2]).arg(ids[4])});
        QCOMPARE(requeued, QStringLiteral("done,requeued,in_progress"));
        QVERIFY(agrees("requeue"));

        // Done events leave the queue; prune removes only done ones and leaves it as it is.
        for (const qint64 id : {ids[3], ids[4]}) {
            const QString holder =
                one(su, QStringLiteral("SELECT locked_by FROM inbox.events WHERE id = $1"), {id});
            QCOMPARE(one(su,
                         QStringLiteral("SELECT inbox.complete($1, $2, coalesce((SELECT lock_token "
                                        "FROM inbox.events WHERE id = $1), 0), NULL)"),
                         {id, holder}),
                     QStringLiteral("t"));
        }
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET done_at = now() - "
                                           "interval '200 days' WHERE status = 'done'")));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune()")), QStringLiteral("3"));
        QVERIFY(agrees("prune"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.event_queue")), 3);
    }

    // A database with events in every status, migrated from 11 to 12: the queue starts with
    // exactly the events that are not done, and the functions go on from there.
    void upgradeFillsTheQueue()
    {
        QString error;
        QVERIFY2(m_db.cluster().execAsSuperuser(QStringLiteral("postgres"),
                                                QStringLiteral("CREATE DATABASE upgrade11"),
                                                &error),
                 qPrintable(error));
        PgSession su(m_db.cluster().conninfo(QStringLiteral("upgrade11")));
        QVERIFY2(su.ok(), qPrintable(su.error()));
        inbox::DbError dbError;
        QVERIFY2(inbox::Migrator::apply(su.raw(), &dbError, 11), qPrintable(dbError.oneLine()));
        QList<qint64> ids;
        for (int i = 0; i < 5; ++i)
            ids << acceptEvent(su, QStringLiteral("old%1").arg(i));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.claim('w1', 3)")), 3);
        // Schema 11: the calls of that time, without a lock token.
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.complete($1, 'w1')"), {ids[0]}),
                 QStringLiteral("t"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT inbox.fail($1, 'w1', 'bad phone', false)"), {ids[1]}),
            QStringLiteral("failed"));

        QVERIFY2(inbox::Migrator::apply(su.raw(), &dbError, 12), qPrintable(dbError.oneLine()));
        QCOMPARE(queueRows(su), expectedRows(su));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(status, ',' ORDER BY id) FROM "
                                        "inbox.event_queue")),
                 QStringLiteral("failed,processing,received,received"));
        // The two waiting events are claimed from the queue, the processing one is not.
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(id::text, ',' ORDER BY id) FROM "
                                        "inbox.claim('w2', 5)")),
                 QStringLiteral("%1,%2").arg(ids[3]).arg(ids[4]));
        QCOMPARE(queueRows(su), expectedRows(su));
    }

    // A claim, a completion and a requeue write a new version of the event row on its own
    // page and no index entry (HOT). An index on a column that these change would end that,
    // and the benchmark's requeue would be three times slower again (BENCHMARKS.md).
    void statusChangesAreHotUpdates()
    {
        PgSession su(m_db.conninfo());
        const qint64 a = acceptEvent(su, QStringLiteral("a"));
        const qint64 b = acceptEvent(su, QStringLiteral("b"));
        QVERIFY_SQL(su.exec(QStringLiteral("BEGIN")));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.claim('w1', 2)")), 2);
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.complete($1, 'w1', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0), NULL)"),
                     {a}),
                 QStringLiteral("t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'bad phone', false)"),
                     {b}),
                 QStringLiteral("failed"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT outcome FROM inbox.requeue(ARRAY[$1::bigint], "
                                    "'fixed')"),
                     {b}),
                 QStringLiteral("requeued"));
        const QString counts = one(
            su, QStringLiteral("SELECT pg_stat_get_xact_tuples_updated('inbox.events'::regclass) "
                               "|| '/' || "
                               "pg_stat_get_xact_tuples_hot_updated('inbox.events'::regclass)"));
        QVERIFY_SQL(su.exec(QStringLiteral("COMMIT")));
        // Two claimed, one completed, one failed, one requeued: five updates, all HOT.
        QCOMPARE(counts, QStringLiteral("5/5"));
    }
};

QTEST_GUILESS_MAIN(TestEventQueue)
#include "tst_eventqueue.moc"
