// Issue 18, defect 12 (a-c): the event detail pane in the real main window, driven by mouse
// and keys against a real PostgreSQL. A done event whose worker succeeded after a retry
// (complete kept the old last_error until schema 24, and such rows remain) shows that error as
// history, never as
// "Last error (retryable)"; an event without a lead says so instead of an empty duplicates
// table; a double-click or Enter on a pair of the Lead tab opens it on the Duplicates screen.
#include "audit_fixture.h"
#include "consoleharness.h"
#include "widgettestcase.h"

#include "db/consolecontext.h"
#include "duplicates/duplicatespage.h"
#include "journal/eventdetailpane.h"
#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "window/mainwindow.h"

#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

#include <memory>

using inbox::DuplicatesPage;
using inbox::EventDetailPane;
using inbox::JournalModel;
using inbox::JournalPage;

class TestEventDetailSmall : public WidgetTestCase
{
    Q_OBJECT

private:
    std::unique_ptr<inbox::MainWindow> m_window;
    JournalPage *m_journal = nullptr;

    // Failed once (retryable), then done on the second attempt, with the error left on the row
    // as complete left it before schema 24.
    qint64 doneAfterRetry()
    {
        PgSession &su = m_db.su();
        const qint64 id =
            contract::oneInt(su, QStringLiteral("SELECT event_id FROM inbox.accept('crm', 'R-1', "
                                                "convert_to('{}', 'UTF8'), 'application/json')"));
        if (contract::oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.claim('w', 1)")) != 1)
            return -1;
        if (contract::one(
                su,
                QStringLiteral("SELECT inbox.fail($1, 'w', coalesce((SELECT lock_token FROM "
                               "inbox.events WHERE id = $1), 0), 'CRM API: 503', true)"),
                {id}) != QLatin1String("received"))
            return -1;
        su.exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() - interval '1 "
                               "second' WHERE id = $1"),
                {id});
        if (contract::oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.claim('w', 1)")) != 1)
            return -1;
        if (contract::one(su,
                          QStringLiteral("SELECT inbox.complete($1, 'w', coalesce((SELECT "
                                         "lock_token FROM inbox.events WHERE id = $1), 0), NULL)"),
                          {id}) != QLatin1String("t"))
            return -1;
        su.exec(QStringLiteral("UPDATE inbox.events SET last_error = 'CRM API: 503', "
                               "error_retryable = true WHERE id = $1"),
                {id});
        return id;
    }

    void openWindow()
    {
        m_window = std::make_unique<inbox::MainWindow>();
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_journal = m_window->findChild<JournalPage *>();
        QVERIFY(m_journal);
        QSignalSpy loaded(m_journal->model(), &JournalModel::loaded);
        m_window->connectTo(m_db.conninfo());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->context()->isConnected(), ConsoleHarness::kTimeoutMs);
        tabs()->setCurrentWidget(m_journal);
        QTRY_VERIFY_WITH_TIMEOUT(m_journal->model()->rowCount() > 0, ConsoleHarness::kTimeoutMs);
    }

    QTabWidget *tabs() const { return m_window->centralWidget()->findChild<QTabWidget *>(); }
    EventDetailPane *pane() const { return m_journal->detailPane(); }

    void clickRow(qint64 id)
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_journal->model()->rowOf(id) >= 0, ConsoleHarness::kTimeoutMs);
        const int row = m_journal->model()->rowOf(id);
        QTableView *table = m_journal->table();
        QTest::mouseClick(
            table->viewport(), Qt::LeftButton, {},
            table->visualRect(m_journal->model()->index(row, JournalModel::ExternalId)).center());
        QTRY_COMPARE_WITH_TIMEOUT(pane()->eventId(), id, ConsoleHarness::kTimeoutMs);
        // eventId() is the loaded detail's: the pane has it (a single row may be shown before
        // the click).
        QVERIFY(pane()->detail().found);
    }

    // The window open on the journal, the event's row clicked and its detail in the pane.
    void openOnRow(qint64 id)
    {
        openWindow();
        if (QTest::currentTestFailed())
            return;
        clickRow(id);
    }

    void clickLeadTab()
    {
        auto *detailTabs = pane()->findChild<QTabWidget *>(QStringLiteral("detailTabs"));
        QVERIFY(detailTabs);
        QTabBar *bar = detailTabs->tabBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(4).center());
        QCOMPARE(detailTabs->currentIndex(), 4);
    }

private slots:
    void cleanup() { m_window.reset(); }

    void doneEventShowsItsOldErrorAsHistory()
    {
        const qint64 id = doneAfterRetry();
        QVERIFY(id > 0);
        // The precondition: the database holds an old error on a done event.
        QCOMPARE(contract::one(m_db.su(),
                               QStringLiteral("SELECT status || ' ' || last_error || ' ' || "
                                              "error_retryable FROM inbox.events WHERE id = $1"),
                               {id}),
                 QStringLiteral("done CRM API: 503 true"));
        openOnRow(id);
        if (QTest::currentTestFailed())
            return;
        const QString facts = pane()->findChild<QLabel *>(QStringLiteral("detailFacts"))->text();
        QVERIFY2(!facts.contains(QStringLiteral("Last error")), qPrintable(facts));
        QVERIFY2(facts.contains(QStringLiteral("Earlier error, before the attempt that "
                                               "succeeded: CRM API: 503")),
                 qPrintable(facts));
    }

    void eventWithoutLeadShowsNoDuplicatesTable()
    {
        const qint64 id = doneAfterRetry();
        QVERIFY(id > 0);
        openOnRow(id);
        if (QTest::currentTestFailed())
            return;
        clickLeadTab();
        if (QTest::currentTestFailed())
            return;
        QVERIFY(!pane()->detail().hasLead);
        auto *lead = pane()->findChild<QLabel *>(QStringLiteral("lead"));
        QVERIFY2(lead->text().contains(QStringLiteral("has no lead")), qPrintable(lead->text()));
        auto *candidates = pane()->findChild<QTableWidget *>(QStringLiteral("candidates"));
        QVERIFY(candidates);
        QVERIFY2(!candidates->isVisible(), "an empty duplicates table for an event with no lead");
    }

    void pairInLeadTabOpensOnDuplicates_data()
    {
        QTest::addColumn<bool>("byKey");
        QTest::newRow("double-click") << false;
        QTest::newRow("Enter") << true;
    }

    void pairInLeadTabOpensOnDuplicates()
    {
        QFETCH(bool, byKey);
        const auditfix::Pair p =
            auditfix::pair(m_db.su(), QStringLiteral("lt"), QStringLiteral("+7 903 555 11 22"));
        QVERIFY(p.candidate > 0 && p.newerEvent > 0);
        openOnRow(p.newerEvent);
        if (QTest::currentTestFailed())
            return;
        clickLeadTab();
        if (QTest::currentTestFailed())
            return;
        auto *candidates = pane()->findChild<QTableWidget *>(QStringLiteral("candidates"));
        QTRY_COMPARE_WITH_TIMEOUT(candidates->rowCount(), 1, ConsoleHarness::kTimeoutMs);
        QCOMPARE(candidates->item(0, 0)->text(), QString::number(p.candidate));

        auto *duplicates = m_window->findChild<DuplicatesPage *>();
        QVERIFY(duplicates);
        QSignalSpy shown(duplicates, &DuplicatesPage::pairShown);
        const QPoint at = candidates->visualItemRect(candidates->item(0, 1)).center();
        if (byKey) {
            QTest::mouseClick(candidates->viewport(), Qt::LeftButton, {}, at);
            QCOMPARE(candidates->currentRow(), 0);
            QTest::keyClick(candidates, Qt::Key_Return);
        } else {
            // A person's double-click: the first click, then the second one (QTest sends it as
            // press, double-click, release).
            QTest::mouseClick(candidates->viewport(), Qt::LeftButton, {}, at);
            QTest::mouseDClick(candidates->viewport(), Qt::LeftButton, {}, at);
        }
        QTRY_COMPARE_WITH_TIMEOUT(tabs()->currentWidget(), static_cast<QWidget *>(duplicates),
                                  3000);
        QTRY_VERIFY_WITH_TIMEOUT(shown.contains({QVariant(p.candidate)}),
                                 ConsoleHarness::kTimeoutMs);
        QCOMPARE(duplicates->currentCandidate(), p.candidate);
    }
};

QTEST_MAIN(TestEventDetailSmall)
#include "tst_eventdetailsmall.moc"
