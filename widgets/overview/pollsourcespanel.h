#pragma once

#include "db/dberror.h"

#include <QWidget>

class QLabel;
class QTabWidget;
class QTableView;

namespace inbox {

class ConsoleContext;
class OverviewModel;
class PollSourcesModel;

// The overview's "Polled sources" tab: per source inbox-poller reads (inbox.poll_sources),
// its state, last success, how far behind it is, what its last poll brought and its last
// error. It adds itself to the overview's tabs, keeps the tab title's count of failing and
// stopped sources current, and reads with every overview read.
class PollSourcesPanel final : public QWidget
{
    Q_OBJECT
public:
    PollSourcesPanel(ConsoleContext *context, OverviewModel *overview, QTabWidget *tabs);

    PollSourcesModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }

private:
    void showRows();
    void showError(const DbError &error);

    QTabWidget *m_tabs;
    PollSourcesModel *m_model;
    QTableView *m_view;
    QLabel *m_note;
};

} // namespace inbox
