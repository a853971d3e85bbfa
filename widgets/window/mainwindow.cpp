#include "window/mainwindow.h"

#include "attention/attentionpage.h"
#include "audit/auditpage.h"
#include "common/layoutmemory.h"
#include "common/theme.h"
#include "connection/connectionpage.h"
#include "db/connectproblem.h"
#include "db/consolecontext.h"
#include "db/migrator.h"
#include "db/session.h"
#include "duplicates/duplicatespage.h"
#include "help/helpmenu.h"
#include "journal/eventdetailpane.h"
#include "journal/journalpage.h"
#include "overview/overviewpage.h"
#include "window/settingsdialog.h"

#include <QApplication>
#include <QCloseEvent>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QShortcut>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace inbox {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new Session(this)), m_context(new ConsoleContext(this)),
      m_connectionPage(new ConnectionPage(m_session, this)), m_tabs(new QTabWidget(this)),
      m_banner(new QLabel(this)), m_state(new QLabel(tr("Not connected"), this))
{
    setWindowTitle(tr("Inbox Console"));
    // At most 90 % of the screen: at a scale factor of 2 a 1200 x 760 window would not fit.
    resize(QSize(1200, 760).boundedTo(screen()->availableSize() * 0.9));

    m_banner->setObjectName(QStringLiteral("connectionBanner"));
    m_banner->setWordWrap(true);
    Theme::setLook(m_banner, Theme::Look::ProblemBanner,
                   QStringLiteral("padding: 6px; font-weight: bold;"));
    m_banner->hide();
    m_tabs->setDocumentMode(true);
    addScreen(m_connectionPage, tr("Connect"));
    addScreen(new OverviewPage(m_context, this), tr("Overview"));
    auto *journal = new JournalPage(m_context, this);
    auto *duplicates = new DuplicatesPage(m_context, this);
    addScreen(journal, tr("Journal"));
    auto *attention = new AttentionPage(m_context, this);
    addScreen(attention, tr("Needs attention"));
    addScreen(duplicates, tr("Duplicates"));
    // A pair in an event's Lead tab opens on the Duplicates screen.
    for (EventDetailPane *pane : {journal->detailPane(), attention->detail()}) {
        connect(pane, &EventDetailPane::openPair, this, [this, duplicates](qint64 candidateId) {
            duplicates->showCandidate(candidateId);
            m_tabs->setCurrentWidget(duplicates);
        });
    }
    connect(duplicates, &DuplicatesPage::openEvent, this, [this, journal](qint64 eventId) {
        journal->openEvent(eventId);
        m_tabs->setCurrentWidget(journal);
    });
    auto *audit = new AuditPage(m_context, this);
    addScreen(audit, tr("Audit"));
    connect(audit, &AuditPage::openEvent, this, [this, journal](qint64 eventId) {
        journal->openEvent(eventId);
        m_tabs->setCurrentWidget(journal);
    });

    // How the person left the window last time (geometry, screen, splitters, columns).
    LayoutMemory::restore(this, m_tabs);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs);
    setCentralWidget(central);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *settings =
        file->addAction(tr("&Settings..."), this, [this] { SettingsDialog::run(this); });
    // Linux desktops often bind no key to Preferences: Ctrl+, as elsewhere then.
    const QList<QKeySequence> preferences = QKeySequence::keyBindings(QKeySequence::Preferences);
    settings->setShortcuts(preferences.isEmpty()
                               ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_Comma)}
                               : preferences);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::closeAllWindows);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Refresh"), QKeySequence(Qt::Key_F5), m_context,
                    &ConsoleContext::requestReread);
    new HelpMenu(this, m_tabs, m_session, menuBar()->addMenu(tr("&Help")));
    // Alt+1..9 jump to the screens, in tab order.
    for (int i = 0; i < qMin(9, m_tabs->count()); ++i) {
        auto *shortcut = new QShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)), this);
        shortcut->setWhatsThis(tr("Show the %1 screen").arg(m_tabs->tabText(i)));
        connect(shortcut, &QShortcut::activated, this, [this, i] {
            if (i < m_tabs->count())
                m_tabs->setCurrentIndex(i);
        });
    }

    statusBar()->addPermanentWidget(m_state);
    connect(m_session, &Session::opened, this, &MainWindow::onOpened);
    connect(m_session, &Session::migrated, this, &MainWindow::onOpened);
    connect(m_session, &Session::failed, this, [this] {
        if (!m_session->isOpen()) {
            m_context->setDisconnected();
            m_state->setText(tr("Not connected"));
        }
    });
    connect(
        m_context, &ConsoleContext::connectionDown, this, [this](const DbError &error, int retry) {
            // libpq's own words ("No such file or directory") say nothing to a person:
            // the banner names what is missing, the tooltip keeps libpq's text.
            const MissingServer missing = missingServer(error.message);
            QString what;
            if (missing.noServer && !missing.socketDir.isEmpty())
                what =
                    tr("No server at the socket %1: is PostgreSQL running?").arg(missing.socketDir);
            else if (missing.noServer)
                what = tr("No server answers at %1, port %2: is PostgreSQL running there?")
                           .arg(missing.host, missing.port);
            if (what.isEmpty())
                m_banner->setText(tr("Connection lost: %1. Reconnecting in %n s; what is "
                                     "shown may be out of date.",
                                     "", retry)
                                      .arg(error.message));
            else
                m_banner->setText(tr("Connection lost. %1 Reconnecting in %n s; what is "
                                     "shown may be out of date.",
                                     "", retry)
                                      .arg(what));
            m_banner->setToolTip(error.message);
            m_banner->show();
        });
    connect(m_context, &ConsoleContext::connectionUp, m_banner, &QLabel::hide);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    LayoutMemory::save(this, m_tabs);
    QMainWindow::closeEvent(event);
}

void MainWindow::addScreen(QWidget *screen, const QString &title)
{
    m_tabs->addTab(screen, title);
}

void MainWindow::onOpened()
{
    const ServerInfo &info = m_session->info();
    m_state->setText(
        tr("%1 @ %2, schema %3").arg(info.user, info.database).arg(info.schemaVersion));
    // Screens only work on the schema they were written for.
    if (info.schemaVersion == info.programSchemaVersion)
        m_context->setConnected(m_session->options(), info);
    else
        m_context->setDisconnected();
}

void MainWindow::connectTo(const QString &conninfo)
{
    m_connectionPage->setConnInfo(conninfo);
    m_connectionPage->connectNow();
}

} // namespace inbox
