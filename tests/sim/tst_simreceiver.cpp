// inbox-sim through the front door: --run posts every delivery to a real inbox-receiver it
// starts (its login has inbox_ingest only), in each sender's format. Every delivery the
// simulator saw answered 200 is in the inbox, and in the slow-receiver scenario the repeats
// the inbox counts come from real timeouts: the receiver's writer really waits (a session
// holds a key it is storing), senders really give up waiting and send again. SIGUSR1 and
// SIGUSR2 switch a running simulator to slow-receiver and back (scripts/demo.sh scenario).
#include "databasetestcase.h"
#include "simprocess.h"

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include <signal.h>

class TestSimReceiver final : public DatabaseTestCase
{
    Q_OBJECT

public:
    // The receiver's login: inbox_ingest and nothing else, as the README asks.
    TestSimReceiver() : DatabaseTestCase{{"sim_front_door", {"inbox_ingest"}}} {}

private slots:
    void initTestCase();
    void everyDeliveryAnswered200IsStored();
    void slowReceiverRepeatsComeFromRealTimeouts();
    void signalsSwitchTheScenarioWhileItRuns();
    void missingReceiverIsAClearError();

private:
    using Result = SimResult;
    static Result sim(const QStringList &args) { return SimProcess::run(args, 180000); }
    qint64 scalar(const QString &sql) const { return SimProcess::scalar(m_db.conninfo(), sql); }
    static qint64 figure(const QString &out, const QString &what)
    {
        return SimProcess::figure(out, what);
    }
    QStringList runArgs(const QStringList &more) const;
};

QStringList TestSimReceiver::runArgs(const QStringList &more) const
{
    return QStringList{QStringLiteral("--db"), m_db.conninfo(), QStringLiteral("--receiver-db"),
                       m_db.conninfo(QStringLiteral("sim_front_door"))} +
           more;
}

void TestSimReceiver::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    DatabaseTestCase::initTestCase();
}

void TestSimReceiver::everyDeliveryAnswered200IsStored()
{
    // No stalls (--repeat-rate 0): nothing times out, so the inbox holds exactly the
    // deliveries answered 200, no more.
    const Result r =
        sim(runArgs({QStringLiteral("--run"), QStringLiteral("6"), QStringLiteral("--rate"),
                     QStringLiteral("30"), QStringLiteral("--repeat-rate"), QStringLiteral("0"),
                     QStringLiteral("--seed"), QStringLiteral("31")}));
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("self-check passed")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral("through http://127\\.0\\.0\\.1:\\d+ "
                                                              "\\(.*inbox-receiver\\)"))),
             qPrintable(r.out));

    const qint64 answered = figure(r.out, QStringLiteral("answered 200"));
    QVERIFY2(answered > 100, qPrintable(r.out));
    QCOMPARE(figure(r.out, QStringLiteral("refused")), qint64(0));
    QCOMPARE(figure(r.out, QStringLiteral("stalls")), qint64(0));
    // The sim's ledger against the table: every 200 is a stored delivery. Without stalls no
    // sender waits long enough to give up, so nothing else is there either; should this
    // machine be so loaded that one did, its send may be stored too, and no more than that.
    const qint64 late = figure(r.out, QStringLiteral("timed out")) +
                        figure(r.out, QStringLiteral("connection errors"));
    const qint64 deliveries = scalar(QStringLiteral("SELECT sum(deliveries) FROM inbox.events"));
    if (late == 0) {
        QCOMPARE(deliveries, answered);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.events")),
                 figure(r.out, QStringLiteral("keys,")));
    } else {
        QVERIFY2(deliveries >= answered && deliveries <= answered + late, qPrintable(r.out));
    }
    // Every delivery came in through the receiver's login, none through the simulator's.
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry IN "
                                   "('received', 'duplicate', 'conflict', 'rearmed') "
                                   "AND actor <> 'sim_front_door'")),
             qint64(0));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = 'received' "
                                   "AND actor = 'sim_front_door'")),
             scalar(QStringLiteral("SELECT count(*) FROM inbox.events")));
    // Each sender in its own format, keyed by its adapter: all nine sources arrived, the
    // e-mail by its Message-ID and the missed call by its time bucket (derived keys).
    QCOMPARE(scalar(QStringLiteral("SELECT count(DISTINCT source) FROM inbox.events")), qint64(9));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = 'email' AND "
                                   "external_id NOT LIKE 'derived:message-id:%'")),
             qint64(0));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = 'pbx' AND "
                                   "external_id NOT LIKE 'derived:time-bucket:%:60:%'")),
             qint64(0));
}

void TestSimReceiver::slowReceiverRepeatsComeFromRealTimeouts()
{
    const Result r = sim(
        runArgs({QStringLiteral("--run"), QStringLiteral("15"), QStringLiteral("--rate"),
                 QStringLiteral("20"), QStringLiteral("--scenario"),
                 QStringLiteral("slow-receiver"), QStringLiteral("--seed"), QStringLiteral("37")}));
    QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("self-check passed")), qPrintable(r.out));

    const qint64 stalls = figure(r.out, QStringLiteral("stalls"));
    const qint64 timedOut = figure(r.out, QStringLiteral("timed out"));
    const qint64 answered = figure(r.out, QStringLiteral("answered 200"));
    const qint64 resendsAnswered = figure(r.out, QStringLiteral("answered), "));
    const qint64 planned = figure(r.out, QStringLiteral("planned repeats answered"));
    const qint64 lost = figure(r.out, QStringLiteral("sends whose reply was lost"));
    QVERIFY2(stalls > 0, qPrintable(r.out));
    QVERIFY2(timedOut > 0, qPrintable(r.out));
    QVERIFY2(resendsAnswered > 0, qPrintable(r.out));
    QVERIFY2(lost >= timedOut, qPrintable(r.out));

    // What the inbox counts: every 200 is stored; beyond them, only sends the sender gave up
    // waiting for (stored after its timeout) can be there.
    const qint64 deliveries = scalar(QStringLiteral("SELECT sum(deliveries) FROM inbox.events"));
    QVERIFY2(deliveries >= answered && deliveries <= answered + lost,
             qPrintable(QStringLiteral("%1 stored, %2 answered, %3 lost\n%4")
                            .arg(deliveries)
                            .arg(answered)
                            .arg(lost)
                            .arg(r.out)));
    // The repeats the inbox counted are more than the senders' planned ones (double clicks,
    // polling overlaps, reused ids): the rest are the real resends after a timeout.
    const qint64 repeats = scalar(QStringLiteral("SELECT sum(deliveries - 1) FROM inbox.events"));
    QVERIFY2(
        repeats > planned,
        qPrintable(
            QStringLiteral("%1 repeats, %2 planned\n%3").arg(repeats).arg(planned).arg(r.out)));
    QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM inbox.journal "
                                   "WHERE entry IN ('duplicate', 'conflict', 'rearmed')")),
             repeats);
    // The resends counted by the inbox are a real share of the keys (tens of percent).
    const qint64 keys = scalar(QStringLiteral("SELECT count(*) FROM inbox.events"));
    QVERIFY2(
        repeats - planned > keys / 20,
        qPrintable(
            QStringLiteral("%1 repeats, %2 planned, %3 keys").arg(repeats).arg(planned).arg(keys)));
}

void TestSimReceiver::signalsSwitchTheScenarioWhileItRuns()
{
    // Normal with no late answers at all makes no stall; the switch alone brings them.
    QProcess p;
    p.start(QStringLiteral(INBOX_SIM_BINARY),
            runArgs({QStringLiteral("--run"), QStringLiteral("18"), QStringLiteral("--rate"),
                     QStringLiteral("20"), QStringLiteral("--repeat-rate"), QStringLiteral("0"),
                     QStringLiteral("--seed"), QStringLiteral("41")}));
    QVERIFY(p.waitForStarted());
    QString out;
    // The reports come every 5 s; each ends with "N stalls".
    const auto nextReport = [&] {
        const int before = int(out.count(QStringLiteral(" stalls\n")));
        QElapsedTimer clock;
        clock.start();
        while (out.count(QStringLiteral(" stalls\n")) == before && clock.elapsed() < 30000 &&
               p.state() == QProcess::Running) {
            p.waitForReadyRead(500);
            out += QString::fromUtf8(p.readAllStandardOutput());
        }
        return figure(out, QStringLiteral("stalls"));
    };
    QCOMPARE(nextReport(), 0);
    QCOMPARE(::kill(pid_t(p.processId()), SIGUSR1), 0);
    // Slow from the next delivery on: the first stall begins within the next report.
    const qint64 slow = nextReport();
    QVERIFY2(slow >= 1, qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("scenario switched to slow-receiver: stalls of 7 s")),
             qPrintable(out));
    QCOMPARE(::kill(pid_t(p.processId()), SIGUSR2), 0);
    QVERIFY(p.waitForFinished(180000));
    out += QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
             qPrintable(out + QString::fromUtf8(p.readAllStandardError())));
    QVERIFY2(out.contains(QStringLiteral("scenario switched to normal: no stalls")),
             qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("self-check passed")), qPrintable(out));
    // The stalls made real timeouts; back on normal, no new stall began (one in progress at
    // the switch is finished, not counted twice).
    QCOMPARE(figure(out, QStringLiteral("stalls")), slow);
    QVERIFY2(figure(out, QStringLiteral("timed out")) > 0, qPrintable(out));
}

void TestSimReceiver::missingReceiverIsAClearError()
{
    // Not started, nothing listening: exit code 2 and what to do.
    const Result r =
        sim(runArgs({QStringLiteral("--run"), QStringLiteral("2"), QStringLiteral("--receiver"),
                     QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--receiver-secrets"),
                     QStringLiteral("/nonexistent")}));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("no receiver")), qPrintable(r.err));
    QCOMPARE(sim({QStringLiteral("--run"), QStringLiteral("2"), QStringLiteral("--direct"),
                  QStringLiteral("--receiver"), QStringLiteral("http://127.0.0.1:9"),
                  QStringLiteral("--receiver-secrets"), QStringLiteral("/tmp")})
                 .exitCode,
             64);
}

QTEST_GUILESS_MAIN(TestSimReceiver)
#include "tst_simreceiver.moc"
