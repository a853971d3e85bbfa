#pragma once
// What the receiver refused, counted in memory per source and reason and written to the
// database's refusal counters (inbox.count_refusals, docs/contract.md §4.15) on a thread and a
// connection of its own, so a refusal never waits for the database and never slows a
// delivery's group. Bounded: the sources are the configured ones plus kUnknownPathSource (a
// request path is never a key), and the reasons are the receiver's fixed words. A flush that
// fails (the database away, a lost connection) puts its counts back, and the next one sends
// them: nothing is lost while the database is down, only counted on the day it is back.
// stop() flushes once more before it returns (SIGTERM).

#include "receiverconfig.h"

#include <QByteArray>
#include <QMap>
#include <QString>

#include <condition_variable>
#include <mutex>
#include <thread>

namespace inbox {
class PgConnection;
}

namespace inbox::front {

class RefusalLedger final
{
public:
    // The one source of every request whose path no source has.
    static const QString kUnknownPathSource;
    static constexpr int kFlushIntervalMs = 2000;
    static constexpr int kMaxPerCall = 1000; // inbox.count_refusals' limit

    explicit RefusalLedger(const ReceiverConfig &config);
    ~RefusalLedger();
    Q_DISABLE_COPY_MOVE(RefusalLedger)

    // Thread-safe; never blocks on the database. `source` empty: an unknown path. A reason
    // that is not a lower-case word (it cannot be, from the receiver's own code) counts as
    // "other", so the database never refuses a batch for it.
    void count(const QString &source, const QByteArray &reason, int status);

    void start();
    // Flushes what is counted (one try, bounded by the connect timeout), then stops.
    void stop();

    // Counted and not yet written (for the log at exit).
    qint64 pending() const;

private:
    struct Tally
    {
        qint64 n = 0;
        int lastStatus = 0;
    };
    using Key = std::pair<QString, QByteArray>;

    void run();
    bool flush(PgConnection &conn);
    void putBack(const QMap<Key, Tally> &batch);

    const ReceiverConfig &m_config;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    QMap<Key, Tally> m_counts;
    bool m_stopping = false;
    std::thread m_thread;
};

} // namespace inbox::front
