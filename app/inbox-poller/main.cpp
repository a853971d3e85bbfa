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
// shared run (app/service: runService, ServiceRunner).

#include "metricsserver.h"
#include "poller.h"
#include "pollerconfig.h"
#include "pollermetrics.h"
#include "servicemain.h"
#include "servicework.h"

#include "support/logging.h"

#include <QCoreApplication>

#include <spdlog/spdlog.h>

#include <cstdio>
#include <memory>

using namespace inbox;
using namespace inbox::poll;

namespace {
// poll_open, poll_store and poll_failed came with 0029.
constexpr int kNeededSchemaVersion = 29;

void printSummary(const QString &configPath, const PollerConfig &config)
{
    std::printf("%s: ok, worker %s, %d source%s\n", qPrintable(configPath),
                qPrintable(config.worker), int(config.sources.size()),
                config.sources.size() == 1 ? "" : "s");
    for (const SourceConfig &s : config.sources)
        std::printf("  %s: adapter %s, every %d s, overlap %d s, first window %d s\n",
                    qPrintable(s.name), qPrintable(s.adapter), s.intervalS, s.overlapS,
                    s.firstWindowS);
}

int run(service::ServiceRunner &runner, const PollerConfig &config, const ConnectOptions &options)
{
    PollerMetrics metrics;
    front::MetricsServer listener(
        config.metricsListen, 16, [&metrics] { return metrics.databaseUp(); },
        [&metrics] { return metrics.render(); });
    return service::runServiceWork(
        runner, "poller", listener,
        [&] { return std::make_unique<Poller>(config, options, metrics); },
        [&config](Poller &poller, int metricsPort) {
            logger("poller")->info("running: worker={} sources={} metrics_port={}",
                                   config.worker.toStdString(), config.sources.size(), metricsPort);
            flushLogs();
            poller.start();
        },
        "finishing the pages in flight");
}
} // namespace

int main(int argc, char **argv)
{
    return service::runService<PollerConfig>(
        argc, argv,
        {QStringLiteral("inbox-poller"), "poller", {}, kNeededSchemaVersion, printSummary, run});
}
