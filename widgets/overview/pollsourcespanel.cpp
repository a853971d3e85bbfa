#include "overview/pollsourcespanel.h"

#include "common/alertcelldelegate.h"
#include "common/rowtable.h"
#include "common/theme.h"
#include "overview/overviewmodel.h"
#include "overview/pollsourcesmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace inbox {

PollSourcesPanel::PollSourcesPanel(ConsoleContext *context, OverviewModel *overview,
                                   QTabWidget *tabs)
    : QWidget(tabs), m_tabs(tabs), m_model(new PollSourcesModel(context, this)),
      m_view(new QTableView(this)), m_note(new QLabel(this))
{
    setObjectName(QStringLiteral("pollSourcesPanel"));
    m_view->setObjectName(QStringLiteral("pollSourcesTable"));
    m_view->setAccessibleName(tr("Polled sources"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new AlertCellDelegate(PollSourcesModel::AlertRole, m_view));
    setUpRowTable(m_view);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(PollSourcesModel::LastError,
                                                     QHeaderView::Stretch);
    m_note->setObjectName(QStringLiteral("pollSourcesNote"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_note);
    layout->addWidget(m_view, 1);
    tabs->addTab(this, tr("Polled sources"));

    connect(overview, &OverviewModel::updated, m_model, &PollSourcesModel::refresh);
    connect(m_model, &PollSourcesModel::updated, this, &PollSourcesPanel::showRows);
    connect(m_model, &PollSourcesModel::failed, this, &PollSourcesPanel::showError);
    showRows();
}

void PollSourcesPanel::showRows()
{
    const int troubled = m_model->troubled();
    const int index = m_tabs->indexOf(this);
    if (index >= 0) {
        m_tabs->setTabText(index,
                           troubled > 0
                               ? tr("Polled sources (%1 failing)").arg(QLocale().toString(troubled))
                               : tr("Polled sources"));
    }
    Theme::setLook(m_note, Theme::Look::Plain);
    if (!m_model->hasData())
        m_note->setText(QString());
    else if (m_model->rowCount() == 0)
        m_note->setText(tr("No source is polled: inbox-poller has not started with any source "
                           "yet. Marketplaces and CRMs that send no webhooks are read by it "
                           "(README, \"The pull door\")."));
    else
        m_note->setText(tr("Sources inbox-poller reads on a schedule. The windows overlap on "
                           "purpose, so repeats are expected; a failing source is retried with "
                           "growing pauses, and a stopped one waits for a person."));
    m_note->setVisible(!m_note->text().isEmpty());
}

void PollSourcesPanel::showError(const DbError &error)
{
    Theme::setLook(m_note, Theme::Look::AlertText);
    m_note->setText(error.isPermissionDenied()
                        ? tr("This database user may not read the polled sources: it needs the "
                             "inbox_support role (or one that includes it).")
                        : tr("Could not read the polled sources: %1").arg(error.oneLine()));
    m_note->show();
}

} // namespace inbox
