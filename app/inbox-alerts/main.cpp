// inbox-alerts: evaluates the alert rules kept in the database and sends what is due to
// Telegram (README, "Alerts: inbox-alerts").
//
//   inbox-alerts --config FILE [--log-level LEVEL] [--once]   run (--once: one pass, exit)
//   inbox-alerts --check-config FILE                          validate only
//
// Exit codes: 0 after a clean stop (SIGTERM, SIGINT) or a good --once pass, 1 when it cannot
// listen or the --once pass failed, 2 for a bad configuration (every error named by
// file:line, before anything connects).

#include "alertsconfig.h"
#include "alertservice.h"
#include "alertsmetrics.h"
#include "metricsserver.h"

#include "support/logging.h"

#include <QCoreApplication>
#include <QMetaObject>

#include <spdlog/spdlog.h>

#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <thread>

using namespace inbox;
using namespace inbox::alerts;

namespace {
void usage(FILE *to)
{
    std::fputs("usage: inbox-alerts --config FILE [--once] [--log-level "
               "trace|debug|info|warn|error]\n"
               "       inbox-alerts --check-config FILE\n"
               "       inbox-alerts --version\n",
               to);
}
} // namespace

int main(int argc, char **argv)
{
    // Before any thread exists, so that every thread inherits the mask and the signals reach
    // only the sigwait() thread below.
    sigset_t stopSignals;
    sigemptyset(&stopSignals);
    sigaddset(&stopSignals, SIGTERM);
    sigaddset(&stopSignals, SIGINT);
    sigaddset(&stopSignals, SIGUSR2); // main() waking the signal thread at the end
    pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
    signal(SIGPIPE, SIG_IGN);

    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("inbox-alerts"));
    QString configPath;
    QString logLevel;
    bool checkOnly = false;
    bool once = false;
    const QStringList args = QCoreApplication::arguments();
    for (int i = 1; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if ((a == QLatin1String("--config") || a == QLatin1String("--check-config")) &&
            i + 1 < args.size()) {
            checkOnly = a == QLatin1String("--check-config");
            configPath = args.at(++i);
        } else if (a == QLatin1String("--log-level") && i + 1 < args.size()) {
            logLevel = args.at(++i);
        } else if (a == QLatin1String("--once")) {
            once = true;
        } else if (a == QLatin1String("--version")) {
            std::printf("inbox-alerts %s\n", INBOX_VERSION);
            return 0;
        } else if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            usage(stdout);
            return 0;
        } else {
            std::fprintf(stderr, "inbox-alerts: unknown argument %s\n", qPrintable(a));
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
    const std::optional<AlertsConfig> loaded = AlertsConfig::load(configPath, &errors, &warnings);
    for (const QString &w : warnings)
        std::fprintf(stderr, "inbox-alerts: warning: %s\n", qPrintable(w));
    if (!loaded) {
        for (const QString &e : errors)
            std::fprintf(stderr, "inbox-alerts: %s\n", qPrintable(e));
        return 2;
    }
    const AlertsConfig &config = *loaded;
    if (checkOnly) {
        std::printf("%s: ok, Bot API %s, every %d s, group wait %d s\n", qPrintable(configPath),
                    qPrintable(config.apiBase), config.intervalS, config.groupWaitS);
        return 0;
    }

    setupLogging(QStringLiteral("inbox-alerts"), true);
    if (!logLevel.isEmpty() && !setLogLevel(logLevel)) {
        std::fprintf(stderr, "inbox-alerts: unknown log level %s\n", qPrintable(logLevel));
        return 2;
    }
    const auto log = logger("alerts");
    for (const QString &w : warnings)
        log->warn("{}", w.toStdString());

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

    std::thread signalThread([&stopSignals, &service] {
        int signalNumber = 0;
        sigwait(&stopSignals, &signalNumber);
        if (signalNumber == SIGUSR2)
            return; // the program ended on its own
        logger("alerts")->info("signal {}: finishing the messages in flight", signalNumber);
        QMetaObject::invokeMethod(&service, &AlertService::stop, Qt::QueuedConnection);
    });
    service.start(once);
    const int code = QCoreApplication::exec();
    // Wake the signal thread if no signal came.
    pthread_kill(signalThread.native_handle(), SIGUSR2);
    signalThread.join();
    listener.stop();
    log->info("stopped (exit {})", code);
    flushLogs();
    return code;
}
