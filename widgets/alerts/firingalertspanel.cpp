#include "alerts/firingalertspanel.h"

#include "alerts/alertepisodesmodel.h"
#include "alerts/alertlistview.h"
#include "alerts/alertnotifier.h"
#include "alerts/alertrulesdialog.h"
#include "db/consolecontext.h"
#include "support/logging.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSystemTrayIcon>
#include <QTableView>
#include <QVBoxLayout>

#include <spdlog/spdlog.h>

namespace inbox {

FiringAlertsPanel::FiringAlertsPanel(ConsoleContext *context, QWidget *parent)
    : QWidget(parent), m_context(context),
      m_model(new AlertEpisodesModel(context, AlertEpisodesModel::Mode::Firing, this)),
      m_notifier(new AlertNotifier(context, this)), m_title(new QLabel(this)),
      m_view(makeAlertListView(m_model, QStringLiteral("firingAlertsView"), tr("Alerts firing now"),
                               this)),
      m_open(new QPushButton(tr("&Go to it"), this)),
      m_rules(new QPushButton(tr("Alert r&ules..."), this))
{
    setObjectName(QStringLiteral("firingAlerts"));
    m_title->setObjectName(QStringLiteral("firingAlertsTitle"));
    m_view->hideColumn(AlertEpisodesModel::Resolved);
    m_open->setObjectName(QStringLiteral("firingAlertsOpen"));
    m_open->setToolTip(tr("Open what the selected alert is about (Enter)"));
    m_rules->setObjectName(QStringLiteral("alertRulesButton"));
    m_rules->setToolTip(tr("The alert rules, who hears them, and the history of alerts"));

    auto *head = new QHBoxLayout;
    head->setContentsMargins(0, 0, 0, 0);
    head->addWidget(m_title, 1);
    head->addWidget(m_open);
    head->addWidget(m_rules);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(head);
    layout->addWidget(m_view);

    connect(m_model, &AlertEpisodesModel::loaded, this, &FiringAlertsPanel::update);
    connect(m_model, &QAbstractItemModel::modelReset, this, &FiringAlertsPanel::update);
    connect(m_model, &AlertEpisodesModel::errorOccurred, this, [this](const DbError &error) {
        m_title->setText(tr("Alerts could not be read: %1").arg(error.oneLine()));
        m_title->show();
    });
    connect(m_view, &QAbstractItemView::activated, this, &FiringAlertsPanel::openCurrent);
    connect(m_open, &QPushButton::clicked, this, &FiringAlertsPanel::openCurrent);
    connect(m_rules, &QPushButton::clicked, this, [this] {
        AlertRulesDialog *dialog = rulesDialog();
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    connect(m_notifier, &AlertNotifier::notify, this,
            [this](const QString &title, const QString &body, const QString &severity) {
                showNotice(title, body, severity);
            });
    update();
}

FiringAlertsPanel::~FiringAlertsPanel() = default;

AlertRulesDialog *FiringAlertsPanel::rulesDialog()
{
    if (!m_dialog)
        m_dialog = new AlertRulesDialog(m_context, m_notifier, this);
    return m_dialog;
}

ConsoleLink FiringAlertsPanel::placeOf(const AlertEpisode &e)
{
    if (e.kind == QLatin1String("duplicates_age"))
        return ConsoleLink::duplicates();
    if (e.kind == QLatin1String("stuck") || e.kind == QLatin1String("failed"))
        return ConsoleLink::failed(e.source());
    // A destination paused or behind: what waits for delivery (the rule's sources are its
    // route; the episode does not carry them, so all of them).
    if (e.kind == QLatin1String("destination"))
        return ConsoleLink::waiting();
    // Polling stalled or stopped: what the source brought today, in the journal (nothing new
    // is the symptom). Its whole name: a source's name may hold a '|'.
    if (e.kind == QLatin1String("poll_source"))
        return ConsoleLink::journalDay(QDateTime::currentDateTimeUtc().date(), e.scopeKey);
    // Share jumps and a silent source: that source's deliveries today (UTC, as the overview's
    // days), in the journal.
    return ConsoleLink::journalDay(QDateTime::currentDateTimeUtc().date(), e.source());
}

void FiringAlertsPanel::update()
{
    const int n = m_model->rowCount();
    m_title->setText(n == 0 ? tr("No alert is firing.")
                            : tr("<b>%n alert(s) firing now</b>", "", n));
    m_view->setVisible(n > 0);
    m_open->setEnabled(n > 0);
    if (n > 0 && !m_view->currentIndex().isValid())
        m_view->setCurrentIndex(m_model->index(0, 0));
    m_view->resizeColumnsToContents();
    // As high as its rows, up to five (more scroll), and never fewer than three in sight
    // however crowded the overview gets; no empty space taken from the charts.
    const auto height = [this](int rows) {
        return m_view->verticalHeader()->defaultSectionSize() * rows +
               m_view->horizontalHeader()->sizeHint().height() + 2 * m_view->frameWidth();
    };
    m_view->setMinimumHeight(height(qMin(n, 3)));
    m_view->setMaximumHeight(height(qMin(n, 5)));
}

void FiringAlertsPanel::openCurrent()
{
    const QModelIndex at = m_view->currentIndex();
    if (!at.isValid())
        return;
    emit openPlace(placeOf(m_model->episode(at.row())));
}

void FiringAlertsPanel::showNotice(const QString &title, const QString &body,
                                   const QString &severity)
{
    logger("ui")->info("desktop notice for an alert ({})", severity.toStdString());
    // On Linux QSystemTrayIcon::showMessage goes to org.freedesktop.Notifications over D-Bus
    // (Qt's own D-Bus tray); without a tray there is nothing to show it on.
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return;
    if (!m_tray) {
        m_tray = new QSystemTrayIcon(QApplication::windowIcon(), this);
        m_tray->setToolTip(tr("Inbox Console"));
        m_tray->show();
    }
    m_tray->showMessage(title, body,
                        severity == QLatin1String("critical")  ? QSystemTrayIcon::Critical
                        : severity == QLatin1String("warning") ? QSystemTrayIcon::Warning
                                                               : QSystemTrayIcon::Information,
                        10000);
}

} // namespace inbox
