#include "journal/journalquery.h"

#include "db/sqlparams.h"
#include "table/wordtable.h"

namespace inbox {

namespace {

// One value: plain equality, which lets the planner walk (source, received_at, id) in order.
QString oneOf(const QString &table, const char *column, const QStringList &values, SqlParams &p)
{
    if (values.size() == 1)
        return QStringLiteral("%1.%2 = %3")
            .arg(table, QLatin1String(column), p.add(values.first(), "text"));
    return QStringLiteral("%1.%2 = ANY(%3)")
        .arg(table, QLatin1String(column), p.add(sql::textArray(values), "text[]"));
}

// Events that are not done are searched by status through inbox.event_queue (migration 12:
// the status indexes live there, so that a status change of inbox.events writes no index
// entry). A filter that admits only such statuses reads the queue row first, as alias `q`,
// and takes source, status, time and lock from it (they equal the event's in any snapshot).
bool queued(const JournalFilter &f)
{
    if (f.stuckOnly)
        return true;
    return !f.statuses.isEmpty() && !f.statuses.contains(QStringLiteral("done"));
}

QString tableOf(const JournalFilter &f)
{
    return queued(f) ? QStringLiteral("q") : QStringLiteral("e");
}

QString fromSql(const JournalFilter &f)
{
    return queued(f)
               ? QStringLiteral(" FROM inbox.event_queue q JOIN inbox.events e ON e.id = q.id")
               : QStringLiteral(" FROM inbox.events e");
}

// The page columns: (expression, name). No body: its size only.
const char *const kColumns[][2] = {
    {"e.id", "id"},
    {"(extract(epoch FROM e.received_at) * 1000000)::int8", "received_us"},
    {"(extract(epoch FROM e.occurred_at) * 1000000)::int8", "occurred_us"},
    {"e.source", "source"},
    {"e.external_id", "external_id"},
    {"e.kind", "kind"},
    {"e.status", "status"},
    {"e.attempts", "attempts"},
    {"e.max_attempts", "max_attempts"},
    {"e.deliveries", "deliveries"},
    {"e.needs_review", "needs_review"},
    // A done event's error is from an attempt before the one that succeeded (schemas before
    // complete cleared it): history for the detail pane, not the state a table shows.
    {"CASE WHEN e.status <> 'done' THEN left(e.last_error, 500) END", "last_error"},
    {"CASE WHEN e.status <> 'done' THEN e.error_retryable END", "error_retryable"},
    {"e.idempotency_key", "idempotency_key"},
    {"e.content_type", "content_type"},
    {"octet_length(e.body)", "body_bytes"},
    {"e.locked_by", "locked_by"},
    // Set only on a kept key's row (keptKeys below): when prune removed the event.
    {"NULL::int8", "pruned_us"},
};

const QString &selectList()
{
    static const QString sql = [] {
        QStringList parts;
        for (const auto &c : kColumns)
            parts << QStringLiteral("%1 AS %2").arg(QLatin1String(c[0]), QLatin1String(c[1]));
        return parts.join(QStringLiteral(", "));
    }();
    return sql;
}

QString textKeySql(const QString &column, SqlParams &p)
{
    // Quoted values first (a phone '45-67'), then words with a digit in them (ART-9001,
    // 3000) unless they are a lone three-digit code (503, 422).
    return QStringLiteral("coalesce(regexp_replace(regexp_replace(regexp_replace(left(%1, 500), "
                          "%2, '''…''', 'g'), %3, '\"…\"', 'g'), %4, '#', 'g'), '')")
        .arg(column, p.add(QStringLiteral("'[^']*'"), "text"),
             p.add(QStringLiteral("\"[^\"]*\""), "text"),
             p.add(QStringLiteral("\\m(?!\\d{3}\\M)[[:alnum:]_./-]*\\d[[:alnum:]_./-]*"), "text"));
}

QString conditionSql(const JournalFilter &f, SqlParams &p)
{
    const QString t = tableOf(f);
    QStringList parts;
    if (!f.sources.isEmpty())
        parts << oneOf(t, "source", f.sources, p);
    if (!f.statuses.isEmpty())
        parts << oneOf(t, "status", f.statuses, p);
    if (!f.kinds.isEmpty())
        parts << oneOf(QStringLiteral("e"), "kind", f.kinds, p);
    if (f.needsReview)
        parts << QStringLiteral("e.needs_review IS NOT NULL");
    if (f.stuckOnly) {
        // The deployment's lock timeout, the one claim, requeue and stats_now use (0024).
        parts << QStringLiteral("%1.status = 'processing' AND %1.locked_at < now() - "
                                "(SELECT s.lock_timeout FROM inbox.settings s)")
                     .arg(t);
    }
    if (f.validation == JournalFilter::Validation::Only)
        parts << QStringLiteral("e.error_retryable = false");
    else if (f.validation == JournalFilter::Validation::Excluded)
        parts << QStringLiteral("e.error_retryable IS DISTINCT FROM false");
    if (f.errorKey) {
        parts << QStringLiteral("%1 = %2").arg(textKeySql(QStringLiteral("e.last_error"), p),
                                               p.add(*f.errorKey, "text"));
    }
    if (f.reviewKey) {
        parts << QStringLiteral("%1 = %2").arg(textKeySql(QStringLiteral("e.needs_review"), p),
                                               p.add(*f.reviewKey, "text"));
    }
    // The preset ranges as intervals back from now (Any and Custom have none).
    static const WordTable<JournalFilter::Range> kPresets{
        {JournalFilter::Range::LastHour, "1 hour"},
        {JournalFilter::Range::Last24Hours, "24 hours"},
        {JournalFilter::Range::Last7Days, "7 days"},
        {JournalFilter::Range::Last30Days, "30 days"},
    };
    const QString preset = kPresets.word(f.range);
    if (!preset.isEmpty())
        parts << QStringLiteral("%1.received_at >= now() - %2").arg(t, p.add(preset, "interval"));
    if (f.range == JournalFilter::Range::Custom) {
        if (f.from.isValid())
            parts << QStringLiteral("%1.received_at >= %2")
                         .arg(t,
                              sql::fromEpochMicros(p.add(JournalQuery::toMicros(f.from), "int8")));
        if (f.to.isValid())
            parts << QStringLiteral("%1.received_at < %2")
                         .arg(t, sql::fromEpochMicros(p.add(JournalQuery::toMicros(f.to), "int8")));
    }
    return parts.join(QStringLiteral(" AND "));
}

// The search conditions. Each statement binds only the values it uses (an unused $n has no
// type the server could infer).
QString exactCondition(const JournalFilter &f, SqlParams &p)
{
    const QString text = p.add(f.searchText(), "text");
    QString sql = QStringLiteral("(e.external_id = %1 OR e.idempotency_key = %1").arg(text);
    if (const auto id = f.searchId())
        sql += QStringLiteral(" OR e.id = %1").arg(p.add(*id, "int8"));
    return sql + QLatin1Char(')');
}

QString likePattern(const JournalFilter &f, SqlParams &p)
{
    return p.add(JournalQuery::escapeLike(f.searchText()) + QLatin1Char('%'), "text");
}

// Not an exact match (the exact block shows it).
QString notExact(const JournalFilter &f, SqlParams &p)
{
    const QString text = p.add(f.searchText(), "text");
    QString sql = QStringLiteral("e.external_id <> %1 AND e.idempotency_key <> %1").arg(text);
    if (const auto id = f.searchId())
        sql += QStringLiteral(" AND e.id <> %1").arg(p.add(*id, "int8"));
    return sql;
}

// The lead's name key (record_lead's own _name_key) in byte order: leads_name_key_idx (0015).
const QString kNameKey = QStringLiteral("inbox._name_key(l.name) COLLATE \"C\"");

// The condition on the lead `l` that the search text matches (see JournalFilter::leadMatch),
// through the database's own normalisation; empty when the text matches no lead.
QString leadCondition(const JournalFilter &f, SqlParams &p)
{
    switch (f.leadMatch()) {
    case JournalFilter::LeadMatch::None:
        break;
    case JournalFilter::LeadMatch::Phone:
        return QStringLiteral("l.phone_norm = inbox.normalize_phone(%1)")
            .arg(p.add(f.searchText(), "text"));
    case JournalFilter::LeadMatch::Email:
        return QStringLiteral("l.email_norm = inbox.normalize_email(%1)")
            .arg(p.add(f.searchText(), "text"));
    case JournalFilter::LeadMatch::Name:
        // The key of the text, its LIKE metacharacters taken literally, as a prefix. All of it
        // is immutable over a bound value, so the planner folds it into an index range.
        return QStringLiteral("%1 LIKE replace(replace(replace(inbox._name_key(%2), '\\', "
                              "'\\\\'), '%', '\\%'), '_', '\\_') || '%'")
            .arg(kNameKey, p.add(f.searchText(), "text"));
    }
    return QString();
}

QString where(QStringList parts)
{
    parts.removeAll(QString());
    if (parts.isEmpty())
        return QString();
    return QStringLiteral(" WHERE ") + parts.join(QStringLiteral(" AND "));
}

// The ORDER BY columns of a sort key (display order, before any reversal).
struct Order
{
    QStringList columns;
    bool descending;
};

// `t` is the alias that time and id are read from (see queued()).
Order orderFor(JournalFilter::SortKey key, bool descending, const QString &t = QStringLiteral("e"))
{
    switch (key) {
    case JournalFilter::SortKey::Id:
        return {{t + QStringLiteral(".id")}, descending};
    case JournalFilter::SortKey::ExternalId:
        return {{QStringLiteral("e.external_id"), QStringLiteral("e.id")}, descending};
    case JournalFilter::SortKey::ReceivedAt:
        break;
    }
    return {{t + QStringLiteral(".received_at"), t + QStringLiteral(".id")}, descending};
}

QString orderBy(const Order &o, bool reverse)
{
    const bool desc = o.descending != reverse;
    QStringList cols;
    for (const QString &c : o.columns)
        cols << c + (desc ? QStringLiteral(" DESC") : QString());
    return QStringLiteral(" ORDER BY ") + cols.join(QStringLiteral(", "));
}

// Rows strictly (or not) after the key in the order `o`, walking `reverse`d if asked.
QString keyset(const Order &o, const JournalKey &key, bool reverse, bool inclusive, SqlParams &p)
{
    const bool desc = o.descending != reverse;
    QString op = desc ? QStringLiteral("<") : QStringLiteral(">");
    if (inclusive)
        op += QLatin1Char('=');
    QStringList values;
    for (const QString &c : o.columns) {
        if (c.endsWith(QLatin1String(".received_at")))
            values << sql::fromEpochMicros(p.add(key.receivedUs, "int8"));
        else if (c == QLatin1String("e.external_id"))
            values << p.add(key.externalId, "text");
        else
            values << p.add(key.id, "int8");
    }
    if (o.columns.size() == 1)
        return QStringLiteral("%1 %2 %3").arg(o.columns.first(), op, values.first());
    return QStringLiteral("(%1) %2 (%3)")
        .arg(o.columns.join(QStringLiteral(", ")), op, values.join(QStringLiteral(", ")));
}

// The exact block is small by nature (one row per source at most for an external id, one for
// a key, one for an id); this bound only protects the window from a pathological table.
constexpr int kExactMax = 200;

// Whether the filter admits the keys kept by prune (inbox.kept_keys, 0033): a kept key is a
// done event whose body and history are gone, so a filter on anything but source, kind and
// time (a status other than done, review, errors, locks) leaves it out.
bool admitsKeptKeys(const JournalFilter &f)
{
    return f.isSearch() && !f.stuckOnly && !f.needsReview && !f.errorKey && !f.reviewKey &&
           f.validation == JournalFilter::Validation::Any &&
           (f.statuses.isEmpty() || f.statuses.contains(QStringLiteral("done")));
}

// The sources of inbox.kept_keys by a skip scan of its primary key: one index probe per
// source, never a scan of the table.
const QString kKeptSources =
    QStringLiteral("WITH RECURSIVE s(source) AS (SELECT min(k.source) FROM inbox.kept_keys k "
                   "UNION ALL SELECT (SELECT min(k.source) FROM inbox.kept_keys k "
                   "WHERE k.source > s.source) FROM s WHERE s.source IS NOT NULL) ");

// The kept keys whose external id is the search text, as rows of the exact block (rank 0,
// newest first by first seen, the page columns; status 'pruned', no body). kept_keys' only
// index is its key (source, external_id): each source is probed there. The sources are the
// filter's, else `known` (JournalQuery::keptSources read earlier), else found by the skip
// scan in this statement, whose planning costs about 1 ms more than the probes (measured at
// 1M events; README, Journal search).
std::optional<Query> keptKeys(const JournalFilter &f, const QStringList *known)
{
    Query q;
    SqlParams p(&q.params);
    QString from;
    QStringList parts{QStringLiteral("k.external_id = ") + p.add(f.searchText(), "text")};
    if (!f.sources.isEmpty() || known) {
        const QStringList &sources = f.sources.isEmpty() ? *known : f.sources;
        if (sources.isEmpty())
            return std::nullopt; // no key was kept when the sources were read
        from = QStringLiteral(" FROM inbox.kept_keys k");
        parts << QStringLiteral("k.source = ANY(%1)").arg(p.add(sql::textArray(sources), "text[]"));
    } else {
        q.sql = kKeptSources;
        from = QStringLiteral(" FROM s JOIN inbox.kept_keys k ON k.source = s.source");
    }
    if (!f.kinds.isEmpty())
        parts << oneOf(QStringLiteral("k"), "kind", f.kinds, p);
    // The time filters on first seen, as the events' on received_at.
    JournalFilter times;
    times.range = f.range;
    times.from = f.from;
    times.to = f.to;
    const QString range = conditionSql(times, p).replace(QStringLiteral("e.received_at"),
                                                         QStringLiteral("k.received_at"));
    if (!range.isEmpty())
        parts << range;
    const QString micros = QStringLiteral("(extract(epoch FROM %1) * 1000000)::int8");
    q.sql +=
        QStringLiteral(
            "SELECT 0 AS rank, NULL::text AS sort_text, k.event_id AS id, %1 AS received_us, "
            "NULL::int8 AS occurred_us, k.source, k.external_id, k.kind, 'pruned'::text AS status, "
            "0 AS attempts, 0 AS max_attempts, k.deliveries, NULL::text AS needs_review, "
            "NULL::text AS last_error, NULL::bool AS error_retryable, "
            // accept's key (0001), so that Copy key gives what the event had.
            "k.source || ':' || left(encode(sha256(convert_to(k.source || E'\\x1f' || "
            "k.external_id, 'UTF8')), 'hex'), 32) AS idempotency_key, "
            "NULL::text AS content_type, NULL::int4 AS body_bytes, NULL::text AS locked_by, "
            "%2 AS pruned_us")
            .arg(micros.arg(QStringLiteral("k.received_at")),
                 micros.arg(QStringLiteral("k.pruned_at"))) +
        from + where(parts) +
        QStringLiteral(" ORDER BY k.received_at DESC, k.event_id DESC LIMIT %1").arg(kExactMax);
    return q;
}

// `columns` of the events matching the filter (search included), newest first; with `beyond`,
// only those newer (`newer`) or older than that key.
Query idsNewestFirst(const JournalFilter &filter, const QString &columns,
                     const std::optional<JournalKey> &beyond, bool newer, int limit)
{
    Query q;
    QStringList parts{JournalQuery::searchCondition(filter, &q.params),
                      JournalQuery::condition(filter, &q.params)};
    SqlParams p(&q.params);
    const Order o = orderFor(JournalFilter::SortKey::ReceivedAt, true, tableOf(filter));
    if (beyond)
        parts << keyset(o, *beyond, newer, false, p);
    q.sql = QStringLiteral("SELECT ") + columns + fromSql(filter) + where(parts) +
            orderBy(o, false) + QStringLiteral(" LIMIT ") + p.add(limit, "int4");
    return q;
}

// The ranks after the exact block, in display order:
//   1  external id or idempotency key starting with the text, by (the text that matched, id):
//      one branch per unique index (both COLLATE "C", so LIKE 'prefix%' is a range);
//   2  the event's lead matches (JournalFilter::leadMatch): a phone or an e-mail newest first
//      (received_at DESC, id DESC; the leads of one contact are few, read by leads_phone_idx /
//      leads_email_idx); a name by (name key, event id), leads_name_key_idx in order.
// An event is listed once, in its first rank. Each rank reads at most `limit` rows in its order
// after the key (those of the key's rank) or all of it (later ranks; earlier ones walking
// back), and the merge keeps the first `limit` in display order, so the page is exactly the
// next `limit` rows. None when the walk touches no such rank.
std::optional<Query> rankedPage(const JournalFilter &filter, const std::optional<JournalKey> &key,
                                bool reverse, int limit, bool inclusive)
{
    const int keyRank = key ? key->rank : 0;
    auto wanted = [&](int rank) {
        return reverse ? rank <= keyRank : rank >= keyRank;
    };
    const JournalFilter::LeadMatch lead = filter.leadMatch();
    const bool contact =
        lead == JournalFilter::LeadMatch::Phone || lead == JournalFilter::LeadMatch::Email;
    Query q;
    SqlParams p(&q.params);
    const QString lim = p.add(limit, "int4");
    // Rows after the key in its own rank: (columns) compared with the key's (sortText or
    // receivedUs, id).
    auto after = [&](int rank, const QString &first, bool descending) {
        if (!key || key->rank != rank)
            return QString();
        const bool desc = descending != reverse;
        QString op = desc ? QStringLiteral("<") : QStringLiteral(">");
        if (inclusive)
            op += QLatin1Char('=');
        const QString value = first.endsWith(QLatin1String(".received_at"))
                                  ? sql::fromEpochMicros(p.add(key->receivedUs, "int8"))
                                  : p.add(key->sortText, "text");
        const QString id = first.startsWith(QLatin1String("inbox._name_key"))
                               ? QStringLiteral("l.event_id")
                               : QStringLiteral("e.id");
        return QStringLiteral("(%1, %2) %3 (%4, %5)")
            .arg(first, id, op, value, p.add(key->id, "int8"));
    };
    auto block = [&](int rank, const QString &sortText, const QString &from,
                     const QStringList &conditions, const QString &first, bool descending) {
        QStringList parts = conditions;
        parts << conditionSql(filter, p) << after(rank, first, descending);
        const Order o{{first, first.startsWith(QLatin1String("inbox._name_key"))
                                  ? QStringLiteral("l.event_id")
                                  : QStringLiteral("e.id")},
                      descending};
        return QStringLiteral("(SELECT %1 AS rank, %2 AS sort_text, ").arg(rank).arg(sortText) +
               selectList() + from + where(parts) + orderBy(o, reverse) +
               QStringLiteral(" LIMIT ") + lim + QLatin1Char(')');
    };
    const QString from = fromSql(filter);
    const QString leadFrom = from + QStringLiteral(" JOIN inbox.leads l ON l.event_id = e.id");
    QStringList blocks;
    if (wanted(1)) {
        const QString pattern = likePattern(filter, p);
        blocks << block(1, QStringLiteral("e.external_id"), from,
                        {QStringLiteral("e.external_id LIKE ") + pattern, notExact(filter, p)},
                        QStringLiteral("e.external_id"), false);
        blocks << block(1, QStringLiteral("e.idempotency_key"), from,
                        {QStringLiteral("e.idempotency_key LIKE ") + pattern,
                         QStringLiteral("e.external_id NOT LIKE ") + pattern, notExact(filter, p)},
                        QStringLiteral("e.idempotency_key"), false);
    }
    if (wanted(2) && lead != JournalFilter::LeadMatch::None) {
        const QString pattern = likePattern(filter, p);
        const QStringList conditions{leadCondition(filter, p), notExact(filter, p),
                                     QStringLiteral("e.external_id NOT LIKE ") + pattern,
                                     QStringLiteral("e.idempotency_key NOT LIKE ") + pattern};
        if (contact)
            blocks << block(2, QStringLiteral("NULL::text"), leadFrom, conditions,
                            QStringLiteral("e.received_at"), true);
        else
            blocks << block(2, kNameKey, leadFrom, conditions, kNameKey, false);
    }
    if (blocks.isEmpty())
        return std::nullopt;
    // The display order on the output columns (reversed walking back): by rank, then the rank's
    // own order; the contact rank sorts newest first, every other one by (sort_text, id).
    const QString dir = reverse ? QStringLiteral(" DESC") : QString();
    QStringList order{QStringLiteral("u.rank"), QStringLiteral("u.sort_text COLLATE \"C\"")};
    if (contact) {
        order << QStringLiteral("CASE WHEN u.rank = 2 THEN -u.received_us END")
              << QStringLiteral("CASE WHEN u.rank = 2 THEN -u.id ELSE u.id END");
    } else {
        order << QStringLiteral("u.id");
    }
    q.sql = QStringLiteral("SELECT u.* FROM (") + blocks.join(QStringLiteral(" UNION ALL ")) +
            QStringLiteral(") u ORDER BY ") + order.join(dir + QStringLiteral(", ")) + dir +
            QStringLiteral(" LIMIT ") + lim;
    return q;
}

} // namespace

const QStringList &JournalQuery::columns()
{
    static const QStringList names = [] {
        QStringList n{QStringLiteral("rank"), QStringLiteral("sort_text")};
        for (const auto &c : kColumns)
            n << QLatin1String(c[1]);
        return n;
    }();
    return names;
}

// One statement per value of a multi-valued status (or else source) filter, merged: each
// branch walks its own index range in order (status and source lead the queue's indexes,
// 0012), where `status = ANY(...)` would walk the whole time index and filter.
QVector<JournalFilter> branches(const JournalFilter &f)
{
    QVector<JournalFilter> out;
    if (f.statuses.size() > 1) {
        for (const QString &s : f.statuses) {
            JournalFilter b = f;
            b.statuses = {s};
            out << b;
        }
    } else if (f.sources.size() > 1) {
        for (const QString &s : f.sources) {
            JournalFilter b = f;
            b.sources = {s};
            out << b;
        }
    } else {
        out << f;
    }
    return out;
}

// The outer ORDER BY of merged branches, on output columns.
QString outerOrderBy(JournalFilter::SortKey key, bool descending)
{
    const QString dir = descending ? QStringLiteral(" DESC") : QString();
    switch (key) {
    case JournalFilter::SortKey::Id:
        return QStringLiteral(" ORDER BY u.id") + dir;
    case JournalFilter::SortKey::ExternalId:
        return QStringLiteral(" ORDER BY u.external_id%1, u.id%1").arg(dir);
    case JournalFilter::SortKey::ReceivedAt:
        break;
    }
    return QStringLiteral(" ORDER BY u.received_us%1, u.id%1").arg(dir);
}

bool JournalQuery::readsKeptKeys(const JournalFilter &filter)
{
    return admitsKeptKeys(filter);
}

Query JournalQuery::keptSources()
{
    return Query{kKeptSources + QStringLiteral("SELECT s.source FROM s WHERE s.source IS NOT NULL"),
                 {}};
}

JournalQuery::Page JournalQuery::page(const JournalFilter &filter,
                                      const std::optional<JournalKey> &key, Direction direction,
                                      int limit, bool inclusive, const QStringList *keptSources)
{
    const bool reverse = direction == Direction::Backward;
    Page page;
    QVector<Query> &batch = page.statements;
    if (!filter.isSearch()) {
        Query q;
        SqlParams p(&q.params);
        const JournalFilter::SortKey sortKey = filter.effectiveSortKey();
        const bool descending = filter.order == Qt::DescendingOrder;
        const QVector<JournalFilter> parts = branches(filter);
        QStringList statements;
        for (const JournalFilter &b : parts) {
            const Order o = orderFor(sortKey, descending, tableOf(b));
            const QString cond = conditionSql(b, p);
            const QString after = key ? keyset(o, *key, reverse, inclusive, p) : QString();
            statements << QStringLiteral("SELECT 0 AS rank, NULL::text AS sort_text, ") +
                              selectList() + fromSql(b) + where({cond, after}) +
                              orderBy(o, reverse) + QStringLiteral(" LIMIT ") +
                              p.add(limit, "int4");
        }
        if (statements.size() == 1) {
            q.sql = statements.first();
        } else {
            q.sql = QStringLiteral("SELECT u.* FROM ((") +
                    statements.join(QStringLiteral(") UNION ALL (")) + QStringLiteral(")) u") +
                    outerOrderBy(sortKey, descending != reverse) + QStringLiteral(" LIMIT ") +
                    p.add(limit, "int4");
        }
        batch << q;
        page.paged = 0;
        return page;
    }

    const Order exactOrder = orderFor(JournalFilter::SortKey::ReceivedAt, true);
    // The exact block comes whole whenever the walk touches it; the caller keeps the rows on
    // the wanted side of the key. The ranks after it are keyset paged, as one statement.
    const bool touchesExact = !key || key->rank == 0 || reverse;
    if (touchesExact) {
        Query q;
        SqlParams p(&q.params);
        const QString exact = exactCondition(filter, p);
        q.sql = QStringLiteral("SELECT 0 AS rank, NULL::text AS sort_text, ") + selectList() +
                fromSql(filter) + where({exact, conditionSql(filter, p)}) +
                orderBy(exactOrder, false) + QStringLiteral(" LIMIT %1").arg(kExactMax);
        batch << q;
        // The keys of pruned events are exact matches too, read whole like the events'.
        if (admitsKeptKeys(filter)) {
            if (const std::optional<Query> kept = keptKeys(filter, keptSources))
                batch << *kept;
        }
    }
    if (const std::optional<Query> q = rankedPage(filter, key, reverse, limit, inclusive)) {
        page.paged = int(batch.size());
        batch << *q;
    }
    return page;
}

Query JournalQuery::sources()
{
    return Query{QStringLiteral("SELECT DISTINCT c.source FROM inbox.status_counts c "
                                "WHERE c.n <> 0 ORDER BY 1"),
                 {}};
}

Query JournalQuery::kinds()
{
    return Query{QStringLiteral("SELECT DISTINCT s.kind FROM (SELECT e.kind FROM inbox.events e "
                                "ORDER BY e.received_at DESC, e.id DESC LIMIT 5000) s "
                                "WHERE s.kind IS NOT NULL ORDER BY 1"),
                 {}};
}

Query JournalQuery::newestAnchor()
{
    return Query{QStringLiteral("SELECT (extract(epoch FROM e.received_at) * 1000000)::int8 AS "
                                "received_us, e.id FROM inbox.events e "
                                "ORDER BY e.received_at DESC, e.id DESC LIMIT 1"),
                 {}};
}

Query JournalQuery::newerIds(const JournalFilter &filter, const std::optional<JournalKey> &anchor,
                             int cap)
{
    return idsNewestFirst(filter, QStringLiteral("e.id"), anchor, true, cap);
}

QString JournalQuery::condition(const JournalFilter &filter, QVariantList *params)
{
    SqlParams p(params);
    const QString sql = conditionSql(filter, p);
    return sql.isEmpty() ? QStringLiteral("true") : sql;
}

QString JournalQuery::from(const JournalFilter &filter)
{
    return fromSql(filter);
}

QString JournalQuery::searchCondition(const JournalFilter &filter, QVariantList *params)
{
    if (!filter.isSearch())
        return QStringLiteral("true");
    SqlParams p(params);
    const QString exact = exactCondition(filter, p);
    const QString pattern = likePattern(filter, p);
    QString sql = QStringLiteral("(%1 OR e.external_id LIKE %2 OR e.idempotency_key LIKE %2")
                      .arg(exact, pattern);
    // The matching leads' events as one array (an InitPlan): e.id = ANY of it is an index
    // condition, so the whole OR stays a BitmapOr of index scans.
    const QString lead = leadCondition(filter, p);
    if (!lead.isEmpty())
        sql += QStringLiteral(" OR e.id = ANY (ARRAY(SELECT l.event_id FROM inbox.leads l "
                              "WHERE %1))")
                   .arg(lead);
    return sql + QLatin1Char(')');
}

QString JournalQuery::textKey(const QString &column, QVariantList *params)
{
    SqlParams p(params);
    return textKeySql(column, p);
}

Query JournalQuery::idPage(const JournalFilter &filter, const std::optional<JournalKey> &after,
                           int limit)
{
    return idsNewestFirst(
        filter,
        QStringLiteral("e.id, (extract(epoch FROM e.received_at) * 1000000)::int8 "
                       "AS received_us"),
        after, false, limit);
}

QString JournalQuery::escapeLike(const QString &text)
{
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : text) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('%') || c == QLatin1Char('_'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

namespace {
template<typename T> int cmp(const T &a, const T &b)
{
    return a < b ? -1 : (b < a ? 1 : 0);
}
// Byte order of UTF-8, which is what COLLATE "C" sorts by.
int cmpText(const QString &a, const QString &b)
{
    return cmp(a.toUtf8(), b.toUtf8());
}
} // namespace

int JournalQuery::compare(const JournalFilter &filter, const JournalKey &a, const JournalKey &b)
{
    if (filter.isSearch()) {
        if (a.rank != b.rank)
            return cmp(a.rank, b.rank);
        const JournalFilter::LeadMatch lead = filter.leadMatch();
        const bool contact =
            lead == JournalFilter::LeadMatch::Phone || lead == JournalFilter::LeadMatch::Email;
        if (a.rank == 0 || (a.rank == 2 && contact)) { // newest first
            if (const int c = cmp(b.receivedUs, a.receivedUs))
                return c;
            return cmp(b.id, a.id);
        }
        if (const int c = cmpText(a.sortText, b.sortText))
            return c;
        return cmp(a.id, b.id);
    }
    int c = 0;
    switch (filter.effectiveSortKey()) {
    case JournalFilter::SortKey::ReceivedAt:
        c = cmp(a.receivedUs, b.receivedUs);
        break;
    case JournalFilter::SortKey::ExternalId:
        c = cmpText(a.externalId, b.externalId);
        break;
    case JournalFilter::SortKey::Id:
        break;
    }
    if (c == 0)
        c = cmp(a.id, b.id);
    return filter.order == Qt::DescendingOrder ? -c : c;
}

qint64 JournalQuery::toMicros(const QDateTime &time)
{
    return time.toMSecsSinceEpoch() * 1000;
}

QDateTime JournalQuery::fromMicros(qint64 us)
{
    // Floor division, so times before 1970 land on the right millisecond too.
    const qint64 ms = us >= 0 ? us / 1000 : -((-us + 999) / 1000);
    return QDateTime::fromMSecsSinceEpoch(ms);
}

} // namespace inbox
