// inbox.prune against a real PostgreSQL: only done events finished before the horizon go,
// with their actions and conflict bodies (their journal entries go by day: 0034); leads stay with
// their external ids; the counters follow; one 'pruned' entry records the count.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

using namespace contract;

class TestPrune : public DatabaseTestCase
{
    Q_OBJECT

private:
    static qint64 doneEvent(PgSession &su, const QString &externalId, const QString &doneAgo)
    {
        const qint64 id =
            insertEvent(su, QStringLiteral("crm"), externalId, QStringLiteral("done"));
        su.exec(
            QStringLiteral("UPDATE inbox.events SET done_at = now() - $2::interval WHERE id = $1"),
            {id, doneAgo});
        su.exec(
            QStringLiteral(
                "INSERT INTO inbox.journal (event_id, entry, actor) VALUES ($1, 'received', 'r'),"
                " ($1, 'done', 'w')"),
            {id});
        su.exec(QStringLiteral("INSERT INTO inbox.actions (event_id, kind, operation_key, state)"
                               " VALUES ($1::bigint, 'crm.deal', 'op-' || $1::bigint, 'done')"),
                {id});
        su.exec(QStringLiteral(
                    "INSERT INTO inbox.conflict_bodies (event_id, fingerprint, content_type, body)"
                    " VALUES ($1, 'other', 'application/json', '\\x7b7d')"),
                {id});
        return id;
    }

private slots:
    void removesOnlyOldDoneEvents()
    {
        PgSession su(m_db.conninfo());
        const qint64 old1 = doneEvent(su, QStringLiteral("old-1"), QStringLiteral("91 days"));
        const qint64 old2 = doneEvent(su, QStringLiteral("old-2"), QStringLiteral("200 days"));
        const qint64 recent = doneEvent(su, QStringLiteral("recent"), QStringLiteral("89 days"));
        // Old but not done: a person still has to look at it.
        const qint64 failed = insertEvent(su, QStringLiteral("crm"), QStringLiteral("failed-old"),
                                          QStringLiteral("failed"));
        QVERIFY_SQL(su.exec(
            QStringLiteral(
                "UPDATE inbox.events SET received_at = now() - interval '1 year' WHERE id = $1"),
            {failed}));
        const qint64 lead =
            oneInt(su, QStringLiteral("SELECT inbox.record_lead($1, '89161234567', NULL)"), {old1});
        QVERIFY(lead > 0);

        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune()")), QStringLiteral("2"));

        QCOMPARE(one(su, QStringLiteral(
                             "SELECT string_agg(external_id, ',' ORDER BY id) FROM inbox.events")),
                 QStringLiteral("recent,failed-old"));
        for (const char *table : {"actions", "conflict_bodies"})
            QCOMPARE(
                oneInt(su,
                       QStringLiteral("SELECT count(*) FROM inbox.%1 WHERE event_id IN ($1, $2)")
                           .arg(QLatin1String(table)),
                       {old1, old2}),
                0);
        // The journal is kept by whole days (0034): the pruned events' entries, written
        // today, stay until their day is past the horizon (tst_journalpartitions).
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM inbox.journal WHERE event_id = $1"),
                        {recent}),
                 2);
        QCOMPARE(
            oneInt(su,
                   QStringLiteral("SELECT count(*) FROM inbox.journal WHERE event_id IN ($1, $2)"
                                  " AND entry IN ('received', 'done')"),
                   {old1, old2}),
            4);
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM inbox.actions WHERE event_id = $1"),
                        {recent}),
                 1);
        // The lead stays, with where it came from.
        QCOMPARE(one(su,
                     QStringLiteral(
                         "SELECT event_id || ' ' || source || ' ' || external_id FROM inbox.leads"
                         " WHERE id = $1"),
                     {lead}),
                 QStringLiteral("%1 crm old-1").arg(old1));
        const PgResult j =
            su.exec(QStringLiteral("SELECT event_id IS NULL, (detail->>'count')::int, actor"
                                   " FROM inbox.journal WHERE entry = 'pruned'"));
        QVERIFY_SQL(j);
        QCOMPARE(j.rows(), 1);
        QCOMPARE(j.value(0, 0), QStringLiteral("t"));
        QCOMPARE(j.value(0, 1), QStringLiteral("2"));
        QCOMPARE(j.value(0, 2), QStringLiteral("postgres"));
        // The status counters follow the deletion.
        QCOMPARE(oneInt(su, QStringLiteral(
                                "SELECT sum(n) FROM inbox.status_counts WHERE status = 'done'")),
                 1);
        QCOMPARE(one(su, QStringLiteral("SELECT stuck || ' ' || failed FROM inbox.stats_now()")),
                 QStringLiteral("0 1"));
        // Again: nothing more to prune, still journaled.
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune()")), QStringLiteral("0"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune(interval '30 days')")),
                 QStringLiteral("1"));
    }

    void badHorizon()
    {
        PgSession su(m_db.conninfo());
        doneEvent(su, QStringLiteral("x"), QStringLiteral("2 days"));
        PgResult r = su.exec(QStringLiteral("SELECT inbox.prune(NULL)"));
        QCOMPARE(r.sqlstate, QStringLiteral("22004"));
        QVERIFY2(r.message.contains(QLatin1String("p_older_than")), qPrintable(r.message));
        r = su.exec(QStringLiteral("SELECT inbox.prune(interval '1 hour')"));
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        r = su.exec(QStringLiteral("SELECT inbox.prune(interval '-90 days')"));
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 1);
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = 'pruned'")),
            0);
    }
};

QTEST_MAIN(TestPrune)
#include "tst_prune.moc"
