// inbox.decide_duplicate against a real PostgreSQL: merge links (nothing deleted), reject is
// for good, undo restores exactly the previous lead row, a decided pair is not decided again,
// and of two managers deciding one pair at once exactly one wins.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace contract;

class TestDuplicates : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestDuplicates()
        : DatabaseTestCase{{"mgr_anna", {"inbox_manager"}}, {"mgr_boris", {"inbox_manager"}}}
    {}

private:
    int m_seq = 0;

    struct Pair
    {
        qint64 earlier = -1; // match_lead_id
        qint64 newer = -1;   // lead_id
        qint64 candidate = -1;
    };

    qint64 lead(PgSession &su, const QString &phone, const QString &name, const QVariant &deal = {})
    {
        const qint64 event =
            insertEvent(su, QStringLiteral("form"), QStringLiteral("d-%1").arg(++m_seq));
        return oneInt(su,
                      QStringLiteral("SELECT inbox.record_lead($1, $2, NULL, $3, 'summary', $4)"),
                      {event, phone, name, deal});
    }

    // Two leads with one phone; the earlier has an open deal.
    Pair pair(PgSession &su, const QString &phone = QStringLiteral("8 916 123 45 67"))
    {
        Pair p;
        p.earlier = lead(su, phone, QStringLiteral("Ivan"), QStringLiteral("DEAL-100"));
        p.newer = lead(su, phone, QStringLiteral("Ivan"));
        p.candidate = oneInt(su,
                             QStringLiteral("SELECT id FROM inbox.duplicate_candidates"
                                            " WHERE lead_id = $1 AND match_lead_id = $2"),
                             {p.newer, p.earlier});
        return p;
    }

    static QJsonObject row(PgSession &s, const QString &table, qint64 id)
    {
        const QString text = one(
            s, QStringLiteral("SELECT to_jsonb(t)::text FROM inbox.%1 t WHERE id = $1").arg(table),
            {id});
        return QJsonDocument::fromJson(text.toUtf8()).object();
    }

    static QString decide(PgSession &s, qint64 candidate, const QString &decision,
                          const QVariant &note = {})
    {
        return one(s, QStringLiteral("SELECT inbox.decide_duplicate($1, $2, $3)"),
                   {candidate, decision, note});
    }

    static qint64 eventOf(PgSession &su, qint64 leadId)
    {
        return oneInt(su, QStringLiteral("SELECT event_id FROM inbox.leads WHERE id = $1"),
                      {leadId});
    }

    // Journal entries `entry` for the candidate, one per lead event, by the given person.
    static void checkJournal(PgSession &su, const Pair &p, const QString &entry,
                             const QString &actor, const QVariant &note)
    {
        const PgResult j =
            su.exec(QStringLiteral("SELECT event_id, actor, by_person, detail->>'note'"
                                   " FROM inbox.journal WHERE entry = $1"
                                   " AND (detail->>'candidate_id')::bigint = $2 ORDER BY event_id"),
                    {entry, p.candidate});
        QVERIFY_SQL(j);
        QCOMPARE(j.rows(), 2);
        QCOMPARE(j.value(0, 0).toLongLong(), eventOf(su, p.earlier));
        QCOMPARE(j.value(1, 0).toLongLong(), eventOf(su, p.newer));
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(j.value(i, 1), actor);
            QCOMPARE(j.value(i, 2), QStringLiteral("t"));
            QCOMPARE(j.isNull(i, 3), note.isNull());
            if (!note.isNull())
                QCOMPARE(j.value(i, 3), note.toString());
        }
    }

private slots:
    void mergeLinksTheNewerLead()
    {
        PgSession su(m_db.conninfo());
        PgSession anna(m_db.conninfo(QStringLiteral("mgr_anna")));
        QVERIFY2(anna.ok(), qPrintable(anna.error()));
        const Pair p = pair(su);
        QVERIFY(p.candidate > 0);
        const QJsonObject earlierBefore = row(su, QStringLiteral("leads"), p.earlier);
        const QJsonObject newerBefore = row(su, QStringLiteral("leads"), p.newer);
        QVERIFY(newerBefore.value(QStringLiteral("merged_into")).isNull());
        QVERIFY(newerBefore.value(QStringLiteral("deal_ref")).isNull());

        QCOMPARE(decide(anna, p.candidate, QStringLiteral("merge"), QStringLiteral("same caller")),
                 QStringLiteral("merged"));

        const QJsonObject newer = row(su, QStringLiteral("leads"), p.newer);
        QCOMPARE(qint64(newer.value(QStringLiteral("merged_into")).toDouble()), p.earlier);
        QCOMPARE(newer.value(QStringLiteral("deal_ref")).toString(), QStringLiteral("DEAL-100"));
        QCOMPARE(newer.value(QStringLiteral("deal_open")).toBool(), true);
        // Everything else of the newer lead, and all of the earlier one, is untouched.
        for (const QString &key : newerBefore.keys()) {
            if (key != QLatin1String("merged_into") && key != QLatin1String("deal_ref") &&
                key != QLatin1String("deal_open"))
                QCOMPARE(newer.value(key), newerBefore.value(key));
        }
        QCOMPARE(row(su, QStringLiteral("leads"), p.earlier), earlierBefore);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.leads")), 2);

        const PgResult c =
            su.exec(QStringLiteral("SELECT status, decided_by, decided_at IS NOT NULL, note,"
                                   " undo_state IS NOT NULL FROM inbox.duplicate_candidates"
                                   " WHERE id = $1"),
                    {p.candidate});
        QVERIFY_SQL(c);
        QCOMPARE(c.value(0, 0), QStringLiteral("merged"));
        QCOMPARE(c.value(0, 1), QStringLiteral("mgr_anna"));
        QCOMPARE(c.value(0, 2), QStringLiteral("t"));
        QCOMPARE(c.value(0, 3), QStringLiteral("same caller"));
        QCOMPARE(c.value(0, 4), QStringLiteral("t"));
        checkJournal(su, p, QStringLiteral("duplicate_merged"), QStringLiteral("mgr_anna"),
                     QStringLiteral("same caller"));
    }

    void rejectKeepsLeadsApart()
    {
        PgSession su(m_db.conninfo());
        PgSession anna(m_db.conninfo(QStringLiteral("mgr_anna")));
        const Pair p = pair(su);
        const QJsonObject earlierBefore = row(su, QStringLiteral("leads"), p.earlier);
        const QJsonObject newerBefore = row(su, QStringLiteral("leads"), p.newer);
        QCOMPARE(decide(anna, p.candidate, QStringLiteral("reject")), QStringLiteral("rejected"));
        QCOMPARE(row(su, QStringLiteral("leads"), p.earlier), earlierBefore);
        QCOMPARE(row(su, QStringLiteral("leads"), p.newer), newerBefore);
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT status || ' ' || decided_by FROM inbox.duplicate_candidates"
                               " WHERE id = $1"),
                {p.candidate}),
            QStringLiteral("rejected mgr_anna"));
        checkJournal(su, p, QStringLiteral("duplicate_rejected"), QStringLiteral("mgr_anna"),
                     QVariant());
    }

    // Undo gives back the lead row exactly, field by field, and reopens the pair.
    void undoRestoresExactly_data()
    {
        QTest::addColumn<QString>("decision");
        QTest::newRow("merge") << QStringLiteral("merge");
        QTest::newRow("reject") << QStringLiteral("reject");
    }

    void undoRestoresExactly()
    {
        QFETCH(QString, decision);
        PgSession su(m_db.conninfo());
        PgSession anna(m_db.conninfo(QStringLiteral("mgr_anna")));
        PgSession boris(m_db.conninfo(QStringLiteral("mgr_boris")));
        const Pair p = pair(su);
        // The newer lead has a deal of its own, so the merge really changes three fields.
        QVERIFY_SQL(
            su.exec(QStringLiteral("UPDATE inbox.leads SET deal_ref = 'OWN-7', deal_open = false"
                                   " WHERE id = $1"),
                    {p.newer}));
        const QJsonObject newerBefore = row(su, QStringLiteral("leads"), p.newer);
        const QJsonObject earlierBefore = row(su, QStringLiteral("leads"), p.earlier);
        const QJsonObject candidateBefore =
            row(su, QStringLiteral("duplicate_candidates"), p.candidate);

        QCOMPARE(decide(anna, p.candidate, decision, QStringLiteral("first look")),
                 decision == QLatin1String("merge") ? QStringLiteral("merged")
                                                    : QStringLiteral("rejected"));
        if (decision == QLatin1String("merge"))
            QVERIFY(row(su, QStringLiteral("leads"), p.newer) != newerBefore);

        QCOMPARE(decide(boris, p.candidate, QStringLiteral("undo"), QStringLiteral("wrong")),
                 QStringLiteral("undone"));
        const QJsonObject newerAfter = row(su, QStringLiteral("leads"), p.newer);
        QCOMPARE(newerAfter.keys(), newerBefore.keys());
        for (const QString &key : newerBefore.keys())
            QCOMPARE(newerAfter.value(key), newerBefore.value(key));
        QCOMPARE(row(su, QStringLiteral("leads"), p.earlier), earlierBefore);
        // The pair is open again, as it was, without who/when of the undone decision.
        const QJsonObject candidateAfter =
            row(su, QStringLiteral("duplicate_candidates"), p.candidate);
        for (const QString &key : candidateBefore.keys())
            QCOMPARE(candidateAfter.value(key), candidateBefore.value(key));
        QCOMPARE(candidateAfter.value(QStringLiteral("status")).toString(), QStringLiteral("open"));
        QVERIFY(candidateAfter.value(QStringLiteral("decided_by")).isNull());
        QVERIFY(candidateAfter.value(QStringLiteral("decided_at")).isNull());
        checkJournal(su, p, QStringLiteral("duplicate_undone"), QStringLiteral("mgr_boris"),
                     QStringLiteral("wrong"));

        // Undone, it can be decided again (the other way).
        QCOMPARE(decide(anna, p.candidate,
                        decision == QLatin1String("merge") ? QStringLiteral("reject")
                                                           : QStringLiteral("merge")),
                 decision == QLatin1String("merge") ? QStringLiteral("rejected")
                                                    : QStringLiteral("merged"));
    }

    void undoOfOpenPairIsNotDecided()
    {
        PgSession su(m_db.conninfo());
        const Pair p = pair(su);
        const QJsonObject before = row(su, QStringLiteral("duplicate_candidates"), p.candidate);
        const qint64 journal = oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"));
        QCOMPARE(decide(su, p.candidate, QStringLiteral("undo")), QStringLiteral("not_decided"));
        QCOMPARE(row(su, QStringLiteral("duplicate_candidates"), p.candidate), before);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), journal);
    }

    void decidedPairIsAlreadyDecided_data()
    {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        QTest::newRow("merge, then reject") << QStringLiteral("merge") << QStringLiteral("reject");
        QTest::newRow("merge, then merge") << QStringLiteral("merge") << QStringLiteral("merge");
        QTest::newRow("reject, then merge") << QStringLiteral("reject") << QStringLiteral("merge");
        QTest::newRow("reject, then reject")
            << QStringLiteral("reject") << QStringLiteral("reject");
    }

    void decidedPairIsAlreadyDecided()
    {
        QFETCH(QString, first);
        QFETCH(QString, second);
        PgSession su(m_db.conninfo());
        PgSession anna(m_db.conninfo(QStringLiteral("mgr_anna")));
        PgSession boris(m_db.conninfo(QStringLiteral("mgr_boris")));
        const Pair p = pair(su);
        QVERIFY(decide(anna, p.candidate, first, QStringLiteral("anna's"))
                    .endsWith(QLatin1String("ed")));
        const QJsonObject candidate = row(su, QStringLiteral("duplicate_candidates"), p.candidate);
        const QJsonObject newer = row(su, QStringLiteral("leads"), p.newer);
        const qint64 journal = oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"));
        QCOMPARE(decide(boris, p.candidate, second, QStringLiteral("boris'")),
                 QStringLiteral("already_decided"));
        QCOMPARE(row(su, QStringLiteral("duplicate_candidates"), p.candidate), candidate);
        QCOMPARE(candidate.value(QStringLiteral("decided_by")).toString(),
                 QStringLiteral("mgr_anna"));
        QCOMPARE(row(su, QStringLiteral("leads"), p.newer), newer);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), journal);
    }

    // A newer lead flagged against two earlier ones can be merged into one of them only;
    // the second merge is refused, so undoing either decision stays exact.
    void secondMergeOfOneLeadIsRefused()
    {
        PgSession su(m_db.conninfo());
        const qint64 a = lead(su, QStringLiteral("8 916 123 45 67"), QStringLiteral("Ivan"));
        const qint64 b = lead(su, QStringLiteral("+7 916 123 45 67"), QStringLiteral("Ivan"));
        const qint64 c = lead(su, QStringLiteral("9161234567"), QStringLiteral("Ivan"));
        const qint64 ca = oneInt(su,
                                 QStringLiteral("SELECT id FROM inbox.duplicate_candidates"
                                                " WHERE lead_id = $1 AND match_lead_id = $2"),
                                 {c, a});
        const qint64 cb = oneInt(su,
                                 QStringLiteral("SELECT id FROM inbox.duplicate_candidates"
                                                " WHERE lead_id = $1 AND match_lead_id = $2"),
                                 {c, b});
        QVERIFY(ca > 0);
        QVERIFY(cb > 0);
        QCOMPARE(decide(su, ca, QStringLiteral("merge")), QStringLiteral("merged"));
        const QJsonObject leadC = row(su, QStringLiteral("leads"), c);
        QCOMPARE(decide(su, cb, QStringLiteral("merge")), QStringLiteral("lead_already_merged"));
        QCOMPARE(row(su, QStringLiteral("leads"), c), leadC);
        QCOMPARE(one(su,
                     QStringLiteral("SELECT status FROM inbox.duplicate_candidates WHERE id = $1"),
                     {cb}),
                 QStringLiteral("open"));
        QCOMPARE(decide(su, ca, QStringLiteral("undo")), QStringLiteral("undone"));
        QCOMPARE(decide(su, cb, QStringLiteral("merge")), QStringLiteral("merged"));
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT merged_into FROM inbox.leads WHERE id = $1"), {c}),
            b);
    }

    // Leads outlive their events (prune): a decision is still journaled, on the surviving
    // event and with event_id NULL for the pruned one.
    void decisionAfterOneEventWasPruned()
    {
        PgSession su(m_db.conninfo());
        const Pair p = pair(su);
        const qint64 gone = eventOf(su, p.earlier);
        QVERIFY_SQL(su.exec(QStringLiteral("DELETE FROM inbox.events WHERE id = $1"), {gone}));
        QCOMPARE(decide(su, p.candidate, QStringLiteral("merge")), QStringLiteral("merged"));
        const PgResult j = su.exec(
            QStringLiteral("SELECT event_id, (detail->>'this_lead_id')::bigint FROM inbox.journal"
                           " WHERE entry = 'duplicate_merged' ORDER BY id"));
        QVERIFY_SQL(j);
        QCOMPARE(j.rows(), 2);
        QVERIFY(j.isNull(0, 0));
        QCOMPARE(j.value(0, 1).toLongLong(), p.earlier);
        QCOMPARE(j.value(1, 0).toLongLong(), eventOf(su, p.newer));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT merged_into FROM inbox.leads WHERE id = $1"),
                        {p.newer}),
                 p.earlier);
    }

    void unknownCandidateAndBadArguments()
    {
        PgSession su(m_db.conninfo());
        PgSession anna(m_db.conninfo(QStringLiteral("mgr_anna")));
        const Pair p = pair(su);
        for (const QString &d :
             {QStringLiteral("merge"), QStringLiteral("reject"), QStringLiteral("undo")})
            QCOMPARE(decide(anna, p.candidate + 1000, d), QStringLiteral("not_found"));

        PgResult r =
            anna.exec(QStringLiteral("SELECT inbox.decide_duplicate($1, 'delete')"), {p.candidate});
        QVERIFY(!r.ok);
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        QVERIFY2(r.message.contains(QLatin1String("p_decision")), qPrintable(r.message));
        r = anna.exec(QStringLiteral("SELECT inbox.decide_duplicate($1, 'MERGE')"), {p.candidate});
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        r = anna.exec(QStringLiteral("SELECT inbox.decide_duplicate($1, NULL)"), {p.candidate});
        QCOMPARE(r.sqlstate, QStringLiteral("22004"));
        QVERIFY2(r.message.contains(QLatin1String("p_decision")), qPrintable(r.message));
        r = anna.exec(QStringLiteral("SELECT inbox.decide_duplicate(NULL, 'merge')"));
        QCOMPARE(r.sqlstate, QStringLiteral("22004"));
        QVERIFY2(r.message.contains(QLatin1String("p_candidate_id")), qPrintable(r.message));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT status FROM inbox.duplicate_candidates WHERE id = $1"),
                     {p.candidate}),
                 QStringLiteral("open"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE by_person")),
                 0);
    }

    // The first manager's decision is still uncommitted when the second decides: the second
    // provably waits on the pair and then gets already_decided.
    void raceSecondManagerWaitsAndLoses()
    {
        PgSession su(m_db.conninfo());
        PgSession anna(m_db.conninfo(QStringLiteral("mgr_anna")));
        PgSession boris(m_db.conninfo(QStringLiteral("mgr_boris")));
        const Pair p = pair(su);
        QVERIFY_SQL(anna.exec(QStringLiteral("BEGIN")));
        QCOMPARE(decide(anna, p.candidate, QStringLiteral("merge")), QStringLiteral("merged"));
        QString borisOutcome;
        const int pid = backendPid(boris);
        std::thread t([&] { borisOutcome = decide(boris, p.candidate, QStringLiteral("reject")); });
        const bool blocked = waitUntilBlocked(su, pid);
        QVERIFY_SQL(anna.exec(QStringLiteral("COMMIT")));
        t.join();
        QVERIFY(blocked);
        QCOMPARE(borisOutcome, QStringLiteral("already_decided"));
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT status || ' ' || decided_by FROM inbox.duplicate_candidates"
                               " WHERE id = $1"),
                {p.candidate}),
            QStringLiteral("merged mgr_anna"));
    }

    // Free race, many rounds: both managers decide the same pair at the same moment.
    void raceOneWinner()
    {
        PgSession su(m_db.conninfo());
        PgSession anna(m_db.conninfo(QStringLiteral("mgr_anna")));
        PgSession boris(m_db.conninfo(QStringLiteral("mgr_boris")));
        int annaWins = 0, borisWins = 0;
        for (int round = 0; round < 30; ++round) {
            const Pair p = pair(su, QStringLiteral("+7 903 200 00 %1").arg(round + 10));
            QVERIFY(p.candidate > 0);
            const QString annaDecision =
                round % 2 ? QStringLiteral("merge") : QStringLiteral("reject");
            QString a, b;
            runTogether({[&] { a = decide(anna, p.candidate, annaDecision); },
                         [&] {
                             b = decide(boris, p.candidate, QStringLiteral("merge"));
                         }});
            const bool annaWon = b == QLatin1String("already_decided");
            const bool borisWon = a == QLatin1String("already_decided");
            QVERIFY2(annaWon != borisWon, qPrintable(a + QLatin1Char('/') + b));
            QCOMPARE(annaWon ? a : b,
                     annaWon ? (annaDecision == QLatin1String("merge") ? QStringLiteral("merged")
                                                                       : QStringLiteral("rejected"))
                             : QStringLiteral("merged"));
            QCOMPARE(one(su,
                         QStringLiteral(
                             "SELECT decided_by FROM inbox.duplicate_candidates WHERE id = $1"),
                         {p.candidate}),
                     annaWon ? QStringLiteral("mgr_anna") : QStringLiteral("mgr_boris"));
            QCOMPARE(oneInt(su,
                            QStringLiteral("SELECT count(*) FROM inbox.journal WHERE by_person"
                                           " AND (detail->>'candidate_id')::bigint = $1"),
                            {p.candidate}),
                     2);
            (annaWon ? annaWins : borisWins)++;
        }
        qInfo("anna won %d, boris won %d", annaWins, borisWins);
    }
};

QTEST_MAIN(TestDuplicates)
#include "tst_duplicates.moc"
