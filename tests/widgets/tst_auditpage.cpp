// The audit screen offscreen against a real PostgreSQL: the person, action and time filters
// narrow the table, a selected action lists its events in the detail pane, and one click on
// an event asks to open it in the journal (openEvent with that event's id).
#include "audit_fixture.h"
#include "screentestcase.h"

#include "audit/auditeventsmodel.h"
#include "audit/auditmodel.h"
#include "audit/auditpage.h"
#include "common/multiselectbutton.h"
#include "db/consolecontext.h"

#include <QApplication>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <algorithm>
#include <memory>

using inbox::AuditEventsModel;
using inbox::AuditModel;
using inbox::AuditPage;

namespace {
const QString kAlice = QStringLiteral("page_alice"); // operator
const QString kBob = QStringLiteral("page_bob");     // manager
} // namespace

class TestAuditPage : public ScreenTestCase
{
    Q_OBJECT

public:
    TestAuditPage() : ScreenTestCase{{kAlice, {"inbox_operator"}}, {kBob, {"inbox_manager"}}} {}

private slots:
    void cleanup()
    {
        m_page.reset();
        ScreenTestCase::cleanup();
    }

    void filtersNarrowTheTable()
    {
        auto *person = m_page->findChild<QComboBox *>(QStringLiteral("personFilter"));
        auto *actions =
            m_page->findChild<inbox::MultiSelectButton *>(QStringLiteral("actionFilter"));
        auto *range = m_page->findChild<QComboBox *>(QStringLiteral("rangeFilter"));
        QVERIFY(person && actions && range);
        // Everyone who acted, read from the journal; the worker is not a person.
        QTRY_COMPARE(person->count(), 3);
        QCOMPARE(person->itemData(1).toString(), kAlice);
        QCOMPARE(person->itemData(2).toString(), kBob);

        whileLoading([&] { person->setCurrentIndex(person->findData(kAlice)); });
        QCOMPARE(table()->model()->rowCount(), 1);
        QCOMPARE(cell(0, AuditModel::Person), kAlice);
        QVERIFY(cell(0, AuditModel::Summary).endsWith(QStringLiteral(": CRM is back")));

        whileLoading([&] { person->setCurrentIndex(0); });
        QCOMPARE(table()->model()->rowCount(), 2);
        whileLoading([&] { actions->setSelected({QStringLiteral("duplicate_rejected")}); });
        QCOMPARE(table()->model()->rowCount(), 1);
        QCOMPARE(cell(0, AuditModel::Person), kBob);
        QVERIFY(cell(0, AuditModel::Summary).contains(QString::number(m_pair.candidate)));
        QVERIFY(cell(0, AuditModel::Summary).contains(QStringLiteral("two people")));

        // Bob did not requeue anything.
        whileLoading([&] { actions->setSelected({QStringLiteral("requeued")}); });
        QCOMPARE(table()->model()->rowCount(), 1);
        whileLoading([&] { person->setCurrentIndex(person->findData(kBob)); });
        QCOMPARE(table()->model()->rowCount(), 0);
        whileLoading([&] { person->setCurrentIndex(0); });
        whileLoading([&] { actions->setSelected({}); });
        QCOMPARE(table()->model()->rowCount(), 2);

        // Time: everything happened within the hour; nothing between 3 and 2 days ago.
        whileLoading([&] {
            range->setCurrentIndex(range->findData(int(inbox::JournalFilter::Range::LastHour)));
        });
        QCOMPARE(table()->model()->rowCount(), 2);
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "UPDATE inbox.journal SET at = at - interval '50 hours' WHERE entry = 'requeued'")));
        m_context->requestReread();
        QTRY_COMPARE(table()->model()->rowCount(), 1);
        auto *from = m_page->findChild<QDateTimeEdit *>(QStringLiteral("rangeFrom"));
        auto *to = m_page->findChild<QDateTimeEdit *>(QStringLiteral("rangeTo"));
        QVERIFY(from && to);
        {
            const QSignalBlocker b1(from), b2(to);
            from->setDateTime(QDateTime::currentDateTime().addDays(-3));
            to->setDateTime(QDateTime::currentDateTime().addDays(-2));
        }
        whileLoading([&] {
            range->setCurrentIndex(range->findData(int(inbox::JournalFilter::Range::Custom)));
        });
        QVERIFY(from->isVisible() && to->isVisible());
        QCOMPARE(table()->model()->rowCount(), 1);
        QCOMPARE(cell(0, AuditModel::Person), kAlice);
    }

    // Selecting the requeue line lists its five events; a click on one emits openEvent with
    // its id; the decision line lists both leads' events.
    void detailListsEventsAndOpensOne()
    {
        auto *events = m_page->findChild<QTableView *>(QStringLiteral("auditEvents"));
        auto *title = m_page->findChild<QLabel *>(QStringLiteral("auditDetailTitle"));
        auto *open = m_page->findChild<QPushButton *>(QStringLiteral("openInJournal"));
        QVERIFY(events && title && open);
        QCOMPARE(events->model()->rowCount(), 0);

        QSignalSpy eventsLoaded(m_page->eventsModel(), &AuditEventsModel::loaded);
        table()->setCurrentIndex(table()->model()->index(1, AuditModel::Summary)); // the requeue
        QVERIFY(eventsLoaded.wait(10000));
        QCOMPARE(events->model()->rowCount(), 5);
        QVERIFY(title->text().contains(QStringLiteral("CRM is back")));
        QVector<qint64> listed;
        for (int i = 0; i < 5; ++i)
            listed << m_page->eventsModel()->eventId(i);
        QVector<qint64> expected = m_failed;
        std::sort(listed.begin(), listed.end());
        std::sort(expected.begin(), expected.end());
        QCOMPARE(listed, expected);

        QSignalSpy opened(m_page.get(), &AuditPage::openEvent);
        const QModelIndex third = events->model()->index(2, AuditEventsModel::ExternalId);
        QTest::mouseClick(events->viewport(), Qt::LeftButton, {},
                          events->visualRect(third).center());
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().first().toLongLong(), m_page->eventsModel()->eventId(2));
        QVERIFY(open->isEnabled());
        open->click();
        QCOMPARE(opened.size(), 2);
        QCOMPARE(opened.last().first().toLongLong(), m_page->eventsModel()->eventId(2));

        table()->setCurrentIndex(table()->model()->index(0, AuditModel::Summary)); // the decision
        QVERIFY(eventsLoaded.wait(10000));
        QCOMPARE(events->model()->rowCount(), 2);
        QVector<qint64> pairEvents{m_page->eventsModel()->eventId(0),
                                   m_page->eventsModel()->eventId(1)};
        std::sort(pairEvents.begin(), pairEvents.end());
        QVector<qint64> wanted{m_pair.newerEvent, m_pair.earlierEvent};
        std::sort(wanted.begin(), wanted.end());
        QCOMPARE(pairEvents, wanted);
        QVERIFY(!open->isEnabled()); // nothing chosen in the new list yet
        QTest::mouseClick(events->viewport(), Qt::LeftButton, {},
                          events->visualRect(events->model()->index(1, 0)).center());
        QCOMPARE(opened.size(), 3);
        QCOMPARE(opened.last().first().toLongLong(), m_page->eventsModel()->eventId(1));
    }

    // Keyboard: Enter on an action goes to its events (the first one current), Enter on an
    // event opens it in the journal.
    void enterGoesToTheEventsAndOpensOne()
    {
        auto *events = m_page->findChild<QTableView *>(QStringLiteral("auditEvents"));
        QApplication::setActiveWindow(m_page.get());
        QVERIFY(QTest::qWaitForWindowActive(m_page.get()));
        QSignalSpy eventsLoaded(m_page->eventsModel(), &AuditEventsModel::loaded);
        table()->setFocus();
        table()->setCurrentIndex(table()->model()->index(1, AuditModel::Summary)); // the requeue
        QVERIFY(eventsLoaded.wait(10000));
        QTest::keyClick(table(), Qt::Key_Return);
        QTRY_VERIFY(events->hasFocus());
        QCOMPARE(events->currentIndex().row(), 0);
        QSignalSpy opened(m_page.get(), &AuditPage::openEvent);
        QTest::keyClick(events, Qt::Key_Down);
        QTest::keyClick(events, Qt::Key_Return);
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.last().first().toLongLong(), m_page->eventsModel()->eventId(1));
    }

private:
    void prepare() override
    {
        m_failed = auditfix::failedEvents(m_db.su(), 5, QStringLiteral("crm"));
        QCOMPARE(m_failed.size(), 5);
        m_pair = auditfix::pair(m_db.su(), QStringLiteral("p"), QStringLiteral("+7 912 000-11-22"));
        QVERIFY(m_pair.candidate > 0);
        QCOMPARE(auditfix::requeue(m_db, kAlice, m_failed, QStringLiteral("CRM is back")), 5);
        QCOMPARE(auditfix::decide(m_db, kBob, m_pair.candidate, QStringLiteral("reject"),
                                  QStringLiteral("two people")),
                 QStringLiteral("rejected"));
        QVERIFY(auditfix::workerActivity(m_db.su(), QStringLiteral("w-1")));

        m_page = std::make_unique<AuditPage>(m_context.get());
        QVERIFY(ConsoleHarness::show(m_page.get(), {1200, 700}));
        QVERIFY(m_harness.connectLoaded(*m_context, m_page->model()));
        QCOMPARE(table()->model()->rowCount(), 2);
    }

    QTableView *table() const
    {
        return m_page->findChild<QTableView *>(QStringLiteral("auditTable"));
    }

    QString cell(int row, int column) const
    {
        return table()->model()->index(row, column).data().toString();
    }

    template<typename F> void whileLoading(F change)
    {
        QSignalSpy loaded(m_page->model(), &AuditModel::loaded);
        change();
        QVERIFY(loaded.wait(10000));
    }

    std::unique_ptr<AuditPage> m_page;
    QVector<qint64> m_failed;
    auditfix::Pair m_pair;
};

QTEST_MAIN(TestAuditPage)
#include "tst_auditpage.moc"
