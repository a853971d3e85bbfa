#include "alerts/alertlistview.h"

#include <QHeaderView>
#include <QTableView>

namespace inbox {

QTableView *makeAlertListView(QAbstractItemModel *model, const QString &name,
                              const QString &accessibleName, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setObjectName(name);
    view->setAccessibleName(accessibleName);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}

} // namespace inbox
