#include "simulation.h"

#include "bulkfill.h"
#include "db/pgconnection.h"
#include "fakecrm.h"
#include "frontdoor.h"
#include "httpsender.h"
#include "ledger.h"
#include "pause.h"
#include "selfcheck.h"
#include "staller.h"
#include "support/logging.h"
#include "traffic.h"
#include "workers.h"

#include <QDateTime>
#include <QElapsedTimer>

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

namespace inbox::sim {

std::atomic<bool> g_interrupted{false};
std::atomic<ScenarioRequest> g_scenarioRequest{ScenarioRequest::None};

namespace {

void say(const Options &o, const QString &line)
{
    if (!o.quiet) {
        std::fputs(qPrintable(line + QLatin1Char('\n')), stdout);
        std::fflush(stdout);
    }
    logger("sim")->info(line.toStdString());
}

void complain(const QString &line)
{
    std::fputs(qPrintable(QStringLiteral("inbox-sim: ") + line + QLatin1Char('\n')), stderr);
    logger("sim")->error(line.toStdString());
}

bool connectOrSay(PgConnection &db, const Options &o, const QString &what)
{
    DbError e;
    if (db.connect(o.conninfo, QStringLiteral("inbox-sim ") + what, &e))
        return true;
    complain(QStringLiteral("cannot connect: %1").arg(e.oneLine()));
    return false;
}

// The control connection after the server went away during the run: reconnects with a
// growing pause for up to a minute. False if the database stays away.
bool reconnected(PgConnection &db, const Options &o)
{
    if (db.isOpen() && !db.isBroken())
        return true;
    Backoff backoff;
    QElapsedTimer clock;
    clock.start();
    DbError e;
    while (clock.elapsed() < 60000 && !g_interrupted) {
        db.close();
        if (db.connect(o.conninfo, QStringLiteral("inbox-sim control"), &e))
            return true;
        pause(g_interrupted, backoff.next());
    }
    complain(QStringLiteral("cannot reconnect: %1").arg(e.oneLine()));
    return false;
}

// People who wrote before, for "returning customer" traffic. Needs read access to leads
// (inbox_support); without it the simulator simply has nobody returning from the history.
QVector<Person> returningPeople(PgConnection &db)
{
    QVector<Person> out;
    DbError e;
    const std::optional<PgRows> rows =
        db.exec(QStringLiteral("SELECT name, phone_norm, btrim(email_raw) FROM inbox.leads "
                               "WHERE phone_norm LIKE '79_________' AND name IS NOT NULL "
                               "ORDER BY id DESC LIMIT 300"),
                &e);
    if (!rows)
        return out;
    for (int r = 0; r < rows->rows(); ++r) {
        Person p;
        p.name = rows->text(r, 0);
        p.phone = rows->text(r, 1);
        p.email = rows->text(r, 2);
        p.russian = !p.name.isEmpty() && p.name.at(0).unicode() >= 0x400;
        out << p;
    }
    return out;
}

QString workerLine(const Workers::Stats &s)
{
    return QStringLiteral("workers: %1 claimed, %2 done, %3 retries, %4 failed, %5 deaths, "
                          "%6 lost locks, %7 recovered by lookup, %8 needs_review, %9 errors")
        .arg(s.claimed)
        .arg(s.done)
        .arg(s.retries)
        .arg(s.failed)
        .arg(s.deaths)
        .arg(s.lostLocks)
        .arg(s.recovered)
        .arg(s.needsReview)
        .arg(s.errors);
}

QString trafficLine(const Ledger &ledger, const Traffic &traffic)
{
    const Ledger::Totals t = ledger.totals();
    return QStringLiteral("senders: %1 originals, %2 deliveries to %3 keys, %4 repeats (%5%), "
                          "%6 conflicts, %7 errors, %8 sent again after a lost reply")
        .arg(traffic.originals())
        .arg(t.deliveries)
        .arg(t.keys)
        .arg(t.repeats)
        .arg(t.keys ? QString::number(100.0 * double(t.repeats) / double(t.keys), 'f', 1)
                    : QStringLiteral("0"))
        .arg(t.conflicts)
        .arg(t.errors)
        .arg(t.unknown);
}

QString httpLine(const FrontDoor &door, const HttpSender &sender, const Staller *staller,
                 double seconds)
{
    const HttpSender::Stats s = sender.stats();
    return QStringLiteral("http: %1 requests to %2, %3 answered 200 (%4/s), %5 timed out, %6 "
                          "5xx, %7 connection errors, %8 refused; %9 resends (%10 answered), "
                          "%11 given up; %12 planned repeats answered; %13 stalls")
        .arg(s.requests)
        .arg(door.base().toString())
        .arg(s.answered)
        .arg(double(s.answered) / qMax(0.001, seconds), 0, 'f', 1)
        .arg(s.timedOut)
        .arg(s.unavailable)
        .arg(s.networkErrors)
        .arg(s.refused)
        .arg(s.resends)
        .arg(s.resendsAnswered)
        .arg(s.givenUp)
        .arg(s.plannedRepeatsAnswered)
        .arg(staller ? staller->stalls() : 0);
}

// The external ids the receiver's adapters gave the events (derived keys differ from the
// simulator's own), so that the self-check compares the same keys.
bool rekeyFromInbox(PgConnection &db, Ledger &ledger)
{
    QStringList ids;
    for (const Ledger::Key &k : ledger.keys()) {
        if (k.eventId > 0)
            ids << QString::number(k.eventId);
    }
    DbError e;
    const std::optional<PgRows> rows = db.exec(
        QStringLiteral("SELECT id, external_id FROM inbox.events WHERE id = ANY ($1::bigint[])"),
        {QStringLiteral("{") + ids.join(QLatin1Char(',')) + QStringLiteral("}")}, &e);
    if (!rows) {
        complain(QStringLiteral("cannot read the events' external ids: %1").arg(e.oneLine()));
        return false;
    }
    QHash<qint64, QString> externalIds;
    for (int r = 0; r < rows->rows(); ++r)
        externalIds.insert(rows->toInt(r, 0), rows->text(r, 1));
    ledger.rekey(externalIds);
    return true;
}

// The slow-receiver stalls: each holds the receiver's writer this long, longer than every
// sender's timeout (Senders::rule: 2..5 s).
constexpr int kStallMs = 7000;
// The pause between stalls for a share `late` of deliveries answered after their sender's
// timeout: a delivery arriving in the first (stall - timeout) of a stall times out, and the
// senders' timeouts average about 2.6 s.
// No late share: no stalls (0).
double stallGapMs(double late)
{
    return late > 0 ? qMax(1000.0, (kStallMs - 2600.0) / late - kStallMs) : 0.0;
}

// The share of deliveries answered after their sender's timeout in a scenario.
double lateShare(bool slowReceiver, const Options &o)
{
    return slowReceiver ? 0.35 : o.repeatRate;
}

QString scenarioName(bool slowReceiver)
{
    return slowReceiver ? QStringLiteral("slow-receiver") : QStringLiteral("normal");
}

// SIGUSR1/SIGUSR2 while running: the stalls follow the scenario asked for from now on. With
// --direct the senders' dice were set at start and stay.
void switchScenario(const Options &o, bool slowReceiver, Staller *staller)
{
    if (!staller) {
        say(o, QStringLiteral("scenario %1 asked for: only traffic through the receiver can "
                              "switch (not --direct); it goes on as it was")
                   .arg(scenarioName(slowReceiver)));
        return;
    }
    const double gap = stallGapMs(lateShare(slowReceiver, o));
    staller->setGapMs(gap);
    say(o, QStringLiteral("scenario switched to %1: %2")
               .arg(scenarioName(slowReceiver),
                    gap > 0 ? QStringLiteral("stalls of %1 s about every %2 s, so about %3% of "
                                             "deliveries are answered after their timeout")
                                  .arg(kStallMs / 1000)
                                  .arg((gap + kStallMs) / 1000.0, 0, 'f', 1)
                                  .arg(qRound(lateShare(slowReceiver, o) * 100))
                            : QStringLiteral("no stalls")));
}

// Waits until none of the run's events is held or due before the drain time is up (dead
// workers' locks expire and are taken over on the way; a retry scheduled within the drain
// time is waited for, so short runs also see second attempts), or until the time is up.
void drain(PgConnection &db, const Ledger &ledger, const Options &o)
{
    const int limitS = o.drainS > 0 ? o.drainS : o.lockTimeout() + 15;
    QElapsedTimer clock;
    clock.start();
    QStringList ids;
    for (const Ledger::Key &k : ledger.keys())
        ids << QString::number(k.eventId);
    const QString array = QStringLiteral("{") + ids.join(QLatin1Char(',')) + QStringLiteral("}");
    qint64 due = -1, held = -1;
    while (clock.elapsed() < qint64(limitS) * 1000 && !g_interrupted) {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        DbError e;
        const std::optional<PgRows> r =
            db.exec(QStringLiteral(
                        "SELECT count(*) FILTER (WHERE status = 'received' AND next_attempt_at <= "
                        "                        now() + make_interval(secs => $2)), "
                        "       count(*) FILTER (WHERE status = 'processing') "
                        "  FROM inbox.events WHERE id = ANY ($1::bigint[])"),
                    {array, double(limitS * 1000 - clock.elapsed()) / 1000.0}, &e);
        if (!r) {
            if (db.isBroken() && reconnected(db, o))
                continue;
            break;
        }
        due = r->toInt(0, 0);
        held = r->toInt(0, 1);
        if (due == 0 && held == 0)
            break;
    }
    say(o, QStringLiteral("drain: %1 s, %2 due and %3 held when the workers stopped")
               .arg(double(clock.elapsed()) / 1000.0, 0, 'f', 1)
               .arg(due)
               .arg(held));
}

} // namespace

int runFill(const Options &o)
{
    PgConnection db;
    if (!connectOrSay(db, o, QStringLiteral("fill")))
        return 2;
    DbError e;
    if (o.ifEmpty) {
        const std::optional<bool> empty = BulkFill::isEmpty(db, &e);
        if (!empty) {
            complain(e.oneLine());
            return 1;
        }
        if (!*empty) {
            say(o, QStringLiteral(
                       "fill: the database already has events; nothing filled (--if-empty)"));
            return 0;
        }
    }
    const auto fill = [&](qint64 events, double days, const QString &what) {
        FillRequest request;
        request.conninfo = o.conninfo;
        request.events = events;
        request.days = days;
        request.seed = o.seed;
        request.sessions = o.fillSessions;
        request.now = o.fillNow;
        FillReport report;
        say(o, QStringLiteral("%1: %2 events over %3 days").arg(what).arg(events).arg(days));
        if (!BulkFill::run(request, &report, &e, [&o](const QString &line) { say(o, line); })) {
            complain(QStringLiteral("%1 failed: %2").arg(what, e.oneLine()));
            return false;
        }
        say(o, QStringLiteral("%1: %2 events, %3 journal entries, %4 actions, %5 leads, %6 "
                              "duplicate candidates, %7 conflicts in %8 s (%9 events/s; the "
                              "rows themselves %10 s%11)")
                   .arg(what)
                   .arg(report.events)
                   .arg(report.journal)
                   .arg(report.actions)
                   .arg(report.leads)
                   .arg(report.candidates)
                   .arg(report.conflicts)
                   .arg(report.seconds, 0, 'f', 1)
                   .arg(qint64(double(report.events) / qMax(0.001, report.seconds)))
                   .arg(report.loadSeconds, 0, 'f', 1)
                   .arg(report.rebuiltIndexes ? QStringLiteral(", indexes rebuilt") : QString()));
        return true;
    };
    if (o.historyDays > 0 &&
        !fill(qint64(o.historyDays) * o.perDay, double(o.historyDays), QStringLiteral("history")))
        return 1;
    if (o.bulk > 0 && !fill(o.bulk, o.bulkDays, QStringLiteral("bulk")))
        return 1;
    return 0;
}

int runCheck(const Options &o)
{
    PgConnection db;
    if (!connectOrSay(db, o, QStringLiteral("check")))
        return 2;
    const QVector<CheckResult> results = SelfCheck::database(db);
    SelfCheck::print(results, stdout);
    if (!SelfCheck::allPassed(results)) {
        complain(QStringLiteral("self-check failed: %1")
                     .arg(SelfCheck::failedNames(results).join(QStringLiteral(", "))));
        return 1;
    }
    return 0;
}

int runTraffic(const Options &o)
{
    PgConnection control;
    if (!connectOrSay(control, o, QStringLiteral("control")))
        return 2;
    DbError e;
    const std::optional<PgRows> rights = control.exec(
        QStringLiteral(
            "SELECT "
            "has_function_privilege('inbox.accept(text,text,bytea,text,timestamptz,text,text)', "
            "'EXECUTE'), "
            "       has_function_privilege('inbox.claim(text,int,interval)', 'EXECUTE'), "
            "       has_table_privilege('inbox.events', 'SELECT')"),
        &e);
    if (!rights) {
        complain(QStringLiteral("cannot read the inbox schema: %1").arg(e.oneLine()));
        return 1;
    }
    if (!rights->toBool(0, 0) || (o.workers > 0 && !rights->toBool(0, 1)) ||
        (o.runSeconds > 0 && !rights->toBool(0, 2))) {
        complain(QStringLiteral("this login needs inbox_ingest (accept), inbox_worker (claim...)%1")
                     .arg(o.runSeconds > 0
                              ? QStringLiteral(" and inbox_support (the self-check reads)")
                              : QString()));
        return 1;
    }

    const bool live = o.liveRate > 0 && o.runSeconds == 0;
    Ledger ledger;
    ledger.setKeepKeys(!live);
    const QString tag = QString::number(QDateTime::currentSecsSinceEpoch() % 100000000, 36);
    FakeCrm crm(o.faultRates, tag + QLatin1Char('-'));

    TrafficConfig tc;
    tc.conninfo = o.conninfo;
    tc.rate = o.trafficRate();
    tc.threads = o.receivers;
    tc.sender.slowAnswer = o.slowReceiver ? 0.35 : o.repeatRate;
    tc.sender.repeat = o.repeatRate;
    tc.sender.secondsPerMinute = live ? 1.0 : 0.3;
    // Live ids: their own range, growing 1000 per second of the clock (rates stay below).
    tc.idBase = (QDateTime::currentSecsSinceEpoch() - 1704067200LL) * 1000LL;
    tc.seed = o.seed;
    tc.returning = returningPeople(control);

    WorkerConfig wc;
    wc.conninfo = o.conninfo;
    wc.count = o.workers;
    wc.batch = o.batch;
    wc.lockTimeoutS = o.lockTimeout();
    wc.faults = o.faultRates;
    wc.seed = o.seed + 7;
    if (!o.dispatchedSources.isEmpty()) {
        for (const Source &s : sources()) {
            if (!o.dispatchedSources.contains(QLatin1String(s.name)))
                wc.sources << QLatin1String(s.name);
        }
        if (wc.sources.isEmpty())
            wc.count = 0; // every source is the dispatcher's: no worker of ours claims
    }

    // Through the receiver (the default): every delivery is an HTTP request, and late answers
    // are really late (stalls), so the senders' dice for "answered too slowly" are off.
    const bool http = !o.direct;
    FrontDoor door;
    std::unique_ptr<Staller> staller;
    std::unique_ptr<HttpSender> sender;
    if (http) {
        QString problem;
        const bool ready =
            o.receiverUrl.isEmpty()
                ? door.start(o.receiverDb.isEmpty() ? o.conninfo : o.receiverDb, &problem)
                : door.use(QUrl(o.receiverUrl), o.receiverSecrets, &problem);
        if (!ready) {
            complain(QStringLiteral("no receiver: %1").arg(problem));
            return 2;
        }
        // There even when it has no stalls to make, for a switch to slow-receiver.
        staller = std::make_unique<Staller>(o.conninfo, kStallMs,
                                            stallGapMs(lateShare(o.slowReceiver, o)), o.seed + 3);
        if (!staller->start(&problem)) {
            complain(QStringLiteral("cannot start the staller: %1").arg(problem));
            return 2;
        }
        sender = std::make_unique<HttpSender>(door, tc.sender.secondsPerMinute, ledger,
                                              staller.get(), o.seed + 5);
        sender->start();
        tc.sender.slowAnswer = 0;
        tc.sink = [s = sender.get()](const Delivery &d) {
            s->schedule(d);
        };
    }

    Workers workers(wc, crm, ledger);
    Traffic traffic(tc, ledger);
    if (!workers.start(&e) || !traffic.start(&e)) {
        complain(QStringLiteral("cannot start: %1").arg(e.oneLine()));
        return 2;
    }
    say(o, QStringLiteral("%1: %2 originals/s, %3, %4 workers, lock timeout %5 s, "
                          "scenario %6, faults %7")
               .arg(live ? QStringLiteral("live") : QStringLiteral("run %1 s").arg(o.runSeconds))
               .arg(tc.rate)
               .arg(http ? QStringLiteral("through %1 (%2)")
                               .arg(door.base().toString(), o.receiverUrl.isEmpty()
                                                                ? door.program()
                                                                : QStringLiteral("already running"))
                         : QStringLiteral("%1 direct accept connections").arg(tc.threads))
               .arg(wc.count)
               .arg(wc.lockTimeoutS)
               .arg(scenarioName(o.slowReceiver))
               .arg(o.faults ? QStringLiteral("on") : QStringLiteral("off")));

    QElapsedTimer clock;
    clock.start();
    qint64 nextReport = live ? 30000 : 5000;
    while (!g_interrupted && (live || clock.elapsed() < qint64(o.runSeconds) * 1000)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const ScenarioRequest request = g_scenarioRequest.exchange(ScenarioRequest::None);
        if (request != ScenarioRequest::None)
            switchScenario(o, request == ScenarioRequest::SlowReceiver, staller.get());
        if (clock.elapsed() >= nextReport) {
            say(o,
                trafficLine(ledger, traffic) + QStringLiteral("; ") + workerLine(workers.stats()));
            if (sender)
                say(o, httpLine(door, *sender, staller.get(), double(clock.elapsed()) / 1000.0));
            nextReport += live ? 30000 : 5000;
        }
    }
    const double sendingSeconds = double(clock.elapsed()) / 1000.0;
    traffic.stop();
    if (staller)
        staller->stop(); // its held key is released: the receiver answers what waited
    if (sender)
        sender->stop(6000); // the longest timeout: what is in flight is answered or times out
    if (!live) {
        workers.allowDeaths(false);
        drain(control, ledger, o);
    }
    workers.stop();
    door.stop();
    say(o, trafficLine(ledger, traffic) +
               QStringLiteral(" (%1 planned repeats not sent)")
                   .arg(traffic.dropped() + (sender ? sender->dropped() : 0)));
    if (sender)
        say(o, httpLine(door, *sender, staller.get(), sendingSeconds));
    say(o, workerLine(workers.stats()));
    say(o, QStringLiteral("crm: %1 calls, %2 entities, %3 outages, %4 timeouts, %5 rejected")
               .arg(crm.calls())
               .arg(crm.created())
               .arg(crm.outages())
               .arg(crm.timeouts())
               .arg(crm.rejected()));
    if (live)
        return 0;

    if (!reconnected(control, o))
        return 2;
    if (http && !rekeyFromInbox(control, ledger))
        return 1;
    const QVector<CheckResult> results = SelfCheck::afterRun(control, ledger, crm);
    SelfCheck::print(results, stdout);
    if (!SelfCheck::allPassed(results)) {
        complain(QStringLiteral("self-check failed: %1")
                     .arg(SelfCheck::failedNames(results).join(QStringLiteral(", "))));
        return 1;
    }
    say(o, QStringLiteral("self-check passed"));
    return 0;
}

} // namespace inbox::sim
