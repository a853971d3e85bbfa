#pragma once
// Small helpers shared by the contract tests of leads, duplicates, requeue, roles and stats.

#include "pgcluster.h"
#include "pgsession.h"

#include <QElapsedTimer>
#include <QString>
#include <QThread>
#include <QVariantList>
#include <QtTest>

#include <functional>
#include <future>
#include <thread>
#include <vector>

namespace contract {

// The first value of the first row, or a text starting with "!ERROR" that no comparison
// expects, so an SQL failure shows up as a failed QCOMPARE with the reason in it.
inline QString one(PgSession &s, const QString &sql, const QVariantList &params = {})
{
    const PgResult r = s.exec(sql, params);
    if (!r.ok)
        return QStringLiteral("!ERROR %1 %2").arg(r.sqlstate, r.message);
    if (r.rows() == 0)
        return QStringLiteral("!NOROWS");
    if (r.isNull(0, 0))
        return QStringLiteral("!NULL");
    return r.value(0, 0);
}

// The first value of the first row, or "!ERROR <sqlstate>" without the message: for the tests
// that compare which SQLSTATE a call was refused with.
inline QString valueOrError(const PgResult &r)
{
    return r.ok ? r.value(0, 0) : QStringLiteral("!ERROR ") + r.sqlstate;
}

// "ok", or "!ERROR <sqlstate>" as valueOrError() gives it.
inline QString errorOf(const PgResult &r)
{
    return r.ok ? QStringLiteral("ok") : QStringLiteral("!ERROR ") + r.sqlstate;
}

inline qint64 oneInt(PgSession &s, const QString &sql, const QVariantList &params = {})
{
    bool ok = false;
    const qint64 v = one(s, sql, params).toLongLong(&ok);
    return ok ? v : -999999;
}

// The lock token an event holds now (the lock_token of claim's row), read as superuser, or
// "0" (no claim has that token) when it holds none: for worker sessions, which read no table.
inline QString tokenOf(PgSession &su, const QVariant &eventId)
{
    const QString t = one(su,
                          QStringLiteral("SELECT coalesce(lock_token, 0) FROM inbox.events"
                                         " WHERE id = $1"),
                          {eventId});
    return t.isEmpty() ? QStringLiteral("0") : t;
}

// One delivery through inbox.accept with a small JSON body naming the id; its event id.
inline qint64 acceptEvent(PgSession &s, const QString &externalId,
                          const QString &source = QStringLiteral("shop"))
{
    return oneInt(s, QStringLiteral("SELECT event_id FROM inbox.accept($1, $2, $3)"),
                  {source, externalId, QByteArray("{\"id\":\"") + externalId.toUtf8() + "\"}"});
}

// An event of source crm whose key came with `bodies` different bodies ({"v":1}, {"v":2} ...),
// so it needs review; its id.
inline qint64 conflictedEvent(PgSession &su, const QString &externalId, int bodies)
{
    const QString sql =
        QStringLiteral("SELECT event_id FROM inbox.accept('crm', $1, convert_to($2, 'UTF8'))");
    const qint64 id = oneInt(su, sql, {externalId, QStringLiteral("{\"v\":1}")});
    for (int v = 2; v <= bodies; ++v)
        oneInt(su, sql, {externalId, QStringLiteral("{\"v\":%1}").arg(v)});
    return id;
}

// The events of `source` in processing (claimed by worker 'w'), out of attempts and failed by
// 'w' with `error`, so they are failed for good even when `retryable`.
inline bool failClaimed(PgSession &su, const QString &source, const QString &error, bool retryable)
{
    return su.exec(QStringLiteral("UPDATE inbox.events SET max_attempts = attempts WHERE "
                                  "status = 'processing' AND source = $1"),
                   {source})
               .ok &&
           su.exec(QStringLiteral("SELECT inbox.fail(id, 'w', coalesce(lock_token, 0), $2, $3) "
                                  "FROM inbox.events "
                                  "WHERE status = 'processing' AND source = $1"),
                   {source, error, retryable})
               .ok;
}

// One delivery of `body` through inbox.accept as `s`; its event id (-1 on an error) and, if
// asked, accept's outcome word (the server's message on an error).
inline qint64 deliver(PgSession &s, const QString &source, const QString &externalId,
                      const QByteArray &body = QByteArray("{\"n\":1}"), QString *outcome = nullptr)
{
    const PgResult r =
        s.exec(QStringLiteral("SELECT event_id, outcome FROM inbox.accept($1, $2, $3)"),
               {source, externalId, body});
    if (outcome)
        *outcome = r.ok ? r.value(0, 1) : r.message;
    return r.ok ? r.value(0, 0).toLongLong() : -1;
}

// The event's journal entries in order, comma-separated; only those LIKE `like` if given.
inline QString journalEntries(PgSession &su, qint64 eventId,
                              const QString &like = QStringLiteral("%"))
{
    return one(su,
               QStringLiteral("SELECT string_agg(entry, ',' ORDER BY id) FROM inbox.journal"
                              " WHERE event_id = $1 AND entry LIKE $2"),
               {eventId, like});
}

// A bare event row as a receiver would have stored it (superuser INSERT, all NOT NULL
// columns), so these tests do not depend on inbox.accept. Returns its id, or -1.
inline qint64 insertEvent(PgSession &su, const QString &source, const QString &externalId,
                          const QString &status = QStringLiteral("received"))
{
    const PgResult r = su.exec(
        QStringLiteral(
            "INSERT INTO inbox.events (source, external_id, idempotency_key, status, occurred_at,"
            " body, content_type, fingerprint, done_at)"
            " VALUES ($1::text, $2::text, $1::text || ':' || $2::text, $3::text, now(),"
            " convert_to('{\"id\":\"' || $2::text || '\"}', 'UTF8'), 'application/json',"
            " md5($2::text), CASE WHEN $3::text = 'done' THEN now() END)"
            " RETURNING id"),
        {source, externalId, status});
    return r.ok && r.rows() == 1 ? r.value(0, 0).toLongLong() : -1;
}

// Bulk test data: runs `insertSql` (an INSERT ... SELECT into inbox.events) with the per-row
// status counter trigger off, then recounts inbox.status_counts from the table. A row trigger
// over tens of thousands of rows in one statement is quadratic; receivers insert one event
// per statement, so only fixtures need this.
inline PgResult bulkInsertEvents(PgSession &su, const QString &insertSql,
                                 const QVariantList &params = {})
{
    for (const char *sql :
         {"BEGIN", "ALTER TABLE inbox.events DISABLE TRIGGER events_track_status_ins"}) {
        const PgResult r = su.exec(QString::fromLatin1(sql));
        if (!r.ok)
            return r;
    }
    const PgResult inserted = su.exec(insertSql, params);
    const bool ok =
        inserted.ok &&
        su.exec(QStringLiteral("ALTER TABLE inbox.events ENABLE TRIGGER events_track_status_ins"))
            .ok &&
        su.exec(QStringLiteral("DELETE FROM inbox.status_counts")).ok &&
        su.exec(QStringLiteral("INSERT INTO inbox.status_counts (source, status, shard, n)"
                               " SELECT source, status, 0, count(*) FROM inbox.events"
                               " GROUP BY source, status"))
            .ok;
    su.exec(ok ? QStringLiteral("COMMIT") : QStringLiteral("ROLLBACK"));
    return inserted;
}

// Runs the functions on their own threads, released together from one barrier.
inline void runTogether(const std::vector<std::function<void()>> &jobs)
{
    std::promise<void> go;
    std::shared_future<void> start = go.get_future().share();
    std::vector<std::thread> threads;
    threads.reserve(jobs.size());
    for (const auto &job : jobs)
        threads.emplace_back([start, job] {
            start.wait();
            job();
        });
    go.set_value();
    for (auto &t : threads)
        t.join();
}

inline int backendPid(PgSession &s)
{
    return int(oneInt(s, QStringLiteral("SELECT pg_backend_pid()")));
}

// True once the backend `pid` waits for a lock (polls pg_stat_activity, up to 10 s), so a
// test can hold a lock in one session and prove that another session queues behind it.
inline bool waitUntilBlocked(PgSession &observer, int pid)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 10000) {
        if (one(observer,
                QStringLiteral("SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1"),
                {pid}) == QLatin1String("Lock"))
            return true;
        QThread::msleep(10);
    }
    return false;
}

} // namespace contract
