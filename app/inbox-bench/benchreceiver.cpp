#include "benchreceiver.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

namespace bench {

namespace {

bool writePrivate(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return f.write(bytes) == bytes.size();
}

} // namespace

BenchReceiver::~BenchReceiver()
{
    stop();
}

QString BenchReceiver::find(const QString &explicitPath)
{
    if (!explicitPath.isEmpty())
        return QFileInfo(explicitPath).isExecutable() ? explicitPath : QString();
    const QDir here(QCoreApplication::applicationDirPath());
    for (const QString &candidate :
         {here.filePath(QStringLiteral("../inbox-receiver/inbox-receiver")),
          here.filePath(QStringLiteral("inbox-receiver"))}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return QStandardPaths::findExecutable(QStringLiteral("inbox-receiver"));
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
    if (m_process.state() == QProcess::NotRunning)
        return;
    m_process.terminate();
    if (!m_process.waitForFinished(20000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    m_port = 0;
    m_metricsPort = 0;
}

Memory BenchReceiver::memory() const
{
    Memory m;
    QFile f(QStringLiteral("/proc/%1/status").arg(pid()));
    if (!f.open(QIODevice::ReadOnly))
        return m;
    for (const QByteArray &line : f.readAll().split('\n')) {
        // "VmRSS:	   20480 kB"
        const auto kb = [&line] {
            return line.mid(line.indexOf(':') + 1).trimmed().split(' ').value(0).toDouble() /
                   1024.0;
        };
        if (line.startsWith("VmRSS:"))
            m.rssMb = kb();
        else if (line.startsWith("VmHWM:"))
            m.hwmMb = kb();
    }
    return m;
}

QByteArray BenchReceiver::get(const char *path, int *status) const
{
    *status = 0;
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return {};
    timeval timeout{5, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(m_metricsPort);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    QByteArray response;
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&a), sizeof a) == 0) {
        const QByteArray request =
            QByteArray("GET ") + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
        if (::send(fd, request.constData(), size_t(request.size()), MSG_NOSIGNAL) ==
            ssize_t(request.size())) {
            char buffer[16384];
            ssize_t n;
            while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0)
                response.append(buffer, n);
        }
    }
    ::close(fd);
    const qsizetype end = response.indexOf("\r\n\r\n");
    if (!response.startsWith("HTTP/1.") || end < 0)
        return {};
    *status = response.mid(9, 3).toInt();
    return response.mid(end + 4);
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
