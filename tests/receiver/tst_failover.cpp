// Failover without a lost 200 (issue 36): the test's cluster becomes a primary with a hot
// standby made by pg_basebackup -R and a second postmaster, and synchronous replication for
// the receiver's login (synchronous_standby_names = '*', synchronous_commit = on). The real
// receiver takes a multi-host connection string with target_session_attrs=read-write. Under
// load the primary's processes are killed with SIGKILL, the standby is promoted, and the
// receiver finds the new primary by itself: every delivery a client saw answered 200 is on
// the new primary exactly once. (With asynchronous replication the same kill can lose the
// last commits the standby had not received yet: README, "Standby and failover".)
#include "databasetestcase.h"
#include "pgcluster.h"
#include "receiverprocess.h"
#include "senderload.h"
#include "standby.h"

#include <QFile>
#include <QHash>
#include <QProcess>
#include <QTest>

#include <csignal>

namespace {

const QString kLogin = QStringLiteral("fail_ingest");
constexpr int kStandbyPort = 5433;

// Every process of the server in `dataDir` killed with SIGKILL at once: the machine is gone,
// nothing is written or sent after it.
void killServer(const QString &dataDir)
{
    QFile pidFile(dataDir + QStringLiteral("/postmaster.pid"));
    if (!pidFile.open(QIODevice::ReadOnly))
        return;
    const pid_t postmaster = pid_t(pidFile.readLine().trimmed().toInt());
    QProcess::execute(QStringLiteral("pkill"),
                      {QStringLiteral("-KILL"), QStringLiteral("-P"), QString::number(postmaster)});
    ::kill(postmaster, SIGKILL);
}

} // namespace

class TestFailover final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestFailover() : DatabaseTestCase{{kLogin, {QStringLiteral("inbox_ingest")}}} {}

private slots:
    void noDeliveryAnswered200IsLostWhenThePrimaryDies()
    {
        PgCluster &primary = m_db.cluster();
        const QString db =
            m_db.conninfo().section(QStringLiteral("dbname='"), 1).section(QLatin1Char('\''), 0, 0);
        Standby standby(kStandbyPort);
        QString error;
        QVERIFY2(standby.start(primary, &error), qPrintable(error));
        // Synchronous for the receiver's login: a commit returns once the standby has it.
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("ALTER SYSTEM SET synchronous_standby_names "
                                                  "= '*'")));
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("SELECT pg_reload_conf()")));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("ALTER ROLE %1 SET synchronous_commit = on").arg(kLogin)));
        QVERIFY(QTest::qWaitFor(
            [&] {
                return m_db.su()
                           .exec(QStringLiteral("SELECT count(*) FROM pg_stat_replication "
                                                "WHERE sync_state = 'sync'"))
                           .value(0, 0) == QLatin1String("1");
            },
            30000));

        // Both servers in one connection string: libpq takes the one that accepts writes.
        const QString multiHost =
            QStringLiteral("host='%1,%2' port=5432,%3 dbname='%4' user=%5 "
                           "target_session_attrs=read-write connect_timeout=2")
                .arg(primary.socketDir(), standby.socketDir())
                .arg(kStandbyPort)
                .arg(db, kLogin);
        ReceiverProcess receiver;
        QVERIFY_RECEIVER_READY(
            receiver, ReceiverProcess::config(multiHost, "writers = 2\n",
                                              "[source fail]\npath = /hooks/fail\nadapter = json\n"
                                              "key_fields = id\n"));
        SenderLoad load(receiver.port(), "/hooks/fail", 4);
        QVERIFY2(load.waitAnswered(200, 30000), receiver.log().constData());

        killServer(primary.dataDir());
        const int beforePromote = load.ledger().answeredCount();
        QVERIFY2(standby.promote(&error), qPrintable(error));
        // The receiver finds the new primary by itself and answers 200 again.
        QVERIFY2(load.waitAnswered(beforePromote + 100, 60000), receiver.log().constData());
        load.stop();

        PgSession promoted(standby.conninfo(db));
        QVERIFY2(promoted.ok(), qPrintable(promoted.error()));
        const PgResult rows = promoted.exec(
            QStringLiteral("SELECT external_id, count(*) FROM inbox.events WHERE source = 'fail' "
                           "GROUP BY external_id"));
        QVERIFY2(rows.ok, qPrintable(rows.message));
        QHash<QString, int> stored;
        for (int r = 0; r < rows.rows(); ++r)
            stored.insert(rows.value(r, 0), rows.value(r, 1).toInt());
        const QList<QByteArray> answered = load.ledger().answered200.keys();
        int missing = 0;
        for (const QByteArray &key : answered) {
            if (!stored.contains(QString::fromUtf8(key)))
                ++missing;
        }
        QVERIFY2(missing == 0, qPrintable(QStringLiteral("%1 of %2 deliveries answered 200 are "
                                                         "not on the new primary")
                                              .arg(missing)
                                              .arg(answered.size())));
        for (auto it = stored.cbegin(); it != stored.cend(); ++it)
            QVERIFY2(it.value() == 1, qPrintable(it.key()));
        qInfo("%d deliveries answered 200 (%d before the kill), all on the new primary",
              int(answered.size()), beforePromote);
    }
};

QTEST_MAIN(TestFailover)
#include "tst_failover.moc"
