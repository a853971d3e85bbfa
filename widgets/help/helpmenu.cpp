#include "help/helpmenu.h"

#include "db/migrator.h"
#include "db/session.h"
#include "help/aboutdialog.h"
#include "help/screenguide.h"
#include "help/shortcutlist.h"
#include "support/logging.h"

#include <QAction>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QMainWindow>
#include <QMenu>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <spdlog/spdlog.h>

namespace inbox {

namespace {
constexpr int kLogLines = 200;
}

HelpMenu::HelpMenu(QMainWindow *window, QTabWidget *tabs, Session *session, QMenu *menu)
    : QObject(window), m_window(window), m_tabs(tabs), m_session(session),
      m_guideAction(menu->addAction(tr("&Guide to this screen"))),
      m_shortcutsAction(menu->addAction(tr("&Keyboard shortcuts"))),
      m_diagnosticsAction(menu->addAction(tr("Copy &diagnostics"))), m_aboutAction(nullptr)
{
    m_guideAction->setObjectName(QStringLiteral("helpGuide"));
    m_guideAction->setShortcut(QKeySequence::HelpContents);
    m_shortcutsAction->setObjectName(QStringLiteral("helpShortcuts"));
    m_diagnosticsAction->setObjectName(QStringLiteral("helpDiagnostics"));
    m_diagnosticsAction->setToolTip(
        tr("Put a report for support on the clipboard: versions, system, connection (without "
           "password) and the end of the log"));
    menu->addSeparator();
    m_aboutAction = menu->addAction(tr("&About Inbox Console"));
    m_aboutAction->setObjectName(QStringLiteral("helpAbout"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_guideAction, &QAction::triggered, this, &HelpMenu::showGuide);
    connect(m_shortcutsAction, &QAction::triggered, this, &HelpMenu::showShortcuts);
    connect(m_diagnosticsAction, &QAction::triggered, this, &HelpMenu::copyDiagnostics);
    connect(m_aboutAction, &QAction::triggered, this, &HelpMenu::showAbout);
    // An open guide follows the screen.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_guide && m_guide->isVisible())
            showGuide();
    });
}

QDialog *HelpMenu::helpWindow(QPointer<QDialog> &slot, const QString &name)
{
    if (slot)
        return slot;
    auto *dialog = new QDialog(m_window);
    dialog->setObjectName(name);
    dialog->setModal(false);
    auto *text = new QTextBrowser(dialog);
    text->setObjectName(name + QStringLiteral("Text"));
    text->setOpenExternalLinks(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto *layout = new QVBoxLayout(dialog);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    const QFontMetrics fm = dialog->fontMetrics();
    dialog->resize(fm.horizontalAdvance(QLatin1Char('m')) * 50, fm.height() * 36);
    slot = dialog;
    return dialog;
}

void HelpMenu::showGuide()
{
    QDialog *dialog = helpWindow(m_guide, QStringLiteral("guide"));
    const int index = m_tabs->currentIndex();
    const QString screen = m_tabs->tabText(index).remove(QLatin1Char('&'));
    dialog->setWindowTitle(tr("Guide: %1").arg(screen));
    auto *text = dialog->findChild<QTextBrowser *>();
    text->setAccessibleName(tr("Guide to the %1 screen").arg(screen));
    text->setHtml(ScreenGuide::html(m_tabs->currentWidget()));
    dialog->show();
    dialog->raise();
}

void HelpMenu::showShortcuts()
{
    QDialog *dialog = helpWindow(m_shortcuts, QStringLiteral("shortcuts"));
    dialog->setWindowTitle(tr("Keyboard shortcuts"));
    auto *text = dialog->findChild<QTextBrowser *>();
    text->setAccessibleName(tr("Keyboard shortcuts"));
    // Read again each time: screens may have added keys since.
    text->setHtml(ShortcutList::html(ShortcutList::collect(m_window, m_tabs)));
    dialog->show();
    dialog->raise();
}

DiagnosticsFacts HelpMenu::diagnosticsFacts() const
{
    DiagnosticsFacts f = basicDiagnosticsFacts();
    f.programSchemaVersion = Migrator::latestVersion();
    f.platform = QGuiApplication::platformName();
    // The variables that change scaling or theming say a lot about a display problem.
    for (const char *name :
         {"QT_SCALE_FACTOR", "QT_SCREEN_SCALE_FACTORS", "QT_AUTO_SCREEN_SCALE_FACTOR",
          "QT_QPA_PLATFORMTHEME", "QT_STYLE_OVERRIDE"}) {
        if (qEnvironmentVariableIsSet(name))
            f.platform +=
                QStringLiteral(" %1=%2").arg(QLatin1String(name), qEnvironmentVariable(name));
    }
    for (const QScreen *s : QGuiApplication::screens()) {
        f.screens << QStringLiteral("%1 %2x%3, logical %4 dpi, physical %5 dpi, scale %6")
                         .arg(s->name())
                         .arg(s->size().width())
                         .arg(s->size().height())
                         .arg(s->logicalDotsPerInch(), 0, 'f', 0)
                         .arg(s->physicalDotsPerInch(), 0, 'f', 0)
                         .arg(s->devicePixelRatio());
    }
    f.theme = QSettings().value(QStringLiteral("ui/theme")).toString();
    f.connected = m_session->isOpen();
    f.conninfo = m_session->options().conninfo;
    f.server = m_session->info();
    flushLogs();
    f.logPath = logFilePath();
    f.logTail = readLastLines(f.logPath, kLogLines);
    return f;
}

void HelpMenu::copyDiagnostics()
{
    const QString text = diagnosticsText(diagnosticsFacts());
    QGuiApplication::clipboard()->setText(text);
    m_window->statusBar()->showMessage(
        tr("Diagnostics copied to the clipboard (%n line(s)); no password is included.", "",
           int(text.count(QLatin1Char('\n')))),
        8000);
    logger("ui")->info("diagnostics copied to the clipboard");
}

void HelpMenu::showAbout()
{
    auto *dialog = new AboutDialog(m_session->info(), m_session->isOpen(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace inbox
