// inbox.begin_action / finish_action against a real PostgreSQL: the outgoing side's own
// idempotency key tells the caller to perform (started), reuse (done) or look up (unknown).
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

#include <memory>

using namespace contract;

namespace {

struct Begun
{
    qint64 actionId = -1;
    QString state;  // or "!ERROR <sqlstate> <message>"
    QString result; // "!NULL" for SQL NULL
};

Begun begin(PgSession &s, qint64 eventId, const QString &kind, const QString &key)
{
    const PgResult r = s.exec(
        QStringLiteral("SELECT action_id, state, result FROM inbox.begin_action($1, $2, $3)"),
        {eventId, kind, key});
    Begun b;
    if (!r.ok) {
        b.state = QStringLiteral("!ERROR %1 %2").arg(r.sqlstate, r.message);
        return b;
    }
    if (r.rows() != 1) {
        b.state = QStringLiteral("!ROWS %1").arg(r.rows());
        return b;
    }
    b.actionId = r.value(0, 0).toLongLong();
    b.state = r.value(0, 1);
    b.result = r.isNull(0, 2) ? QStringLiteral("!NULL") : r.value(0, 2);
    return b;
}

PgResult finish(PgSession &s, qint64 actionId, const QVariant &ok, const QVariant &result = {})
{
    return s.exec(QStringLiteral("SELECT inbox.finish_action($1, $2, $3::jsonb)"),
                  {actionId, ok, result});
}

qint64 acceptOne(PgSession &s, const QString &externalId)
{
    return oneInt(s, QStringLiteral("SELECT event_id FROM inbox.accept('crm', $1, '{}'::bytea)"),
                  {externalId});
}

QString actionRow(PgSession &su, qint64 actionId)
{
    return one(su,
               QStringLiteral(
                   "SELECT format('%s|%s|%s|%s|%s', state, result, begun, started_at, finished_at)"
                   " FROM inbox.actions WHERE id = $1"),
               {actionId});
}

} // namespace

class TestActions : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestActions()
        : DatabaseTestCase{{"action_worker", {"inbox_worker"}},
                           {"action_receiver", {"inbox_ingest"}}}
    {}

private slots:
    void startedThenDoneReturnsStoredResult()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptOne(su, QStringLiteral("order-1"));
        const Begun first =
            begin(su, e, QStringLiteral("crm.create_deal"), QStringLiteral("deal:order-1"));
        QCOMPARE(first.state, QStringLiteral("started"));
        QVERIFY(first.actionId > 0);
        QCOMPARE(first.result, QStringLiteral("!NULL"));
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT format('%s|%s|%s|%s', event_id, kind, operation_key, state)"
                               " FROM inbox.actions WHERE id = $1"),
                {first.actionId}),
            QStringLiteral("%1|crm.create_deal|deal:order-1|started").arg(e));

        QVERIFY_SQL(finish(su, first.actionId, true, QStringLiteral("{\"deal_id\": 4711}")));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT state || '/' || (result->>'deal_id') || '/' || "
                                    "(finished_at IS NOT NULL)"
                                    " FROM inbox.actions WHERE id = $1"),
                     {first.actionId}),
                 QStringLiteral("done/4711/true"));

        const Begun again =
            begin(su, e, QStringLiteral("crm.create_deal"), QStringLiteral("deal:order-1"));
        QCOMPARE(again.state, QStringLiteral("done"));
        QCOMPARE(again.actionId, first.actionId);
        QCOMPARE(again.result, QStringLiteral("{\"deal_id\": 4711}"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.actions")), 1);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT begun FROM inbox.actions WHERE id = $1"),
                        {first.actionId}),
                 1);
        QCOMPARE(journalEntries(su, e, QStringLiteral("action%")),
                 QStringLiteral("action_started,action_done,action_repeat"));
        QCOMPARE(
            one(su,
                QStringLiteral(
                    "SELECT detail->>'state' FROM inbox.journal WHERE entry = 'action_repeat'")),
            QStringLiteral("done"));

        // Finishing a done action as done again changes nothing, not even the result.
        const QString row = actionRow(su, first.actionId);
        QVERIFY_SQL(finish(su, first.actionId, true, QStringLiteral("{\"deal_id\": 1}")));
        QCOMPARE(actionRow(su, first.actionId), row);
        QCOMPARE(journalEntries(su, e, QStringLiteral("action%")),
                 QStringLiteral("action_started,action_done,action_repeat"));
    }

    void neverFinishedIsUnknown()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptOne(su, QStringLiteral("order-2"));
        const Begun first =
            begin(su, e, QStringLiteral("mail.send"), QStringLiteral("mail:order-2:welcome"));
        QCOMPARE(first.state, QStringLiteral("started"));
        const QString row = actionRow(su, first.actionId);

        // The caller timed out and never finished: the next begin must not say "perform it".
        const Begun second =
            begin(su, e, QStringLiteral("mail.send"), QStringLiteral("mail:order-2:welcome"));
        QCOMPARE(second.state, QStringLiteral("unknown"));
        QCOMPARE(second.actionId, first.actionId);
        QCOMPARE(second.result, QStringLiteral("!NULL"));
        QCOMPARE(
            begin(su, e, QStringLiteral("mail.send"), QStringLiteral("mail:order-2:welcome")).state,
            QStringLiteral("unknown"));
        QCOMPARE(actionRow(su, first.actionId), row);
        QCOMPARE(journalEntries(su, e, QStringLiteral("action%")),
                 QStringLiteral("action_started,action_repeat,action_repeat"));

        // Looked it up remotely and found it: finishing the unknown action records it as done.
        QVERIFY_SQL(finish(su, first.actionId, true, QStringLiteral("{\"message_id\": \"m-1\"}")));
        const Begun third =
            begin(su, e, QStringLiteral("mail.send"), QStringLiteral("mail:order-2:welcome"));
        QCOMPARE(third.state, QStringLiteral("done"));
        QCOMPARE(third.result, QStringLiteral("{\"message_id\": \"m-1\"}"));
    }

    void definitiveFailureMayStartAgain()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptOne(su, QStringLiteral("order-3"));
        const Begun first =
            begin(su, e, QStringLiteral("crm.create_deal"), QStringLiteral("deal:order-3"));
        QCOMPARE(first.state, QStringLiteral("started"));
        QVERIFY_SQL(finish(su, first.actionId, false,
                           QStringLiteral("{\"error\": \"422 invalid phone\"}")));
        QCOMPARE(
            one(su,
                QStringLiteral(
                    "SELECT state || '/' || (result->>'error') FROM inbox.actions WHERE id = $1"),
                {first.actionId}),
            QStringLiteral("failed/422 invalid phone"));
        // Failed as failed again: nothing changes.
        const QString failedRow = actionRow(su, first.actionId);
        QVERIFY_SQL(finish(su, first.actionId, false));
        QCOMPARE(actionRow(su, first.actionId), failedRow);

        const Begun second =
            begin(su, e, QStringLiteral("crm.create_deal"), QStringLiteral("deal:order-3"));
        QCOMPARE(second.state, QStringLiteral("started"));
        QCOMPARE(second.actionId, first.actionId);
        QCOMPARE(second.result, QStringLiteral("!NULL"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT format('%s|%s|%s|%s', state, begun, result IS NULL, "
                                    "finished_at IS NULL)"
                                    " FROM inbox.actions WHERE id = $1"),
                     {first.actionId}),
                 QStringLiteral("started|2|t|t"));
        QVERIFY_SQL(finish(su, first.actionId, true, QStringLiteral("{\"deal_id\": 9}")));
        QCOMPARE(
            begin(su, e, QStringLiteral("crm.create_deal"), QStringLiteral("deal:order-3")).state,
            QStringLiteral("done"));
        QCOMPARE(journalEntries(su, e, QStringLiteral("action%")),
                 QStringLiteral(
                     "action_started,action_failed,action_started,action_done,action_repeat"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.actions")), 1);
    }

    void contradictingAFinishedActionIsRefused()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptOne(su, QStringLiteral("order-4"));
        const Begun a =
            begin(su, e, QStringLiteral("crm.create_deal"), QStringLiteral("deal:order-4"));
        QVERIFY_SQL(finish(su, a.actionId, true, QStringLiteral("{\"deal_id\": 1}")));
        const QString row = actionRow(su, a.actionId);
        const PgResult r = finish(su, a.actionId, false, QStringLiteral("{\"error\": \"late\"}"));
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        QCOMPARE(actionRow(su, a.actionId), row);
    }

    void keyOfAnotherEventOrKindIsRefused()
    {
        PgSession su(m_db.conninfo());
        const qint64 e1 = acceptOne(su, QStringLiteral("order-5"));
        const qint64 e2 = acceptOne(su, QStringLiteral("order-6"));
        const Begun a =
            begin(su, e1, QStringLiteral("crm.create_deal"), QStringLiteral("shared-key"));
        QCOMPARE(a.state, QStringLiteral("started"));
        const QString row = actionRow(su, a.actionId);
        const qint64 journal = oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"));

        const Begun otherEvent =
            begin(su, e2, QStringLiteral("crm.create_deal"), QStringLiteral("shared-key"));
        QVERIFY2(otherEvent.state.startsWith(QLatin1String("!ERROR 22023")),
                 qPrintable(otherEvent.state));
        QVERIFY2(otherEvent.state.contains(QLatin1String("p_operation_key")),
                 qPrintable(otherEvent.state));
        const Begun otherKind =
            begin(su, e1, QStringLiteral("mail.send"), QStringLiteral("shared-key"));
        QVERIFY2(otherKind.state.startsWith(QLatin1String("!ERROR 22023")),
                 qPrintable(otherKind.state));

        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.actions")), 1);
        QCOMPARE(actionRow(su, a.actionId), row);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), journal);
        // The rightful owner still gets its answer.
        QCOMPARE(
            begin(su, e1, QStringLiteral("crm.create_deal"), QStringLiteral("shared-key")).state,
            QStringLiteral("unknown"));
    }

    void concurrentBeginStartsOnce()
    {
        const int sessions = 8;
        PgSession su(m_db.conninfo());
        const qint64 e = acceptOne(su, QStringLiteral("order-7"));
        std::vector<std::unique_ptr<PgSession>> conns;
        for (int i = 0; i < sessions; ++i)
            conns.push_back(std::make_unique<PgSession>(m_db.conninfo()));
        std::vector<Begun> got(sessions);
        std::vector<std::function<void()>> jobs;
        for (int i = 0; i < sessions; ++i)
            jobs.push_back([&, i] {
                got[size_t(i)] = begin(*conns[size_t(i)], e, QStringLiteral("crm.create_deal"),
                                       QStringLiteral("deal:order-7"));
            });
        runTogether(jobs);
        int started = 0;
        int unknown = 0;
        for (const Begun &b : got) {
            QVERIFY2(b.actionId > 0, qPrintable(b.state));
            QCOMPARE(b.actionId, got.front().actionId);
            started += b.state == QLatin1String("started");
            unknown += b.state == QLatin1String("unknown");
        }
        QCOMPARE(started, 1);
        QCOMPARE(unknown, sessions - 1);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.actions")), 1);
    }

    void badArgumentsWriteNothing_data()
    {
        QTest::addColumn<QString>("sql"); // $1: an existing event, $2: an existing started action
        QTest::addColumn<QString>("sqlstate");
        QTest::addColumn<QString>("argument");
        QTest::newRow("begin null event") << "SELECT * FROM inbox.begin_action(NULL, 'k', 'key') "
                                             "WHERE $1::bigint + $2::bigint > 0"
                                          << "22004"
                                          << "p_event_id";
        QTest::newRow("begin unknown event")
            << "SELECT * FROM inbox.begin_action($1::bigint + $2::bigint + 1000, 'k', 'key')"
            << "22023"
            << "p_event_id";
        QTest::newRow("begin null kind")
            << "SELECT * FROM inbox.begin_action($1, NULL, 'key') WHERE $2::bigint > 0"
            << "22004"
            << "p_kind";
        QTest::newRow("begin empty kind")
            << "SELECT * FROM inbox.begin_action($1, '', 'key') WHERE $2::bigint > 0"
            << "22023"
            << "p_kind";
        QTest::newRow("begin null key")
            << "SELECT * FROM inbox.begin_action($1, 'k', NULL) WHERE $2::bigint > 0"
            << "22004"
            << "p_operation_key";
        QTest::newRow("begin empty key")
            << "SELECT * FROM inbox.begin_action($1, 'k', '') WHERE $2::bigint > 0"
            << "22023"
            << "p_operation_key";
        QTest::newRow("finish null action")
            << "SELECT inbox.finish_action(NULL, true) WHERE $1::bigint + $2::bigint > 0"
            << "22004"
            << "p_action_id";
        QTest::newRow("finish unknown action")
            << "SELECT inbox.finish_action($1::bigint + $2::bigint + 1000, true)"
            << "22023"
            << "p_action_id";
        QTest::newRow("finish null ok")
            << "SELECT inbox.finish_action($2, NULL) WHERE $1::bigint > 0"
            << "22004"
            << "p_ok";
    }

    void badArgumentsWriteNothing()
    {
        QFETCH(QString, sql);
        QFETCH(QString, sqlstate);
        QFETCH(QString, argument);
        PgSession su(m_db.conninfo());
        const qint64 e = acceptOne(su, QStringLiteral("order-8"));
        const Begun a = begin(su, e, QStringLiteral("k"), QStringLiteral("existing"));
        QCOMPARE(a.state, QStringLiteral("started"));
        const QString footprint = QStringLiteral(
            "SELECT (SELECT count(*) FROM inbox.journal) || '/' ||"
            " (SELECT string_agg(format('%s|%s|%s', id, state, begun), ',') FROM inbox.actions)");
        const QString before = one(su, footprint);
        const PgResult r = su.exec(sql, {e, a.actionId});
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, sqlstate);
        QVERIFY2(r.message.contains(argument), qPrintable(r.message));
        QCOMPARE(one(su, footprint), before);
    }

    void workerRoleMayUseActions()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptOne(su, QStringLiteral("order-9"));
        PgSession w(m_db.conninfo(QStringLiteral("action_worker")));
        const Begun a = begin(w, e, QStringLiteral("k"), QStringLiteral("key-9"));
        QCOMPARE(a.state, QStringLiteral("started"));
        QVERIFY_SQL(finish(w, a.actionId, true));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(DISTINCT actor, ',') FROM inbox.journal "
                                        "WHERE entry LIKE 'action%'")),
                 QStringLiteral("action_worker"));
        PgSession rx(m_db.conninfo(QStringLiteral("action_receiver")));
        QVERIFY(begin(rx, e, QStringLiteral("k"), QStringLiteral("key-10"))
                    .state.startsWith(QLatin1String("!ERROR 42501")));
        QCOMPARE(finish(rx, a.actionId, true).sqlstate, QStringLiteral("42501"));
    }
};

QTEST_MAIN(TestActions)
#include "tst_actions.moc"
