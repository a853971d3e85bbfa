// The pull door end to end: the real inbox-poller reads the simulator's fake Ozon and
// Wildberries seller APIs, Bitrix24 offline queue and amoCRM events API (inbox-sim
// --fake-marketplace, hard: late orders, a page boundary that shifts while paging, 500s and
// 503s, slow answers, rate limits) into the test's private PostgreSQL, is killed with SIGKILL
// in the middle and started again, and inbox-sim --check-polled then proves every order and
// event the fakes made before each source's last window is in the inbox, under the key the
// fake gave it (an Ozon posting under "<posting>/<status>"), and nothing else is.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace contract;

class TestPollSim : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestPollSim() : DatabaseTestCase{{"poller", {"inbox_ingest"}}} {}

private:
    // The polls of the source polled least (0 until all four are open), as the superuser.
    qint64 polls()
    {
        PgSession s(m_db.conninfo());
        return oneInt(s, QStringLiteral("SELECT CASE WHEN count(*) = 4 THEN min(polls) ELSE 0 "
                                        "END FROM inbox.poll_sources"));
    }

private slots:
    void everyEventArrivesOnceAcrossAKill()
    {
        QProcess fake;
        fake.setProcessChannelMode(QProcess::MergedChannels);
        fake.start(QStringLiteral(INBOX_SIM_BINARY),
                   {QStringLiteral("--fake-marketplace"), QStringLiteral("127.0.0.1:0"),
                    QStringLiteral("--seed"), QStringLiteral("11"),
                    QStringLiteral("--fake-marketplace-backfill"), QStringLiteral("60"),
                    QStringLiteral("--fake-marketplace-rate"), QStringLiteral("20"),
                    QStringLiteral("--fake-marketplace-hard"),
                    QStringLiteral("--fake-marketplace-late-max"), QStringLiteral("300")});
        QString port;
        QVERIFY(QTest::qWaitFor(
            [&] {
                const QRegularExpressionMatch m =
                    QRegularExpression(QStringLiteral("listening on 127\\.0\\.0\\.1:(\\d+)"))
                        .match(QString::fromUtf8(fake.peek(4096)));
                port = m.captured(1);
                return !port.isEmpty();
            },
            10000));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto write = [&](const QString &name, const QByteArray &text) {
            // Secrets readable by their owner only, or the poller refuses them.
            QFile f(dir.filePath(name));
            return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() &&
                   f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        };
        QVERIFY(write(QStringLiteral("b24.webhook"),
                      "http://127.0.0.1:" + port.toLatin1() + "/rest/1/demo-code/\n"));
        QVERIFY(write(QStringLiteral("amo.token"), "demo-amo-token\n"));
        QVERIFY(write(QStringLiteral("ozon.client"), "123456\n"));
        QVERIFY(write(QStringLiteral("ozon.key"), "fake-ozon-api-key\n"));
        QVERIFY(write(QStringLiteral("wb.token"), "fake-wb-token\n"));
        // Polls every second, each window from 10 minutes before the last end: longer than the
        // fake's lateness (5 minutes), as docs/poller-adapters.md asks.
        QVERIFY(write(QStringLiteral("poller.conf"),
                      "[poller]\ndatabase = " + m_db.conninfo(QStringLiteral("poller")).toUtf8() +
                          "\nworker = sim-poller\nmetrics_listen = 127.0.0.1:0\n\n"
                          "[source bitrix24-offline]\nadapter = bitrix24\n"
                          "webhook_url_file = b24.webhook\ninterval = 1\n\n"
                          "[source amocrm-events]\nadapter = amocrm\nbase_url = http://127.0.0.1:" +
                          port.toLatin1() +
                          "\ntoken_file = amo.token\ninterval = 1\noverlap = 600\n"
                          "first_window = 6000\npage_size = 50\n\n"
                          "[source ozon-fbs]\nadapter = ozon\nbase_url = http://127.0.0.1:" +
                          port.toLatin1() +
                          "\nclient_id_file = ozon.client\napi_key_file = ozon.key\n"
                          "interval = 1\noverlap = 600\nfirst_window = 6000\npage_size = 100\n\n"
                          "[source wb-orders]\nadapter = wb\nbase_url = http://127.0.0.1:" +
                          port.toLatin1() +
                          "\ntoken_file = wb.token\ninterval = 1\noverlap = 600\n"
                          "first_window = 6000\npage_size = 100\n"));

        QProcess poller;
        poller.setProcessChannelMode(QProcess::MergedChannels);
        const QStringList args{QStringLiteral("--config"),
                               dir.filePath(QStringLiteral("poller.conf"))};
        poller.start(QStringLiteral(INBOX_POLLER_BIN), args);
        QVERIFY(poller.waitForStarted(10000));
        // A few polls of each, then a SIGKILL wherever it is (mid-page, mid-clear).
        QVERIFY2(
            QTest::qWaitFor([&] { return polls() >= 2 || poller.state() == QProcess::NotRunning; },
                            60000) &&
                poller.state() == QProcess::Running,
            poller.readAll().constData());
        QTest::qWait(700);
        poller.kill();
        QVERIFY(poller.waitForFinished(5000));
        const qint64 before = polls();
        poller.start(QStringLiteral(INBOX_POLLER_BIN), args);
        QVERIFY(poller.waitForStarted(10000));
        QVERIFY2(QTest::qWaitFor([&] { return polls() >= before + 2; }, 60000),
                 poller.readAll().constData());
        poller.terminate();
        QVERIFY(poller.waitForFinished(20000));
        QCOMPARE(poller.exitCode(), 0);

        QProcess check;
        check.setProcessChannelMode(QProcess::MergedChannels);
        check.start(QStringLiteral(INBOX_SIM_BINARY),
                    {QStringLiteral("--check-polled"), QStringLiteral("http://127.0.0.1:") + port,
                     QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--polled-sources"),
                     QStringLiteral("bitrix24=bitrix24-offline,amocrm=amocrm-events,"
                                    "ozon=ozon-fbs,wb=wb-orders")});
        QVERIFY(check.waitForFinished(30000));
        const QString report = QString::fromUtf8(check.readAll());
        qInfo("%s", qPrintable(report));
        if (check.exitCode() != 0) // what the poller did, for whoever reads the failure
            qInfo("poller:\n%s", poller.readAll().right(6000).constData());
        QCOMPARE(check.exitCode(), 0);
        QCOMPARE(report.count(QLatin1String("missing 0, unknown 0")), 4);
        // The backfill alone is an hour at 20 a minute: a thousand checked, not a handful.
        const QRegularExpressionMatch due =
            QRegularExpression(QStringLiteral("bitrix24 .*due (\\d+)")).match(report);
        QVERIFY2(due.captured(1).toInt() > 1000, qPrintable(report));
        // And the overlap's repeats are in the journal, not new events.
        PgSession s(m_db.conninfo());
        QVERIFY(oneInt(s, QStringLiteral("SELECT repeats FROM inbox.poll_sources WHERE source = "
                                         "'amocrm-events'")) > 0);
        fake.terminate();
        QVERIFY(fake.waitForFinished(10000));
    }
};

QTEST_GUILESS_MAIN(TestPollSim)
#include "tst_pollsim.moc"
