#pragma once

#include "support/diagnostics.h"

#include <QObject>
#include <QPointer>

class QAction;
class QDialog;
class QMainWindow;
class QMenu;
class QTabWidget;
class QTextBrowser;

namespace inbox {

class Session;

// The Help menu: the guide to the screen shown (F1), the keyboard shortcuts read from the
// window, a diagnostics report for support on the clipboard, and About. The guide and the
// shortcut list are non-modal windows; the guide follows the screen while it is open.
class HelpMenu final : public QObject
{
    Q_OBJECT
public:
    HelpMenu(QMainWindow *window, QTabWidget *tabs, Session *session, QMenu *menu);

    QAction *guideAction() const { return m_guideAction; }
    QAction *shortcutsAction() const { return m_shortcutsAction; }
    QAction *diagnosticsAction() const { return m_diagnosticsAction; }
    QAction *aboutAction() const { return m_aboutAction; }

    void showGuide();
    void showShortcuts();
    void copyDiagnostics();
    void showAbout();

    // What copyDiagnostics() puts on the clipboard.
    DiagnosticsFacts diagnosticsFacts() const;

private:
    QDialog *helpWindow(QPointer<QDialog> &slot, const QString &name);

    QMainWindow *m_window;
    QTabWidget *m_tabs;
    Session *m_session;
    QAction *m_guideAction;
    QAction *m_shortcutsAction;
    QAction *m_diagnosticsAction;
    QAction *m_aboutAction;
    QPointer<QDialog> m_guide;
    QPointer<QDialog> m_shortcuts;
};

} // namespace inbox
