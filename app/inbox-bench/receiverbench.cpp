#include "receiverbench.h"

#include "benchlogin.h"
#include "benchreceiver.h"
#include "db/pgconnection.h"
#include "deliveries.h"
#include "pacedclient.h"
#include "roundstats.h"
#include "serverconninfo.h"
#include "serversetting.h"
#include "sessionrun.h"
#include "wrkload.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>

#include <libpq-fe.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace bench {

namespace {

const char *const kSource = "inbox_bench_receiver";
const char *const kLogin = "inbox_bench_receiver";
const char *const kPath = "/in/bench";
constexpr int kPacedConnections = 4; // open loop: at the start; more while all are busy
constexpr int kCheckConnections = 8; // the client beside wrk
constexpr double kMemoryTargetMb = 50;
constexpr double kFlatMb = 5;

double round2(double v)
{
    return std::round(v * 100.0) / 100.0;
}

// CPU time (user + system) a process has used, in ms; -1 when /proc does not show it (a
// server on another machine).
double cpuMs(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    // After "pid (comm) ": state is field 3, utime 14, stime 15.
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.size() < 13)
        return -1;
    const double ticks = fields.at(11).toDouble() + fields.at(12).toDouble();
    return ticks * 1000.0 / double(::sysconf(_SC_CLK_TCK));
}

// The server process of the receiver's writer (its login's connection), 0 when not found.
qint64 writerBackend(inbox::PgConnection &admin)
{
    inbox::DbError e;
    const auto rows =
        admin.exec(QStringLiteral("SELECT pid FROM pg_stat_activity WHERE usename = $1 "
                                  "ORDER BY backend_start LIMIT 1"),
                   {inbox::PgParam(kLogin)}, &e);
    return rows && rows->rows() == 1 ? rows->toInt(0, 0) : 0;
}

// The receiver's configuration: the benchmark's server and database, its own login, ports
// the kernel picks, one json source. The rest is the receiver's defaults (one writer).
QByteArray receiverConfig(const inbox::PgConnection &admin)
{
    const QString conninfo = serverConninfo(
        admin, {{"dbname", QString::fromUtf8(PQdb(admin.raw()))}, {"user", QLatin1String(kLogin)}});
    return "[receiver]\n"
           "listen = 127.0.0.1:0\n"
           "metrics_listen = 127.0.0.1:0\n"
           "database = " +
           conninfo.toUtf8() +
           "\n"
           "database_password_file = @PASSWORD_FILE@\n"
           "\n"
           "[source " +
           QByteArray(kSource) +
           "]\n"
           "path = " +
           QByteArray(kPath) +
           "\n"
           "adapter = json\n"
           "key_fields = id\n";
}

// Group sizes and the receiver's own time to answer, between two reads of /metrics.
struct MetricsDelta
{
    double groups = 0;
    double grouped = 0;
    double answers = 0;
    double answerSeconds = 0;

    static MetricsDelta read(const BenchReceiver &r)
    {
        int status = 0;
        const QByteArray m = r.get("/metrics", &status);
        MetricsDelta d;
        d.groups = BenchReceiver::metric(m, "inbox_receiver_group_size_count");
        d.grouped = BenchReceiver::metric(m, "inbox_receiver_group_size_sum");
        d.answers = BenchReceiver::metric(m, "inbox_receiver_answer_seconds_count");
        d.answerSeconds = BenchReceiver::metric(m, "inbox_receiver_answer_seconds_sum");
        return d;
    }
    double meanGroup(const MetricsDelta &before) const
    {
        const double n = groups - before.groups;
        return n > 0 ? (grouped - before.grouped) / n : 0;
    }
    double meanAnswerMs(const MetricsDelta &before) const
    {
        const double n = answers - before.answers;
        return n > 0 ? 1000.0 * (answerSeconds - before.answerSeconds) / n : 0;
    }
    // The fields every round of the receiver stages reports beside its own: the group size and
    // the receiver's answer time since `before`, and the load average around the round.
    void insertInto(QJsonObject *round, const MetricsDelta &before, double loadBefore) const
    {
        round->insert(QStringLiteral("mean_group"), round2(meanGroup(before)));
        round->insert(QStringLiteral("receiver_mean_answer_ms"), round2(meanAnswerMs(before)));
        round->insert(QStringLiteral("load_before"), loadBefore);
        round->insert(QStringLiteral("load_after"), loadAverage());
    }
};

// One run of the receiver stage. The state its phases share (the two binaries, the login's
// password, the server's settings, the receiver's configuration, the tag of this run's
// deliveries, the rounds of the throughput and paced measurements) is kept here under the
// names the phases use, so that each phase is a member function of its own: setUp, the
// throughput rounds, the client check and the paced rounds on one receiver, the memory run on
// a fresh one, cleanUp.
struct ReceiverRun
{
    ReceiverRun(const Options &options, inbox::PgConnection &adminConnection, QVector<Figure> *out)
        : o(options), admin(adminConnection), figures(out), wrkBinary(WrkLoad::find()),
          wrk(wrkBinary), path(QString::fromLatin1(kPath))
    {}
    ReceiverRun(const ReceiverRun &) = delete;
    ReceiverRun &operator=(const ReceiverRun &) = delete;

    bool run(QString *error);

    bool setUp(QString *error);
    QString nextTag();
    bool measureOnOneReceiver(QString *error);
    bool measureThroughput(BenchReceiver &receiver, QString *error);
    bool throughputRound(BenchReceiver &receiver, int r, QString *error);
    bool acceptOverLibpq(int r, double *directRate, QString *error);
    void addThroughputFigure();
    bool checkClient(BenchReceiver &receiver, QString *error);
    void addClientCheckFigure(const WrkResult &w, const PacedResult &mine);
    bool measurePaced(BenchReceiver &receiver, QString *error);
    bool pacedRound(BenchReceiver &receiver, int r, QString *error);
    void addPacedFigures();
    bool measureMemory(QString *error);
    void cleanUp();

    const Options &o;
    inbox::PgConnection &admin;
    QVector<Figure> *figures;
    const QString wrkBinary;
    const WrkLoad wrk;
    const QString path;
    QString binary;
    QByteArray password;
    QString fsync;
    QString syncCommit;
    // The WAL settings that decide the paced tail (BENCHMARKS.md, "WAL segments and the p99").
    QString wal;
    QByteArray config;
    QString runTag;
    int measurement = 0;
    // The throughput rounds.
    QVector<double> receiverRates, directRates, ratios;
    QJsonArray rounds;
    // The paced rounds.
    QVector<double> p50s, p99s;
    QJsonArray paced;
};

// The phases in their order. Without wrk the stage is skipped (not failed). A failure while
// setting up returns at once, without the cleanup; once the login is made, the measurements
// as far as they go well, and the cleanup.
bool ReceiverRun::run(QString *error)
{
    if (wrkBinary.isEmpty()) {
        *figures << skippedStage("receiver", QStringLiteral("wrk not found in PATH"),
                                 "Install Debian's wrk (scripts/install-deps.sh) to measure "
                                 "inbox-receiver beside direct accepts.",
                                 QStringLiteral("wrk and inbox-receiver present"));
        return true;
    }
    if (!setUp(error))
        return false;
    const bool ok = measureOnOneReceiver(error) && measureMemory(error);
    cleanUp();
    return ok;
}

// The receiver's binary, its login, the server's settings it reports, its configuration and
// the tag of this run's deliveries.
bool ReceiverRun::setUp(QString *error)
{
    binary = BenchReceiver::find(o.receiverBinary);
    if (binary.isEmpty()) {
        *error = o.receiverBinary.isEmpty()
                     ? QStringLiteral("inbox-receiver not found (next to inbox-bench, installed "
                                      "or in PATH; --receiver PATH)")
                     : QStringLiteral("--receiver %1: not an executable").arg(o.receiverBinary);
        return false;
    }
    if (!makeLogin(admin, kLogin, "inbox_ingest", &password, error))
        return false;
    fsync = serverSetting(admin, "fsync");
    syncCommit = serverSetting(admin, "synchronous_commit");
    wal = QStringLiteral("wal_init_zero=%1 wal_recycle=%2 min_wal_size=%3 max_wal_size=%4")
              .arg(serverSetting(admin, "wal_init_zero"), serverSetting(admin, "wal_recycle"),
                   serverSetting(admin, "min_wal_size"), serverSetting(admin, "max_wal_size"));
    config = receiverConfig(admin);
    runTag = QStringLiteral("r%1").arg(QDateTime::currentMSecsSinceEpoch());
    std::fprintf(stderr, "  receiver: %s, wrk %s; server fsync=%s synchronous_commit=%s %s\n",
                 qPrintable(binary), qPrintable(wrkBinary), qPrintable(fsync),
                 qPrintable(syncCommit), qPrintable(wal));
    return true;
}

// The tag of deliveries no earlier measurement of this run used.
QString ReceiverRun::nextTag()
{
    return QStringLiteral("%1-%2").arg(runTag).arg(++measurement);
}

// Throughput, the client check and the paced rounds, all against one receiver.
bool ReceiverRun::measureOnOneReceiver(QString *error)
{
    BenchReceiver receiver;
    return receiver.start(binary, config, password, error) && measureThroughput(receiver, error) &&
           checkClient(receiver, error) && measurePaced(receiver, error);
}

// Throughput: wrk against the receiver beside direct inbox.accept, alternating.
bool ReceiverRun::measureThroughput(BenchReceiver &receiver, QString *error)
{
    std::fprintf(stderr, "  warm-up: wrk for 1 s ...\n");
    WrkResult warm;
    if (!wrk.run(receiver.port(), path, nextTag(), o.repeatRate, o.connections, 1, &warm, error))
        return false;
    for (int r = 0; r < o.rounds; ++r) {
        if (!throughputRound(receiver, r, error))
            return false;
    }
    addThroughputFigure();
    return true;
}

// One round: wrk against the receiver and inbox.accept over libpq, one after the other.
bool ReceiverRun::throughputRound(BenchReceiver &receiver, int r, QString *error)
{
    WrkResult w;
    MetricsDelta before, after;
    double directRate = 0;
    const double loadBefore = loadAverage();
    const auto viaReceiver = [&] {
        std::fprintf(stderr, "  round %d: wrk, %d connections, %d s ...\n", r + 1, o.connections,
                     o.receiverSeconds);
        before = MetricsDelta::read(receiver);
        const bool done = wrk.run(receiver.port(), path, nextTag(), o.repeatRate, o.connections,
                                  o.receiverSeconds, &w, error);
        after = MetricsDelta::read(receiver);
        return done;
    };
    const auto viaLibpq = [&] {
        return acceptOverLibpq(r, &directRate, error);
    };
    // The order alternates from round to round, so both sides see the same machine.
    if (!(r % 2 == 0 ? viaReceiver() && viaLibpq() : viaLibpq() && viaReceiver()))
        return false;
    if (w.socketErrors > 0 || w.non2xx > 0)
        std::fprintf(stderr, "    wrk saw %lld non-2xx answers and %lld socket errors\n",
                     static_cast<long long>(w.non2xx), static_cast<long long>(w.socketErrors));
    receiverRates << w.rate();
    directRates << directRate;
    ratios << (directRate > 0 ? w.rate() / directRate : 0);
    QJsonObject round;
    round.insert(QStringLiteral("receiver_per_s"), round2(w.rate()));
    round.insert(QStringLiteral("direct_per_s"), round2(directRate));
    round.insert(QStringLiteral("ratio"), round2(ratios.last()));
    round.insert(QStringLiteral("wrk_p50_ms"), round2(w.p50Ms));
    round.insert(QStringLiteral("wrk_p99_ms"), round2(w.p99Ms));
    round.insert(QStringLiteral("non_2xx"), double(w.non2xx));
    round.insert(QStringLiteral("socket_errors"), double(w.socketErrors));
    after.insertInto(&round, before, loadBefore);
    rounds.append(round);
    std::fprintf(stderr,
                 "    receiver %.0f/s (p50 %.1f ms, p99 %.1f ms, groups of %.1f), "
                 "direct %.0f/s, ratio %.2f, load %.1f\n",
                 w.rate(), w.p50Ms, w.p99Ms, after.meanGroup(before), directRate, ratios.last(),
                 loadAverage());
    return true;
}

// The same deliveries accepted directly with inbox.accept, one libpq session per connection.
bool ReceiverRun::acceptOverLibpq(int r, double *directRate, QString *error)
{
    const QString acceptSql =
        QStringLiteral("SELECT outcome FROM inbox.accept($1, $2, $3, 'application/json')");
    std::fprintf(stderr, "  round %d: inbox.accept, %d libpq sessions, %d s ...\n", r + 1,
                 o.connections, o.receiverSeconds);
    Deliveries d(nextTag(), o.repeatRate, o.connections);
    const Step step = [&](inbox::PgConnection &conn, int s, std::mt19937_64 &rng, Totals &t) {
        bool repeat = false;
        const QString id = d.pick(s, rng, &repeat);
        inbox::DbError err;
        if (!conn.run(acceptSql,
                      {inbox::PgParam(kSource), inbox::PgParam(id),
                       inbox::PgParam::bytes(Deliveries::body(id))},
                      &err)) {
            t.fail(err.message);
            return false;
        }
        if (repeat)
            ++t.repeats;
        return true;
    };
    Totals direct;
    double elapsed = 0;
    if (!runSessions(o.conninfo, o.connections, o.receiverSeconds, QString(), step, &direct,
                     &elapsed, error))
        return false;
    *directRate = double(direct.calls.load()) / elapsed;
    return true;
}

void ReceiverRun::addThroughputFigure()
{
    Figure f;
    f.name = QStringLiteral("receiver_deliveries_per_s");
    f.latency = false;
    f.value = median(receiverRates);
    f.plainValue = median(directRates);
    f.unit = QStringLiteral("deliveries/s");
    const double ratio = median(ratios);
    f.target = QStringLiteral(">= direct inbox.accept / 2 (median of rounds' ratios)");
    f.met = ratio >= 0.5;
    f.extra.insert(QStringLiteral("ratio_median_of_rounds"), round2(ratio));
    f.extra.insert(QStringLiteral("connections"), o.connections);
    f.extra.insert(QStringLiteral("seconds"), o.receiverSeconds);
    f.extra.insert(QStringLiteral("repeat_rate"), o.repeatRate);
    f.extra.insert(QStringLiteral("fsync"), fsync);
    f.extra.insert(QStringLiteral("synchronous_commit"), syncCommit);
    f.extra.insert(QStringLiteral("rounds"), rounds);
    *figures << f;
}

// The paced client beside wrk, both closed loop with the same connections: the same
// rate and latencies say its numbers can be believed.
bool ReceiverRun::checkClient(BenchReceiver &receiver, QString *error)
{
    std::fprintf(stderr,
                 "  client check: wrk and the paced client in closed loop, %d "
                 "connections, %d s each ...\n",
                 kCheckConnections, o.receiverSeconds);
    WrkResult w;
    bool ok = wrk.run(receiver.port(), path, nextTag(), o.repeatRate, kCheckConnections,
                      o.receiverSeconds, &w, error);
    Deliveries d(nextTag(), o.repeatRate, 1);
    PacedClient client(receiver.port(), kPath, &d);
    PacedClient::Plan plan;
    plan.rate = 0;
    plan.connections = kCheckConnections;
    plan.seconds = o.receiverSeconds;
    PacedResult mine;
    ok = ok && client.run(plan, &mine, error);
    if (!ok)
        return false;
    addClientCheckFigure(w, mine);
    return true;
}

void ReceiverRun::addClientCheckFigure(const WrkResult &w, const PacedResult &mine)
{
    Figure f;
    f.name = QStringLiteral("receiver_client_check");
    f.latency = false;
    f.value = mine.rate();
    f.plainValue = w.rate();
    f.unit = QStringLiteral("deliveries/s");
    // Believable: it gets at least as far as wrk (faster is wrk's own cost: two
    // threads and a Lua call per request on a shared CPU), and for both, rate x
    // mean latency is the connections (Little's law), so the timing adds up.
    const double mean = mine.latencyMs.isEmpty()
                            ? 0
                            : std::accumulate(mine.latencyMs.begin(), mine.latencyMs.end(), 0.0) /
                                  double(mine.latencyMs.size());
    const double mineInFlight = mine.rate() * mean / 1000.0;
    const double wrkInFlight = w.rate() * w.meanMs / 1000.0;
    const auto near = [](double inFlight) {
        return std::abs(inFlight - kCheckConnections) <= 0.2 * kCheckConnections;
    };
    f.target = QStringLiteral("paced client in closed loop >= 0.8 of wrk's rate, "
                              "rate x mean latency = connections +-20 % for both");
    f.met = f.ratio() >= 0.8 && near(mineInFlight) && near(wrkInFlight);
    f.extra.insert(QStringLiteral("client_in_flight"), round2(mineInFlight));
    f.extra.insert(QStringLiteral("wrk_in_flight"), round2(wrkInFlight));
    f.extra.insert(QStringLiteral("client_mean_ms"), round2(mean));
    f.extra.insert(QStringLiteral("wrk_mean_ms"), round2(w.meanMs));
    f.extra.insert(QStringLiteral("connections"), kCheckConnections);
    f.extra.insert(QStringLiteral("client_p50_ms"), round2(percentile(mine.latencyMs, 0.5)));
    f.extra.insert(QStringLiteral("client_p99_ms"), round2(percentile(mine.latencyMs, 0.99)));
    f.extra.insert(QStringLiteral("wrk_p50_ms"), round2(w.p50Ms));
    f.extra.insert(QStringLiteral("wrk_p99_ms"), round2(w.p99Ms));
    f.extra.insert(QStringLiteral("client_refused"), double(mine.refused));
    *figures << f;
    std::fprintf(stderr, "    wrk %.0f/s p50 %.2f ms; client %.0f/s p50 %.2f ms\n", w.rate(),
                 w.p50Ms, mine.rate(), percentile(mine.latencyMs, 0.5));
}

// Time to the 200 at a fixed rate, open loop.
bool ReceiverRun::measurePaced(BenchReceiver &receiver, QString *error)
{
    for (int r = 0; r < o.rounds; ++r) {
        if (!pacedRound(receiver, r, error))
            return false;
    }
    addPacedFigures();
    return true;
}

// One round at --paced-rate: its latencies, and where the time went.
bool ReceiverRun::pacedRound(BenchReceiver &receiver, int r, QString *error)
{
    std::fprintf(stderr,
                 "  round %d: paced %d deliveries/s for %d s, %d to %d "
                 "connections ...\n",
                 r + 1, o.pacedRate, o.pacedSeconds, kPacedConnections, o.connections);
    Deliveries d(nextTag(), o.repeatRate, 1);
    PacedClient client(receiver.port(), kPath, &d);
    PacedClient::Plan plan;
    plan.rate = o.pacedRate;
    plan.connections = kPacedConnections;
    plan.maxConnections = o.connections;
    plan.seconds = o.pacedSeconds;
    PacedResult res;
    QJsonObject round;
    const double loadBefore = loadAverage();
    // Where the time goes: the CPU the writer's server process and the receiver
    // used per group, beside the wall time a group took.
    const qint64 backend = writerBackend(admin);
    const double backendBefore = cpuMs(backend);
    const double receiverBefore = cpuMs(receiver.pid());
    const MetricsDelta before = MetricsDelta::read(receiver);
    const bool ok = client.run(plan, &res, error);
    const MetricsDelta after = MetricsDelta::read(receiver);
    const double groups = after.groups - before.groups;
    if (groups > 0 && backendBefore >= 0) {
        round.insert(QStringLiteral("writer_backend_cpu_ms_per_group"),
                     round2((cpuMs(backend) - backendBefore) / groups));
        round.insert(QStringLiteral("wall_ms_per_group"), round2(1000.0 * res.elapsedS / groups));
    }
    if (groups > 0 && receiverBefore >= 0)
        round.insert(
            QStringLiteral("receiver_cpu_ms_per_delivery"),
            round2((cpuMs(receiver.pid()) - receiverBefore) / std::max(1.0, double(res.answered))));
    if (!ok)
        return false;
    p50s << percentile(res.latencyMs, 0.5);
    p99s << percentile(res.latencyMs, 0.99);
    round.insert(QStringLiteral("p50_ms"), round2(p50s.last()));
    round.insert(QStringLiteral("p99_ms"), round2(p99s.last()));
    round.insert(QStringLiteral("p999_ms"), round2(percentile(res.latencyMs, 0.999)));
    round.insert(QStringLiteral("max_ms"), round2(percentile(res.latencyMs, 1.0)));
    round.insert(QStringLiteral("service_p99_ms"), round2(percentile(res.serviceMs, 0.99)));
    round.insert(QStringLiteral("achieved_per_s"), round2(res.rate()));
    round.insert(QStringLiteral("answered"), double(res.answered));
    round.insert(QStringLiteral("refused"), double(res.refused));
    round.insert(QStringLiteral("sent_late"), double(res.late));
    round.insert(QStringLiteral("connections_used"), res.connections);
    after.insertInto(&round, before, loadBefore);
    paced.append(round);
    std::fprintf(stderr,
                 "    p50 %.2f ms, p99 %.2f ms (from the send: %.2f), %.0f/s, "
                 "%d connections, groups of %.1f, load %.1f\n",
                 p50s.last(), p99s.last(), percentile(res.serviceMs, 0.99), res.rate(),
                 res.connections, after.meanGroup(before), loadAverage());
    return true;
}

void ReceiverRun::addPacedFigures()
{
    for (const bool p99 : {false, true}) {
        Figure f;
        f.name =
            p99 ? QStringLiteral("receiver_paced_p99_ms") : QStringLiteral("receiver_paced_p50_ms");
        f.latency = false;
        f.value = median(p99 ? p99s : p50s);
        f.unit = QStringLiteral("ms");
        f.target = p99 ? QStringLiteral("p99 < 10 ms at %1/s (median of rounds)").arg(o.pacedRate)
                       : QStringLiteral("none set (informational)");
        f.met = p99 ? f.value < 10.0 : true;
        f.extra.insert(QStringLiteral("rate"), o.pacedRate);
        f.extra.insert(QStringLiteral("seconds"), o.pacedSeconds);
        f.extra.insert(QStringLiteral("connections_at_start"), kPacedConnections);
        f.extra.insert(QStringLiteral("connections_at_most"), o.connections);
        f.extra.insert(QStringLiteral("from"), QStringLiteral("scheduled send time"));
        f.extra.insert(QStringLiteral("wal"), wal);
        if (p99)
            f.extra.insert(QStringLiteral("rounds"), paced);
        *figures << f;
    }
}

// Memory: a fresh receiver, so the count of deliveries since its start is exact.
bool ReceiverRun::measureMemory(QString *error)
{
    BenchReceiver receiver;
    if (!receiver.start(binary, config, password, error))
        return false;
    const Memory start = receiver.memory();
    std::fprintf(stderr,
                 "  memory: %lld deliveries, %d connections (VmRSS at start "
                 "%.1f MB) ...\n",
                 static_cast<long long>(o.receiverDeliveries), o.connections, start.rssMb);
    QJsonArray samples;
    QVector<double> rss;
    Deliveries d(nextTag(), o.repeatRate, 1);
    PacedClient client(receiver.port(), kPath, &d);
    PacedClient::Plan plan;
    plan.rate = 0;
    plan.connections = o.connections;
    plan.seconds = 24 * 3600;
    plan.maxCount = o.receiverDeliveries;
    plan.recordLatency = false;
    plan.progressEvery = std::max<qint64>(1, o.receiverDeliveries / 10);
    plan.progress = [&](qint64 answered) {
        const Memory m = receiver.memory();
        rss << m.rssMb;
        QJsonObject s;
        s.insert(QStringLiteral("deliveries"), double(answered));
        s.insert(QStringLiteral("rss_mb"), round2(m.rssMb));
        s.insert(QStringLiteral("hwm_mb"), round2(m.hwmMb));
        samples.append(s);
        std::fprintf(stderr, "    %lld: VmRSS %.1f MB, VmHWM %.1f MB\n",
                     static_cast<long long>(answered), m.rssMb, m.hwmMb);
    };
    PacedResult res;
    const double loadBefore = loadAverage();
    if (!client.run(plan, &res, error))
        return false;
    const Memory end = receiver.memory();
    if (rss.isEmpty() || end.rssMb <= 0) {
        *error = QStringLiteral("could not read /proc/%1/status").arg(receiver.pid());
        return false;
    }
    Figure f;
    f.name = QStringLiteral("receiver_memory_mb");
    f.latency = false;
    f.value = end.rssMb;
    f.unit = QStringLiteral("MB");
    const double growth = end.rssMb - rss.first();
    f.target = QStringLiteral("VmRSS < %1 MB after the run, and flat (<= %2 MB above "
                              "the first tenth's)")
                   .arg(kMemoryTargetMb)
                   .arg(kFlatMb);
    f.met = end.rssMb < kMemoryTargetMb && growth <= kFlatMb;
    f.extra.insert(QStringLiteral("deliveries"), double(res.answered + res.refused));
    f.extra.insert(QStringLiteral("answered"), double(res.answered));
    f.extra.insert(QStringLiteral("refused"), double(res.refused));
    f.extra.insert(QStringLiteral("start_rss_mb"), round2(start.rssMb));
    f.extra.insert(QStringLiteral("hwm_mb"), round2(end.hwmMb));
    f.extra.insert(QStringLiteral("growth_after_first_tenth_mb"), round2(growth));
    f.extra.insert(QStringLiteral("samples"), samples);
    f.extra.insert(QStringLiteral("connections"), o.connections);
    f.extra.insert(QStringLiteral("per_s"), round2(res.rate()));
    f.extra.insert(QStringLiteral("load_before"), loadBefore);
    f.extra.insert(QStringLiteral("load_after"), loadAverage());
    *figures << f;
    return true;
}

// Leave the server as it was found: the events the stage stored (unless kept), the login.
void ReceiverRun::cleanUp()
{
    inbox::DbError e;
    if (!o.keepIngest) {
        std::fprintf(stderr, "  removing the events the receiver stage stored ...\n");
        if (!admin.run(QStringLiteral("DELETE FROM inbox.events WHERE source = $1"),
                       {inbox::PgParam(kSource)}, &e))
            std::fprintf(stderr, "  could not remove them: %s\n", qPrintable(e.message));
    }
    dropLogin(admin, kLogin);
}

} // namespace

bool runReceiverFigures(const Options &o, inbox::PgConnection &admin, QVector<Figure> *figures,
                        QString *error)
{
    ReceiverRun stage(o, admin, figures);
    return stage.run(error);
}

} // namespace bench
