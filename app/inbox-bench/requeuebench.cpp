#include "requeuebench.h"

#include "pgconnection.h"

#include <QElapsedTimer>
#include <QStringList>

#include <cstdio>

namespace bench {

namespace {

constexpr int kBatch = 1000;

QString arrayText(const QVector<qint64> &ids, int from, int count)
{
    QStringList parts;
    for (int i = from; i < from + count && i < ids.size(); ++i)
        parts << QString::number(ids.at(i));
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
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

// Runs `sql` (taking $1 = a batch of ids as bigint[]) over every batch; returns the sum of
// the first column of each result, -1 on failure.
qint64 inBatches(inbox::PgConnection &conn, const QString &sql, const QVector<qint64> &ids,
                 QString *error)
{
    qint64 sum = 0;
    for (int from = 0; from < ids.size(); from += kBatch) {
        inbox::DbError e;
        const auto rows = conn.exec(sql, {inbox::PgParam(arrayText(ids, from, kBatch))}, &e);
        if (!rows) {
            *error = e.message;
            return -1;
        }
        sum += rows->rows() > 0 ? rows->toInt(0, 0) : 0;
    }
    return sum;
}

} // namespace

bool runRequeueFigure(const Options &o, inbox::PgConnection &admin, QVector<Figure> *figures,
                      QString *error)
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
    const QString all = arrayText(ids, 0, int(ids.size()));
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
    const QString requeueSql =
        QStringLiteral("SELECT count(*) FILTER (WHERE outcome = 'requeued') FROM "
                       "inbox.requeue($1::bigint[], 'inbox-bench: requeue timing')");
    const QString bareSql = QStringLiteral(
        "WITH u AS (UPDATE inbox.events SET status = 'received', next_attempt_at = now(), "
        "attempts = 0, last_error = NULL, error_retryable = NULL "
        "WHERE id = ANY($1::bigint[]) AND status = 'failed' RETURNING 1) SELECT count(*) FROM u");
    bool ok = true;
    for (int run = 0; ok && run < 1 + o.requeueRuns; ++run) { // one warm-up run
        for (int kind = 0; ok && kind < 2; ++kind) {
            if (!resetToFailed(admin, all, error)) {
                ok = false;
                break;
            }
            QElapsedTimer t;
            t.start();
            const qint64 n = inBatches(admin, kind == 0 ? requeueSql : bareSql, ids, error);
            const double ms = double(t.nsecsElapsed()) / 1e6;
            if (n != ids.size()) {
                if (n >= 0)
                    *error = QStringLiteral("%1 of %2 events requeued").arg(n).arg(ids.size());
                ok = false;
                break;
            }
            if (run > 0)
                (kind == 0 ? f.console : f.plain).ms << ms;
        }
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
    f.note = QStringLiteral(
                 "the console's Requeuer was not yet in the repository: this is inbox.requeue over "
                 "libpq in batches of %1 ids; plain = a bare UPDATE of the same rows in the same "
                 "batches")
                 .arg(kBatch);
    f.extra.insert(QStringLiteral("console_layer_measured"), false);
    f.extra.insert(QStringLiteral("batch"), kBatch);
    *figures << f;
    return true;
}

} // namespace bench
