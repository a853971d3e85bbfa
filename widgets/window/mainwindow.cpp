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
#include "report/reportpage.h"
#include "settings/connectionprofiles.h"
#include "support/logging.h"
#include "window/settingsdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QGuiApplication>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QShortcut>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

#include <spdlog/spdlog.h>

#include <utility>

namespace inbox {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new Session(this)), m_context(new ConsoleContext(this)),
      m_connectionPage(new ConnectionPage(m_session, this)), m_tabs(new QTabWidget(this)),
      m_banner(new QLabel(this)), m_state(new QLabel(tr("Not connected"), this)),
      m_reads(new QLabel(this)), m_overview(new OverviewPage(m_context, this)),
      m_journal(new JournalPage(m_context, this)), m_attention(new AttentionPage(m_context, this)),
      m_duplicates(new DuplicatesPage(m_context, this)), m_audit(new AuditPage(m_context, this)),
      m_report(new ReportPage(m_context, this)), m_copyLink(new QAction(tr("Copy &link"), this))
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
    addScreen(m_overview, tr("Overview"));
    JournalPage *journal = m_journal;
    DuplicatesPage *duplicates = m_duplicates;
    addScreen(journal, tr("Journal"));
    AttentionPage *attention = m_attention;
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
    AuditPage *audit = m_audit;
    addScreen(audit, tr("Audit"));
    connect(audit, &AuditPage::openEvent, this, [this, journal](qint64 eventId) {
        journal->openEvent(eventId);
        m_tabs->setCurrentWidget(journal);
    });
    addScreen(m_report, tr("Report"));
    // The Overview's figures lead to the screens that list what they count.
    connect(m_overview, &OverviewPage::openPlace, this, &MainWindow::open);
    // "Copy link" on an event's pane and an audit entry; Edit > Copy link on any screen.
    for (EventDetailPane *pane : {journal->detailPane(), attention->detail()})
        connect(pane, &EventDetailPane::linkRequested, this, &MainWindow::copyLink);
    connect(audit, &AuditPage::linkRequested, this, &MainWindow::copyLink);
    m_copyLink->setObjectName(QStringLiteral("copyLink"));
    m_copyLink->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_copyLink->setStatusTip(tr("Copy a link to the event, pair or audit entry shown, for a "
                                "colleague to open with inbox-console --open"));
    connect(m_copyLink, &QAction::triggered, this, [this] {
        if (const std::optional<ConsoleLink> place = currentPlace())
            copyLink(*place);
        else
            statusBar()->showMessage(tr("Nothing to link to here: select an event, a pair or "
                                        "an audit entry first."),
                                     5000);
    });
    connect(m_context, &ConsoleContext::connected, this, [this] {
        // A link waiting for the connection opens now (the screens were told first: they
        // connected to this signal in their constructors).
        if (const std::optional<ConsoleLink> pending = std::exchange(m_pending, std::nullopt))
            showPlace(*pending);
    });
    connect(m_session, &Session::openFailed, this, [this] {
        // The Connect screen explains the failure and asks for what is missing.
        if (m_pending)
            m_tabs->setCurrentWidget(m_connectionPage);
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
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_copyLink);
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

    m_reads->setObjectName(QStringLiteral("readSource"));
    m_reads->hide();
    statusBar()->addPermanentWidget(m_reads);
    statusBar()->addPermanentWidget(m_state);
    connect(m_context, &ConsoleContext::readSource, this, &MainWindow::showReadSource);
    connect(m_context, &ConsoleContext::connected, this, [this] {
        if (!m_context->readsFromStandby())
            m_reads->hide();
    });
    connect(m_context, &ConsoleContext::disconnected, m_reads, &QLabel::hide);
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
    // Its profile, for links, is looked up when a link is made (connectedProfile).
    m_conninfo = m_session->options().conninfo;
    const ServerInfo &info = m_session->info();
    m_state->setText(
        tr("%1 @ %2, schema %3").arg(info.user, info.database).arg(info.schemaVersion));
    // Screens only work on the schema they were written for.
    if (info.schemaVersion == info.programSchemaVersion)
        m_context->setConnected(m_session->options(), info);
    else
        m_context->setDisconnected();
}

QString MainWindow::connectedProfile() const
{
    if (!m_context->isConnected())
        return QString();
    return ConnectionProfiles().matching(m_conninfo);
}

void MainWindow::showReadSource(const ReadSource &source)
{
    const QLocale locale;
    switch (source.where) {
    case ReadSource::Where::Standby:
        if (source.caughtUp)
            m_reads->setText(
                tr("Reads: standby, lag %1 s").arg(locale.toString(source.lagMs / 1000, 'f', 1)));
        else if (source.behindBytes < 1000000)
            m_reads->setText(tr("Reads: standby, lag over %1 s (%2 kB behind)")
                                 .arg(ReadSourceMonitor::kLagBoundMs / 1000)
                                 .arg(locale.toString(double(source.behindBytes) / 1e3, 'f', 1)));
        else
            m_reads->setText(tr("Reads: standby, lag over %1 s (%2 MB behind)")
                                 .arg(ReadSourceMonitor::kLagBoundMs / 1000)
                                 .arg(locale.toString(double(source.behindBytes) / 1e6, 'f', 1)));
        m_reads->setToolTip(tr("The screens read from the standby; every action goes to the "
                               "primary. The lag is how long the standby took to replay what "
                               "the primary had written, measured every %1 s.")
                                .arg(ReadSourceMonitor::kPollMs / 1000));
        break;
    case ReadSource::Where::Primary:
        m_reads->setText(tr("Reads: primary (the standby does not answer)"));
        m_reads->setToolTip(tr("The standby does not answer, so the screens read from the "
                               "primary; they go back to the standby once it answers."));
        break;
    case ReadSource::Where::Unreachable:
        m_reads->setText(tr("Reads: the standby does not answer"));
        m_reads->setToolTip(tr("The screens cannot read: %1").arg(source.error.oneLine()));
        break;
    }
    const bool asConfigured = source.where == ReadSource::Where::Standby && source.caughtUp;
    Theme::setLook(m_reads, asConfigured ? Theme::Look::Plain
                            : source.where == ReadSource::Where::Unreachable
                                ? Theme::Look::AlertText
                                : Theme::Look::WarningText);
    m_reads->show();
}

void MainWindow::connectTo(const QString &conninfo, const QString &readFrom)
{
    m_connectionPage->setConnInfo(conninfo);
    m_connectionPage->setReadFrom(readFrom);
    m_connectionPage->connectNow();
}

void MainWindow::open(const ConsoleLink &link)
{
    // The link's profile is the working connection's when it connects there, whichever of
    // several such profiles the connection was made with.
    const std::optional<ConnectionProfile> named =
        link.profile().isEmpty() ? std::nullopt : ConnectionProfiles().find(link.profile());
    const bool sameProfile =
        link.profile().isEmpty() ||
        (named && ConnectionProfiles::sameConnection(named->conninfo, m_conninfo));
    if (m_context->isConnected() && sameProfile) {
        m_pending.reset();
        showPlace(link);
        return;
    }
    m_pending = link;
    m_tabs->setCurrentWidget(m_connectionPage);
    if (link.profile().isEmpty()) {
        m_connectionPage->useProfile(
            QString(), tr("The link opens once connected: connect to the database it is about."));
        return;
    }
    if (m_connectionPage->useProfile(
            link.profile(),
            tr("Connecting with the profile \"%1\" to open the link.").arg(link.profile()))) {
        m_connectionPage->connectNow();
    } else {
        m_connectionPage->useProfile(
            link.profile(), tr("The link is for the connection profile \"%1\", which is not "
                               "saved on this computer. Enter that database's connection here "
                               "(and save it under that name); the link opens once connected.")
                                .arg(link.profile()));
    }
}

bool MainWindow::openLink(const QString &text)
{
    QString error;
    const std::optional<ConsoleLink> link = ConsoleLink::fromUrl(text, &error);
    if (!link) {
        logger("ui")->warn("link refused ({} characters): {}", text.size(), error.toStdString());
        statusBar()->showMessage(tr("The link was not opened: %1").arg(error), 10000);
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Open link"),
                                    tr("This link cannot be opened."), QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("linkError"));
        box->setInformativeText(error);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    open(*link);
    return true;
}

void MainWindow::showPlace(const ConsoleLink &link)
{
    const auto screenOf = [this](ConsoleLink::Kind kind) -> QWidget * {
        switch (kind) {
        case ConsoleLink::Kind::Event:
        case ConsoleLink::Kind::JournalDay:
        case ConsoleLink::Kind::Waiting:
        case ConsoleLink::Kind::Processing:
            return m_journal;
        case ConsoleLink::Kind::Failed:
        case ConsoleLink::Kind::Stuck:
            return m_attention;
        case ConsoleLink::Kind::Pair:
        case ConsoleLink::Kind::Duplicates:
            return m_duplicates;
        case ConsoleLink::Kind::AuditEntry:
            return m_audit;
        }
        return nullptr;
    };
    // The screen takes its place first, then comes to the front.
    switch (link.kind()) {
    case ConsoleLink::Kind::Event:
        m_journal->openEvent(link.id());
        break;
    case ConsoleLink::Kind::JournalDay:
        m_journal->showDay(link.day(), link.source());
        break;
    case ConsoleLink::Kind::Waiting:
        m_journal->showStatus(QStringLiteral("received"), link.source());
        break;
    case ConsoleLink::Kind::Processing:
        m_journal->showStatus(QStringLiteral("processing"), link.source());
        break;
    case ConsoleLink::Kind::Failed:
        m_attention->showFailed(link.source());
        break;
    case ConsoleLink::Kind::Stuck:
        m_attention->showStuck(link.source());
        break;
    case ConsoleLink::Kind::Pair:
        m_duplicates->showCandidate(link.id());
        break;
    case ConsoleLink::Kind::Duplicates:
        break;
    case ConsoleLink::Kind::AuditEntry:
        m_audit->showEntry(link.id(), link.at());
        break;
    }
    if (QWidget *screen = screenOf(link.kind()))
        m_tabs->setCurrentWidget(screen);
}

std::optional<ConsoleLink> MainWindow::currentPlace() const
{
    QWidget *screen = m_tabs->currentWidget();
    if (screen == m_journal || screen == m_attention) {
        const EventDetailPane *pane =
            screen == m_journal ? m_journal->detailPane() : m_attention->detail();
        if (pane->eventId() > 0)
            return ConsoleLink::event(pane->eventId());
    } else if (screen == m_duplicates && m_duplicates->currentCandidate() > 0) {
        return ConsoleLink::pair(m_duplicates->currentCandidate());
    } else if (screen == m_audit) {
        return m_audit->selectedLink();
    }
    return std::nullopt;
}

void MainWindow::copyLink(ConsoleLink place)
{
    const QString profile = connectedProfile();
    place.setProfile(profile);
    const QString url = place.toUrl();
    QGuiApplication::clipboard()->setText(url);
    statusBar()->showMessage(profile.isEmpty()
                                 ? tr("Link copied: %1 (this connection has no saved profile: "
                                      "the link opens on whatever the colleague is connected "
                                      "to)")
                                       .arg(url)
                                 : tr("Link copied: %1").arg(url),
                             8000);
}

} // namespace inbox
