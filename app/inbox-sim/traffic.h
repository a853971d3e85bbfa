#pragma once

#include "db/dberror.h"
#include "ledger.h"
#include "people.h"
#include "senders.h"

#include <QString>
#include <QVector>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <queue>
#include <thread>
#include <vector>

namespace inbox::sim {

struct TrafficConfig
{
    QString conninfo;
    double rate = 20; // originals per second, all senders together
    int threads = 2;  // receiver connections calling inbox.accept
    SenderConfig sender;
    qint64 idBase = 0;
    quint64 seed = 1;
    QVector<Person> returning; // people who wrote before (read from inbox.leads at start)
    // When set, every planned delivery goes there (the HTTP senders) instead of the receiver
    // threads calling inbox.accept directly.
    std::function<void(const Delivery &)> sink;
};

// The outside world: one thread makes originals at the given rate (each sender's share of
// the mix, its people, its repeats), and receiver threads deliver them through inbox.accept
// when due (direct mode), or the config's sink sends them (through the receiver). Deliveries of one
// key always go through the same receiver thread, in order.
class Traffic final
{
public:
    Traffic(const TrafficConfig &config, Ledger &ledger);
    ~Traffic();
    Q_DISABLE_COPY_MOVE(Traffic)

    // Opens the receivers' connections (in their threads) and starts; false if one failed.
    bool start(DbError *error);
    // Stops making originals and delivering. Deliveries planned but not yet due are dropped:
    // they were never sent, so the ledger does not count them.
    void stop();

    qint64 originals() const { return m_originals; }
    qint64 dropped() const { return m_dropped; }

private:
    struct Pending
    {
        std::chrono::steady_clock::time_point due;
        qint64 seq = 0;
        Delivery delivery;
        bool operator>(const Pending &o) const { return due != o.due ? due > o.due : seq > o.seq; }
    };
    struct Shard
    {
        std::mutex mutex;
        std::condition_variable wake;
        std::priority_queue<Pending, std::vector<Pending>, std::greater<Pending>> queue;
    };
    struct FollowUp
    {
        std::chrono::steady_clock::time_point due;
        Person person;
    };

    void generate();
    void deliver(int shard, std::promise<DbError> ready);
    void enqueue(const QVector<Delivery> &plan);
    Person pickPerson(SourceId source, Rng &rng);

    TrafficConfig m_config;
    Ledger &m_ledger;
    Senders m_senders;
    std::vector<std::unique_ptr<Shard>> m_shards;
    std::vector<std::thread> m_threads;
    std::atomic<bool> m_stop{false};
    std::mutex m_stopMutex;
    std::condition_variable m_stopWake;
    std::atomic<qint64> m_originals{0}, m_dropped{0}, m_seq{0};
    std::deque<FollowUp> m_followUps; // generator thread only
    QVector<Person> m_recent;         // generator thread only: people of this run
};

} // namespace inbox::sim
