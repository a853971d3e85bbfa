#pragma once
// The real inbox-alerts program for a test, in a temporary directory with its configuration
// and token file, pointed at an in-process FakeTelegram. run() starts one --once pass and
// waits for it while the test's event loop keeps serving the fake.

#include "faketelegram.h"

#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

class AlertsProcess final
{
public:
    // `conninfo` of an inbox_alerts login; `extra` lines go into [alerts].
    AlertsProcess(const QString &conninfo, const QByteArray &token, quint16 fakePort,
                  const QByteArray &extra = {});
    ~AlertsProcess();
    Q_DISABLE_COPY_MOVE(AlertsProcess)

    // One pass (--once), or with `once` false the service until terminate().
    void start(const QStringList &env = {}, bool once = true);
    void terminate() { m_process.terminate(); }
    // Waits until the log holds `text` (the event loop runs).
    bool waitForLog(const QByteArray &text, int timeoutMs = 20000);
    // Waits until the log holds `text` at least `count` times (the event loop runs).
    bool waitForLogCount(const QByteArray &text, int count, int timeoutMs = 20000);
    // Waits for the process (the event loop runs); its exit code, -1 for a crash or signal.
    int wait(int timeoutMs = 60000);
    int runOnce(const QStringList &env = {}, int timeoutMs = 60000)
    {
        start(env);
        return wait(timeoutMs);
    }
    QProcess::ExitStatus exitStatus() const { return m_process.exitStatus(); }
    QByteArray log() const { return m_log; }
    QString configPath() const { return m_dir.filePath(QStringLiteral("alerts.conf")); }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    QByteArray m_log;
};

// A FakeTelegram on a free loopback port with its log in a temporary directory.
class FakeTelegramHarness final
{
public:
    explicit FakeTelegramHarness(const QByteArray &token);
    inbox::sim::FakeTelegram &fake() { return *m_fake; }
    quint16 port() const { return m_fake->port(); }
    // Every request it received, as logged.
    QList<QJsonObject> requests() const;
    // Only those answered 200 (delivered).
    QList<QJsonObject> delivered() const;

private:
    QTemporaryDir m_dir;
    std::unique_ptr<inbox::sim::FakeTelegram> m_fake;
};
