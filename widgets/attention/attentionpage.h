#pragma once

#include "attention/attentionmodel.h"
#include "journal/journalfilter.h"

#include <QWidget>

#include <utility>

class QAction;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
class QToolButton;

namespace inbox {

class AttentionModel;
class ConsoleContext;
class EventDetailPane;
class FilterSaver;
class JournalModel;
class MultiSelectButton;
class SourceKindOptions;
class RequeueDialog;
class ReviewDialog;
class TimeRangeFilter;

// Screen 4, "Needs attention": failed, stuck and needs-review events grouped by trouble,
// source and error (AttentionModel); a group's events in the journal's own model and the
// detail pane; the journal's search, source, kind and time filters (remembered between runs,
// but not the search); "Requeue..." for the selected
// events, the selected group or everything matching the filter (RequeueDialog), and
// "Resolve review..." for flagged events (ReviewDialog), both offered to operators and
// managers only. Filters, selection and scroll positions survive a requeue.
class AttentionPage final : public QWidget
{
    Q_OBJECT
public:
    explicit AttentionPage(ConsoleContext *context, QWidget *parent = nullptr);
    ~AttentionPage() override;

    AttentionModel *groups() const { return m_groups; }
    JournalModel *events() const { return m_events; }
    QTableView *groupView() const { return m_groupView; }
    QTableView *eventView() const { return m_eventView; }
    EventDetailPane *detail() const { return m_detail; }
    QToolButton *requeueButton() const { return m_requeue; }
    QAction *requeueSelectedAction() const { return m_requeueSelected; }
    QAction *requeueGroupAction() const { return m_requeueGroup; }
    QAction *requeueAllAction() const { return m_requeueAll; }
    RequeueDialog *dialog() const { return m_dialog; }
    QToolButton *reviewButton() const { return m_review; }
    QAction *resolveReviewAction() const { return m_resolveReview; }
    ReviewDialog *reviewDialog() const { return m_reviewDialog; }
    JournalFilter filter() const;
    QVector<qint64> selectedEventIds() const;

signals:
    void requeueFinished();

private:
    // The constructor's parts, in the order it calls them.
    void setUpFilterFields();
    void buildRequeueMenu();
    void buildPageActions();
    QHBoxLayout *filterRow();
    void buildGroupTable();
    void clearCurrentOnRemoval();
    void buildEventTable();
    void layOut();
    void connectFilters();
    void connectViews();
    void connectGroups();
    void applyFilter();
    void restoreFilters();
    void onGroupChanged();
    void updateActions();
    void openDialog(int scope);
    void openReviewDialog();
    bool mayResolveReview() const;
    // The flagged events among the selected ones, else every event listed of a selected
    // "Needs review" group; their ids and reasons.
    QVector<std::pair<qint64, QString>> reviewTarget(QString *description) const;

    ConsoleContext *m_context;
    AttentionModel *m_groups;
    JournalModel *m_events;
    SourceKindOptions *m_options; // the source and kind filters' choices
    QLineEdit *m_search;
    MultiSelectButton *m_sources;
    MultiSelectButton *m_kinds;
    TimeRangeFilter *m_range;
    QToolButton *m_requeue;
    QAction *m_requeueSelected;
    QAction *m_requeueGroup;
    QAction *m_requeueAll;
    QToolButton *m_review;
    QAction *m_resolveReview;
    QLabel *m_status;
    QTableView *m_groupView;
    QTableView *m_eventView;
    EventDetailPane *m_detail;
    QTimer *m_searchDelay;
    QString m_groupKey; // the group whose events are listed
    RequeueDialog *m_dialog = nullptr;
    ReviewDialog *m_reviewDialog = nullptr;
    bool m_selectedOnce = false;
    FilterSaver *m_filterSaver; // writes the filters a moment after a change

public:
    // Selects the (largest) failed group, of `source` when one is given: the Overview's Failed
    // figure and links (navigation/consolelink.h). Waits for the groups if they are not in.
    void showFailed(const QString &source);
    // The same for the (largest) stuck group: the Overview's Stuck figure.
    void showStuck(const QString &source);

private:
    void showTrouble(AttentionGroup::Trouble trouble, const QString &source);
};

} // namespace inbox
