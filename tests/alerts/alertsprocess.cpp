#include "alertsprocess.h"

#include <QFile>
#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QTest>

AlertsProcess::AlertsProcess(const QString &conninfo, const QByteArray &token, quint16 fakePort,
                             const QByteArray &extra)
{
    QFile tokenFile(m_dir.filePath(QStringLiteral("telegram.token")));
    tokenFile.open(QIODevice::WriteOnly);
    tokenFile.write(token + '\n');
    tokenFile.close();
    tokenFile.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QFile config(configPath());
    config.open(QIODevice::WriteOnly);
    config.write("[alerts]\n"
                 "database = " +
                 conninfo.toUtf8() +
                 "\n"
                 "telegram_token_file = telegram.token\n"
                 "telegram_api = http://127.0.0.1:" +
                 QByteArray::number(fakePort) +
                 "\n"
                 "metrics_listen = 127.0.0.1:0\n"
                 "group_wait = 0\n" +
                 (extra.contains("resolve_after") ? QByteArray() : "resolve_after = 0\n") +
                 "send_timeout = 2\n"
                 "max_retry_after = 5\n" +
                 extra);
    config.close();
    m_process.setProcessChannelMode(QProcess::MergedChannels);
}

AlertsProcess::~AlertsProcess()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void AlertsProcess::start(const QStringList &env, bool once)
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("HOME"), m_dir.path());
    for (const QString &kv : env)
        e.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    m_process.setProcessEnvironment(e);
    QStringList args{QStringLiteral("--config"), configPath()};
    if (once)
        args << QStringLiteral("--once");
    m_log.clear();
    m_process.start(QStringLiteral(INBOX_ALERTS_BIN), args);
    m_process.waitForStarted(10000);
}

bool AlertsProcess::waitForLog(const QByteArray &text, int timeoutMs)
{
    return QTest::qWaitFor(
        [&] {
            m_log += m_process.readAll();
            return m_log.contains(text);
        },
        timeoutMs);
}

bool AlertsProcess::waitForLogCount(const QByteArray &text, int count, int timeoutMs)
{
    return QTest::qWaitFor(
        [&] {
            m_log += m_process.readAll();
            return m_log.count(text) >= count;
        },
        timeoutMs);
}

int AlertsProcess::wait(int timeoutMs)
{
    (void)QTest::qWaitFor([this] { return m_process.state() == QProcess::NotRunning; }, timeoutMs);
    m_log += m_process.readAll();
    if (m_process.state() != QProcess::NotRunning)
        return -2;
    return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
}

FakeTelegramHarness::FakeTelegramHarness(const QByteArray &token)
    : m_fake(std::make_unique<inbox::sim::FakeTelegram>(
          token, m_dir.filePath(QStringLiteral("telegram.jsonl"))))
{
    QString error;
    if (!m_fake->listen(QHostAddress::LocalHost, 0, &error))
        qFatal("fake telegram: %s", qPrintable(error));
}

QList<QJsonObject> FakeTelegramHarness::requests() const
{
    QList<QJsonObject> out;
    QFile f(m_dir.filePath(QStringLiteral("telegram.jsonl")));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (!line.trimmed().isEmpty())
            out.append(QJsonDocument::fromJson(line).object());
    }
    return out;
}

QList<QJsonObject> FakeTelegramHarness::delivered() const
{
    QList<QJsonObject> out;
    for (const QJsonObject &r : requests()) {
        if (r.value(QStringLiteral("answer")).toInt() == 200)
            out.append(r);
    }
    return out;
}
