#include "selfcheck.h"

#include "db/pgconnection.h"
#include "fakecrm.h"
#include "ledger.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace inbox::sim {

namespace {

// The events under check. Run mode: the keys this run sent, loaded into a temporary table
// (sim_scope) first; database mode: every event.
// `sent`: deliveries the inbox answered; `unknown`: further sends whose reply was lost.
const char *kRunScope = "SELECT e.*, k.sent, k.unknown FROM sim_scope k JOIN inbox.events e "
                        "ON e.source = k.source AND e.external_id = k.external_id";
const char *kDatabaseScope =
    "SELECT e.*, NULL::int AS sent, NULL::int AS unknown FROM inbox.events e";

QString withScope(bool run, const char *body)
{
    return QStringLiteral("WITH scope AS MATERIALIZED (%1) %2")
        .arg(QLatin1String(run ? kRunScope : kDatabaseScope), QLatin1String(body));
}

CheckResult failedQuery(const QString &name, const DbError &e)
{
    return {name, false, QStringLiteral("could not check: ") + e.oneLine()};
}

// Rows of (count over all, example text...) -> "N: example; example".
QString examples(const PgRows &rows, int textColumns)
{
    QStringList out;
    for (int r = 0; r < rows.rows(); ++r) {
        QStringList cols;
        for (int c = 1; c <= textColumns; ++c)
            cols << rows.text(r, c);
        out << cols.join(QLatin1Char(' '));
    }
    return out.join(QStringLiteral("; "));
}

// Rows found by a check as people read them: "N <what>: example; example".
QString found(const PgRows &rows, const char *what, int textColumns)
{
    return QStringLiteral("%1 %2: %3")
        .arg(rows.text(0, 0), QLatin1String(what), examples(rows, textColumns));
}

CheckResult doubleDeals(PgConnection &db, bool run, const FakeCrm *crm)
{
    const QString name = QStringLiteral("no_double_deal");
    DbError e;
    // Two different entities recorded for one event, or one event's action under two
    // different keys (a key regenerated on retry would do that).
    const std::optional<PgRows> rows =
        db.exec(withScope(run, "SELECT count(*) OVER (), 'event ' || a.event_id, a.kind, "
                               "       count(DISTINCT a.result ->> 'entity_id') || ' entities', "
                               "       count(DISTINCT a.operation_key) || ' keys' "
                               "  FROM inbox.actions a JOIN scope s ON s.id = a.event_id "
                               " GROUP BY a.event_id, a.kind "
                               "HAVING count(DISTINCT a.result ->> 'entity_id') "
                               "           FILTER (WHERE a.state = 'done') > 1 "
                               "    OR count(DISTINCT a.operation_key) > 1 "
                               " ORDER BY a.event_id LIMIT 5"),
                &e);
    if (!rows)
        return failedQuery(name, e);
    QStringList problems;
    if (rows->rows() > 0)
        problems << found(*rows, "events in inbox.actions", 4);
    if (crm) {
        const QVector<QPair<QString, int>> several = crm->refsWithSeveral();
        if (!several.isEmpty()) {
            QStringList refs;
            for (const auto &[ref, n] : several.mid(0, 5))
                refs << QStringLiteral("%1 x%2").arg(ref).arg(n);
            problems << QStringLiteral("%1 events got several CRM entities: %2")
                            .arg(several.size())
                            .arg(refs.join(QStringLiteral("; ")));
        }
    }
    if (!problems.isEmpty())
        return {name, false, problems.join(QStringLiteral(" | "))};
    return {name, true,
            crm ? QStringLiteral("%1 CRM entities made, none twice").arg(crm->created())
                : QStringLiteral("no event has two entities")};
}

CheckResult accounted(PgConnection &db, bool run, const QStringList &deadWorkers)
{
    const QString name = QStringLiteral("every_event_accounted");
    DbError e;
    // done needs done_at; failed needs the reason; received is waiting (due or retry
    // scheduled: both show in the queue); processing must be held by someone: after a run
    // only a dead worker may still hold a lock (the console shows it as stuck once the lock
    // is older than the timeout, and a worker takes it over).
    const std::optional<PgRows> rows = db.exec(
        withScope(run,
                  "SELECT count(*) OVER (), s.source || '/' || s.external_id, s.status, "
                  "       coalesce('held by ' || s.locked_by, '') "
                  "  FROM scope s "
                  " WHERE (s.status = 'done' AND s.done_at IS NULL) "
                  "    OR (s.status = 'failed' AND s.last_error IS NULL) "
                  "    OR (s.status = 'processing' AND (s.locked_by IS NULL OR s.locked_at IS NULL "
                  "        OR ($1::boolean AND s.locked_by <> ALL ($2::text[])))) "
                  " ORDER BY s.id LIMIT 5"),
        {run, QStringLiteral("{") + deadWorkers.join(QLatin1Char(',')) + QStringLiteral("}")}, &e);
    if (!rows)
        return failedQuery(name, e);
    if (rows->rows() > 0)
        return {name, false, found(*rows, "events neither done, failed nor visibly waiting", 3)};
    const std::optional<PgRows> summary =
        db.exec(withScope(run, "SELECT string_agg(status || ' ' || n, ', ' ORDER BY status) "
                               "FROM (SELECT status, count(*) AS n FROM scope GROUP BY status) c"),
                &e);
    return {name, true, summary ? summary->text(0, 0) : QString()};
}

CheckResult journal(PgConnection &db, bool run, qint64 keysSent)
{
    const QString name = QStringLiteral("journal_complete");
    DbError e;
    QStringList problems;
    if (run) {
        const std::optional<PgRows> missing =
            db.exec(QStringLiteral("SELECT count(*) OVER (), k.source || '/' || k.external_id "
                                   "  FROM sim_scope k "
                                   " WHERE NOT EXISTS (SELECT 1 FROM inbox.events e "
                                   "                    WHERE e.source = k.source "
                                   "                      AND e.external_id = k.external_id) "
                                   " LIMIT 5"),
                    &e);
        if (!missing)
            return failedQuery(name, e);
        if (missing->rows() > 0)
            problems << found(*missing, "keys sent but not in inbox.events", 1);
    }
    const std::optional<PgRows> rows = db.exec(
        withScope(run, ", j AS (SELECT j.event_id, "
                       "              count(*) FILTER (WHERE j.entry = 'received') AS received, "
                       "              count(*) FILTER (WHERE j.entry IN ('duplicate', 'conflict', "
                       "                                                 'rearmed')) AS repeats, "
                       "              bool_or(j.entry = 'done') AS has_done, "
                       "              bool_or(j.entry = 'failed') AS has_failed "
                       "         FROM inbox.journal j "
                       "        WHERE j.event_id IN (SELECT id FROM scope) "
                       "        GROUP BY j.event_id) "
                       "SELECT count(*) OVER (), s.source || '/' || s.external_id, "
                       "       'deliveries ' || s.deliveries, "
                       "       'received entries ' || coalesce(j.received, 0), "
                       "       'repeat entries ' || coalesce(j.repeats, 0), "
                       "       s.status "
                       "  FROM scope s LEFT JOIN j ON j.event_id = s.id "
                       " WHERE coalesce(j.received, 0) <> 1 "
                       "    OR coalesce(j.repeats, 0) <> s.deliveries - 1 "
                       "    OR (s.status = 'done' AND NOT coalesce(j.has_done, false)) "
                       "    OR (s.status = 'failed' AND NOT coalesce(j.has_failed, false)) "
                       " ORDER BY s.id LIMIT 5"),
        &e);
    if (!rows)
        return failedQuery(name, e);
    if (rows->rows() > 0)
        problems << found(*rows, "events whose journal does not match", 5);
    if (!problems.isEmpty())
        return {name, false, problems.join(QStringLiteral(" | "))};
    return {name, true,
            run ? QStringLiteral("all %1 keys sent are in the journal, every delivery journaled")
                      .arg(keysSent)
                : QStringLiteral("every event's deliveries and final state are journaled")};
}

CheckResult repeats(PgConnection &db, const Ledger &ledger)
{
    const QString name = QStringLiteral("repeats_counted");
    const Ledger::Totals t = ledger.totals();
    QStringList problems;
    if (t.errors > 0)
        problems << QStringLiteral("%1 accept calls failed, their fate is unknown: %2")
                        .arg(t.errors)
                        .arg(ledger.errors(3).join(QStringLiteral("; ")));
    // Every delivery as expected: exactly one 'new' per key, conflicts where the sender
    // reused a key for a different event, repeats everywhere else.
    qint64 wrong = 0;
    QStringList wrongExamples;
    for (const Ledger::Key &k : ledger.keys()) {
        // After a lost reply the inbox may already hold the send: its resend is then a
        // repeat, where a 'new' was expected. Never more 'new' than expected, though.
        const bool expected = k.unknown == 0
                                  ? k.gotNew == k.expectNew && k.gotConflict == k.expectConflict &&
                                        k.gotRepeat == k.expectRepeat
                                  : k.gotNew <= k.expectNew && k.gotConflict == k.expectConflict &&
                                        k.gotNew + k.gotRepeat == k.expectNew + k.expectRepeat;
        if (!expected) {
            ++wrong;
            if (wrongExamples.size() < 3)
                wrongExamples << QStringLiteral("%1/%2 expected new %3 repeat %4 conflict %5, got "
                                                "%6/%7/%8")
                                     .arg(k.source, k.externalId)
                                     .arg(k.expectNew)
                                     .arg(k.expectRepeat)
                                     .arg(k.expectConflict)
                                     .arg(k.gotNew)
                                     .arg(k.gotRepeat)
                                     .arg(k.gotConflict);
        }
    }
    if (wrong > 0)
        problems << QStringLiteral("%1 keys answered unexpectedly: %2")
                        .arg(wrong)
                        .arg(wrongExamples.join(QStringLiteral("; ")));
    // Each key's deliveries in the inbox: those answered, plus at most the sends whose reply
    // was lost (each was stored or not; nobody can know which, so neither is a failure).
    DbError e;
    const std::optional<PgRows> rows = db.exec(
        withScope(true, "SELECT coalesce(sum(deliveries - 1), 0), coalesce(sum(sent - 1), 0), "
                        "       count(*) FILTER (WHERE deliveries NOT BETWEEN sent "
                        "                        AND sent + unknown), "
                        "       string_agg(CASE WHEN deliveries NOT BETWEEN sent "
                        "                  AND sent + unknown THEN source || '/' || "
                        "                  external_id END, '; ') "
                        "  FROM scope"),
        &e);
    if (!rows)
        return failedQuery(name, e);
    const qint64 counted = rows->toInt(0, 0);
    const qint64 sent = rows->toInt(0, 1);
    const qint64 differ = rows->toInt(0, 2);
    if (sent != t.repeats || differ > 0 || counted < t.repeats || counted > t.repeats + t.unknown)
        problems << QStringLiteral("repeats sent %1, counted by the inbox %2, %3 sends with a "
                                   "lost reply (%4 keys differ: %5)")
                        .arg(t.repeats)
                        .arg(counted)
                        .arg(t.unknown)
                        .arg(rows->text(0, 2), rows->text(0, 3).left(200));
    if (!problems.isEmpty())
        return {name, false, problems.join(QStringLiteral(" | "))};
    const QString share = t.keys
                              ? QString::number(100.0 * double(t.repeats) / double(t.keys), 'f', 1)
                              : QStringLiteral("0");
    if (t.unknown == 0)
        return {name, true,
                QStringLiteral("%1 deliveries of %2 keys: %3 repeats sent = %3 counted (%4%), %5 "
                               "conflicts")
                    .arg(t.deliveries)
                    .arg(t.keys)
                    .arg(t.repeats)
                    .arg(share)
                    .arg(t.conflicts)};
    return {name, true,
            QStringLiteral("%1 deliveries of %2 keys: %3 repeats answered (%4%), %5 counted by the "
                           "inbox; %6 sends whose reply was lost were sent again, %7 of them "
                           "had been stored (unknown to the sender, not a failure), %8 conflicts")
                .arg(t.deliveries)
                .arg(t.keys)
                .arg(t.repeats)
                .arg(share)
                .arg(counted)
                .arg(t.unknown)
                .arg(counted - t.repeats)
                .arg(t.conflicts)};
}

CheckResult counters(PgConnection &db)
{
    const QString name = QStringLiteral("counters_agree");
    DbError e;
    const std::optional<PgRows> rows = db.exec(
        QStringLiteral("WITH c AS (SELECT source, status, sum(n) AS n FROM inbox.status_counts "
                       "           GROUP BY source, status), "
                       "     r AS (SELECT source, status, count(*) AS n FROM inbox.events "
                       "           GROUP BY source, status) "
                       "SELECT count(*) OVER (), coalesce(c.source, r.source) || '/' || "
                       "       coalesce(c.status, r.status), 'counter ' || coalesce(c.n, 0), "
                       "       'events ' || coalesce(r.n, 0) "
                       "  FROM c FULL JOIN r ON r.source = c.source AND r.status = c.status "
                       " WHERE coalesce(c.n, 0) <> coalesce(r.n, 0) LIMIT 5"),
        &e);
    if (!rows)
        return failedQuery(name, e);
    if (rows->rows() > 0)
        return {name, false, found(*rows, "(source, status) counters differ", 3)};
    return {name, true, QStringLiteral("inbox.status_counts matches the events")};
}

} // namespace

QVector<CheckResult> SelfCheck::afterRun(PgConnection &db, const Ledger &ledger, const FakeCrm &crm)
{
    QJsonArray keys;
    for (const Ledger::Key &k : ledger.keys()) {
        if (k.sent == 0)
            continue; // every send of it lost: the inbox may or may not have it
        keys.append(QJsonObject{{QStringLiteral("source"), k.source},
                                {QStringLiteral("external_id"), k.externalId},
                                {QStringLiteral("sent"), k.sent},
                                {QStringLiteral("unknown"), k.unknown}});
    }
    DbError e;
    const bool loaded =
        db.run(QStringLiteral("DROP TABLE IF EXISTS pg_temp.sim_scope; "
                              "CREATE TEMP TABLE sim_scope (source text COLLATE \"C\", "
                              "external_id text COLLATE \"C\", sent int, unknown int, "
                              "PRIMARY KEY (source, external_id))"),
               &e) &&
        db.run(QStringLiteral("INSERT INTO sim_scope SELECT source, external_id, sent, unknown "
                              "FROM jsonb_to_recordset($1::jsonb) "
                              "AS k(source text, external_id text, sent int, unknown int)"),
               {QString::fromUtf8(QJsonDocument(keys).toJson(QJsonDocument::Compact))}, &e) &&
        db.run(QStringLiteral("ANALYZE sim_scope"), &e);
    if (!loaded)
        return {failedQuery(QStringLiteral("load_scope"), e)};
    return {doubleDeals(db, true, &crm), accounted(db, true, ledger.deadWorkers()),
            repeats(db, ledger), journal(db, true, qint64(keys.size())), counters(db)};
}

QVector<CheckResult> SelfCheck::database(PgConnection &db)
{
    return {doubleDeals(db, false, nullptr), accounted(db, false, {}), journal(db, false, 0),
            counters(db)};
}

bool SelfCheck::allPassed(const QVector<CheckResult> &results)
{
    return failedNames(results).isEmpty();
}

QStringList SelfCheck::failedNames(const QVector<CheckResult> &results)
{
    QStringList names;
    for (const CheckResult &r : results) {
        if (!r.passed)
            names << r.name;
    }
    return names;
}

void SelfCheck::print(const QVector<CheckResult> &results, FILE *out)
{
    for (const CheckResult &r : results) {
        std::fprintf(out, "self-check %-22s %s  %s\n", qPrintable(r.name),
                     r.passed ? "PASS" : "FAIL", qPrintable(r.detail));
    }
    std::fflush(out);
}

} // namespace inbox::sim
