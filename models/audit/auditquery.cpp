#include "audit/auditquery.h"

#include "db/sqlparams.h"

#include "journal/journalquery.h"

namespace inbox {

namespace {

// Which action a row belongs to (see the header). A decision's rows share the candidate and
// the transaction (xmin: the journal is append-only, so it stays the inserting one).
QString groupKey(const char *alias)
{
    return QStringLiteral(
               "CASE WHEN %1.entry = 'requeued' AND %1.detail ->> 'batch' IS NOT NULL"
               " THEN 'r:' || (%1.detail ->> 'batch')"
               " WHEN %1.entry = 'review_resolved' AND %1.detail ->> 'batch' IS NOT NULL"
               " THEN 'v:' || (%1.detail ->> 'batch')"
               " WHEN %1.entry IN ('duplicate_merged', 'duplicate_rejected', 'duplicate_undone')"
               " AND %1.detail ->> 'candidate_id' IS NOT NULL"
               " THEN 'd:' || %1.entry || ':' || (%1.detail ->> 'candidate_id') || ':' ||"
               " %1.xmin::text || ':' || %1.actor"
               " ELSE 'j:' || %1.id::text END")
        .arg(QLatin1String(alias));
}

const char *presetInterval(JournalFilter::Range range)
{
    switch (range) {
    case JournalFilter::Range::LastHour:
        return "1 hour";
    case JournalFilter::Range::Last24Hours:
        return "24 hours";
    case JournalFilter::Range::Last7Days:
        return "7 days";
    case JournalFilter::Range::Last30Days:
        return "30 days";
    case JournalFilter::Range::Any:
    case JournalFilter::Range::Custom:
        break;
    }
    return nullptr;
}

} // namespace

const QStringList &AuditQuery::actionEntries()
{
    static const QStringList entries{
        QStringLiteral("requeued"),           QStringLiteral("duplicate_merged"),
        QStringLiteral("duplicate_rejected"), QStringLiteral("duplicate_undone"),
        QStringLiteral("review_resolved"),    QStringLiteral("pruned"),
        QStringLiteral("alert_rule_created"), QStringLiteral("alert_rule_changed"),
        QStringLiteral("alert_rule_removed"), QStringLiteral("alert_silenced"),
        QStringLiteral("alert_unsilenced")};
    return entries;
}

QString AuditQuery::condition(const AuditFilter &f, QVariantList *params)
{
    SqlParams p(params);
    // Person and action values sit in a sub-select, so the planner takes them as unknown
    // even when it plans for the actual values: against the statistics of the whole journal
    // (mostly worker rows) a person looks so rare that it would read every human row after
    // the key and sort them, where walking journal_person_idx in order stops after a page
    // (measured on 313k human rows: 200-500 ms against 12-17 ms).
    QStringList parts{QStringLiteral("j.by_person")};
    if (!f.person.isEmpty())
        parts << QStringLiteral("j.actor = (SELECT %1)").arg(p.add(f.person, "text"));
    if (f.actions.size() == 1)
        parts << QStringLiteral("j.entry = (SELECT %1)").arg(p.add(f.actions.first(), "text"));
    else if (!f.actions.isEmpty())
        parts << QStringLiteral("j.entry = ANY(string_to_array((SELECT %1), ','))")
                     .arg(p.add(f.actions.join(QLatin1Char(',')), "text"));
    if (const char *preset = presetInterval(f.range))
        parts << QStringLiteral("j.at >= now() - %1")
                     .arg(p.add(QString::fromLatin1(preset), "interval"));
    if (f.range == JournalFilter::Range::Custom) {
        if (f.from.isValid())
            parts << QStringLiteral("j.at >= %1")
                         .arg(sql::fromEpochMicros(p.add(JournalQuery::toMicros(f.from), "int8")));
        if (f.to.isValid())
            parts << QStringLiteral("j.at < %1")
                         .arg(sql::fromEpochMicros(p.add(JournalQuery::toMicros(f.to), "int8")));
    }
    return parts.join(QStringLiteral(" AND "));
}

const QStringList &AuditQuery::columns()
{
    static const QStringList names{QStringLiteral("gkey"),
                                   QStringLiteral("entry"),
                                   QStringLiteral("actor"),
                                   QStringLiteral("newest_us"),
                                   QStringLiteral("oldest_us"),
                                   QStringLiteral("newest_id"),
                                   QStringLiteral("n"),
                                   QStringLiteral("journal_ids"),
                                   QStringLiteral("event_ids"),
                                   QStringLiteral("reason"),
                                   QStringLiteral("note"),
                                   QStringLiteral("candidate_id"),
                                   QStringLiteral("lead_id"),
                                   QStringLiteral("match_lead_id"),
                                   QStringLiteral("pruned_count"),
                                   QStringLiteral("rule_id"),
                                   QStringLiteral("rule_name"),
                                   QStringLiteral("silenced_until"),
                                   QStringLiteral("head_n"),
                                   QStringLiteral("cursor_us"),
                                   QStringLiteral("cursor_id")};
    return names;
}

Query AuditQuery::page(const AuditFilter &filter, const std::optional<AuditKey> &after,
                       const std::optional<AuditKey> &floor, int limit)
{
    Query q;
    const QString cond = condition(filter, &q.params);
    SqlParams p(&q.params);
    QString headCond = cond;
    if (after) {
        headCond +=
            QStringLiteral(" AND (j.at, j.id) < (%1, %2)")
                .arg(sql::fromEpochMicros(p.add(after->atUs, "int8")), p.add(after->id, "int8"));
    }
    if (floor) {
        headCond +=
            QStringLiteral(" AND (j.at, j.id) >= (%1, %2)")
                .arg(sql::fromEpochMicros(p.add(floor->atUs, "int8")), p.add(floor->id, "int8"));
    }
    const QString limitSql =
        limit > 0 ? QStringLiteral(" LIMIT %1").arg(p.add(limit, "int4")) : QString();
    const QString rowColumns =
        QStringLiteral("j.id, j.at, j.entry, j.actor, j.event_id, j.detail, %1 AS gkey")
            .arg(groupKey("j"));

    // head: the page proper. last: its oldest row. stop: the first older row of another
    // action. tail: the rest of the last action, strictly between the two (both bounds are
    // index conditions on journal_person_idx).
    q.sql =
        QStringLiteral(
            "WITH head AS MATERIALIZED ("
            " SELECT %1 FROM inbox.journal j WHERE %2"
            " ORDER BY j.at DESC, j.id DESC%3),"
            " last AS (SELECT h.at, h.id, h.gkey FROM head h ORDER BY h.at, h.id LIMIT 1),"
            " stop AS (SELECT coalesce(s.at, '-infinity'::timestamptz) AS at,"
            "  coalesce(s.id, 0) AS id FROM last l LEFT JOIN LATERAL ("
            "  SELECT j.at, j.id FROM inbox.journal j"
            "  WHERE %4 AND (j.at, j.id) < (l.at, l.id) AND %5 <> l.gkey"
            "  ORDER BY j.at DESC, j.id DESC LIMIT 1) s ON true),"
            " tail AS (SELECT %1 FROM last l CROSS JOIN stop s"
            "  JOIN inbox.journal j ON (j.at, j.id) < (l.at, l.id) AND (j.at, j.id) > (s.at, s.id)"
            "  WHERE %4 AND %5 = l.gkey),"
            " r AS (SELECT * FROM head UNION ALL SELECT * FROM tail),"
            " edge AS (SELECT (SELECT count(*) FROM head) AS head_n, r.at, r.id FROM r"
            "  ORDER BY r.at, r.id LIMIT 1)"
            " SELECT r.gkey, min(r.entry) AS entry, min(r.actor) AS actor,"
            " %6 AS newest_us, %7 AS oldest_us,"
            " (array_agg(r.id ORDER BY r.at DESC, r.id DESC))[1] AS newest_id,"
            " count(*) AS n,"
            " string_agg(r.id::text, ',' ORDER BY r.at DESC, r.id DESC) AS journal_ids,"
            " string_agg(coalesce(r.event_id, 0)::text, ',' ORDER BY r.at DESC, r.id DESC)"
            "  AS event_ids,"
            " min(coalesce(r.detail ->> 'reason', r.detail ->> 'resolution')) AS reason, "
            "min(r.detail ->> 'note') AS note,"
            " min((r.detail ->> 'candidate_id')::int8) AS candidate_id,"
            " min((r.detail ->> 'lead_id')::int8) AS lead_id,"
            " min((r.detail ->> 'match_lead_id')::int8) AS match_lead_id,"
            " min((r.detail ->> 'count')::int8) AS pruned_count,"
            // An alert rule's entries (§8): the rule by id and name (silence entries name
            // it, the others hold the whole rule), and the end of a silence.
            " min((r.detail ->> 'rule_id')::int8) AS rule_id,"
            " min(coalesce(r.detail ->> 'rule_name', r.detail -> 'rule' ->> 'name')) AS rule_name,"
            " min(r.detail ->> 'until') AS silenced_until,"
            " e.head_n, %8 AS cursor_us, e.id AS cursor_id"
            " FROM r CROSS JOIN edge e"
            " GROUP BY r.gkey, e.head_n, e.at, e.id"
            " ORDER BY max(r.at) DESC, 6 DESC")
            .arg(rowColumns, headCond, limitSql, cond, groupKey("j"),
                 sql::epochMicros(QStringLiteral("max(r.at)")),
                 sql::epochMicros(QStringLiteral("min(r.at)")),
                 sql::epochMicros(QStringLiteral("e.at")));
    return q;
}

Query AuditQuery::persons()
{
    return Query{QStringLiteral("SELECT DISTINCT j.actor FROM inbox.journal j WHERE j.by_person"
                                " ORDER BY 1"),
                 {}};
}

Query AuditQuery::events(const QVector<qint64> &journalIds)
{
    QStringList ids;
    ids.reserve(journalIds.size());
    for (const qint64 id : journalIds)
        ids << QString::number(id);
    Query q;
    SqlParams p(&q.params);
    q.sql =
        QStringLiteral("SELECT j.id AS journal_id, j.event_id, e.source, e.external_id, e.status,"
                       " j.detail ->> 'previous_status' AS previous_status,"
                       " left(j.detail ->> 'previous_error', 500) AS previous_error,"
                       " (j.detail ->> 'this_lead_id')::int8 AS lead_id"
                       " FROM unnest(string_to_array(%1, ',')::int8[]) WITH ORDINALITY AS u(id, n)"
                       " JOIN inbox.journal j ON j.id = u.id AND j.by_person"
                       " LEFT JOIN inbox.events e ON e.id = j.event_id"
                       " ORDER BY u.n")
            .arg(p.add(ids.join(QLatin1Char(',')), "text"));
    return q;
}

} // namespace inbox
