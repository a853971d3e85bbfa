#include "dispatcherprocess.h"

#include <QFile>
#include <QTest>

DispatcherProcess::DispatcherProcess(const QString &conninfo, const QByteArray &secret,
                                     quint16 port, const QByteArray &extra,
                                     const QByteArray &mainExtra)
{
    QFile secretFile(m_dir.filePath(QStringLiteral("hook.whsec")));
    secretFile.open(QIODevice::WriteOnly);
    secretFile.write(secret + '\n');
    secretFile.close();
    secretFile.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // The test's own lines replace the defaults of the same key (a key set twice is an error).
    const auto unless = [](const QByteArray &lines, const QByteArray &line) {
        return lines.contains(line.left(line.indexOf(' ') + 1)) ? QByteArray() : line;
    };
    QFile config(configPath());
    config.open(QIODevice::WriteOnly);
    config.write("[dispatcher]\ndatabase = " + conninfo.toUtf8() + "\nworker = disp-" +
                 QByteArray::number(quintptr(this), 16) + "\nmetrics_listen = 127.0.0.1:0\n" +
                 unless(mainExtra, "poll_interval_ms = 500\n") + mainExtra +
                 "\n[destination hook]\nurl = http://127.0.0.1:" + QByteArray::number(port) +
                 "/hook\nsigning_secret_file = hook.whsec\nheader = X-Team: tests\n" +
                 unless(extra, "concurrency = 8\n") + unless(extra, "timeout_ms = 3000\n") + extra);
    config.close();
    m_process.setProcessChannelMode(QProcess::MergedChannels);
}

DispatcherProcess::~DispatcherProcess()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void DispatcherProcess::start()
{
    m_log.clear();
    m_process.start(QStringLiteral(INBOX_DISPATCHER_BIN),
                    {QStringLiteral("--config"), configPath()});
    m_process.waitForStarted(10000);
}

void DispatcherProcess::kill()
{
    m_process.kill();
    m_process.waitForFinished(5000);
}

QByteArray DispatcherProcess::log()
{
    m_log += m_process.readAll();
    return m_log;
}

bool DispatcherProcess::waitForLog(const QByteArray &text, int timeoutMs)
{
    return QTest::qWaitFor([&] { return log().contains(text); }, timeoutMs);
}

int DispatcherProcess::wait(int timeoutMs)
{
    (void)QTest::qWaitFor([this] { return m_process.state() == QProcess::NotRunning; }, timeoutMs);
    log();
    if (m_process.state() != QProcess::NotRunning)
        return -2;
    return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
}
