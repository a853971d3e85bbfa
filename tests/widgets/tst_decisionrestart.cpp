// A duplicate decision interrupted by the database server going away, on the real screen
// against a real PostgreSQL. The server dies at a chosen moment, never by timing luck: the
// decision is held either on a row lock taken by a superuser session (it cannot have been
// applied) or on a synchronous-replication wait for a standby that does not exist (its commit
// is already on disk: crash recovery applies it). Then `pg_ctl stop -m immediate`. Each time
// the screen shows the loss, the console reconnects by itself, the decision is not sent again,
// and what the screen reports is what inbox.duplicate_candidates and the journal hold. Once the
// server is back and the pairs have been read again, no error of a read made during (or right
// after) the outage is left on the screen, and it never took the place of the decision's report.
#include "consoleharness.h"
#include "duplicate_fixture.h"
#include "duplicates_util.h"
#include "testgrabs.h"
#include "widgettestcase.h"

#include "common/theme.h"
#include "db/consolecontext.h"
#include "db/serverinfo.h"
#include "duplicates/duplicatequeuemodel.h"
#include "duplicates/duplicatespage.h"

#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <memory>

using inbox::DecisionResult;
using inbox::DuplicatesPage;

namespace {

const QString kManager = QStringLiteral("mgr_rita");

struct Screen
{
    inbox::ConsoleContext context;
    std::unique_ptr<DuplicatesPage> page;
    // Made once the screen shows the pair (openOnThePair): the decisions it reports from then
    // on, and the console's reconnections.
    std::unique_ptr<QSignalSpy> finished, up;

    bool open(const TestDatabase &db)
    {
        page = std::make_unique<DuplicatesPage>(&context);
        if (!ConsoleHarness::show(page.get(), {1200, 760}, true) ||
            !ConsoleHarness(db).connectReading(context, kManager, nullptr))
            return false;
        page->findChild<QTableView *>(QStringLiteral("queue"))->setFocus();
        return true;
    }
    QString outcome() const { return page->findChild<QLabel *>(QStringLiteral("outcome"))->text(); }
    bool mayMerge() const
    {
        return page->findChild<QPushButton *>(QStringLiteral("merge"))->isEnabled();
    }
    void key(Qt::Key k) const
    {
        QTest::keyClick(page->findChild<QTableView *>(QStringLiteral("queue")), k);
    }
    // The text of a failed read shown anywhere on the screen ("Could not read the queue: ..."),
    // or "" when none is in view.
    QString readError() const
    {
        for (const QLabel *label : page->findChildren<QLabel *>()) {
            if (label->isVisible() && label->text().startsWith(QLatin1String("Could not read")))
                return label->text();
        }
        return QString();
    }
    // Counts the queue's successful reads, and notes how many there were when the console
    // re-read everything after a reconnect (or F5): the queue has been read again since when
    // readsAfterReread() > 0.
    void countReads()
    {
        loads = std::make_unique<QSignalSpy>(page->model(), &inbox::DuplicateQueueModel::loaded);
        QObject::connect(&context, &inbox::ConsoleContext::reread, page.get(),
                         [this] { loadsAtReread = int(loads->size()); });
    }
    int readsAfterReread() const
    {
        return loadsAtReread < 0 ? 0 : int(loads->size()) - loadsAtReread;
    }
    std::unique_ptr<QSignalSpy> loads;
    int loadsAtReread = -1;
};

} // namespace

class TestDecisionRestart : public WidgetTestCase
{
    Q_OBJECT

public:
    TestDecisionRestart() : WidgetTestCase{{{kManager, {"inbox_manager"}}}, Settings::Kept} {}

private:
    qint64 m_pair = 0;

    std::unique_ptr<PgSession> superuser() { return std::make_unique<PgSession>(m_db.conninfo()); }

    // The manager's decision is waiting: on a lock (`Lock`) or on the standby (`SyncRep`).
    bool decisionWaits(const QString &waitType)
    {
        PgSession s(m_db.conninfo());
        return dupfix::oneInt(
                   s,
                   QStringLiteral(
                       "SELECT count(*) FROM pg_stat_activity"
                       " WHERE usename = $1 AND (wait_event_type = $2 OR wait_event = $2)"
                       " AND query LIKE '%decide_duplicate%'"),
                   {kManager, waitType}) == 1;
    }

    // Journal entries of any decision on the pair (merge writes one on each lead's event).
    int decisionEntries(const QString &entry)
    {
        PgSession s(m_db.conninfo());
        return int(dupfix::oneInt(
            s,
            QStringLiteral("SELECT count(*) FROM inbox.journal WHERE by_person AND entry = $1"
                           " AND (detail->>'candidate_id')::bigint = $2"),
            {entry, m_pair}));
    }

    QString pairStatus()
    {
        PgSession s(m_db.conninfo());
        return dupfix::status(s, m_pair);
    }

    // The screen open as the manager with the pair current and ready to decide.
    void openOnThePair(Screen &s)
    {
        QVERIFY(s.open(m_db));
        QTRY_VERIFY_WITH_TIMEOUT(s.mayMerge() && duplicatesfix::shows(s.page.get(), m_pair), 10000);
        s.finished = std::make_unique<QSignalSpy>(s.page.get(), &DuplicatesPage::decisionFinished);
        s.up = std::make_unique<QSignalSpy>(&s.context, &inbox::ConsoleContext::connectionUp);
    }

    // A superuser session holding the pair's row lock in an open transaction.
    void lockThePair(std::unique_ptr<PgSession> *locker)
    {
        *locker = superuser();
        QVERIFY_SQL((*locker)->exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL((*locker)->exec(
            QStringLiteral("SELECT 1 FROM inbox.duplicate_candidates WHERE id = $1 FOR UPDATE"),
            {m_pair}));
    }

    // The decision of key `k` sent while a superuser session holds the pair's row lock, so it
    // waits on the lock and cannot have been applied; then the server stops at once
    // (`pg_ctl stop -m immediate`) and, with `restart`, starts again before the lock's session
    // is let go.
    void serverDiesUnderTheLockedDecision(Screen &s, Qt::Key k, bool restart)
    {
        std::unique_ptr<PgSession> locker;
        lockThePair(&locker);
        if (QTest::currentTestFailed())
            return;
        s.key(k);
        QTRY_VERIFY_WITH_TIMEOUT(decisionWaits(QStringLiteral("Lock")), 10000);

        QString error;
        if (restart)
            QVERIFY2(m_db.cluster().restart(QStringLiteral("immediate"), &error),
                     qPrintable(error));
        else
            QVERIFY2(m_db.cluster().stopServer(QStringLiteral("immediate"), &error),
                     qPrintable(error));
    }

    // The decision reported as not applied, and the database agrees: the pair open, no
    // `entry` in the journal.
    void expectNotApplied(const Screen &s, const DecisionResult &r, const QString &entry)
    {
        QVERIFY(r.outcomeUnknown);
        QVERIFY2(r.stateKnown, qPrintable(r.outcome + QLatin1Char(' ') + r.error.oneLine()));
        QVERIFY(r.status == inbox::PairStatus::Open);
        QVERIFY2(s.outcome().contains(QLatin1String("was not applied")), qPrintable(s.outcome()));
        QCOMPARE(pairStatus(), QStringLiteral("open"));
        QCOMPARE(decisionEntries(entry), 0);
    }

private slots:
    void init()
    {
        WidgetTestCase::init();
        if (QTest::currentTestFailed())
            return;
        auto su = superuser();
        const dupfix::Lead a =
            dupfix::person(QStringLiteral("r-1"), QStringLiteral("+7 903 555 11 22"),
                           QStringLiteral("Ольга Смирнова"));
        m_pair = dupfix::pair(
            *su, a, dupfix::fromTelegram(a, QStringLiteral("r-2"), QStringLiteral("89035551122")));
        QVERIFY(m_pair > 0);
        // The test cluster commits asynchronously (synchronous_commit=off): without this an
        // immediate shutdown could lose the pair itself, not only the decision under test.
        QVERIFY_SQL(su->exec(QStringLiteral("CHECKPOINT")));
    }

    // The merge waits on the pair's row lock when the server dies: it cannot have been
    // applied. The server is back before the screen hears of the loss.
    void blockedDecisionThenImmediateRestart()
    {
        Screen s;
        openOnThePair(s);
        if (QTest::currentTestFailed())
            return;
        QSignalSpy &finished = *s.finished, &up = *s.up;
        s.countReads();

        serverDiesUnderTheLockedDecision(s, Qt::Key_M, true);
        if (QTest::currentTestFailed())
            return;

        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        expectNotApplied(s, finished.first().first().value<DecisionResult>(),
                         QStringLiteral("duplicate_merged"));
        if (QTest::currentTestFailed())
            return;

        // The console reconnects by itself and reads the queue again (the first read on a
        // connection the restart broke fails: it is sent once more, not shown). The report of
        // the decision stays, and no read error is left in red.
        QTRY_VERIFY_WITH_TIMEOUT(up.size() >= 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(s.readsAfterReread() >= 1, 20000);
        // Under a heavily loaded machine the pair's read can fail twice in the restart's
        // shadow (CI saw it once, never reproduced here): then the error may show until the
        // next successful read, the page's slow re-read at the latest. What must not happen
        // is an error that stays.
        if (!s.readError().isEmpty())
            qWarning("read error shown after the reread: %s", qPrintable(s.readError()));
        QTRY_VERIFY2_WITH_TIMEOUT(s.readError().isEmpty(), qPrintable(s.readError()), 15000);
        QVERIFY2(s.outcome().contains(QLatin1String("was not applied")), qPrintable(s.outcome()));
        // The pair can be decided again, once.
        QTRY_VERIFY_WITH_TIMEOUT(s.mayMerge(), 10000);
        s.key(Qt::Key_M);
        // 30 s like the waits above: the fresh-root run (load 2-3, 140 tests beside it) once
        // saw the read fail twice and this decision not finish within 10 s.
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 30000);
        QCOMPARE(finished.last().first().value<DecisionResult>().outcome, QStringLiteral("merged"));
        QCOMPARE(pairStatus(), QStringLiteral("merged ") + kManager);
        QCOMPARE(decisionEntries(QStringLiteral("duplicate_merged")), 2); // one per event
    }

    // The server stays down for a while: the loss is shown at once, the outcome is not
    // guessed, and once the server is back the screen says what the database holds.
    void serverStaysDownUntilTheOutcomeIsRead()
    {
        Screen s;
        openOnThePair(s);
        if (QTest::currentTestFailed())
            return;
        QSignalSpy &finished = *s.finished, &up = *s.up;
        QSignalSpy down(&s.context, &inbox::ConsoleContext::connectionDown);

        serverDiesUnderTheLockedDecision(s, Qt::Key_R, false);
        if (QTest::currentTestFailed())
            return;
        QTRY_VERIFY2_WITH_TIMEOUT(s.outcome().contains(QLatin1String("connection was lost")),
                                  qPrintable(s.outcome()), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(down.size() >= 1, 10000);
        QVERIFY(!s.mayMerge());
        QCOMPARE(finished.size(), 0); // nothing is reported while nobody can know

        // F5 while the server is away: the reads fail and say so, beside the decision's line,
        // which keeps saying that the decision's outcome is awaited.
        s.countReads();
        s.context.requestReread();
        QTRY_VERIFY_WITH_TIMEOUT(!s.readError().isEmpty(), 10000);
        QVERIFY2(s.outcome().contains(QLatin1String("connection was lost")),
                 qPrintable(s.outcome()));
        saveTestGrab(s.page.get(), QStringLiteral("duplicates-outage-light"));
        inbox::Theme::apply(inbox::Theme::Mode::Dark);
        saveTestGrab(s.page.get(), QStringLiteral("duplicates-outage-dark"));
        inbox::Theme::apply(inbox::Theme::Mode::System);

        QString error;
        QVERIFY2(m_db.cluster().startServer(&error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        expectNotApplied(s, finished.first().first().value<DecisionResult>(),
                         QStringLiteral("duplicate_rejected"));
        if (QTest::currentTestFailed())
            return;
        QTRY_VERIFY_WITH_TIMEOUT(up.size() >= 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(s.mayMerge(), 10000); // re-read: open, decidable again
        // The reads work again: the error of the outage is gone, the report stays.
        QTRY_VERIFY_WITH_TIMEOUT(s.readsAfterReread() >= 1, 20000);
        QVERIFY2(s.readError().isEmpty(), qPrintable(s.readError()));
        QVERIFY2(s.outcome().contains(QLatin1String("was not applied")), qPrintable(s.outcome()));
        saveTestGrab(s.page.get(), QStringLiteral("duplicates-after-outage"));
        // And F5 now reads without a word of error.
        s.context.requestReread();
        QTRY_VERIFY_WITH_TIMEOUT(s.readsAfterReread() >= 1, 10000);
        QVERIFY2(s.readError().isEmpty(), qPrintable(s.readError()));
    }

    // The merge has committed on disk but waits for a synchronous standby that does not
    // exist when the server dies, so its reply never comes; crash recovery keeps it. The
    // screen reports it applied (by me, once), and it is not sent again.
    void committedDecisionWhoseReplyIsLost()
    {
        auto su = superuser();
        // Only this manager's commits wait for the (missing) standby; everyone else commits
        // locally, so the test's own sessions are not held.
        QVERIFY_SQL(su->exec(QStringLiteral("ALTER SYSTEM SET synchronous_commit = 'local'")));
        QVERIFY_SQL(su->exec(
            QStringLiteral("ALTER SYSTEM SET synchronous_standby_names = 'nobody_standby'")));
        QVERIFY_SQL(
            su->exec(QStringLiteral("ALTER ROLE %1 SET synchronous_commit = 'on'").arg(kManager)));
        QVERIFY_SQL(su->exec(QStringLiteral("SELECT pg_reload_conf()")));
        const auto restoreSettings = [this] {
            auto s = superuser();
            s->exec(QStringLiteral("ALTER SYSTEM RESET synchronous_commit"));
            s->exec(QStringLiteral("ALTER SYSTEM RESET synchronous_standby_names"));
            s->exec(QStringLiteral("ALTER ROLE %1 RESET synchronous_commit").arg(kManager));
            s->exec(QStringLiteral("SELECT pg_reload_conf()"));
        };

        Screen s;
        openOnThePair(s);
        if (QTest::currentTestFailed())
            return;
        QSignalSpy &finished = *s.finished, &up = *s.up;
        s.key(Qt::Key_M);
        const bool waits =
            QTest::qWaitFor([&] { return decisionWaits(QStringLiteral("SyncRep")); }, 10000);
        if (!waits)
            restoreSettings();
        QVERIFY(waits);
        QCOMPARE(finished.size(), 0);

        QString error;
        const bool restarted = m_db.cluster().restart(QStringLiteral("immediate"), &error);
        restoreSettings();
        QVERIFY2(restarted, qPrintable(error));
        QCOMPARE(pairStatus(), QStringLiteral("merged ") + kManager); // recovery kept it

        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
        const auto r = finished.first().first().value<DecisionResult>();
        QVERIFY(r.outcomeUnknown);
        QVERIFY2(r.stateKnown, qPrintable(r.outcome + QLatin1Char(' ') + r.error.oneLine()));
        QVERIFY(r.status == inbox::PairStatus::Merged);
        QCOMPARE(r.decidedBy, kManager);
        QVERIFY2(s.outcome().contains(QLatin1String("your decision went through")),
                 qPrintable(s.outcome()));
        QTRY_VERIFY_WITH_TIMEOUT(up.size() >= 1, 30000);
        QCOMPARE(decisionEntries(QStringLiteral("duplicate_merged")), 2); // once, both events
        QVERIFY(s.page->currentCandidate() != m_pair); // moved on: nothing left to decide
        QVERIFY(s.page->findChild<QPushButton *>(QStringLiteral("undo"))->isEnabled()); // U
    }

    // A failed test function must not leave the server down for the next one.
    void cleanup()
    {
        QString error;
        if (!m_db.cluster().isRunning())
            QVERIFY2(m_db.cluster().startServer(&error), qPrintable(error));
    }

    void cleanupTestCase() { m_db.stop(); }
};

QTEST_MAIN(TestDecisionRestart)
#include "tst_decisionrestart.moc"
