#include "requeuebench.h"

#include "attention/requeuer.h"
#include "db/consolecontext.h"
#include "db/pgconnection.h"
#include "plainsql.h"
#include "signalwait.h"

#include <QElapsedTimer>

#include <cmath>
#include <cstdio>

namespace bench {

namespace {

constexpr int kBatch = inbox::Requeuer::kBatch;
const QString kReason = QStringLiteral("inbox-bench: requeue timing");

QVector<qint64> slice(const QVector<qint64> &ids, int from)
{
    return ids.mid(from, kBatch);
}

bool resetToFailed(inbox::PgConnection &admin, const QString &all, QString *error)
{
    inbox::DbError e;
    if (!admin.run(QStringLiteral("UPDATE inbox.events SET status = 'failed', "
                                  "last_error = 'inbox-bench: set to failed for a requeue run', "
                                  "error_retryable = false, locked_by = NULL, locked_at = NULL "
                                  "WHERE id = ANY($1::bigint[])"),
                   {inbox::PgParam(all)}, &e)) {
        *error = QStringLiteral("resetting events to failed: %1").arg(e.message);
        return false;
    }
    return true;
}

double msSince(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

// The console: a Requeuer per run, as the dialog makes one. Returns the ms from start() to
// finished(), -1 on failure; *previewMs gets prepare() to previewReady().
double requeueThroughConsole(inbox::ConsoleContext *context, const QVector<qint64> &ids,
                             double *previewMs, QString *error)
{
    inbox::Requeuer r(context);
    QElapsedTimer t;
    t.start();
    if (!runUntil(&r, &inbox::Requeuer::previewReady, &inbox::Requeuer::failed,
                  [&] { r.prepare(ids); })) {
        *error = QStringLiteral("preview: %1").arg(r.error().message);
        return -1;
    }
    *previewMs = msSince(t);
    if (r.preview().requeue != ids.size()) {
        *error =
            QStringLiteral("preview: %1 of %2 to requeue").arg(r.preview().requeue).arg(ids.size());
        return -1;
    }
    t.start();
    // finished() comes in every case; failed() only before the run.
    if (!runUntil(&r, &inbox::Requeuer::finished, &inbox::Requeuer::failed,
                  [&] { r.start(kReason); })) {
        *error = QStringLiteral("run: %1").arg(r.error().message);
        return -1;
    }
    const double ms = msSince(t);
    if (r.count(QStringLiteral("requeued")) != ids.size()) {
        *error = QStringLiteral("%1 of %2 requeued (%3)")
                     .arg(r.count(QStringLiteral("requeued")))
                     .arg(ids.size())
                     .arg(r.error().message);
        return -1;
    }
    return ms;
}

// The same statements per batch as the Requeuer sends, over libpq.
double requeuePlain(inbox::PgConnection &plain, const QVector<qint64> &ids, QString *error)
{
    QElapsedTimer t;
    t.start();
    for (int from = 0; from < ids.size(); from += kBatch) {
        const QVector<inbox::Query> batch{
            inbox::Query{QStringLiteral("SELECT pg_backend_pid() AS pid, (extract(epoch FROM "
                                        "clock_timestamp()) * 1000000)::int8 AS at_us"),
                         {}},
            inbox::Query{QStringLiteral("SELECT r.event_id, r.outcome FROM inbox.requeue("
                                        "$1::int8[], $2::text) AS r"),
                         {inbox::Requeuer::arrayLiteral(slice(ids, from)), kReason}}};
        if (!runPlain(plain, batch, error))
            return -1;
    }
    return msSince(t);
}

// No bookkeeping: the rows' status changed by a bare UPDATE, batch by batch.
double bareUpdate(inbox::PgConnection &plain, const QVector<qint64> &ids, QString *error)
{
    QElapsedTimer t;
    t.start();
    for (int from = 0; from < ids.size(); from += kBatch) {
        inbox::DbError e;
        if (!plain.run(QStringLiteral("UPDATE inbox.events SET status = 'received', "
                                      "next_attempt_at = now(), attempts = 0, last_error = NULL, "
                                      "error_retryable = NULL WHERE id = ANY($1::int8[]) AND "
                                      "status = 'failed'"),
                       {inbox::PgParam(inbox::Requeuer::arrayLiteral(slice(ids, from)))}, &e)) {
            *error = e.message;
            return -1;
        }
    }
    return msSince(t);
}

} // namespace

bool runRequeueFigure(const Options &o, inbox::ConsoleContext *context, inbox::PgConnection &admin,
                      inbox::PgConnection &plain, QVector<Figure> *figures, QString *error)
{
    std::fprintf(stderr, "  requeue of %d events ...\n", o.requeueCount);
    inbox::DbError e;
    // The failed events first (their partial index), then the newest done ones.
    const auto picked = admin.exec(
        QStringLiteral("SELECT id FROM ((SELECT id FROM inbox.events WHERE status = 'failed' "
                       "LIMIT $1) UNION ALL (SELECT id FROM inbox.events WHERE status = 'done' "
                       "ORDER BY id DESC LIMIT $1)) x LIMIT $1"),
        {inbox::PgParam(o.requeueCount)}, &e);
    if (!picked) {
        *error = QStringLiteral("picking events to requeue: %1").arg(e.message);
        return false;
    }
    QVector<qint64> ids;
    for (int i = 0; i < picked->rows(); ++i)
        ids << picked->toInt(i, 0);
    if (ids.isEmpty()) {
        *error = QStringLiteral("no failed or done events to requeue");
        return false;
    }
    const QString all = inbox::Requeuer::arrayLiteral(ids);
    if (!admin.run(QStringLiteral("DROP TABLE IF EXISTS pg_temp.bench_requeue_saved"), &e) ||
        !admin.run(QStringLiteral("CREATE TEMP TABLE bench_requeue_saved AS SELECT id, status, "
                                  "attempts, last_error, error_retryable, next_attempt_at, "
                                  "locked_by, locked_at, done_at FROM inbox.events "
                                  "WHERE id = ANY($1::bigint[])"),
                   {inbox::PgParam(all)}, &e)) {
        *error = QStringLiteral("saving the events' state: %1").arg(e.message);
        return false;
    }

    Figure f;
    f.name = QStringLiteral("requeue_%1").arg(ids.size());
    Timing preview, bare;
    bool ok = true;
    // No warm-up run: every Requeuer opens its own connection in prepare(), outside the
    // timed part, and the plain connection is warm from the earlier stages.
    for (int run = 0; ok && run < o.requeueRuns; ++run) {
        const bool keep = true;
        double previewMs = 0;
        double ms = resetToFailed(admin, all, error)
                        ? requeueThroughConsole(context, ids, &previewMs, error)
                        : -1;
        if (ms >= 0 && keep) {
            f.console.ms << ms;
            preview.ms << previewMs;
        }
        if (ms >= 0)
            ms = resetToFailed(admin, all, error) ? requeuePlain(plain, ids, error) : -1;
        if (ms >= 0 && keep)
            f.plain.ms << ms;
        if (ms >= 0)
            ms = resetToFailed(admin, all, error) ? bareUpdate(plain, ids, error) : -1;
        if (ms >= 0 && keep)
            bare.ms << ms;
        ok = ms >= 0;
    }
    // Back to how the fill left them, whatever happened above.
    QString restoreError;
    if (!admin.run(QStringLiteral("UPDATE inbox.events e SET status = s.status, attempts = "
                                  "s.attempts, last_error = s.last_error, error_retryable = "
                                  "s.error_retryable, next_attempt_at = s.next_attempt_at, "
                                  "locked_by = s.locked_by, locked_at = s.locked_at, done_at = "
                                  "s.done_at FROM pg_temp.bench_requeue_saved s WHERE e.id = s.id"),
                   &e))
        restoreError = e.message;
    if (!ok) {
        *error = QStringLiteral("requeue: %1").arg(*error);
        return false;
    }
    if (!restoreError.isEmpty()) {
        *error = QStringLiteral("restoring the requeued events: %1").arg(restoreError);
        return false;
    }
    f.target = QStringLiteral("median <= 1000 ms");
    f.met = f.console.median() <= 1000.0;
    const auto r3 = [](double v) {
        return std::round(v * 1000.0) / 1000.0;
    };
    f.extra.insert(QStringLiteral("batch"), kBatch);
    f.extra.insert(QStringLiteral("connections"), inbox::Requeuer::kLanes);
    f.extra.insert(QStringLiteral("layer_ms"), r3(f.console.median() - f.plain.median()));
    f.extra.insert(QStringLiteral("preview_median_ms"), r3(preview.median()));
    f.extra.insert(QStringLiteral("bare_update_median_ms"), r3(bare.median()));
    f.note = QStringLiteral("Requeuer start() to finished(), %1 batches on %2 connections (plain: "
                            "the same batches one after the other on one); the preview before it "
                            "took %3 ms; a bare UPDATE of the same rows took %4 ms")
                 .arg((ids.size() + kBatch - 1) / kBatch)
                 .arg(inbox::Requeuer::kLanes)
                 .arg(preview.median(), 0, 'f', 1)
                 .arg(bare.median(), 0, 'f', 1);
    *figures << f;
    return true;
}

} // namespace bench
