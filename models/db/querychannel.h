#pragma once

#include "db/database.h"
#include "db/dberror.h"

#include <QObject>
#include <QStringList>
#include <QThread>
#include <QVariantList>
#include <QVector>

namespace inbox {

class QueryWorker;

// One statement with its bound values. Values are never pasted into SQL text.
struct Query
{
    QString sql;
    QVariantList params;
};

// What one statement returned, as plain values that can cross threads.
struct Rows
{
    QStringList columns;
    QVector<QVariantList> rows;
    int column(const QString &name) const { return int(columns.indexOf(name)); }
};

struct QueryReply
{
    quint64 ticket = 0;
    QVector<Rows> results; // one per statement of the batch, in order
    DbError error;         // empty on success
    qint64 elapsedUs = 0;  // from the worker starting the batch to its last row read
    bool ok() const { return error.isEmpty(); }
};

// A database connection on its own thread, for one screen or purpose. The GUI thread submits
// batches and gets replies by signal; it never waits. A newer batch supersedes an older one:
// the older query is cancelled on the server (PQcancel) and its reply is dropped, so typing a
// new search never queues behind a slow old one. The connection opens lazily and reopens by
// itself after a loss.
class QueryChannel final : public QObject
{
    Q_OBJECT
public:
    enum class Mode {
        Supersede, // cancel whatever this channel is running, drop its reply
        Queue,     // run after what is already submitted
    };

    explicit QueryChannel(const QString &purpose, QObject *parent = nullptr);
    ~QueryChannel() override;
    Q_DISABLE_COPY_MOVE(QueryChannel)

    // Closes the current connection; the next batch opens one with these options.
    void setConnectOptions(const ConnectOptions &options);
    quint64 submit(const QVector<Query> &batch, Mode mode = Mode::Supersede);
    quint64 submit(const Query &query, Mode mode = Mode::Supersede)
    {
        return submit(QVector<Query>{query}, mode);
    }
    // Cancels the running batch on the server and drops every outstanding reply.
    void cancel();
    bool isBusy() const { return m_outstanding > 0; }

signals:
    void replied(const inbox::QueryReply &reply);
    void busyChanged(bool busy);
    void connectionLost(const inbox::DbError &error);

private:
    void onReply(const QueryReply &reply);
    void cancelRunning();

    QThread m_thread;
    QueryWorker *m_worker = nullptr;
    quint64 m_nextTicket = 0;
    quint64 m_oldestWanted = 1; // replies to tickets below this are stale
    int m_outstanding = 0;
};

} // namespace inbox

Q_DECLARE_METATYPE(inbox::Query)
Q_DECLARE_METATYPE(inbox::QueryReply)
