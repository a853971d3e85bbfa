#pragma once
// The real inbox-poller program for a test, in a temporary directory with its configuration
// and token, polling one source "shop" (adapter json_list, POST, offset paging, two items a
// page, the window in unix milliseconds) at http://127.0.0.1:port/orders. `extra` lines go
// into [source shop] and replace a default of the same key; `mainExtra` into [poller].

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

class PollerProcess final
{
public:
    static constexpr const char *kToken = "s3cret-token";

    PollerProcess(const QString &conninfo, quint16 port, const QByteArray &extra = {},
                  const QByteArray &mainExtra = {});
    ~PollerProcess();
    Q_DISABLE_COPY_MOVE(PollerProcess)

    void start();
    void terminate() { m_process.terminate(); }
    void kill();
    // Waits until the log holds `text` (the event loop runs).
    bool waitForLog(const QByteArray &text, int timeoutMs = 20000);
    // Waits for the process (the event loop runs); its exit code, -1 for a crash or signal,
    // -2 when it still runs.
    int wait(int timeoutMs = 30000);
    QByteArray log();
    // GET http://127.0.0.1:<metrics port>/path with curl: the body, then the status line.
    QByteArray get(const char *path);
    QString configPath() const { return m_dir.filePath(QStringLiteral("poller.conf")); }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    QByteArray m_log;
};
