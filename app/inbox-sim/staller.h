#pragma once

#include "bodies.h"

#include <QString>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace inbox::sim {

// What makes the receiver really slow now and then (the slow-receiver scenario), without
// anything in the receiver for it: a database session of the simulator's own that accepts,
// in a transaction it keeps open for `holdMs`, the very key a sender is about to deliver.
// The receiver's insert of that key waits on the open transaction's row, so its writer and
// every delivery queued behind it wait too; then the session rolls back (its accept leaves
// nothing), the receiver stores the group and answers, by then after some senders' timeouts.
// Stalls follow one another with pauses drawn around `gapMs`; a gap of 0 or less: no stalls.
class Staller final
{
public:
    Staller(const QString &conninfo, int holdMs, double gapMs, quint64 seed);
    ~Staller();
    Q_DISABLE_COPY_MOVE(Staller)

    bool start(QString *error);
    void stop();

    // True when a stall is due and none is running: the caller then hands over a delivery.
    bool due() const;
    // Takes the key of `m` in an open transaction and calls `go` (from the staller's thread)
    // once the row is held, or at once if the accept failed; rolls back holdMs later.
    void trap(const Message &m, std::function<void()> go);

    // A live switch of scenario (inbox-sim's SIGUSR1/SIGUSR2): the pauses are drawn around
    // `gapMs` from now on. A shorter gap than before stalls the next delivery; a longer one
    // waits one such pause first.
    void setGapMs(double gapMs);

    qint64 stalls() const { return m_stalls; }

private:
    void loop();

    QString m_conninfo;
    int m_holdMs;
    double m_gapMs;
    quint64 m_seed;
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    bool m_busy = false;
    bool m_haveTrap = false;
    Message m_trap;
    std::function<void()> m_go;
    std::chrono::steady_clock::time_point m_next;
    std::atomic<qint64> m_stalls{0};
};

} // namespace inbox::sim
