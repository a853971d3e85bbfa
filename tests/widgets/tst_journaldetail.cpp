// Issue 18, defect 1: the detail pane never shows an event that is not the selected row of the
// list on screen. Offscreen against a real PostgreSQL: after a search with no result, a new
// search (exact or prefix) without the shown event, and choosing another group on Needs
// attention, the pane says that nothing is selected; a search with exactly one result selects
// that row and shows it. Issue 36: a key prune kept shows its summary, in English and Russian,
// to a support login.
#include "contract_util.h"
#include "screentestcase.h"
#include "testlanguage.h"

#include "attention/attentionmodel.h"
#include "attention/attentionpage.h"
#include "db/consolecontext.h"
#include "journal/eventdetailpane.h"
#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "pgsession.h"
#include "testgrabs.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

using inbox::AttentionModel;
using inbox::AttentionPage;
using inbox::EventDetailPane;
using inbox::JournalModel;
using inbox::JournalPage;

namespace {
const QString kSupport = QStringLiteral("support_sam");
}

class TestJournalDetail : public ScreenTestCase
{
    Q_OBJECT

public:
    TestJournalDetail() : ScreenTestCase({{kSupport, {"inbox_support"}}}) {}

private slots:
    void cleanup()
    {
        m_journal.reset();
        m_attention.reset();
        ScreenTestCase::cleanup();
    }

    void searchWithNoResultEmptiesThePane()
    {
        const qint64 shown = accept(QStringLiteral("wb"), QStringLiteral("A-1"));
        accept(QStringLiteral("wb"), QStringLiteral("B-1"));
        openJournal();
        clickRow(shown);
        if (QTest::currentTestFailed())
            return;
        search(QStringLiteral("no-such-order"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(journalModel()->rowCount(), 0);
        expectNothingShown(m_journal->detailPane(), shown);
        if (QTest::currentTestFailed())
            return;
    }

    // Exact, then prefix: neither list holds the event shown before.
    void newSearchWithoutTheShownEventClearsIt()
    {
        const qint64 shown = accept(QStringLiteral("wb"), QStringLiteral("A-1"));
        accept(QStringLiteral("wb"), QStringLiteral("B-1"));
        accept(QStringLiteral("tg"), QStringLiteral("B-1"));
        accept(QStringLiteral("wb"), QStringLiteral("B-10"));
        openJournal();
        clickRow(shown);
        if (QTest::currentTestFailed())
            return;
        search(QStringLiteral("B-1")); // two exact matches, then B-10 by prefix
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(journalModel()->rowCount(), 3);
        QCOMPARE(journalModel()->rowOf(shown), -1);
        expectNothingShown(m_journal->detailPane(), shown);
        if (QTest::currentTestFailed())
            return;

        // A prefix search after a row of the previous one was chosen.
        const qint64 second = journalModel()->row(2).id;
        clickRow(second);
        if (QTest::currentTestFailed())
            return;
        search(QStringLiteral("A"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(journalModel()->rowCount(), 1);
        QVERIFY(journalModel()->rowOf(second) < 0);
        // One result: it is selected and shown, never the one before.
        QTRY_COMPARE_WITH_TIMEOUT(m_journal->detailPane()->eventId(), shown, 10000);
    }

    void searchWithOneResultSelectsAndShowsIt()
    {
        const qint64 first = accept(QStringLiteral("wb"), QStringLiteral("A-1"));
        const qint64 only = accept(QStringLiteral("wb"), QStringLiteral("C-77"));
        openJournal();
        clickRow(first);
        if (QTest::currentTestFailed())
            return;
        search(QStringLiteral("C-77"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(journalModel()->rowCount(), 1);
        QCOMPARE(journalModel()->row(0).id, only);
        QTRY_COMPARE_WITH_TIMEOUT(m_journal->table()->currentIndex().row(), 0, 5000);
        QVERIFY(m_journal->table()->selectionModel()->isRowSelected(0, {}));
        QTRY_COMPARE_WITH_TIMEOUT(m_journal->detailPane()->eventId(), only, 10000);
    }

    // Needs attention: the pane beside a group's events follows the group chosen.
    void anotherGroupOnNeedsAttentionClearsThePane()
    {
        fail(QStringLiteral("crm"), 2, QStringLiteral("CRM API: 500"));
        fail(QStringLiteral("mail"), 2, QStringLiteral("SMTP: 550 mailbox unavailable"));
        m_attention = std::make_unique<AttentionPage>(m_context.get());
        m_attention->resize(1400, 900);
        m_attention->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_attention.get()));
        QSignalSpy groupsLoaded(m_attention->groups(), &AttentionModel::loaded);
        connectContext();
        QVERIFY(groupsLoaded.wait(10000));
        QCOMPARE(m_attention->groups()->rowCount(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(m_attention->events()->rowCount(), 2, 10000);

        QTableView *events = m_attention->eventView();
        const qint64 shown = m_attention->events()->row(1).id;
        QSignalSpy detailLoaded(m_attention->detail(), &EventDetailPane::loaded);
        QTest::mouseClick(events->viewport(), Qt::LeftButton, {},
                          events->visualRect(m_attention->events()->index(1, 0)).center());
        QVERIFY(detailLoaded.wait(10000));
        QCOMPARE(m_attention->detail()->eventId(), shown);

        QTableView *groups = m_attention->groupView();
        const int other = 1 - groups->currentIndex().row();
        QSignalSpy eventsLoaded(m_attention->events(), &JournalModel::loaded);
        QTest::mouseClick(groups->viewport(), Qt::LeftButton, {},
                          groups->visualRect(m_attention->groups()->index(other, 0)).center());
        QCOMPARE(groups->currentIndex().row(), other);
        QVERIFY(eventsLoaded.wait(10000));
        QCOMPARE(m_attention->events()->rowCount(), 2);
        QCOMPARE(m_attention->events()->rowOf(shown), -1);
        expectNothingShown(m_attention->detail(), shown);
        if (QTest::currentTestFailed())
            return;
    }

    // The facts line (issue 30, point 16): no empty "kind" for a sender that names none, and
    // the attempts as "attempt 3 of 6", or "not tried yet" before the first.
    void factsNameOnlyWhatIsKnown()
    {
        const qint64 id = accept(QStringLiteral("form"), QStringLiteral("F-1"));
        openJournal();
        clickRow(id);
        if (QTest::currentTestFailed())
            return;
        auto *facts = m_journal->detailPane()->findChild<QLabel *>(QStringLiteral("detailFacts"));
        QVERIFY(facts);
        QVERIFY2(!facts->text().contains(QStringLiteral("kind")), qPrintable(facts->text()));
        QVERIFY2(facts->text().contains(QStringLiteral("not tried yet, up to 6 attempt")),
                 qPrintable(facts->text()));

        QVERIFY_SQL(m_db.su().exec(QStringLiteral("UPDATE inbox.events SET kind = 'order', "
                                                  "attempts = 3 WHERE id = $1"),
                                   {id}));
        QSignalSpy loaded(m_journal->detailPane(), &EventDetailPane::loaded);
        m_context->requestReread();
        QVERIFY(loaded.wait(10000));
        QTRY_VERIFY2_WITH_TIMEOUT(facts->text().contains(QStringLiteral("attempt 3 of 6")),
                                  qPrintable(facts->text()), 5000);
        QVERIFY2(facts->text().contains(QStringLiteral("kind order")), qPrintable(facts->text()));
    }

    // Issue 33: the Handler tab lists each request inbox-dispatcher made for the event, as
    // the contract recorded it (finish_delivery): a 503 retried, then a 422 refused for good.
    void handlerTabListsEachRequestToTheHandler()
    {
        const qint64 id = accept(QStringLiteral("shop"), QStringLiteral("H-1"));
        QVERIFY(deliverOnce(id, QStringLiteral("retry"), 503, QStringLiteral("maintenance"),
                            QStringLiteral("HTTP 503")) == QStringLiteral("received"));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() WHERE id = $1"), {id}));
        QVERIFY(deliverOnce(id, QStringLiteral("reject"), 422,
                            QStringLiteral("{\"error\":\"phone is not a phone number\"}"),
                            QStringLiteral("HTTP 422")) == QStringLiteral("failed"));
        openJournal();
        clickRow(id);
        if (QTest::currentTestFailed())
            return;
        auto *table =
            m_journal->detailPane()->findChild<QTableWidget *>(QStringLiteral("handlerAttempts"));
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 2);
        auto cell = [&](int row, int column) {
            return table->item(row, column)->text();
        };
        QCOMPARE(cell(0, 1), QStringLiteral("crm"));
        QCOMPARE(cell(0, 2), QStringLiteral("1"));
        QCOMPARE(cell(0, 3), QStringLiteral("503"));
        QCOMPARE(cell(0, 5), QStringLiteral("failed: will be retried"));
        QCOMPARE(cell(0, 6), QStringLiteral("maintenance"));
        QCOMPARE(cell(1, 2), QStringLiteral("2"));
        QCOMPARE(cell(1, 3), QStringLiteral("422"));
        QCOMPARE(cell(1, 5), QStringLiteral("refused by the handler: failed"));
        QVERIFY2(cell(1, 6).contains(QStringLiteral("phone is not a phone number")),
                 qPrintable(cell(1, 6)));
        auto *tabs = m_journal->detailPane()->findChild<QTabWidget *>(QStringLiteral("detailTabs"));
        QVERIFY(tabs);
        tabs->setCurrentWidget(table);
        saveTestGrab(m_journal.get(), QStringLiteral("journal-handler-tab"));
    }

    // Issue 36: support staff search a pruned order's external id and find its kept key, not
    // "no results": a row of its own beside the live event of another source, and its detail
    // the kept summary (first seen, final status, deliveries with the repeat after the prune,
    // last delivery, when retention removed the body and actions) with the repeat's
    // pruned_repeat entry; saving a body and a link are off and say why. The live event of
    // the same id shows as before. English and Russian.
    void prunedKeyShowsItsSummary_data()
    {
        TestLanguage::addRows("removed", QStringLiteral("Body and actions removed by retention on"),
                              QStringLiteral("Тело и действия удалены по сроку хранения"));
    }
    void prunedKeyShowsItsSummary()
    {
        QFETCH(QString, language);
        QFETCH(QString, removed);
        TestLanguage lang;
        QVERIFY(lang.use(QStringLiteral(INBOX_QM_DIR), language));
        const qint64 kept = accept(QStringLiteral("wb"), QStringLiteral("ORD-12345"));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("UPDATE inbox.events SET status = 'done', kind = 'order', "
                           "received_at = now() - interval '200 days', "
                           "done_at = now() - interval '199 days' WHERE id = $1"),
            {kept}));
        QCOMPARE(contract::one(m_db.su(), QStringLiteral("SELECT inbox.prune()")),
                 QStringLiteral("1"));
        // A late repeat: journalled pruned_repeat, counted on the kept key.
        QCOMPARE(accept(QStringLiteral("wb"), QStringLiteral("ORD-12345")), kept);
        const qint64 live = accept(QStringLiteral("ozon"), QStringLiteral("ORD-12345"));
        const QDateTime prunedAt = QDateTime::fromMSecsSinceEpoch(
            contract::one(m_db.su(),
                          QStringLiteral("SELECT floor(extract(epoch FROM pruned_at) * 1000)::int8 "
                                         "FROM inbox.kept_keys WHERE event_id = $1"),
                          {kept})
                .toLongLong());
        QVERIFY(prunedAt.toMSecsSinceEpoch() > 0);

        m_journal = std::make_unique<JournalPage>(m_context.get());
        m_journal->resize(1200, 800);
        m_journal->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_journal.get()));
        QSignalSpy first(journalModel(), &JournalModel::loaded);
        m_harness.connectAs(*m_context, kSupport, QStringList{QStringLiteral("inbox_support")});
        QVERIFY(first.wait(10000));
        search(QStringLiteral("ORD-12345"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(journalModel()->rowCount(), 2);
        QCOMPARE(journalModel()->row(0).id, live);
        QCOMPARE(journalModel()->row(1).id, kept);
        QVERIFY(journalModel()->row(1).isKept());
        QCOMPARE(journalModel()->index(1, JournalModel::Status).data().toString(),
                 language == QLatin1String("ru") ? QStringLiteral("удалено")
                                                 : QStringLiteral("pruned"));
        // What the row has not (attempts, a body) says why in its tooltip.
        const QString attemptsTip =
            journalModel()->index(1, JournalModel::Attempts).data(Qt::ToolTipRole).toString();
        QVERIFY2(attemptsTip.startsWith(removed), qPrintable(attemptsTip));

        clickRow(kept);
        if (QTest::currentTestFailed())
            return;
        EventDetailPane *pane = m_journal->detailPane();
        QVERIFY(pane->detail().isKept());
        auto *title = pane->findChild<QLabel *>(QStringLiteral("detailTitle"));
        auto *facts = pane->findChild<QLabel *>(QStringLiteral("detailFacts"));
        auto *bodyInfo = pane->findChild<QLabel *>(QStringLiteral("bodyInfo"));
        QVERIFY(title && facts && bodyInfo);
        QVERIFY2(title->text().contains(QStringLiteral("wb / ORD-12345")),
                 qPrintable(title->text()));
        const QString when =
            prunedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
        QVERIFY2(facts->text().contains(removed + QLatin1Char(' ') + when),
                 qPrintable(facts->text()));
        QVERIFY2(bodyInfo->text().contains(removed), qPrintable(bodyInfo->text()));
        // Deliveries: two, the repeat after the prune included.
        const QString deliveries = language == QLatin1String("ru") ? QStringLiteral("доставок 2")
                                                                   : QStringLiteral("deliveries 2");
        QVERIFY2(facts->text().contains(deliveries), qPrintable(facts->text()));
        QCOMPARE(pane->detail().kept.status, QStringLiteral("done"));
        QCOMPARE(pane->detail().kept.deliveries, 2);
        QCOMPARE(pane->detail().kept.kind, QStringLiteral("order"));

        // The journal entries still kept for it (schema 34 keeps the event's own until their
        // day is dropped: here its 'received'), then the repeat's pruned_repeat, on the
        // timeline and among the deliveries (numbers 1 and 2).
        auto *timeline = pane->findChild<QTableWidget *>(QStringLiteral("timeline"));
        auto *deliveriesTable = pane->findChild<QTableWidget *>(QStringLiteral("deliveries"));
        QVERIFY(timeline && deliveriesTable);
        QCOMPARE(timeline->rowCount(), 2);
        // (The contract's word, after its translation when there is one.)
        const QString entry = timeline->item(0, 1)->text();
        QVERIFY2(entry == QLatin1String("received") || entry.endsWith(QLatin1String("(received)")),
                 qPrintable(entry));
        QVERIFY2(timeline->item(1, 1)->text().contains(QStringLiteral("(pruned_repeat)")),
                 qPrintable(timeline->item(1, 1)->text()));
        QVERIFY(timeline->item(1, 3)->text().contains(
            QStringLiteral("\"pruned_event_id\": %1").arg(kept)));
        QCOMPARE(deliveriesTable->rowCount(), 2);
        QCOMPARE(deliveriesTable->item(0, 1)->text(), QStringLiteral("1"));
        QCOMPARE(deliveriesTable->item(1, 1)->text(), QStringLiteral("2"));

        // Nothing to do to an event that is gone: no body to save, no link; the tooltip says why.
        auto *save = pane->findChild<QPushButton *>(QStringLiteral("saveBody"));
        auto *link = pane->findChild<QPushButton *>(QStringLiteral("copyLinkButton"));
        QVERIFY(save && link);
        QVERIFY(!save->isEnabled());
        QVERIFY(!link->isEnabled());
        QVERIFY2(save->toolTip().contains(when), qPrintable(save->toolTip()));
        QVERIFY(pane->findChild<QPushButton *>(QStringLiteral("copyExternalId"))->isEnabled());
        saveTestGrab(m_journal.get(), QStringLiteral("journal-pruned-key-") + language);

        // The live event of the same id in another source: as before.
        clickRow(live);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(pane->detail().found);
        QVERIFY(!pane->detail().isKept());
        QVERIFY2(!facts->text().contains(removed), qPrintable(facts->text()));
        QVERIFY(save->isEnabled());
        QVERIFY(link->isEnabled());
        QVERIFY(!save->toolTip().contains(when));
    }

private:
    JournalModel *journalModel() const { return m_journal->model(); }

    // The event claimed for destination "crm" and its HTTP attempt finished with `outcome`,
    // through the contract as inbox-dispatcher does; what finish_delivery applied.
    QString deliverOnce(qint64 id, const QString &outcome, int status, const QString &answer,
                        const QString &error)
    {
        const PgResult claimed = m_db.su().exec(
            QStringLiteral("SELECT id, lock_token FROM inbox.claim_routed('disp-1', 10, "
                           "ARRAY['shop'], NULL, NULL) WHERE id = $1"),
            {id});
        if (!claimed.ok || claimed.rows() != 1)
            return QStringLiteral("not claimed");
        return contract::one(
            m_db.su(),
            QStringLiteral("SELECT inbox.finish_delivery($1, 'disp-1', $2, 'crm', $3, $4, $5, 120, "
                           "$6)"),
            {id, claimed.value(0, 1), outcome, status, answer, error});
    }

    void connectContext() { m_harness.connectAs(*m_context, QStringLiteral("postgres")); }

    void openJournal()
    {
        m_journal = std::make_unique<JournalPage>(m_context.get());
        m_journal->resize(1200, 800);
        m_journal->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_journal.get()));
        QSignalSpy loaded(journalModel(), &JournalModel::loaded);
        connectContext();
        QVERIFY(loaded.wait(10000));
    }

    // A click on the event's row, and its detail in the pane.
    void clickRow(qint64 id)
    {
        const int row = journalModel()->rowOf(id);
        QVERIFY2(row >= 0, qPrintable(QString::number(id)));
        QTableView *table = m_journal->table();
        QSignalSpy loaded(m_journal->detailPane(), &EventDetailPane::loaded);
        QTest::mouseClick(
            table->viewport(), Qt::LeftButton, {},
            table->visualRect(journalModel()->index(row, JournalModel::ExternalId)).center());
        QVERIFY(loaded.wait(10000));
        QCOMPARE(m_journal->detailPane()->eventId(), id);
    }

    // Typed into the search field as a person does; the results are in.
    void search(const QString &text)
    {
        auto *field = m_journal->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
        QVERIFY(field);
        QSignalSpy loaded(journalModel(), &JournalModel::loaded);
        field->selectAll();
        QTest::keyClick(field, Qt::Key_Backspace);
        QTest::keyClicks(field, text);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(journalModel()->filter().search, text);
    }

    // The pane says nothing is selected; none of `before` remains in it.
    static void expectNothingShown(EventDetailPane *pane, qint64 before)
    {
        QTRY_COMPARE_WITH_TIMEOUT(pane->eventId(), qint64(0), 3000);
        QCOMPARE(pane->loader()->eventId(), qint64(0));
        auto *title = pane->findChild<QLabel *>(QStringLiteral("detailTitle"));
        QVERIFY(title);
        QVERIFY2(!title->text().contains(QString::number(before)), qPrintable(title->text()));
        auto *facts = pane->findChild<QLabel *>(QStringLiteral("detailFacts"));
        QVERIFY(facts && facts->text().isEmpty());
    }

    qint64 accept(const QString &source, const QString &externalId)
    {
        return contract::acceptEvent(m_db.su(), externalId, source);
    }

    // `n` events of `source`, claimed and failed for good with `error`.
    void fail(const QString &source, int n, const QString &error)
    {
        m_db.su().exec(QStringLiteral("SELECT a.event_id FROM generate_series(1, $2::int) g, "
                                      "inbox.accept($1, $1 || '-' || g, convert_to('{}', 'UTF8'), "
                                      "'application/json') a"),
                       {source, n});
        m_db.su().exec(QStringLiteral("SELECT count(*) FROM inbox.claim('w', $1::int)"), {n});
        contract::failClaimed(m_db.su(), source, error, false);
    }

    std::unique_ptr<JournalPage> m_journal;
    std::unique_ptr<AttentionPage> m_attention;
};

QTEST_MAIN(TestJournalDetail)
#include "tst_journaldetail.moc"
