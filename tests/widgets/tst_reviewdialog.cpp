// Issue 18, defect 3: "Needs review" has a way out on screen. Offscreen against a real
// PostgreSQL, driven with mouse and keys as an operator: choose the "Needs review" group, select
// a key-conflict event, Ctrl+Shift+V opens "Resolve review", "Kept the first body" and Resolve
// clear needs_review with a review_resolved journal entry by that login, the dialog says what
// happened and the group shrinks. "Handled by hand" keeps Resolve disabled until a note is
// written; a worker's reason enables only "handled by hand"; a support login is not offered the
// action.
#include "contract_util.h"
#include "screentestcase.h"

#include "attention/attentionmodel.h"
#include "attention/attentionpage.h"
#include "attention/reviewdialog.h"
#include "attention/reviewresolver.h"
#include "db/consolecontext.h"
#include "journal/journalmodel.h"
#include "pgsession.h"

#include <QAction>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

using inbox::AttentionGroup;
using inbox::AttentionPage;
using inbox::ReviewDialog;
using inbox::ReviewResolution;

class TestReviewDialog : public ScreenTestCase
{
    Q_OBJECT

public:
    TestReviewDialog() : ScreenTestCase{{"op", {"inbox_operator"}}, {"sup", {"inbox_support"}}} {}

private slots:
    void cleanup()
    {
        m_page.reset();
        ScreenTestCase::cleanup();
    }

    void keptFirstBodyResolvesTheSelectedConflict()
    {
        const qint64 first = conflict(QStringLiteral("K-1"));
        const qint64 second = conflict(QStringLiteral("K-2"));
        QVERIFY(first > 0 && second > 0);
        openPage(QStringLiteral("op"), {QStringLiteral("inbox_operator")});
        chooseReviewGroup();
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(reviewCount(), 2);
        clickEvent(first);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(m_page->resolveReviewAction()->isEnabled());
        ReviewDialog *d = openDialog();
        QVERIFY(d);
        QVERIFY(d->choice(ReviewResolution::KeptFirstBody)->isEnabled());
        QVERIFY(d->choice(ReviewResolution::SecondIsNewEvent)->isEnabled());
        auto *resolve = d->findChild<QPushButton *>(QStringLiteral("resolve"));
        QVERIFY(!resolve->isEnabled()); // nothing chosen yet
        choose(d, ReviewResolution::KeptFirstBody);
        QVERIFY(d->choice(ReviewResolution::KeptFirstBody)->isChecked());
        QVERIFY(resolve->isEnabled());
        QSignalSpy done(d->resolver(), &inbox::ReviewResolver::finished);
        QTest::mouseClick(resolve, Qt::LeftButton);
        QVERIFY(done.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY2(d->resolver()->error().isEmpty(), qPrintable(d->resolver()->error().message));
        QVERIFY2(d->resultText().startsWith(QStringLiteral("1 resolved")),
                 qPrintable(d->resultText()));

        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT needs_review IS NULL FROM inbox.events "
                                          "WHERE id = $1"),
                           {first})
                     .value(0, 0),
                 QStringLiteral("t"));
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT actor, detail->>'resolution' FROM inbox.journal "
                                          "WHERE event_id = $1 AND entry = 'review_resolved'"),
                           {first})
                     .values,
                 (QVector<QStringList>{{QStringLiteral("op"), QStringLiteral("kept_first_body")}}));
        // The other event is untouched, and the group on screen lost one.
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT needs_review FROM inbox.events WHERE id = $1"),
                           {second})
                     .value(0, 0),
                 QStringLiteral("key conflict"));
        QTRY_COMPARE_WITH_TIMEOUT(reviewCount(), 1, ConsoleHarness::kTimeoutMs);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("cancel")), Qt::LeftButton);
        QTRY_VERIFY(!m_page->reviewDialog());
    }

    // The split names the event the other body became (issue 30, point 16), as the journal's
    // review_resolved entry does.
    void splitNamesTheNewEvent()
    {
        const qint64 first = conflict(QStringLiteral("K-1"));
        QVERIFY(first > 0);
        openPage(QStringLiteral("op"), {QStringLiteral("inbox_operator")});
        chooseReviewGroup();
        if (QTest::currentTestFailed())
            return;
        clickEvent(first);
        ReviewDialog *d = openDialog();
        QVERIFY(d);
        choose(d, ReviewResolution::SecondIsNewEvent);
        QSignalSpy done(d->resolver(), &inbox::ReviewResolver::finished);
        QTest::mouseClick(d->findChild<QPushButton *>(QStringLiteral("resolve")), Qt::LeftButton);
        QVERIFY(done.wait(ConsoleHarness::kTimeoutMs));
        QCOMPARE(done.size(), 1);
        QVERIFY2(d->resolver()->error().isEmpty(), qPrintable(d->resolver()->error().message));
        const qint64 made =
            contract::oneInt(m_db.su(),
                             QStringLiteral("SELECT id FROM inbox.events WHERE external_id = "
                                            "'K-1#conflict-' || (SELECT min(id) FROM "
                                            "inbox.conflict_bodies WHERE event_id = $1)"),
                             {first});
        QVERIFY(made > 0 && made != first);
        QCOMPARE(d->resolver()->newEventIds(), QVector<qint64>{made});
        QCOMPARE(d->resultText(),
                 QStringLiteral("1 resolved, the other body is now event %1.").arg(made));
    }

    void handledByHandNeedsANote()
    {
        qint64 id = 0;
        openOnConflict(QStringLiteral("op"), QStringLiteral("inbox_operator"), &id);
        if (QTest::currentTestFailed())
            return;
        ReviewDialog *d = openDialog();
        QVERIFY(d);
        auto *resolve = d->findChild<QPushButton *>(QStringLiteral("resolve"));
        choose(d, ReviewResolution::HandledByHand);
        QVERIFY(d->choice(ReviewResolution::HandledByHand)->isChecked());
        QVERIFY(!resolve->isEnabled());
        auto *note = d->findChild<QLineEdit *>(QStringLiteral("note"));
        note->setFocus();
        QTest::keyClicks(note, QStringLiteral("   "));
        QVERIFY(!resolve->isEnabled()); // blank is no note
        QTest::keyClicks(note, QStringLiteral("called the customer"));
        QVERIFY(resolve->isEnabled());
        note->clear();
        QVERIFY(!resolve->isEnabled());
        d->reject();
        QCOMPARE(
            m_db.su()
                .exec(QStringLiteral("SELECT needs_review FROM inbox.events WHERE id = $1"), {id})
                .value(0, 0),
            QStringLiteral("key conflict"));
    }

    // A worker's own reason: only "handled by hand" fits, for the whole group listed.
    void workerReasonOffersOnlyHandledByHand()
    {
        const qint64 id =
            contract::acceptEvent(m_db.su(), QStringLiteral("W-1"), QStringLiteral("crm"));
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.claim('w1', 10)"))
                     .value(0, 0),
                 QStringLiteral("1"));
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT inbox.flag_review($1, 'w1', (SELECT lock_token "
                                          "FROM inbox.events WHERE id = $1), 'lead not "
                                          "enriched')"),
                           {id})
                     .value(0, 0),
                 QStringLiteral("t"));
        openPage(QStringLiteral("op"), {QStringLiteral("inbox_operator")});
        chooseReviewGroup();
        if (QTest::currentTestFailed())
            return;
        QTRY_COMPARE_WITH_TIMEOUT(m_page->events()->rowCount(), 1, ConsoleHarness::kTimeoutMs);
        // No event selected: the group's listed events.
        m_page->eventView()->selectionModel()->clearSelection();
        QTRY_VERIFY(m_page->resolveReviewAction()->isEnabled());
        ReviewDialog *d = openDialog();
        QVERIFY(d);
        QVERIFY(!d->choice(ReviewResolution::KeptFirstBody)->isEnabled());
        QVERIFY(!d->choice(ReviewResolution::SecondIsNewEvent)->isEnabled());
        QVERIFY(d->choice(ReviewResolution::HandledByHand)->isEnabled());
        d->reject();
    }

    void supportIsNotOffered()
    {
        qint64 id = 0;
        openOnConflict(QStringLiteral("sup"), QStringLiteral("inbox_support"), &id);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(!m_page->resolveReviewAction()->isEnabled());
        QVERIFY(!m_page->reviewButton()->isEnabled());
        QTest::keyClick(m_page->eventView(), Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);
        QTest::qWait(100);
        QVERIFY(!m_page->reviewDialog());
    }

private:
    // The same source and external id accepted twice with different bodies: a key conflict.
    qint64 conflict(const QString &externalId)
    {
        const QString sql = QStringLiteral("SELECT event_id FROM inbox.accept('crm', $1, $2)");
        const qint64 id = contract::oneInt(m_db.su(), sql, {externalId, QByteArray("{\"v\":1}")});
        const qint64 again =
            contract::oneInt(m_db.su(), sql, {externalId, QByteArray("{\"v\":2}")});
        return id == again ? id : -1;
    }

    // A key conflict (K-1), the page open as `user` in `role` on the review group, the
    // conflict's event selected.
    void openOnConflict(const QString &user, const QString &role, qint64 *id)
    {
        *id = conflict(QStringLiteral("K-1"));
        QVERIFY(*id > 0);
        openPage(user, {role});
        chooseReviewGroup();
        if (QTest::currentTestFailed())
            return;
        clickEvent(*id);
    }

    void openPage(const QString &user, const QStringList &roles)
    {
        m_page = std::make_unique<AttentionPage>(m_context.get());
        QVERIFY(m_harness.connectLoaded(*m_context, m_page->groups(), user, roles));
        QVERIFY(ConsoleHarness::show(m_page.get(), QSize(1280, 800), true));
    }

    int reviewRow() const
    {
        for (int r = 0; r < m_page->groups()->rowCount(); ++r)
            if (m_page->groups()->group(r).trouble == AttentionGroup::Trouble::Review)
                return r;
        return -1;
    }

    qint64 reviewCount() const
    {
        const int r = reviewRow();
        return r < 0 ? 0 : m_page->groups()->group(r).count;
    }

    void chooseReviewGroup()
    {
        const int r = reviewRow();
        QVERIFY(r >= 0);
        QTableView *v = m_page->groupView();
        const QRect rect = v->visualRect(m_page->groups()->index(r, inbox::AttentionModel::Source));
        QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(v->currentIndex().row(), r);
        QTRY_VERIFY_WITH_TIMEOUT(m_page->events()->rowCount() > 0 &&
                                     !m_page->events()->row(0).needsReview.isEmpty(),
                                 ConsoleHarness::kTimeoutMs);
    }

    void clickEvent(qint64 id)
    {
        QTableView *v = m_page->eventView();
        int row = -1;
        QTRY_VERIFY_WITH_TIMEOUT((row = m_page->events()->rowOf(id)) >= 0,
                                 ConsoleHarness::kTimeoutMs);
        const QRect rect = v->visualRect(m_page->events()->index(row, inbox::JournalModel::Id));
        QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(m_page->selectedEventIds(), QVector<qint64>{id});
    }

    // A click on the radio button's mark (its middle may lie past the text, outside the button's
    // hit area).
    static void choose(ReviewDialog *d, ReviewResolution r)
    {
        QRadioButton *b = d->choice(r);
        QTest::mouseClick(b, Qt::LeftButton, {},
                          QPoint(b->fontMetrics().height() / 2 + 2, b->height() / 2));
    }

    // The key, as a person presses it with the focus in the list.
    ReviewDialog *openDialog()
    {
        m_page->eventView()->setFocus();
        QTest::keyClick(m_page->eventView(), Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);
        if (!QTest::qWaitFor([this] { return m_page->reviewDialog() != nullptr; }, 2000))
            return nullptr;
        if (!QTest::qWaitForWindowExposed(m_page->reviewDialog()))
            return nullptr;
        return m_page->reviewDialog();
    }

    std::unique_ptr<AttentionPage> m_page;
};

QTEST_MAIN(TestReviewDialog)
#include "tst_reviewdialog.moc"
