#pragma once

#include "figure.h"
#include "options.h"

namespace inbox {
class PgConnection;
}

namespace bench {

// Ingest and workers over libpq, one session per thread, all started together:
// - inbox.accept from N sessions with a share of repeated deliveries, for S seconds, as the
//   server is configured and with synchronous_commit off in the session; beside each, a bare
//   INSERT ... ON CONFLICT DO NOTHING into a scratch table with the same (source,
//   external_id) key, same sessions, seconds, repeats and bodies;
// - inbox.claim + inbox.complete from W workers on the events accepted, beside a bare
//   SKIP LOCKED claim and an UPDATE on the scratch table.
// The scratch schema is dropped at the end, and (unless keepIngest) the accepted events too.
bool runIngestFigures(const Options &options, inbox::PgConnection &admin, QVector<Figure> *figures,
                      QString *error);

} // namespace bench
