#pragma once

#include "localprocess.h"

#include <QByteArray>
#include <QProcess>
#include <QString>

namespace bench {

// One inbox-dispatcher started by the benchmark on a configuration file it wrote, its stderr
// (the log) in `logFile` and its state directory in `stateDir` (not the user's). Ready once
// its log says "running: ... metrics_port=N" and /readyz on that port answers 200 (its
// database connection works). Stopped with SIGTERM (SIGKILL after 20 s) by stop() or the
// destructor.
class BenchDispatcher final
{
    Q_DISABLE_COPY_MOVE(BenchDispatcher)

public:
    BenchDispatcher() = default;
    ~BenchDispatcher();

    static QString find(const QString &explicitPath)
    {
        return findServiceBinary("inbox-dispatcher", explicitPath);
    }

    // Starts it and returns at once: a drain is timed from the start, as an operator sees it.
    bool start(const QString &binary, const QString &configFile, const QString &logFile,
               const QString &stateDir, QString *error);
    // Waits until it is ready (see above), at most 30 s.
    bool waitReady(QString *error);
    void stop();

    bool running() const { return m_process.state() != QProcess::NotRunning; }
    qint64 pid() const { return m_process.processId(); }
    Memory memory() const { return processMemory(pid()); }
    QByteArray log() const;

private:
    QProcess m_process;
    QString m_logFile;
};

} // namespace bench
