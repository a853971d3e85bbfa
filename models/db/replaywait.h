#pragma once

#include "db/querychannel.h"

namespace inbox {

// The statements that compare a standby's replay with the primary's WAL, as LSNs: the time
// of the last replayed commit (pg_last_xact_replay_timestamp) says nothing when the primary
// is idle, the LSNs do.
namespace replaywait {

// Longest a read waits for the standby to replay the console's own changes: then it reads what
// the standby has (and the log says so), rather than not at all.
constexpr int kReadBoundMs = 5000;
constexpr int kPollMs = 20; // how often the standby's replay position is looked at meanwhile

// On the primary: its WAL insert position, bytes since 0/0 (column `lsn`, int8). Taken after a
// commit it is at or after that commit's record, whatever synchronous_commit says (the flushed
// position is not, with synchronous_commit off).
Query primaryPosition();

// On the read connection: waits on the server (so PQcancel ends it) until its replay position
// reaches `lsn` or `boundMs` passes, then answers one row: `standby` (pg_is_in_recovery),
// `caught_up` (true at once on a primary), `waited_ms` (float8) and `behind_bytes` (int8, 0 when
// caught up).
Query untilReplayed(qint64 lsn, int boundMs);

} // namespace replaywait

} // namespace inbox
