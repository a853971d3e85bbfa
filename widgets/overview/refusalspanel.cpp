#include "overview/refusalspanel.h"

#include "common/alertcelldelegate.h"
#include "common/rowtable.h"
#include "common/theme.h"
#include "overview/overviewmodel.h"
#include "overview/refusalsmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace inbox {

RefusalsPanel::RefusalsPanel(ConsoleContext *context, OverviewModel *overview, QTabWidget *tabs)
    : QWidget(tabs), m_tabs(tabs), m_model(new RefusalsModel(context, this)),
      m_view(new QTableView(this)), m_note(new QLabel(this))
{
    setObjectName(QStringLiteral("refusalsPanel"));
    m_view->setObjectName(QStringLiteral("refusalsTable"));
    m_view->setAccessibleName(tr("Refused today, per source"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new AlertCellDelegate(RefusalsModel::AlertRole, m_view));
    setUpRowTable(m_view);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(RefusalsModel::ByReason, QHeaderView::Stretch);
    m_note->setObjectName(QStringLiteral("refusalsNote"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_note);
    layout->addWidget(m_view, 1);
    tabs->addTab(this, tr("Refused today"));

    connect(overview, &OverviewModel::updated, m_model, &RefusalsModel::refresh);
    connect(m_model, &RefusalsModel::updated, this, &RefusalsPanel::showRows);
    connect(m_model, &RefusalsModel::failed, this, &RefusalsPanel::showError);
    showRows();
}

void RefusalsPanel::showRows()
{
    const qint64 total = m_model->total();
    const int index = m_tabs->indexOf(this);
    if (index >= 0) {
        m_tabs->setTabText(index, total > 0
                                      ? tr("Refused today (%1)").arg(QLocale().toString(total))
                                      : tr("Refused today"));
    }
    Theme::setLook(m_note, Theme::Look::Plain);
    if (!m_model->hasData())
        m_note->setText(QString());
    else if (total == 0)
        m_note->setText(tr("The receivers refused nothing today (UTC)."));
    else
        m_note->setText(tr("Deliveries the receivers answered with an error today (UTC) and did "
                           "not store. The sender's own retry may still deliver them; many "
                           "wrong signatures or tokens usually mean a secret was changed on "
                           "one side only."));
    m_note->setVisible(!m_note->text().isEmpty());
}

void RefusalsPanel::showError(const DbError &error)
{
    Theme::setLook(m_note, Theme::Look::AlertText);
    m_note->setText(error.isPermissionDenied()
                        ? tr("This database user may not read the refusal counters: it needs the "
                             "inbox_support role (or one that includes it).")
                        : tr("Could not read the refusals: %1").arg(error.oneLine()));
    m_note->show();
}

} // namespace inbox
