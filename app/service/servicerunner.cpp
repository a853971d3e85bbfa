#include "servicerunner.h"

#include "support/logging.h"

#include <QCoreApplication>
#include <QMetaObject>

#include <spdlog/spdlog.h>

#include <pthread.h>
#include <signal.h>

#include <cstdio>

namespace inbox::service {

namespace {
sigset_t serviceSignals()
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGUSR2);
    return set;
}
} // namespace

ServiceRunner::ServiceRunner()
{
    const sigset_t set = serviceSignals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    signal(SIGPIPE, SIG_IGN);
}

std::optional<int> ServiceRunner::parseArguments(const QString &program, const QStringList &flags)
{
    QCoreApplication::setApplicationName(program);
    m_commandLine = ServiceCommandLine::parse(program, flags, QCoreApplication::arguments());
    return m_commandLine.exitEarly();
}

void ServiceRunner::report(const QStringList &errors, bool loaded) const
{
    const QByteArray program = m_commandLine.program().toLocal8Bit();
    for (const QString &w : m_warnings)
        std::fprintf(stderr, "%s: warning: %s\n", program.constData(), qPrintable(w));
    if (loaded)
        return;
    for (const QString &e : errors)
        std::fprintf(stderr, "%s: %s\n", program.constData(), qPrintable(e));
}

bool ServiceRunner::startLogging(const char *module)
{
    setupLogging(m_commandLine.program(), true);
    const QString &level = m_commandLine.logLevel();
    if (!level.isEmpty() && !setLogLevel(level)) {
        std::fprintf(stderr, "%s: unknown log level %s\n", qPrintable(m_commandLine.program()),
                     qPrintable(level));
        return false;
    }
    const auto log = logger(module);
    for (const QString &w : m_warnings)
        log->warn("{}", w.toStdString());
    return true;
}

int ServiceRunner::exec(QObject *context, std::function<void(int)> onStopSignal)
{
    m_signalThread = std::thread([this, context, onStop = std::move(onStopSignal)] {
        const sigset_t set = serviceSignals();
        for (;;) {
            int signalNumber = 0;
            sigwait(&set, &signalNumber);
            if (signalNumber == SIGUSR2) {
                if (m_ending)
                    return; // the loop ended on its own: nothing to stop
                continue;   // not ours to act on
            }
            QMetaObject::invokeMethod(
                context, [onStop, signalNumber] { onStop(signalNumber); }, Qt::QueuedConnection);
            return;
        }
    });
    const int code = QCoreApplication::exec();
    // Wake the signal thread if no signal came.
    m_ending = true;
    pthread_kill(m_signalThread.native_handle(), SIGUSR2);
    m_signalThread.join();
    return code;
}

} // namespace inbox::service
