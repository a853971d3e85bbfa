#pragma once

#include <QtGlobal>

#include <atomic>

namespace inbox {

// Where the console's reads must have caught up to, when they come from a hot standby: the
// primary's WAL position (bytes since 0/0) after the newest change the console knows of. A
// connection to the primary moves it forward after each of its batches (an action) and on each
// notification; a read on the standby first waits until the standby has replayed that far
// (db/replaywait.h). Shared by the threads of every channel: lock-free, only ever increases.
class ReplayFence final
{
public:
    void advanceTo(qint64 lsn)
    {
        qint64 current = m_lsn.load();
        while (lsn > current && !m_lsn.compare_exchange_weak(current, lsn)) {
        }
    }
    qint64 lsn() const { return m_lsn.load(); }

private:
    std::atomic<qint64> m_lsn{0};
};

} // namespace inbox
