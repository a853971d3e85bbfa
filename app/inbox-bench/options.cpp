#include "options.h"

namespace bench {

namespace {
#ifdef INBOX_BENCH_PEERS_DIR
const char *const kPeersDir = INBOX_BENCH_PEERS_DIR;
#else
const char *const kPeersDir = "peers";
#endif
} // namespace

qint64 parseSize(const QString &text)
{
    QString t = text.trimmed();
    qint64 factor = 1;
    if (t.endsWith(QLatin1Char('k'), Qt::CaseInsensitive)) {
        factor = 1000;
        t.chop(1);
    } else if (t.endsWith(QLatin1Char('M'))) {
        factor = 1000000;
        t.chop(1);
    }
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (!ok || v < 0)
        return -1;
    return qint64(v * double(factor) + 0.5);
}

QString usage()
{
    return QStringLiteral(
        "usage: inbox-bench [--db CONNINFO] [options]\n"
        "Times the console's data layer beside plain libpq and the ingest contract beside a\n"
        "bare insert. The database is taken the libpq way (--db or PG* environment) and must\n"
        "be reached as a superuser (the benchmark resets rows and makes a scratch schema).\n"
        "When inbox.events is empty it is filled first with inbox-sim --bulk.\n"
        "  --events N          fill size when empty (default 10M); 200k or fewer is the\n"
        "                      short mode: --runs 10 --requeue-runs 1 --ingest-seconds 3\n"
        "                      unless given\n"
        "  --runs N            measured repetitions per query figure (default 30)\n"
        "  --warmup N          unmeasured repetitions first (default 3)\n"
        "  --requeue N         events requeued per run (default 10000)\n"
        "  --requeue-runs N    requeue repetitions (default 5)\n"
        "  --page-rows N       rows paged through the journal model (default 1M)\n"
        "  --ingest-seconds S  seconds per ingest measurement (default 5)\n"
        "  --sessions N        concurrent accept sessions (default 8)\n"
        "  --workers N         claim+complete workers (default 4)\n"
        "  --repeat-rate R     share of repeated deliveries (default 0.03)\n"
        "  --stages LIST       comma-separated: queries,memory,requeue,ingest (default all\n"
        "                      four) and peers: graphile-worker and pg-boss beside the inbox\n"
        "                      and the bare statements (needs node and npm; never default)\n"
        "                      and receiver: inbox-receiver under wrk beside the same\n"
        "                      accepts over libpq (needs wrk; never default)\n"
        "                      and dispatch: inbox-dispatcher draining a backlog to a fake\n"
        "                      handler beside a bare client, its latency and memory (never\n"
        "                      default) and poll: inbox-poller reading one window of fake\n"
        "                      Ozon postings (never default) and report: inbox-console\n"
        "                      report import of a CRM export and the re-measure (never\n"
        "                      default)\n"
        "  --rounds N          peers, receiver, dispatch, poll, report: rounds, every side once\n"
        "                      per round\n"
        "                      (default 3)\n"
        "  --peers-dir DIR     peers: where npm installs them (default: the build tree's)\n"
        "  --receiver PATH     receiver: the inbox-receiver binary (default: next to this\n"
        "                      one, then PATH)\n"
        "  --receiver-seconds S  receiver: seconds per wrk run and direct run (default 10)\n"
        "  --connections N     receiver: wrk connections and direct sessions (default 64)\n"
        "  --receiver-deliveries N  receiver: deliveries of the memory run (default 1M)\n"
        "  --paced-rate N      receiver: deliveries/s of the latency runs (default 1000)\n"
        "  --paced-seconds S   receiver: seconds per latency run (default 10)\n"
        "  --dispatcher PATH   dispatch: the inbox-dispatcher binary (default: next to this\n"
        "                      one, then PATH)\n"
        "  --dispatch-events N   dispatch: the backlog drained per round (default 20k)\n"
        "  --poll-postings N   poll: fake Ozon postings in the window read per round (10k)\n"
        "  --report-rows N     report: rows of the CRM export imported per round (100k)\n"
        "  --dispatch-concurrency N  dispatch: requests in flight (default 16)\n"
        "  --dispatch-rate N   dispatch: accepts/s of the latency runs (default 200)\n"
        "  --dispatch-seconds S  dispatch: seconds per latency run (default 10)\n"
        "  --dispatch-deliveries N  dispatch: a drain of its own of N for the memory figure\n"
        "                      (default 200k; 1M for the issue's figure; 0: the memory of\n"
        "                      the last round's drain)\n"
        "  --dispatch-poll-ms N  dispatch: the dispatcher's poll_interval_ms (default: its\n"
        "                      own, 1000), to see what the wake-up by notification costs\n"
        "  --sim PATH          the inbox-sim binary (default: next to this one, then PATH)\n"
        "  --keep-ingest       keep the events the ingest (and receiver, dispatch) stage\n"
        "                      accepted\n"
        "Output: a table, then one JSON line per figure. Exit 0 when every figure was\n"
        "measured (targets met or not), 1 when a measurement failed, 2 no database, 64 usage.\n");
}

std::optional<Options> parseOptions(const QStringList &args, QString *message, bool *help)
{
    Options o;
    *help = false;
    QStringList given;
    for (int i = 1; i < args.size(); ++i) {
        const QString a = args.at(i);
        given << a;
        const auto value = [&](QString *out) {
            if (i + 1 >= args.size()) {
                *message = QStringLiteral("%1 needs a value").arg(a);
                return false;
            }
            *out = args.at(++i);
            return true;
        };
        const auto number = [&](qint64 min, qint64 *out) {
            QString v;
            if (!value(&v))
                return false;
            const qint64 n = parseSize(v);
            if (n < min) {
                *message = QStringLiteral("%1: not a number >= %2: %3").arg(a).arg(min).arg(v);
                return false;
            }
            *out = n;
            return true;
        };
        qint64 n = 0;
        QString v;
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            *help = true;
            *message = usage();
            return std::nullopt;
        } else if (a == QLatin1String("--db")) {
            if (!value(&o.conninfo))
                return std::nullopt;
        } else if (a == QLatin1String("--events")) {
            if (!number(1, &o.events))
                return std::nullopt;
        } else if (a == QLatin1String("--runs")) {
            if (!number(1, &n))
                return std::nullopt;
            o.runs = int(n);
        } else if (a == QLatin1String("--warmup")) {
            if (!number(0, &n))
                return std::nullopt;
            o.warmup = int(n);
        } else if (a == QLatin1String("--requeue")) {
            if (!number(1, &n))
                return std::nullopt;
            o.requeueCount = int(n);
        } else if (a == QLatin1String("--requeue-runs")) {
            if (!number(1, &n))
                return std::nullopt;
            o.requeueRuns = int(n);
        } else if (a == QLatin1String("--page-rows")) {
            if (!number(1, &o.pageRows))
                return std::nullopt;
        } else if (a == QLatin1String("--ingest-seconds")) {
            if (!number(1, &n))
                return std::nullopt;
            o.ingestSeconds = int(n);
        } else if (a == QLatin1String("--sessions")) {
            if (!number(1, &n))
                return std::nullopt;
            o.ingestSessions = int(n);
        } else if (a == QLatin1String("--workers")) {
            if (!number(1, &n))
                return std::nullopt;
            o.workers = int(n);
        } else if (a == QLatin1String("--repeat-rate")) {
            if (!value(&v))
                return std::nullopt;
            bool ok = false;
            o.repeatRate = v.toDouble(&ok);
            if (!ok || o.repeatRate < 0 || o.repeatRate > 0.5) {
                *message = QStringLiteral("--repeat-rate: a share between 0 and 0.5: %1").arg(v);
                return std::nullopt;
            }
        } else if (a == QLatin1String("--stages")) {
            if (!value(&v))
                return std::nullopt;
            o.stages = v.split(QLatin1Char(','), Qt::SkipEmptyParts);
            for (const QString &s : o.stages) {
                if (s != QLatin1String("queries") && s != QLatin1String("memory") &&
                    s != QLatin1String("requeue") && s != QLatin1String("ingest") &&
                    s != QLatin1String("peers") && s != QLatin1String("receiver") &&
                    s != QLatin1String("dispatch") && s != QLatin1String("poll") &&
                    s != QLatin1String("report")) {
                    *message = QStringLiteral("--stages: unknown stage %1").arg(s);
                    return std::nullopt;
                }
            }
        } else if (a == QLatin1String("--poll-postings")) {
            if (!number(100, &o.pollPostings))
                return std::nullopt;
        } else if (a == QLatin1String("--report-rows")) {
            if (!number(100, &o.reportRows))
                return std::nullopt;
        } else if (a == QLatin1String("--rounds")) {
            if (!number(1, &n))
                return std::nullopt;
            o.rounds = int(n);
        } else if (a == QLatin1String("--peers-dir")) {
            if (!value(&o.peersDir))
                return std::nullopt;
        } else if (a == QLatin1String("--receiver")) {
            if (!value(&o.receiverBinary))
                return std::nullopt;
        } else if (a == QLatin1String("--receiver-seconds")) {
            if (!number(1, &n))
                return std::nullopt;
            o.receiverSeconds = int(n);
        } else if (a == QLatin1String("--connections")) {
            if (!number(1, &n))
                return std::nullopt;
            o.connections = int(n);
        } else if (a == QLatin1String("--receiver-deliveries")) {
            if (!number(1, &o.receiverDeliveries))
                return std::nullopt;
        } else if (a == QLatin1String("--paced-rate")) {
            if (!number(1, &n))
                return std::nullopt;
            o.pacedRate = int(n);
        } else if (a == QLatin1String("--paced-seconds")) {
            if (!number(1, &n))
                return std::nullopt;
            o.pacedSeconds = int(n);
        } else if (a == QLatin1String("--dispatcher")) {
            if (!value(&o.dispatcherBinary))
                return std::nullopt;
        } else if (a == QLatin1String("--dispatch-events")) {
            if (!number(1, &o.dispatchEvents))
                return std::nullopt;
        } else if (a == QLatin1String("--dispatch-concurrency")) {
            if (!number(1, &n))
                return std::nullopt;
            o.dispatchConcurrency = int(n);
        } else if (a == QLatin1String("--dispatch-rate")) {
            if (!number(1, &n))
                return std::nullopt;
            o.dispatchRate = int(n);
        } else if (a == QLatin1String("--dispatch-seconds")) {
            if (!number(1, &n))
                return std::nullopt;
            o.dispatchSeconds = int(n);
        } else if (a == QLatin1String("--dispatch-deliveries")) {
            if (!number(0, &o.dispatchDeliveries))
                return std::nullopt;
        } else if (a == QLatin1String("--dispatch-poll-ms")) {
            if (!number(50, &n))
                return std::nullopt;
            o.dispatchPollMs = int(n);
        } else if (a == QLatin1String("--sim")) {
            if (!value(&o.simBinary))
                return std::nullopt;
        } else if (a == QLatin1String("--keep-ingest")) {
            o.keepIngest = true;
        } else {
            *message = QStringLiteral("unknown argument: %1\n\n%2").arg(a, usage());
            return std::nullopt;
        }
    }
    if (o.peersDir.isEmpty())
        o.peersDir = QString::fromLocal8Bit(kPeersDir);
    o.shortMode = o.events <= Options::kShortModeEvents;
    if (o.shortMode) {
        if (!given.contains(QLatin1String("--runs")))
            o.runs = 10;
        if (!given.contains(QLatin1String("--requeue-runs")))
            o.requeueRuns = 1;
        if (!given.contains(QLatin1String("--ingest-seconds")))
            o.ingestSeconds = 3;
    }
    return o;
}

} // namespace bench
