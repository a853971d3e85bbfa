#pragma once
// A working connection of the poller, used from one thread at a time, for the contract's
// calls: the poller's shared one makes every source's inbox.poll_open and poll_failed on the
// main thread, and each source's PageStore has one of its own for poll_store, so a page is
// stored while the next is fetched. One statement at a time.
// A lost connection is opened again at the next call, after a pause that grows from 1 s to
// 30 s while the database stays away, so a restarted database costs a few calls and a dead
// one is not hammered.

#include "polladapter.h"

#include "db/connectoptions.h"
#include "db/dberror.h"
#include "db/pgconnection.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace inbox::poll {

struct OpenedSource
{
    QJsonObject cursor;
    QString state; // polling, failing (stopped comes back as polling)
};

struct StoredPage
{
    int fresh = 0;
    int repeats = 0; // duplicate or rearmed
    int conflicts = 0;
};

class PollDatabase final
{
public:
    PollDatabase(ConnectOptions options, QString poller)
        : m_options(std::move(options)), m_poller(std::move(poller))
    {}
    Q_DISABLE_COPY_MOVE(PollDatabase)

    std::optional<OpenedSource> open(const QString &source, const QString &adapter, DbError *error);
    // One page's items and the cursor after them, in one transaction (inbox.poll_store).
    std::optional<StoredPage> store(const QString &source, const PolledPage &page, DbError *error);
    bool failed(const QString &source, const QString &what, int httpStatus, bool stop,
                DbError *error);

    bool up() const { return m_conn.isOpen() && !m_conn.isBroken(); }

private:
    bool ensureOpen(DbError *error);
    std::optional<PgRows> exec(const QString &sql, const QVector<PgParam> &params, DbError *error);

    ConnectOptions m_options;
    QString m_poller;
    PgConnection m_conn;
    QElapsedTimer m_lastAttempt;
    qint64 m_pauseMs = 0; // before the next connection attempt
};

} // namespace inbox::poll
