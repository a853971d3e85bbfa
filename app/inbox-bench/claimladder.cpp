#include "claimladder.h"

#include "db/pgconnection.h"

namespace bench {

namespace {

constexpr int kSteps = 3;

const char *const kNames[kSteps] = {"queue", "journal", "ledgers"};

const char *const kLabels[kSteps] = {
    "claim ladder: the event row updated twice, its queue row updated and deleted",
    "claim ladder: + the `claimed` and `done` journal rows (foreign key)",
    "claim ladder: + four status deltas and a daily delta (all claim and complete write)"};

// The prefix of step `k`'s tables (0-based): <schema>.c<k>_events, _queue, _journal,
// _status_counts and _daily_stats. %1 stands for it in the statements below.
QString prefix(const QString &schema, int k)
{
    return QStringLiteral("%1.c%2").arg(schema).arg(k);
}

// The rows a step adds to both statements, %1 standing for the tables' prefix: from step 1 the
// journal entry `entry` for every event of `u`, from step 2 the two status deltas of the move
// from status `from` to `to`.
QString journalAndDeltas(int k, const char *entry, const char *from, const char *to)
{
    QString sql;
    if (k >= 1)
        sql += QStringLiteral(", j AS (INSERT INTO %1_journal (event_id, entry, actor, detail) "
                              "SELECT u.id, '") +
               QLatin1String(entry) +
               QStringLiteral("', p_worker, jsonb_build_object('attempt', u.attempts) FROM u)");
    if (k >= 2)
        sql += QStringLiteral(", s AS (INSERT INTO %1_status_counts (source, status, shard, n) "
                              "SELECT u.source, x.status, (pg_backend_pid() % 8)::smallint, "
                              "sum(x.delta) FROM u CROSS JOIN (VALUES ('") +
               QLatin1String(from) + QStringLiteral("', -1), ('") + QLatin1String(to) +
               QStringLiteral("', 1)) AS x(status, delta) GROUP BY u.source, x.status)");
    return sql;
}

// claim as inbox.claim takes fresh events (0012): a window of the due queue, the events
// locked SKIP LOCKED, both rows updated; the statement's result is the ids.
QString claimStatement(const QString &p, int k)
{
    const QString sql = QStringLiteral(
        "WITH c AS (SELECT e.id FROM (SELECT q.id, q.next_attempt_at FROM %1_queue q WHERE "
        "q.status = 'received' AND q.next_attempt_at <= now() ORDER BY q.next_attempt_at, q.id "
        "LIMIT p_limit * 4 + 64) w JOIN %1_events e ON e.id = w.id WHERE e.status = 'received' "
        "AND e.next_attempt_at <= now() ORDER BY w.next_attempt_at, w.id LIMIT p_limit FOR "
        "UPDATE OF e SKIP LOCKED), "
        "u AS (UPDATE %1_events e SET status = 'processing', locked_by = p_worker, locked_at = "
        "now(), attempts = e.attempts + 1 FROM c WHERE e.id = c.id RETURNING e.id, e.source, "
        "e.attempts, e.locked_at), "
        "q AS (UPDATE %1_queue q SET status = 'processing', locked_at = u.locked_at FROM u "
        "WHERE q.id = u.id)");
    return (sql + journalAndDeltas(k, "claimed", "received", "processing") +
            QStringLiteral(" SELECT u.id FROM u"))
        .arg(p);
}

// complete as inbox.complete does it: the event done, its queue row deleted (the trigger's
// work in the inbox), the journal row, the deltas and the daily `done`.
QString completeStatement(const QString &p, int k)
{
    QString sql = QStringLiteral(
        "WITH u AS (UPDATE %1_events e SET status = 'done', done_at = now(), result = NULL, "
        "locked_by = NULL, locked_at = NULL WHERE e.id = p_id AND e.status = 'processing' AND "
        "e.locked_by = p_worker RETURNING e.id, e.source, e.attempts), "
        "q AS (DELETE FROM %1_queue q USING u WHERE q.id = u.id)");
    sql += journalAndDeltas(k, "done", "processing", "done");
    if (k >= 2)
        sql += QStringLiteral(", d AS (INSERT INTO %1_daily_stats (day, source, shard, done) "
                              "SELECT (now() AT TIME ZONE 'UTC')::date, u.source, "
                              "(pg_backend_pid() % 8)::smallint, 1 FROM u)");
    return (sql + QStringLiteral(" SELECT true INTO v_done FROM u")).arg(p);
}

} // namespace

bool createClaimLadder(inbox::PgConnection &admin, const QString &schema, QString *error)
{
    inbox::DbError e;
    for (int k = 0; k < kSteps; ++k) {
        const QString p = prefix(schema, k);
        QString tables = QStringLiteral(
            "CREATE TABLE %1_events (LIKE inbox.events INCLUDING ALL); "
            "CREATE TABLE %1_queue (LIKE inbox.event_queue INCLUDING ALL); "
            "CREATE TABLE %1_journal (LIKE inbox.journal INCLUDING ALL, FOREIGN KEY (event_id) "
            "REFERENCES %1_events (id) ON DELETE CASCADE); "
            "CREATE TABLE %1_status_counts (LIKE inbox.status_counts INCLUDING ALL); "
            "CREATE TABLE %1_daily_stats (LIKE inbox.daily_stats INCLUDING ALL); ");
        tables += QStringLiteral(
            "CREATE FUNCTION %1_claim(p_worker text, p_limit int) RETURNS SETOF bigint "
            "LANGUAGE plpgsql AS $ladder$ BEGIN RETURN QUERY %2; END $ladder$; ");
        tables += QStringLiteral(
            "CREATE FUNCTION %1_complete(p_id bigint, p_worker text) RETURNS boolean "
            "LANGUAGE plpgsql AS $ladder$ DECLARE v_done boolean; BEGIN %3; "
            "RETURN coalesce(v_done, false); END $ladder$");
        if (!admin.run(tables.arg(p, claimStatement(p, k), completeStatement(p, k)), &e)) {
            *error = QStringLiteral("making the claim ladder's step %1: %2")
                         .arg(QLatin1String(kNames[k]), e.message);
            return false;
        }
    }
    return true;
}

QVector<ClaimLadderStep> claimLadderSteps(const QString &schema)
{
    QVector<ClaimLadderStep> steps;
    for (int k = 0; k < kSteps; ++k) {
        const QString p = prefix(schema, k);
        steps << ClaimLadderStep{QLatin1String(kNames[k]), QLatin1String(kLabels[k]),
                                 QStringLiteral("SELECT * FROM %1_claim($1, $2)").arg(p),
                                 QStringLiteral("SELECT %1_complete($1, $2)").arg(p)};
    }
    return steps;
}

bool topUpClaimLadder(inbox::PgConnection &admin, const QString &schema, qint64 backlog,
                      const QString &tag, QString *error)
{
    inbox::DbError e;
    for (int k = 0; k < kSteps; ++k) {
        // The events as accept stores them (key, fingerprint), each with its due queue row.
        const QString sql = QStringLiteral(
            "WITH n AS (SELECT greatest($1::bigint - count(*), 0) AS missing FROM %1_queue "
            "WHERE status = 'received' AND next_attempt_at <= now()), "
            "e AS (INSERT INTO %1_events (source, external_id, idempotency_key, occurred_at, "
            "body, content_type, fingerprint) SELECT 'inbox_bench', $2 || g, 'inbox_bench:' || "
            "$2 || g, now(), convert_to('{\"backlog\": ' || g || '}', 'UTF8'), "
            "'application/json', md5(g::text) FROM n, generate_series(1, n.missing) g "
            "RETURNING id, source, status, received_at, next_attempt_at) "
            "INSERT INTO %1_queue (id, source, status, received_at, next_attempt_at) SELECT id, "
            "source, status, received_at, next_attempt_at FROM e");
        if (!admin.run(sql.arg(prefix(schema, k)),
                       {inbox::PgParam(backlog), inbox::PgParam(tag + QLatin1Char('-'))}, &e)) {
            *error = QStringLiteral("topping the claim ladder's step %1 up: %2")
                         .arg(QLatin1String(kNames[k]), e.message);
            return false;
        }
    }
    return true;
}

} // namespace bench
