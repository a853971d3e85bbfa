// Issue 18, defect 8 on Needs attention: in Russian the groups can be told apart. With the
// program's own Russian (or English) .qm loaded, in the main window at 1280 x 720, against a
// real PostgreSQL, with two validation groups whose errors share a long beginning and one
// retryable group:
// - every Trouble cell's text ("Ошибка: проверка данных") fits its column, which is in view;
// - the two validation groups' Error cells, as the view elides them at their column's width,
//   read differently; the tooltip holds the whole error.
// With INBOX_TEST_GRABS=DIR it also saves a picture of the screen there, to look at.
#include "consoleharness.h"
#include "testgrabs.h"
#include "testlanguage.h"
#include "widgettestcase.h"

#include "attention/attentionmodel.h"
#include "attention/attentionpage.h"
#include "attention/requeuedialog.h"
#include "attention_util.h"
#include "journal/journalmodel.h"
#include "window/mainwindow.h"

#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using inbox::AttentionModel;
using inbox::AttentionPage;

namespace {
const QString kPrefix = QStringLiteral("CRM API: 422 Unprocessable Entity: the lead was rejected "
                                       "by the validation of field ");
}

class TestAttentionFit : public WidgetTestCase
{
    Q_OBJECT

public:
    TestAttentionFit() : WidgetTestCase{{"op_ivan", {"inbox_operator"}}} {}

private:
    TestLanguage m_language;
    int m_batch = 0;

    void fail(const QString &source, int n, const QString &error, bool retryable)
    {
        PgSession &su = m_db.su();
        QVERIFY(su.exec(QStringLiteral("SELECT count(*) FROM generate_series(1, $2::int) g, "
                                       "inbox.accept($1, $1 || '-' || $3 || '-' || g, "
                                       "convert_to('{}', 'UTF8'), 'application/json', NULL, NULL)"),
                        {source, n, ++m_batch})
                    .ok);
        QVERIFY(su.exec(QStringLiteral("SELECT count(*) FROM inbox.claim('w', $1::int)"), {n}).ok);
        QVERIFY(su.exec(QStringLiteral("UPDATE inbox.events SET max_attempts = attempts WHERE "
                                       "status = 'processing'"))
                    .ok);
        QVERIFY(su.exec(QStringLiteral("SELECT inbox.fail(id, 'w', coalesce(lock_token, 0), $1, "
                                       "$2) FROM inbox.events "
                                       "WHERE status = 'processing'"),
                        {error, retryable})
                    .ok);
    }

private slots:
    // The base's initTestCase() and init(): settings in test mode, emptied per test function
    // (no remembered layout or filters), a fresh database.
    void cleanup() { m_language.drop(); }

    void groupsCanBeToldApart_data()
    {
        TestLanguage::addRows("validation", QStringLiteral("Failed: validation"),
                              QStringLiteral("Ошибка: проверка данных"));
    }

    void groupsCanBeToldApart()
    {
        QFETCH(QString, language);
        QFETCH(QString, validation);
        QVERIFY(m_language.use(QStringLiteral(INBOX_QM_DIR), language));
        fail(QStringLiteral("shop"), 3, kPrefix + QStringLiteral("phone"), false);
        fail(QStringLiteral("shop"), 2, kPrefix + QStringLiteral("email"), false);
        fail(QStringLiteral("shop"), 1, QStringLiteral("CRM API: 503 Service Unavailable"), true);

        inbox::MainWindow window;
        QVERIFY(ConsoleHarness::show(&window, {1280, 720}, true));
        auto *page = ConsoleHarness::currentTab<AttentionPage>(&window);
        QVERIFY(page);
        QVERIFY(ConsoleHarness::loads(page->groups(), [&] {
            QVERIFY(ConsoleHarness(m_db).connectReading(*window.context(),
                                                        QStringLiteral("op_ivan"), nullptr));
        }));
        QTRY_COMPARE_WITH_TIMEOUT(page->groups()->rowCount(), 3, ConsoleHarness::kTimeoutMs);
        QApplication::processEvents();
        QCOMPARE(window.width(), 1280);
        QTableView *view = page->groupView();
        QHeaderView *header = view->horizontalHeader();
        const int margins =
            2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
        const QFontMetrics fm(view->font());
        saveTestGrab(&window, language + QStringLiteral("-attention-1280x720"));

        // The Trouble column shows each group's whole trouble, and is in view.
        QStringList troubles;
        for (int r = 0; r < 3; ++r) {
            const QString text =
                page->groups()->index(r, AttentionModel::Trouble).data().toString();
            troubles << text;
            const int needed = fm.horizontalAdvance(text) + margins;
            QVERIFY2(header->sectionSize(AttentionModel::Trouble) >= needed,
                     qPrintable(QStringLiteral("\"%1\" needs %2 px, the column is %3 px")
                                    .arg(text)
                                    .arg(needed)
                                    .arg(header->sectionSize(AttentionModel::Trouble))));
        }
        QVERIFY2(troubles.count(validation) == 2, qPrintable(troubles.join(QLatin1String(" | "))));
        QCOMPARE(view->horizontalScrollBar()->value(), 0);
        QVERIFY(header->sectionViewportPosition(AttentionModel::Error) +
                    header->sectionSize(AttentionModel::Error) <=
                view->viewport()->width());

        // The two validation groups' errors, as the column shows them, differ.
        QStringList shown;
        for (int r = 0; r < 3; ++r) {
            const QModelIndex error = page->groups()->index(r, AttentionModel::Error);
            const QString whole = error.data().toString();
            if (!whole.startsWith(kPrefix))
                continue;
            QVERIFY2(fm.horizontalAdvance(whole) + margins >
                         header->sectionSize(AttentionModel::Error),
                     "the error must be longer than its column for this test");
            shown << fm.elidedText(whole, view->textElideMode(),
                                   header->sectionSize(AttentionModel::Error) - margins);
            QVERIFY2(error.data(Qt::ToolTipRole).toString().contains(whole),
                     qPrintable(error.data(Qt::ToolTipRole).toString()));
        }
        QCOMPARE(shown.size(), 2);
        QVERIFY2(shown.at(0) != shown.at(1),
                 qPrintable(QStringLiteral("both read \"%1\"").arg(shown.at(0))));
    }

    // Issue 30, point 13: the requeue dialog's paragraphs are whole, none clipped at the
    // bottom (the first lost its descenders in English and its third line in Russian).
    void requeueDialogShowsWholeParagraphs_data() { TestLanguage::addRows(); }

    void requeueDialogShowsWholeParagraphs()
    {
        QFETCH(QString, language);
        QVERIFY(m_language.use(QStringLiteral(INBOX_QM_DIR), language));
        fail(QStringLiteral("shop"), 3, kPrefix + QStringLiteral("phone"), false);
        inbox::MainWindow window;
        QVERIFY(ConsoleHarness::show(&window, {1280, 720}, true));
        auto *page = ConsoleHarness::currentTab<AttentionPage>(&window);
        QVERIFY(page);
        QVERIFY(ConsoleHarness::loads(page->groups(), [&] {
            QVERIFY(ConsoleHarness(m_db).connectReading(*window.context(),
                                                        QStringLiteral("op_ivan"), nullptr));
        }));
        QTRY_COMPARE_WITH_TIMEOUT(page->groups()->rowCount(), 1, ConsoleHarness::kTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(page->events()->rowCount(), 3, ConsoleHarness::kTimeoutMs);
        page->eventView()->selectRow(0);
        // The three ways in: the selected event, the group, everything matching the filter.
        const QVector<QAction *> ways{page->requeueSelectedAction(), page->requeueGroupAction(),
                                      page->requeueAllAction()};
        for (int i = 0; i < ways.size(); ++i) {
            QVERIFY(ways[i]->isEnabled());
            ways[i]->trigger();
            inbox::RequeueDialog *d = attentionfix::previewedDialog(page);
            QVERIFY(d);
            QVERIFY(QTest::qWaitForWindowExposed(d));
            QApplication::processEvents();
            saveTestGrab(d, language + QStringLiteral("-requeue-dialog-%1").arg(i));
            for (const char *name : {"what", "summary", "validationWarning"}) {
                auto *label = d->findChild<QLabel *>(QLatin1String(name));
                QVERIFY2(label, name);
                if (label->isHidden())
                    continue;
                const int needed = label->heightForWidth(label->width());
                QVERIFY2(label->height() >= needed,
                         qPrintable(QStringLiteral("%1 (way %2): %3 px high, its text needs %4 "
                                                   "px at %5 px")
                                        .arg(QLatin1String(name))
                                        .arg(i)
                                        .arg(label->height())
                                        .arg(needed)
                                        .arg(label->width())));
            }
            d->reject();
            QTRY_VERIFY(!page->dialog());
        }
    }
};

QTEST_MAIN(TestAttentionFit)
#include "tst_attentionfit.moc"
