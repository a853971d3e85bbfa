#include "costladder.h"

#include "db/pgconnection.h"

namespace bench {

namespace {

// The statements of the four steps, $1-$3 as in LadderStep; one.at(i) and many.at(i) for step i.
void ladderStatements(const QString &schema, QStringList *one, QStringList *many);

const QStringList &stepNames()
{
    static const QStringList names{QStringLiteral("event"), QStringLiteral("journal"),
                                   QStringLiteral("queue"), QStringLiteral("ledgers")};
    return names;
}

} // namespace

bool createLadderTables(inbox::PgConnection &admin, const QString &schema, QString *error)
{
    inbox::DbError e;
    const QString sql =
        QStringLiteral("CREATE TABLE %1.l_events (LIKE inbox.events INCLUDING ALL); "
                       "CREATE TABLE %1.l_journal (LIKE inbox.journal INCLUDING ALL, "
                       "  FOREIGN KEY (event_id) REFERENCES %1.l_events (id) ON DELETE CASCADE); "
                       "CREATE TABLE %1.l_queue (LIKE inbox.event_queue INCLUDING ALL); "
                       "CREATE TABLE %1.l_status_counts (LIKE inbox.status_counts INCLUDING ALL); "
                       "CREATE TABLE %1.l_daily_stats (LIKE inbox.daily_stats INCLUDING ALL)")
            .arg(schema);
    if (!admin.run(sql, &e)) {
        *error = QStringLiteral("making the cost ladder's tables: %1").arg(e.message);
        return false;
    }
    // Each step is one statement in a PL/pgSQL function, as in accept: its plan is made once
    // per session, not at every call.
    QStringList one, many;
    ladderStatements(schema, &one, &many);
    for (int i = 0; i < stepNames().size(); ++i) {
        const QString function =
            QStringLiteral("CREATE FUNCTION %1.l_%2_%3(%4) RETURNS bigint LANGUAGE plpgsql AS "
                           "$ladder$ DECLARE v_rows bigint; BEGIN %5; RETURN v_rows; END $ladder$");
        if (!admin.run(function.arg(schema, QStringLiteral("one"), stepNames().at(i),
                                    QStringLiteral("text, text, bytea"), one.at(i)),
                       &e) ||
            !admin.run(function.arg(schema, QStringLiteral("many"), stepNames().at(i),
                                    QStringLiteral("text[], text[], bytea[]"), many.at(i)),
                       &e)) {
            *error = QStringLiteral("making the cost ladder's functions: %1").arg(e.message);
            return false;
        }
    }
    return true;
}

QVector<LadderStep> ladderSteps(const QString &schema)
{
    const QStringList labels{
        QStringLiteral("ladder: the event row (inbox.events' columns and indexes)"),
        QStringLiteral("ladder: + its `received` journal row (2 indexes, foreign key)"),
        QStringLiteral("ladder: + its queue row (4 indexes)"),
        QStringLiteral("ladder: + its status and daily ledger rows (all accept writes)")};
    QVector<LadderStep> steps;
    for (int i = 0; i < stepNames().size(); ++i) {
        const QString &name = stepNames().at(i);
        steps << LadderStep{name, labels.at(i),
                            QStringLiteral("SELECT %1.l_one_%2($1, $2, $3)").arg(schema, name),
                            QStringLiteral("SELECT %1.l_many_%2($1::text[], $2::text[], "
                                           "$3::bytea[])")
                                .arg(schema, name)};
    }
    return steps;
}

namespace {

void ladderStatements(const QString &schema, QStringList *oneOut, QStringList *manyOut)
{
    // The event row as accept writes it (the idempotency key and fingerprint computed alike);
    // a batch inserts in (source, external_id) order, as accept_many does.
    const QString columns = QStringLiteral(
        "INSERT INTO %1.l_events (source, external_id, idempotency_key, occurred_at, body, "
        "content_type, fingerprint) ");
    const QString values = QStringLiteral(
        "SELECT x.s, x.e, x.s || ':' || left(encode(sha256(convert_to(x.s || E'\\x1f' || x.e, "
        "'UTF8')), 'hex'), 32), now(), x.b, 'application/json', encode(sha256(x.b), 'hex') ");
    const QString returning = QStringLiteral(
        " ON CONFLICT DO NOTHING RETURNING id, source, status, received_at, next_attempt_at, "
        "locked_at, fingerprint, octet_length(body) AS bytes");
    const QString one =
        (columns + values +
         QStringLiteral("FROM (VALUES ($1::text COLLATE \"C\", $2::text COLLATE \"C\", "
                        "$3::bytea)) AS x(s, e, b)") +
         returning)
            .arg(schema);
    const QString many =
        (columns + values +
         QStringLiteral("FROM unnest($1::text[], $2::text[], $3::bytea[]) AS x(s, e, b) ORDER BY "
                        "x.s COLLATE \"C\", x.e COLLATE \"C\"") +
         returning)
            .arg(schema);
    const QStringList more{
        QStringLiteral(", j AS (INSERT INTO %1.l_journal (event_id, entry, detail) SELECT id, "
                       "'received', jsonb_build_object('bytes', bytes, 'fingerprint', "
                       "fingerprint) FROM ins ORDER BY id)"),
        QStringLiteral(", q AS (INSERT INTO %1.l_queue (id, source, status, received_at, "
                       "next_attempt_at, locked_at) SELECT id, source, status, received_at, "
                       "next_attempt_at, locked_at FROM ins)"),
        QStringLiteral(", s AS (INSERT INTO %1.l_status_counts (source, status, shard, n) SELECT "
                       "source, status, (pg_backend_pid() % 8)::smallint, count(*) FROM ins "
                       "GROUP BY source, status), d AS (INSERT INTO %1.l_daily_stats (day, "
                       "source, shard, received) SELECT (now() AT TIME ZONE 'UTC')::date, source, "
                       "(pg_backend_pid() % 8)::smallint, count(*) FROM ins GROUP BY source)")};
    QString tail;
    for (int i = 0; i < stepNames().size(); ++i) {
        if (i > 0)
            tail += more.at(i - 1).arg(schema);
        const QString end = QStringLiteral(" SELECT count(*) INTO v_rows FROM ins");
        *oneOut << QStringLiteral("WITH ins AS (") + one + QLatin1Char(')') + tail + end;
        *manyOut << QStringLiteral("WITH ins AS (") + many + QLatin1Char(')') + tail + end;
    }
}

} // namespace

} // namespace bench
