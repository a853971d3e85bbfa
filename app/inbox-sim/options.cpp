#include "options.h"

#include "bodies.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QUrl>

#include <cstdio>

namespace inbox::sim {

namespace {

const char *kDescription =
    "inbox-sim: plays everybody around the inbox - senders, workers, a CRM - against a "
    "database with the inbox schema, and checks itself.\n"
    "\n"
    "Senders deliver through inbox.accept only, each with its own external-id rule:\n"
    "%1\n"
    "Workers (threads) go through inbox.claim / heartbeat / complete / fail / begin_action / "
    "finish_action / record_lead; a fake CRM inside the simulator creates deals, orders and "
    "payments only through begin_action/finish_action with an operation key made from the "
    "event's idempotency key, and has outages, slow answers past the timeout (the worker "
    "then looks the entity up before creating again), validation errors; enrichment fails "
    "sometimes (three tries, then the lead is kept and the result says needs_review); "
    "workers die mid-job and their events are taken over after the lock timeout.\n"
    "\n"
    "Modes (combinable; fills run first):\n"
    "  --history [DAYS]  a realistic past of DAYS days (default 14) at --per-day events\n"
    "  --bulk N          N events (10M, 1e6 and 500k are accepted) over --bulk-days days\n"
    "  --live RATE       keep traffic flowing at RATE originals per second until stopped\n"
    "  --run SECONDS     senders and workers for SECONDS, then the self-check; exit 0 only\n"
    "                    when every check holds, 1 naming the checks that failed\n"
    "  --check           the self-check's database checks on the whole database\n"
    "  --crm-export FILE a month of leads as Bitrix24 exports them, for the Report\n"
    "                    (--crm-per-day N leads a day, default 200; 3,200 make about 100,000\n"
    "                    rows)\n"
    "  --fake-telegram, --fake-handler, --fake-marketplace ADDRESS:PORT\n"
    "                    play the Telegram Bot API, the dispatcher's handler, or Ozon's and\n"
    "                    Wildberries' seller APIs (orders created continuously, late items, a\n"
    "                    shifting page boundary, 429s, 5xx, slow answers) until stopped\n"
    "\n"
    "--live and --run post every delivery over HTTP to inbox-receiver, in each sender's format "
    "and with each sender's timeout and resend rule: by default to one inbox-sim starts (next "
    "to it or in PATH, on a loopback port, its configuration and secrets in a private "
    "temporary directory), or to --receiver URL; --direct calls inbox.accept instead.\n"
    "\n"
    "The one documented exception to \"only contract functions\": --history and --bulk write "
    "set-based (rows composed by the simulator, streamed with COPY, one transaction) straight into "
    "inbox.events, journal, actions, leads, conflict_bodies, duplicate_candidates, "
    "daily_stats and status_counts, consistently with what the functions would have written, "
    "because ten million calls would take hours. They need the schema owner (e.g. "
    "user=postgres); --live and --run need a login with inbox_ingest and inbox_worker (and "
    "inbox_support for the self-check's reads).\n"
    "\n"
    "The database is given the libpq way: --db CONNINFO, or the PG* environment.\n"
    "Exit codes: 0 success, 1 the work or a self-check failed, 2 the database could not be "
    "reached, 64 bad usage.";

std::optional<qint64> parseCount(const QString &text)
{
    QString t = text.trimmed().toLower();
    double factor = 1;
    if (t.endsWith(QLatin1Char('k'))) {
        factor = 1e3;
        t.chop(1);
    } else if (t.endsWith(QLatin1Char('m'))) {
        factor = 1e6;
        t.chop(1);
    }
    bool ok = false;
    const double v = t.toDouble(&ok) * factor;
    if (!ok || v < 1 || v > 1e9)
        return std::nullopt;
    return qint64(v + 0.5);
}

} // namespace

std::optional<Options> parseOptions(const QStringList &argumentsIn, int *exitCode)
{
    // "--history" may come without a number (14 days).
    QStringList arguments = argumentsIn;
    for (int i = 1; i < arguments.size(); ++i) {
        if (arguments.at(i) == QLatin1String("--history")) {
            bool number = false;
            if (i + 1 < arguments.size())
                arguments.at(i + 1).toInt(&number);
            if (!number)
                arguments.insert(i + 1, QStringLiteral("14"));
        }
    }

    QString keyRules;
    for (const Source &s : sources())
        keyRules += QStringLiteral("  %1: %2\n")
                        .arg(QLatin1String(s.name), -11)
                        .arg(QLatin1String(s.keyRule));

    QCommandLineParser p;
    p.setApplicationDescription(QString::fromLatin1(kDescription).arg(keyRules));
    p.addHelpOption();
    p.addVersionOption();
    const auto opt = [&p](const char *name, const char *help, const char *value = nullptr) {
        QCommandLineOption o(QString::fromLatin1(name), QString::fromLatin1(help),
                             value ? QString::fromLatin1(value) : QString());
        p.addOption(o);
        return o;
    };
    const auto db = opt("db", "Connect to CONNINFO (key=value, URI or service=NAME).", "CONNINFO");
    const auto history = opt("history", "Fill DAYS days of history (default 14).", "DAYS");
    const auto perDay = opt("per-day", "Events per day for --history (default 3000).", "N");
    const auto bulk = opt("bulk", "Fill N events, set-based.", "N");
    const auto bulkDays = opt("bulk-days", "Spread --bulk over DAYS days (default 30).", "DAYS");
    const auto ifEmpty = opt("if-empty", "Fill only when inbox.events is empty (the demo).");
    const auto fillNow = opt("fill-now",
                             "The fills' clock, in Unix seconds, instead of the server's now: "
                             "two fills of one --seed and one clock write the same events.",
                             "SECONDS");
    const auto fillSessions = opt("fill-sessions",
                                  "Generator threads composing the fills' rows for "
                                  "the one COPY transaction (default 2: one per core here).",
                                  "N");
    const auto live =
        opt("live", "Keep traffic flowing at RATE originals/s until SIGINT/SIGTERM.", "RATE");
    const auto run =
        opt("run", "Run senders and workers for SECONDS, then the self-check.", "SECONDS");
    const auto rate =
        opt("rate", "Originals per second for --run (default 20; at most 1000).", "RATE");
    const auto check = opt("check", "Run the database self-checks on the whole database and exit.");
    const auto checkPolled =
        opt("check-polled",
            "Compare what the fake APIs at URL (--fake-marketplace) made with the inbox's events "
            "of the polled sources, as of each source's last window, and exit (0: nothing "
            "missing or unknown).",
            "URL");
    const auto crmExport =
        opt("crm-export",
            "Write a month of leads as Bitrix24 exports them (CSV, Russian headers), with the "
            "seeds' duplicates, for the Report's baseline (inbox-console report import), and exit.",
            "FILE");
    const auto crmPerDay = opt("crm-per-day",
                               "Leads a day in --crm-export's month, duplicates added (default "
                               "200; 3200 make about 100,000 rows).",
                               "N");
    const auto polledSources = opt("polled-sources",
                                   "The inbox source of each fake API for --check-polled "
                                   "(default ozon=ozon-fbs,wb=wb-orders,bitrix24=bitrix24-"
                                   "offline,amocrm=amocrm-events; an API left out is not checked).",
                                   "API=SOURCE,...");
    const auto scenario = opt("scenario",
                              "normal, or slow-receiver: the receiver stalls now and then so "
                              "that about 35% of deliveries are answered after their sender's "
                              "timeout (with --direct a die decides), and repeats jump to tens "
                              "of percent. While it runs, SIGUSR1 switches to slow-receiver and "
                              "SIGUSR2 back to normal (through the receiver only).",
                              "NAME");
    const auto repeat = opt("repeat-rate",
                            "Share of deliveries answered too late / repeated spontaneously "
                            "(default 0.03).",
                            "P");
    const auto workers = opt("workers", "Worker threads (default 3).", "N");
    const auto dispatched = opt("dispatched-sources",
                                "Sources the workers leave to inbox-dispatcher (comma-separated): "
                                "they claim only the others, through inbox.claim_routed.",
                                "LIST");
    const auto receivers =
        opt("receivers", "With --direct: connections calling accept (default 2).", "N");
    const auto direct = opt("direct", "--live/--run call inbox.accept directly instead of "
                                      "posting to inbox-receiver.");
    const auto receiverUrl = opt("receiver",
                                 "Post to this running inbox-receiver (its sources as in the "
                                 "README's inbox-sim section) instead of starting one.",
                                 "URL");
    const auto receiverSecrets =
        opt("receiver-secrets",
            "With --receiver: the directory with its telegram.secret and crm_events.whsec.", "DIR");
    const auto receiverDb = opt("receiver-db",
                                "The login of the receiver inbox-sim starts (inbox_ingest is "
                                "enough; default: --db).",
                                "CONNINFO");
    const auto batch = opt("batch", "Events per claim (default 2).", "N");
    const auto lock =
        opt("lock-timeout", "Lock timeout passed to inbox.claim (default 300; 3 with --run).",
            "SECONDS");
    const auto drain = opt("drain",
                           "At most this long to let workers finish after --run "
                           "(default lock timeout + 15).",
                           "SECONDS");
    const auto noFaults = opt("no-faults", "No CRM outages, timeouts, enrichment failures or "
                                           "worker deaths.");
    const auto deathRate = opt("death-rate",
                               "Probability that a worker dies during a job "
                               "(default 0.004).",
                               "P");
    const auto seed = opt("seed", "Random seed (default: from the clock).", "N");
    const auto quiet = opt("quiet", "Print only the outcome.");
    const auto fakeTelegram = opt("fake-telegram",
                                  "Play the Telegram Bot API on ADDRESS:PORT (loopback) until "
                                  "SIGINT/SIGTERM; port 0 picks one and prints it.",
                                  "ADDRESS:PORT");
    const auto fakeTelegramLog =
        opt("fake-telegram-log", "Append each request it received as a JSON line.", "FILE");
    const auto fakeTelegramToken =
        opt("fake-telegram-token", "The bot token it accepts (default 123456:FAKE).", "TOKEN");
    const auto fakeTelegramMisbehave = opt("fake-telegram-misbehave",
                                           "Answer the first N requests with 429 (retry_after "
                                           "S), 500, 400, hang or close.",
                                           "MODE[:N[:S]]");
    const auto fakeHandler = opt("fake-handler",
                                 "Play the team's event handler that inbox-dispatcher delivers "
                                 "to, on ADDRESS:PORT (loopback) until SIGINT/SIGTERM; port 0 "
                                 "picks one and prints it.",
                                 "ADDRESS:PORT");
    const auto fakeHandlerSecret = opt("fake-handler-secret-file",
                                       "Check each request's Standard Webhooks signature with "
                                       "the whsec_ secret in FILE (401 when it does not hold).",
                                       "FILE");
    const auto fakeHandlerLog =
        opt("fake-handler-log", "Append each request it received as a JSON line.", "FILE");
    const auto fakeHandlerMisbehave = opt("fake-handler-misbehave",
                                          "Answer the first N requests with 500, 503, 422, 429, "
                                          "410, slow, hang or close (S: Retry-After or delay), "
                                          "or be down for S seconds.",
                                          "MODE[:N[:S]]");
    const auto fakeHandlerChaos =
        opt("fake-handler-chaos", "Misbehave now and then by itself, as a real handler on a "
                                  "bad day (errors, slow answers, down a minute every ten).");
    const auto market = opt("fake-marketplace",
                            "Play Ozon's POST /v3/posting/fbs/list and Wildberries' GET "
                            "/api/v3/orders on ADDRESS:PORT (loopback) until SIGINT/SIGTERM, "
                            "with GET /fake/orders, /fake/stats and /fake/misbehave; port 0 "
                            "picks one and prints it. Its orders follow --seed.",
                            "ADDRESS:PORT");
    const auto marketClientId =
        opt("fake-marketplace-ozon-client-id", "The Client-Id it accepts (default 123456).", "ID");
    const auto marketOzonKey = opt("fake-marketplace-ozon-key-file",
                                   "The Api-Key it accepts, from FILE (default "
                                   "fake-ozon-api-key).",
                                   "FILE");
    const auto marketWbToken = opt("fake-marketplace-wb-token-file",
                                   "The WB Authorization token it accepts, from FILE (default "
                                   "fake-wb-token).",
                                   "FILE");
    const auto marketLog =
        opt("fake-marketplace-log", "Append each API request it received as a JSON line.", "FILE");
    const auto marketRate =
        opt("fake-marketplace-rate", "New orders a minute, both marketplaces together (default 6).",
            "PER_MINUTE");
    const auto marketBackfill =
        opt("fake-marketplace-backfill", "Create MINUTES of order history at start (default 0).",
            "MINUTES");
    const auto marketHard =
        opt("fake-marketplace-hard", "Make polling hard: late items, a shifting page boundary, "
                                     "5xx now and then, slow answers.");
    const auto marketWithout = opt("fake-marketplace-without",
                                   "With --fake-marketplace-hard, leave out some of late, "
                                   "boundary, errors, slow (comma-separated).",
                                   "LIST");
    const auto marketLateMax = opt("fake-marketplace-late-max",
                                   "A late item is published up to SECONDS after its time "
                                   "(default 600).",
                                   "SECONDS");
    const auto marketLimit =
        opt("fake-marketplace-limit", "Requests a minute per API before 429 (default 300).",
            "PER_MINUTE");
    const auto marketBurst =
        opt("fake-marketplace-burst", "Requests at once per API before 429 (default 20).", "N");
    const auto marketNoLive =
        opt("fake-marketplace-no-live", "No new orders after the backfill: a fixed book, so a "
                                        "benchmark reads the same window every round.");
    const auto marketStatusSpeed = opt("fake-marketplace-status-speed",
                                       "Ozon postings go through their statuses X times faster "
                                       "(default 1: packed in minutes, delivered in hours; 60: "
                                       "all within minutes).",
                                       "X");

    if (!p.parse(arguments)) {
        std::fprintf(stderr, "inbox-sim: %s (try --help)\n", qPrintable(p.errorText()));
        *exitCode = 64;
        return std::nullopt;
    }
    if (p.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(p.helpText()), stdout);
        *exitCode = 0;
        return std::nullopt;
    }
    if (p.isSet(QStringLiteral("version"))) {
        std::printf("inbox-sim %s\n", INBOX_VERSION);
        *exitCode = 0;
        return std::nullopt;
    }

    Options o;
    QStringList errors;
    const auto number = [&](const QCommandLineOption &option, double lo, double hi, double *out) {
        if (!p.isSet(option))
            return;
        bool ok = false;
        const double v = p.value(option).toDouble(&ok);
        if (!ok || v < lo || v > hi)
            errors << QStringLiteral("--%1 must be a number from %2 to %3")
                          .arg(option.names().first())
                          .arg(lo)
                          .arg(hi);
        else
            *out = v;
    };
    // A whole-number option read as a number (a fraction is cut off); unset keeps the default.
    const auto integer = [&](const QCommandLineOption &option, double lo, double hi, int *out) {
        double value = *out;
        number(option, lo, hi, &value);
        *out = int(value);
    };
    o.conninfo = p.value(db);
    integer(history, 1, 3650, &o.historyDays);
    integer(perDay, 1, 10000000, &o.perDay);
    if (p.isSet(bulk)) {
        const std::optional<qint64> n = parseCount(p.value(bulk));
        if (!n)
            errors << QStringLiteral("--bulk must be a count like 1000000, 1M or 500k");
        else
            o.bulk = *n;
    }
    number(bulkDays, 1, 3650, &o.bulkDays);
    o.ifEmpty = p.isSet(ifEmpty);
    number(fillNow, 1, 4e9, &o.fillNow);
    integer(fillSessions, 1, 8, &o.fillSessions);
    number(live, 0.01, 1000, &o.liveRate);
    integer(run, 1, 86400, &o.runSeconds);
    number(rate, 0.01, 1000, &o.rate);
    o.check = p.isSet(check);
    if (p.isSet(scenario)) {
        const QString s = p.value(scenario);
        if (s == QLatin1String("slow-receiver"))
            o.slowReceiver = true;
        else if (s != QLatin1String("normal"))
            errors << QStringLiteral("--scenario must be normal or slow-receiver");
    }
    number(repeat, 0, 0.95, &o.repeatRate);
    integer(workers, 0, 64, &o.workers);
    if (p.isSet(dispatched)) {
        for (const QString &name : p.value(dispatched).split(QLatin1Char(','), Qt::SkipEmptyParts))
            o.dispatchedSources << name.trimmed();
        for (const QString &name : std::as_const(o.dispatchedSources)) {
            if (!sourceByName(name))
                errors << QStringLiteral("--dispatched-sources: %1 is not a source of the "
                                         "simulator")
                              .arg(name);
        }
    }
    integer(receivers, 1, 32, &o.receivers);
    o.direct = p.isSet(direct);
    o.receiverUrl = p.value(receiverUrl);
    o.receiverSecrets = p.value(receiverSecrets);
    o.receiverDb = p.value(receiverDb);
    if (!o.receiverUrl.isEmpty() && o.receiverSecrets.isEmpty())
        errors << QStringLiteral("--receiver needs --receiver-secrets DIR");
    if (!o.receiverUrl.isEmpty() && o.direct)
        errors << QStringLiteral("--receiver and --direct exclude each other");
    if (!o.receiverUrl.isEmpty() && !QUrl(o.receiverUrl).isValid())
        errors << QStringLiteral("--receiver must be a URL such as http://127.0.0.1:8080");
    integer(batch, 1, 100, &o.batch);
    integer(lock, 1, 86400, &o.lockTimeoutS);
    integer(drain, 0, 86400, &o.drainS);
    o.faults = !p.isSet(noFaults);
    number(deathRate, 0, 1, &o.faultRates.workerDeath);
    if (!o.faults)
        o.faultRates = Faults{0, 0, 0, 0, o.faultRates.crmTimeoutMs};
    double seedValue = 0;
    number(seed, 1, 9e15, &seedValue);
    o.seed = seedValue > 0 ? quint64(seedValue) : quint64(QDateTime::currentMSecsSinceEpoch());
    o.quiet = p.isSet(quiet);
    o.fakeTelegram = p.value(fakeTelegram);
    o.fakeTelegramLog = p.value(fakeTelegramLog);
    if (p.isSet(fakeTelegramToken))
        o.fakeTelegramToken = p.value(fakeTelegramToken);
    o.fakeTelegramMisbehave = p.value(fakeTelegramMisbehave);
    o.fakeHandler = p.value(fakeHandler);
    o.fakeHandlerSecretFile = p.value(fakeHandlerSecret);
    o.fakeHandlerLog = p.value(fakeHandlerLog);
    o.fakeHandlerMisbehave = p.value(fakeHandlerMisbehave);
    o.fakeHandlerChaos = p.isSet(fakeHandlerChaos);
    o.checkPolled = p.value(checkPolled);
    o.crmExport = p.value(crmExport);
    integer(crmPerDay, 1, 100000, &o.crmPerDay);
    if (p.isSet(polledSources)) {
        o.polledSources.clear();
        for (const QString &pair :
             p.value(polledSources).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString api = pair.section(QLatin1Char('='), 0, 0).trimmed();
            const QString source = pair.section(QLatin1Char('='), 1).trimmed();
            if (!QStringList{QStringLiteral("ozon"), QStringLiteral("wb"),
                             QStringLiteral("bitrix24"), QStringLiteral("amocrm")}
                     .contains(api) ||
                source.isEmpty())
                errors << QStringLiteral("--polled-sources: \"%1\" is not API=SOURCE with API "
                                         "ozon, wb, bitrix24 or amocrm")
                              .arg(pair);
            else
                o.polledSources.insert(api, source);
        }
    }
    o.marketplace.listen = p.value(market);
    if (p.isSet(marketClientId))
        o.marketplace.ozonClientId = p.value(marketClientId);
    o.marketplace.ozonKeyFile = p.value(marketOzonKey);
    o.marketplace.wbTokenFile = p.value(marketWbToken);
    o.marketplace.log = p.value(marketLog);
    number(marketRate, 0.01, 60000, &o.marketplace.perMinute);
    integer(marketBackfill, 0, 7 * 24 * 60, &o.marketplace.backfillMinutes);
    o.marketplace.hard = p.isSet(marketHard);
    o.marketplace.without = p.value(marketWithout);
    integer(marketLateMax, 1, 7 * 24 * 3600, &o.marketplace.lateMaxS);
    number(marketLimit, 1, 1e6, &o.marketplace.limitPerMinute);
    integer(marketBurst, 1, 100000, &o.marketplace.burst);
    number(marketStatusSpeed, 0.01, 3600, &o.marketplace.statusSpeed);
    o.marketplace.live = !p.isSet(marketNoLive);
    if (!p.positionalArguments().isEmpty())
        errors << QStringLiteral("unexpected argument %1").arg(p.positionalArguments().first());
    if (errors.isEmpty() && !o.trafficMode() && !o.check && o.checkPolled.isEmpty() &&
        o.crmExport.isEmpty() && o.historyDays == 0 && o.bulk == 0 && o.fakeTelegram.isEmpty() &&
        o.fakeHandler.isEmpty() && o.marketplace.listen.isEmpty())
        errors << QStringLiteral("nothing to do: give --history, --bulk, --live, --run, --check, "
                                 "--check-polled, --crm-export, --fake-telegram, --fake-handler "
                                 "or --fake-marketplace");
    if (!errors.isEmpty()) {
        for (const QString &e : errors)
            std::fprintf(stderr, "inbox-sim: %s\n", qPrintable(e));
        std::fprintf(stderr, "(try --help)\n");
        *exitCode = 64;
        return std::nullopt;
    }
    return o;
}

} // namespace inbox::sim
