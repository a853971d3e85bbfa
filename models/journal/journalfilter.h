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

    // External id, idempotency key or event id (exact first, then external id or key prefix),
    // and the lead's phone, e-mail or name (see leadMatch()).
    QString search;
    QStringList sources; // empty: every source
    QStringList statuses;
    QStringList kinds;
    Range range = Range::Any;
    QDateTime from, to; // Range::Custom: received in [from, to); an invalid end is open
    bool needsReview = false;
    // "Needs attention": processing with a lock older than the deployment's lock timeout
    // (inbox.settings).
    bool stuckOnly = false;
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
    // How the search text is matched against leads (inbox.leads), by its look: a phone (only
    // digits, +, spaces, brackets, dots and dashes, with at least kPhoneDigits digits) by
    // phone_norm = normalize_phone(text); an e-mail (an @, no space) by email_norm =
    // normalize_email(text); any other text with a letter by a prefix of the name key
    // (_name_key: lower case, single spaces, ё = е); else not at all.
    enum class LeadMatch { None, Phone, Email, Name };
    static constexpr int kPhoneDigits = 7;
    LeadMatch leadMatch() const;
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
    // Search: 0 = exact match (shown first), 1 = external id or idempotency key prefix, 2 = the
    // event's lead matches (phone, e-mail or name); otherwise 0.
    int rank = 0;
    qint64 receivedUs = 0;
    qint64 id = 0;
    QString externalId;
    // Search ranks ordered by a text (the prefix matches by the text that matched, external id
    // or key; name matches by the name key), in byte order, then by id.
    QString sortText{}; // (a default: older brace-initialised keys need not name it)
};

} // namespace inbox
