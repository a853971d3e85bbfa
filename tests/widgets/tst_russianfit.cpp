// Issue 18, defect 8: in Russian nothing the person must read is cut off, and numbers follow the
// language's locale. With the program's own Russian (or English) .qm loaded and the default
// locale set as the program sets it, in the main window at 1280 x 720, against a real
// PostgreSQL:
// - the duplicate list's "Matched contact" column is at least as wide as its header text (drawn
//   bold while a row is selected) plus the header's margins, and in view as the list opens;
// - the journal's search field shows its whole placeholder (the text ends before the clear
//   button's place);
// - a duplicate pair's score reads "0,60" in Russian and "0.60" in English, in the list and in
//   the pair's title.
// With INBOX_TEST_GRABS=DIR it also saves pictures of the screens there, to look at.
#include "consoleharness.h"
#include "duplicate_fixture.h"
#include "testgrabs.h"
#include "testlanguage.h"
#include "widgettestcase.h"

#include "duplicates/duplicatequeuemodel.h"
#include "duplicates/duplicatespage.h"
#include "journal/journalpage.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSettings>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

using inbox::DuplicateQueueModel;
using inbox::DuplicatesPage;

class TestRussianFit : public WidgetTestCase
{
    Q_OBJECT

public:
    TestRussianFit() : WidgetTestCase{{"mgr_anna", {"inbox_manager"}}} {}

private:
    TestLanguage m_language;
    qint64 m_pair = 0;

    // From the .qm files the build embeds.
    bool useLanguage(const QString &language)
    {
        return m_language.use(QStringLiteral(INBOX_QM_DIR), language);
    }

    // One open pair with a long Russian name and a phone, its score 0.60.
    void makePair()
    {
        PgSession &su = m_db.su();
        dupfix::Lead a = dupfix::person(QStringLiteral("fit-a"), QStringLiteral("+7 903 555 11 22"),
                                        QStringLiteral("Константин Константинопольский"));
        // An address with no place to wrap, longer than the comparison's column at 1280.
        a.email = QStringLiteral("konstantin.konstantinopolsky.zakazy@konstantinopolsky-"
                                 "torgovyi-dom.example.ru");
        m_pair = dupfix::pair(
            su, a,
            dupfix::fromTelegram(a, QStringLiteral("fit-b"), QStringLiteral("8 903 555 11 22")));
        QVERIFY(m_pair > 0);
        QVERIFY(su.exec(QStringLiteral("UPDATE inbox.duplicate_candidates SET score = 0.60"
                                       " WHERE id = $1"),
                        {m_pair})
                    .ok);
    }

    // The main window at 1280 x 720 on the Duplicates screen, the pair shown.
    DuplicatesPage *showDuplicates(inbox::MainWindow &window)
    {
        if (!ConsoleHarness::show(&window, {1280, 720}, true))
            return nullptr;
        if (!ConsoleHarness(m_db).connectReading(*window.context(), QStringLiteral("mgr_anna"),
                                                 nullptr))
            return nullptr;
        auto *page = ConsoleHarness::currentTab<DuplicatesPage>(&window);
        if (!page)
            return nullptr;
        auto *title = page->findChild<QLabel *>(QStringLiteral("pairTitle"));
        if (!QTest::qWaitFor(
                [&] {
                    return page->currentCandidate() == m_pair && title->isVisible() &&
                           title->text().contains(QStringLiteral(" · "));
                },
                ConsoleHarness::kTimeoutMs))
            return nullptr;
        QApplication::processEvents();
        return page;
    }

private slots:
    void cleanup() { m_language.drop(); }

    void matchedContactColumnFitsItsHeader()
    {
        QVERIFY(useLanguage(QStringLiteral("ru")));
        makePair();
        inbox::MainWindow window;
        DuplicatesPage *page = showDuplicates(window);
        QVERIFY(page);
        auto *view = page->findChild<QTableView *>(QStringLiteral("queue"));
        QVERIFY(view);
        QHeaderView *header = view->horizontalHeader();
        const QString text =
            view->model()->headerData(DuplicateQueueModel::Contact, Qt::Horizontal).toString();
        QCOMPARE(text, QStringLiteral("Совпавший контакт")); // the Russian is really loaded
        QVERIFY(view->selectionModel()->hasSelection());     // so the header is drawn bold
        QFont bold = header->font();
        bold.setBold(true);
        const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        const int needed = QFontMetrics(bold).horizontalAdvance(text) + 2 * margin;
        saveTestGrab(&window, QStringLiteral("ru-duplicates-1280x720"));
        QVERIFY2(header->sectionSize(DuplicateQueueModel::Contact) >= needed,
                 qPrintable(QStringLiteral("the column is %1 px, its header needs %2 px")
                                .arg(header->sectionSize(DuplicateQueueModel::Contact))
                                .arg(needed)));
        // And it is on screen as the list opens, not behind the horizontal scroll bar.
        QCOMPARE(view->horizontalScrollBar()->value(), 0);
        const int end = header->sectionViewportPosition(DuplicateQueueModel::Contact) +
                        header->sectionSize(DuplicateQueueModel::Contact);
        QVERIFY2(end <= view->viewport()->width(),
                 qPrintable(QStringLiteral("the column ends at %1 px, the list shows %2 px")
                                .arg(end)
                                .arg(view->viewport()->width())));
        // The short columns too: none cuts its header.
        for (int c : {int(DuplicateQueueModel::Waiting), int(DuplicateQueueModel::Score)}) {
            const QString h = view->model()->headerData(c, Qt::Horizontal).toString();
            const int need = QFontMetrics(bold).horizontalAdvance(h) + 2 * margin;
            QVERIFY2(header->sectionSize(c) >= need,
                     qPrintable(QStringLiteral("%1: %2 px, needs %3 px")
                                    .arg(h)
                                    .arg(header->sectionSize(c))
                                    .arg(need)));
        }
    }

    // Issue 30, point 14: the normalised e-mail, highlighted as the same on both sides, is
    // never cut without a sign: it fits its cell, or shows "…" with the whole in the tooltip.
    void longEmailIsElidedNotCut()
    {
        QVERIFY(useLanguage(QStringLiteral("ru")));
        makePair();
        inbox::MainWindow window;
        DuplicatesPage *page = showDuplicates(window);
        QVERIFY(page);
        saveTestGrab(&window, QStringLiteral("ru-duplicates-email-1280x720"));
        const QString email = QStringLiteral("konstantin.konstantinopolsky.zakazy@"
                                             "konstantinopolsky-torgovyi-dom.example.ru");
        for (const char *name : {"emailNormA", "emailNormB", "emailRawA", "emailRawB"}) {
            auto *cell = page->findChild<QLabel *>(QLatin1String(name));
            QVERIFY2(cell && cell->isVisible(), name);
            QCOMPARE(cell->toolTip(), email);
            const int room = cell->contentsRect().width();
            const int used = cell->fontMetrics().horizontalAdvance(cell->text());
            QVERIFY2(used <= room, qPrintable(QStringLiteral("%1: the text needs %2 px, the cell "
                                                             "has %3 px")
                                                  .arg(QLatin1String(name))
                                                  .arg(used)
                                                  .arg(room)));
            QVERIFY2(cell->text() == email || cell->text().contains(QChar(0x2026)),
                     qPrintable(cell->text()));
        }
    }

    void journalSearchShowsItsWholePlaceholder_data() { TestLanguage::addRows(); }

    void journalSearchShowsItsWholePlaceholder()
    {
        QFETCH(QString, language);
        QVERIFY(useLanguage(language));
        inbox::MainWindow window;
        QVERIFY(ConsoleHarness::show(&window, {1280, 720}, true));
        auto *page = ConsoleHarness::currentTab<inbox::JournalPage>(&window);
        QVERIFY(page);
        QApplication::processEvents();
        QCOMPARE(window.width(), 1280);
        auto *search = page->findChild<QLineEdit *>(QStringLiteral("journalSearch"));
        QVERIFY(search && search->isVisible() && search->text().isEmpty());
        const QString placeholder = search->placeholderText();
        if (language == QLatin1String("ru"))
            QVERIFY2(!placeholder.startsWith(QLatin1String("Search")),
                     qPrintable(placeholder)); // Russian, not the English source
        const int frame =
            search->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, search);
        const QMargins margins = search->textMargins();
        // QLineEdit keeps 2 px between its frame and the text on each side.
        const int left = frame + margins.left() + 2;
        int right = search->width() - frame - margins.right() - 2;
        // The clear button's place, reserved while the field is empty too.
        for (auto *button : search->findChildren<QToolButton *>())
            if (button->geometry().right() > search->width() / 2)
                right = qMin(right, button->geometry().left());
        const int advance = search->fontMetrics().horizontalAdvance(placeholder);
        saveTestGrab(&window, language + QStringLiteral("-journal-1280x720"));
        QVERIFY2(right - left >= advance,
                 qPrintable(QStringLiteral("\"%1\" needs %2 px, the field shows %3 px")
                                .arg(placeholder)
                                .arg(advance)
                                .arg(right - left)));
    }

    void scoreFollowsTheLocale_data()
    {
        TestLanguage::addRows("score", QStringLiteral("0.60"), QStringLiteral("0,60"));
    }

    void scoreFollowsTheLocale()
    {
        QFETCH(QString, language);
        QFETCH(QString, score);
        QVERIFY(useLanguage(language));
        makePair();
        inbox::MainWindow window;
        DuplicatesPage *page = showDuplicates(window);
        QVERIFY(page);
        auto *view = page->findChild<QTableView *>(QStringLiteral("queue"));
        QVERIFY(view && view->model()->rowCount() == 1);
        QCOMPARE(view->model()->index(0, DuplicateQueueModel::Score).data().toString(), score);
        // The raw value stays a number for sorting and copying.
        QCOMPARE(view->model()
                     ->index(0, DuplicateQueueModel::Score)
                     .data(DuplicateQueueModel::RawRole)
                     .toFloat(),
                 0.60f); // a real in the database
        const QString title = page->findChild<QLabel *>(QStringLiteral("pairTitle"))->text();
        QVERIFY2(title.endsWith(QLatin1Char(' ') + score), qPrintable(title));
    }
};

QTEST_MAIN(TestRussianFit)
#include "tst_russianfit.moc"
