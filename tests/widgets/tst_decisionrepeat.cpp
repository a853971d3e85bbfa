// Issue 18, defect 2 on the Duplicates screen: after Merge or Keep separate the screen moves
// on to the next pair on purpose, but a decision key repeated before that pair is on screen
// must never decide it. A second press while the first decision runs is refused, and so is a
// press handled right after the answer, before the next pair is drawn. Real pairs in a real
// PostgreSQL, which says what was decided.
#include "consoleharness.h"
#include "duplicate_fixture.h"
#include "duplicates_util.h"
#include "widgettestcase.h"

#include "db/consolecontext.h"
#include "duplicates/duplicatedecider.h"
#include "duplicates/duplicatespage.h"

#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using inbox::DuplicatesPage;

using duplicatesfix::shows;

class TestDecisionRepeat : public WidgetTestCase
{
    Q_OBJECT

public:
    TestDecisionRepeat() : WidgetTestCase{{"mgr_rep", {"inbox_manager"}}} {}

private:
    QVector<qint64> m_pairs;

    void makePairs(int n)
    {
        m_pairs = duplicatesfix::openPairs(m_db.su(), QStringLiteral("rep"), 400, n);
    }

    int decided() { return duplicatesfix::decidedPairs(m_db.su()); }

private slots:
    // M pressed twice at once: the second press comes while the first decision runs and
    // decides nothing; the next pair is then shown, still open.
    void doublePressDecidesOnce_data()
    {
        QTest::addColumn<int>("key");
        QTest::newRow("M M") << int(Qt::Key_M);
        QTest::newRow("R R") << int(Qt::Key_R);
    }

    void doublePressDecidesOnce()
    {
        QFETCH(int, key);
        makePairs(3);
        inbox::ConsoleContext context;
        DuplicatesPage page(&context);
        QVERIFY(ConsoleHarness(m_db).showReading(&page, context, QStringLiteral("mgr_rep")));
        QTRY_VERIFY_WITH_TIMEOUT(shows(&page, m_pairs[0]), ConsoleHarness::kTimeoutMs);
        QSignalSpy finished(&page, &DuplicatesPage::decisionFinished);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key(key));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key(key));
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(shows(&page, m_pairs[1]), ConsoleHarness::kTimeoutMs);
        QTest::qWait(200); // nothing else arrives
        QCOMPARE(finished.size(), 1);
        QCOMPARE(decided(), 1);
        QCOMPARE(dupfix::status(m_db.su(), m_pairs[1]), QStringLiteral("open"));
    }

    // The second press handled the moment the first decision's answer has moved the screen
    // on (as when the key waited in the window system's queue behind the answer): the next
    // pair has not been drawn yet, so it is not decided.
    void pressRightAfterTheAnswerDecidesNothing()
    {
        makePairs(3);
        inbox::ConsoleContext context;
        DuplicatesPage page(&context);
        QVERIFY(ConsoleHarness(m_db).showReading(&page, context, QStringLiteral("mgr_rep")));
        QTRY_VERIFY_WITH_TIMEOUT(shows(&page, m_pairs[0]), ConsoleHarness::kTimeoutMs);
        auto *decider = page.findChild<inbox::DuplicateDecider *>();
        QVERIFY(decider);
        QSignalSpy finished(&page, &DuplicatesPage::decisionFinished);
        qint64 onScreenWhenPressed = 0;
        // Connected after the page's own handler: runs once the screen has moved on.
        connect(
            decider, &inbox::DuplicateDecider::finished, &page,
            [&] {
                if (onScreenWhenPressed)
                    return;
                onScreenWhenPressed = page.currentCandidate();
                QTest::keyClick(QApplication::focusWidget(), Qt::Key_M);
            },
            Qt::DirectConnection);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_M);
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(shows(&page, m_pairs[1]), ConsoleHarness::kTimeoutMs);
        QTest::qWait(300); // a decision sent by the second press would be answered by now
        QCOMPARE(onScreenWhenPressed, m_pairs[1]); // precondition: the screen had moved on
        QCOMPARE(dupfix::status(m_db.su(), m_pairs[0]), QStringLiteral("merged mgr_rep"));
        // The read-ahead put the next pair in the widgets with the answer; it was not drawn
        // when the key came, so the key was refused.
        QCOMPARE(dupfix::status(m_db.su(), m_pairs[1]), QStringLiteral("open"));
        QCOMPARE(decided(), 1);

        // Once it is drawn, M decides it.
        QTRY_VERIFY(shows(&page, m_pairs[1]));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_M);
        QTRY_COMPARE_WITH_TIMEOUT(dupfix::status(m_db.su(), m_pairs[1]),
                                  QStringLiteral("merged mgr_rep"), ConsoleHarness::kTimeoutMs);
    }
};

QTEST_MAIN(TestDecisionRepeat)
#include "tst_decisionrepeat.moc"
