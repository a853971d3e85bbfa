#pragma once

#include "db/connectoptions.h"
#include "db/dberror.h"

#include <QMetaType>
#include <QObject>
#include <QTimer>

namespace inbox {

class QueryChannel;
struct QueryReply;

// Where the console's reads come from right now, and how far behind that is.
struct ReadSource
{
    enum class Where {
        Standby,     // as configured
        Primary,     // the standby did not answer: libpq fell back to the primary
        Unreachable, // reads fail (the standby is down and no fallback was allowed)
    };
    Where where = Where::Standby;
    // Standby: whether it replayed the primary's WAL position within the bound, and how long
    // that took (the lag a change made now has before a read shows it); else how far behind.
    bool caughtUp = true;
    double lagMs = 0;
    qint64 behindBytes = 0;
    DbError error; // Unreachable: why
};

// Measures, every kPollMs on the channels' threads, where reads land and the replication lag,
// by LSNs: the primary's WAL insert position is read, then the read connection waits (on the
// server, at most kLagBoundMs) until its replay position passes it; the wait is the lag. On an
// idle primary that is a round trip, where now() - pg_last_xact_replay_timestamp() would grow
// without end. While reads are on the primary its read connection is opened anew each time,
// so the standby's return is seen.
class ReadSourceMonitor final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kPollMs = 2000;
    static constexpr int kLagBoundMs = 10000;

    explicit ReadSourceMonitor(QObject *parent = nullptr);
    ~ReadSourceMonitor() override;
    Q_DISABLE_COPY_MOVE(ReadSourceMonitor)

    void start(const ConnectOptions &primary, const ConnectOptions &read);
    void stop();

signals:
    void measured(const inbox::ReadSource &source);

private:
    void tick();
    void onPrimary(const QueryReply &reply);
    void onRead(const QueryReply &reply);

    QueryChannel *m_primary;
    QueryChannel *m_read;
    QTimer m_timer;
    ConnectOptions m_readOptions;
    bool m_busy = false;
    bool m_retried = false; // a lost read connection is tried once more before it is told
};

} // namespace inbox

Q_DECLARE_METATYPE(inbox::ReadSource)
