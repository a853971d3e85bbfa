#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace bench {

// The command line of inbox-bench. Sizes take k/M suffixes (200k, 10M).
struct Options
{
    QString conninfo;         // libpq connection string; empty: the PG* environment
    qint64 events = 10000000; // the fill when inbox.events is empty
    // Short mode (--events 200k or fewer, the CI-sized run): fewer repetitions by default,
    // so fill and measurement finish in about two minutes. Explicit options still win.
    static constexpr qint64 kShortModeEvents = 200000;
    bool shortMode = false;
    int runs = 30;  // measured repetitions per query figure (after warm-up)
    int warmup = 3; // unmeasured repetitions first (connections open, caches warm)
    int requeueCount = 10000;
    int requeueRuns = 5;       // every run: console, plain and bare, each from failed
    qint64 pageRows = 1000000; // rows paged through the journal model for the memory figure
    int ingestSeconds = 5;
    int ingestSessions = 8;
    int workers = 4;
    double repeatRate = 0.03;
    QString simBinary;       // empty: next to this program, then PATH
    bool keepIngest = false; // leave the ingest stage's events in the database
    // The default stages; `peers` (Node.js, npm, graphile-worker, pg-boss) runs only when
    // asked for, so the smoke test and a plain run never install anything.
    QStringList stages{QStringLiteral("queries"), QStringLiteral("memory"),
                       QStringLiteral("requeue"), QStringLiteral("ingest")};
    int rounds = 3;   // peers, receiver: rounds, each side once per round
    QString peersDir; // peers: where npm installs them (default: the build tree's peers/)
    // The receiver stage (--stages receiver; never a default: it needs wrk).
    QString receiverBinary;              // empty: next to this program, installed, then PATH
    int receiverSeconds = 10;            // per wrk run and per direct run
    int connections = 64;                // wrk connections and direct libpq sessions
    qint64 receiverDeliveries = 1000000; // the memory run's deliveries
    int pacedRate = 1000;                // deliveries/s of the open-loop latency runs
    int pacedSeconds = 10;               // per latency run
    // The dispatch stage (--stages dispatch; never a default: it starts inbox-dispatcher).
    QString dispatcherBinary;      // empty: next to this program, installed, then PATH
    qint64 dispatchEvents = 20000; // the backlog drained per round
    qint64 pollPostings = 10000;   // poll: the fake Ozon postings of the window read per round
    qint64 reportRows = 100000;    // report: the rows of the CRM export imported per round
    int dispatchConcurrency = 16;  // the destination's requests in flight, and the bare client's
    int dispatchRate = 200;        // accepts/s of the latency runs
    int dispatchSeconds = 10;      // per latency run
    qint64 dispatchDeliveries = 200000; // the memory drain's backlog; 0: the last round's drain
    int dispatchPollMs = 0;             // the dispatcher's poll_interval_ms; 0: its default

    bool has(const char *stage) const { return stages.contains(QLatin1String(stage)); }
};

// Parses argv; nullopt with the reason (or the usage text for --help) in *message.
std::optional<Options> parseOptions(const QStringList &args, QString *message, bool *help);
QString usage();
// "200k" -> 200000, "10M" -> 10000000; -1 when not a size.
qint64 parseSize(const QString &text);

} // namespace bench
