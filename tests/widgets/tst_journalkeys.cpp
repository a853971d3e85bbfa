// Issue 18, defect 4: from the journal's search field the keyboard reaches the results. Down
// moves the focus into the list (the first row selected if none is); Enter on a single result
// opens it (selected, shown in the detail pane, the focus in the list); Enter with several
// results runs the search as before. Offscreen, keys sent to the real search field, against a
// real PostgreSQL.
#include "contract_util.h"
#include "screentestcase.h"

#include "db/consolecontext.h"
#include "journal/eventdetailpane.h"
#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "pgsession.h"

#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using inbox::EventDetailPane;
using inbox::JournalModel;
using inbox::JournalPage;

class TestJournalKeys : public ScreenTestCase
{
    Q_OBJECT

private slots:
    void cleanup()
    {
        m_page.reset();
        ScreenTestCase::cleanup();
    }

    void downMovesIntoTheListOnItsFirstRow()
    {
        QTableView *table = m_page->table();
        QVERIFY(!table->currentIndex().isValid());
        QTest::keyClick(m_search, Qt::Key_Down);
        QVERIFY(table->hasFocus());
        QCOMPARE(table->currentIndex().row(), 0);
        QVERIFY(table->selectionModel()->isRowSelected(0, {}));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->detailPane()->eventId(), model()->row(0).id, 10000);
        // Down again is the list's own: the next row.
        QTest::keyClick(table, Qt::Key_Down);
        QCOMPARE(table->currentIndex().row(), 1);
    }

    // A row already chosen stays the current one when Down comes back into the list.
    void downKeepsTheCurrentRow()
    {
        QTableView *table = m_page->table();
        table->setCurrentIndex(model()->index(2, JournalModel::Received));
        m_search->setFocus();
        QTRY_VERIFY(m_search->hasFocus());
        QTest::keyClick(m_search, Qt::Key_Down);
        QVERIFY(table->hasFocus());
        QCOMPARE(table->currentIndex().row(), 2);
    }

    // Typed, then Down at once (before the search's pause): the list of the new search.
    void downRightAfterTypingGoesToTheNewResults()
    {
        QSignalSpy loaded(model(), &JournalModel::loaded);
        QTest::keyClicks(m_search, QStringLiteral("K-"));
        QTest::keyClick(m_search, Qt::Key_Down);
        QCOMPARE(model()->filter().search, QStringLiteral("K-"));
        QVERIFY(m_page->table()->hasFocus());
        QVERIFY(loaded.wait(10000));
        QCOMPARE(model()->rowCount(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->table()->currentIndex().row(), 0, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->detailPane()->eventId(), model()->row(0).id, 10000);
    }

    void enterOnASingleResultOpensIt()
    {
        QSignalSpy loaded(model(), &JournalModel::loaded);
        QTest::keyClicks(m_search, QStringLiteral("Z-9"));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(model()->rowCount(), 1);
        QVERIFY(m_search->hasFocus()); // the results alone do not take the focus
        QTest::keyClick(m_search, Qt::Key_Return);
        QVERIFY(m_page->table()->hasFocus());
        QCOMPARE(m_page->table()->currentIndex().row(), 0);
        QVERIFY(m_page->table()->selectionModel()->isRowSelected(0, {}));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->detailPane()->eventId(), m_ids.at(3), 10000);
    }

    // Typed and Enter at once: the search runs now, and its single result opens.
    void enterRightAfterTypingOpensTheSingleResult()
    {
        QSignalSpy loaded(model(), &JournalModel::loaded);
        QTest::keyClicks(m_search, QStringLiteral("K-2"));
        QTest::keyClick(m_search, Qt::Key_Enter);
        QCOMPARE(model()->filter().search, QStringLiteral("K-2"));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(model()->rowCount(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(m_page->table()->hasFocus(), 5000);
        QCOMPARE(m_page->table()->currentIndex().row(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->detailPane()->eventId(), m_ids.at(1), 10000);
    }

    void enterWithSeveralResultsRunsTheSearch()
    {
        QSignalSpy loaded(model(), &JournalModel::loaded);
        QTest::keyClicks(m_search, QStringLiteral("K-"));
        QTest::keyClick(m_search, Qt::Key_Return);
        QCOMPARE(model()->filter().search, QStringLiteral("K-")); // at once, not after the pause
        QVERIFY(loaded.wait(10000));
        QCOMPARE(model()->rowCount(), 3);
        QTest::qWait(200); // nothing else arrives: the focus and the selection stay
        QVERIFY(m_search->hasFocus());
        QVERIFY(!m_page->table()->currentIndex().isValid());
        QCOMPARE(m_page->detailPane()->eventId(), qint64(0));
        // Enter again on the same results changes nothing either.
        QTest::keyClick(m_search, Qt::Key_Return);
        QVERIFY(m_search->hasFocus());
        QCOMPARE(loaded.size(), 1);
    }

private:
    JournalModel *model() const { return m_page->model(); }

    // Four events in the journal, shown with the focus in the search field.
    void prepare() override
    {
        m_ids.clear();
        for (const char *id : {"K-1", "K-2", "K-3", "Z-9"})
            m_ids << contract::acceptEvent(m_db.su(), QString::fromLatin1(id),
                                           QStringLiteral("wb"));
        m_page = std::make_unique<JournalPage>(m_context.get());
        QVERIFY(ConsoleHarness::show(m_page.get(), QSize(1200, 800), true));
        QVERIFY(m_harness.connectLoaded(*m_context, model()));
        QCOMPARE(model()->rowCount(), 4);
        m_search = m_page->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
        QVERIFY(m_search);
        m_search->setFocus();
        QTRY_VERIFY(m_search->hasFocus());
    }

    std::unique_ptr<JournalPage> m_page;
    QLineEdit *m_search = nullptr;
    QVector<qint64> m_ids;
};

QTEST_MAIN(TestJournalKeys)
#include "tst_journalkeys.moc"
