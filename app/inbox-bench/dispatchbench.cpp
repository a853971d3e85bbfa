#include "dispatchbench.h"

#include "backlog.h"
#include "benchdispatcher.h"
#include "benchlogin.h"
#include "db/pgconnection.h"
#include "deliveries.h"
#include "fakehandlerchild.h"
#include "fill.h"
#include "pacedclient.h"
#include "roundstats.h"
#include "serverconninfo.h"
#include "serversetting.h"
#include "signedrequests.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>

#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

namespace bench {

namespace {

const char *const kSource = "inbox_bench_dispatch";
const char *const kLogin = "inbox_bench_dispatcher";
const char *const kDestination = "inbox_bench";
const char *const kPath = "/hook";
constexpr int kPollMs = 50;          // the drain's poll of the backlog: its time is +-50 ms
constexpr int kStallMs = 60000;      // a drain without progress for this long has failed
constexpr double kRateTarget = 1000; // events/s on the 2-core machine of the issue
constexpr double kP50TargetMs = 5;
constexpr double kP99TargetMs = 50;
constexpr double kFlatMbPer100k = 1; // "flat": less growth than this per 100k deliveries
// A shorter drain is not judged: a few hundred kB of warm-up scale to megabytes per 100k.
constexpr qint64 kFlatJudgedFrom = 100000;

double round2(double v)
{
    return std::round(v * 100.0) / 100.0;
}

qint64 wallClockUs()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// What one drain measured.
struct Drain
{
    double seconds = 0;
    double rate = 0;
    QJsonArray memory; // {"deliveries", "rss_mb", "hwm_mb"} at every tenth and at the end
    double growthPer100kMb = 0;
};

// One run of the dispatch stage: its binaries, its private folder (configuration, password,
// secret, logs), its login, the fake handler every phase shares, and what the rounds measured.
struct DispatchRun
{
    DispatchRun(const Options &options, inbox::PgConnection &adminConnection, QVector<Figure> *out)
        : o(options), admin(adminConnection), figures(out)
    {}
    DispatchRun(const DispatchRun &) = delete;
    DispatchRun &operator=(const DispatchRun &) = delete;

    bool run(QString *error);

    bool setUp(QString *error);
    QString nextTag();
    bool throughputRound(int r, QString *error);
    bool drain(const QString &tag, qint64 count, Drain *result, QJsonObject *checks,
               QString *error);
    bool check(const QString &tag, qint64 count, const QJsonObject &statsBefore,
               QJsonObject *checks, QString *error);
    bool bareRound(qint64 count, double *rate, QString *error);
    void addThroughputFigure();
    bool latencyRound(int r, QString *error);
    void addLatencyFigures();
    bool measureMemory(QString *error);
    void cleanUp();

    const Options &o;
    inbox::PgConnection &admin;
    QVector<Figure> *figures;
    QTemporaryDir dir;
    QString binary;
    QString sim;
    QByteArray signingKey;
    QString configFile;
    QString fsync;
    QString syncCommit;
    FakeHandlerChild handler;
    QString runTag;
    int measurement = 0;
    // The throughput rounds.
    QVector<double> rates, bareRates, ratios;
    QJsonArray rounds;
    Drain lastDrain;
    // The latency rounds.
    QVector<double> p50s, p99s;
    QJsonArray latencyRounds;
};

bool DispatchRun::run(QString *error)
{
    if (!setUp(error))
        return false;
    bool ok = true;
    for (int r = 0; ok && r < o.rounds; ++r)
        ok = throughputRound(r, error);
    if (ok)
        addThroughputFigure();
    for (int r = 0; ok && r < o.rounds; ++r)
        ok = latencyRound(r, error);
    if (ok)
        addLatencyFigures();
    ok = ok && measureMemory(error);
    cleanUp();
    return ok;
}

// The binaries, the folder with the secret, the password and the configuration (one
// destination for the stage's source, signed), the login, and the fake handler.
bool DispatchRun::setUp(QString *error)
{
    binary = BenchDispatcher::find(o.dispatcherBinary);
    sim = findSimBinary(o.simBinary);
    if (binary.isEmpty() || sim.isEmpty()) {
        *error = binary.isEmpty() ? QStringLiteral("inbox-dispatcher not found (next to "
                                                   "inbox-bench, installed or in PATH; "
                                                   "--dispatcher PATH)")
                                  : QStringLiteral("inbox-sim not found (--sim PATH)");
        return false;
    }
    if (!dir.isValid()) {
        *error = QStringLiteral("cannot make a temporary folder for the dispatcher");
        return false;
    }
    signingKey.resize(32);
    QRandomGenerator::system()->generate(reinterpret_cast<quint32 *>(signingKey.data()),
                                         reinterpret_cast<quint32 *>(signingKey.data() + 32));
    QByteArray password;
    if (!makeLogin(admin, kLogin, "inbox_worker", &password, error))
        return false;
    const QString secretFile = dir.filePath(QStringLiteral("handler.whsec"));
    const QString passwordFile = dir.filePath(QStringLiteral("db.password"));
    configFile = dir.filePath(QStringLiteral("inbox-dispatcher.conf"));
    if (!writePrivate(secretFile, "whsec_" + signingKey.toBase64() + '\n') ||
        !writePrivate(passwordFile, password)) {
        *error = QStringLiteral("cannot write into %1").arg(dir.path());
        return false;
    }
    if (!handler.start(sim, secretFile, error))
        return false;
    const QString conninfo = serverConninfo(
        admin, {{"dbname", QString::fromUtf8(PQdb(admin.raw()))}, {"user", QLatin1String(kLogin)}});
    const QByteArray config =
        "[dispatcher]\n"
        "database = " +
        conninfo.toUtf8() + "\ndatabase_password_file = " + QFile::encodeName(passwordFile) +
        "\nworker = inbox-bench\nmetrics_listen = 127.0.0.1:0\n" +
        (o.dispatchPollMs > 0 ? "poll_interval_ms = " + QByteArray::number(o.dispatchPollMs) + '\n'
                              : QByteArray()) +
        "\n[destination " + kDestination +
        "]\nurl = http://127.0.0.1:" + QByteArray::number(handler.port()) + kPath +
        "\nsources = " + kSource + "\nconcurrency = " + QByteArray::number(o.dispatchConcurrency) +
        "\nsigning_secret_file = " + QFile::encodeName(secretFile) + '\n';
    if (!writePrivate(configFile, config)) {
        *error = QStringLiteral("cannot write %1").arg(configFile);
        return false;
    }
    fsync = serverSetting(admin, "fsync");
    syncCommit = serverSetting(admin, "synchronous_commit");
    runTag = QStringLiteral("d%1").arg(QDateTime::currentMSecsSinceEpoch());
    std::fprintf(stderr,
                 "  dispatch: %s, fake handler %s on port %u; server fsync=%s "
                 "synchronous_commit=%s\n",
                 qPrintable(binary), qPrintable(sim), unsigned(handler.port()), qPrintable(fsync),
                 qPrintable(syncCommit));
    return true;
}

QString DispatchRun::nextTag()
{
    return QStringLiteral("%1-%2").arg(runTag).arg(++measurement);
}

// One round: a fresh backlog drained by a fresh dispatcher, then the bare client sending as
// many signed requests to the same handler with as many in flight.
bool DispatchRun::throughputRound(int r, QString *error)
{
    const QString tag = nextTag();
    double fillS = 0;
    std::fprintf(stderr, "  round %d: backlog of %lld events ...\n", r + 1,
                 static_cast<long long>(o.dispatchEvents));
    if (!fillBacklog(admin, kSource, tag, o.dispatchEvents, &fillS, error))
        return false;
    const double loadBefore = loadAverage();
    Drain d;
    QJsonObject round;
    if (!drain(tag, o.dispatchEvents, &d, &round, error))
        return false;
    double bare = 0;
    if (!bareRound(o.dispatchEvents, &bare, error))
        return false;
    rates << d.rate;
    bareRates << bare;
    ratios << (bare > 0 ? d.rate / bare : 0);
    lastDrain = d;
    round.insert(QStringLiteral("fill_s"), round2(fillS));
    round.insert(QStringLiteral("drain_s"), round2(d.seconds));
    round.insert(QStringLiteral("per_s"), round2(d.rate));
    round.insert(QStringLiteral("bare_per_s"), round2(bare));
    round.insert(QStringLiteral("ratio"), round2(ratios.last()));
    round.insert(QStringLiteral("load_before"), loadBefore);
    round.insert(QStringLiteral("load_after"), loadAverage());
    rounds.append(round);
    std::fprintf(stderr,
                 "    dispatcher %.0f events/s (%.2f s), bare client %.0f/s, ratio %.2f, "
                 "load %.2f\n",
                 d.rate, d.seconds, bare, ratios.last(), loadAverage());
    return true;
}

// Starts a dispatcher on the backlog `tag` and times it until the source's backlog is empty,
// polling the status counters every kPollMs; its resident memory at every tenth. Then checks
// that every event was done once and the handler saw each key once.
bool DispatchRun::drain(const QString &tag, qint64 count, Drain *result, QJsonObject *checks,
                        QString *error)
{
    const QJsonObject statsBefore = handler.stats();
    BenchDispatcher dispatcher;
    QElapsedTimer timer;
    timer.start();
    if (!dispatcher.start(binary, configFile, dir.filePath(QStringLiteral("dispatcher.log")),
                          dir.filePath(QStringLiteral("state")), error))
        return false;
    QVector<QPair<qint64, double>> rss; // deliveries, MB
    qint64 left = count;
    qint64 nextSample = 0;
    qint64 lastProgressMs = 0;
    const auto sample = [&](qint64 delivered) {
        const Memory m = dispatcher.memory();
        rss << qMakePair(delivered, m.rssMb);
        QJsonObject s;
        s.insert(QStringLiteral("deliveries"), double(delivered));
        s.insert(QStringLiteral("rss_mb"), round2(m.rssMb));
        s.insert(QStringLiteral("hwm_mb"), round2(m.hwmMb));
        result->memory.append(s);
    };
    while (left > 0) {
        QThread::msleep(kPollMs);
        const qint64 now = backlogOf(admin, kSource, error);
        if (now < 0)
            return false;
        if (now < left)
            lastProgressMs = timer.elapsed();
        left = now;
        const qint64 delivered = count - left;
        if (left > 0 && delivered >= nextSample) {
            sample(delivered);
            nextSample = delivered + std::max<qint64>(1, count / 10);
        }
        if (!dispatcher.running() || timer.elapsed() - lastProgressMs > kStallMs) {
            *error = QStringLiteral("the drain stopped with %1 events left: %2")
                         .arg(left)
                         .arg(QString::fromUtf8(dispatcher.log().right(2000)));
            return false;
        }
    }
    result->seconds = double(timer.nsecsElapsed()) / 1e9;
    result->rate = double(count) / result->seconds;
    sample(count);
    dispatcher.stop();
    // Growth from the first sample after a tenth was delivered (the dispatcher's caches and
    // buffers warmed) to the end, per 100k deliveries.
    const auto warm = std::find_if(rss.begin(), rss.end(), [&](const QPair<qint64, double> &s) {
        return s.first >= count / 10;
    });
    if (warm != rss.end() && count > warm->first)
        result->growthPer100kMb =
            (rss.last().second - warm->second) * 100000.0 / double(count - warm->first);
    return check(tag, count, statsBefore, checks, error);
}

// Every event of the backlog done, with one attempt each; the handler processed as many new
// keys, saw no repeat and no bad signature. Recorded in *checks; a failure fails the stage.
bool DispatchRun::check(const QString &tag, qint64 count, const QJsonObject &statsBefore,
                        QJsonObject *checks, QString *error)
{
    inbox::DbError e;
    const auto r = admin.exec(
        QStringLiteral("SELECT count(*), count(*) FILTER (WHERE e.status = 'done'), "
                       "(SELECT count(*) FROM inbox.delivery_attempts a JOIN inbox.events x "
                       "ON x.id = a.event_id WHERE x.source = $1 AND x.external_id LIKE $2) "
                       "FROM inbox.events e WHERE e.source = $1 AND e.external_id LIKE $2"),
        {inbox::PgParam(kSource), inbox::PgParam(tag + QStringLiteral("-%"))}, &e);
    const QJsonObject statsAfter = handler.stats();
    const auto delta = [&](const char *key) {
        return statsAfter.value(QLatin1String(key)).toDouble() -
               statsBefore.value(QLatin1String(key)).toDouble();
    };
    if (!r || r->rows() != 1 || statsAfter.isEmpty()) {
        *error = QStringLiteral("checking the drain: %1")
                     .arg(r ? QStringLiteral("the fake handler did not answer") : e.message);
        return false;
    }
    checks->insert(QStringLiteral("events"), double(r->toInt(0, 0)));
    checks->insert(QStringLiteral("done"), double(r->toInt(0, 1)));
    checks->insert(QStringLiteral("attempts"), double(r->toInt(0, 2)));
    checks->insert(QStringLiteral("handler_processed"), delta("processed"));
    checks->insert(QStringLiteral("handler_duplicates"), delta("duplicates"));
    checks->insert(QStringLiteral("handler_bad_signatures"), delta("bad_signatures"));
    const double n = double(count);
    if (r->toInt(0, 0) != count || r->toInt(0, 1) != count || r->toInt(0, 2) != count ||
        delta("processed") != n || delta("duplicates") != 0 || delta("bad_signatures") != 0) {
        *error = QStringLiteral("the drain of %1 events did not deliver each once: %2")
                     .arg(count)
                     .arg(QString::fromUtf8(QJsonDocument(*checks).toJson(QJsonDocument::Compact)));
        return false;
    }
    return true;
}

// The bare client: the same number of signed requests, as many in flight, closed loop.
bool DispatchRun::bareRound(qint64 count, double *rate, QString *error)
{
    SignedRequests requests(handler.port(), kPath, signingKey, nextTag(), kSource);
    PacedClient client(handler.port(), kPath, nullptr);
    client.setRequests([&requests] { return requests.next(); });
    PacedClient::Plan plan;
    plan.rate = 0;
    plan.connections = o.dispatchConcurrency;
    plan.maxConnections = o.dispatchConcurrency;
    plan.seconds = 24 * 3600;
    plan.maxCount = count;
    plan.recordLatency = false;
    PacedResult res;
    if (!client.run(plan, &res, error))
        return false;
    if (res.refused > 0) {
        *error = QStringLiteral("the fake handler refused %1 of the bare client's requests")
                     .arg(res.refused);
        return false;
    }
    *rate = res.rate();
    return true;
}

void DispatchRun::addThroughputFigure()
{
    Figure f;
    f.name = QStringLiteral("dispatch_events_per_s");
    f.latency = false;
    f.value = median(rates);
    f.plainValue = median(bareRates);
    f.unit = QStringLiteral("events/s");
    const double ratio = median(ratios);
    f.target = QStringLiteral(">= %1 events/s and >= the bare client / 2 (median of rounds' "
                              "ratios)")
                   .arg(kRateTarget);
    f.met = f.value >= kRateTarget && ratio >= 0.5;
    f.extra.insert(QStringLiteral("ratio_median_of_rounds"), round2(ratio));
    f.extra.insert(QStringLiteral("events"), double(o.dispatchEvents));
    f.extra.insert(QStringLiteral("concurrency"), o.dispatchConcurrency);
    f.extra.insert(QStringLiteral("bare_client"),
                   QStringLiteral("inbox-bench's paced client, closed loop, the dispatcher's "
                                  "headers and signature"));
    f.extra.insert(QStringLiteral("timed_from"),
                   QStringLiteral("the dispatcher's start to an empty backlog (polled every "
                                  "%1 ms)")
                       .arg(kPollMs));
    f.extra.insert(QStringLiteral("fsync"), fsync);
    f.extra.insert(QStringLiteral("synchronous_commit"), syncCommit);
    f.extra.insert(QStringLiteral("rounds"), rounds);
    *figures << f;
}

// Latency: an idle dispatcher (empty backlog, waiting on LISTEN), events accepted one at a
// time at --dispatch-rate; for each, the handler's receipt (its wall clock) minus the
// benchmark's wall clock right after the accept returned (committed). One machine, one clock.
bool DispatchRun::latencyRound(int r, QString *error)
{
    const qint64 count = qint64(o.dispatchRate) * o.dispatchSeconds;
    std::fprintf(stderr, "  round %d: %d accepts/s for %d s to an idle dispatcher ...\n", r + 1,
                 o.dispatchRate, o.dispatchSeconds);
    inbox::PgConnection conn;
    inbox::DbError e;
    if (!conn.connect(o.conninfo, QStringLiteral("inbox-bench dispatch"), &e)) {
        *error = QStringLiteral("cannot connect: %1").arg(e.message);
        return false;
    }
    BenchDispatcher dispatcher;
    if (!dispatcher.start(binary, configFile, dir.filePath(QStringLiteral("dispatcher.log")),
                          dir.filePath(QStringLiteral("state")), error) ||
        !dispatcher.waitReady(error))
        return false;
    QThread::msleep(1000); // its first claim pass done: from here on it waits for notifications
    handler.takeReceived();
    const QString tag = nextTag();
    const QString sql =
        QStringLiteral("SELECT event_id FROM inbox.accept($1, $2, $3, 'application/json')");
    QHash<qint64, qint64> committedUs; // event id -> wall clock after the accept returned
    QVector<double> acceptMs;
    const double loadBefore = loadAverage();
    const auto interval = std::chrono::nanoseconds(1000000000LL / o.dispatchRate);
    const auto t0 = std::chrono::steady_clock::now();
    qint64 late = 0;
    for (qint64 n = 1; n <= count; ++n) {
        // Open loop: each accept at its time, however long the one before took; one that
        // starts more than 1 ms after its time is counted late (as PacedClient counts).
        const auto at = t0 + (n - 1) * interval;
        const auto now = std::chrono::steady_clock::now();
        if (now < at)
            std::this_thread::sleep_until(at);
        else if (now - at > std::chrono::milliseconds(1))
            ++late;
        const QString id = QStringLiteral("%1-%2").arg(tag).arg(n);
        const auto before = std::chrono::steady_clock::now();
        const auto row = conn.exec(sql,
                                   {inbox::PgParam(kSource), inbox::PgParam(id),
                                    inbox::PgParam::bytes(Deliveries::body(id))},
                                   &e);
        const qint64 doneUs = wallClockUs();
        if (!row || row->rows() != 1) {
            *error = QStringLiteral("inbox.accept: %1").arg(e.message);
            return false;
        }
        acceptMs << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                              before)
                        .count();
        committedUs.insert(row->toInt(0, 0), doneUs);
    }
    // The last ones delivered: the backlog empty (at most kStallMs).
    QElapsedTimer wait;
    wait.start();
    qint64 left = 0;
    while ((left = backlogOf(admin, kSource, error)) != 0) {
        if (left < 0)
            return false;
        if (wait.elapsed() > kStallMs || !dispatcher.running()) {
            *error = QStringLiteral("%1 events not delivered after %2 s: %3")
                         .arg(left)
                         .arg(double(wait.elapsed()) / 1000.0)
                         .arg(QString::fromUtf8(dispatcher.log().right(3000)));
            return false;
        }
        QThread::msleep(kPollMs);
    }
    const QJsonObject received = handler.takeReceived();
    dispatcher.stop();
    QVector<double> latencyMs;
    for (const QJsonValue &v : received.value(QStringLiteral("received")).toArray()) {
        const QJsonObject receipt = v.toObject();
        const auto it =
            committedUs.constFind(qint64(receipt.value(QStringLiteral("event_id")).toDouble()));
        if (it != committedUs.cend())
            latencyMs << (receipt.value(QStringLiteral("at_us")).toDouble() - double(*it)) / 1000.0;
    }
    if (latencyMs.size() != count) {
        *error = QStringLiteral("the handler reported %1 of the %2 events accepted")
                     .arg(latencyMs.size())
                     .arg(count);
        return false;
    }
    p50s << percentile(latencyMs, 0.5);
    p99s << percentile(latencyMs, 0.99);
    QJsonObject round;
    round.insert(QStringLiteral("events"), double(count));
    round.insert(QStringLiteral("p50_ms"), round2(p50s.last()));
    round.insert(QStringLiteral("p99_ms"), round2(p99s.last()));
    round.insert(QStringLiteral("max_ms"), round2(percentile(latencyMs, 1.0)));
    // Below zero when the handler read a request before the benchmark's clock was read after
    // the accept returned: the wake-up beat the accept's own answer.
    round.insert(QStringLiteral("min_ms"),
                 round2(*std::min_element(latencyMs.cbegin(), latencyMs.cend())));
    round.insert(QStringLiteral("accept_p50_ms"), round2(percentile(acceptMs, 0.5)));
    round.insert(QStringLiteral("accepts_late"), double(late));
    round.insert(QStringLiteral("load_before"), loadBefore);
    round.insert(QStringLiteral("load_after"), loadAverage());
    latencyRounds.append(round);
    std::fprintf(stderr,
                 "    accept committed -> handler: p50 %.2f ms, p99 %.2f ms, max %.2f ms; "
                 "load %.2f\n",
                 p50s.last(), p99s.last(), percentile(latencyMs, 1.0), loadAverage());
    return true;
}

void DispatchRun::addLatencyFigures()
{
    for (const bool p99 : {false, true}) {
        Figure f;
        f.name = p99 ? QStringLiteral("dispatch_latency_p99_ms")
                     : QStringLiteral("dispatch_latency_p50_ms");
        f.latency = false;
        f.value = median(p99 ? p99s : p50s);
        f.unit = QStringLiteral("ms");
        const double target = p99 ? kP99TargetMs : kP50TargetMs;
        f.target = QStringLiteral("%1 <= %2 ms at %3 events/s (median of rounds)")
                       .arg(p99 ? QStringLiteral("p99") : QStringLiteral("p50"))
                       .arg(target)
                       .arg(o.dispatchRate);
        f.met = f.value <= target;
        f.extra.insert(QStringLiteral("rate"), o.dispatchRate);
        f.extra.insert(QStringLiteral("poll_interval_ms"),
                       o.dispatchPollMs > 0 ? o.dispatchPollMs : 1000);
        f.extra.insert(QStringLiteral("seconds"), o.dispatchSeconds);
        f.extra.insert(QStringLiteral("from"),
                       QStringLiteral("inbox.accept returned (committed), wall clock"));
        f.extra.insert(QStringLiteral("to"),
                       QStringLiteral("the handler read the request, wall clock"));
        if (p99)
            f.extra.insert(QStringLiteral("rounds"), latencyRounds);
        *figures << f;
    }
}

// Memory: a drain of its own of --dispatch-deliveries events, or with 0 the last round's.
bool DispatchRun::measureMemory(QString *error)
{
    qint64 deliveries = o.dispatchEvents;
    Drain d = lastDrain;
    QJsonObject checks;
    double loadBefore = -1;
    if (o.dispatchDeliveries > 0) {
        deliveries = o.dispatchDeliveries;
        const QString tag = nextTag();
        double fillS = 0;
        std::fprintf(stderr, "  memory: backlog of %lld events ...\n",
                     static_cast<long long>(deliveries));
        if (!fillBacklog(admin, kSource, tag, deliveries, &fillS, error))
            return false;
        checks.insert(QStringLiteral("fill_s"), round2(fillS));
        loadBefore = loadAverage();
        d = Drain{};
        if (!drain(tag, deliveries, &d, &checks, error))
            return false;
        std::fprintf(stderr, "    drained at %.0f events/s\n", d.rate);
    }
    if (d.memory.isEmpty())
        return true; // no drain was measured (no rounds)
    const auto mb = [&](qsizetype i) {
        return d.memory.at(i).toObject().value(QStringLiteral("rss_mb")).toDouble();
    };
    Figure f;
    f.name = QStringLiteral("dispatch_memory_mb");
    f.latency = false;
    f.value = mb(d.memory.size() - 1);
    f.unit = QStringLiteral("MB");
    f.target = QStringLiteral("flat: VmRSS grows < %1 MB per 100k deliveries after the first "
                              "tenth, over at least %2 deliveries")
                   .arg(kFlatMbPer100k)
                   .arg(kFlatJudgedFrom);
    f.met = deliveries >= kFlatJudgedFrom && d.growthPer100kMb < kFlatMbPer100k;
    f.extra.insert(QStringLiteral("deliveries"), double(deliveries));
    f.extra.insert(QStringLiteral("start_rss_mb"), round2(mb(0)));
    f.extra.insert(QStringLiteral("middle_rss_mb"), round2(mb(d.memory.size() / 2)));
    f.extra.insert(QStringLiteral("end_rss_mb"), round2(f.value));
    f.extra.insert(QStringLiteral("growth_per_100k_mb"), round2(d.growthPer100kMb));
    f.extra.insert(QStringLiteral("samples"), d.memory);
    f.extra.insert(QStringLiteral("per_s"), round2(d.rate));
    if (!checks.isEmpty())
        f.extra.insert(QStringLiteral("checks"), checks);
    if (loadBefore >= 0) {
        f.extra.insert(QStringLiteral("load_before"), loadBefore);
        f.extra.insert(QStringLiteral("load_after"), loadAverage());
    }
    *figures << f;
    std::fprintf(stderr,
                 "    VmRSS %.1f MB at the start, %.1f in the middle, %.1f at the end: "
                 "%+.2f MB per 100k deliveries\n",
                 mb(0), mb(d.memory.size() / 2), f.value, d.growthPer100kMb);
    return true;
}

// Leave the server as it was found: the stage's events (unless kept), its destination's row,
// its login. The fake handler stops with the run.
void DispatchRun::cleanUp()
{
    handler.stop();
    inbox::DbError e;
    if (!o.keepIngest) {
        std::fprintf(stderr, "  removing the events the dispatch stage stored ...\n");
        if (!admin.run(QStringLiteral("DELETE FROM inbox.events WHERE source = $1"),
                       {inbox::PgParam(kSource)}, &e) ||
            !admin.run(QStringLiteral("DELETE FROM inbox.destinations WHERE name = $1"),
                       {inbox::PgParam(kDestination)}, &e))
            std::fprintf(stderr, "  could not remove them: %s\n", qPrintable(e.message));
    }
    dropLogin(admin, kLogin);
}

} // namespace

bool runDispatchFigures(const Options &o, inbox::PgConnection &admin, QVector<Figure> *figures,
                        QString *error)
{
    DispatchRun stage(o, admin, figures);
    return stage.run(error);
}

} // namespace bench
