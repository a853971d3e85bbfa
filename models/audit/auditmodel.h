#pragma once

#include "audit/auditquery.h"
#include "db/dberror.h"
#include "table/rowtablemodel.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QTimer>

#include <optional>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;
struct Rows;

// One person action: every journal row it wrote (a requeue of 300 events is one action).
struct AuditAction
{
    QString key; // AuditQuery's group key
    QString entry, actor;
    qint64 newestUs = 0, oldestUs = 0;
    qint64 newestId = 0;
    QVector<qint64> journalIds; // newest first
    QVector<qint64> eventIds;   // same order; 0 for an event pruned since
    QString reason, note;
    qint64 candidateId = 0, leadId = 0, matchLeadId = 0, prunedCount = 0;
    qint64 ruleId = 0;       // an alert rule's entries
    QString ruleName;        // as the entry names it
    QDateTime silencedUntil; // alert_silenced: until when

    int size() const { return int(journalIds.size()); }
    AuditKey newest() const { return AuditKey{newestUs, newestId}; }
    bool operator==(const AuditAction &o) const;
    bool operator!=(const AuditAction &o) const { return !(*this == o); }
};

// The audit screen's list: person actions, newest first, in keyset pages over the human
// rows of the journal (fetched as the view scrolls). Each line is one action, whole (see
// AuditQuery). A re-read (F5, reconnect) reads the range already shown again (its top
// kRefreshRows rows), plus anything new above it, and merges it in place: selection and the
// lines below stay where they are.
// A change announced on "events" or "duplicates" (busy: every ingest says "events") reads
// only the top of the list (kLiveWindowUs) and merges that.
class AuditModel final : public RowTableModel<AuditAction>
{
    Q_OBJECT
public:
    enum Column { At, Person, Action, Events, Summary, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole, // microseconds, actor, entry, event count, reason or note
        KeyRole,                // the action's group key, any column
    };
    static constexpr int kPageSize = 200; // journal rows, not lines
    // A change announced by NOTIFY re-reads only the top: actions from this long before the
    // newest one shown (a transaction that commits late still lands inside), merged in.
    static constexpr qint64 kLiveWindowUs = 60 * 1000000LL;
    // At most one such re-read a second (NOTIFY comes every 250 ms under load).
    static constexpr int kLiveGapMs = 1000;
    // F5 re-reads the lines shown down to about this many journal rows (a re-read of
    // everything a reader scrolled through could take seconds); lines below stay as held.
    static constexpr qint64 kRefreshRows = 5000;
    void setRefreshRows(qint64 rows) { m_refreshRows = rows; } // tests

    explicit AuditModel(ConsoleContext *context, QObject *parent = nullptr);
    ~AuditModel() override;

    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    const AuditFilter &filter() const { return m_filter; }
    void setFilter(const AuditFilter &filter);
    const AuditAction &action(int row) const { return m_rows.at(row); }
    int rowOf(const QString &key) const;
    // Everyone who ever acted, for the person filter: read on connect and F5 on a channel
    // of its own (a scan of every human row: 0.35-0.45 s on 313k of them), and grown by
    // the actors of new actions.
    const QStringList &persons() const { return m_persons; }

    bool isAtEnd() const { return m_atEnd; }
    bool isFetching() const { return m_inFlight != Request::None; }
    void refresh();
    void cancel();
    const DbError &lastError() const { return m_error; }

    // "alice requeued 300 events: reason", in the user's language.
    static QString summary(const AuditAction &a);
    static QString actionText(const QString &entry);
    // A review resolution (inbox.resolve_review's word) in the user's language.
    static QString resolutionText(const QString &resolution);

signals:
    void loaded();  // a first page is in
    void updated(); // any read succeeded
    void personsChanged();
    void busyChanged(bool busy);
    void errorOccurred(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const AuditAction &row, const QModelIndex &index, int role) const override;
    enum class Request { None, First, More, Refresh, Live };

    void onConnected();
    void onPersons(const QueryReply &reply);
    void setPersons(const QStringList &persons);
    void onChanged();
    void send(Request kind);
    void pump();
    void onReply(const QueryReply &reply);
    QVector<AuditAction> read(const Rows &rows, qint64 *headRows,
                              std::optional<AuditKey> *cursor) const;
    void append(const QVector<AuditAction> &actions);
    void mergeInto(const QVector<AuditAction> &target);
    void rebuildIndex();

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    QueryChannel *m_people; // the person list: a scan of every human row, off the page's way
    AuditFilter m_filter;
    QHash<QString, int> m_index;
    QStringList m_persons;
    std::optional<AuditKey> m_cursor; // the oldest journal row read
    bool m_atEnd = true;
    Request m_inFlight = Request::None;
    quint64 m_ticket = 0;
    bool m_wantMore = false, m_wantRefresh = false, m_wantLive = false;
    qint64 m_refreshRows = kRefreshRows;
    QTimer *m_liveDelay;
    QElapsedTimer m_lastLive;
    std::optional<AuditKey> m_topFloor; // down to where a Refresh or Live request re-reads
    DbError m_error;
};

} // namespace inbox
