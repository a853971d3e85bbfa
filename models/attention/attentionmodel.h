#pragma once

#include "db/dberror.h"
#include "journal/journalquery.h"
#include "table/rowtablemodel.h"

#include <QTimer>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// One line of "Needs attention": events in the same trouble, from the same source, with the
// same error once normalised (JournalQuery::textKey), so "CRM API: 503" on 312 events is one
// line. A failed event with a review mark is in a failed group and in a review group.
struct AttentionGroup
{
    enum class Trouble { Failed, Stuck, Review };
    Trouble trouble = Trouble::Failed;
    QString source;
    QString errorKey;        // normalised last_error (needs_review for Review); "" for none
    bool validation = false; // failed with error_retryable = false: a retry alone fails again
    qint64 count = 0;
    qint64 newestUs = 0;     // newest received_at
    qint64 oldestLockUs = 0; // Stuck: the oldest lock
    qint64 nowUs = 0;        // the server's clock when read (for "stuck for")
    QString worker;          // Stuck: locked_by when one worker holds them all
    int workers = 0;

    QString key() const;
    // The journal filter listing exactly this group's events within `base`.
    JournalFilter filter(const JournalFilter &base) const;
    static QString troubleCode(Trouble t);
};

// The groups of failed, stuck and needs-review events matching a journal filter (search,
// sources, kinds, time range; its status and review settings are replaced per trouble). One
// aggregate query per read on its own channel; live: re-read (throttled) on "events"
// notifications and on reread(). Rows are merged in place, so a selection stays on its group.
class AttentionModel final : public RowTableModel<AttentionGroup>
{
    Q_OBJECT
public:
    enum Column { Trouble, Source, Error, Count, Newest, Worker, StuckFor, ColumnCount };
    enum Role { RawRole = Qt::UserRole, ValidationRole, KeyRole };
    static constexpr int kMaxGroups = 1000;
    static constexpr int kThrottleMs = 2000;

    explicit AttentionModel(ConsoleContext *context, QObject *parent = nullptr);
    ~AttentionModel() override;

    // The base filter: its statuses, review, stuck and group fields are ignored.
    void setFilter(const JournalFilter &filter);
    const JournalFilter &filter() const { return m_filter; }
    const AttentionGroup &group(int row) const { return m_rows.at(row); }
    int rowOf(const QString &key) const;
    // One filter per trouble, together listing every event the groups count.
    QVector<JournalFilter> troubleFilters() const;
    void refresh();
    bool isBusy() const;
    const DbError &lastError() const { return m_error; }

    static Query groupsQuery(const JournalFilter &filter);
    static QString troubleText(const AttentionGroup &g);
    // Every text the Trouble column can show, in the current language (to size the column).
    static QStringList troubleTexts();

signals:
    void loaded();
    void busyChanged(bool busy);
    void errorOccurred(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const AttentionGroup &row, const QModelIndex &index, int role) const override;
    void onReply(const QueryReply &reply);
    void merge(const QVector<AttentionGroup> &target);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    QTimer *m_throttle;
    JournalFilter m_filter;
    DbError m_error;
};

} // namespace inbox
