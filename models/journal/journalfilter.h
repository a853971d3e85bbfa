#pragma once

#include "db/querychannel.h"

#include <QDateTime>
#include <QStringList>
#include <QVector>

#include <optional>

namespace inbox {

// What the journal shows: one search text plus filters. A plain value; JournalQuery is the one
// place that turns it into SQL, so the journal, its CSV export, the "Needs attention" lists and
// the benchmark all run the same query text.
struct JournalFilter
{
    enum class Range { Any, LastHour, Last24Hours, Last7Days, Last30Days, Custom };
    // Only keys with an index behind them (see JournalQuery): other columns are not sortable.
    enum class SortKey { ReceivedAt, Id, ExternalId };

    QString search;      // external id, idempotency key or event id: exact first, then prefix
    QStringList sources; // empty: every source
    QStringList statuses;
    QStringList kinds;
    Range range = Range::Any;
    QDateTime from, to; // Range::Custom: received in [from, to); an invalid end is open
    bool needsReview = false;
    // "Needs attention": processing with a lock older than lockTimeoutSeconds.
    bool stuckOnly = false;
    int lockTimeoutSeconds = 300;
    // "Needs attention" groups (AttentionModel): the error or review text as grouped
    // (JournalQuery::textKey), and validation failures (error_retryable = false) only or none.
    enum class Validation { Any, Only, Excluded };
    std::optional<QString> errorKey;  // textKey(last_error) equals this ("" for no error)
    std::optional<QString> reviewKey; // textKey(needs_review) equals this
    Validation validation = Validation::Any;
    SortKey sortKey = SortKey::ReceivedAt;
    Qt::SortOrder order = Qt::DescendingOrder;

    QString searchText() const { return search.trimmed(); }
    bool isSearch() const { return !searchText().isEmpty(); }
    // The event id the search text names, if it is a plain positive number.
    std::optional<qint64> searchId() const;
    // The order really used: id and external id sort only with no filter but sources (see
    // the .cpp); otherwise the time order, which has an index for every filter.
    SortKey effectiveSortKey() const;

    bool operator==(const JournalFilter &other) const;
    bool operator!=(const JournalFilter &other) const { return !(*this == other); }

    // Every status an event can have, in the order filters offer them.
    static const QStringList &statusValues();
};

// Where a row sits in the journal's order. received_at travels as microseconds since the
// epoch: QDateTime (and the Qt driver's binding of it) stops at milliseconds, and a keyset
// page that rounds its key skips or repeats rows.
struct JournalKey
{
    int rank = 0; // search: 0 = exact match (shown first), 1 = prefix match; otherwise 0
    qint64 receivedUs = 0;
    qint64 id = 0;
    QString externalId;
};

} // namespace inbox
