// inbox.flag_review and inbox.resolve_review (migration 14): a worker marks the event it holds
// for a person; an operator closes the review with a resolution, journaled with the person.
// No body is ever deleted; a conflicting body judged a different event becomes an event once.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QTest>

#include <thread>

using namespace contract;

namespace {

const QString kOlga = QStringLiteral("op_olga");
const QString kPavel = QStringLiteral("op_pavel");
const QString kSonia = QStringLiteral("sup_sonia");
const QString kWorker = QStringLiteral("worker_w");

// "id:outcome,id:outcome" of one resolve_review call, or the error.
QString resolve(PgSession &s, const QVariantList &ids, const QVariant &resolution,
                const QVariant &note = QVariant())
{
    QStringList text;
    for (const QVariant &id : ids)
        text << id.toString();
    const PgResult r = s.exec(
        QStringLiteral("SELECT string_agg(event_id || ':' || outcome, ',' ORDER BY event_id)"
                       " FROM inbox.resolve_review(string_to_array($1, ',')::bigint[], $2, $3)"),
        {text.join(QLatin1Char(',')), resolution, note});
    if (!r.ok)
        return QStringLiteral("!ERROR %1").arg(r.sqlstate);
    return r.value(0, 0);
}

} // namespace

class TestReview final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestReview()
        : DatabaseTestCase{{kOlga, {QStringLiteral("inbox_operator")}},
                           {kPavel, {QStringLiteral("inbox_operator")}},
                           {kSonia, {QStringLiteral("inbox_support")}},
                           {kWorker, {QStringLiteral("inbox_worker")}}}
    {}

private slots:
    // Only the worker holding the event flags it; anyone else's call is journaled and refused.
    void workerFlagsOnlyWhatItHolds()
    {
        PgSession &su = m_db.su();
        PgSession worker(m_db.conninfo(kWorker));
        const qint64 id = acceptEvent(su, QStringLiteral("lead-1"));
        QCOMPARE(one(worker, QStringLiteral("SELECT count(*) FROM inbox.claim('w1', 1)")),
                 QStringLiteral("1"));
        const QString token = tokenOf(su, id);
        const QString flag = QStringLiteral("SELECT inbox.flag_review($1, $2, $4, $3)");
        QCOMPARE(one(worker, flag, {id, QStringLiteral("w2"), QStringLiteral("other"), token}),
                 QStringLiteral("f"));
        QCOMPARE(one(worker, flag, {id, QStringLiteral("w1"), QStringLiteral(" no city "), token}),
                 QStringLiteral("t"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT needs_review FROM inbox.events WHERE id = $1"), {id}),
            QStringLiteral("no city"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT string_agg(entry || '/' || actor, ',' ORDER BY id)"
                                    " FROM inbox.journal WHERE event_id = $1"
                                    " AND entry IN ('stale_flag_review', 'review_flagged')"),
                     {id}),
                 QStringLiteral("stale_flag_review/w2,review_flagged/w1"));
        // accept's own reason is not a worker's to give; blank reasons say nothing.
        QVERIFY(one(worker, flag, {id, QStringLiteral("w1"), QStringLiteral("key conflict"), token})
                    .startsWith(QStringLiteral("!ERROR 22023")));
        QVERIFY(one(worker, flag, {id, QStringLiteral("w1"), QStringLiteral("  "), token})
                    .startsWith(QStringLiteral("!ERROR 22023")));
        // Operators and support do not flag.
        PgSession olga(m_db.conninfo(kOlga));
        QVERIFY(one(olga, flag, {id, QStringLiteral("w1"), QStringLiteral("x"), token})
                    .startsWith(QStringLiteral("!ERROR 42501")));
    }

    void handledByHandNeedsANoteAndKeepsTheReason()
    {
        PgSession &su = m_db.su();
        PgSession worker(m_db.conninfo(kWorker));
        const qint64 id = acceptEvent(su, QStringLiteral("lead-2"));
        one(worker, QStringLiteral("SELECT count(*) FROM inbox.claim('w1', 1)"));
        const QString token = tokenOf(su, id);
        one(worker, QStringLiteral("SELECT inbox.flag_review($1, 'w1', $2, 'enrichment failed')"),
            {id, token});
        one(worker, QStringLiteral("SELECT inbox.complete($1, 'w1', $2, NULL)"), {id, token});

        PgSession olga(m_db.conninfo(kOlga));
        QCOMPARE(resolve(olga, {id}, QStringLiteral("handled_by_hand")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(resolve(olga, {id}, QStringLiteral("handled_by_hand"), QStringLiteral(" ")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(resolve(olga, {id}, QStringLiteral("kept_first_body")),
                 QStringLiteral("%1:not_a_conflict").arg(id));
        QCOMPARE(resolve(olga, {id}, QStringLiteral("handled_by_hand"),
                         QStringLiteral("called the customer")),
                 QStringLiteral("%1:resolved").arg(id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT coalesce(needs_review, 'none') || '/' || status"
                                    " FROM inbox.events WHERE id = $1"),
                     {id}),
                 QStringLiteral("none/done"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT format('%s|%s|%s|%s|%s', actor, by_person,"
                                    " detail->>'resolution', detail->>'note',"
                                    " detail->>'previous_reason')"
                                    " FROM inbox.journal WHERE event_id = $1"
                                    " AND entry = 'review_resolved'"),
                     {id}),
                 QStringLiteral("op_olga|t|handled_by_hand|called the customer|enrichment failed"));
        QCOMPARE(resolve(olga, {id}, QStringLiteral("handled_by_hand"), QStringLiteral("again")),
                 QStringLiteral("%1:not_flagged").arg(id));
    }

    void keptFirstBodyDeletesNothing()
    {
        PgSession &su = m_db.su();
        const qint64 id = conflictedEvent(su, QStringLiteral("order-7"), 3);
        const QString bodies = QStringLiteral(
            "SELECT (SELECT convert_from(body, 'UTF8') FROM inbox.events WHERE id = $1) || '|' ||"
            " (SELECT string_agg(convert_from(body, 'UTF8'), ',' ORDER BY id)"
            "    FROM inbox.conflict_bodies WHERE event_id = $1)");
        QCOMPARE(one(su, bodies, {id}), QStringLiteral("{\"v\":1}|{\"v\":2},{\"v\":3}"));
        PgSession olga(m_db.conninfo(kOlga));
        QCOMPARE(resolve(olga, {id}, QStringLiteral("kept_first_body")),
                 QStringLiteral("%1:resolved").arg(id));
        QCOMPARE(one(su, bodies, {id}), QStringLiteral("{\"v\":1}|{\"v\":2},{\"v\":3}"));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.events")), QStringLiteral("1"));
        // A later conflicting delivery flags the event again: a resolution is not a mute.
        oneInt(su, QStringLiteral("SELECT event_id FROM inbox.accept('crm', 'order-7',"
                                  " convert_to('{\"v\":4}', 'UTF8'))"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT needs_review FROM inbox.events WHERE id = $1"), {id}),
            QStringLiteral("key conflict"));
    }

    // Each conflicting body becomes its own event, once, with a key and the normal path.
    void secondIsNewEventAcceptsEachConflictingBodyOnce()
    {
        PgSession &su = m_db.su();
        const qint64 id = conflictedEvent(su, QStringLiteral("order-8"), 3);
        PgSession olga(m_db.conninfo(kOlga));
        QCOMPARE(resolve(olga, {id, id, 999999}, QStringLiteral("second_is_new_event")),
                 QStringLiteral("%1:resolved,999999:not_found").arg(id));
        const QString made = QStringLiteral(
            "SELECT string_agg(format('%s=%s/%s/%s', e.external_id, convert_from(e.body, 'UTF8'),"
            " e.status, e.idempotency_key IS NOT NULL), ',' ORDER BY e.id)"
            " FROM inbox.events e WHERE e.id <> $1");
        const QString expected = QStringLiteral(
            "order-8#conflict-%1={\"v\":2}/received/t,order-8#conflict-%2={\"v\":3}/received/t");
        const qint64 firstBody = oneInt(
            su, QStringLiteral("SELECT min(id) FROM inbox.conflict_bodies WHERE event_id = $1"),
            {id});
        QCOMPARE(one(su, made, {id}), expected.arg(firstBody).arg(firstBody + 1));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg((detail->>'event_id') || '/' || actor "
                                        "|| '/' || by_person, ',')"
                                        " FROM inbox.journal WHERE entry = 'split_from_conflict'")),
                 QStringLiteral("%1/op_olga/false,%1/op_olga/false").arg(id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT jsonb_array_length(detail->'new_event_ids')"
                                    " FROM inbox.journal WHERE event_id = $1"
                                    " AND entry = 'review_resolved'"),
                     {id}),
                 QStringLiteral("2"));
        QCOMPARE(resolve(olga, {id}, QStringLiteral("second_is_new_event")),
                 QStringLiteral("%1:not_flagged").arg(id));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.events")), QStringLiteral("3"));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.conflict_bodies")),
                 QStringLiteral("2"));
    }

    // Two operators at once: the second waits for the first and finds nothing left to do.
    void concurrentResolutionsSplitOnce()
    {
        PgSession &su = m_db.su();
        const qint64 id = conflictedEvent(su, QStringLiteral("order-9"), 3);
        PgSession olga(m_db.conninfo(kOlga));
        PgSession pavel(m_db.conninfo(kPavel));
        QVERIFY_SQL(olga.exec(QStringLiteral("BEGIN")));
        QCOMPARE(resolve(olga, {id}, QStringLiteral("second_is_new_event")),
                 QStringLiteral("%1:resolved").arg(id));
        const int pavelPid = backendPid(pavel); // before the thread owns the session
        QString second;
        std::thread t(
            [&] { second = resolve(pavel, {id}, QStringLiteral("second_is_new_event")); });
        const bool blocked = waitUntilBlocked(su, pavelPid);
        if (!blocked) {
            olga.exec(QStringLiteral("ROLLBACK")); // let the thread end before failing
            t.join();
            QFAIL("the second resolution did not wait for the first");
        }
        QVERIFY_SQL(olga.exec(QStringLiteral("COMMIT")));
        t.join();
        QCOMPARE(second, QStringLiteral("%1:not_flagged").arg(id));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.events")), QStringLiteral("3"));
    }

    void rolesAndBadInput()
    {
        PgSession &su = m_db.su();
        const qint64 id = conflictedEvent(su, QStringLiteral("order-10"), 3);
        PgSession sonia(m_db.conninfo(kSonia));
        PgSession worker(m_db.conninfo(kWorker));
        QCOMPARE(resolve(sonia, {id}, QStringLiteral("kept_first_body")),
                 QStringLiteral("!ERROR 42501"));
        QCOMPARE(resolve(worker, {id}, QStringLiteral("kept_first_body")),
                 QStringLiteral("!ERROR 42501"));
        PgSession olga(m_db.conninfo(kOlga));
        QCOMPARE(resolve(olga, {id}, QStringLiteral("merged")), QStringLiteral("!ERROR 22023"));
        QCOMPARE(resolve(olga, {id}, QVariant()), QStringLiteral("!ERROR 22004"));
        QVERIFY(
            one(olga, QStringLiteral("SELECT count(*) FROM inbox.resolve_review(NULL,"
                                     " 'kept_first_body')"))
                .startsWith(QStringLiteral("!ERROR 22004 ERROR:  p_event_ids must not be NULL")));
        QCOMPARE(
            one(su, QStringLiteral("SELECT needs_review FROM inbox.events WHERE id = $1"), {id}),
            QStringLiteral("key conflict"));
    }
};

QTEST_GUILESS_MAIN(TestReview)
#include "tst_review.moc"
