#pragma once

#include <QtGlobal>

#include <atomic>
#include <chrono>
#include <thread>

namespace inbox::sim {

// Sleeps `ms`, or less once `stop` is set.
inline void pause(const std::atomic<bool> &stop, int ms)
{
    for (int waited = 0; waited < ms && !stop; waited += 20)
        std::this_thread::sleep_for(std::chrono::milliseconds(qMin(20, ms - waited)));
}

// The growing pause between reconnects, as real senders and workers back off when the
// database is away: 250 ms, doubling up to 4 s; reset() once it answers again.
class Backoff final
{
public:
    int next()
    {
        const int ms = m_ms;
        m_ms = qMin(m_ms * 2, kMaxMs);
        return ms;
    }
    void reset() { m_ms = kFirstMs; }

private:
    static constexpr int kFirstMs = 250;
    static constexpr int kMaxMs = 4000;
    int m_ms = kFirstMs;
};

} // namespace inbox::sim
