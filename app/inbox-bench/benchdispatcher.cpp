#include "benchdispatcher.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QThread>

namespace bench {

BenchDispatcher::~BenchDispatcher()
{
    stop();
}

bool BenchDispatcher::start(const QString &binary, const QString &configFile,
                            const QString &logFile, const QString &stateDir, QString *error)
{
    stop();
    m_logFile = logFile;
    QFile::remove(logFile);
    m_process.setProgram(binary);
    m_process.setArguments({QStringLiteral("--config"), configFile});
    m_process.setStandardErrorFile(logFile);
    m_process.setStandardOutputFile(QProcess::nullDevice());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_STATE_HOME"), stateDir);
    m_process.setProcessEnvironment(env);
    m_process.start();
    if (!m_process.waitForStarted(10000)) {
        *error = QStringLiteral("cannot start %1: %2").arg(binary, m_process.errorString());
        return false;
    }
    return true;
}

bool BenchDispatcher::waitReady(QString *error)
{
    static const QRegularExpression running(QStringLiteral("running: .*metrics_port=(\\d+)"));
    QElapsedTimer timer;
    timer.start();
    quint16 port = 0;
    while (timer.elapsed() < 30000) {
        if (port == 0) {
            const QRegularExpressionMatch match = running.match(QString::fromUtf8(log()));
            if (match.hasMatch())
                port = quint16(match.captured(1).toUInt());
        } else {
            int status = 0;
            localGet(port, "/readyz", &status);
            if (status == 200)
                return true;
        }
        if (m_process.state() == QProcess::NotRunning || m_process.waitForFinished(20)) {
            *error = QStringLiteral("the dispatcher exited (code %1): %2")
                         .arg(m_process.exitCode())
                         .arg(QString::fromUtf8(log().right(2000)));
            return false;
        }
        QThread::msleep(20);
    }
    *error = QStringLiteral("the dispatcher was not ready in 30 s: %1")
                 .arg(QString::fromUtf8(log().right(2000)));
    return false;
}

void BenchDispatcher::stop()
{
    stopService(m_process, 20000);
}

QByteArray BenchDispatcher::log() const
{
    QFile f(m_logFile);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace bench
