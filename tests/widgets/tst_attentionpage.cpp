// The "Needs attention" screen offscreen against a real PostgreSQL: requeue of one event, of
// the selected events and of everything matching the filter, each with the confirmation
// counts; the reason required; the validation warning; the detail pane's timeline showing the
// requeue with the same idempotency key; a support user read-only; a refusal by the database
// shown as a clear message; filter, selection and scroll position kept after the action.
#include "attention_util.h"
#include "contract_util.h"
#include "screentestcase.h"

#include "attention/attentionmodel.h"
#include "attention/attentionpage.h"
#include "attention/requeuedialog.h"
#include "attention/requeuer.h"
#include "common/multiselectbutton.h"
#include "db/consolecontext.h"
#include "journal/eventdetailpane.h"
#include "journal/journalmodel.h"
#include "pgcluster.h"
#include "pgsession.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QToolButton>
#include <QtTest>

using inbox::AttentionModel;
using inbox::AttentionPage;
using inbox::JournalModel;
using inbox::RequeueDialog;
using inbox::Requeuer;

namespace {
// Plural forms come from the translations (installed or not): "event(s)", "events" and
// "event" all read "event" here.
QString singular(QString text)
{
    static const QRegularExpression plural(QStringLiteral("\\b(event|group)(\\(s\\)|s)"));
    return text.replace(plural, QStringLiteral("\\1"));
}
} // namespace

class TestAttentionPage : public ScreenTestCase
{
    Q_OBJECT

public:
    TestAttentionPage()
        : ScreenTestCase{
              {"op", {"inbox_operator"}}, {"sup", {"inbox_support"}}, {"gone", {"inbox_operator"}}}
    {}

private slots:
    void cleanup()
    {
        m_page.reset();
        ScreenTestCase::cleanup();
    }

    // One event: the preview says 1, the reason is required, the validation warning shows,
    // the outcome is listed, and the detail pane's timeline shows the requeue with the key
    // unchanged.
    void requeueOneEvent()
    {
        fail(QStringLiteral("crm"), 3,
             QStringLiteral("CRM API: 422 phone '12' is not a phone number"), false);
        openPage(QStringLiteral("op"), {QStringLiteral("inbox_operator")});
        QCOMPARE(m_page->groups()->rowCount(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->events()->rowCount(), 3, 10000);
        const qint64 id = m_page->events()->row(1).id;
        const QString keyBefore = m_page->events()->row(1).idempotencyKey;
        selectEvents({1});
        QVERIFY(m_page->requeueButton()->isEnabled());
        QVERIFY(m_page->requeueSelectedAction()->isEnabled());
        m_page->requeueSelectedAction()->trigger();
        RequeueDialog *d = waitPreview();
        QCOMPARE(singular(d->summaryText()), QStringLiteral("1 event will be requeued."));
        auto *warning = d->findChild<QLabel *>(QStringLiteral("validationWarning"));
        QVERIFY(!warning->isHidden());
        QVERIFY(warning->text().contains(QStringLiteral("a plain retry will fail again")));
        auto *start = d->findChild<QPushButton *>(QStringLiteral("start"));
        QVERIFY(!start->isEnabled()); // no reason yet
        d->findChild<QLineEdit *>(QStringLiteral("reason"))->setText(QStringLiteral("   "));
        QVERIFY(!start->isEnabled());
        d->findChild<QLineEdit *>(QStringLiteral("reason"))->setText(QStringLiteral("phone fixed"));
        QVERIFY(start->isEnabled());
        run(d);
        QCOMPARE(d->requeuer()->count(QStringLiteral("requeued")), 1);
        auto *outcomes = d->findChild<QTableWidget *>(QStringLiteral("outcomes"));
        QCOMPARE(outcomes->rowCount(), 1);
        QCOMPARE(outcomes->item(0, 0)->data(Qt::DisplayRole).toLongLong(), id);
        QCOMPARE(outcomes->item(0, 1)->data(Qt::UserRole).toString(), QStringLiteral("requeued"));
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT status, idempotency_key FROM inbox.events "
                                          "WHERE id = $1"),
                           {id})
                     .values.value(0),
                 (QStringList{QStringLiteral("received"), keyBefore}));
        d->reject();

        // The detail pane: the timeline has the requeue by this user, with the reason, and the
        // key is the one from before.
        QSignalSpy loaded(m_page->detail(), &inbox::EventDetailPane::loaded);
        m_page->detail()->showEvent(id);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(m_page->detail()->detail().idempotencyKey(), keyBefore);
        bool found = false;
        for (const auto &e : m_page->detail()->detail().journal) {
            if (e.entry == QLatin1String("requeued")) {
                found = true;
                QCOMPARE(e.actor, QStringLiteral("op"));
                QVERIFY(e.detail.contains(QStringLiteral("phone fixed")));
            }
        }
        QVERIFY(found);
        auto *timeline = m_page->detail()->findChild<QTableWidget *>(QStringLiteral("timeline"));
        QVERIFY(!timeline->findItems(QStringLiteral("requeued"), Qt::MatchContains).isEmpty());
        // The group lost one event; still the same group selected.
        QTRY_COMPARE_WITH_TIMEOUT(m_page->groups()->group(0).count, 2, 10000);
        QCOMPARE(m_page->groupView()->currentIndex().row(), 0);
    }

    // Three selected events, one of them requeued by someone else meanwhile: the preview says
    // 2 and 1 already queued; the filter, the group selection and the scroll position stay.
    void requeueSelectedEvents()
    {
        const QVector<qint64> ids = fail(QStringLiteral("shop"), 60,
                                         QStringLiteral("CRM API: 503 Service Unavailable"), true);
        fail(QStringLiteral("crm"), 5, QStringLiteral("CRM API: 503 Service Unavailable"), true);
        openPage(QStringLiteral("op"), {QStringLiteral("inbox_operator")});
        // Filter on one source.
        JournalFilterSetter(m_page.get()).sources({QStringLiteral("shop")});
        QTRY_COMPARE_WITH_TIMEOUT(m_page->groups()->rowCount(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->events()->rowCount(), 60, 10000);
        m_page->resize(1000, 700);
        m_page->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
        QScrollBar *bar = m_page->eventView()->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 10);
        bar->setValue(bar->maximum() / 2);
        const int scrolled = bar->value();
        selectEvents({30, 31, 32});
        const QVector<qint64> chosen = m_page->selectedEventIds();
        QCOMPARE(chosen.size(), 3);
        // Someone else requeues one of them first.
        PgSession other(m_db.conninfo());
        QVERIFY_SQL(other.exec(QStringLiteral("SELECT * FROM inbox.requeue(ARRAY[$1::int8], 'x')"),
                               {chosen.at(2)}));
        m_page->requeueSelectedAction()->trigger();
        RequeueDialog *d = waitPreview();
        QCOMPARE(singular(d->summaryText()),
                 QStringLiteral("2 event will be requeued. 1 left alone: 0 done, 0 in progress, "
                                "1 already queued."));
        QVERIFY(d->findChild<QLabel *>(QStringLiteral("validationWarning"))->isHidden());
        d->findChild<QLineEdit *>(QStringLiteral("reason"))->setText(QStringLiteral("CRM is back"));
        QSignalSpy refreshed(m_page.get(), &AttentionPage::requeueFinished);
        run(d);
        QCOMPARE(d->requeuer()->count(QStringLiteral("requeued")), 2);
        QCOMPARE(d->requeuer()->count(QStringLiteral("already_queued")), 1);
        QVERIFY(singular(d->resultText()).contains(QStringLiteral("2 event requeued.")));
        QVERIFY(d->resultText().contains(QStringLiteral("left alone: already queued: 1")));
        QCOMPARE(refreshed.size(), 1);
        d->reject();
        QTRY_COMPARE_WITH_TIMEOUT(m_page->groups()->group(0).count, 57, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->events()->rowCount(), 57, 10000);
        // Still the same filter and group; the view did not jump to the top.
        QCOMPARE(m_page->filter().sources, QStringList{QStringLiteral("shop")});
        QCOMPARE(m_page->groupView()->currentIndex().row(), 0);
        QVERIFY(qAbs(bar->value() - scrolled) <= 3);
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = "
                                          "'requeued' AND actor = 'op'"))
                     .value(0, 0),
                 QStringLiteral("2"));
        Q_UNUSED(ids);
    }

    // Everything matching the filter: failed (validation ones counted apart) and stuck events
    // of every group, in two batches with a progress bar.
    void requeueAllMatchingFilter()
    {
        fail(QStringLiteral("a"), 1500, QStringLiteral("CRM API: 503 Service Unavailable"), true);
        fail(QStringLiteral("b"), 20, QStringLiteral("CRM API: 422 unknown article ART-1"), false);
        fresh(QStringLiteral("c"), 4);
        stuckLast(QStringLiteral("d"), 5);
        openPage(QStringLiteral("op"), {QStringLiteral("inbox_operator")});
        QCOMPARE(m_page->groups()->rowCount(), 3);
        m_page->requeueAllAction()->trigger();
        RequeueDialog *d = waitPreview();
        QCOMPARE(d->requeuer()->ids().size(), 1525);
        QCOMPARE(singular(d->summaryText()), QStringLiteral("1525 event will be requeued."));
        auto *warning = d->findChild<QLabel *>(QStringLiteral("validationWarning"));
        QVERIFY(!warning->isHidden());
        QVERIFY(warning->text().startsWith(QStringLiteral("20 of them failed validation")));
        d->findChild<QLineEdit *>(QStringLiteral("reason"))->setText(QStringLiteral("all clear"));
        auto *progress = d->findChild<QProgressBar *>(QStringLiteral("progress"));
        run(d);
        QCOMPARE(progress->maximum(), 1525);
        QCOMPARE(progress->value(), 1525);
        QCOMPARE(d->requeuer()->count(QStringLiteral("requeued")), 1525);
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = "
                                          "'requeued'"))
                     .value(0, 0),
                 QStringLiteral("1525"));
        d->reject();
        QTRY_COMPARE_WITH_TIMEOUT(m_page->groups()->rowCount(), 0, 10000);
    }

    // A support user sees the lists but cannot requeue: the button is disabled and says why.
    void supportIsReadOnly()
    {
        fail(QStringLiteral("a"), 2, QStringLiteral("x"), true);
        openPage(QStringLiteral("sup"), {QStringLiteral("inbox_support")});
        QCOMPARE(m_page->groups()->rowCount(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_page->events()->rowCount(), 2, 10000);
        selectEvents({0});
        QVERIFY(!m_page->requeueButton()->isEnabled());
        QVERIFY(m_page->requeueButton()->toolTip().contains(QStringLiteral("inbox_operator")));
        QVERIFY(!m_page->requeueSelectedAction()->isEnabled());
        QVERIFY(!m_page->requeueAllAction()->isEnabled());
        m_page->requeueSelectedAction()->trigger(); // disabled: nothing opens
        QVERIFY(!m_page->dialog());
    }

    // The role was taken away after connecting: the database refuses, the dialog says so
    // clearly and nothing changed.
    void refusalIsShown()
    {
        fail(QStringLiteral("a"), 2, QStringLiteral("x"), true);
        openPage(QStringLiteral("gone"), {QStringLiteral("inbox_operator")});
        // (Still support: it may read, but no longer requeue.)
        QVERIFY(m_db.cluster().execAsSuperuser(
            m_db.name(),
            QStringLiteral("REVOKE inbox_operator FROM gone; GRANT inbox_support TO gone")));
        m_page->requeueGroupAction()->trigger();
        RequeueDialog *d = waitPreview();
        QCOMPARE(singular(d->summaryText()), QStringLiteral("2 event will be requeued."));
        d->findChild<QLineEdit *>(QStringLiteral("reason"))->setText(QStringLiteral("try"));
        run(d);
        QCOMPARE(d->requeuer()->error().sqlstate, QStringLiteral("42501"));
        QVERIFY2(d->resultText().startsWith(QStringLiteral("The database refused the requeue: "
                                                           "gone may not requeue events")),
                 qPrintable(d->resultText()));
        QVERIFY(d->resultText().contains(QStringLiteral("Nothing was changed.")));
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = "
                                          "'failed'"))
                     .value(0, 0),
                 QStringLiteral("2"));
        QVERIFY(m_db.cluster().execAsSuperuser(
            m_db.name(),
            QStringLiteral("REVOKE inbox_support FROM gone; GRANT inbox_operator TO gone")));
    }

    // The journal's kind filter and custom time range narrow the groups and their events.
    void kindAndCustomRangeNarrowTheGroups()
    {
        const QString error = QStringLiteral("CRM API: 503");
        const QVector<qint64> orders =
            fail(QStringLiteral("a"), 3, error, true, QStringLiteral("order"));
        fail(QStringLiteral("a"), 2, error, true, QStringLiteral("payment"));
        fail(QStringLiteral("b"), 4, QStringLiteral("timeout"), true, QStringLiteral("order"));
        // Two of a's orders were received three days ago.
        QVERIFY_SQL(
            m_db.su().exec(QStringLiteral("UPDATE inbox.events SET received_at = received_at "
                                          "- interval '3 days' WHERE id = ANY($1::int8[])"),
                           {QStringLiteral("{%1,%2}").arg(orders.at(0)).arg(orders.at(1))}));
        openPage(QStringLiteral("op"), {QStringLiteral("inbox_operator")});
        QCOMPARE(counts(),
                 (QMap<QString, qint64>{{QStringLiteral("a"), 5}, {QStringLiteral("b"), 4}}));

        auto *kinds = m_page->findChild<inbox::MultiSelectButton *>(QStringLiteral("kindFilter"));
        QVERIFY(kinds);
        QTRY_COMPARE_WITH_TIMEOUT(kinds->options(),
                                  (QStringList{QStringLiteral("order"), QStringLiteral("payment")}),
                                  10000);
        whileLoading([&] { kinds->setSelected({QStringLiteral("payment")}); });
        QCOMPARE(m_page->groups()->filter().kinds, QStringList{QStringLiteral("payment")});
        QCOMPARE(counts(), (QMap<QString, qint64>{{QStringLiteral("a"), 2}}));
        m_page->groupView()->setCurrentIndex(m_page->groups()->index(0, 0));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->events()->rowCount(), 2, 10000);
        for (int r = 0; r < 2; ++r)
            QCOMPARE(m_page->events()->row(r).kind, QStringLiteral("payment"));
        whileLoading([&] { kinds->setSelected({}); });
        QCOMPARE(counts().value(QStringLiteral("a")), 5);

        // A custom range: the last day, then three days ago.
        auto *range = m_page->findChild<QComboBox *>(QStringLiteral("rangeFilter"));
        auto *from = m_page->findChild<QDateTimeEdit *>(QStringLiteral("rangeFrom"));
        auto *to = m_page->findChild<QDateTimeEdit *>(QStringLiteral("rangeTo"));
        QVERIFY(range && from && to);
        QVERIFY(from->isHidden());
        const QDateTime now = QDateTime::currentDateTime();
        {
            const QSignalBlocker b1(from), b2(to);
            from->setDateTime(now.addDays(-1));
            to->setDateTime(now.addSecs(3600));
        }
        whileLoading([&] {
            range->setCurrentIndex(range->findData(int(inbox::JournalFilter::Range::Custom)));
        });
        QVERIFY(!from->isHidden() && !to->isHidden());
        QCOMPARE(m_page->groups()->filter().range, inbox::JournalFilter::Range::Custom);
        QCOMPARE(counts(),
                 (QMap<QString, qint64>{{QStringLiteral("a"), 3}, {QStringLiteral("b"), 4}}));
        whileLoading([&] { from->setDateTime(now.addDays(-4)); });
        whileLoading([&] { to->setDateTime(now.addDays(-2)); });
        QCOMPARE(counts(), (QMap<QString, qint64>{{QStringLiteral("a"), 2}}));
        m_page->groupView()->setCurrentIndex(m_page->groups()->index(0, 0));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->events()->rowCount(), 2, 10000);
        QSet<qint64> listed{m_page->events()->row(0).id, m_page->events()->row(1).id};
        QCOMPARE(listed, (QSet<qint64>{orders.at(0), orders.at(1)}));
    }

    // Keys while the screen has the focus: Enter on a group goes to its events, Ctrl+R
    // requeues the selected events, Ctrl+Shift+R the group, Ctrl+F and / go to the search.
    void keysReachTheActions()
    {
        fail(QStringLiteral("a"), 3, QStringLiteral("CRM API: 503"), true);
        openPage(QStringLiteral("op"), {QStringLiteral("inbox_operator")});
        m_page->resize(1200, 800);
        m_page->show();
        QApplication::setActiveWindow(m_page.get());
        QVERIFY(QTest::qWaitForWindowActive(m_page.get()));
        QTRY_COMPARE_WITH_TIMEOUT(m_page->events()->rowCount(), 3, 10000);
        QTableView *groups = m_page->groupView();
        QTableView *events = m_page->eventView();
        groups->setFocus();
        QTest::keyClick(groups, Qt::Key_Return);
        QTRY_VERIFY(events->hasFocus());
        QCOMPARE(events->currentIndex().row(), 0);

        // Nothing selected: Ctrl+R is not offered.
        events->selectionModel()->clearSelection();
        QTest::keyClick(events, Qt::Key_R, Qt::ControlModifier);
        QVERIFY(!m_page->dialog());
        selectEvents({0, 2});
        verifyRequeueOffered(events, Qt::ControlModifier, 2);
        if (QTest::currentTestFailed())
            return;
        verifyRequeueOffered(events, Qt::ControlModifier | Qt::ShiftModifier, 3);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = "
                                          "'failed'"))
                     .value(0, 0),
                 QStringLiteral("3")); // nothing was requeued without the dialog's Start

        auto *search = m_page->findChild<QLineEdit *>(QStringLiteral("search"));
        QTest::keyClick(events, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(search->hasFocus());
        groups->setFocus();
        QTest::keyClick(groups, Qt::Key_Slash);
        QTRY_VERIFY(search->hasFocus());
        QCOMPARE(search->text(), QString());
    }

private:
    // Events per source over the groups shown.
    QMap<QString, qint64> counts() const
    {
        QMap<QString, qint64> out;
        for (int r = 0; r < m_page->groups()->rowCount(); ++r)
            out[m_page->groups()->group(r).source] += m_page->groups()->group(r).count;
        return out;
    }

    // Runs `change` and waits for the groups read it causes.
    template<typename F> void whileLoading(F change)
    {
        QSignalSpy loaded(m_page->groups(), &AttentionModel::loaded);
        change();
        QVERIFY(loaded.wait(10000));
    }

    // Sets the page's source filter through its own button.
    struct JournalFilterSetter
    {
        AttentionPage *page;
        explicit JournalFilterSetter(AttentionPage *p) : page(p) {}
        void sources(const QStringList &values);
    };

    void openPage(const QString &user, const QStringList &roles)
    {
        m_page = std::make_unique<AttentionPage>(m_context.get());
        QVERIFY(m_harness.connectLoaded(*m_context, m_page->groups(), user, roles));
    }

    void selectEvents(const QList<int> &rows)
    {
        auto *sel = m_page->eventView()->selectionModel();
        sel->clearSelection();
        for (int r : rows)
            sel->select(m_page->events()->index(r, 0),
                        QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }

    RequeueDialog *waitPreview() { return attentionfix::previewedDialog(m_page.get()); }

    // Ctrl+R (with `modifiers`) on the event list opens the requeue dialog for `n` events; it
    // is dismissed without starting, and the list has the focus again.
    void verifyRequeueOffered(QTableView *events, Qt::KeyboardModifiers modifiers, int n)
    {
        QTest::keyClick(events, Qt::Key_R, modifiers);
        RequeueDialog *d = waitPreview();
        QVERIFY(d);
        QCOMPARE(d->requeuer()->ids().size(), n);
        d->reject();
        QTRY_VERIFY(!m_page->dialog());
        QApplication::setActiveWindow(m_page.get());
        events->setFocus();
    }

    void run(RequeueDialog *d)
    {
        QVERIFY(d);
        QSignalSpy done(d->requeuer(), &Requeuer::finished);
        auto *start = d->findChild<QPushButton *>(QStringLiteral("start"));
        QVERIFY(start->isEnabled());
        start->click();
        QVERIFY(done.wait(30000));
    }

    QVector<qint64> accept(const QString &source, int n, const QString &kind = {})
    {
        const PgResult r = m_db.su().exec(
            QStringLiteral("SELECT a.event_id FROM generate_series(1, $2::int) g, "
                           "inbox.accept($1, $1 || '-' || $3 || g, convert_to('{}', 'UTF8'), "
                           "'application/json', NULL, NULLIF($3, '')) a ORDER BY 1"),
            {source, n, kind});
        QVector<qint64> ids;
        for (int i = 0; i < r.rows(); ++i)
            ids << r.value(i, 0).toLongLong();
        return ids;
    }

    QVector<qint64> claim(const QString &source, int n, const QString &worker,
                          const QString &kind = {})
    {
        const QVector<qint64> ids = accept(source, n, kind);
        for (int left = n; left > 0; left -= 1000)
            m_db.su().exec(QStringLiteral("SELECT count(*) FROM inbox.claim($1, $2::int)"),
                           {worker, qMin(left, 1000)});
        return ids;
    }

    QVector<qint64> fail(const QString &source, int n, const QString &error, bool retryable,
                         const QString &kind = {})
    {
        const QVector<qint64> ids = claim(source, n, QStringLiteral("w"), kind);
        contract::failClaimed(m_db.su(), source, error, retryable);
        return ids;
    }

    void fresh(const QString &source, int n) { claim(source, n, QStringLiteral("w-busy")); }

    // Claimed, then the lock aged past the timeout (call after the other claims).
    void stuckLast(const QString &source, int n)
    {
        claim(source, n, QStringLiteral("w-dead"));
        m_db.su().exec(QStringLiteral("UPDATE inbox.events SET locked_at = locked_at - interval '6 "
                                      "minutes' WHERE locked_by = 'w-dead'"));
    }

    std::unique_ptr<AttentionPage> m_page;
};

void TestAttentionPage::JournalFilterSetter::sources(const QStringList &values)
{
    auto *button = page->findChild<inbox::MultiSelectButton *>(QStringLiteral("sourceFilter"));
    QTRY_COMPARE_WITH_TIMEOUT(button->options().isEmpty(), false, 10000);
    button->setSelected(values);
}

QTEST_MAIN(TestAttentionPage)
#include "tst_attentionpage.moc"
