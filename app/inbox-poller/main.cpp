// inbox-poller: the pull door. Polls the APIs of its configuration that push nothing
// (marketplace orders, CRM events) in overlapping windows and stores each item once through
// the contract (README, "The pull door: inbox-poller").
//
//   inbox-poller --config FILE [--log-level LEVEL]   run until SIGTERM or SIGINT
//   inbox-poller --check-config FILE                 validate only
//
// Exit codes: 0 after a clean stop, 1 when it cannot listen or the schema is older than it
// needs (both versions named), 2 for a bad configuration (every error named by file:line,
// before anything connects). The command line, the signals and the logging are the services'
// shared run (app/service, ServiceRunner).

#include "metricsserver.h"
#include "poller.h"
#include "pollerconfig.h"
#include "pollermetrics.h"
#include "schemacheck.h"
#include "serviceconnectoptions.h"
#include "servicerunner.h"

#include "support/logging.h"

#include <QCoreApplication>

#include <spdlog/spdlog.h>

#include <cstdio>

using namespace inbox;
using namespace inbox::poll;

namespace {
// poll_open, poll_store and poll_failed came with 0029.
constexpr int kNeededSchemaVersion = 29;
} // namespace

int main(int argc, char **argv)
{
    service::ServiceRunner runner;
    QCoreApplication app(argc, argv);
    if (const auto code = runner.parseArguments(QStringLiteral("inbox-poller"), {}))
        return *code;
    const std::optional<PollerConfig> loaded = runner.loadConfig<PollerConfig>();
    if (!loaded)
        return 2;
    const PollerConfig &config = *loaded;
    if (runner.commandLine().checkOnly()) {
        std::printf("%s: ok, worker %s, %d source%s\n",
                    qPrintable(runner.commandLine().configPath()), qPrintable(config.worker),
                    int(config.sources.size()), config.sources.size() == 1 ? "" : "s");
        for (const SourceConfig &s : config.sources)
            std::printf("  %s: adapter %s, every %d s, overlap %d s, first window %d s\n",
                        qPrintable(s.name), qPrintable(s.adapter), s.intervalS, s.overlapS,
                        s.firstWindowS);
        return 0;
    }
    if (!runner.startLogging("poller"))
        return 2;
    const auto log = logger("poller");
    const ConnectOptions options =
        service::serviceConnectOptions(config, QStringLiteral("inbox-poller"));
    QString schemaProblem;
    if (!service::schemaIsNewEnough(options, kNeededSchemaVersion, QStringLiteral("inbox-poller"),
                                    &schemaProblem)) {
        log->error("{}", schemaProblem.toStdString());
        flushLogs();
        return 1;
    }
    if (!schemaProblem.isEmpty())
        log->warn("{}", schemaProblem.toStdString());

    PollerMetrics metrics;
    front::MetricsServer listener(
        config.metricsListen, 16, [&metrics] { return metrics.databaseUp(); },
        [&metrics] { return metrics.render(); });
    QString error;
    if (!listener.start(&error)) {
        log->error("{}", error.toStdString());
        flushLogs();
        return 1;
    }
    Poller poller(config, options, metrics);
    QObject::connect(&poller, &Poller::finished, &app,
                     [](int code) { QCoreApplication::exit(code); });
    log->info("running: worker={} sources={} metrics_port={}", config.worker.toStdString(),
              config.sources.size(), listener.port());
    flushLogs();
    poller.start();
    const int code = runner.exec(&poller, [&poller, &log](int signalNumber) {
        log->info("signal {}: finishing the pages in flight", signalNumber);
        poller.stop();
    });
    listener.stop();
    log->info("stopped (exit {})", code);
    flushLogs();
    return code;
}
