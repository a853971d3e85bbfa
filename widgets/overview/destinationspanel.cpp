#include "overview/destinationspanel.h"

#include "common/alertcelldelegate.h"
#include "common/rowtable.h"
#include "common/theme.h"
#include "db/consolecontext.h"
#include "overview/destinationpausedialog.h"
#include "overview/destinationsmodel.h"
#include "overview/destinationwriter.h"
#include "overview/overviewmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace inbox {

DestinationsPanel::DestinationsPanel(ConsoleContext *context, OverviewModel *overview,
                                     QTabWidget *tabs)
    : QWidget(tabs), m_context(context), m_tabs(tabs),
      m_model(new DestinationsModel(context, this)), m_writer(new DestinationWriter(this)),
      m_view(new QTableView(this)), m_note(new QLabel(this)),
      m_pause(new QPushButton(tr("&Pause..."), this)),
      m_resume(new QPushButton(tr("R&esume..."), this))
{
    setObjectName(QStringLiteral("destinationsPanel"));
    m_view->setObjectName(QStringLiteral("destinationsTable"));
    m_view->setAccessibleName(tr("Handlers inbox-dispatcher delivers to"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new AlertCellDelegate(DestinationsModel::AlertRole, m_view));
    setUpRowTable(m_view);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(DestinationsModel::LastError,
                                                     QHeaderView::Stretch);
    m_note->setObjectName(QStringLiteral("destinationsNote"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pause->setObjectName(QStringLiteral("destinationPause"));
    m_resume->setObjectName(QStringLiteral("destinationResume"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_note, 1);
    buttons->addWidget(m_pause);
    buttons->addWidget(m_resume);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_view, 1);
    tabs->addTab(this, tr("Handlers"));

    m_context->whenConnected(this, [this] { m_writer->setConnectOptions(m_context->options()); });
    connect(overview, &OverviewModel::updated, m_model, &DestinationsModel::refresh);
    connect(m_model, &DestinationsModel::updated, this, &DestinationsPanel::showRows);
    connect(m_model, &DestinationsModel::failed, this, &DestinationsPanel::showError);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &DestinationsPanel::updateActions);
    connect(m_pause, &QPushButton::clicked, this, [this] { askToChange(true); });
    connect(m_resume, &QPushButton::clicked, this, [this] { askToChange(false); });
    connect(m_writer, &DestinationWriter::finished, m_model, &DestinationsModel::refresh);
    showRows();
}

int DestinationsPanel::selectedRow() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.first().row();
}

void DestinationsPanel::askToChange(bool pause)
{
    const int row = selectedRow();
    if (row < 0 || row >= m_model->destinations().size())
        return;
    auto *dialog =
        new DestinationPauseDialog(m_writer, pause, m_model->destinations().at(row).name, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void DestinationsPanel::updateActions()
{
    const bool may = m_context->isConnected() && m_context->info().mayRequeue();
    const int row = selectedRow();
    const bool paused = row >= 0 && m_model->destinations().value(row).paused;
    m_pause->setEnabled(may && row >= 0 && !paused);
    m_resume->setEnabled(may && row >= 0 && paused);
    const QString readOnly =
        tr("Read-only: pausing and resuming a handler needs the inbox_operator role");
    m_pause->setToolTip(may ? tr("Stop sending to the selected handler; its events wait")
                            : readOnly);
    m_resume->setToolTip(may ? tr("Send to the selected handler again") : readOnly);
}

void DestinationsPanel::showRows()
{
    const int paused = m_model->pausedCount();
    const int index = m_tabs->indexOf(this);
    if (index >= 0)
        m_tabs->setTabText(index,
                           paused > 0 ? tr("Handlers (%n paused)", "", paused) : tr("Handlers"));
    Theme::setLook(m_note, Theme::Look::Plain);
    if (!m_model->hasData())
        m_note->setText(QString());
    else if (m_model->rowCount() == 0)
        m_note->setText(tr("No inbox-dispatcher has reported a handler yet."));
    else
        m_note->setText(tr("Where inbox-dispatcher hands the events on. Figures are of each "
                           "handler's latest %L1 requests; paused, its events wait as they are.")
                            .arg(DestinationsModel::kLatest));
    m_note->setVisible(!m_note->text().isEmpty());
    updateActions();
}

void DestinationsPanel::showError(const DbError &error)
{
    Theme::setLook(m_note, Theme::Look::AlertText);
    m_note->setText(error.isPermissionDenied()
                        ? tr("This database user may not read the handlers: it needs the "
                             "inbox_support role (or one that includes it).")
                        : tr("Could not read the handlers: %1").arg(error.oneLine()));
    m_note->show();
}

} // namespace inbox
