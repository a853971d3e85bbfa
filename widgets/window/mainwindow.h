#pragma once

#include "navigation/consolelink.h"

#include <QMainWindow>

#include <optional>

class QAction;
class QLabel;
class QTabWidget;

namespace inbox {

class AttentionPage;
class AuditPage;
class ReportPage;
class ConnectionPage;
class ConsoleContext;
class DuplicatesPage;
class JournalPage;
class OverviewPage;
class Session;
struct ReadSource;

// The frame: menus, the connection banner, the status bar and one tab per screen. Screens
// do their own work; the window only tells them when the connection comes and goes.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    Session *session() const { return m_session; }
    ConsoleContext *context() const { return m_context; }
    ConnectionPage *connectionPage() const { return m_connectionPage; }

    // Opens the window already connecting to `conninfo` (the --db option or PG* environment).
    // `readFrom`: the standby the screens read from ("" for none), as in a profile.
    void connectTo(const QString &conninfo, const QString &readFrom = QString());

    // The one way into a place (a link, an Overview figure): switches to its screen and asks
    // the page to show it. Without a connection, or on another profile than the link's, it
    // connects first with the link's saved profile; what is missing (an unknown profile, a
    // password) is asked on the Connect screen, and the place opens once connected.
    void open(const ConsoleLink &link);
    // A pasted or --open link: opened, or a malformed one explained (message box, status bar).
    bool openLink(const QString &text);
    // The saved profile of the working connection, "" when none matches it: read when asked,
    // so a profile saved after connecting (or one with the same settings written otherwise)
    // counts at once (ConnectionProfiles::matching).
    QString connectedProfile() const;
    // What the current screen shows, as a link (event, pair, audit entry); nullopt: nothing.
    std::optional<ConsoleLink> currentPlace() const;
    // Puts the link (with the connection's profile) on the clipboard and says so.
    void copyLink(ConsoleLink place);
    QAction *copyLinkAction() const { return m_copyLink; }
    std::optional<ConsoleLink> pendingLink() const { return m_pending; }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void addScreen(QWidget *screen, const QString &title);
    void onOpened();
    void showReadSource(const ReadSource &source);
    void showPlace(const ConsoleLink &link);

    Session *m_session;
    ConsoleContext *m_context;
    ConnectionPage *m_connectionPage;
    QTabWidget *m_tabs;
    QLabel *m_banner;
    QLabel *m_state;
    QLabel *m_reads; // where reads come from and the lag, with a standby to read from
    OverviewPage *m_overview;
    JournalPage *m_journal;
    AttentionPage *m_attention;
    DuplicatesPage *m_duplicates;
    AuditPage *m_audit;
    ReportPage *m_report;
    QAction *m_copyLink;
    QString m_conninfo;                   // of the working connection, as it was given
    std::optional<ConsoleLink> m_pending; // opens once connected
};

} // namespace inbox
