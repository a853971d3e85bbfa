#pragma once

#include "db/dberror.h"

#include <QDateTime>
#include <QString>

#include <functional>
#include <optional>

namespace inbox {
class PgConnection;
}

namespace inbox::sim {

// The one documented exception to "only contract functions": a realistic past written
// straight into inbox.events, journal, actions, leads, conflict_bodies,
// duplicate_candidates, daily_stats and status_counts, by the schema owner, consistently
// with what the functions would have written for the same history (one 'received' entry
// and one entry per further delivery, counters matching the rows, leads normalised as
// record_lead does, candidate pairs flagged by record_lead's rules). Running every one of
// ten million events through accept/claim/complete would take hours.
//
// The rows are composed by generator threads (history.h: the live senders' body
// generators, the workers' parser) and streamed with COPY, set-based, into the tables, all
// in one transaction: the fill lands completely or not at all. Writers wait for it (the ids
// are taken from the sequences in blocks). For a load bigger than what the tables hold, the
// secondary indexes and unique constraints of the big tables are dropped first and rebuilt
// at the end from their own catalog definitions (what pg_restore does), in the same
// transaction; into empty tables they are truncated first and the rows written with COPY
// FREEZE (and without WAL where the server runs with wal_level = minimal). Candidate pairs and a
// manager's decisions are then written set-based in SQL, after the leads' contact indexes are
// built and before the other indexes (the pairs' and the journal's among them) are.
struct FillRequest
{
    QString conninfo;
    qint64 events = 0; // how many events (originals) to write
    double days = 14;  // spread over the last `days` days, ending now
    quint64 seed = 1;
    int sessions = 2; // generator threads composing rows while COPY streams them
    // The fill's clock (Unix seconds); 0: the server's now(). Every time, every status (which
    // follows an event's age) and every key made from a time follows it, so two fills of one
    // seed and one clock write the same events (tst_sim).
    double now = 0;
};

struct FillReport
{
    qint64 events = 0, journal = 0, actions = 0, leads = 0, candidates = 0, conflicts = 0;
    double loadSeconds = 0; // the rows themselves
    double seconds = 0;     // everything: indexes, candidates, ANALYZE
    bool rebuiltIndexes = false;
    bool bypassedTriggers = false; // session_replication_role = replica (superuser)
    bool frozen = false;           // empty tables truncated, rows written with COPY FREEZE
};

class BulkFill final
{
public:
    // Progress lines go to `progress` (may be empty).
    static bool run(const FillRequest &request, FillReport *report, DbError *error,
                    const std::function<void(const QString &)> &progress);
    // True when inbox.events has no row (the demo fills only an empty database).
    static std::optional<bool> isEmpty(PgConnection &db, DbError *error);
};

} // namespace inbox::sim
