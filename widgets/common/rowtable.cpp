#include "common/rowtable.h"

#include <QHeaderView>
#include <QTableView>

namespace inbox {

void setUpRowTable(QTableView *view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
}

} // namespace inbox
