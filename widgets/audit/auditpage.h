#pragma once

#include "navigation/consolelink.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace inbox {

class AuditEventsModel;
class AuditModel;
class ConsoleContext;
class FilterSaver;
class MultiSelectButton;
class TimeRangeFilter;

// Screen 6: every person action (requeues with their reason, duplicate decisions with their
// note), newest first, one line per action, filtered by person, action and time (remembered
// between runs). The detail
// pane lists the selected action's events; one click on an event opens it in the journal.
class AuditPage final : public QWidget
{
    Q_OBJECT
public:
    explicit AuditPage(ConsoleContext *context, QWidget *parent = nullptr);

    AuditModel *model() const { return m_model; }
    AuditEventsModel *eventsModel() const { return m_events; }
    // The selected action as a link (its newest journal row and time); nullopt: none.
    std::optional<ConsoleLink> selectedLink() const;
    // A link's entry: the list narrowed to its time, the entry selected once read.
    void showEntry(qint64 journalId, const QDateTime &at);

signals:
    void openEvent(qint64 eventId);
    void linkRequested(const inbox::ConsoleLink &place);

private:
    void applyFilter();
    void restoreFilters();
    void fillPersons();
    void showSelected();
    void openEventAt(int row);

    ConsoleContext *m_context;
    AuditModel *m_model;
    AuditEventsModel *m_events;
    QComboBox *m_person;
    MultiSelectButton *m_actions;
    TimeRangeFilter *m_range;
    QLabel *m_status;
    QTableView *m_table;
    QLabel *m_detailTitle;
    QTableView *m_eventTable;
    QPushButton *m_open;
    FilterSaver *m_filterSaver; // writes the filters a moment after a change
};

} // namespace inbox
