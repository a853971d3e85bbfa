#pragma once

#include "journal/journalfilter.h"

#include <QElapsedTimer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressDialog;
class QPushButton;
class QTableView;
class QTimer;
class QAction;
class QKeyEvent;

namespace inbox {

class ConsoleContext;
class CsvExportFlow;
class EventDetailPane;
class FilterSaver;
class JournalExporter;
class JournalModel;
class MultiSelectButton;
class SourceKindOptions;
class TimeRangeFilter;

// The journal screen: one search field (external id, idempotency key or event id; exact
// first, then prefix), filters, the table over every event (keyset pages as it scrolls), a
// "N new" bar instead of jumping, a working indicator with Cancel, and the event's detail
// below. `/` or Ctrl+F goes to the search field; from there Down goes into the list and Enter
// opens a single result. The detail shows the list's current row or says that none is
// selected: it never keeps an event the list on screen no longer holds.
class JournalPage final : public QWidget
{
    Q_OBJECT
public:
    explicit JournalPage(ConsoleContext *context, QWidget *parent = nullptr);
    ~JournalPage() override;

    JournalModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    EventDetailPane *detailPane() const { return m_detail; }
    JournalFilter currentFilter() const;

    // Export what the table shows (all of it, not only the rows held) to `path`.
    bool exportTo(const QString &path, QString *error);
    JournalExporter *exporter() const { return m_exporter; }

    // Shows one event: the filters cleared, the search set to its id, its detail opened
    // (other screens' "open in the journal").
    void openEvent(qint64 eventId);

    static constexpr int kSearchDelayMs = 250;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The parts of the screen, built and wired once by the constructor (in this order).
    void buildSearch();
    void buildFilters();
    void createActions();
    void buildStrips();
    void buildTable();
    void layOut();
    void setUpTimers();
    void connectControls();
    void connectSorting();
    void connectModel();
    void connectTable();
    void createShortcuts();
    void connectContext();

    // `event` is one of the screen's own keys (its actions: Export CSV, the copy keys).
    bool isPageKey(const QKeyEvent *event) const;
    void applyFilter();
    void clearFilters();
    void restoreFilters();
    void onScrolled();
    void keepPlace();
    void restorePlace();
    void onCurrentChanged();
    void onReset();
    void onFirstPage();
    void openRow(int row);
    bool searchKey(QKeyEvent *event);
    void onNewCount(int count);
    void showNew();
    void onBusy(bool busy);
    void updateStatus();
    void copySelectedRows();
    void copyCurrent(int column); // the current row's raw value of that column
    void askExport();
    void focusSearch();

    ConsoleContext *m_context;
    JournalModel *m_model;
    SourceKindOptions *m_options; // the source and kind filters' choices
    JournalExporter *m_exporter = nullptr;
    CsvExportFlow *m_exportFlow; // the save dialog's folder, the notice afterwards
    QProgressDialog *m_progress = nullptr;

    QLineEdit *m_search;
    MultiSelectButton *m_sources;
    MultiSelectButton *m_statuses;
    MultiSelectButton *m_kinds;
    TimeRangeFilter *m_range;
    QCheckBox *m_review;
    QPushButton *m_clear;
    QPushButton *m_export;
    QAction *m_copyId;
    QAction *m_copyExternal;
    QAction *m_copyKey;
    QWidget *m_busyBar;
    QLabel *m_busyLabel;
    QPushButton *m_cancel;
    QWidget *m_newBar;
    QLabel *m_newLabel;
    QPushButton *m_showNew;
    QLabel *m_error;
    QTableView *m_table;
    EventDetailPane *m_detail;
    QLabel *m_status;

    QTimer *m_searchDelay;
    QTimer *m_busyDelay;
    QTimer *m_busyTick;
    QTimer *m_detailDelay;
    QElapsedTimer m_busySince;
    qint64 m_topId = 0;  // the event at the top of the viewport, kept in place
    int m_topOffset = 0; // its row - scrollbar value (normally 0)
    bool m_restoring = false;
    // A key in the search field asked for the list before the new search's rows were in:
    // Down (its first row) or Enter (its single result).
    enum class AfterLoad { Nothing, FirstRow, SingleRow } m_afterLoad = AfterLoad::Nothing;
    FilterSaver *m_filterSaver; // writes the filters a moment after a change

public:
    // The events received on one UTC day (of one source; "" for all), the other filters
    // cleared: the Overview's day bars and links (navigation/consolelink.h).
    void showDay(const QDate &day, const QString &source);
    // The events in one status (received, processing...) of one source ("" for all), at any
    // time, the other filters cleared: the Overview's Waiting, Due now and Processing figures.
    void showStatus(const QString &status, const QString &source);
};

} // namespace inbox
