// Issue 18, defect 11: the journal's CSV export says what it did and starts in a sensible
// folder. Offscreen against a real PostgreSQL, through the Export CSV button and the real save
// dialog (answered by the test as the person would):
// - the dialog starts in the documents folder, not the program's working directory, and the
//   next time in the folder used last (remembered in the settings);
// - after the export a notice under the table says "Exported 1,234 events to <file>", with an
//   "Open folder" action on that file's folder (not triggered here: nothing is launched);
// - an export that cannot be written says so clearly, offers no folder and leaves no file.
#include "screentestcase.h"
#include "testlanguage.h"

#include "journal/journalmodel.h"
#include "journal/journalpage.h"
#include "pgsession.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using inbox::JournalPage;

class TestCsvExport : public ScreenTestCase
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // A home of its own: the documents folder the dialog starts in, and nothing else
        // of this machine's home for the dialog to list.
        QVERIFY(m_home.isValid());
        qputenv("HOME", QFile::encodeName(m_home.path()));
        qunsetenv("XDG_CONFIG_HOME");
        ScreenTestCase::initTestCase();
    }

    void init()
    {
        ScreenTestCase::init();
        QSettings().remove(QStringLiteral("export"));
        // The English .qm and locale, as installTranslations sets them: "1,234 events".
        QVERIFY(m_english.use(QStringLiteral(INBOX_QM_DIR), QStringLiteral("en")));
    }

    void cleanup()
    {
        m_page.reset();
        m_english.drop();
        ScreenTestCase::cleanup();
    }

    void exportSaysWhatItDidAndWhere()
    {
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.accept('shop', 'e-' || g, convert_to('{}', 'UTF8')) "
                           "FROM generate_series(1, 1234) g")));
        openPage();
        const QString documents =
            QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QVERIFY(QDir().mkpath(documents));
        QVERIFY(QDir(documents) != QDir::current()); // or the test could not tell them apart

        QTemporaryDir dir(m_home.filePath(QStringLiteral("exports-XXXXXX")));
        const QString path = dir.filePath(QStringLiteral("week.csv"));
        exportThroughTheDialog(path);
        QVERIFY2(QDir(m_dialogStartedIn) == QDir(documents),
                 qPrintable(QStringLiteral("the dialog started in %1, not in %2")
                                .arg(m_dialogStartedIn, documents)));
        auto *notice = m_page->findChild<QLabel *>(QStringLiteral("exportNoticeText"));
        QVERIFY2(notice, "no export notice under the table");
        // The file is written when the export is complete, and then the notice shows.
        QTRY_VERIFY2_WITH_TIMEOUT(QFile::exists(path) && notice->isVisible(),
                                  qPrintable(notice->text()), 20000);
        QCOMPARE(notice->text(), QStringLiteral("Exported 1,234 events to ") + path);
        auto *open = m_page->findChild<QAction *>(QStringLiteral("openExportFolder"));
        QVERIFY(open);
        QVERIFY(open->isEnabled() && open->isVisible());
        QCOMPARE(open->data().toUrl(), QUrl::fromLocalFile(dir.path()));

        // The next export starts in the folder used last; cancelled, nothing changes.
        exportThroughTheDialog(QString());
        QVERIFY2(QDir(m_dialogStartedIn) == QDir(dir.path()),
                 qPrintable(QStringLiteral("the dialog started in %1").arg(m_dialogStartedIn)));
        QCOMPARE(notice->text(), QStringLiteral("Exported 1,234 events to ") + path);
    }

    void exportThatCannotBeWrittenSaysSo()
    {
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.accept('shop', 'e-' || g, convert_to('{}', 'UTF8')) "
                           "FROM generate_series(1, 3) g")));
        openPage();
        // A folder that exists and where no file can be made, even by root.
        const QString path = QStringLiteral("/proc/inbox-export-test.csv");
        exportThroughTheDialog(path);
        auto *notice = m_page->findChild<QLabel *>(QStringLiteral("exportNoticeText"));
        QVERIFY2(notice, "no export notice under the table");
        QTRY_VERIFY(notice->isVisible());
        QVERIFY2(notice->text().startsWith(QStringLiteral("Export to ") + path +
                                           QStringLiteral(" failed: ")),
                 qPrintable(notice->text()));
        QVERIFY2(notice->text().endsWith(QStringLiteral("No file was written.")),
                 qPrintable(notice->text()));
        auto *open = m_page->findChild<QAction *>(QStringLiteral("openExportFolder"));
        QVERIFY(open && !open->isVisible());
        QVERIFY(!QFile::exists(path));
    }

private:
    void openPage()
    {
        m_page = std::make_unique<JournalPage>(m_context.get());
        QVERIFY(m_harness.connectLoaded(*m_context, m_page->model()));
        QVERIFY(ConsoleHarness::show(m_page.get(), {1200, 800}, true));
    }

    // Clicks Export CSV and answers the save dialog with `path` ("" cancels it).
    void exportThroughTheDialog(const QString &path)
    {
        m_dialogStartedIn = QStringLiteral("(no dialog)");
        auto *poll = new QTimer(m_page.get());
        poll->setInterval(50);
        connect(poll, &QTimer::timeout, poll, [this, poll, path] {
            auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            poll->stop();
            poll->deleteLater();
            m_dialogStartedIn = dialog->directory().absolutePath();
            if (path.isEmpty()) {
                dialog->reject();
                return;
            }
            // Typed into the file name field, as a person can.
            auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
            QVERIFY(name);
            name->setText(path);
            static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept is protected
        });
        poll->start();
        auto *button = m_page->findChild<QPushButton *>(QStringLiteral("exportCsv"));
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton); // returns when the dialog has closed
    }

    QTemporaryDir m_home;
    TestLanguage m_english;
    std::unique_ptr<JournalPage> m_page;
    QString m_dialogStartedIn;
};

QTEST_MAIN(TestCsvExport)
#include "tst_csvexport.moc"
