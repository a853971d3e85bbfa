// inbox-alerts: evaluates the alert rules kept in the database and sends what is due to
// Telegram (README, "Alerts: inbox-alerts").
//
//   inbox-alerts --config FILE [--log-level LEVEL] [--once]   run (--once: one pass, exit)
//   inbox-alerts --check-config FILE                          validate only
//
// Exit codes: 0 after a clean stop (SIGTERM, SIGINT) or a good --once pass, 1 when it cannot
// listen, the schema is older than it needs (both versions named) or the --once pass failed, 2
// for a bad configuration (every error named by file:line, before anything connects). The
// command line, the signals and the logging are the services' shared run (app/service:
// runService, ServiceRunner).

#include "alertsconfig.h"
#include "alertservice.h"
#include "alertsmetrics.h"
#include "metricsserver.h"
#include "servicemain.h"
#include "servicework.h"

#include "support/logging.h"

#include <QCoreApplication>

#include <spdlog/spdlog.h>

#include <cstdio>
#include <memory>

using namespace inbox;
using namespace inbox::alerts;

namespace {
const QString kOnce = QStringLiteral("--once");

void printSummary(const QString &configPath, const AlertsConfig &config)
{
    std::printf("%s: ok, Bot API %s, every %d s, group wait %d s\n", qPrintable(configPath),
                qPrintable(config.apiBase), config.intervalS, config.groupWaitS);
}

// The evaluator makes its own connections (AlertService), not from the start-up's options.
int run(service::ServiceRunner &runner, const AlertsConfig &config, const ConnectOptions &)
{
    AlertsMetrics metrics;
    front::MetricsServer listener(
        config.metricsListen, 16, [&metrics] { return metrics.databaseUp(); },
        [&metrics] { return metrics.render(); });
    return service::runServiceWork(
        runner, "alerts", listener, [&] { return std::make_unique<AlertService>(config, metrics); },
        [&config, &runner](AlertService &service, int metricsPort) {
            logger("alerts")->info("running: metrics_port={} interval={}s group_wait={}s api={}",
                                   metricsPort, config.intervalS, config.groupWaitS,
                                   config.apiBase.toStdString());
            flushLogs();
            service.start(runner.commandLine().has(kOnce));
        },
        "finishing the messages in flight");
}
} // namespace

int main(int argc, char **argv)
{
    return service::runService<AlertsConfig>(argc, argv,
                                             {QStringLiteral("inbox-alerts"),
                                              "alerts",
                                              {kOnce},
                                              service::kNeededSchemaVersion,
                                              printSummary,
                                              run});
}
