// inbox-alerts: evaluates the alert rules kept in the database and sends what is due to
// Telegram (README, "Alerts: inbox-alerts").
//
//   inbox-alerts --config FILE [--log-level LEVEL] [--once]   run (--once: one pass, exit)
//   inbox-alerts --check-config FILE                          validate only
//
// Exit codes: 0 after a clean stop (SIGTERM, SIGINT) or a good --once pass, 1 when it cannot
// listen, the schema is older than it needs (both versions named) or the --once pass failed, 2
// for a bad configuration (every error named by file:line, before anything connects). The
// command line, the signals and the logging are the services' shared run (app/service,
// ServiceRunner).

#include "alertsconfig.h"
#include "alertservice.h"
#include "alertsmetrics.h"
#include "metricsserver.h"
#include "schemacheck.h"
#include "serviceconnectoptions.h"
#include "servicerunner.h"

#include "support/logging.h"

#include <QCoreApplication>

#include <spdlog/spdlog.h>

#include <cstdio>

using namespace inbox;
using namespace inbox::alerts;

int main(int argc, char **argv)
{
    service::ServiceRunner runner;
    QCoreApplication app(argc, argv);
    const QString once = QStringLiteral("--once");
    if (const auto code = runner.parseArguments(QStringLiteral("inbox-alerts"), {once}))
        return *code;
    const std::optional<AlertsConfig> loaded = runner.loadConfig<AlertsConfig>();
    if (!loaded)
        return 2;
    const AlertsConfig &config = *loaded;
    if (runner.commandLine().checkOnly()) {
        std::printf("%s: ok, Bot API %s, every %d s, group wait %d s\n",
                    qPrintable(runner.commandLine().configPath()), qPrintable(config.apiBase),
                    config.intervalS, config.groupWaitS);
        return 0;
    }
    if (!runner.startLogging("alerts"))
        return 2;
    const auto log = logger("alerts");
    QString schemaProblem; // an older schema than the evaluator needs: exit 1, both versions named
    const bool schemaOk = service::schemaIsNewEnough(
        service::serviceConnectOptions(config, QStringLiteral("inbox-alerts")),
        service::kNeededSchemaVersion, QStringLiteral("inbox-alerts"), &schemaProblem);
    if (!schemaOk) {
        log->error("{}", schemaProblem.toStdString());
        flushLogs();
        return 1;
    }
    if (!schemaProblem.isEmpty())
        log->warn("{}", schemaProblem.toStdString());

    AlertsMetrics metrics;
    front::MetricsServer listener(
        config.metricsListen, 16, [&metrics] { return metrics.databaseUp(); },
        [&metrics] { return metrics.render(); });
    QString error;
    if (!listener.start(&error)) {
        log->error("{}", error.toStdString());
        flushLogs();
        return 1;
    }
    AlertService service(config, metrics);
    QObject::connect(&service, &AlertService::finished, &app,
                     [](int code) { QCoreApplication::exit(code); });
    log->info("running: metrics_port={} interval={}s group_wait={}s api={}", listener.port(),
              config.intervalS, config.groupWaitS, config.apiBase.toStdString());
    flushLogs();

    service.start(runner.commandLine().has(once));
    const int code = runner.exec(&service, [&service, &log](int signalNumber) {
        log->info("signal {}: finishing the messages in flight", signalNumber);
        service.stop();
    });
    listener.stop();
    log->info("stopped (exit {})", code);
    flushLogs();
    return code;
}
