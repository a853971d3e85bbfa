#pragma once
// What the benchmark asks of the services it starts on this machine: a small HTTP GET on
// loopback (their /readyz and /metrics, the fake handler's /fake/ controls) and their
// resident memory as the kernel reports it, and where their binaries are.

#include <QByteArray>
#include <QString>

class QProcess;

namespace bench {

// A process's memory from /proc/<pid>/status, in MB; -1 when it cannot be read.
struct Memory
{
    double rssMb = -1; // VmRSS
    double hwmMb = -1; // VmHWM, the peak resident set
};

Memory processMemory(qint64 pid);

// A service's binary (`name`, e.g. "inbox-receiver"): `explicitPath` when given (empty when
// it is not executable), else next to inbox-bench in the build tree (../NAME/NAME) or
// installed beside it, else PATH; empty when none is found.
QString findServiceBinary(const char *name, const QString &explicitPath);

// GET `path` on 127.0.0.1:`port` with Connection: close and 5 s timeouts; the body, and the
// status in *status (0 when no answer). Blocking, so it never runs the caller's event loop.
QByteArray localGet(quint16 port, const char *path, int *status);

// Writes a file only its owner may read (a password, a secret, a configuration naming them):
// the services refuse secret files others can read. False when it cannot.
bool writePrivate(const QString &path, const QByteArray &bytes);

// Stops a service the benchmark started: SIGTERM, up to `graceMs` for its graceful shutdown,
// then SIGKILL. Nothing when it is not running.
void stopService(QProcess &process, int graceMs);

} // namespace bench
