#pragma once

#include "dberror.h"

#include <QDateTime>
#include <QString>

#include <functional>
#include <optional>

namespace inbox {
class PgConnection;
}

namespace inbox::sim {

// The one documented exception to "only contract functions": a realistic past written
// set-based, straight into inbox.events, journal, actions, leads, conflict_bodies,
// duplicate_candidates, daily_stats and status_counts, by the schema owner, consistently
// with what the functions would have written for the same history (one 'received' entry
// and one entry per further delivery, counters matching the rows, leads normalised as
// record_lead does, candidate pairs flagged by record_lead's rules). Running every one of
// ten million events through accept/claim/complete would take hours.
//
// The events are written in chunks by parallel loader sessions (one per core by default);
// each chunk is one transaction holding its events with their journal, actions, leads and
// counters, so whatever was committed is consistent even if the fill is interrupted. The
// duplicate candidates among the new leads are flagged at the end, in one transaction.
// The fill may run next to live traffic: it only adds rows, and indexes are kept.
struct FillRequest
{
    QString conninfo;
    qint64 events = 0; // how many events (originals) to write
    double days = 14;  // spread over the last `days` days, ending now
    quint64 seed = 1;
    int sessions = 2; // parallel loaders (one when triggers cannot be bypassed)
};

struct FillReport
{
    qint64 events = 0, journal = 0, actions = 0, leads = 0, candidates = 0, conflicts = 0;
    double loadSeconds = 0; // the chunks
    double seconds = 0;     // everything, candidates and ANALYZE included
    int sessions = 1;
    bool bypassedTriggers = false; // session_replication_role = replica (superuser)
};

class BulkFill final
{
public:
    // Progress lines go to `progress` (may be empty; called from the loader threads, one
    // at a time).
    static bool run(const FillRequest &request, FillReport *report, DbError *error,
                    const std::function<void(const QString &)> &progress);
    // True when inbox.events has no row (the demo fills only an empty database).
    static std::optional<bool> isEmpty(PgConnection &db, DbError *error);
};

} // namespace inbox::sim
