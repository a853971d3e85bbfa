#pragma once

#include "audit/auditfilter.h"

namespace inbox {

// Builds the audit screen's SQL; every value is bound.
//
// The walk is the partial index journal_person_idx (at DESC, id DESC) WHERE by_person, so
// worker entries are never read, let alone shown. One person action writes several rows: a
// requeue one per event (same actor and reason, a `batch` id in detail shared by the call),
// a duplicate decision one per lead's event (same candidate_id, same transaction). A page
// returns those rows already grouped into one row per action (column `gkey`), and never cuts
// an action in two: when the row limit falls inside an action, the rest of that action is
// read too (up to the first row of another action), so a line says "requeued 300 events"
// even with 200-row pages.
class AuditQuery final
{
public:
    // Column names of page(), in order.
    static const QStringList &columns();

    // Actions older than `after` (none: from the newest), at most `limit` rows (0: no limit)
    // plus the rest of the last action. `floor`: only rows at or above it (re-reading what
    // is shown, with anything new on top).
    static Query page(const AuditFilter &filter, const std::optional<AuditKey> &after,
                      const std::optional<AuditKey> &floor, int limit);
    // Every person who ever acted (DISTINCT over the human rows), sorted.
    static Query persons();
    // The events of an action, in the action's order, by their journal row ids: journal id,
    // event id, source, external id, status now, previous status, previous error, lead id.
    static Query events(const QVector<qint64> &journalIds);

    // The filter's condition over alias `j` (by_person included), values appended to `params`.
    static QString condition(const AuditFilter &filter, QVariantList *params);

    // The action entries a person can cause, in the order the filter offers them.
    static const QStringList &actionEntries();
};

} // namespace inbox
