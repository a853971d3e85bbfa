#include "receiverprocess.h"

#include "httpclient.h"

#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QThread>

#include <sys/stat.h>

ReceiverProcess::ReceiverProcess()
{
    m_process.setProgram(QStringLiteral(INBOX_RECEIVER_BIN));
    m_process.setStandardErrorFile(m_dir.filePath(QStringLiteral("receiver.log")),
                                   QIODevice::Append);
    m_process.setStandardOutputFile(m_dir.filePath(QStringLiteral("receiver.out")),
                                    QIODevice::Append);
    // The log file setupLogging keeps goes to the test's own state directory.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_STATE_HOME"), m_dir.filePath(QStringLiteral("state")));
    m_process.setProcessEnvironment(env);
}

ReceiverProcess::~ReceiverProcess()
{
    kill();
}

QString ReceiverProcess::writeFile(const QString &name, const QByteArray &bytes, int permissions)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        file.write(bytes);
    file.close();
    ::chmod(QFile::encodeName(path).constData(), mode_t(permissions));
    return path;
}

QByteArray ReceiverProcess::config(const QString &conninfo, const QByteArray &receiverLines,
                                   const QByteArray &sources)
{
    return "[receiver]\n"
           "listen = 127.0.0.1:0\n"
           "metrics_listen = 127.0.0.1:0\n"
           "database = " +
           conninfo.toUtf8() + "\n" + receiverLines + sources;
}

bool ReceiverProcess::start(const QByteArray &config, QString *error, int timeoutMs)
{
    const QString path = writeFile(QStringLiteral("receiver.conf"), config, 0600);
    m_process.setArguments({QStringLiteral("--config"), path});
    m_process.start();
    if (!m_process.waitForStarted(5000)) {
        *error = QStringLiteral("cannot start %1: %2")
                     .arg(QStringLiteral(INBOX_RECEIVER_BIN), m_process.errorString());
        return false;
    }
    static const QRegularExpression listening(
        QStringLiteral("listening: senders_port=(\\d+) metrics_port=(\\d+)"));
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        const QRegularExpressionMatch match = listening.match(QString::fromUtf8(log()));
        if (match.hasMatch()) {
            m_port = match.captured(1).toInt();
            m_metricsPort = match.captured(2).toInt();
            return true;
        }
        if (m_process.state() == QProcess::NotRunning) {
            *error = QStringLiteral("the receiver exited (%1): %2")
                         .arg(m_process.exitCode())
                         .arg(QString::fromUtf8(log()));
            return false;
        }
        QThread::msleep(20);
    }
    *error = QStringLiteral("the receiver did not listen: %1").arg(QString::fromUtf8(log()));
    return false;
}

int ReceiverProcess::checkConfig(const QByteArray &config, QString *output)
{
    const QString path = writeFile(QStringLiteral("check.conf"), config, 0600);
    QProcess check;
    check.setProgram(QStringLiteral(INBOX_RECEIVER_BIN));
    check.setArguments({QStringLiteral("--check-config"), path});
    check.setProcessChannelMode(QProcess::MergedChannels);
    check.start();
    if (!check.waitForFinished(20000))
        return -1;
    *output = QString::fromUtf8(check.readAll());
    return check.exitStatus() == QProcess::NormalExit ? check.exitCode() : -1;
}

bool ReceiverProcess::waitReady(int timeoutMs) const
{
    return waitReadyz(200, timeoutMs);
}

bool ReceiverProcess::waitUnready(int timeoutMs) const
{
    return waitReadyz(503, timeoutMs);
}

bool ReceiverProcess::waitReadyz(int status, int timeoutMs) const
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeoutMs) {
        if (HttpClient::get(m_metricsPort, "/readyz").status == status)
            return true;
        QThread::msleep(50);
    }
    return false;
}

void ReceiverProcess::terminate()
{
    if (m_process.state() != QProcess::NotRunning)
        m_process.terminate();
}

void ReceiverProcess::kill()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

bool ReceiverProcess::waitExit(int timeoutMs, int *code)
{
    if (!m_process.waitForFinished(timeoutMs) && m_process.state() != QProcess::NotRunning)
        return false;
    *code = m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    return true;
}

QByteArray ReceiverProcess::log() const
{
    QFile file(m_dir.filePath(QStringLiteral("receiver.log")));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}
