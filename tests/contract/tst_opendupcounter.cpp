// inbox.open_duplicates() from the maintained counter (migration 0009): after record_lead,
// merge, reject and undo, concurrent flags from many sessions, set-based writes, and the
// migration itself on a database that already has pairs, it equals a count of the open pairs.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QFile>
#include <QtTest>

using namespace contract;

class TestOpenDuplicateCounter : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestOpenDuplicateCounter()
        : DatabaseTestCase{{"c_worker", {"inbox_worker"}}, {"c_manager", {"inbox_manager"}}}
    {}

private:
    int m_seq = 0;

    static QString counted(PgSession &su)
    {
        return one(su, QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates WHERE "
                                      "status = 'open'"));
    }
    static QString reported(PgSession &s)
    {
        return one(s, QStringLiteral("SELECT inbox.open_duplicates()"));
    }

    qint64 lead(PgSession &su, PgSession &worker, const QString &phone)
    {
        const qint64 event =
            insertEvent(su, QStringLiteral("form"), QStringLiteral("o-%1").arg(++m_seq));
        return oneInt(worker, QStringLiteral("SELECT inbox.record_lead($1, $2, NULL, 'Ivan')"),
                      {event, phone});
    }

private slots:
    void followsFlagsAndDecisions()
    {
        PgSession su(m_db.conninfo());
        PgSession worker(m_db.conninfo(QStringLiteral("c_worker")));
        PgSession manager(m_db.conninfo(QStringLiteral("c_manager")));
        QCOMPARE(reported(manager), QStringLiteral("0"));
        for (int i = 0; i < 3; ++i)
            QVERIFY(lead(su, worker, QStringLiteral("8 916 123 45 6%1").arg(i)) > 0);
        QCOMPARE(reported(manager), QStringLiteral("0")); // three different phones
        // Same phone again: one pair each; a third lead with it: two more pairs.
        lead(su, worker, QStringLiteral("8 916 123 45 60"));
        lead(su, worker, QStringLiteral("8 916 123 45 61"));
        lead(su, worker, QStringLiteral("8 916 123 45 61"));
        QCOMPARE(counted(su), QStringLiteral("4"));
        QCOMPARE(reported(manager), QStringLiteral("4"));
        // Calling record_lead again for the same event flags nothing new.
        QVERIFY_SQL(
            su.exec(QStringLiteral("SELECT inbox.record_lead(event_id, phone_raw, NULL, 'Ivan') "
                                   "FROM inbox.leads")));
        QCOMPARE(reported(manager), QStringLiteral("4"));

        const PgResult ids =
            su.exec(QStringLiteral("SELECT id FROM inbox.duplicate_candidates ORDER BY id"));
        QCOMPARE(ids.rows(), 4);
        const auto decide = [&](int i, const char *decision) {
            return one(manager, QStringLiteral("SELECT inbox.decide_duplicate($1, $2)"),
                       {ids.value(i, 0).toLongLong(), QString::fromLatin1(decision)});
        };
        QVERIFY(!decide(0, "merge").startsWith(QLatin1Char('!')));
        QCOMPARE(reported(manager), QStringLiteral("3"));
        QVERIFY(!decide(1, "reject").startsWith(QLatin1Char('!')));
        QCOMPARE(reported(manager), QStringLiteral("2"));
        decide(1, "merge"); // already decided: nothing changes
        QCOMPARE(reported(manager), QStringLiteral("2"));
        QVERIFY(!decide(0, "undo").startsWith(QLatin1Char('!')));
        QCOMPARE(reported(manager), QStringLiteral("3"));
        QCOMPARE(reported(manager), counted(su));
    }

    // Many sessions flag pairs at once (different counter shards); set-based writes by the
    // owner (as inbox-sim's fill does) are counted per statement.
    void concurrentAndSetBased()
    {
        PgSession su(m_db.conninfo());
        constexpr int kSessions = 6;
        constexpr int kLeads = 15;
        std::vector<qint64> events;
        for (int i = 0; i < kSessions * kLeads; ++i)
            events.push_back(
                insertEvent(su, QStringLiteral("form"), QStringLiteral("c-%1").arg(i)));
        std::promise<void> go;
        std::shared_future<void> start = go.get_future().share();
        std::vector<std::thread> threads;
        std::atomic<int> failures{0};
        for (int t = 0; t < kSessions; ++t) {
            threads.emplace_back([&, t] {
                PgSession w(m_db.conninfo(QStringLiteral("c_worker")));
                start.wait();
                for (int i = 0; i < kLeads; ++i) {
                    // Five phones shared by everybody: many pairs, flagged concurrently.
                    const PgResult r =
                        w.exec(QStringLiteral("SELECT inbox.record_lead($1, $2, NULL, 'Ivan')"),
                               {events[size_t(t * kLeads + i)],
                                QStringLiteral("8 916 000 00 0%1").arg(i % 5)});
                    if (!r.ok)
                        ++failures;
                }
            });
        }
        go.set_value();
        for (auto &th : threads)
            th.join();
        QCOMPARE(failures.load(), 0);
        QVERIFY(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.duplicate_candidates")) >
                100);
        QCOMPARE(reported(su), counted(su));
        QVERIFY(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.duplicate_counts")) >= 2);

        QVERIFY_SQL(
            su.exec(QStringLiteral("UPDATE inbox.duplicate_candidates SET status = 'rejected' "
                                   "WHERE id % 3 = 0")));
        QCOMPARE(reported(su), counted(su));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.duplicate_candidates SET status = 'open' "
                                           "WHERE id % 6 = 0")));
        QCOMPARE(reported(su), counted(su));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.duplicate_candidates SET note = 'x'")));
        QCOMPARE(reported(su), counted(su));
        QVERIFY_SQL(
            su.exec(QStringLiteral("DELETE FROM inbox.duplicate_candidates WHERE id % 4 = 1")));
        QCOMPARE(reported(su), counted(su));
        QVERIFY_SQL(su.exec(QStringLiteral(
            "INSERT INTO inbox.duplicate_candidates (lead_id, match_lead_id, reasons, score, "
            "status)"
            " SELECT l.id, m.id, '{phone}', 0.5, CASE WHEN l.id % 2 = 0 THEN 'open' ELSE 'merged' "
            "END"
            " FROM inbox.leads l JOIN inbox.leads m ON m.id < l.id ON CONFLICT DO NOTHING")));
        QCOMPARE(reported(su), counted(su));
        // A rolled-back change leaves the counter as it was.
        const QString before = reported(su);
        QVERIFY_SQL(su.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(
            su.exec(QStringLiteral("UPDATE inbox.duplicate_candidates SET status = 'merged'")));
        QCOMPARE(reported(su), QStringLiteral("0"));
        QVERIFY_SQL(su.exec(QStringLiteral("ROLLBACK")));
        QCOMPARE(reported(su), before);
    }

    // The migration on a database that already has pairs: the counter starts at their count.
    void migrationCountsExistingPairs()
    {
        PgSession su(m_db.conninfo());
        PgSession worker(m_db.conninfo(QStringLiteral("c_worker")));
        for (int i = 0; i < 6; ++i)
            lead(su, worker, QStringLiteral("8 916 555 00 0%1").arg(i % 2));
        QVERIFY_SQL(
            su.exec(QStringLiteral("UPDATE inbox.duplicate_candidates SET status = 'rejected' "
                                   "WHERE id = (SELECT min(id) FROM inbox.duplicate_candidates)")));
        const QString open = counted(su);
        QVERIFY(open.toInt() >= 3);
        // Back to the state before 0009 (the old function's body is immaterial here), then 0009.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "DROP TRIGGER duplicate_candidates_count_ins ON inbox.duplicate_candidates;"
            "DROP TRIGGER duplicate_candidates_count_upd ON inbox.duplicate_candidates;"
            "DROP TRIGGER duplicate_candidates_count_del ON inbox.duplicate_candidates;"
            "DROP FUNCTION inbox._track_open_duplicates(); DROP TABLE inbox.duplicate_counts")));
        QFile file(QStringLiteral(":/migrations/0009_open_duplicates_counter.sql"));
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        QVERIFY_SQL(su.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(su.exec(QString::fromUtf8(file.readAll())));
        QVERIFY_SQL(su.exec(QStringLiteral("COMMIT")));
        QCOMPARE(reported(su), open);
        // The grants the function had are kept by CREATE OR REPLACE.
        PgSession manager(m_db.conninfo(QStringLiteral("c_manager")));
        QCOMPARE(reported(manager), open);
        QCOMPARE(worker.exec(QStringLiteral("SELECT inbox.open_duplicates()")).sqlstate,
                 QStringLiteral("42501"));
    }

    void cleanupTestCase() { m_db.stop(); }
};

QTEST_GUILESS_MAIN(TestOpenDuplicateCounter)
#include "tst_opendupcounter.moc"
