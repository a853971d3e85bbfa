#pragma once

#include <QElapsedTimer>

namespace inbox {

// Nanoseconds on a monotonic clock shared by the whole program, for latency figures
// (request to reply, key to next pair). Only differences mean anything.
inline qint64 monotonicNs()
{
    static const QElapsedTimer clock = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    return clock.nsecsElapsed();
}

} // namespace inbox
