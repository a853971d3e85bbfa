// Migration 0021 against a real PostgreSQL: accept and accept_many write a new event's queue
// row and status delta in their own statement and switch the INSERT triggers off for that
// statement only. Every new event gets exactly one queue row and one received delta, and any
// other insert into inbox.events, even in the same transaction right after them, still gets
// its rows from the triggers.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

using namespace contract;

namespace {

// Each event that is not done has its queue row, and the status ledger sums to the events'
// statuses: "ok", or what differs.
QString queueAndCountsAgree(PgSession &s)
{
    return one(
        s, QStringLiteral("SELECT coalesce(string_agg(d, '; '), 'ok') FROM ("
                          " SELECT 'queue ' || count(*) || ' of ' ||"
                          "        (SELECT count(*) FROM inbox.events WHERE status <> 'done') AS d"
                          "   FROM inbox.event_queue"
                          " HAVING count(*) <> (SELECT count(*) FROM inbox.events WHERE status <> "
                          "'done')"
                          " UNION ALL"
                          " SELECT 'counts of ' || coalesce(c.source, e.source) || '/' ||"
                          "        coalesce(c.status, e.status) || ': ' || coalesce(c.n, 0) || ' "
                          "against ' || coalesce(e.n, 0)"
                          "   FROM (SELECT source, status, sum(n) AS n FROM inbox.status_counts"
                          "          GROUP BY 1, 2 HAVING sum(n) <> 0) c"
                          "   FULL JOIN (SELECT source, status, count(*) AS n FROM inbox.events"
                          "               GROUP BY 1, 2) e ON e.source = c.source AND e.status = "
                          "c.status"
                          "  WHERE coalesce(c.n, 0) <> coalesce(e.n, 0)) x"));
}

QString inlineSetting(PgSession &s)
{
    return one(s, QStringLiteral("SELECT coalesce(current_setting('inbox.rows_inline', true), "
                                 "'unset')"));
}

} // namespace

class TestInlineRows : public DatabaseTestCase
{
    Q_OBJECT

private slots:
    void newEventsGetOneQueueRowAndOneDelta()
    {
        PgSession su(m_db.conninfo());
        for (int i = 0; i < 5; ++i)
            QVERIFY(acceptEvent(su, QStringLiteral("a%1").arg(i)) > 0);
        acceptEvent(su, QStringLiteral("a0")); // a repeat writes neither
        QCOMPARE(one(su, QStringLiteral(
                             "SELECT string_agg(outcome, ',' ORDER BY ord) FROM inbox.accept_many("
                             "ARRAY['shop','shop','shop','web'], ARRAY['m1','m1','a1','m2'], "
                             "ARRAY['{}','{}','{\"id\":\"a1\"}','{}']::bytea[])")),
                 QStringLiteral("new,duplicate,duplicate,new"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 7);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.event_queue")), 7);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(n) FROM inbox.status_counts WHERE status "
                                           "= 'received'")),
                 7);
        QCOMPARE(queueAndCountsAgree(su), QStringLiteral("ok"));
        QVERIFY(inlineSetting(su) != QStringLiteral("on"));
    }

    void otherInsertsInTheSameTransactionKeepTheirTriggers()
    {
        PgSession su(m_db.conninfo());
        QVERIFY_SQL(su.exec(QStringLiteral("BEGIN")));
        QVERIFY(acceptEvent(su, QStringLiteral("b1")) > 0);
        QCOMPARE(inlineSetting(su), QStringLiteral("off"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.accept_many("
                                           "ARRAY['shop'], ARRAY['b2'], ARRAY['{}']::bytea[])")),
                 1);
        QCOMPARE(inlineSetting(su), QStringLiteral("off"));
        // The owner's own insert, as the tests' fixtures write: the triggers write its rows.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "INSERT INTO inbox.events (source, external_id, idempotency_key, occurred_at, body, "
            "content_type, fingerprint) VALUES ('crm', 'direct', 'crm:direct', now(), '{}', "
            "'application/json', 'f')")));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.event_queue q JOIN "
                                           "inbox.events e USING (id) WHERE e.external_id = "
                                           "'direct'")),
                 1);
        QCOMPARE(queueAndCountsAgree(su), QStringLiteral("ok"));
        QVERIFY_SQL(su.exec(QStringLiteral("COMMIT")));
        QCOMPARE(queueAndCountsAgree(su), QStringLiteral("ok"));
    }

    // An accept that fails inside its insert (here: the lock timeout while another session's
    // first delivery of the same key is uncommitted), with its savepoint rolled back, leaves
    // the triggers on for what the transaction writes next.
    void aFailedAcceptLeavesTheTriggersOn()
    {
        PgSession first(m_db.conninfo());
        PgSession su(m_db.conninfo());
        QVERIFY_SQL(first.exec(QStringLiteral("BEGIN")));
        QVERIFY(acceptEvent(first, QStringLiteral("held")) > 0);

        QVERIFY_SQL(su.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(su.exec(QStringLiteral("SAVEPOINT before_accept")));
        QVERIFY_SQL(su.exec(QStringLiteral("SET LOCAL lock_timeout = '300ms'")));
        const PgResult waited = su.exec(QStringLiteral("SELECT * FROM inbox.accept('shop', "
                                                       "'held', '{}')"));
        QCOMPARE(errorOf(waited), QStringLiteral("!ERROR 55P03"));
        QVERIFY_SQL(su.exec(QStringLiteral("ROLLBACK TO SAVEPOINT before_accept")));
        QVERIFY(inlineSetting(su) != QStringLiteral("on"));
        QVERIFY_SQL(su.exec(QStringLiteral(
            "INSERT INTO inbox.events (source, external_id, idempotency_key, occurred_at, body, "
            "content_type, fingerprint) VALUES ('crm', 'after', 'crm:after', now(), '{}', "
            "'application/json', 'f')")));
        QVERIFY_SQL(su.exec(QStringLiteral("COMMIT")));
        QVERIFY_SQL(first.exec(QStringLiteral("COMMIT")));
        QCOMPARE(queueAndCountsAgree(su), QStringLiteral("ok"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.event_queue")), 2);
    }
};

QTEST_GUILESS_MAIN(TestInlineRows)
#include "tst_inlinerows.moc"
