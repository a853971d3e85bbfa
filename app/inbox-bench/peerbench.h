#pragma once

#include "figure.h"
#include "options.h"

namespace inbox {
class PgConnection;
}

namespace bench {

// The peers stage (issue 19): the inbox beside the PostgreSQL job queues people would pick
// instead, graphile-worker and pg-boss, installed by npm into the build tree (NodePeers) and
// each given a database of its own on the same server. One run measures, round by round and
// in a rotating order, the three tables of issue 19:
// - ingest with de-duplication (--sessions clients, one delivery a call): the bare insert,
//   pg-boss's send with a singleton key (the statement pg-boss sends), graphile-worker's
//   add_job with job_key in unsafe_dedupe and in replace mode, inbox.accept;
// - batches of 100: the bare multi-row insert, graphile-worker's add_jobs, pg-boss's insert,
//   inbox.accept_many;
// - claim + complete (--workers): bare SKIP LOCKED one at a time and in tens, the
//   graphile-worker runner (Node, concurrency --workers, local queue of 10 for the tens),
//   inbox.claim(w, 1) + complete and inbox.claim(w, 10) + 10 completes (and, on schema 17,
//   + one complete_many), each on a backlog topped up to 50,000 queued jobs before the
//   round's claims.
// A figure is the median of the rounds' rates; its ratio is the median of the per-round ratios
// to the bare statement of the same round. The three tables are also printed as Markdown.
// Without node or npm the stage says so and adds one figure `peers_skipped`; it never fails
// for that. It drops what it made (scratch schema, the two databases) and, unless
// keepIngest, the events it accepted.
bool runPeerFigures(const Options &options, inbox::PgConnection &admin, QVector<Figure> *figures,
                    QString *error);

} // namespace bench
