#pragma once

#include "db/dberror.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;

namespace inbox {

class ConsoleContext;
class DestinationWriter;
class DestinationsModel;
class OverviewModel;
struct DestinationChange;

// The overview's "Handlers" tab: each destination inbox-dispatcher delivers to, its breaker
// state or pause, the figures of its latest requests and its last error, with Pause and
// Resume for operators (journalled with the person and the reason). It adds itself to the
// overview's tabs, names the paused ones in its tab title, and reads with every overview read
// and whenever a destination changes.
class DestinationsPanel final : public QWidget
{
    Q_OBJECT
public:
    DestinationsPanel(ConsoleContext *context, OverviewModel *overview, QTabWidget *tabs);

    DestinationsModel *model() const { return m_model; }
    DestinationWriter *writer() const { return m_writer; }
    QTableView *view() const { return m_view; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *resumeButton() const { return m_resume; }
    // Opens the dialog for the selected destination (as the buttons do).
    void askToChange(bool pause);

private:
    void showRows();
    void showError(const DbError &error);
    void updateActions();
    int selectedRow() const;

    ConsoleContext *m_context;
    QTabWidget *m_tabs;
    DestinationsModel *m_model;
    DestinationWriter *m_writer;
    QTableView *m_view;
    QLabel *m_note;
    QPushButton *m_pause;
    QPushButton *m_resume;
};

} // namespace inbox
