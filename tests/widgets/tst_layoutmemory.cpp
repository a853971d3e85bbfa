// The window comes back as the person left it: geometry, the screen shown, splitters and the
// journal's columns (width and order); a layout saved by another program version is ignored.
#include "testsettings.h"

#include "common/layoutmemory.h"
#include "window/mainwindow.h"

#include <QHeaderView>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

class TestLayoutMemory final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        TestSettings::isolate(QStringLiteral("tst_layoutmemory"));
        QCoreApplication::setApplicationVersion(QStringLiteral("1.0"));
    }

    void init() { QSettings().clear(); }

    void arrangementSurvivesARestart()
    {
        QList<int> sizes;
        {
            inbox::MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.resize(1111, 777);
            auto *tabs = window.findChild<QTabWidget *>();
            tabs->setCurrentIndex(2);
            QWidget *journal = tabs->widget(2);
            auto *split = journal->findChildren<QSplitter *>().first();
            split->setSizes({150, 450});
            sizes = split->sizes();
            QHeaderView *header = journal->findChildren<QTableView *>().first()->horizontalHeader();
            header->resizeSection(2, 333);
            header->moveSection(1, 3);
            window.close();
        }
        inbox::MainWindow again;
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        auto *tabs = again.findChild<QTabWidget *>();
        QCOMPARE(tabs->currentIndex(), 2);
        QCOMPARE(again.size(), QSize(1111, 777));
        QWidget *journal = tabs->widget(2);
        QCOMPARE(journal->findChildren<QSplitter *>().first()->sizes(), sizes);
        QHeaderView *header = journal->findChildren<QTableView *>().first()->horizontalHeader();
        QCOMPARE(header->sectionSize(2), 333);
        QCOMPARE(header->visualIndex(1), 3);
    }

    void otherVersionIsIgnoredAndResetForgets()
    {
        {
            inbox::MainWindow window;
            window.findChild<QTabWidget *>()->setCurrentIndex(3);
            window.close();
        }
        QCoreApplication::setApplicationVersion(QStringLiteral("2.0"));
        {
            inbox::MainWindow newer;
            QCOMPARE(newer.findChild<QTabWidget *>()->currentIndex(), 0);
        }
        QCoreApplication::setApplicationVersion(QStringLiteral("1.0"));
        {
            inbox::MainWindow same;
            QCOMPARE(same.findChild<QTabWidget *>()->currentIndex(), 3);
        }
        inbox::LayoutMemory::reset();
        inbox::MainWindow reset;
        QCOMPARE(reset.findChild<QTabWidget *>()->currentIndex(), 0);
    }
};

QTEST_MAIN(TestLayoutMemory)
#include "tst_layoutmemory.moc"
