#pragma once

#include "db/dberror.h"
#include "table/rowtablemodel.h"

#include <QDateTime>
#include <QString>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// One source inbox-poller reads, as inbox.poll_sources keeps it (docs/contract.md §4.18).
struct PolledSource
{
    QString source;
    QString adapter;
    QString state; // polling, failing, stopped
    int failures = 0;
    QDateTime lastSuccessAt; // invalid: never polled to the end of a window
    qint64 lagSeconds = -1;  // now - the end of the last window read; -1: none yet
    int lastItems = -1;      // of the last poll done; -1: none yet
    int lastNew = 0;
    int lastRepeats = 0;
    int lastConflicts = 0;
    qint64 lastDurationMs = 0;
    qint64 polls = 0;
    qint64 items = 0;
    qint64 newEvents = 0;
    qint64 repeats = 0;
    qint64 conflicts = 0;
    QString lastError;
    QDateTime lastErrorAt;
    int lastHttpStatus = 0; // 0: no answer (a timeout, a refused connection) or none
    QDateTime stoppedAt;
};

// The overview's "Polled sources" table: what each polled source brought in its last poll,
// how far behind it is and why it fails, read on its own QueryChannel with every overview
// read. One row per source: a handful of rows, read whole.
class PollSourcesModel final : public RowTableModel<PolledSource>
{
    Q_OBJECT
public:
    enum Column { Source, State, LastSuccess, Lag, LastPoll, LastError, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole, // the value behind the cell
        AlertRole,              // bool: the source is failing or stopped
    };

    explicit PollSourcesModel(ConsoleContext *context, QObject *parent = nullptr);
    ~PollSourcesModel() override;
    Q_DISABLE_COPY_MOVE(PollSourcesModel)

    // Reads the rows; a read in flight is superseded.
    void refresh();
    const QVector<PolledSource> &sources() const { return m_rows; }
    // Sources failing or stopped: the tab's title counts them.
    int troubled() const;
    bool hasData() const { return m_hasData; }
    const DbError &lastError() const { return m_error; }

    static QString stateText(const PolledSource &row);
    // "120: 40 new, 79 repeats, 1 conflict"
    static QString lastPollText(const PolledSource &row);
    static QString sql();

signals:
    void updated();
    void failed(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const PolledSource &row, const QModelIndex &index, int role) const override;
    void onReply(const QueryReply &reply);
    void clear();

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    DbError m_error;
    bool m_hasData = false;
};

} // namespace inbox
