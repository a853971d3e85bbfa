// Issue 18, defect 12: the journal's Status filter popup shows every item whole. Offscreen,
// with the program's English or Russian .qm loaded and the default font: the popup opened
// from the Status button, its last item lies inside the list's viewport (was cut by the
// list's fixed height).
#include "testlanguage.h"

#include "common/multiselectbutton.h"
#include "db/consolecontext.h"
#include "journal/journalpage.h"

#include <QApplication>
#include <QListWidget>
#include <QMenu>
#include <QtTest>

class TestFilterPopup : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void statusPopupShowsItsLastItem_data() { TestLanguage::addRows(); }

    void statusPopupShowsItsLastItem()
    {
        QFETCH(QString, language);
        TestLanguage translation;
        QVERIFY(translation.use(QStringLiteral(INBOX_QM_DIR), language));
        inbox::ConsoleContext context;
        inbox::JournalPage page(&context);
        page.resize(1280, 720);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto *button = page.findChild<inbox::MultiSelectButton *>(QStringLiteral("statusFilter"));
        QVERIFY(button);
        QListWidget *list = button->list();
        QVERIFY(list->count() >= 4); // received, processing, done, failed
        button->menu()->popup(button->mapToGlobal(QPoint(0, button->height())));
        QVERIFY(QTest::qWaitForWindowExposed(button->menu()));
        QApplication::processEvents();
        const QRect viewport = list->viewport()->rect();
        for (int i = 0; i < list->count(); ++i) {
            const QRect item = list->visualItemRect(list->item(i));
            QVERIFY2(viewport.contains(item),
                     qPrintable(QStringLiteral("item %1 \"%2\" at %3,%4 %5x%6, the list shows "
                                               "%7x%8")
                                    .arg(i)
                                    .arg(list->item(i)->text())
                                    .arg(item.x())
                                    .arg(item.y())
                                    .arg(item.width())
                                    .arg(item.height())
                                    .arg(viewport.width())
                                    .arg(viewport.height())));
        }
        button->menu()->hide();
        translation.drop();
    }
};

QTEST_MAIN(TestFilterPopup)
#include "tst_filterpopup.moc"
