#pragma once
// The run of a service's main() (inbox-receiver, inbox-alerts, inbox-dispatcher, inbox-poller),
// everything but its own work. runService (servicemain.h) and runServiceWork (servicework.h)
// make these calls in this order:
//
//   ServiceRunner runner;                    // first: the stop signals blocked, SIGPIPE ignored
//   QCoreApplication app(argc, argv);
//   if (const auto code = runner.parseArguments(QStringLiteral("inbox-x"), {})) return *code;
//   const auto config = runner.loadConfig<XConfig>();   // nullopt: exit 2
//   ... --check-config: print the service's summary, exit 0
//   if (!runner.startLogging("x")) return 2;
//   ... start the service's parts (cannot: exit 1)
//   const int code = runner.exec(&service, [&](int signal) { ... ask it to stop ... });
//   ... stop the parts, log, flushLogs(), return code
//
// Exit codes, the same for every service: 0 after a clean stop, 1 when it cannot start
// (listen, or its own reason), 2 for a bad command line or configuration.
//
// SIGTERM and SIGINT reach only the thread exec() starts (sigwait), never a thread of the
// service at an arbitrary point; the service is asked to stop on its own thread.

#include "servicecommandline.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <functional>
#include <optional>
#include <thread>

namespace inbox::service {

class ServiceRunner final
{
public:
    // Blocks SIGTERM, SIGINT and SIGUSR2 (which wakes the signal thread at the end; one sent
    // from outside is ignored) in the calling thread, so in every thread started after it, and
    // ignores SIGPIPE (a peer that went away is an error of that write, not the end of the
    // program). Construct it first in main(), before QCoreApplication and any thread.
    ServiceRunner();
    Q_DISABLE_COPY_MOVE(ServiceRunner)

    // Names the application and parses QCoreApplication::arguments() (ServiceCommandLine,
    // `flags` the service's own switches). When the command line ends the program (--version,
    // --help, a usage error): prints what it says and returns the exit code.
    std::optional<int> parseArguments(const QString &program, const QStringList &flags);
    const ServiceCommandLine &commandLine() const { return m_commandLine; }

    // Config::load(path, &errors, &warnings) on the file of --config or --check-config. Every
    // warning goes to stderr, then, when the file does not load, every error (each names its
    // file:line): nullopt, the program exits 2 before anything starts.
    template<typename Config> std::optional<Config> loadConfig()
    {
        QStringList errors;
        std::optional<Config> loaded =
            Config::load(m_commandLine.configPath(), &errors, &m_warnings);
        report(errors, loaded.has_value());
        return loaded;
    }

    // Logging to stderr and the service's log file at the --log-level, then the
    // configuration's warnings again, now in the log of `module`. False (an unknown level,
    // said on stderr): the program exits 2.
    bool startLogging(const char *module);

    // Runs the event loop until the service ends it (QCoreApplication::exit) and returns its
    // code. Meanwhile a thread waits for SIGTERM or SIGINT: the first one calls
    // onStopSignal(number) on the thread of `context`, which stops the service's work and ends
    // the loop (at once, or when the work in flight is done). A later stop signal is ignored.
    int exec(QObject *context, std::function<void(int)> onStopSignal);

private:
    void report(const QStringList &errors, bool loaded) const;

    ServiceCommandLine m_commandLine;
    QStringList m_warnings;
    std::thread m_signalThread;
    std::atomic<bool> m_ending{false};
};

} // namespace inbox::service
