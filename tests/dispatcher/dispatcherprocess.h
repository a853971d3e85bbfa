#pragma once
// The real inbox-dispatcher program for a test, in a temporary directory with its
// configuration and signing secret, delivering to one destination "hook" on 127.0.0.1:port.
// `extra` lines go into [destination hook], `mainExtra` into [dispatcher].

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

class DispatcherProcess final
{
public:
    DispatcherProcess(const QString &conninfo, const QByteArray &secret, quint16 port,
                      const QByteArray &extra = {}, const QByteArray &mainExtra = {});
    ~DispatcherProcess();
    Q_DISABLE_COPY_MOVE(DispatcherProcess)

    void start();
    void terminate() { m_process.terminate(); }
    void kill();
    // Waits until the log holds `text` (the event loop runs).
    bool waitForLog(const QByteArray &text, int timeoutMs = 20000);
    // Waits for the process (the event loop runs); its exit code, -1 for a crash or signal.
    int wait(int timeoutMs = 60000);
    QByteArray log();
    QString configPath() const { return m_dir.filePath(QStringLiteral("dispatcher.conf")); }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    QByteArray m_log;
};
