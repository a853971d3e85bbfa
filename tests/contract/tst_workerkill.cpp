// A worker process killed with SIGKILL in the middle of a job, for real: a separate psql
// process logs in as a worker, claims an event and begins its outgoing action, and is
// killed while it "performs" it. Its event must be taken over once the lock is older than
// the lock timeout (the lock is moved back in the database, nothing sleeps), and the next
// worker's begin_action on the same operation key must answer `unknown` (look it up first),
// never `started`, so the action is not performed twice.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QProcess>

using contract::one;
using contract::oneInt;

class TestWorkerKill final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestWorkerKill()
        : DatabaseTestCase{{"worker_a", {"inbox_worker"}}, {"worker_b", {"inbox_worker"}}}
    {}

private slots:
    void killedWorkerIsTakenOverAndItsActionNotRepeated()
    {
        PgSession su(m_db.conninfo());
        const qint64 event =
            oneInt(su, QStringLiteral("SELECT event_id FROM inbox.accept('form', 'k-1',"
                                      " convert_to('{\"phone\":\"+79035551122\"}', 'UTF8'))"));
        QVERIFY(event > 0);
        const QString key = QStringLiteral("deal:form:k-1");

        // The doomed worker: its own process and session, stopping in the middle of the job
        // (it waits on its standard input, as if the CRM call were under way).
        QProcess worker;
        worker.setProgram(PgCluster::binDir() + QStringLiteral("/psql"));
        worker.setArguments({QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-At"),
                             QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
                             QStringLiteral("-d"),
                             m_db.conninfo(QStringLiteral("worker_a")) +
                                 QStringLiteral(" application_name=doomed_worker")});
        worker.start();
        QVERIFY2(worker.waitForStarted(10000), qPrintable(worker.errorString()));
        worker.write(QStringLiteral("SELECT id AS ev FROM inbox.claim('w-doomed', 1) \\gset\n"
                                    "SELECT 'begun ' || state FROM inbox.begin_action(:ev,"
                                    " 'create_deal', '%1');\n")
                         .arg(key)
                         .toUtf8());
        QByteArray out;
        QTRY_VERIFY2_WITH_TIMEOUT(
            (out += worker.readAllStandardOutput()).contains("begun started"),
            qPrintable(QString::fromUtf8(out + worker.readAllStandardError())), 15000);

        worker.kill(); // SIGKILL
        QVERIFY(worker.waitForFinished(10000));
        QCOMPARE(worker.exitStatus(), QProcess::CrashExit);
        QTRY_COMPARE_WITH_TIMEOUT(
            oneInt(su, QStringLiteral("SELECT count(*) FROM pg_stat_activity"
                                      " WHERE application_name = 'doomed_worker'")),
            qint64(0), 10000);
        QCOMPARE(one(su,
                     QStringLiteral("SELECT status || ' ' || locked_by FROM inbox.events"
                                    " WHERE id = $1"),
                     {event}),
                 QStringLiteral("processing w-doomed"));
        const QString doomedToken = contract::tokenOf(su, event); // what the dead worker held

        PgSession heir(m_db.conninfo(QStringLiteral("worker_b")));
        QVERIFY2(heir.ok(), qPrintable(heir.error()));
        // Within the lock timeout nobody takes it: the dead worker might still be working.
        PgResult claim = heir.exec(QStringLiteral("SELECT id FROM inbox.claim('w-heir', 1)"));
        QVERIFY_SQL(claim);
        QCOMPARE(claim.rows(), 0);

        // The lock timeout (5 minutes) passes.
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET locked_at = locked_at -"
                                           " interval '6 minutes' WHERE id = $1"),
                            {event}));
        claim = heir.exec(QStringLiteral("SELECT id, attempts FROM inbox.claim('w-heir', 1)"));
        QVERIFY_SQL(claim);
        QCOMPARE(claim.rows(), 1);
        QCOMPARE(claim.value(0, 0).toLongLong(), event);
        QCOMPARE(claim.value(0, 1).toInt(), 2);
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM inbox.journal WHERE event_id = $1"
                                       " AND entry = 'takeover' AND detail::text LIKE"
                                       " '%w-doomed%'"),
                        {event}),
                 qint64(1));

        // The same operation key: not `started` again, but `unknown`: look it up first.
        const PgResult begun =
            heir.exec(QStringLiteral(
                          "SELECT action_id, state FROM inbox.begin_action($1, 'create_deal', $2)"),
                      {event, key});
        QVERIFY_SQL(begun);
        QCOMPARE(begun.value(0, 1), QStringLiteral("unknown"));
        const qint64 action = begun.value(0, 0).toLongLong();
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM inbox.actions"
                                       " WHERE operation_key = $1"),
                        {key}),
                 qint64(1));
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM inbox.journal WHERE event_id = $1"
                                       " AND entry = 'action_started'"),
                        {event}),
                 qint64(1));

        // The look-up found the deal the dead worker made: recorded, the job finished.
        QVERIFY_SQL(
            heir.exec(QStringLiteral("SELECT inbox.finish_action($1, true, '{\"deal\": \"D-7\"}')"),
                      {action}));
        QCOMPARE(one(heir, QStringLiteral("SELECT inbox.complete($1, 'w-heir', $2, NULL)"),
                     {event, contract::tokenOf(su, event)}),
                 QStringLiteral("t"));
        const PgResult again =
            heir.exec(QStringLiteral("SELECT state, result->>'deal' FROM inbox.begin_action($1,"
                                     " 'create_deal', $2)"),
                      {event, key});
        QVERIFY_SQL(again);
        QCOMPARE(again.value(0, 0), QStringLiteral("done"));
        QCOMPARE(again.value(0, 1), QStringLiteral("D-7"));

        // Had the dead worker come back, it would be fenced.
        PgSession ghost(m_db.conninfo(QStringLiteral("worker_a")));
        QCOMPARE(one(ghost, QStringLiteral("SELECT inbox.complete($1, 'w-doomed', $2, NULL)"),
                     {event, doomedToken}),
                 QStringLiteral("f"));
        QCOMPARE(one(su, QStringLiteral("SELECT status FROM inbox.events WHERE id = $1"), {event}),
                 QStringLiteral("done"));
    }

    void cleanupTestCase() { m_db.stop(); }
};

QTEST_GUILESS_MAIN(TestWorkerKill)
#include "tst_workerkill.moc"
