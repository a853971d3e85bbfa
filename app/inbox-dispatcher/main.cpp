// inbox-dispatcher: the back door. Claims events through the contract and delivers them to
// the HTTP handlers of its configuration (README, "The back door: inbox-dispatcher").
//
//   inbox-dispatcher --config FILE [--log-level LEVEL]   run until SIGTERM or SIGINT
//   inbox-dispatcher --check-config FILE                 validate only
//
// Exit codes: 0 after a clean stop, 1 when it cannot listen or the schema is older than it
// needs (both versions named), 2 for a bad configuration (every error named by file:line,
// before anything connects). The command line, the signals and the logging are the services'
// shared run (app/service, ServiceRunner).

#include "dispatcher.h"
#include "dispatcherconfig.h"
#include "dispatchermetrics.h"
#include "metricsserver.h"
#include "schemacheck.h"
#include "serviceconnectoptions.h"
#include "servicerunner.h"

#include "support/logging.h"

#include <QCoreApplication>

#include <spdlog/spdlog.h>

#include <cstdio>

using namespace inbox;
using namespace inbox::dispatch;

namespace {
// claim_routed, finish_delivery and report_destination came with 0025, finish_deliveries
// (the outcomes of a batch in one call) with 0028.
constexpr int kNeededSchemaVersion = 28;
} // namespace

int main(int argc, char **argv)
{
    service::ServiceRunner runner;
    QCoreApplication app(argc, argv);
    if (const auto code = runner.parseArguments(QStringLiteral("inbox-dispatcher"), {}))
        return *code;
    const std::optional<DispatcherConfig> loaded = runner.loadConfig<DispatcherConfig>();
    if (!loaded)
        return 2;
    const DispatcherConfig &config = *loaded;
    if (runner.commandLine().checkOnly()) {
        std::printf("%s: ok, worker %s, %d destination%s\n",
                    qPrintable(runner.commandLine().configPath()), qPrintable(config.worker),
                    int(config.destinations.size()), config.destinations.size() == 1 ? "" : "s");
        for (const DestinationConfig &d : config.destinations)
            std::printf("  %s: sources %s, kinds %s, %d in flight, %s\n", qPrintable(d.name),
                        d.sources.isEmpty() ? "any" : qPrintable(d.sources.join(u',')),
                        d.kinds.isEmpty() ? "any" : qPrintable(d.kinds.join(u',')), d.concurrency,
                        d.signingKey.isEmpty() ? "unsigned" : "signed");
        return 0;
    }
    if (!runner.startLogging("dispatcher"))
        return 2;
    const auto log = logger("dispatcher");
    const ConnectOptions options =
        service::serviceConnectOptions(config, QStringLiteral("inbox-dispatcher"));
    QString schemaProblem;
    if (!service::schemaIsNewEnough(options, kNeededSchemaVersion,
                                    QStringLiteral("inbox-dispatcher"), &schemaProblem)) {
        log->error("{}", schemaProblem.toStdString());
        flushLogs();
        return 1;
    }
    if (!schemaProblem.isEmpty())
        log->warn("{}", schemaProblem.toStdString());

    DispatcherMetrics metrics;
    front::MetricsServer listener(
        config.metricsListen, 16, [&metrics] { return metrics.databaseUp(); },
        [&metrics] { return metrics.render(); });
    QString error;
    if (!listener.start(&error)) {
        log->error("{}", error.toStdString());
        flushLogs();
        return 1;
    }
    Dispatcher dispatcher(config, options, metrics);
    QObject::connect(&dispatcher, &Dispatcher::finished, &app,
                     [](int code) { QCoreApplication::exit(code); });
    log->info("running: worker={} destinations={} metrics_port={}", config.worker.toStdString(),
              config.destinations.size(), listener.port());
    flushLogs();
    dispatcher.start();
    const int code = runner.exec(&dispatcher, [&dispatcher, &log](int signalNumber) {
        log->info("signal {}: finishing the requests in flight", signalNumber);
        dispatcher.stop();
    });
    listener.stop();
    log->info("stopped (exit {})", code);
    flushLogs();
    return code;
}
