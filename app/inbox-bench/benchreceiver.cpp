#include "benchreceiver.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QThread>

#include <sys/stat.h>

namespace bench {

BenchReceiver::~BenchReceiver()
{
    stop();
}

QString BenchReceiver::find(const QString &explicitPath)
{
    return findServiceBinary("inbox-receiver", explicitPath);
}

bool BenchReceiver::start(const QString &binary, const QByteArray &config,
                          const QByteArray &password, QString *error)
{
    stop();
    if (!m_dir.isValid()) {
        *error = QStringLiteral("cannot make a temporary folder for the receiver");
        return false;
    }
    const QString passwordFile = m_dir.filePath(QStringLiteral("db.password"));
    const QString configFile = m_dir.filePath(QStringLiteral("inbox-receiver.conf"));
    QByteArray text = config;
    text.replace("@PASSWORD_FILE@", QFile::encodeName(passwordFile));
    if (!writePrivate(passwordFile, password) || !writePrivate(configFile, text)) {
        *error =
            QStringLiteral("cannot write the receiver's configuration in %1").arg(m_dir.path());
        return false;
    }
    const QString logFile = m_dir.filePath(QStringLiteral("receiver.log"));
    QFile::remove(logFile);
    m_process.setProgram(binary);
    m_process.setArguments({QStringLiteral("--config"), configFile});
    m_process.setStandardErrorFile(logFile);
    m_process.setStandardOutputFile(QProcess::nullDevice());
    // The log file setupLogging keeps goes to this folder, not the user's state directory.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_STATE_HOME"), m_dir.filePath(QStringLiteral("state")));
    m_process.setProcessEnvironment(env);
    m_process.start();
    if (!m_process.waitForStarted(10000)) {
        *error = QStringLiteral("cannot start %1: %2").arg(binary, m_process.errorString());
        return false;
    }
    static const QRegularExpression listening(
        QStringLiteral("listening: senders_port=(\\d+) metrics_port=(\\d+)"));
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 20000) {
        const QRegularExpressionMatch match = listening.match(QString::fromUtf8(log()));
        if (match.hasMatch()) {
            m_port = quint16(match.captured(1).toUInt());
            m_metricsPort = quint16(match.captured(2).toUInt());
            break;
        }
        if (m_process.state() == QProcess::NotRunning || m_process.waitForFinished(20)) {
            *error = QStringLiteral("the receiver exited (code %1): %2")
                         .arg(m_process.exitCode())
                         .arg(QString::fromUtf8(log().right(2000)));
            return false;
        }
    }
    if (m_port == 0) {
        *error = QStringLiteral("the receiver did not listen in 20 s: %1")
                     .arg(QString::fromUtf8(log().right(2000)));
        return false;
    }
    // Ready: its writer's database connection works.
    while (timer.elapsed() < 30000) {
        int status = 0;
        get("/readyz", &status);
        if (status == 200)
            return true;
        QThread::msleep(50);
    }
    *error = QStringLiteral("the receiver did not become ready (/readyz): %1")
                 .arg(QString::fromUtf8(log().right(2000)));
    return false;
}

void BenchReceiver::stop()
{
    stopService(m_process, 20000);
    m_port = 0;
    m_metricsPort = 0;
}

double BenchReceiver::metric(const QByteArray &metrics, const QByteArray &name)
{
    for (const QByteArray &line : metrics.split('\n')) {
        if (line.startsWith(name + ' '))
            return line.mid(name.size() + 1).trimmed().toDouble();
    }
    return -1;
}

QByteArray BenchReceiver::log() const
{
    QFile f(m_dir.filePath(QStringLiteral("receiver.log")));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace bench
