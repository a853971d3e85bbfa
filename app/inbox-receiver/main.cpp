// inbox-receiver: the front door real senders call (README, "The front door: inbox-receiver").
//
//   inbox-receiver --config FILE [--log-level LEVEL]   serve
//   inbox-receiver --check-config FILE                 validate only
//
// Exit codes: 0 after a clean stop (SIGTERM, SIGINT), 1 when it cannot listen, 2 for a bad
// configuration (every error named by file:line, before anything listens).

#include "deliverywriter.h"
#include "httpfront.h"
#include "metrics.h"
#include "metricsserver.h"
#include "receiverconfig.h"
#include "refusalledger.h"

#include "support/logging.h"

#include <QCoreApplication>

#include <spdlog/spdlog.h>

#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <thread>

using namespace inbox;
using namespace inbox::front;

namespace {
void usage(FILE *to)
{
    std::fputs("usage: inbox-receiver --config FILE [--log-level trace|debug|info|warn|error]\n"
               "       inbox-receiver --check-config FILE\n"
               "       inbox-receiver --version\n",
               to);
}
} // namespace

int main(int argc, char **argv)
{
    // Before any thread exists, so that every thread inherits the mask and the signals
    // reach only sigwait() below.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
    signal(SIGPIPE, SIG_IGN);

    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("inbox-receiver"));
    QString configPath;
    QString logLevel;
    bool checkOnly = false;
    const QStringList args = QCoreApplication::arguments();
    for (int i = 1; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if ((a == QLatin1String("--config") || a == QLatin1String("--check-config")) &&
            i + 1 < args.size()) {
            checkOnly = a == QLatin1String("--check-config");
            configPath = args.at(++i);
        } else if (a == QLatin1String("--log-level") && i + 1 < args.size()) {
            logLevel = args.at(++i);
        } else if (a == QLatin1String("--version")) {
            std::printf("inbox-receiver %s\n", INBOX_VERSION);
            return 0;
        } else if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            usage(stdout);
            return 0;
        } else {
            std::fprintf(stderr, "inbox-receiver: unknown argument %s\n", qPrintable(a));
            usage(stderr);
            return 2;
        }
    }
    if (configPath.isEmpty()) {
        usage(stderr);
        return 2;
    }

    QStringList errors;
    QStringList warnings;
    const std::optional<ReceiverConfig> loaded =
        ReceiverConfig::load(configPath, &errors, &warnings);
    for (const QString &w : warnings)
        std::fprintf(stderr, "inbox-receiver: warning: %s\n", qPrintable(w));
    if (!loaded) {
        for (const QString &e : errors)
            std::fprintf(stderr, "inbox-receiver: %s\n", qPrintable(e));
        return 2;
    }
    const ReceiverConfig &config = *loaded;
    if (checkOnly) {
        QStringList names;
        for (const SourceConfig &s : config.sources)
            names.append(s.rules.source + QLatin1Char(' ') + QString::fromUtf8(s.path));
        std::printf("%s: ok, %lld sources: %s\n", qPrintable(configPath),
                    static_cast<long long>(config.sources.size()),
                    qPrintable(names.join(QStringLiteral(", "))));
        return 0;
    }

    setupLogging(QStringLiteral("inbox-receiver"), true);
    if (!logLevel.isEmpty() && !setLogLevel(logLevel)) {
        std::fprintf(stderr, "inbox-receiver: unknown log level %s\n", qPrintable(logLevel));
        return 2;
    }
    const auto log = logger("receiver");
    for (const QString &w : warnings)
        log->warn("{}", w.toStdString());

    Metrics metrics;
    RefusalLedger refusals(config);
    refusals.start();
    DeliveryWriter writer(config, metrics);
    writer.start();
    MetricsServer metricsServer(
        config.metricsListen, 64, [&writer] { return writer.databaseUp(); },
        [&writer, &metrics] { return metrics.render(writer.queueDepth(), writer.databaseUp()); });
    HttpFront front(config, writer, metrics, refusals);
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

    int signalNumber = 0;
    sigwait(&stopSignals, &signalNumber);
    log->info("signal {}: no new connections; storing and answering what is queued", signalNumber);
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
