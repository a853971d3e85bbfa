#pragma once
// The run of a service whose work is one QObject on the main thread (inbox-alerts,
// inbox-dispatcher, inbox-poller), after runService's start-up: its /metrics listener
// listens (cannot: exit 1), the work is made and started, and it runs until it emits
// finished(code) on its own or after the first SIGTERM or SIGINT asked it to stop(); then the
// listener stops and the code is logged and returned.
//
// `Listener`: start(QString *error), port() and stop() (front::MetricsServer). `Work`: a
// QObject with stop() and the signal finished(int).

#include "servicerunner.h"

#include "support/logging.h"

#include <QCoreApplication>
#include <QObject>
#include <QString>

#include <spdlog/spdlog.h>

#include <memory>

namespace inbox::service {

// `makeWork()` returns the work as a std::unique_ptr<Work>, made only once the listener
// listens. `startWork(work, metricsPort)` logs that it runs and starts it. `stopping` is what
// the log says the work does on a stop signal ("finishing the pages in flight").
template<typename Listener, typename MakeWork, typename StartWork>
int runServiceWork(ServiceRunner &runner, const char *module, Listener &listener, MakeWork makeWork,
                   StartWork startWork, const char *stopping)
{
    const auto log = logger(module);
    QString error;
    if (!listener.start(&error)) {
        log->error("{}", error.toStdString());
        flushLogs();
        return 1;
    }
    const auto work = makeWork();
    using Work = typename std::decay_t<decltype(work)>::element_type;
    QObject::connect(work.get(), &Work::finished, QCoreApplication::instance(),
                     [](int code) { QCoreApplication::exit(code); });
    startWork(*work, listener.port());
    Work *const running = work.get();
    const int code = runner.exec(running, [running, &log, stopping](int signalNumber) {
        log->info("signal {}: {}", signalNumber, stopping);
        running->stop();
    });
    listener.stop();
    log->info("stopped (exit {})", code);
    flushLogs();
    return code;
}

} // namespace inbox::service
