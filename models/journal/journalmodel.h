#pragma once

#include "db/dberror.h"
#include "journal/journalquery.h"
#include "journal/journalrow.h"
#include "journal/journalwindow.h"
#include "table/rowtablemodel.h"

#include <QElapsedTimer>
#include <QHash>
#include <QTimer>

#include <optional>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// The journal over inbox.events: keyset pages, newest first, fetched as the view scrolls
// (canFetchMore/fetchMore). Memory is bounded: at most kMaxRows rows are held; scrolling on
// drops the far end (the window slides) and fetchPrevious() brings it back. New events never
// move the rows under the reader: while following the top, the first page is re-read and
// merged in place; otherwise only newCount() changes ("N new").
class JournalModel final : public RowTableModel<JournalRow>
{
    Q_OBJECT
public:
    enum Column {
        Received,
        Source,
        ExternalId,
        Kind,
        Status,
        Attempts,
        Deliveries,
        Review,
        Error,
        Id,
        Key,
        Occurred,
        Size,
        ColumnCount
    };
    enum Role {
        RawRole = Qt::UserRole, // the raw value: ids, microseconds, status codes
        IdRole,                 // the row's event id, any column
        KeyRole,                // the row's idempotency key, any column
    };

    static constexpr int kPageSize = JournalWindow::kPageSize;
    static constexpr int kMaxRows = JournalWindow::kMaxRows;
    static constexpr int kNewCap = 1000; // "1000+ new" beyond this
    // inbox._notify sends a topic at most once a second per session, so the last change of
    // a burst may go unannounced: a slow look covers it.
    static constexpr int kPollMs = 10000;

    explicit JournalModel(ConsoleContext *context, QObject *parent = nullptr);
    ~JournalModel() override;

    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    // Only columns with an index behind them sort (isSortable); others are ignored.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    static bool isSortable(int column);
    int sortColumn() const; // -1 in search mode (exact matches, then prefix matches)

    const JournalFilter &filter() const { return m_filter; }
    void setFilter(const JournalFilter &filter);
    const JournalRow &row(int r) const { return m_rows.at(r); }
    int rowOf(qint64 eventId) const { return m_index.value(eventId, -1); }

    // Rows before the window's first one were dropped to bound memory.
    bool hasDroppedTop() const { return m_droppedTop; }
    bool isAtEnd() const { return m_atEnd; }
    void fetchPrevious();
    bool isFetching() const { return m_inFlight.kind != Request::None; }

    // The view sits at the very top: new events are merged in instead of counted.
    void setFollowing(bool following);
    bool isFollowing() const { return m_following; }
    int newCount() const { return m_newCount; }

    // Reads the first page again from scratch ("show N new").
    void reload();
    // Re-reads the rows held, keeping the place (F5, after a reconnect).
    void refresh();
    // Stops what runs on the server; the rows stay as they are.
    void cancel();
    bool isBusy() const;
    const DbError &lastError() const { return m_error; }
    // Milliseconds from the request to the rows being in the model, for the last reply.
    qint64 lastFetchMs() const { return m_lastFetchMs; }
    // The sources of the kept keys (inbox.kept_keys) as a search read them, for at most
    // kKeptSourcesMs; then the next search reads them again. A source whose first key is kept
    // in the meantime is searched from then on (the benchmark passes them to its plain SQL).
    static constexpr qint64 kKeptSourcesMs = 60000;
    std::optional<QStringList> keptSources() const;

    static QString statusText(const QString &status);
    static QString formatBytes(qint64 bytes);

signals:
    void busyChanged(bool busy);
    void newCountChanged(int count);
    void errorOccurred(const inbox::DbError &error);
    void loaded();  // a first page (setFilter, reload, connect) is in
    void updated(); // any read succeeded (a page, a merge, a re-read)

private:
    static ColumnHeaders headers();
    QVariant cell(const JournalRow &row, const QModelIndex &index, int role) const override;
    static QVariant raw(const JournalRow &r, int column);
    using Request = JournalWindow::Request;
    using Pending = JournalWindow::Pending;

    void onConnected();
    void onEventsChanged();
    void start(Request kind);
    void send(Pending pending, bool supersede);
    void pump();
    void onReply(const QueryReply &reply);
    void onCountReply(const QueryReply &reply);
    void onBusy();
    void replaceAll(QVector<JournalRow> rows);
    // Turns the held rows into `target` with the smallest row signals, so selection and
    // persistent indexes follow their rows.
    void mergeInto(const QVector<JournalRow> &target);
    void trimTop();
    void trimBottom();
    void rebuildIndex();
    // The rows of a page that the model does not hold yet (pages may overlap a held row).
    QVector<JournalRow> notHeld(const QVector<JournalRow> &rows) const;
    void requestNewCount();
    void setNewCount(int count);

    ConsoleContext *m_context;
    QueryChannel *m_pages;
    QueryChannel *m_counts;
    JournalFilter m_filter;
    QHash<qint64, int> m_index; // event id -> row
    bool m_atEnd = true;
    bool m_droppedTop = false;
    bool m_following = true;
    std::optional<JournalKey> m_anchor;
    int m_newCount = 0;
    Pending m_inFlight;
    bool m_wantMore = false, m_wantPrevious = false, m_wantLive = false, m_wantRefresh = false;
    QTimer *m_poll;
    QElapsedTimer m_clock;
    qint64 m_sentAt = 0;
    bool m_busy = false;
    DbError m_error;
    qint64 m_lastFetchMs = 0;
    std::optional<QStringList> m_keptSources;
    qint64 m_keptSourcesAt = 0; // m_clock's time when they were read
};

} // namespace inbox
