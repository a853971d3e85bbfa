// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDeadlineTimer>
#include <QTest>

namespace inbox::test {

// Waits until `probe()` returns true, calling it once per step, and says whether it did.
// A QTRY_* macro evaluates its expression once more after its loop has seen it hold; a probe of
// the server's sessions (pg_stat_activity) may change in between, because the console's periodic
// reads come and go, and the macro then fails a wait that had succeeded ("30000 ms would have
// been sufficient"). Here the probe's answer that ended the wait is the answer.
template<class Probe> bool waitFor(Probe probe, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        if (probe())
            return true;
        if (deadline.hasExpired())
            return false;
        QTest::qWait(50);
    }
}

} // namespace inbox::test
