#pragma once
// The start-up every service's main() shares (inbox-receiver, inbox-alerts, inbox-dispatcher,
// inbox-poller), so the order, the messages and the exit codes are the same in each:
//
//   ServiceRunner, QCoreApplication, the command line (--version, --help, a usage error: its
//   code), the configuration (bad: exit 2), --check-config (the service's summary, exit 0),
//   the logging (an unknown level: exit 2), the schema check (too old: exit 1, both versions
//   named; unreachable: a warning), then the service's own run, whose code main() returns.
//
//   int main(int argc, char **argv)
//   {
//       return service::runService<XConfig>(argc, argv, {QStringLiteral("inbox-x"), "x", {},
//                                           kNeeded, printSummary, run});
//   }

#include "schemacheck.h"
#include "serviceconnectoptions.h"
#include "servicerunner.h"

#include "db/connectoptions.h"
#include "support/logging.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <spdlog/spdlog.h>

#include <functional>
#include <optional>

namespace inbox::service {

// What differs from one service to the next. `Config` is the service's configuration, with
// Config::load (ServiceRunner::loadConfig) and what serviceConnectOptions reads.
template<typename Config> struct ServiceMain
{
    // The program's name: its usage, its messages, its connections' application_name.
    QString program;
    // The logger's module and the log file's: "poller".
    const char *module = nullptr;
    // The service's own switches without a value (inbox-alerts: --once).
    QStringList flags;
    // The schema version the service needs (schemacheck.h).
    int neededSchemaVersion = kNeededSchemaVersion;
    // --check-config: prints the summary of a configuration that loaded (stdout).
    std::function<void(const QString &configPath, const Config &config)> printSummary;
    // The service itself, once the logging runs and the schema is new enough: returns the exit
    // code (0 after a clean stop, 1 when it cannot start).
    std::function<int(ServiceRunner &runner, const Config &config, const ConnectOptions &options)>
        run;
};

// Call it first in main(): the ServiceRunner it makes must come before any thread.
template<typename Config> int runService(int &argc, char **argv, const ServiceMain<Config> &main)
{
    ServiceRunner runner;
    QCoreApplication app(argc, argv);
    if (const auto code = runner.parseArguments(main.program, main.flags))
        return *code;
    const std::optional<Config> loaded = runner.loadConfig<Config>();
    if (!loaded)
        return 2;
    const Config &config = *loaded;
    if (runner.commandLine().checkOnly()) {
        main.printSummary(runner.commandLine().configPath(), config);
        return 0;
    }
    if (!runner.startLogging(main.module))
        return 2;
    const auto log = logger(main.module);
    const ConnectOptions options = serviceConnectOptions(config, main.program);
    QString schemaProblem;
    if (!schemaIsNewEnough(options, main.neededSchemaVersion, main.program, &schemaProblem)) {
        log->error("{}", schemaProblem.toStdString());
        flushLogs();
        return 1;
    }
    if (!schemaProblem.isEmpty())
        log->warn("{}", schemaProblem.toStdString());
    return main.run(runner, config, options);
}

} // namespace inbox::service
