#pragma once

#include "db/dberror.h"
#include "table/rowtablemodel.h"

#include <QDateTime>
#include <QString>
#include <QVector>

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// One destination of inbox-dispatcher (docs/contract.md, inbox.destinations and
// inbox.delivery_attempts): its breaker state and pause as the database keeps them, and the
// figures of its latest requests.
struct DestinationRow
{
    QString name;
    QString state; // closed, open, half_open, waiting, disabled
    bool paused = false;
    QString pausedBy, pausedReason;
    QDateTime pausedAt;
    QString lastError;
    QString reportedBy;
    QDateTime reportedAt;
    // Of the latest kLatest requests (fewer when it made fewer):
    qint64 requests = 0;
    qint64 delivered = 0;
    qint64 failed = 0; // answered with an error or none (retried or refused)
    double medianMs = 0;
    double p99Ms = 0;
    QDateTime since; // the oldest of them
};

// The overview's "Handlers" table: one row per destination a dispatcher has reported, read on
// its own QueryChannel with every overview read and whenever a destination changes (the
// 'destinations' notification). The figures come from each destination's latest kLatest
// requests, read backwards through delivery_attempts_destination_idx: a bounded read however
// long the table, never a scan of the hour.
class DestinationsModel final : public RowTableModel<DestinationRow>
{
    Q_OBJECT
public:
    static constexpr int kLatest = 1000;

    enum Column { Name, State, Delivered, Failed, Median, P99, LastError, ColumnCount };
    enum Role {
        RawRole = Qt::UserRole, // the value behind the cell
        AlertRole,              // bool: paused, breaker not closed, or failures among them
    };

    explicit DestinationsModel(ConsoleContext *context, QObject *parent = nullptr);
    ~DestinationsModel() override;
    Q_DISABLE_COPY_MOVE(DestinationsModel)

    // Reads the rows; a read in flight is superseded.
    void refresh();
    const QVector<DestinationRow> &destinations() const { return m_rows; }
    bool hasData() const { return m_hasData; }
    const DbError &lastError() const { return m_error; }
    int pausedCount() const;

    // The people's words for a destination's state ("breaker open: waiting to probe").
    static QString stateText(const DestinationRow &row);

    static QString sql();

signals:
    void updated();
    void failed(const inbox::DbError &error);

private:
    static ColumnHeaders headers();
    QVariant cell(const DestinationRow &row, const QModelIndex &index, int role) const override;
    void onReply(const QueryReply &reply);
    void clear();

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    DbError m_error;
    bool m_hasData = false;
};

} // namespace inbox
