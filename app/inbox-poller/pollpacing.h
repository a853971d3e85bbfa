#pragma once
// How often inbox-poller may ask an API, as pure arithmetic (tested without a clock): a token
// bucket per source (rate_per_minute, burst) and the growing pause after a failure.

#include <QtGlobal>

namespace inbox::poll {

// `burst` requests at once, then one every 60000 / ratePerMinute ms.
class TokenBucket final
{
public:
    TokenBucket(int ratePerMinute, int burst);

    // Takes a token at `nowMs` (a monotonic clock) and returns 0, or returns how many ms to
    // wait before one is there (nothing taken).
    qint64 take(qint64 nowMs);

private:
    double m_perMs;
    double m_capacity;
    double m_tokens;
    qint64 m_lastMs = -1;
};

// The pause before the next try after `failures` failures in a row (1, 2, ...): 1 s doubling
// up to 5 minutes, each with up to a fifth taken off at random so sources that failed together
// do not come back together. `jitter` in [0, 1) is that random part (tests pass their own).
qint64 backoffMs(int failures, double jitter);

} // namespace inbox::poll
