// AuditModel against a real PostgreSQL: person actions made through the contract functions
// by two logins, one line per action (a requeue of 300 events is one line, even across the
// 200-row page limit), newest first, filters by person, action and time, keyset pages with
// no duplicate or gap, worker entries never shown, a re-read that keeps the place, and the
// detail model listing an action's events.
#include "audit_fixture.h"
#include "contexttestcase.h"
#include "modelcheck.h"

#include "audit/auditeventsmodel.h"
#include "audit/auditmodel.h"
#include "audit/auditquery.h"
#include "db/consolecontext.h"

#include <QPersistentModelIndex>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>
#include <memory>

using inbox::AuditAction;
using inbox::AuditFilter;
using inbox::AuditModel;
using inbox::JournalFilter;

namespace {

const QString kAlice = QStringLiteral("audit_alice"); // operator
const QString kBob = QStringLiteral("audit_bob");     // manager
const QString kCarol = QStringLiteral("audit_carol"); // support: reads the audit

QVector<qint64> flatten(const AuditModel &m)
{
    QVector<qint64> out;
    for (int i = 0; i < m.rowCount(); ++i)
        out += m.action(i).journalIds;
    return out;
}

QVector<qint64> sorted(QVector<qint64> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

} // namespace

class TestAuditModel : public ContextTestCase
{
    Q_OBJECT

public:
    TestAuditModel()
        : ContextTestCase{
              {kAlice, {"inbox_operator"}}, {kBob, {"inbox_manager"}}, {kCarol, {"inbox_support"}}}
    {}

private slots:
    // Every value is bound; the SQL text never holds one.
    void queryTextHoldsNoValues()
    {
        AuditFilter f;
        f.person = QStringLiteral("eve'); DROP TABLE x; --");
        f.actions = {QStringLiteral("requeued"), QStringLiteral("duplicate_merged")};
        f.range = JournalFilter::Range::Custom;
        f.from = QDateTime::currentDateTime().addDays(-1);
        const auto q = inbox::AuditQuery::page(f, inbox::AuditKey{5, 7}, inbox::AuditKey{1, 2}, 50);
        QVERIFY(!q.sql.contains(QStringLiteral("DROP")));
        QVERIFY(!q.sql.contains(QStringLiteral("duplicate_merged,")));
        QVERIFY(!q.sql.contains(QLatin1Char('?')));
        QVERIFY(q.params.contains(f.person));
        QVERIFY_SQL(m_db.su().exec(q.sql, q.params));
        const auto events = inbox::AuditQuery::events({1, 2, 3});
        QVERIFY_SQL(m_db.su().exec(events.sql, events.params));
    }

    // One line per action, newest first, with who, what, the reason or note and the events;
    // a requeue of 300 events is one line although a page is 200 rows; workers never show.
    void oneLinePerActionNewestFirst()
    {
        QVERIFY(auditfix::workerActivity(m_db.su(), QStringLiteral("w-1")));
        const QVector<qint64> failed =
            auditfix::failedEvents(m_db.su(), 300, QStringLiteral("crm"));
        QCOMPARE(failed.size(), 300);
        const auditfix::Pair p1 =
            auditfix::pair(m_db.su(), QStringLiteral("p1"), QStringLiteral("+7 912 000-11-22"));
        const auditfix::Pair p2 =
            auditfix::pair(m_db.su(), QStringLiteral("p2"), QStringLiteral("+7 912 000-33-44"));
        QVERIFY(p1.candidate > 0 && p2.candidate > 0);

        QCOMPARE(auditfix::requeue(m_db, kAlice, failed, QStringLiteral("CRM is back")), 300);
        QCOMPARE(auditfix::decide(m_db, kBob, p1.candidate, QStringLiteral("merge"),
                                  QStringLiteral("same customer")),
                 QStringLiteral("merged"));
        QCOMPARE(auditfix::decide(m_db, kBob, p2.candidate, QStringLiteral("reject")),
                 QStringLiteral("rejected"));
        QCOMPARE(auditfix::decide(m_db, kBob, p1.candidate, QStringLiteral("undo"),
                                  QStringLiteral("different orders")),
                 QStringLiteral("undone"));
        QVERIFY(auditfix::workerActivity(m_db.su(), QStringLiteral("w-2")));

        AuditModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model, kCarol);
        QCOMPARE(model.rowCount(), 4);

        const AuditAction &undo = model.action(0);
        QCOMPARE(undo.entry, QStringLiteral("duplicate_undone"));
        QCOMPARE(undo.actor, kBob);
        QCOMPARE(undo.candidateId, p1.candidate);
        QCOMPARE(undo.note, QStringLiteral("different orders"));
        QCOMPARE(sorted(undo.eventIds), sorted({p1.newerEvent, p1.earlierEvent}));
        QCOMPARE(model.action(1).entry, QStringLiteral("duplicate_rejected"));
        QCOMPARE(model.action(1).candidateId, p2.candidate);
        QCOMPARE(sorted(model.action(1).eventIds), sorted({p2.newerEvent, p2.earlierEvent}));
        QCOMPARE(model.action(2).entry, QStringLiteral("duplicate_merged"));
        QCOMPARE(model.action(2).note, QStringLiteral("same customer"));
        QCOMPARE(model.action(2).leadId, p1.newerLead);
        QCOMPARE(model.action(2).matchLeadId, p1.earlierLead);

        const AuditAction &rq = model.action(3);
        QCOMPARE(rq.entry, QStringLiteral("requeued"));
        QCOMPARE(rq.actor, kAlice);
        QCOMPARE(rq.reason, QStringLiteral("CRM is back"));
        QCOMPARE(rq.size(), 300);
        QCOMPARE(sorted(rq.eventIds), sorted(failed));
        // "events" once the English plural forms are loaded; the source text says "event(s)".
        const QString line = model.index(3, AuditModel::Summary).data().toString();
        QVERIFY2(line.startsWith(kAlice + QStringLiteral(" requeued 300 event")), qPrintable(line));
        QVERIFY2(line.endsWith(QStringLiteral(": CRM is back")), qPrintable(line));
        QCOMPARE(model.index(3, AuditModel::Events).data(AuditModel::RawRole).toLongLong(), 300);
        QCOMPARE(model.index(3, AuditModel::Person).data(AuditModel::RawRole).toString(), kAlice);
        QCOMPARE(model.index(0, AuditModel::Summary).data(AuditModel::RawRole).toString(),
                 QStringLiteral("different orders"));
        QVERIFY(model.index(0, AuditModel::At).data(AuditModel::RawRole).toLongLong() >
                model.index(3, AuditModel::At).data(AuditModel::RawRole).toLongLong());

        // Exactly the human rows, in the journal's order; the workers' rows are not there.
        QCOMPARE(flatten(model),
                 auditfix::ids(m_db.su().exec(QStringLiteral(
                     "SELECT id FROM inbox.journal WHERE by_person ORDER BY at DESC, id DESC"))));
        const QVector<qint64> workerRows = auditfix::ids(
            m_db.su().exec(QStringLiteral("SELECT id FROM inbox.journal WHERE NOT by_person")));
        QVERIFY(workerRows.size() >= 4);
        for (const qint64 id : workerRows)
            QVERIFY(!flatten(model).contains(id));
        QTRY_COMPARE(model.persons(), (QStringList{kAlice, kBob}));

        // Nothing further: the end is found without a duplicate.
        while (model.canFetchMore({}))
            fetchMore(model);
        QCOMPARE(model.rowCount(), 4);
    }

    void filtersByPersonActionAndTime()
    {
        const QVector<qint64> failed = auditfix::failedEvents(m_db.su(), 6, QStringLiteral("f"));
        const auditfix::Pair p1 =
            auditfix::pair(m_db.su(), QStringLiteral("p1"), QStringLiteral("+7 912 000-11-22"));
        const auditfix::Pair p2 =
            auditfix::pair(m_db.su(), QStringLiteral("p2"), QStringLiteral("+7 912 000-33-44"));
        QCOMPARE(auditfix::requeue(m_db, kAlice, failed.mid(0, 3), QStringLiteral("a")), 3);
        QCOMPARE(auditfix::requeue(m_db, kBob, failed.mid(3, 3), QStringLiteral("b")), 3);
        QCOMPARE(auditfix::decide(m_db, kBob, p1.candidate, QStringLiteral("merge")),
                 QStringLiteral("merged"));
        QCOMPARE(auditfix::decide(m_db, kBob, p2.candidate, QStringLiteral("reject")),
                 QStringLiteral("rejected"));
        // The merge happened three days ago.
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("UPDATE inbox.journal SET at = at - interval '3 "
                                                  "days' WHERE entry = 'duplicate_merged'")));

        AuditModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.action(3).entry, QStringLiteral("duplicate_merged")); // oldest now

        AuditFilter f;
        f.person = kAlice;
        setFilter(model, f);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.action(0).reason, QStringLiteral("a"));
        QCOMPARE(sorted(model.action(0).eventIds), sorted(failed.mid(0, 3)));

        f.person = kBob;
        setFilter(model, f);
        QCOMPARE(entries(model),
                 (QStringList{QStringLiteral("duplicate_rejected"), QStringLiteral("requeued"),
                              QStringLiteral("duplicate_merged")}));

        f.actions = {QStringLiteral("requeued")};
        setFilter(model, f);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.action(0).reason, QStringLiteral("b"));

        f = AuditFilter();
        f.actions = {QStringLiteral("duplicate_merged"), QStringLiteral("duplicate_rejected")};
        setFilter(model, f);
        QCOMPARE(entries(model), (QStringList{QStringLiteral("duplicate_rejected"),
                                              QStringLiteral("duplicate_merged")}));

        f = AuditFilter();
        f.range = JournalFilter::Range::Last24Hours;
        setFilter(model, f);
        QCOMPARE(model.rowCount(), 3);
        QVERIFY(!entries(model).contains(QStringLiteral("duplicate_merged")));

        f.range = JournalFilter::Range::Custom;
        f.from = QDateTime::currentDateTime().addDays(-4);
        f.to = QDateTime::currentDateTime().addDays(-2);
        setFilter(model, f);
        QCOMPARE(entries(model), QStringList{QStringLiteral("duplicate_merged")});
        QCOMPARE(model.action(0).candidateId, p1.candidate);

        f.person = kAlice; // alice merged nothing
        setFilter(model, f);
        QCOMPARE(model.rowCount(), 0);
    }

    // Many actions over several pages: the lines together hold every human row once, in
    // (at DESC, id DESC) order, also with ties on `at`; an action is never cut in two.
    void pagesInOrderWithoutDuplicatesOrGaps()
    {
        const QVector<qint64> failed = auditfix::failedEvents(m_db.su(), 720, QStringLiteral("g"));
        QCOMPARE(failed.size(), 720);
        PgSession alice(m_db.conninfo(kAlice));
        PgSession bob(m_db.conninfo(kBob));
        // 420 single requeues, one of 300 in the middle, by two people.
        for (int i = 0; i < 420; ++i) {
            PgSession &who = i % 3 == 0 ? bob : alice;
            QVERIFY_SQL(
                who.exec(QStringLiteral("SELECT * FROM inbox.requeue($1::int8[], $2)"),
                         {auditfix::idArray({failed.at(i)}), QStringLiteral("one %1").arg(i)}));
            if (i == 110) {
                QVERIFY_SQL(
                    alice.exec(QStringLiteral("SELECT * FROM inbox.requeue($1::int8[], 'big one')"),
                               {auditfix::idArray(failed.mid(420, 300))}));
            }
        }
        // Equal times: every row of an action at one time, and three actions at a time
        // (ties are broken by id).
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("UPDATE inbox.journal j SET at = date_trunc('second', now()) -"
                           " make_interval(secs => a.block * 2)"
                           " FROM (SELECT detail ->> 'batch' AS batch,"
                           "       dense_rank() OVER (ORDER BY min(id)) / 3 AS block"
                           "       FROM inbox.journal WHERE by_person GROUP BY 1) a"
                           " WHERE j.by_person AND j.detail ->> 'batch' = a.batch")));
        const QVector<qint64> expected = auditfix::ids(m_db.su().exec(QStringLiteral(
            "SELECT id FROM inbox.journal WHERE by_person ORDER BY at DESC, id DESC")));
        QCOMPARE(expected.size(), 720);

        AuditModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        const int firstPage = model.rowCount();
        QVERIFY(firstPage > 0 && firstPage < 421);
        // (The tester asks for more pages too, as a view would.)
        QSignalSpy pages(&model, &AuditModel::updated);
        while (model.canFetchMore({}))
            fetchMore(model);
        QVERIFY(pages.size() >= 2);
        QCOMPARE(model.rowCount(), 421);
        QCOMPARE(flatten(model), expected);
        QSet<QString> keys;
        int big = 0;
        for (int i = 0; i < model.rowCount(); ++i) {
            keys.insert(model.action(i).key);
            if (model.action(i).reason == QLatin1String("big one")) {
                ++big;
                QCOMPARE(model.action(i).size(), 300);
            } else {
                QCOMPARE(model.action(i).size(), 1);
            }
        }
        QCOMPARE(keys.size(), 421);
        QCOMPARE(big, 1);

        // F5 deep down: the top (here about 100 rows) is read again with the new action on
        // top, the lines below stay as held; nothing is lost or doubled.
        model.setRefreshRows(100);
        const QVector<qint64> more = auditfix::failedEvents(m_db.su(), 2, QStringLiteral("late"));
        QCOMPARE(auditfix::requeue(m_db, kBob, more, QStringLiteral("late")), 2);
        QSignalSpy refreshed(&model, &AuditModel::updated);
        m_context->requestReread();
        QVERIFY(refreshed.wait(10000));
        QCOMPARE(model.rowCount(), 422);
        QCOMPARE(model.action(0).reason, QStringLiteral("late"));
        QCOMPARE(flatten(model).mid(2), expected);

        // Rows of different actions interleaved in time (two people at the same moment):
        // a page ends an action at the first row of another, and the later rows of the
        // action join its line when they come. Every row still shows once, in one line.
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("UPDATE inbox.journal SET at = date_trunc('second', now()) - "
                           "make_interval(secs => (id % 13) + (id / 50) * 20) WHERE by_person")));
        AuditModel mixed(m_context.get());
        const ModelCheck mixedTester(&mixed);
        QSignalSpy mixedLoaded(&mixed, &AuditModel::loaded);
        QVERIFY(mixedLoaded.wait(10000));
        while (mixed.canFetchMore({}))
            fetchMore(mixed);
        QCOMPARE(mixed.rowCount(), 422);
        QCOMPARE(sorted(flatten(mixed)), sorted(auditfix::ids(m_db.su().exec(QStringLiteral(
                                             "SELECT id FROM inbox.journal WHERE by_person")))));
        for (int i = 0; i < mixed.rowCount(); ++i) {
            const bool isBig = mixed.action(i).reason == QLatin1String("big one");
            const bool isLate = mixed.action(i).reason == QLatin1String("late");
            QCOMPARE(mixed.action(i).size(), isBig ? 300 : isLate ? 2 : 1);
        }
    }

    // A change (or F5) re-reads the range shown and merges it: the new action lands on top,
    // the selected line keeps its identity, nothing else moves.
    void rereadKeepsThePlace()
    {
        const QVector<qint64> failed = auditfix::failedEvents(m_db.su(), 5, QStringLiteral("r"));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(auditfix::requeue(m_db, kAlice, {failed.at(i)}, QStringLiteral("r%1").arg(i)),
                     1);
        // Ten minutes apart: a change re-reads only the top minute, the rest stays as held.
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "UPDATE inbox.journal SET at = at - id * interval '10 minutes' WHERE by_person")));
        AuditModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        QCOMPARE(model.rowCount(), 4);
        QTRY_COMPARE(model.persons(), QStringList{kAlice});
        const QPersistentModelIndex chosen = model.index(2, AuditModel::Summary);
        const QString chosenKey = chosen.data(AuditModel::KeyRole).toString();

        QSignalSpy removed(&model, &AuditModel::rowsRemoved);
        QSignalSpy inserted(&model, &AuditModel::rowsInserted);
        QSignalSpy reset(&model, &AuditModel::modelReset);
        QSignalSpy updated(&model, &AuditModel::updated);
        m_context->requestReread(); // F5 with nothing new
        QVERIFY(updated.wait(10000));
        QCOMPARE(removed.size() + inserted.size() + reset.size(), 0);

        QCOMPARE(auditfix::requeue(m_db, kBob, {failed.at(4)}, QStringLiteral("new")), 1);
        emit m_context->changed({QStringLiteral("events")});
        QVERIFY(updated.wait(10000));
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.action(0).reason, QStringLiteral("new"));
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(removed.size() + reset.size(), 0);
        QVERIFY(chosen.isValid());
        QCOMPARE(chosen.row(), 3);
        QCOMPARE(chosen.data(AuditModel::KeyRole).toString(), chosenKey);
        QTRY_COMPARE(model.persons(), (QStringList{kAlice, kBob}));

        // A decision announces "duplicates".
        const auditfix::Pair p =
            auditfix::pair(m_db.su(), QStringLiteral("p"), QStringLiteral("+7 912 000-55-66"));
        QCOMPARE(auditfix::decide(m_db, kBob, p.candidate, QStringLiteral("reject")),
                 QStringLiteral("rejected"));
        emit m_context->changed({QStringLiteral("duplicates")});
        QVERIFY(updated.wait(10000));
        QCOMPARE(model.rowCount(), 6);
        QCOMPARE(model.action(0).entry, QStringLiteral("duplicate_rejected"));
        QCOMPARE(chosen.row(), 4);
    }

    // The detail model lists an action's events in its order, with what they were before.
    void eventsOfAnAction()
    {
        const QVector<qint64> failed = auditfix::failedEvents(m_db.su(), 12, QStringLiteral("d"));
        QCOMPARE(auditfix::requeue(m_db, kAlice, failed, QStringLiteral("fixed")), 12);
        const auditfix::Pair p =
            auditfix::pair(m_db.su(), QStringLiteral("p"), QStringLiteral("+7 912 000-77-88"));
        QCOMPARE(auditfix::decide(m_db, kBob, p.candidate, QStringLiteral("merge")),
                 QStringLiteral("merged"));
        AuditModel model(m_context.get());
        connect(model);
        QCOMPARE(model.rowCount(), 2);

        inbox::AuditEventsModel events(m_context.get());
        const ModelCheck tester(&events);
        QSignalSpy loaded(&events, &inbox::AuditEventsModel::loaded);
        events.setJournalIds(model.action(1).journalIds);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(events.rowCount(), 12);
        QVector<qint64> ids;
        for (int i = 0; i < events.rowCount(); ++i) {
            ids << events.eventId(i);
            QCOMPARE(events.index(i, inbox::AuditEventsModel::StatusNow)
                         .data(inbox::AuditEventsModel::RawRole)
                         .toString(),
                     QStringLiteral("received"));
            QCOMPARE(events.index(i, inbox::AuditEventsModel::Before)
                         .data(inbox::AuditEventsModel::RawRole)
                         .toString(),
                     QStringLiteral("failed"));
            QCOMPARE(events.index(i, inbox::AuditEventsModel::Error).data().toString(),
                     QStringLiteral("CRM 503"));
        }
        QCOMPARE(ids, model.action(1).eventIds);
        QCOMPARE(sorted(ids), sorted(failed));

        events.setJournalIds(model.action(0).journalIds);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(events.rowCount(), 2);
        QCOMPARE(sorted({events.eventId(0), events.eventId(1)}),
                 sorted({p.newerEvent, p.earlierEvent}));
        QCOMPARE(sorted({events.index(0, inbox::AuditEventsModel::Before)
                             .data(inbox::AuditEventsModel::RawRole)
                             .toLongLong(),
                         events.index(1, inbox::AuditEventsModel::Before)
                             .data(inbox::AuditEventsModel::RawRole)
                             .toLongLong()}),
                 sorted({p.newerLead, p.earlierLead}));
    }

private:
    void connect(AuditModel &model, const QString &user = QStringLiteral("postgres"))
    {
        QVERIFY(m_harness.connectLoaded(*m_context, &model, user));
    }

    void setFilter(AuditModel &model, const AuditFilter &f)
    {
        QSignalSpy loaded(&model, &AuditModel::loaded);
        model.setFilter(f);
        QVERIFY(loaded.wait(10000));
    }

    void fetchMore(AuditModel &model)
    {
        model.fetchMore({});
        QTRY_VERIFY_WITH_TIMEOUT(!model.isFetching(), 10000);
    }

    static QStringList entries(const AuditModel &model)
    {
        QStringList out;
        for (int i = 0; i < model.rowCount(); ++i)
            out << model.action(i).entry;
        return out;
    }
};

QTEST_GUILESS_MAIN(TestAuditModel)
#include "tst_auditmodel.moc"
