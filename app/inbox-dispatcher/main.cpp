// inbox-dispatcher: the back door. Claims events through the contract and delivers them to
// the HTTP handlers of its configuration (README, "The back door: inbox-dispatcher").
//
//   inbox-dispatcher --config FILE [--log-level LEVEL]   run until SIGTERM or SIGINT
//   inbox-dispatcher --check-config FILE                 validate only
//
// Exit codes: 0 after a clean stop, 1 when it cannot listen or the schema is older than it
// needs (both versions named), 2 for a bad configuration (every error named by file:line,
// before anything connects). The command line, the signals and the logging are the services'
// shared run (app/service: runService, ServiceRunner).

#include "dispatcher.h"
#include "dispatcherconfig.h"
#include "dispatchermetrics.h"
#include "metricsserver.h"
#include "servicemain.h"
#include "servicework.h"

#include "support/logging.h"

#include <QCoreApplication>

#include <spdlog/spdlog.h>

#include <cstdio>
#include <memory>

using namespace inbox;
using namespace inbox::dispatch;

namespace {
// claim_routed, finish_delivery and report_destination came with 0025, finish_deliveries
// (the outcomes of a batch in one call) with 0028.
constexpr int kNeededSchemaVersion = 28;

void printSummary(const QString &configPath, const DispatcherConfig &config)
{
    std::printf("%s: ok, worker %s, %d destination%s\n", qPrintable(configPath),
                qPrintable(config.worker), int(config.destinations.size()),
                config.destinations.size() == 1 ? "" : "s");
    for (const DestinationConfig &d : config.destinations)
        std::printf("  %s: sources %s, kinds %s, %d in flight, %s\n", qPrintable(d.name),
                    d.sources.isEmpty() ? "any" : qPrintable(d.sources.join(u',')),
                    d.kinds.isEmpty() ? "any" : qPrintable(d.kinds.join(u',')), d.concurrency,
                    d.signingKey.isEmpty() ? "unsigned" : "signed");
}

int run(service::ServiceRunner &runner, const DispatcherConfig &config,
        const ConnectOptions &options)
{
    DispatcherMetrics metrics;
    front::MetricsServer listener(
        config.metricsListen, 16, [&metrics] { return metrics.databaseUp(); },
        [&metrics] { return metrics.render(); });
    return service::runServiceWork(
        runner, "dispatcher", listener,
        [&] { return std::make_unique<Dispatcher>(config, options, metrics); },
        [&config](Dispatcher &dispatcher, int metricsPort) {
            logger("dispatcher")
                ->info("running: worker={} destinations={} metrics_port={}",
                       config.worker.toStdString(), config.destinations.size(), metricsPort);
            flushLogs();
            dispatcher.start();
        },
        "finishing the requests in flight");
}
} // namespace

int main(int argc, char **argv)
{
    return service::runService<DispatcherConfig>(argc, argv,
                                                 {QStringLiteral("inbox-dispatcher"),
                                                  "dispatcher",
                                                  {},
                                                  kNeededSchemaVersion,
                                                  printSummary,
                                                  run});
}
