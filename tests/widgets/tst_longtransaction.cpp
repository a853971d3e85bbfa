// A transaction held open elsewhere with a lock on inbox.events: the journal's query waits,
// the window stays responsive and shows it is working, Cancel ends the wait on the server,
// and the statement timeout ends it with words that say what happened.
#include "screentestcase.h"

#include "db/consolecontext.h"
#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "pgcluster.h"
#include "pgsession.h"
#include "waitfor.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

using inbox::JournalModel;
using inbox::JournalPage;

class TestLongTransaction : public ScreenTestCase
{
    Q_OBJECT

private slots:
    void cleanup()
    {
        m_page.reset();
        ScreenTestCase::cleanup();
        if (m_locker)
            m_locker->exec(QStringLiteral("ROLLBACK"));
        m_locker.reset();
    }

    // While the journal's query waits for the lock, the GUI thread keeps running its timers,
    // the working bar with Cancel is shown, and Cancel ends the wait on the server.
    void cancelEndsTheWaitAndTheWindowStaysResponsive()
    {
        connectPage(30000);
        lockEvents();
        search(QStringLiteral("x-"));
        QTRY_COMPARE_WITH_TIMEOUT(lockWaiters(), 1, 10000);

        // The GUI thread is not blocked: a timer of its own keeps firing while the console's
        // backend still waits on the lock.
        int ticks = 0;
        QTimer tick;
        tick.setInterval(10);
        connect(&tick, &QTimer::timeout, this, [&ticks] { ++ticks; });
        tick.start();
        QTRY_VERIFY_WITH_TIMEOUT(ticks >= 5, 10000);
        auto *busy = m_page->findChild<QWidget *>(QStringLiteral("busyBar"));
        auto *busyLabel = m_page->findChild<QLabel *>(QStringLiteral("busyLabel"));
        auto *cancel = m_page->findChild<QPushButton *>(QStringLiteral("cancelQuery"));
        QVERIFY(busy && busyLabel && cancel);
        QTRY_VERIFY_WITH_TIMEOUT(busy->isVisible(), 10000);
        QVERIFY(cancel->isVisible());
        // The bar counts the seconds of the wait: its own timer runs too.
        QTRY_VERIFY_WITH_TIMEOUT(busyLabel->text().contains(QStringLiteral("1 s")), 10000);
        QCOMPARE(lockWaiters(), 1); // still waiting: nothing above ended it

        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(lockWaiters(), 0, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!busy->isVisible(), 10000);
        auto *status = m_page->findChild<QLabel *>(QStringLiteral("journalStatus"));
        QVERIFY(status);
        QVERIFY2(status->text().contains(QStringLiteral("Cancelled")), qPrintable(status->text()));
        // The lock holder is untouched; after it lets go, F5 reads the journal again.
        QCOMPARE(m_locker->exec(QStringLiteral("SELECT 1")).ok, true);
        QVERIFY_SQL(m_locker->exec(QStringLiteral("ROLLBACK")));
        m_locker.reset();
        m_context->requestReread();
        QVERIFY(inbox::test::waitFor(
            [&] { return model()->rowCount() == 3 && activeConsoleQueries() == 0; }, 10000));
    }

    // With a short statement timeout the wait ends by itself, and the page says why: the
    // database did not answer in time, probably because of a lock held elsewhere.
    void statementTimeoutSaysWhatIsSlow()
    {
        connectPage(1000);
        lockEvents();
        auto *error = m_page->findChild<QLabel *>(QStringLiteral("journalError"));
        QVERIFY(error);
        QVERIFY(!error->isVisible());
        search(QStringLiteral("x-"));
        QTRY_COMPARE_WITH_TIMEOUT(lockWaiters(), 1, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(error->isVisible(), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(lockWaiters(), 0, 10000);
        const QString text = error->text();
        QVERIFY2(text.contains(QStringLiteral("did not answer within 1 s")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("lock")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("canceling statement")), qPrintable(text));
        auto *busy = m_page->findChild<QWidget *>(QStringLiteral("busyBar"));
        QTRY_VERIFY_WITH_TIMEOUT(!busy->isVisible(), 10000);
        // The lock is still held: the timeout ended the console's wait, not the other session.
        QCOMPARE(lockHolders(), 1);
    }

private:
    void prepare() override
    {
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.accept('wb', 'x-' || g, convert_to('{}', 'UTF8')) "
                           "FROM generate_series(1, 3) g")));
        m_page = std::make_unique<JournalPage>(m_context.get());
        QVERIFY(ConsoleHarness::show(m_page.get(), {1200, 800}));
    }

    void connectPage(int statementTimeoutMs)
    {
        inbox::ConnectOptions o = m_db.options();
        o.statementTimeoutMs = statementTimeoutMs;
        QVERIFY(ConsoleHarness::loads(model(), [&] {
            m_context->setConnected(o, ConsoleHarness::assumedInfo(QStringLiteral("postgres")));
        }));
        QCOMPARE(model()->rowCount(), 3);
        // The page's other queries (filter options) finish first: only the search may wait.
        QVERIFY(inbox::test::waitFor([&] { return activeConsoleQueries() == 0; }, 10000));
    }

    void lockEvents()
    {
        m_locker = std::make_unique<PgSession>(m_db.conninfo());
        QVERIFY(m_locker->ok());
        QVERIFY_SQL(m_locker->exec(QStringLiteral("SET application_name = 'long-transaction'")));
        QVERIFY_SQL(m_locker->exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(
            m_locker->exec(QStringLiteral("LOCK TABLE inbox.events IN ACCESS EXCLUSIVE MODE")));
    }

    void search(const QString &text)
    {
        auto *field = m_page->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
        QVERIFY(field);
        field->setText(text);
    }

    JournalModel *model() const { return m_page->model(); }

    int count(const QString &sql)
    {
        PgSession s(m_db.conninfo());
        return s.exec(sql).value(0, 0).toInt();
    }

    int activeConsoleQueries()
    {
        return count(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE "
                                    "application_name = 'inbox-console' AND state = 'active'"));
    }

    int lockWaiters()
    {
        return count(
            QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE "
                           "application_name = 'inbox-console' AND wait_event_type = 'Lock'"));
    }

    int lockHolders()
    {
        return count(QStringLiteral(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid) "
            "WHERE a.application_name = 'long-transaction' AND l.granted "
            "AND l.mode = 'AccessExclusiveLock' AND l.relation = 'inbox.events'::regclass"));
    }

    std::unique_ptr<PgSession> m_locker;
    std::unique_ptr<JournalPage> m_page;
};

QTEST_MAIN(TestLongTransaction)
#include "tst_longtransaction.moc"
