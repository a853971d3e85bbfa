// inbox.claim, heartbeat, complete and fail against a real PostgreSQL: claim order, many
// workers at once, lock timeout and takeover, fencing of a worker that lost its lock, the
// retry schedule and the failed end state. Time moves by updating timestamps, never by sleeping.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

#include <libpq-fe.h>

#include <memory>
#include <mutex>
#include <set>

using namespace contract;

namespace {

// Ids the claim returned, in its order ("!ERROR ..." as the only element on failure).
QStringList claim(PgSession &s, const QString &worker, int limit = 1,
                  const QString &timeout = QString())
{
    const PgResult r =
        timeout.isEmpty()
            ? s.exec(QStringLiteral("SELECT id FROM inbox.claim($1, $2)"), {worker, limit})
            : s.exec(QStringLiteral("SELECT id FROM inbox.claim($1, $2, $3::interval)"),
                     {worker, limit, timeout});
    if (!r.ok)
        return {QStringLiteral("!ERROR %1 %2").arg(r.sqlstate, r.message)};
    QStringList ids;
    for (int i = 0; i < r.rows(); ++i)
        ids << r.value(i, 0);
    return ids;
}

QString id(qint64 v)
{
    return QString::number(v);
}

QString lastEntry(PgSession &su, qint64 eventId)
{
    return one(su,
               QStringLiteral("SELECT entry || '/' || actor FROM inbox.journal WHERE event_id = $1 "
                              "ORDER BY id DESC LIMIT 1"),
               {eventId});
}

// Everything about an event a worker call could change.
QString eventState(PgSession &su, qint64 eventId)
{
    return one(
        su,
        QStringLiteral(
            "SELECT format('%s|%s|%s|%s|%s|%s|%s|%s|%s', status, attempts, locked_by, locked_at,"
            " next_attempt_at, last_error, error_retryable, done_at, result)"
            " FROM inbox.events WHERE id = $1"),
        {eventId});
}

QString allEvents(PgSession &su)
{
    return one(su,
               QStringLiteral(
                   "SELECT string_agg(concat_ws('|', id, status, attempts, locked_by, locked_at,"
                   " next_attempt_at, last_error, done_at), ',' ORDER BY id) FROM inbox.events"));
}

QString stat(PgSession &su, const char *column)
{
    return one(su, QStringLiteral("SELECT coalesce(sum(%1), 0) FROM inbox.daily_stats")
                       .arg(QLatin1String(column)));
}

} // namespace

class TestWorkers : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestWorkers() : DatabaseTestCase{{"worker_login", {"inbox_worker"}}} {}

private slots:
    void claimTakesDueEventsOldestFirst()
    {
        PgSession su(m_db.conninfo());
        const qint64 a = acceptEvent(su, QStringLiteral("a"));
        const qint64 b = acceptEvent(su, QStringLiteral("b"));
        const qint64 c = acceptEvent(su, QStringLiteral("c"));
        const qint64 later = acceptEvent(su, QStringLiteral("later"));
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() - CASE external_id"
                           " WHEN 'a' THEN interval '1 minute' WHEN 'b' THEN interval '3 minutes'"
                           " WHEN 'c' THEN interval '2 minutes' ELSE interval '-1 minute' END")));

        const PgResult r = su.exec(
            QStringLiteral("SELECT id, status, locked_by, attempts, locked_at = now(), source"
                           " FROM inbox.claim('w1', 2)"));
        QVERIFY_SQL(r);
        QCOMPARE(r.rows(), 2);
        QCOMPARE(r.value(0, 0), id(b));
        QCOMPARE(r.value(1, 0), id(c));
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(r.value(i, "status"), QStringLiteral("processing"));
            QCOMPARE(r.value(i, "locked_by"), QStringLiteral("w1"));
            QCOMPARE(r.value(i, "attempts"), QStringLiteral("1"));
            QCOMPARE(r.value(i, 4), QStringLiteral("t"));
            QCOMPARE(r.value(i, "source"), QStringLiteral("shop"));
        }
        QCOMPARE(claim(su, QStringLiteral("w2"), 5), QStringList{id(a)});
        QCOMPARE(claim(su, QStringLiteral("w2"), 5), QStringList());
        QCOMPARE(eventState(su, later).section(QLatin1Char('|'), 0, 1),
                 QStringLiteral("received|0"));

        QCOMPARE(lastEntry(su, b), QStringLiteral("claimed/w1"));
        QCOMPARE(lastEntry(su, a), QStringLiteral("claimed/w2"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT detail->>'attempt' FROM inbox.journal WHERE event_id = "
                                    "$1 AND entry = 'claimed'"),
                     {a}),
                 QStringLiteral("1"));
        QCOMPARE(one(su, QStringLiteral(
                             "SELECT sum(n) FROM inbox.status_counts WHERE status = 'processing'")),
                 QStringLiteral("3"));
        // Done and failed events are never claimed.
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.complete($1, 'w1', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0), NULL)"),
                     {b}),
                 QStringLiteral("t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'bad', false)"),
                     {c}),
                 QStringLiteral("failed"));
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() - interval '1 day'")));
        QCOMPARE(claim(su, QStringLiteral("w3"), 10), QStringList{id(later)});
    }

    void stuckLocksComeBeforeWaitingEvents()
    {
        PgSession su(m_db.conninfo());
        const qint64 waiting = acceptEvent(su, QStringLiteral("waiting"));
        const qint64 stuck = acceptEvent(su, QStringLiteral("stuck"));
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() - interval '1 hour'"
                           " WHERE id = $1"),
            {waiting}));
        QVERIFY_SQL(
            su.exec(QStringLiteral(
                        "UPDATE inbox.events SET status = 'processing', locked_by = 'gone',"
                        " locked_at = now() - interval '10 minutes', attempts = 1 WHERE id = $1"),
                    {stuck}));
        QCOMPARE(claim(su, QStringLiteral("w1"), 2), (QStringList{id(stuck), id(waiting)}));
    }

    void concurrentWorkersNeverGetTheSameEvent()
    {
        const int events = 80;
        const int workers = 4;
        PgSession su(m_db.conninfo());
        for (int i = 0; i < events; ++i)
            QVERIFY(acceptEvent(su, QStringLiteral("e-%1").arg(i)) > 0);

        std::vector<std::unique_ptr<PgSession>> conns;
        for (int i = 0; i < workers; ++i) {
            conns.push_back(std::make_unique<PgSession>(m_db.conninfo()));
            QVERIFY2(conns.back()->ok(), qPrintable(conns.back()->error()));
        }
        std::mutex mutex;
        std::vector<QString> claimed;
        QStringList errors;
        std::vector<std::function<void()>> jobs;
        for (int w = 0; w < workers; ++w)
            jobs.push_back([&, w] {
                PgSession &s = *conns[size_t(w)];
                const QString name = QStringLiteral("worker-%1").arg(w);
                for (int guard = 0; guard < events; ++guard) {
                    const QStringList ids = claim(s, name, 3);
                    if (ids.isEmpty())
                        break;
                    for (const QString &e : ids) {
                        const QString done =
                            one(s,
                                QStringLiteral(
                                    "SELECT inbox.complete($1, $2, coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0), NULL)"),
                                {e, name});
                        std::lock_guard<std::mutex> lock(mutex);
                        claimed.push_back(e);
                        if (e.startsWith(QLatin1Char('!')) || done != QLatin1String("t"))
                            errors << e + QLatin1Char(' ') + done;
                    }
                }
            });
        runTogether(jobs);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));

        const std::set<QString> distinct(claimed.begin(), claimed.end());
        QCOMPARE(int(claimed.size()), events);
        QCOMPARE(int(distinct.size()), events);
        QCOMPARE(
            oneInt(su,
                   QStringLiteral(
                       "SELECT count(*) FROM inbox.events WHERE status = 'done' AND attempts = 1")),
            events);
        QCOMPARE(oneInt(su, QStringLiteral(
                                "SELECT count(*) FROM inbox.journal WHERE entry = 'claimed'")),
                 events);
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = 'done'")),
            events);
        QCOMPARE(stat(su, "done"), QString::number(events));
    }

    void concurrentTakeoverHappensOnce()
    {
        const int workers = 6;
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("stuck"));
        QCOMPARE(claim(su, QStringLiteral("dead")), QStringList{id(e)});
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = locked_at - interval '6 minutes'")));

        std::vector<std::unique_ptr<PgSession>> conns;
        for (int i = 0; i < workers; ++i)
            conns.push_back(std::make_unique<PgSession>(m_db.conninfo()));
        std::vector<QStringList> got(workers);
        std::vector<std::function<void()>> jobs;
        for (int w = 0; w < workers; ++w)
            jobs.push_back([&, w] {
                got[size_t(w)] = claim(*conns[size_t(w)], QStringLiteral("w%1").arg(w), 5);
            });
        runTogether(jobs);

        int winners = 0;
        QString winner;
        for (int w = 0; w < workers; ++w) {
            if (got[size_t(w)].isEmpty())
                continue;
            QCOMPARE(got[size_t(w)], QStringList{id(e)});
            ++winners;
            winner = QStringLiteral("w%1").arg(w);
        }
        QCOMPARE(winners, 1);
        QCOMPARE(eventState(su, e).section(QLatin1Char('|'), 0, 2),
                 QStringLiteral("processing|2|") + winner);
        QCOMPARE(journalEntries(su, e), QStringLiteral("received,claimed,takeover"));
    }

    void expiredLockIsTakenOverAndJournaled()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("slow"));
        QCOMPARE(claim(su, QStringLiteral("w1")), QStringList{id(e)});
        QCOMPARE(claim(su, QStringLiteral("w2")), QStringList());

        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = locked_at - interval '4 minutes'")));
        const QString movedLock =
            one(su, QStringLiteral("SELECT locked_at FROM inbox.events WHERE id = $1"), {e});
        QCOMPARE(claim(su, QStringLiteral("w2")), QStringList()); // default 5 minutes: not yet
        QCOMPARE(claim(su, QStringLiteral("w2"), 1, QStringLiteral("3 minutes")),
                 QStringList{id(e)});

        QCOMPARE(eventState(su, e).section(QLatin1Char('|'), 0, 2),
                 QStringLiteral("processing|2|w2"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT locked_at > now() - interval '1 minute' FROM "
                                    "inbox.events WHERE id = $1"),
                     {e}),
                 QStringLiteral("t"));
        const PgResult j = su.exec(
            QStringLiteral("SELECT actor, detail->>'previous_holder',"
                           " (detail->>'previous_locked_at')::timestamptz = $2::timestamptz,"
                           " detail->>'attempt' FROM inbox.journal"
                           " WHERE event_id = $1 AND entry = 'takeover'"),
            {e, movedLock});
        QVERIFY_SQL(j);
        QCOMPARE(j.rows(), 1);
        QCOMPARE(j.value(0, 0), QStringLiteral("w2"));
        QCOMPARE(j.value(0, 1), QStringLiteral("w1"));
        QCOMPARE(j.value(0, 2), QStringLiteral("t"));
        QCOMPARE(j.value(0, 3), QStringLiteral("2"));
    }

    void completeAndFailAreFencedAfterTakeover()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("fenced"));
        QCOMPARE(claim(su, QStringLiteral("w1")), QStringList{id(e)});
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = locked_at - interval '6 minutes'")));
        QCOMPARE(claim(su, QStringLiteral("w2")), QStringList{id(e)});
        const QString held = eventState(su, e);

        // The old holder wakes up: nothing it says changes the event.
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.complete($1, 'w1', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0), '{\"deal\":1}')"),
                     {e}),
                 QStringLiteral("f"));
        QCOMPARE(eventState(su, e), held);
        QCOMPARE(lastEntry(su, e), QStringLiteral("stale_complete/w1"));
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT detail->>'holder' FROM inbox.journal WHERE event_id = $1"
                               " AND entry = 'stale_complete'"),
                {e}),
            QStringLiteral("w2"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'timeout', true)"),
                     {e}),
                 QStringLiteral("lost_lock"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'bad data', false)"),
                     {e}),
                 QStringLiteral("lost_lock"));
        QCOMPARE(eventState(su, e), held);
        QCOMPARE(lastEntry(su, e), QStringLiteral("stale_fail/w1"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.heartbeat($1, 'w1', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0))"),
                     {e}),
                 QStringLiteral("f"));
        QCOMPARE(stat(su, "done") + stat(su, "failed"), QStringLiteral("00"));

        // The holder finishes it.
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.complete($1, 'w2', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0), '{\"deal\":7}')"),
                     {e}),
                 QStringLiteral("t"));
        const PgResult r =
            su.exec(QStringLiteral("SELECT status, result->>'deal', done_at > now() - interval '1 "
                                   "minute', locked_by IS NULL,"
                                   " locked_at IS NULL, attempts FROM inbox.events WHERE id = $1"),
                    {e});
        QVERIFY_SQL(r);
        QCOMPARE(r.values.value(0),
                 (QStringList{QStringLiteral("done"), QStringLiteral("7"), QStringLiteral("t"),
                              QStringLiteral("t"), QStringLiteral("t"), QStringLiteral("2")}));
        QCOMPARE(lastEntry(su, e), QStringLiteral("done/w2"));
        QCOMPARE(stat(su, "done"), QStringLiteral("1"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT sum(n) FROM inbox.status_counts WHERE status = 'done'")),
            QStringLiteral("1"));

        // Done is final: neither a second complete nor a late fail changes it.
        const QString done = eventState(su, e);
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.complete($1, 'w2', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0), '{\"deal\":8}')"),
                     {e}),
                 QStringLiteral("f"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w2', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'late', true)"),
                     {e}),
                 QStringLiteral("lost_lock"));
        QCOMPARE(eventState(su, e), done);
        QCOMPARE(journalEntries(su, e),
                 QStringLiteral("received,claimed,takeover,stale_complete,stale_fail,stale_fail,"
                                "done,stale_complete,stale_fail"));
        QCOMPARE(stat(su, "done"), QStringLiteral("1"));
    }

    void heartbeatKeepsTheLock()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("long job"));
        QCOMPARE(claim(su, QStringLiteral("w1")), QStringList{id(e)});
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = now() - interval '4 minutes 50 seconds'")));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.heartbeat($1, 'w1', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0))"),
                     {e}),
                 QStringLiteral("t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT locked_at > now() - interval '1 minute' FROM "
                                    "inbox.events WHERE id = $1"),
                     {e}),
                 QStringLiteral("t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.heartbeat($1, 'w2', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0))"),
                     {e}),
                 QStringLiteral("f"));
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET locked_at = locked_at - interval '1 minute'")));
        QCOMPARE(claim(su, QStringLiteral("w2")),
                 QStringList()); // refreshed 1 minute ago: still held

        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = locked_at - interval '5 minutes'")));
        QCOMPARE(claim(su, QStringLiteral("w2")), QStringList{id(e)});
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.heartbeat($1, 'w1', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0))"),
                     {e}),
                 QStringLiteral("f"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.heartbeat($1, 'w2', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0))"),
                     {e}),
                 QStringLiteral("t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.complete($1, 'w2', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0), NULL)"),
                     {e}),
                 QStringLiteral("t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.heartbeat($1, 'w2', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0))"),
                     {e}),
                 QStringLiteral("f"));
    }

    void retryScheduleGrowsUntilFailed()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("flaky"));
        const double delays[] = {10, 60, 300, 1800, 7200};
        for (int attempt = 1; attempt <= 5; ++attempt) {
            QCOMPARE(claim(su, QStringLiteral("w")), QStringList{id(e)});
            QCOMPARE(
                oneInt(su, QStringLiteral("SELECT attempts FROM inbox.events WHERE id = $1"), {e}),
                attempt);
            QCOMPARE(one(su,
                         QStringLiteral("SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token "
                                        "FROM inbox.events WHERE id = $1), 0), $2, true)"),
                         {e, QStringLiteral("timeout %1").arg(attempt)}),
                     QStringLiteral("received"));
            const double delay =
                one(su,
                    QStringLiteral("SELECT extract(epoch FROM next_attempt_at - now())"
                                   " FROM inbox.events WHERE id = $1"),
                    {e})
                    .toDouble();
            const double expected = delays[attempt - 1];
            QVERIFY2(delay >= expected * 0.9 - 1.0 && delay <= expected * 1.1,
                     qPrintable(QStringLiteral("attempt %1: %2 s").arg(attempt).arg(delay)));
            QCOMPARE(eventState(su, e).section(QLatin1Char('|'), 0, 2),
                     QStringLiteral("received|%1|").arg(attempt));
            QCOMPARE(one(su,
                         QStringLiteral("SELECT last_error || '/' || error_retryable FROM "
                                        "inbox.events WHERE id = $1"),
                         {e}),
                     QStringLiteral("timeout %1/true").arg(attempt));
            QCOMPARE(lastEntry(su, e), QStringLiteral("retry_scheduled/w"));
            // Not due yet: nobody gets it.
            QCOMPARE(claim(su, QStringLiteral("w")), QStringList());
            QVERIFY_SQL(su.exec(QStringLiteral(
                "UPDATE inbox.events SET next_attempt_at = now() - interval '1 second'")));
        }
        QCOMPARE(claim(su, QStringLiteral("w")), QStringList{id(e)});
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 0), 'timeout 6', true)"),
                     {e}),
                 QStringLiteral("failed"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', status, attempts, locked_by, "
                                    "last_error, error_retryable)"
                                    " FROM inbox.events WHERE id = $1"),
                     {e}),
                 QStringLiteral("failed|6|timeout 6|t"));
        QCOMPARE(
            journalEntries(su, e),
            QStringLiteral(
                "received,claimed,retry_scheduled,claimed,retry_scheduled,claimed,retry_scheduled,"
                "claimed,retry_scheduled,claimed,retry_scheduled,claimed,failed"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT detail->>'reason' FROM inbox.journal WHERE event_id = "
                                    "$1 AND entry = 'failed'"),
                     {e}),
                 QStringLiteral("out_of_attempts"));
        QCOMPARE(stat(su, "failed"), QStringLiteral("1"));
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() - interval '1 day'")));
        QCOMPARE(claim(su, QStringLiteral("w")), QStringList());
    }

    void retryDelayCapsAtSixHoursAndJitters()
    {
        PgSession su(m_db.conninfo());
        // A larger budget than the schedule: attempts 6 and 9 wait the last step, 6 h.
        for (int attempts : {6, 9}) {
            const qint64 e = acceptEvent(su, QStringLiteral("big-budget-%1").arg(attempts));
            QVERIFY_SQL(su.exec(
                QStringLiteral(
                    "UPDATE inbox.events SET max_attempts = 10, attempts = $2 - 1 WHERE id = $1"),
                {e, attempts}));
            QCOMPARE(claim(su, QStringLiteral("w")), QStringList{id(e)});
            QCOMPARE(one(su,
                         QStringLiteral("SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token "
                                        "FROM inbox.events WHERE id = $1), 0), 'busy', true)"),
                         {e}),
                     QStringLiteral("received"));
            const double delay =
                one(su,
                    QStringLiteral(
                        "SELECT extract(epoch FROM next_attempt_at - now()) FROM inbox.events"
                        " WHERE id = $1"),
                    {e})
                    .toDouble();
            QVERIFY2(delay >= 21600 * 0.9 - 1 && delay <= 21600 * 1.1,
                     qPrintable(QString::number(delay)));
        }

        // Twenty first failures: all about 10 s, not all the same.
        for (int i = 0; i < 20; ++i)
            QVERIFY(acceptEvent(su, QStringLiteral("jitter-%1").arg(i)) > 0);
        const QStringList ids = claim(su, QStringLiteral("w"), 20);
        QCOMPARE(ids.size(), 20);
        for (const QString &e : ids)
            QCOMPARE(one(su,
                         QStringLiteral("SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token "
                                        "FROM inbox.events WHERE id = $1), 0), 'busy', true)"),
                         {e}),
                     QStringLiteral("received"));
        const PgResult r = su.exec(QStringLiteral(
            "SELECT min(d), max(d) FROM (SELECT extract(epoch FROM next_attempt_at - now()) AS d"
            " FROM inbox.events WHERE external_id LIKE 'jitter-%') x"));
        QVERIFY_SQL(r);
        const double lo = r.value(0, 0).toDouble();
        const double hi = r.value(0, 1).toDouble();
        QVERIFY2(lo >= 8.0 && hi <= 11.0, qPrintable(QStringLiteral("%1..%2").arg(lo).arg(hi)));
        QVERIFY2(hi - lo > 0.1, qPrintable(QStringLiteral("%1..%2").arg(lo).arg(hi)));
    }

    void validationErrorIsNeverRetried()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("bad phone"));
        QCOMPARE(claim(su, QStringLiteral("w")), QStringList{id(e)});
        QCOMPARE(one(su,
                     QStringLiteral(
                         "SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token FROM inbox.events "
                         "WHERE id = $1), 0), 'phone 123 is not a phone', false)"),
                     {e}),
                 QStringLiteral("failed"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', status, attempts, last_error, "
                                    "error_retryable, locked_by IS NULL)"
                                    " FROM inbox.events WHERE id = $1"),
                     {e}),
                 QStringLiteral("failed|1|phone 123 is not a phone|f|t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT detail->>'reason' FROM inbox.journal WHERE event_id = "
                                    "$1 AND entry = 'failed'"),
                     {e}),
                 QStringLiteral("not_retryable"));
        QCOMPARE(stat(su, "failed"), QStringLiteral("1"));
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() - interval '1 day'")));
        QCOMPARE(claim(su, QStringLiteral("w"), 10, QStringLiteral("1 second")), QStringList());
    }

    // A job that kills its worker must not be taken over for ever: after the last attempt
    // an expired lock ends in failed (retryable, so a sender's repeat or a person can rearm it).
    void expiredLockOnLastAttemptFails()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("poison"));
        const qint64 other = acceptEvent(su, QStringLiteral("fine"));
        QVERIFY_SQL(
            su.exec(QStringLiteral("UPDATE inbox.events SET max_attempts = 2 WHERE id = $1"), {e}));
        QCOMPARE(claim(su, QStringLiteral("w1")), QStringList{id(e)});
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = locked_at - interval '6 minutes'")));
        QCOMPARE(claim(su, QStringLiteral("w2")), QStringList{id(e)}); // attempt 2 of 2
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET locked_at = locked_at - "
                                           "interval '6 minutes' WHERE id = $1"),
                            {e}));

        QCOMPARE(claim(su, QStringLiteral("w3"), 5), QStringList{id(other)});
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT concat_ws('|', status, attempts, locked_by, error_retryable)"
                               " FROM inbox.events WHERE id = $1"),
                {e}),
            QStringLiteral("failed|2|t"));
        QVERIFY(one(su, QStringLiteral("SELECT last_error FROM inbox.events WHERE id = $1"), {e})
                    .contains(QLatin1String("w2")));
        QCOMPARE(journalEntries(su, e), QStringLiteral("received,claimed,takeover,failed"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT actor || '/' || (detail->>'reason') || '/' || "
                                    "(detail->>'previous_holder')"
                                    " FROM inbox.journal WHERE event_id = $1 AND entry = 'failed'"),
                     {e}),
                 QStringLiteral("w3/lock_expired/w2"));
        QCOMPARE(stat(su, "failed"), QStringLiteral("1"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.complete($1, 'w2', coalesce((SELECT lock_token "
                                    "FROM inbox.events WHERE id = $1), 0), NULL)"),
                     {e}),
                 QStringLiteral("f"));
        QCOMPARE(one(su, QStringLiteral("SELECT outcome FROM inbox.accept('shop', 'poison', "
                                        "'{\"id\":\"poison\"}'::bytea)")),
                 QStringLiteral("rearmed"));
    }

    // A worker restarted under the same name (a container, a StatefulSet pod) is a new life:
    // what its earlier life claimed and lost to a takeover is no longer that life's (0024).
    void restartedWorkerUnderTheSameNameIsFenced()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("restart"));
        PgSession first(m_db.conninfo(QStringLiteral("worker_login")));
        const PgResult a =
            first.exec(QStringLiteral("SELECT id, lock_token FROM inbox.claim('A')"));
        QVERIFY_SQL(a);
        QCOMPARE(a.rows(), 1);
        QCOMPARE(a.value(0, 0), id(e));
        const QString oldToken = a.value(0, 1);
        QVERIFY(!a.isNull(0, 1));

        // A hangs, its lock expires, and A starts again under the same name.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = locked_at - interval '6 minutes'")));
        PgSession second(m_db.conninfo(QStringLiteral("worker_login")));
        const PgResult b =
            second.exec(QStringLiteral("SELECT id, lock_token FROM inbox.claim('A')"));
        QVERIFY_SQL(b);
        QCOMPARE(b.rows(), 1);
        QCOMPARE(b.value(0, 0), id(e));
        const QString newToken = b.value(0, 1);
        QVERIFY(newToken != oldToken);
        QCOMPARE(lastEntry(su, e), QStringLiteral("takeover/A"));

        // The old life's calls are refused and change nothing.
        const QString before = eventState(su, e);
        QCOMPARE(one(first, QStringLiteral("SELECT inbox.heartbeat($1, 'A', $2)"), {e, oldToken}),
                 QStringLiteral("f"));
        QCOMPARE(one(first, QStringLiteral("SELECT inbox.flag_review($1, 'A', $2, 'look')"),
                     {e, oldToken}),
                 QStringLiteral("f"));
        QCOMPARE(one(first, QStringLiteral("SELECT inbox.complete($1, 'A', $2, '{\"life\":1}')"),
                     {e, oldToken}),
                 QStringLiteral("f"));
        QCOMPARE(one(first, QStringLiteral("SELECT inbox.fail($1, 'A', $2, 'late', true)"),
                     {e, oldToken}),
                 QStringLiteral("lost_lock"));
        QCOMPARE(one(first,
                     QStringLiteral("SELECT count(*) FROM inbox.complete_many(ARRAY[$1::bigint],"
                                    " 'A', ARRAY[$2::bigint], NULL) WHERE completed"),
                     {e, oldToken}),
                 QStringLiteral("0"));
        QCOMPARE(eventState(su, e), before);
        QCOMPARE(one(su,
                     QStringLiteral("SELECT needs_review IS NULL FROM inbox.events WHERE id = $1"),
                     {e}),
                 QStringLiteral("t"));
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT string_agg(entry || ':' || (detail->>'holder') || ':' ||"
                               " (detail->>'stale_token'), ',' ORDER BY id) FROM inbox.journal"
                               " WHERE event_id = $1 AND entry LIKE 'stale%'"),
                {e}),
            QStringLiteral("stale_flag_review:A:true,stale_complete:A:true,"
                           "stale_fail:A:true,stale_complete:A:true"));

        // The new life completes it.
        QCOMPARE(one(second, QStringLiteral("SELECT inbox.complete($1, 'A', $2, '{\"life\":2}')"),
                     {e, newToken}),
                 QStringLiteral("t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', status, result, lock_token IS NULL)"
                                    " FROM inbox.events WHERE id = $1"),
                     {e}),
                 QStringLiteral("done|{\"life\": 2}|t"));
    }

    // Failing an expired lock on its last attempt is a status change: the console and the
    // alerts hear of it at once, even when the claim returns nothing (0024).
    void claimThatOnlyFailsExpiredLocksNotifies()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("last-try"));
        QVERIFY_SQL(
            su.exec(QStringLiteral("UPDATE inbox.events SET max_attempts = 1 WHERE id = $1"), {e}));
        QCOMPARE(claim(su, QStringLiteral("w1")), QStringList{id(e)});
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = locked_at - interval '6 minutes'")));

        PgSession listener(m_db.conninfo());
        QVERIFY_SQL(listener.exec(QStringLiteral("LISTEN inbox")));
        PgSession w(m_db.conninfo(QStringLiteral("worker_login")));
        QCOMPARE(claim(w, QStringLiteral("w2")), QStringList());
        QCOMPARE(one(su, QStringLiteral("SELECT status FROM inbox.events WHERE id = $1"), {e}),
                 QStringLiteral("failed"));

        QVERIFY_SQL(listener.exec(QStringLiteral("SELECT 1")));
        QStringList payloads;
        QVERIFY(PQconsumeInput(listener.raw()) == 1);
        while (PGnotify *n = PQnotifies(listener.raw())) {
            payloads << QString::fromUtf8(n->extra);
            PQfreemem(n);
        }
        QCOMPARE(payloads, QStringList{QStringLiteral("events")});
    }

    // A done event carries no error of an earlier attempt; the journal keeps the history.
    void completeClearsTheEarlierError()
    {
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("second-time-lucky"));
        QCOMPARE(claim(su, QStringLiteral("w")), QStringList{id(e)});
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.fail($1, 'w', (SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), 'CRM API: 503', true)"),
                     {e}),
                 QStringLiteral("received"));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now()")));
        QCOMPARE(claim(su, QStringLiteral("w")), QStringList{id(e)});
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', last_error, error_retryable) FROM "
                                    "inbox.events WHERE id = $1"),
                     {e}),
                 QStringLiteral("CRM API: 503|t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT inbox.complete($1, 'w', (SELECT lock_token FROM "
                                    "inbox.events WHERE id = $1), '{}')"),
                     {e}),
                 QStringLiteral("t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT concat_ws('|', status, last_error IS NULL, "
                                    "error_retryable IS NULL) FROM inbox.events WHERE id = $1"),
                     {e}),
                 QStringLiteral("done|t|t"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT detail->>'error' FROM inbox.journal WHERE "
                                    "event_id = $1 AND entry = 'retry_scheduled'"),
                     {e}),
                 QStringLiteral("CRM API: 503"));
    }

    void badArgumentsChangeNothing_data()
    {
        QTest::addColumn<QString>("sql"); // $1: a claimed event held by 'w1'
        QTest::addColumn<QString>("sqlstate");
        QTest::addColumn<QString>("argument");

        QTest::newRow("claim null worker") << "SELECT * FROM inbox.claim(NULL) WHERE $1::bigint > 0"
                                           << "22004"
                                           << "p_worker";
        QTest::newRow("claim empty worker") << "SELECT * FROM inbox.claim('') WHERE $1::bigint > 0"
                                            << "22023"
                                            << "p_worker";
        QTest::newRow("claim control char worker")
            << "SELECT * FROM inbox.claim(E'w\\n1') WHERE $1::bigint > 0"
            << "22023"
            << "p_worker";
        QTest::newRow("claim null limit")
            << "SELECT * FROM inbox.claim('w', NULL) WHERE $1::bigint > 0"
            << "22004"
            << "p_limit";
        QTest::newRow("claim zero limit")
            << "SELECT * FROM inbox.claim('w', 0) WHERE $1::bigint > 0"
            << "22023"
            << "p_limit";
        QTest::newRow("claim negative limit")
            << "SELECT * FROM inbox.claim('w', -5) WHERE $1::bigint > 0"
            << "22023"
            << "p_limit";
        QTest::newRow("claim limit 1001")
            << "SELECT * FROM inbox.claim('w', 1001) WHERE $1::bigint > 0"
            << "22023"
            << "p_limit";
        QTest::newRow("claim zero timeout")
            << "SELECT * FROM inbox.claim('w', 1, '0 s') WHERE $1::bigint > 0"
            << "22023"
            << "p_lock_timeout";
        QTest::newRow("claim negative timeout")
            << "SELECT * FROM inbox.claim('w', 1, '-1 minute') WHERE $1::bigint > 0"
            << "22023"
            << "p_lock_timeout";
        // The lock token (0024): required, and the calls without it are refused.
        QTest::newRow("heartbeat null token") << "SELECT inbox.heartbeat($1, 'w1', NULL)"
                                              << "22004"
                                              << "p_lock_token";
        QTest::newRow("complete null token") << "SELECT inbox.complete($1, 'w1', NULL, NULL)"
                                             << "22004"
                                             << "p_lock_token";
        QTest::newRow("fail null token") << "SELECT inbox.fail($1, 'w1', NULL, 'x', true)"
                                         << "22004"
                                         << "p_lock_token";
        QTest::newRow("heartbeat without token") << "SELECT inbox.heartbeat($1, 'w1')"
                                                 << "0A000"
                                                 << "p_lock_token";
        QTest::newRow("complete without token") << "SELECT inbox.complete($1, 'w1')"
                                                << "0A000"
                                                << "p_lock_token";
        QTest::newRow("complete without token, with a result")
            << "SELECT inbox.complete($1, 'w1', '{}'::jsonb)"
            << "0A000"
            << "p_lock_token";
        QTest::newRow("fail without token") << "SELECT inbox.fail($1, 'w1', 'x')"
                                            << "0A000"
                                            << "p_lock_token";
        QTest::newRow("fail without token, retryable given")
            << "SELECT inbox.fail($1, 'w1', 'x', false)"
            << "0A000"
            << "p_lock_token";
        QTest::newRow("heartbeat null id")
            << "SELECT inbox.heartbeat(NULL, 'w1', 1) WHERE $1::bigint > 0"
            << "22004"
            << "p_event_id";
        QTest::newRow("heartbeat empty worker")
            << "SELECT inbox.heartbeat($1, '', coalesce((SELECT lock_token FROM inbox.events WHERE "
               "id = $1), 0))"
            << "22023"
            << "p_worker";
        QTest::newRow("complete null id")
            << "SELECT inbox.complete(NULL, 'w1', 1, NULL) WHERE $1::bigint > 0"
            << "22004"
            << "p_event_id";
        QTest::newRow("complete null worker")
            << "SELECT inbox.complete($1, NULL, coalesce((SELECT lock_token FROM inbox.events "
               "WHERE id = $1), 0), NULL)"
            << "22004"
            << "p_worker";
        QTest::newRow("complete unknown event") << "SELECT inbox.complete($1 + 1000, 'w1', 1, NULL)"
                                                << "22023"
                                                << "p_event_id";
        QTest::newRow("fail null id")
            << "SELECT inbox.fail(NULL, 'w1', 1, 'x', true) WHERE $1::bigint > 0"
            << "22004"
            << "p_event_id";
        QTest::newRow("fail empty worker")
            << "SELECT inbox.fail($1, '', coalesce((SELECT lock_token FROM inbox.events WHERE id = "
               "$1), 0), 'x', true)"
            << "22023"
            << "p_worker";
        QTest::newRow("fail null error")
            << "SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM inbox.events WHERE id "
               "= $1), 0), NULL, true)"
            << "22004"
            << "p_error";
        QTest::newRow("fail empty error")
            << "SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM inbox.events WHERE id "
               "= $1), 0), '', true)"
            << "22023"
            << "p_error";
        QTest::newRow("fail blank error")
            << "SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM inbox.events WHERE id "
               "= $1), 0), '   ', true)"
            << "22023"
            << "p_error";
        QTest::newRow("fail null retryable")
            << "SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM inbox.events WHERE id "
               "= $1), 0), 'x', NULL)"
            << "22004"
            << "p_retryable";
        QTest::newRow("fail unknown event") << "SELECT inbox.fail($1 + 1000, 'w1', 1, 'x', true)"
                                            << "22023"
                                            << "p_event_id";
    }

    void badArgumentsChangeNothing()
    {
        QFETCH(QString, sql);
        QFETCH(QString, sqlstate);
        QFETCH(QString, argument);
        PgSession su(m_db.conninfo());
        const qint64 held = acceptEvent(su, QStringLiteral("held"));
        QCOMPARE(claim(su, QStringLiteral("w1")), QStringList{id(held)});
        QVERIFY(acceptEvent(su, QStringLiteral("waiting")) > 0);
        QVERIFY(acceptEvent(su, QStringLiteral("stuck")) > 0);
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET status = 'processing', locked_by = 'gone',"
            " locked_at = now() - interval '1 hour', attempts = 1 WHERE external_id = 'stuck'")));
        const QString events = allEvents(su);
        const qint64 journal = oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"));

        const PgResult r = su.exec(sql, {held});
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, sqlstate);
        QVERIFY2(r.message.contains(argument), qPrintable(r.message));
        QCOMPARE(allEvents(su), events);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), journal);
    }

    void workerRoleUsesWorkerFunctionsOnly()
    {
        QString error;
        PgSession su(m_db.conninfo());
        const qint64 e = acceptEvent(su, QStringLiteral("x"));
        PgSession w(m_db.conninfo(QStringLiteral("worker_login")));
        QVERIFY2(w.ok(), qPrintable(w.error()));
        // A worker reads nothing: the lock token comes from claim's row.
        const PgResult claimed =
            w.exec(QStringLiteral("SELECT id, lock_token FROM inbox.claim('crm-sync#1')"));
        QVERIFY_SQL(claimed);
        QCOMPARE(claimed.rows(), 1);
        QCOMPARE(claimed.value(0, 0), id(e));
        const QString token = claimed.value(0, 1);
        QCOMPARE(one(w, QStringLiteral("SELECT inbox.heartbeat($1, 'crm-sync#1', $2)"), {e, token}),
                 QStringLiteral("t"));
        QCOMPARE(
            one(w, QStringLiteral("SELECT inbox.complete($1, 'crm-sync#1', $2, NULL)"), {e, token}),
            QStringLiteral("t"));
        // Worker entries carry the worker's name, not the login.
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(DISTINCT actor, ',') FROM inbox.journal"
                                        " WHERE entry IN ('claimed', 'done')")),
                 QStringLiteral("crm-sync#1"));
        QCOMPARE(
            w.exec(QStringLiteral("SELECT * FROM inbox.accept('s', 'e', '\\x00'::bytea)")).sqlstate,
            QStringLiteral("42501"));
        QCOMPARE(w.exec(QStringLiteral("UPDATE inbox.events SET status = 'received'")).sqlstate,
                 QStringLiteral("42501"));
    }
};

QTEST_MAIN(TestWorkers)
#include "tst_workers.moc"
