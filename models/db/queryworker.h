#pragma once

#include "db/database.h"
#include "db/querychannel.h"

#include <QMutex>
#include <QObject>

#include <atomic>

struct pg_cancel;

namespace inbox {

// The thread side of a QueryChannel: owns the connection, runs batches in order. Only
// requestCancel() may be called from another thread.
class QueryWorker final : public QObject
{
    Q_OBJECT
public:
    explicit QueryWorker(const QString &connectionName);
    ~QueryWorker() override;

    void setOptions(const ConnectOptions &options);
    void run(const QVector<Query> &batch, quint64 ticket);
    // Any thread: batches below `ticket` are no longer wanted. The one running now, if it is
    // one of them, is cancelled on the server; the others are skipped without running.
    void dropBelow(quint64 ticket);

signals:
    void replied(const inbox::QueryReply &reply);
    void connectionLost(const inbox::DbError &error);

private:
    bool ensureOpen(DbError *error);
    void close();
    bool runOne(const Query &query, Rows *rows, DbError *error);
    // Fence role Wait: waits (bounded) until this connection's server has replayed the fence.
    bool awaitReplay(DbError *error);
    // Fence role Advance: moves the fence to this server's WAL position.
    void advanceFence();

    QString m_name;
    ConnectOptions m_options;
    bool m_open = false;
    qint64 m_replayed = 0; // the fence position this connection is known to have replayed
    std::atomic<quint64> m_running{0};
    std::atomic<quint64> m_oldestWanted{0};
    QMutex m_cancelMutex;
    pg_cancel *m_cancel = nullptr;
};

} // namespace inbox
