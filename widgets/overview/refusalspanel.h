#pragma once

#include "db/dberror.h"

#include <QWidget>

class QLabel;
class QTabWidget;
class QTableView;

namespace inbox {

class ConsoleContext;
class OverviewModel;
class RefusalsModel;

// The overview's "Refused today" tab: per source, what the receivers refused today by reason
// and in all (inbox.refusals), sources without any events included. It adds itself to the
// overview's tabs and keeps its tab title's count current; it reads with every overview read.
class RefusalsPanel final : public QWidget
{
    Q_OBJECT
public:
    RefusalsPanel(ConsoleContext *context, OverviewModel *overview, QTabWidget *tabs);

    RefusalsModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

private:
    void showRows();
    void showError(const DbError &error);

    QTabWidget *m_tabs;
    RefusalsModel *m_model;
    QTableView *m_view;
    QLabel *m_note;
};

} // namespace inbox
