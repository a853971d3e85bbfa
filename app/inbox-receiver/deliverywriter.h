#pragma once
// Stores accepted deliveries in groups and answers each one only after its group committed.
// Each writer thread owns one libpq connection (autocommit) and takes up to groupMax queued
// deliveries per inbox.accept_many call, so the deliveries that arrived together share one
// transaction. Outcomes, per docs/contract.md §10:
//   stored (new, duplicate, rearmed, conflict)  -> 200
//   22004/22023 on the group                    -> retried one by one with inbox.accept: the
//                                                  refused delivery 400, the others 200
//   40P01/40001/55P03                           -> the group again, a bounded number of times
//   lost connection, statement timeout          -> outcome unknown: 503 to the whole group,
//                                                  reconnect with backoff (at most 1 s)
// While no writer has a working connection, or the queue is full, submit() refuses at once
// (503 with Retry-After): the queue never grows without bound.

#include "metrics.h"
#include "receiverconfig.h"

#include <QByteArray>
#include <QString>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace inbox {
class PgConnection;
}

namespace inbox::front {

struct WriteResult
{
    int status = 503;
    qint64 eventId = 0;
    QByteArray outcome; // new, duplicate, rearmed, conflict; or refused, unavailable
};

struct PendingDelivery
{
    QString source;
    QByteArray body;
    ::receiver::Delivery delivery;
    // Called once, on a writer thread, after the group's commit (or its failure).
    std::function<void(const WriteResult &)> done;
};

class DeliveryWriter final
{
public:
    DeliveryWriter(const ReceiverConfig &config, Metrics &metrics);
    ~DeliveryWriter();
    Q_DISABLE_COPY_MOVE(DeliveryWriter)

    void start();
    // Queues the delivery; false (nothing queued, `done` not called) while the database is
    // down, the queue is full or the writer is stopping.
    bool submit(PendingDelivery &&delivery);
    // Stores what is queued, then stops the threads; whatever is still queued at the
    // deadline is answered 503.
    void drainAndStop(int timeoutMs);

    bool databaseUp() const { return m_connected.load() > 0; }
    int queueDepth() const;

private:
    void run(int index);
    void storeGroup(PgConnection &conn, std::vector<PendingDelivery> &group);
    void failAll(std::vector<PendingDelivery> &group);
    void storeOneByOne(PgConnection &conn, std::vector<PendingDelivery> &group);

    const ReceiverConfig &m_config;
    Metrics &m_metrics;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<PendingDelivery> m_queue;
    bool m_stopping = false;
    bool m_abandon = false; // past the drain deadline
    std::atomic<int> m_connected{0};
    std::vector<std::thread> m_threads;
};

} // namespace inbox::front
