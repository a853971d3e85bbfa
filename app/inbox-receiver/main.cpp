// inbox-receiver: the front door real senders call (README, "The front door: inbox-receiver").
//
//   inbox-receiver --config FILE [--log-level LEVEL]   serve
//   inbox-receiver --check-config FILE                 validate only
//
// Exit codes: 0 after a clean stop (SIGTERM, SIGINT), 1 when it cannot listen or the schema is
// older than it needs (both versions named), 2 for a bad configuration (every error named by
// file:line, before anything listens). The command line, the signals and the logging are the
// services' shared run (app/service: runService, ServiceRunner).

#include "bodybudget.h"
#include "deliverywriter.h"
#include "httpfront.h"
#include "metrics.h"
#include "metricsserver.h"
#include "receiverconfig.h"
#include "refusalledger.h"
#include "servicemain.h"

#include "support/logging.h"

#include <QCoreApplication>

#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>
#include <thread>

using namespace inbox;
using namespace inbox::front;

namespace {
void printSummary(const QString &configPath, const ReceiverConfig &config)
{
    QStringList names;
    for (const SourceConfig &s : config.sources)
        names.append(s.rules.source + QLatin1Char(' ') + QString::fromUtf8(s.path));
    std::printf("%s: ok, %lld sources: %s\n", qPrintable(configPath),
                static_cast<long long>(config.sources.size()),
                qPrintable(names.join(QStringLiteral(", "))));
}

// The writers and the refusal ledger make their own connections, not from the start-up's
// options.
int run(service::ServiceRunner &runner, const ReceiverConfig &config, const ConnectOptions &)
{
    const auto log = logger("receiver");
    Metrics metrics;
    RefusalLedger refusals(config);
    refusals.start();
    DeliveryWriter writer(config, metrics);
    writer.start();
    BodyBudget bodies(config.bodyMemory);
    MetricsServer metricsServer(
        config.metricsListen, 64, [&writer] { return writer.databaseUp(); },
        [&writer, &metrics, &bodies] {
            return metrics.render(writer.queueDepth(), writer.databaseUp(), bodies.used(),
                                  bodies.limit());
        });
    HttpFront front(config, writer, metrics, refusals, bodies);
    QString error;
    if (!metricsServer.start(&error) || !front.start(&error)) {
        log->error("{}", error.toStdString());
        writer.drainAndStop(0);
        refusals.stop();
        flushLogs();
        return 1;
    }
    log->info("listening: senders_port={} metrics_port={} sources={} writers={} group_max={}",
              front.port(), metricsServer.port(), config.sources.size(), config.writers,
              config.groupMax);
    flushLogs();

    // The work runs on the front's and the writer's own threads; this one only waits.
    int stopSignal = 0;
    runner.exec(QCoreApplication::instance(), [&stopSignal](int signalNumber) {
        stopSignal = signalNumber;
        QCoreApplication::exit(0);
    });
    log->info("signal {}: no new connections; storing and answering what is queued", stopSignal);
    const auto started = std::chrono::steady_clock::now();
    const auto deadline = started + std::chrono::seconds(config.shutdownTimeoutS);
    front.quiesce();
    writer.drainAndStop(config.shutdownTimeoutS * 1000);
    while (front.inFlight() > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const int abandoned = front.inFlight();
    front.stop();
    metricsServer.stop();
    // After the front: the refusals of the last answers are counted too.
    refusals.stop();
    log->info("stopped in {} ms ({} requests unfinished)",
              std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - started)
                  .count(),
              abandoned);
    flushLogs();
    return 0;
}
} // namespace

int main(int argc, char **argv)
{
    return service::runService<ReceiverConfig>(argc, argv,
                                               {QStringLiteral("inbox-receiver"),
                                                "receiver",
                                                {},
                                                service::kNeededSchemaVersion,
                                                printSummary,
                                                run});
}
