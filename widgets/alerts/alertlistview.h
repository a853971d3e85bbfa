#pragma once

class QAbstractItemModel;
class QString;
class QTableView;
class QWidget;

namespace inbox {

// The look the alerts' lists share (the rules, the history, the alerts firing now): a whole
// row is picked at a time to act on, nothing is edited in place, no row numbers, and the last
// column takes the width that is left. `name` is the object name, `accessibleName` what a
// screen reader says.
QTableView *makeAlertListView(QAbstractItemModel *model, const QString &name,
                              const QString &accessibleName, QWidget *parent);

} // namespace inbox
