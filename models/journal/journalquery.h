#pragma once

#include "journal/journalfilter.h"

namespace inbox {

// Builds the journal's SQL. Every value is bound ($1, $2 ...); identifiers and fragments
// come only from here. The statements are plain SQL that libpq can run with the same
// parameters (PQexecParams), which the benchmark does.
//
// Order and indexes (0001, 0008 and 0012):
//   received_at: (received_at DESC, id DESC), per source (source, received_at DESC, id DESC),
//                per kind, needs review (partial); a filter on statuses other than done
//                reads inbox.event_queue (one small row per event not done) by
//                (status, received_at DESC, id DESC) or (source, status, received_at ...)
//                and joins the event; several statuses (or sources) run as one branch
//                each, merged;
//   id:          the primary key;
//   external_id: (external_id) with COLLATE "C", so LIKE 'prefix%' is an index range too.
// A kind filter has no index of its own: it walks the time order and filters, so a page
// costs about (page size / share of that kind) index entries (measured in the README).
// A search shows the exact matches (external_id = s, idempotency_key = s, id = s) newest
// first (rank 0), then the prefix matches on external_id or idempotency_key by the text that
// matched (rank 1), then the events whose lead matches (rank 2, JournalFilter::leadMatch):
// phone or e-mail newest first, a name by (name key, event id) through leads_name_key_idx
// (0015). Each event once, in its first rank. A key kept by prune (inbox.kept_keys, 0033)
// whose external id is the text is an exact match too: a row of rank 0 with the event id it
// had, first seen as its time and status "pruned" (JournalRow::isKept); its id is unique
// among the events' (the sequence never gives it again), so the keyset stays a total order.
class JournalQuery final
{
public:
    enum class Direction { Forward, Backward };

    // Column names of every page statement, in order.
    static const QStringList &columns();

    struct Page
    {
        QVector<Query> statements;
        int paged = -1; // the statement limited to `limit` rows (fewer back: the end is reached)
    };
    // A page of at most `limit` rows. Without a key: the first page. With one: the rows after
    // it (Forward; `inclusive` also returns the key's own row) or before it (Backward, nearest
    // first). In search mode there are up to three statements, the exact block (small, read
    // whole whenever the walk touches it), the keys kept by prune whose external id is the
    // text (part of the exact block, read whole with it; when the filter admits them: no
    // condition but source, kind, time or the status done) and the later ranks (keyset paged,
    // one statement merging a branch per rank and index); the caller
    // keeps the rows on the wanted side of the key and orders them by compare().
    // `keptSources`: the sources of inbox.kept_keys as keptSources() read them a moment ago;
    // without them the kept keys' statement finds them itself (a skip scan, planned with
    // every search: about 1 ms at 1M events).
    static Page page(const JournalFilter &filter, const std::optional<JournalKey> &key,
                     Direction direction, int limit, bool inclusive = false,
                     const QStringList *keptSources = nullptr);
    // Whether a page of the filter reads inbox.kept_keys (a search the kept keys can meet).
    static bool readsKeptKeys(const JournalFilter &filter);
    // The sources that have kept keys (column source): a skip scan of kept_keys_pkey.
    static Query keptSources();

    // The sources that have events, from the maintained counters (tiny): for filter menus.
    static Query sources();
    // The kinds of the latest events (an index walk, never a DISTINCT over the whole table):
    // for filter menus.
    static Query kinds();

    // The newest event of the whole table as (received_us, id): what "new" is measured from.
    static Query newestAnchor();
    // Ids of events matching the filter that arrived after `anchor` (all matching ones when
    // there is no anchor), at most `cap` of them: "N new" without a count(*) over the table.
    static Query newerIds(const JournalFilter &filter, const std::optional<JournalKey> &anchor,
                          int cap);

    // The FROM clause the filter's condition is written for: inbox.events as `e`, joined to
    // inbox.event_queue as `q` when the filter admits only statuses other than done.
    static QString from(const JournalFilter &filter);
    // The filter's condition alone (no search, no keyset) over from(filter), with its values
    // appended to `params` and numbered after what is already there. For screens that
    // group or count what the journal would list.
    static QString condition(const JournalFilter &filter, QVariantList *params);
    // The search alone (exact or prefix match, as the journal lists them) over alias `e`;
    // "true" without a search text.
    static QString searchCondition(const JournalFilter &filter, QVariantList *params);
    // `column` (an error or review text of alias `e`) normalised so that one kind of error is
    // one value: quoted values become '…' and words holding digits '#' (a standalone
    // three-digit code such as 503 stays); "" for NULL. The patterns are bound values.
    static QString textKey(const QString &column, QVariantList *params);
    // Ids of the events matching the filter (search included), newest first, after `after`
    // (received_us, id): keyset pages for collecting every matching id. Columns: id,
    // received_us.
    static Query idPage(const JournalFilter &filter, const std::optional<JournalKey> &after,
                        int limit);

    // `text` for a LIKE pattern with %, _ and \ taken literally (backslash is LIKE's escape).
    static QString escapeLike(const QString &text);

    // Display order: negative when a comes before b.
    static int compare(const JournalFilter &filter, const JournalKey &a, const JournalKey &b);

    // Microseconds since the epoch for a QDateTime (for custom time ranges).
    static qint64 toMicros(const QDateTime &time);
    static QDateTime fromMicros(qint64 us);
};

} // namespace inbox
