// Issue 18, defect 5: the Duplicates screen opens with the focus in its pair list, so the
// first J or M acts on the pairs (not on the search); and keys typed into the search field are
// never decisions. Driven by QTest key events against a real PostgreSQL, with the database
// (inbox.duplicate_candidates) saying what was decided. The screen is reached both alone and
// as a tab of the real main window (Alt+5 from another screen).
#include "consoleharness.h"
#include "duplicate_fixture.h"
#include "duplicates_util.h"
#include "widgettestcase.h"

#include "db/consolecontext.h"
#include "duplicates/duplicatequeuemodel.h"
#include "duplicates/duplicatespage.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

#include <memory>

using inbox::DuplicatesPage;

using duplicatesfix::shows;

class TestDuplicatesKeys : public WidgetTestCase
{
    Q_OBJECT

public:
    TestDuplicatesKeys() : WidgetTestCase{{"mgr_anna", {"inbox_manager"}}} {}

private:
    QVector<qint64> m_pairs;

    // n open pairs, oldest first.
    void makePairs(int n)
    {
        m_pairs = duplicatesfix::openPairs(m_db.su(), QStringLiteral("k"), 300, n);
    }

    // The decision in, `pair` now `status`, and the only one made.
    void expectOneDecision(QSignalSpy &finished, qint64 pair, const QString &status)
    {
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QCOMPARE(dupfix::status(m_db.su(), pair), status);
        QCOMPARE(decided(), 1);
    }

    int decided() { return duplicatesfix::decidedPairs(m_db.su()); }

private slots:
    // The screen alone: the focus is in the list once it is shown, J moves, M merges.
    void focusStartsInTheList()
    {
        makePairs(3);
        inbox::ConsoleContext context;
        DuplicatesPage page(&context);
        QVERIFY(ConsoleHarness(m_db).showReading(&page, context, QStringLiteral("mgr_anna")));
        QTRY_VERIFY_WITH_TIMEOUT(shows(&page, m_pairs[0]), ConsoleHarness::kTimeoutMs);
        auto *view = page.findChild<QTableView *>(QStringLiteral("queue"));
        auto *search = page.findChild<QLineEdit *>(QStringLiteral("search"));
        QWidget *focus = QApplication::focusWidget();
        QVERIFY2(focus == view, focus ? qPrintable(focus->objectName()) : "no focus widget");

        // The keys go where the focus is: J to the next pair, nothing into the search.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_J);
        QTRY_VERIFY_WITH_TIMEOUT(shows(&page, m_pairs[1]), ConsoleHarness::kTimeoutMs);
        QVERIFY(search->text().isEmpty());
        QCOMPARE(page.model()->rowCount(), 3);
        QSignalSpy finished(&page, &DuplicatesPage::decisionFinished);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_M);
        expectOneDecision(finished, m_pairs[1], QStringLiteral("merged mgr_anna"));
    }

    // Letters typed into the search are text: no decision, no move, the list only filters.
    void searchKeysAreNeverDecisions()
    {
        makePairs(3);
        inbox::ConsoleContext context;
        DuplicatesPage page(&context);
        QVERIFY(ConsoleHarness(m_db).showReading(&page, context, QStringLiteral("mgr_anna")));
        QTRY_VERIFY_WITH_TIMEOUT(shows(&page, m_pairs[0]), ConsoleHarness::kTimeoutMs);
        QSignalSpy finished(&page, &DuplicatesPage::decisionFinished);
        QSignalSpy shown(&page, &DuplicatesPage::pairShown);

        // "/" goes to the search; m, j, r, s, u, k and M (Shift) are typed there.
        auto *view = page.findChild<QTableView *>(QStringLiteral("queue"));
        auto *search = page.findChild<QLineEdit *>(QStringLiteral("search"));
        QTest::keyClick(view, Qt::Key_Slash);
        QTRY_VERIFY(search->hasFocus());
        QTest::keyClicks(search, QStringLiteral("mjrsuk"));
        QTest::keyClick(search, Qt::Key_M, Qt::ShiftModifier);
        QCOMPARE(search->text().toLower(), QStringLiteral("mjrsukm"));
        QTest::qWait(500); // a decision would be on its way by now
        QCOMPARE(finished.count(), 0);
        QCOMPARE(decided(), 0);

        // Back to the list with Escape: the letters act again, on the list's pairs.
        QTest::keyClick(search, Qt::Key_Escape);
        QTRY_VERIFY(view->hasFocus());
        search->clear(); // the clear button: the whole queue again
        QTRY_COMPARE_WITH_TIMEOUT(page.model()->rowCount(), 3, ConsoleHarness::kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(shows(&page, m_pairs[0]), ConsoleHarness::kTimeoutMs);
        QTest::keyClick(view, Qt::Key_R);
        expectOneDecision(finished, m_pairs[0], QStringLiteral("rejected mgr_anna"));
    }

    // In the real window: Alt+5 from the Overview lands in the pair list, and M merges.
    void focusInTheListAsATab()
    {
        makePairs(2);
        inbox::MainWindow window;
        QVERIFY(ConsoleHarness(m_db).showReading(&window, *window.context(),
                                                 QStringLiteral("mgr_anna")));
        auto *tabs = window.findChild<QTabWidget *>();
        QVERIFY(tabs);
        auto *page = window.findChild<DuplicatesPage *>();
        QVERIFY(page);
        tabs->setCurrentIndex(1); // Overview
        tabs->currentWidget()->setFocus();
        QTest::keyClick(&window, Qt::Key_5, Qt::AltModifier);
        QTRY_COMPARE(tabs->currentWidget(), page);
        QTRY_VERIFY_WITH_TIMEOUT(shows(page, m_pairs[0]), ConsoleHarness::kTimeoutMs);
        QWidget *focus = QApplication::focusWidget();
        QVERIFY2(
            focus == page->findChild<QTableView *>(QStringLiteral("queue")),
            focus ? qPrintable(QStringLiteral("%1 %2").arg(
                        QString::fromLatin1(focus->metaObject()->className()), focus->objectName()))
                  : "no focus widget");
        QSignalSpy finished(page, &DuplicatesPage::decisionFinished);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_M);
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QCOMPARE(dupfix::status(m_db.su(), m_pairs[0]), QStringLiteral("merged mgr_anna"));
    }
};

QTEST_MAIN(TestDuplicatesKeys)
#include "tst_duplicateskeys.moc"
