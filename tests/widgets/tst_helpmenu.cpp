// The Help menu: a guide for every screen (F1), the keyboard shortcuts read from the window
// (every QAction with a shortcut and every QShortcut listed, with a description), About with
// versions and licences, and diagnostics for support without the password.
#include "testsettings.h"

#include "db/migrator.h"
#include "db/session.h"
#include "help/aboutdialog.h"
#include "help/helpmenu.h"
#include "help/screenguide.h"
#include "help/shortcutlist.h"
#include "pgcluster.h"
#include "support/logging.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QClipboard>
#include <QDialog>
#include <QGuiApplication>
#include <QMainWindow>
#include <QShortcut>
#include <QTabWidget>
#include <QTextBrowser>
#include <QtTest>

#include <spdlog/spdlog.h>

using namespace inbox;

namespace {
QTabWidget *screens(MainWindow &window)
{
    return window.centralWidget()->findChild<QTabWidget *>();
}
} // namespace

class TestHelpMenu final : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        TestSettings::isolate(QStringLiteral("tst_helpmenu"));
        QVERIFY(!setupLogging(QStringLiteral("tst_helpmenu"), false).isEmpty());
    }

    void everyShortcutIsListed()
    {
        MainWindow window;
        QTabWidget *tabs = screens(window);
        const QVector<ShortcutEntry> entries = ShortcutList::collect(&window, tabs);
        const QString html = ShortcutList::html(entries);
        int actions = 0;
        for (const QAction *a : window.findChildren<QAction *>()) {
            for (const QKeySequence &keys : a->shortcuts()) {
                if (keys.isEmpty())
                    continue;
                ++actions;
                const bool listed =
                    std::any_of(entries.cbegin(), entries.cend(), [&](const ShortcutEntry &e) {
                        return e.source == a && e.keys == keys && !e.description.isEmpty();
                    });
                QVERIFY2(
                    listed,
                    qPrintable(
                        QStringLiteral("%1 (%2) is not listed").arg(a->text(), keys.toString())));
                QVERIFY2(html.contains(keys.toString(QKeySequence::NativeText).toHtmlEscaped()),
                         qPrintable(keys.toString()));
            }
        }
        // F1 (this menu), Quit and Refresh at least.
        QVERIFY(actions >= 3);
        int shortcuts = 0;
        for (const QShortcut *s : window.findChildren<QShortcut *>()) {
            ++shortcuts;
            QVERIFY2(!s->whatsThis().isEmpty(),
                     qPrintable(QStringLiteral("QShortcut %1 has no description (setWhatsThis)")
                                    .arg(s->key().toString())));
            QVERIFY(std::any_of(entries.cbegin(), entries.cend(),
                                [&](const ShortcutEntry &e) { return e.source == s; }));
        }
        QVERIFY(shortcuts > 0);
        // Screen keys are listed under their screen.
        const auto merge =
            std::find_if(entries.cbegin(), entries.cend(),
                         [](const ShortcutEntry &e) { return e.keys == QKeySequence(Qt::Key_M); });
        QVERIFY(merge != entries.cend());
        const auto *page = qobject_cast<QWidget *>(merge->source->parent());
        QCOMPARE(merge->where, tabs->tabText(tabs->indexOf(const_cast<QWidget *>(page))));
    }

    void shortcutWindowShowsTheList()
    {
        MainWindow window;
        auto *help = window.findChild<HelpMenu *>();
        QVERIFY(help);
        help->shortcutsAction()->trigger();
        auto *dialog = window.findChild<QDialog *>(QStringLiteral("shortcuts"));
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(!dialog->isModal());
        const QString text = dialog->findChild<QTextBrowser *>()->toPlainText();
        QVERIFY2(text.contains(
                     QKeySequence(QKeySequence::HelpContents).toString(QKeySequence::NativeText)),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Guide to this screen")));
        QVERIFY(text.contains(QStringLiteral("Merge")));
    }

    void guideForEveryScreen()
    {
        MainWindow window;
        auto *help = window.findChild<HelpMenu *>();
        QTabWidget *tabs = screens(window);
        QCOMPARE(help->guideAction()->shortcut(), QKeySequence(QKeySequence::HelpContents));
        QSet<QString> guides;
        for (int i = 0; i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            help->guideAction()->trigger();
            auto *dialog = window.findChild<QDialog *>(QStringLiteral("guide"));
            QVERIFY(dialog && dialog->isVisible() && !dialog->isModal());
            const QString text = dialog->findChild<QTextBrowser *>()->toPlainText();
            const QString title = tabs->tabText(i).remove(QLatin1Char('&'));
            QVERIFY2(text.startsWith(title), qPrintable(title + QStringLiteral(": ") + text));
            QVERIFY2(text.contains(QStringLiteral("Who may do what")), qPrintable(title));
            QVERIFY(text != ScreenGuide::generalGuide());
            guides.insert(text);
        }
        QCOMPARE(guides.size(), tabs->count());
        // An open guide follows the screen.
        tabs->setCurrentIndex(0);
        const QString connect = window.findChild<QDialog *>(QStringLiteral("guide"))
                                    ->findChild<QTextBrowser *>()
                                    ->toPlainText();
        QVERIFY(connect.startsWith(tabs->tabText(0).remove(QLatin1Char('&'))));
    }

    void aboutNamesVersionsAndLicences()
    {
        MainWindow window;
        window.findChild<HelpMenu *>()->aboutAction()->trigger();
        auto *about = window.findChild<AboutDialog *>();
        QVERIFY(about);
        const QString text =
            about->findChild<QTextBrowser *>(QStringLiteral("aboutText"))->toPlainText();
        QVERIFY(text.contains(QStringLiteral(INBOX_VERSION)));
        QVERIFY(text.contains(QString::number(Migrator::latestVersion())));
        QVERIFY(text.contains(QString::fromLatin1(qVersion())));
        QVERIFY(text.contains(QStringLiteral("Not connected")));
        const QString licences =
            about->findChild<QTextBrowser *>(QStringLiteral("licencesText"))->toPlainText();
        for (const char *word : {"LGPL-3.0", "GPL-3.0", "PostgreSQL Licence", "spdlog", "fmt",
                                 "MIT", "Inbox Console is free software", "download.qt.io"})
            QVERIFY2(licences.contains(QLatin1String(word)), word);
        QVERIFY(
            about->findChild<QTextBrowser *>(QStringLiteral("licencesText"))->openExternalLinks());

        ServerInfo server;
        server.serverVersion = QStringLiteral("15.99 (test)");
        server.user = QStringLiteral("carol");
        server.database = QStringLiteral("inbox");
        server.schemaVersion = Migrator::latestVersion() - 1;
        server.programSchemaVersion = Migrator::latestVersion();
        server.roles = {QStringLiteral("inbox_manager")};
        const QString connected = AboutDialog::aboutHtml(server, true);
        QVERIFY(connected.contains(QStringLiteral("15.99 (test)")));
        QVERIFY(connected.contains(QStringLiteral("carol")));
        QVERIFY(connected.contains(QStringLiteral("inbox_manager")));
        QVERIFY(connected.contains(
            QStringLiteral("%1 (older than this program)").arg(server.schemaVersion)));
    }

    // Connected for real, with a password in the connection string (the trust cluster ignores
    // it): the clipboard gets versions, the connection and the log tail, never the password.
    void diagnosticsWithoutPassword()
    {
        PgCluster cluster;
        QString error;
        QVERIFY2(cluster.start(&error), qPrintable(error));
        const QString db = cluster.createDatabase(&error);
        QVERIFY2(!db.isEmpty(), qPrintable(error));
        MainWindow window;
        window.connectTo(cluster.conninfo(db) + QStringLiteral(" password=s3cret-diag"));
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->isOpen(), 20000);
        const QString marker =
            QStringLiteral("help-marker-%1").arg(QCoreApplication::applicationPid());
        logger("ui")->info("{}", marker.toStdString());

        window.findChild<HelpMenu *>()->diagnosticsAction()->trigger();
        const QString text = QGuiApplication::clipboard()->text();
        QVERIFY2(
            text.contains(QStringLiteral("Program version: %1").arg(QStringLiteral(INBOX_VERSION))),
            qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("database %1, user postgres").arg(db)),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("schema version %1").arg(Migrator::latestVersion())));
        QVERIFY(text.contains(logFilePath()));
        QVERIFY2(text.contains(marker), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("s3cret-diag")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Platform plugin: offscreen")));

        // About, connected: the database's schema version and the user.
        window.findChild<HelpMenu *>()->aboutAction()->trigger();
        const QString about = window.findChild<AboutDialog *>()
                                  ->findChild<QTextBrowser *>(QStringLiteral("aboutText"))
                                  ->toPlainText();
        QVERIFY2(about.contains(QStringLiteral("postgres (superuser)")), qPrintable(about));
        QVERIFY(about.contains(db));
    }
};

QTEST_MAIN(TestHelpMenu)
#include "tst_helpmenu.moc"
