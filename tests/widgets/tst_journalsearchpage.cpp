// Issue 18: the journal's search field finds events by the lead's phone, e-mail and name, and
// says so; and (defect 12) a new search starts at the first column, even after Ctrl+End took the
// table to its last one. Offscreen, typed as a person types, against a real PostgreSQL.
#include "contract_util.h"
#include "duplicate_fixture.h"
#include "screentestcase.h"

#include "journal/eventdetailpane.h"
#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "pgsession.h"

#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using inbox::EventDetailPane;
using inbox::JournalModel;
using inbox::JournalPage;

class TestJournalSearchLeadPage : public ScreenTestCase
{
    Q_OBJECT

public:
    TestJournalSearchLeadPage() : ScreenTestCase({{"l_support", {"inbox_support"}}}) {}

private slots:
    void cleanup()
    {
        m_journal.reset();
        ScreenTestCase::cleanup();
    }

    // The field says what it searches (its tooltip the whole rule).
    void fieldSaysWhatItSearches()
    {
        openJournal();
        auto *field = searchField();
        QVERIFY(field);
        for (const char *word : {"phone", "e-mail", "name", "key"}) {
            QVERIFY2(field->placeholderText().contains(QLatin1String(word)),
                     qPrintable(field->placeholderText()));
            QVERIFY2(field->toolTip().contains(QLatin1String(word)), qPrintable(field->toolTip()));
        }
    }

    // A phone written another way than the lead has it: its one event, selected and shown;
    // then a phone no lead has: nothing listed, and the pane says nothing is selected.
    void phoneFindsTheLeadsEventThenNoMatchEmptiesThePane()
    {
        dupfix::Lead l;
        l.externalId = QStringLiteral("order-555");
        l.phone = QStringLiteral("+7 (916) 123-45-67");
        l.name = QStringLiteral("Ivan Petrov");
        QVERIFY(dupfix::lead(m_db.su(), l) > 0);
        const qint64 event = contract::oneInt(
            m_db.su(), QStringLiteral("SELECT id FROM inbox.events WHERE external_id = $1"),
            {l.externalId});
        contract::insertEvent(m_db.su(), QStringLiteral("wb"), QStringLiteral("other-1"));
        openJournal();
        search(QStringLiteral("89161234567"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(model()->rowCount(), 1);
        QCOMPARE(model()->row(0).id, event);
        QTRY_COMPARE_WITH_TIMEOUT(m_journal->detailPane()->eventId(), event, 10000);
        QVERIFY(model()
                    ->data(model()->index(0, JournalModel::ExternalId), Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("phone")));

        search(QStringLiteral("ivan p"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(model()->rowCount(), 1);
        QCOMPARE(model()->row(0).id, event);

        search(QStringLiteral("8 916 000 11 22"));
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(model()->rowCount(), 0);
        EventDetailPane *pane = m_journal->detailPane();
        QTRY_COMPARE_WITH_TIMEOUT(pane->eventId(), qint64(0), 3000);
        auto *title = pane->findChild<QLabel *>(QStringLiteral("detailTitle"));
        QVERIFY(title);
        QVERIFY2(!title->text().contains(QString::number(event)), qPrintable(title->text()));
    }

    // Defect 12: Ctrl+End takes the table to its last row and column; a new search (and a new
    // filter) shows its list from the first column.
    void newSearchStartsAtTheFirstColumn()
    {
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.accept('shop', 'ev-' || g, convert_to('{}', 'UTF8')) "
                           "FROM generate_series(1, 40) g")));
        openJournal(QSize(520, 600)); // narrower than the columns
        QTableView *table = m_journal->table();
        QScrollBar *bar = table->horizontalScrollBar();
        QVERIFY2(bar->maximum() > 0, "the columns fit: nothing to scroll");
        table->setFocus();
        QTest::keyClick(table, Qt::Key_End, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(bar->value(), bar->maximum(), 3000);
        QCOMPARE(table->currentIndex().column(), model()->columnCount() - 1);

        search(QStringLiteral("ev-1"));
        if (QTest::currentTestFailed())
            return;
        QVERIFY(model()->rowCount() > 1);
        QCOMPARE(bar->value(), bar->minimum());

        // Again, then the search cleared (a new filter, the whole list).
        table->setFocus();
        QTest::keyClick(table, Qt::Key_End, Qt::ControlModifier);
        QTRY_COMPARE_WITH_TIMEOUT(bar->value(), bar->maximum(), 3000);
        search(QString());
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(model()->rowCount(), 40);
        QCOMPARE(bar->value(), bar->minimum());
    }

private:
    JournalModel *model() const { return m_journal->model(); }
    QLineEdit *searchField() const
    {
        return m_journal->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
    }

    void openJournal(QSize size = QSize(1200, 800))
    {
        m_journal = std::make_unique<JournalPage>(m_context.get());
        QVERIFY(ConsoleHarness::show(m_journal.get(), size));
        QVERIFY(m_harness.connectLoaded(*m_context, model(), QStringLiteral("l_support"),
                                        {QStringLiteral("inbox_support")}));
    }

    // Typed into the search field as a person does (Backspace empties it); the results are in.
    void search(const QString &text)
    {
        QLineEdit *field = searchField();
        QVERIFY(field);
        QSignalSpy loaded(model(), &JournalModel::loaded);
        field->setFocus();
        field->selectAll();
        QTest::keyClick(field, Qt::Key_Backspace);
        QTest::keyClicks(field, text);
        QVERIFY(loaded.wait(10000));
        QTRY_COMPARE_WITH_TIMEOUT(model()->filter().search, text, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!model()->isFetching(), 10000);
    }

    std::unique_ptr<JournalPage> m_journal;
};

QTEST_MAIN(TestJournalSearchLeadPage)
#include "tst_journalsearchpage.moc"
