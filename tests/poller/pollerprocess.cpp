#include "pollerprocess.h"

#include <QFile>
#include <QTest>

PollerProcess::PollerProcess(const QString &conninfo, quint16 port, const QByteArray &extra,
                             const QByteArray &mainExtra)
{
    QFile token(m_dir.filePath(QStringLiteral("shop.token")));
    token.open(QIODevice::WriteOnly);
    token.write(QByteArray(kToken) + '\n');
    token.close();
    token.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // The test's own lines replace the defaults of the same key (a key set twice is an error).
    const auto unless = [](const QByteArray &lines, const QByteArray &line) {
        return lines.contains('\n' + line.left(line.indexOf(' ') + 1)) ||
                       lines.startsWith(line.left(line.indexOf(' ') + 1))
                   ? QByteArray()
                   : line;
    };
    QByteArray source = "[source shop]\nadapter = json_list\nbase_url = http://127.0.0.1:" +
                        QByteArray::number(port) +
                        "\nurl_path = /orders\nmethod = POST\nsince_param = from\n"
                        "to_param = to\ntime_format = unix_ms\npaging = offset\n"
                        "offset_param = offset\nlimit_param = limit\nitems_path = result.items\n"
                        "key_path = id\ntime_path = created_ms\nkind = shop.order\n"
                        "auth_header = Authorization\nauth_scheme = Bearer\n"
                        "token_file = shop.token\n";
    for (const QByteArray &line : {QByteArray("page_size = 2\n"), QByteArray("interval = 1\n"),
                                   QByteArray("rate_per_minute = 6000\n"),
                                   QByteArray("burst = 100\n"), QByteArray("timeout = 5\n")})
        source += unless(extra, line);
    QFile config(configPath());
    config.open(QIODevice::WriteOnly);
    config.write("[poller]\ndatabase = " + conninfo.toUtf8() +
                 "\nworker = poller-test\nmetrics_listen = 127.0.0.1:0\n" +
                 unless(mainExtra, "shutdown_timeout = 10\n") + mainExtra + '\n' + source + extra);
    config.close();
    m_process.setProcessChannelMode(QProcess::MergedChannels);
}

PollerProcess::~PollerProcess()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
}

void PollerProcess::start()
{
    m_log.clear();
    m_process.start(QStringLiteral(INBOX_POLLER_BIN), {QStringLiteral("--config"), configPath()});
    m_process.waitForStarted(10000);
}

void PollerProcess::kill()
{
    m_process.kill();
    m_process.waitForFinished(5000);
}

QByteArray PollerProcess::log()
{
    m_log += m_process.readAll();
    return m_log;
}

bool PollerProcess::waitForLog(const QByteArray &text, int timeoutMs)
{
    return QTest::qWaitFor([&] { return log().contains(text); }, timeoutMs);
}

int PollerProcess::wait(int timeoutMs)
{
    (void)QTest::qWaitFor([this] { return m_process.state() == QProcess::NotRunning; }, timeoutMs);
    log();
    if (m_process.state() != QProcess::NotRunning)
        return -2;
    return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
}

QByteArray PollerProcess::get(const char *path)
{
    const QByteArray all = log();
    const qsizetype at = all.indexOf("metrics_port=");
    if (at < 0)
        return {};
    const QByteArray port = all.mid(at + 13, all.indexOf('\n', at) - at - 13).trimmed();
    QProcess curl;
    curl.start(
        QStringLiteral("curl"),
        {QStringLiteral("-s"), QStringLiteral("-w"), QStringLiteral("\n%{http_code}"),
         QStringLiteral("http://127.0.0.1:") + QString::fromLatin1(port) + QLatin1String(path)});
    (void)QTest::qWaitFor([&] { return curl.state() == QProcess::NotRunning; }, 10000);
    return curl.readAll();
}
