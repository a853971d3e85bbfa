#include "pollpacing.h"

#include <algorithm>

namespace inbox::poll {

TokenBucket::TokenBucket(int ratePerMinute, int burst)
    : m_perMs(std::max(1, ratePerMinute) / 60000.0), m_capacity(std::max(1, burst)),
      m_tokens(m_capacity)
{}

qint64 TokenBucket::take(qint64 nowMs)
{
    if (m_lastMs >= 0 && nowMs > m_lastMs)
        m_tokens = std::min(m_capacity, m_tokens + double(nowMs - m_lastMs) * m_perMs);
    m_lastMs = nowMs;
    if (m_tokens >= 1.0) {
        m_tokens -= 1.0;
        return 0;
    }
    return qint64((1.0 - m_tokens) / m_perMs) + 1;
}

qint64 backoffMs(int failures, double jitter)
{
    constexpr qint64 kFirst = 1000;
    constexpr qint64 kMost = 5 * 60 * 1000;
    qint64 pause = kFirst;
    for (int i = 1; i < failures && pause < kMost; ++i)
        pause *= 2;
    pause = std::min(pause, kMost);
    return pause - qint64(double(pause) * 0.2 * std::clamp(jitter, 0.0, 0.999));
}

} // namespace inbox::poll
