#pragma once

#include "localprocess.h"

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

namespace bench {

// One inbox-receiver started by the benchmark: its configuration written into a private
// folder (the file and the password file 0600), listening on loopback ports the kernel
// picks (found in its log line "listening: senders_port=... metrics_port=..."), its stderr
// in that folder. Stopped with SIGTERM (SIGKILL when that takes over 20 s) by stop() or
// the destructor.
class BenchReceiver final
{
    Q_DISABLE_COPY_MOVE(BenchReceiver)

public:
    BenchReceiver() = default;
    ~BenchReceiver();

    // The receiver binary: `explicitPath`, else next to inbox-bench in the build tree or
    // installed beside it, else PATH; empty when none is found.
    static QString find(const QString &explicitPath);

    // Writes `config` (with the placeholder @PASSWORD_FILE@ replaced by the path of a file
    // holding `password`) and starts `binary` on it; true once it listens and is ready.
    bool start(const QString &binary, const QByteArray &config, const QByteArray &password,
               QString *error);
    void stop();

    quint16 port() const { return m_port; }
    qint64 pid() const { return m_process.processId(); }
    Memory memory() const { return processMemory(pid()); }
    // A GET on the metrics listener (/metrics, /readyz); the body, and the status in
    // *status (0 when no answer).
    QByteArray get(const char *path, int *status) const
    {
        return localGet(m_metricsPort, path, status);
    }
    // The value of one sample line of /metrics (e.g. "inbox_receiver_group_size_sum"),
    // -1 when absent.
    static double metric(const QByteArray &metrics, const QByteArray &name);
    QByteArray log() const;

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    quint16 m_port = 0;
    quint16 m_metricsPort = 0;
};

} // namespace bench
