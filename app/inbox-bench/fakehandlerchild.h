#pragma once

#include <QJsonObject>
#include <QProcess>
#include <QString>

namespace bench {

// `inbox-sim --fake-handler 127.0.0.1:0` started by the benchmark: a handler that checks each
// Standard Webhooks signature against the secret in `secretFile` and answers 200 at once, on
// a port the kernel picks (read from its line "fake handler listening on ADDRESS:PORT").
// Its stderr goes to the benchmark's. Stopped with SIGTERM by stop() or the destructor.
class FakeHandlerChild final
{
    Q_DISABLE_COPY_MOVE(FakeHandlerChild)

public:
    FakeHandlerChild() = default;
    ~FakeHandlerChild();

    bool start(const QString &simBinary, const QString &secretFile, QString *error);
    void stop();

    quint16 port() const { return m_port; }
    qint64 pid() const { return m_process.processId(); }
    // GET /fake/stats: requests, processed (distinct keys), duplicates, bad_signatures...;
    // empty when it does not answer.
    QJsonObject stats() const;
    // GET /fake/received: {"received": [{"key", "event_id", "at_us"}...], "dropped"}, the
    // first receipts of keys since the last call; empty when it does not answer.
    QJsonObject takeReceived() const;

private:
    QJsonObject getJson(const char *path) const;

    QProcess m_process;
    quint16 m_port = 0;
};

} // namespace bench
