// The dispatcher's part of the contract (0025, issue 33) against a real PostgreSQL:
// claim_routed takes only its route with claim's fencing and takeover, finish_delivery records
// every attempt and applies its outcome through complete and fail (or releases the attempt
// uncounted), two sessions never take one event twice, and pausing a destination is for
// operators, journaled with the person and the reason. Time moves by updating timestamps.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <algorithm>
#include <mutex>
#include <set>

using namespace contract;

namespace {

qint64 acceptKind(PgSession &s, const QString &source, const QString &externalId,
                  const QString &kind)
{
    return oneInt(s,
                  QStringLiteral("SELECT event_id FROM inbox.accept($1, $2, '\\x7b7d'::bytea,"
                                 " 'application/json', NULL, $3)"),
                  {source, externalId, kind.isEmpty() ? QVariant() : QVariant(kind)});
}

// Ids claim_routed returned, in its order, or "!ERROR <sqlstate>".
QStringList claimRouted(PgSession &s, const QString &worker, int limit, const QString &sources,
                        const QString &kinds, const QString &separator = QString())
{
    const PgResult r = s.exec(QStringLiteral("SELECT id FROM inbox.claim_routed($1, $2,"
                                             " $3::text[], $4::text[], $5)"),
                              {worker, limit, sources.isEmpty() ? QVariant() : QVariant(sources),
                               kinds.isEmpty() ? QVariant() : QVariant(kinds),
                               separator.isEmpty() ? QVariant() : QVariant(separator)});
    if (!r.ok)
        return {QStringLiteral("!ERROR ") + r.sqlstate};
    QStringList ids;
    for (int i = 0; i < r.rows(); ++i)
        ids << r.value(i, 0);
    return ids;
}

QString finish(PgSession &s, qint64 eventId, const QString &worker, const QString &token,
               const QString &outcome, const QVariant &status, const QString &answer,
               const QString &error)
{
    return valueOrError(s.exec(
        QStringLiteral("SELECT inbox.finish_delivery($1, $2, $3::bigint, 'crm-hook', $4, $5::int,"
                       " $6, 12, $7)"),
        {eventId, worker, token, outcome, status, answer.isEmpty() ? QVariant() : answer,
         error.isEmpty() ? QVariant() : error}));
}

QString ids(std::initializer_list<qint64> values)
{
    QStringList out;
    for (qint64 v : values)
        out << QString::number(v);
    return out.join(QLatin1Char(','));
}

} // namespace

class TestDispatch : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestDispatch()
        : DatabaseTestCase{{"d_worker", {"inbox_worker"}},
                           {"d_support", {"inbox_support"}},
                           {"d_operator", {"inbox_operator"}}}
    {}

private slots:
    void claimRoutedTakesOnlyItsRoute()
    {
        PgSession su(m_db.conninfo());
        const qint64 shopOrder =
            acceptKind(su, QStringLiteral("shop"), QStringLiteral("1"), QStringLiteral("order"));
        const qint64 shopRefund =
            acceptKind(su, QStringLiteral("shop"), QStringLiteral("2"), QStringLiteral("refund"));
        const qint64 crmOrder =
            acceptKind(su, QStringLiteral("crm"), QStringLiteral("3"), QStringLiteral("order"));
        const qint64 crmNoKind = acceptKind(su, QStringLiteral("crm"), QStringLiteral("4"), {});
        // Other sources' events first in the queue: the window must not hide the route's.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET next_attempt_at = now() - interval '1 hour' * id")));

        PgSession w(m_db.conninfo(QStringLiteral("d_worker")));
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 10, QStringLiteral("{nobody}"), {}),
                 QStringList());
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 10, QStringLiteral("{shop}"),
                             QStringLiteral("{refund}"))
                     .join(QLatin1Char(',')),
                 ids({shopRefund}));
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 10, {}, QStringLiteral("{order}"))
                     .join(QLatin1Char(',')),
                 ids({crmOrder, shopOrder}));
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 10, {}, {}).join(QLatin1Char(',')),
                 ids({crmNoKind}));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT string_agg(entry || '/' || actor, ',' ORDER BY"
                                    " id) FROM inbox.journal WHERE event_id = $1"),
                     {shopRefund}),
                 QStringLiteral("received/postgres,claimed/w"));

        // Argument errors, nothing taken.
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 1, QStringLiteral("{}"), {}),
                 QStringList{QStringLiteral("!ERROR 22023")});
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 1, {}, QStringLiteral("{NULL}")),
                 QStringList{QStringLiteral("!ERROR 22023")});
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 0, {}, {}),
                 QStringList{QStringLiteral("!ERROR 22023")});
        QCOMPARE(claimRouted(w, QStringLiteral(""), 1, {}, {}),
                 QStringList{QStringLiteral("!ERROR 22023")});
        QCOMPARE(errorOf(w.exec(
                     QStringLiteral("SELECT * FROM inbox.claim_routed(NULL, 1, NULL, NULL)"))),
                 QStringLiteral("!ERROR 22004"));
        QCOMPARE(errorOf(w.exec(QStringLiteral("SELECT * FROM inbox.events"))),
                 QStringLiteral("!ERROR 42501"));
    }

    void claimRoutedTakesOverExpiredLocksOfItsRouteAndFences()
    {
        PgSession su(m_db.conninfo());
        const qint64 mine = acceptKind(su, QStringLiteral("shop"), QStringLiteral("1"), {});
        const qint64 other = acceptKind(su, QStringLiteral("crm"), QStringLiteral("2"), {});
        QCOMPARE(claimRouted(su, QStringLiteral("old"), 10, {}, {}).size(), 2);
        const QString oldToken = tokenOf(su, mine);
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET locked_at = now() - interval '6 minutes'")));

        QCOMPARE(claimRouted(su, QStringLiteral("new"), 10, QStringLiteral("{shop}"), {}),
                 QStringList{QString::number(mine)});
        QCOMPARE(one(su,
                     QStringLiteral("SELECT locked_by || '/' || attempts FROM inbox.events"
                                    " WHERE id = $1"),
                     {other}),
                 QStringLiteral("old/1"));
        QCOMPARE(journalEntries(su, mine), QStringLiteral("received,claimed,takeover"));
        QVERIFY(tokenOf(su, mine) != oldToken);

        // The earlier holder's answer arrives late: recorded, applied to nothing.
        QCOMPARE(
            finish(su, mine, QStringLiteral("old"), oldToken, QStringLiteral("done"), 200, {}, {}),
            QStringLiteral("lost_lock"));
        QCOMPARE(one(su, QStringLiteral("SELECT status FROM inbox.events WHERE id = $1"), {mine}),
                 QStringLiteral("processing"));
        QCOMPARE(finish(su, mine, QStringLiteral("new"), tokenOf(su, mine), QStringLiteral("done"),
                        204, {}, {}),
                 QStringLiteral("done"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT string_agg(concat_ws('/', worker, attempt,"
                                    " http_status, applied), ',' ORDER BY id)"
                                    " FROM inbox.delivery_attempts WHERE event_id = $1"),
                     {mine}),
                 QStringLiteral("old/2/200/lost_lock,new/2/204/done"));

        // On the last attempt an expired lock of the route fails, as claim does.
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET max_attempts = 1,"
                                           " locked_at = now() - interval '6 minutes'"
                                           " WHERE id = $1"),
                            {other}));
        QCOMPARE(claimRouted(su, QStringLiteral("new"), 10, QStringLiteral("{crm}"), {}),
                 QStringList());
        QCOMPARE(one(su,
                     QStringLiteral("SELECT status || '/' || last_error FROM inbox.events"
                                    " WHERE id = $1"),
                     {other}),
                 QStringLiteral("failed/lock of old expired on the last attempt"));
    }

    void finishDeliveryAppliesEachOutcome()
    {
        PgSession su(m_db.conninfo());
        PgSession w(m_db.conninfo(QStringLiteral("d_worker")));
        const qint64 done = acceptKind(su, QStringLiteral("shop"), QStringLiteral("done"), {});
        const qint64 rejected = acceptKind(su, QStringLiteral("shop"), QStringLiteral("rej"), {});
        const qint64 retried = acceptKind(su, QStringLiteral("shop"), QStringLiteral("ret"), {});
        const qint64 released = acceptKind(su, QStringLiteral("shop"), QStringLiteral("rel"), {});
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 10, {}, {}).size(), 4);

        QCOMPARE(finish(w, done, QStringLiteral("w"), tokenOf(su, done), QStringLiteral("done"),
                        200, QStringLiteral("ok"), {}),
                 QStringLiteral("done"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT status || ' ' || result::text FROM inbox.events"
                                    " WHERE id = $1"),
                     {done}),
                 QStringLiteral("done {\"destination\": \"crm-hook\", \"http_status\": 200}"));

        QCOMPARE(finish(w, rejected, QStringLiteral("w"), tokenOf(su, rejected),
                        QStringLiteral("reject"), 422, QStringLiteral("{\"error\":\"no email\"}"),
                        QStringLiteral("HTTP 422 from crm-hook")),
                 QStringLiteral("failed"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', e.status, e.error_retryable,"
                                    " e.last_error, a.http_status, a.answer, a.outcome)"
                                    " FROM inbox.events e JOIN inbox.delivery_attempts a"
                                    " ON a.event_id = e.id WHERE e.id = $1"),
                     {rejected}),
                 QStringLiteral("failed|f|HTTP 422 from crm-hook|422|{\"error\":\"no email\"}|"
                                "reject"));

        QCOMPARE(finish(w, retried, QStringLiteral("w"), tokenOf(su, retried),
                        QStringLiteral("retry"), QVariant(), {},
                        QStringLiteral("timed out after 10 s")),
                 QStringLiteral("received"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', status, attempts,"
                                    " next_attempt_at > now() + interval '8 seconds')"
                                    " FROM inbox.events WHERE id = $1"),
                     {retried}),
                 QStringLiteral("received|1|t"));

        // Released: the attempt is given back, due at once, nothing failed.
        QCOMPARE(finish(w, released, QStringLiteral("w"), tokenOf(su, released),
                        QStringLiteral("release"), 503, {},
                        QStringLiteral("breaker open: HTTP 503")),
                 QStringLiteral("released"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', status, attempts,"
                                    " next_attempt_at <= now(), locked_by IS NULL)"
                                    " FROM inbox.events WHERE id = $1"),
                     {released}),
                 QStringLiteral("received|0|t|t"));
        QCOMPARE(journalEntries(su, released), QStringLiteral("received,claimed,released"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT string_agg(status, ',' ORDER BY id)"
                                    " FROM inbox.event_queue WHERE id IN ($1, $2)"),
                     {retried, released}),
                 QStringLiteral("received,received"));
        // Released twice: the lock is gone, so it is lost, not released again.
        QCOMPARE(finish(w, released, QStringLiteral("w"), QStringLiteral("1"),
                        QStringLiteral("release"), 503, {}, QStringLiteral("again")),
                 QStringLiteral("lost_lock"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT attempts FROM inbox.events WHERE id = $1"),
                        {released}),
                 0);

        // Argument errors write nothing.
        const qint64 before = oneInt(su, QStringLiteral("SELECT count(*) FROM"
                                                        " inbox.delivery_attempts"));
        QCOMPARE(finish(w, done, QStringLiteral("w"), QStringLiteral("1"), QStringLiteral("maybe"),
                        200, {}, QStringLiteral("x")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(finish(w, done, QStringLiteral("w"), QStringLiteral("1"), QStringLiteral("retry"),
                        500, {}, {}),
                 QStringLiteral("!ERROR 22004"));
        QCOMPARE(finish(w, done, QStringLiteral("w"), QStringLiteral("1"), QStringLiteral("done"),
                        700, {}, {}),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(finish(w, 999999, QStringLiteral("w"), QStringLiteral("1"), QStringLiteral("done"),
                        200, {}, {}),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(
            valueOrError(w.exec(QStringLiteral(
                "SELECT inbox.finish_delivery(1, 'w', NULL, 'd', 'done', 200, NULL, 1, NULL)"))),
            QStringLiteral("!ERROR 22004"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.delivery_attempts")),
                 before);
        // An answer is kept to 4000 characters.
        const qint64 big = acceptKind(su, QStringLiteral("big"), QStringLiteral("big"), {});
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 1, QStringLiteral("{big}"), {}),
                 QStringList{QString::number(big)});
        QCOMPARE(finish(w, big, QStringLiteral("w"), tokenOf(su, big), QStringLiteral("reject"),
                        400, QString(5000, QLatin1Char('x')), QStringLiteral("HTTP 400")),
                 QStringLiteral("failed"));
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT char_length(answer) FROM"
                                       " inbox.delivery_attempts WHERE event_id = $1"),
                        {big}),
                 4000);
    }

    // finish_deliveries (0028) gives each delivery of a batch exactly what finish_delivery
    // gives it alone: the same answer, the same event state, the same attempt row and the same
    // journal. Two routes get the same five deliveries, one call each against one batch.
    void finishDeliveriesGivesEachWhatFinishDeliveryGives()
    {
        PgSession su(m_db.conninfo());
        PgSession w(m_db.conninfo(QStringLiteral("d_worker")));
        const QStringList externalIds{QStringLiteral("b-done"), QStringLiteral("b-reject"),
                                      QStringLiteral("b-retry"), QStringLiteral("b-release"),
                                      QStringLiteral("b-stale")};
        QHash<QString, qint64> alone, batch;
        for (const QString &x : externalIds) {
            alone.insert(x, acceptKind(su, QStringLiteral("alone"), x, {}));
            batch.insert(x, acceptKind(su, QStringLiteral("batch"), x, {}));
        }
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 10, QStringLiteral("{alone}"), {}).size(), 5);
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 10, QStringLiteral("{batch}"), {}).size(), 5);

        struct Delivery
        {
            QString outcome;
            QVariant status;
            QString answer, error;
        };
        const QList<Delivery> deliveries{
            {QStringLiteral("done"), 200, QStringLiteral("ok"), {}},
            {QStringLiteral("reject"), 422, QStringLiteral("{\"error\":\"no email\"}"),
             QStringLiteral("HTTP 422 from crm-hook")},
            {QStringLiteral("retry"), 500, {}, QStringLiteral("HTTP 500 from crm-hook")},
            {QStringLiteral("release"), QVariant(), {}, QStringLiteral("breaker open")},
            {QStringLiteral("done"), 200, {}, {}}}; // with a token that is not the event's
        const QString kStaleToken = QStringLiteral("987654321");
        QStringList aloneApplied;
        for (int i = 0; i < deliveries.size(); ++i) {
            const Delivery &d = deliveries.at(i);
            const qint64 id = alone.value(externalIds.at(i));
            const QString token = i == 4 ? kStaleToken : tokenOf(su, id);
            aloneApplied << finish(w, id, QStringLiteral("w"), token, d.outcome, d.status, d.answer,
                                   d.error);
        }
        // The batch in descending id order: the answers come back in the order given. Each
        // array travels as JSON (null for SQL NULL).
        QJsonArray ids, tokens, outcomes, statuses, answers, errors;
        const auto orNull = [](const QString &text) {
            return text.isEmpty() ? QJsonValue() : QJsonValue(text);
        };
        for (int i = deliveries.size() - 1; i >= 0; --i) {
            const Delivery &d = deliveries.at(i);
            const qint64 id = batch.value(externalIds.at(i));
            ids << QString::number(id);
            tokens << (i == 4 ? kStaleToken : tokenOf(su, id));
            outcomes << d.outcome;
            statuses << (d.status.isValid() ? QJsonValue(d.status.toString()) : QJsonValue());
            answers << orNull(d.answer);
            errors << orNull(d.error);
        }
        const auto json = [](const QJsonArray &a) {
            return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
        };
        const QString element =
            QStringLiteral("ARRAY(SELECT x FROM jsonb_array_elements_text($%1::jsonb)"
                           " WITH ORDINALITY AS t(x, o) ORDER BY o)");
        const PgResult r = w.exec(
            QStringLiteral("SELECT string_agg(event_id || ':' || applied, ',' ORDER BY ord)"
                           " FROM inbox.finish_deliveries('w', 'crm-hook', %1::bigint[],"
                           " %2::bigint[], %3, %4::int[], %5, '{12,12,12,12,12}', %6)")
                .arg(element.arg(1), element.arg(2), element.arg(3), element.arg(4), element.arg(5),
                     element.arg(6)),
            {json(ids), json(tokens), json(outcomes), json(statuses), json(answers), json(errors)});
        QVERIFY2(r.ok, qPrintable(r.message));
        QStringList expected;
        for (int i = deliveries.size() - 1; i >= 0; --i)
            expected << QString::number(batch.value(externalIds.at(i))) + QLatin1Char(':') +
                            aloneApplied.at(i);
        QCOMPARE(r.value(0, 0), expected.join(QLatin1Char(',')));
        QCOMPARE(aloneApplied, (QStringList{QStringLiteral("done"), QStringLiteral("failed"),
                                            QStringLiteral("received"), QStringLiteral("released"),
                                            QStringLiteral("lost_lock")}));

        // The same state, attempt row and journal, whichever way the outcome was recorded.
        const QString state = QStringLiteral(
            "SELECT concat_ws('|', e.status, e.attempts, e.error_retryable, e.last_error,"
            " e.result::text, e.locked_by IS NULL, e.next_attempt_at > now() + interval '5 s',"
            " (SELECT string_agg(concat_ws('/', a.attempt, a.http_status, a.duration_ms,"
            "  a.outcome, a.answer, a.error, a.applied), ';' ORDER BY a.id)"
            "  FROM inbox.delivery_attempts a WHERE a.event_id = e.id),"
            " (SELECT string_agg(j.entry || ' ' || (j.detail - 'next_attempt_at' - "
            "'delay_seconds')::text, ';'"
            "  ORDER BY j.id) FROM inbox.journal j WHERE j.event_id = e.id))"
            " FROM inbox.events e WHERE e.id = $1");
        for (const QString &x : externalIds)
            QCOMPARE(one(su, state, {batch.value(x)}), one(su, state, {alone.value(x)}));
    }

    // A batch with one bad delivery is refused whole, before anything is written.
    void finishDeliveriesRefusesABadBatchWhole()
    {
        PgSession su(m_db.conninfo());
        PgSession w(m_db.conninfo(QStringLiteral("d_worker")));
        const qint64 a = acceptKind(su, QStringLiteral("refuse"), QStringLiteral("r-1"), {});
        const qint64 b = acceptKind(su, QStringLiteral("refuse"), QStringLiteral("r-2"), {});
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 10, QStringLiteral("{refuse}"), {}).size(), 2);
        const QString pair = QStringLiteral("{%1,%2}").arg(a).arg(b);
        const QString tokens = QStringLiteral("{%1,%2}").arg(tokenOf(su, a), tokenOf(su, b));
        const qint64 before =
            oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.delivery_attempts"));
        const auto call = [&](const QString &ids, const QString &tok, const QString &outcomes,
                              const QVariant &errors) {
            const PgResult r = w.exec(
                QStringLiteral("SELECT count(*) FROM inbox.finish_deliveries('w', 'crm-hook', $1,"
                               " $2, $3, NULL, NULL, NULL, $4)"),
                {ids, tok, outcomes, errors});
            return r.ok ? QStringLiteral("ok")
                        : r.sqlstate + QLatin1Char(' ') +
                              QString(r.message).remove(QStringLiteral("ERROR:  "));
        };
        // A retry without its error, second in the batch: named by its place.
        const auto refused = [&](const QString &answer, const char *start) {
            return answer.startsWith(QLatin1String(start)) ? QString() : answer;
        };
        QCOMPARE(refused(call(pair, tokens, QStringLiteral("{done,retry}"), QVariant()),
                         "22023 delivery 2 is not valid"),
                 QString());
        QCOMPARE(
            refused(call(pair, QStringLiteral("{1}"), QStringLiteral("{done,done}"), QVariant()),
                    "22023 every array must have"),
            QString());
        QCOMPARE(refused(call(QStringLiteral("{%1,%1}").arg(a), tokens,
                              QStringLiteral("{done,done}"), QVariant()),
                         "22023 p_event_ids must not name an event twice"),
                 QString());
        QCOMPARE(refused(call(QStringLiteral("{%1,999999}").arg(a), tokens,
                              QStringLiteral("{done,done}"), QVariant()),
                         "22023 p_event_id 999999 does not exist"),
                 QString());
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.delivery_attempts")),
                 before);
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(status, ',' ORDER BY id) FROM"
                                        " inbox.events WHERE source = 'refuse'")),
                 QStringLiteral("processing,processing"));
        QCOMPARE(call(QStringLiteral("{}"), QStringLiteral("{}"), QStringLiteral("{}"), QVariant()),
                 QStringLiteral("ok"));
        QCOMPARE(call(pair, tokens, QStringLiteral("{done,done}"), QVariant()),
                 QStringLiteral("ok"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(status, ',' ORDER BY id) FROM"
                                        " inbox.events WHERE source = 'refuse'")),
                 QStringLiteral("done,done"));
    }

    // Two dispatchers claiming the same route at once: every event is taken by exactly one.
    void twoSessionsNeverClaimOneEventTwice()
    {
        PgSession su(m_db.conninfo());
        QVERIFY_SQL(su.exec(QStringLiteral(
            "SELECT inbox.accept('shop', 'k' || i, '\\x7b7d'::bytea) FROM generate_series(1, 400)"
            " AS i")));
        std::mutex mutex;
        std::multiset<QString> taken;
        std::vector<std::function<void()>> jobs;
        for (int j = 0; j < 2; ++j)
            jobs.push_back([&, j] {
                PgSession s(m_db.conninfo(QStringLiteral("d_worker")));
                for (;;) {
                    const QStringList got = claimRouted(s, QStringLiteral("w%1").arg(j), 7,
                                                        QStringLiteral("{shop}"), {});
                    if (got.isEmpty())
                        break;
                    const std::lock_guard<std::mutex> lock(mutex);
                    for (const QString &id : got)
                        taken.insert(id);
                }
            });
        runTogether(jobs);
        QCOMPARE(int(taken.size()), 400);
        QCOMPARE(int(std::set<QString>(taken.begin(), taken.end()).size()), 400);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(DISTINCT locked_by) FROM inbox.events")),
                 2);
    }

    // With a separator, a group's events (same source, same external id up to it) go out one at
    // a time in id order, also across retries; a failed one no longer holds the group back.
    void orderedGroupsGoOutInIdOrder()
    {
        PgSession su(m_db.conninfo());
        const auto ev = [&su](const char *source, const char *id) {
            return acceptKind(su, QString::fromLatin1(source), QString::fromLatin1(id), {});
        };
        const qint64 a = ev("shop", "o1:a");
        const qint64 b = ev("shop", "o1:b");
        const qint64 other = ev("shop", "o2:a");
        const qint64 c = ev("shop", "o1:c");
        const qint64 solo = ev("shop", "o1");      // no separator: a group of its own
        const qint64 longer = ev("shop", "o1x:a"); // another group
        const qint64 crm = ev("crm", "o1:z");      // another source
        const QString sep = QStringLiteral(":");
        const auto claimed = [&] {
            QStringList got = claimRouted(su, QStringLiteral("w"), 10, {}, {}, sep);
            std::sort(got.begin(), got.end(), [](const QString &x, const QString &y) {
                return x.toLongLong() < y.toLongLong();
            });
            return got.join(QLatin1Char(','));
        };
        QCOMPARE(claimed(), ids({a, other, solo, longer, crm}));
        QCOMPARE(claimed(), QString());
        QCOMPARE(
            finish(su, a, QStringLiteral("w"), tokenOf(su, a), QStringLiteral("done"), 200, {}, {}),
            QStringLiteral("done"));
        QCOMPARE(claimed(), ids({b}));
        // b's retry is due later: c waits for it.
        QCOMPARE(finish(su, b, QStringLiteral("w"), tokenOf(su, b), QStringLiteral("retry"), 503,
                        {}, QStringLiteral("HTTP 503")),
                 QStringLiteral("received"));
        QCOMPARE(claimed(), QString());
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now()"
                                           " WHERE id = $1"),
                            {b}));
        QCOMPARE(claimed(), ids({b}));
        QCOMPARE(finish(su, b, QStringLiteral("w"), tokenOf(su, b), QStringLiteral("reject"), 422,
                        {}, QStringLiteral("HTTP 422")),
                 QStringLiteral("failed"));
        QCOMPARE(claimed(), ids({c}));
        // Without a separator there is no order: the same claim takes a group's events at once.
        const qint64 d1 = ev("new", "g:1");
        const qint64 d2 = ev("new", "g:2");
        QCOMPARE(claimRouted(su, QStringLiteral("w"), 10, QStringLiteral("{new}"), {})
                     .join(QLatin1Char(',')),
                 ids({d1, d2}));
        QCOMPARE(claimRouted(su, QStringLiteral("w"), 1, {}, {}, QStringLiteral("::")),
                 QStringList{QStringLiteral("!ERROR 22023")});
        QCOMPARE(claimRouted(su, QStringLiteral("w"), 1, {}, {}, QStringLiteral(" ")),
                 QStringList{QStringLiteral("!ERROR 22023")});
    }

    // A route's backlog from the counters, by source; the worker may read it.
    void routeBacklogCountsTheRoutesSources()
    {
        PgSession su(m_db.conninfo());
        PgSession w(m_db.conninfo(QStringLiteral("d_worker")));
        for (int i = 0; i < 3; ++i)
            acceptKind(su, QStringLiteral("shop"), QStringLiteral("s%1").arg(i), {});
        acceptKind(su, QStringLiteral("crm"), QStringLiteral("c"), {});
        QCOMPARE(claimRouted(w, QStringLiteral("w"), 1, QStringLiteral("{shop}"), {}).size(), 1);
        const QString sql =
            QStringLiteral("SELECT received || '/' || processing FROM inbox.route_backlog($1)");
        QCOMPARE(one(w, sql, {QStringLiteral("{shop}")}), QStringLiteral("2/1"));
        QCOMPARE(one(w, sql, {QStringLiteral("{crm,shop}")}), QStringLiteral("3/1"));
        QCOMPARE(one(w, sql, {QStringLiteral("{nobody}")}), QStringLiteral("0/0"));
        QCOMPARE(one(w, QStringLiteral("SELECT received || '/' || processing FROM"
                                       " inbox.route_backlog(NULL)")),
                 QStringLiteral("3/1"));
    }

    void pauseAndResumeAreForOperatorsAndJournaled()
    {
        PgSession su(m_db.conninfo());
        PgSession w(m_db.conninfo(QStringLiteral("d_worker")));
        PgSession support(m_db.conninfo(QStringLiteral("d_support")));
        PgSession op(m_db.conninfo(QStringLiteral("d_operator")));
        const QString pause = QStringLiteral("SELECT inbox.pause_destination($1, $2)");
        const QString resume = QStringLiteral("SELECT inbox.resume_destination($1, $2)");
        const QString report =
            QStringLiteral("SELECT paused FROM inbox.report_destination('w', $1, $2, $3)");

        // Unknown until a dispatcher reported it: a typo is not a new destination.
        QCOMPARE(valueOrError(op.exec(pause, {QStringLiteral("crm-hook"), QStringLiteral("x")})),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(valueOrError(w.exec(
                     report, {QStringLiteral("crm-hook"), QStringLiteral("closed"), QVariant()})),
                 QStringLiteral("f"));
        QCOMPARE(valueOrError(support.exec(
                     pause, {QStringLiteral("crm-hook"), QStringLiteral("maintenance")})),
                 QStringLiteral("!ERROR 42501"));
        QCOMPARE(valueOrError(w.exec(pause, {QStringLiteral("crm-hook"), QStringLiteral("x")})),
                 QStringLiteral("!ERROR 42501"));
        QCOMPARE(
            valueOrError(support.exec(resume, {QStringLiteral("crm-hook"), QStringLiteral("x")})),
            QStringLiteral("!ERROR 42501"));
        QCOMPARE(valueOrError(op.exec(pause, {QStringLiteral("crm-hook"), QStringLiteral("  ")})),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(valueOrError(op.exec(pause, {QStringLiteral("crm-hook"), QVariant()})),
                 QStringLiteral("!ERROR 22004"));

        QCOMPARE(valueOrError(op.exec(pause, {QStringLiteral("crm-hook"),
                                              QStringLiteral("CRM maintenance until 10:00")})),
                 QStringLiteral("paused"));
        QCOMPARE(valueOrError(op.exec(pause, {QStringLiteral("crm-hook"), QStringLiteral("x")})),
                 QStringLiteral("unchanged"));
        QCOMPARE(valueOrError(w.exec(
                     report, {QStringLiteral("crm-hook"), QStringLiteral("closed"), QVariant()})),
                 QStringLiteral("t"));
        QCOMPARE(one(support, QStringLiteral("SELECT concat_ws('|', paused, paused_by,"
                                             " paused_reason) FROM inbox.destinations")),
                 QStringLiteral("t|d_operator|CRM maintenance until 10:00"));
        QCOMPARE(valueOrError(
                     op.exec(resume, {QStringLiteral("crm-hook"), QStringLiteral("CRM is back")})),
                 QStringLiteral("resumed"));
        QCOMPARE(valueOrError(op.exec(resume, {QStringLiteral("crm-hook"), QStringLiteral("x")})),
                 QStringLiteral("unchanged"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT string_agg(concat_ws('|', entry, actor, by_person,"
                                   " detail->>'destination', detail->>'reason'), ',' ORDER BY id)"
                                   " FROM inbox.journal WHERE entry LIKE 'destination%'")),
            QStringLiteral("destination_paused|d_operator|t|crm-hook|CRM maintenance until "
                           "10:00,destination_resumed|d_operator|t|crm-hook|CRM is back"));
        QCOMPARE(valueOrError(w.exec(
                     report, {QStringLiteral("crm-hook"), QStringLiteral("closed"), QVariant()})),
                 QStringLiteral("f"));
    }

    // A 410 Gone: the dispatcher reports the destination disabled, which pauses it until a
    // person resumes it, across restarts of the dispatcher.
    void disabledDestinationStaysPausedUntilResumed()
    {
        PgSession su(m_db.conninfo());
        PgSession w(m_db.conninfo(QStringLiteral("d_worker")));
        PgSession op(m_db.conninfo(QStringLiteral("d_operator")));
        const QString report =
            QStringLiteral("SELECT paused FROM inbox.report_destination('w', 'hook', $1, $2)");
        QCOMPARE(valueOrError(w.exec(
                     report, {QStringLiteral("open"), QStringLiteral("connection refused")})),
                 QStringLiteral("f"));
        QCOMPARE(valueOrError(w.exec(report, {QStringLiteral("closed"), QVariant()})),
                 QStringLiteral("f"));
        QCOMPARE(valueOrError(
                     w.exec(report, {QStringLiteral("disabled"), QStringLiteral("HTTP 410 Gone")})),
                 QStringLiteral("t"));
        // The breaker's reports meanwhile neither undo it nor journal anything.
        QCOMPARE(valueOrError(w.exec(report, {QStringLiteral("closed"), QVariant()})),
                 QStringLiteral("t"));
        QCOMPARE(valueOrError(w.exec(report, {QStringLiteral("open"), QStringLiteral("x")})),
                 QStringLiteral("t"));
        QCOMPARE(one(su, QStringLiteral("SELECT concat_ws('|', paused, paused_by, paused_reason,"
                                        " state) FROM inbox.destinations")),
                 QStringLiteral("t|w|HTTP 410 Gone|disabled"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(entry || '/' || actor, ',' ORDER BY id)"
                                        " FROM inbox.journal WHERE entry LIKE 'destination%'")),
                 QStringLiteral("destination_breaker_opened/w,destination_breaker_closed/w,"
                                "destination_disabled/w"));
        QCOMPARE(valueOrError(op.exec(QStringLiteral(
                     "SELECT inbox.resume_destination('hook', 'handler redeployed')"))),
                 QStringLiteral("resumed"));
        QCOMPARE(one(su, QStringLiteral("SELECT paused::text || state FROM inbox.destinations")),
                 QStringLiteral("falseclosed"));
        QCOMPARE(valueOrError(w.exec(report, {QStringLiteral("sleeping"), QVariant()})),
                 QStringLiteral("!ERROR 22023"));
    }
};

QTEST_GUILESS_MAIN(TestDispatch)
#include "tst_dispatch.moc"
