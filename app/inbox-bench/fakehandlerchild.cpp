#include "fakehandlerchild.h"

#include "localprocess.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QRegularExpression>

namespace bench {

FakeHandlerChild::~FakeHandlerChild()
{
    stop();
}

bool FakeHandlerChild::start(const QString &simBinary, const QString &secretFile, QString *error)
{
    stop();
    m_process.setProgram(simBinary);
    m_process.setArguments({QStringLiteral("--fake-handler"), QStringLiteral("127.0.0.1:0"),
                            QStringLiteral("--fake-handler-secret-file"), secretFile});
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start();
    if (!m_process.waitForStarted(10000)) {
        *error = QStringLiteral("cannot start %1: %2").arg(simBinary, m_process.errorString());
        return false;
    }
    static const QRegularExpression listening(
        QStringLiteral("fake handler listening on [^\\s]+:(\\d+)"));
    QByteArray out;
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 20000) {
        m_process.waitForReadyRead(100);
        out += m_process.readAllStandardOutput();
        const QRegularExpressionMatch match = listening.match(QString::fromUtf8(out));
        if (match.hasMatch()) {
            m_port = quint16(match.captured(1).toUInt());
            return true;
        }
        if (m_process.state() == QProcess::NotRunning) {
            *error = QStringLiteral("the fake handler exited (code %1): %2")
                         .arg(m_process.exitCode())
                         .arg(QString::fromUtf8(out.right(2000)));
            return false;
        }
    }
    *error = QStringLiteral("the fake handler did not listen in 20 s");
    return false;
}

void FakeHandlerChild::stop()
{
    stopService(m_process, 10000);
    m_port = 0;
}

QJsonObject FakeHandlerChild::getJson(const char *path) const
{
    int status = 0;
    const QByteArray body = localGet(m_port, path, &status);
    return status == 200 ? QJsonDocument::fromJson(body).object() : QJsonObject();
}

QJsonObject FakeHandlerChild::stats() const
{
    return getJson("/fake/stats");
}

QJsonObject FakeHandlerChild::takeReceived() const
{
    return getJson("/fake/received");
}

} // namespace bench
