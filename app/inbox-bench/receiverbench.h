#pragma once

#include "figure.h"
#include "options.h"

namespace inbox {
class PgConnection;
}

namespace bench {

// The receiver stage (issue 20, "Measured"): inbox-receiver started by the benchmark on
// loopback (a generated configuration: one `json` source keyed by `id`, a login that has
// inbox_ingest only, its own ports), measured three ways:
// - receiver_deliveries_per_s: wrk at --connections for --receiver-seconds, beside the same
//   deliveries (bodies, keys, 3 % repeats) accepted directly with inbox.accept from as many
//   libpq sessions for as long; the two alternate, --rounds times, and the figure is the
//   median of the rounds (its ratio the median of the per-round ratios); target: >= 1/2;
// - receiver_paced_p50_ms / receiver_paced_p99_ms: PacedClient in open loop at --paced-rate
//   for --paced-seconds (4 connections, more while all are busy, up to --connections),
//   latency from each delivery's scheduled time; target p99 < 10 ms;
//   receiver_client_check compares that client in closed loop with wrk (8 connections);
// - receiver_memory_mb: a fresh receiver, --receiver-deliveries through PacedClient in
//   closed loop at --connections, VmRSS and VmHWM sampled at every tenth of the run;
//   target: under 50 MB at the end and flat (no more than 5 MB above the first sample).
// Without wrk it prints `receiver stage SKIPPED` and adds one figure `receiver_skipped`.
// It drops the login it made and, unless keepIngest, the events it stored.
bool runReceiverFigures(const Options &options, inbox::PgConnection &admin,
                        QVector<Figure> *figures, QString *error);

} // namespace bench
