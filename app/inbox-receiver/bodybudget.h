#pragma once
// The bytes of request bodies the receiver holds at once, over all connections, against one
// budget (body_memory): without it the worst case is max_connections x body_limit. A body
// is counted from its first byte until its request ends (answered, or abandoned), since the
// writer holds the same bytes until the group committed. Thread-safe, lock-free.

#include <QtGlobal>

#include <atomic>

namespace inbox::front {

class BodyBudget final
{
public:
    explicit BodyBudget(qint64 limit) : m_limit(limit) {}
    Q_DISABLE_COPY_MOVE(BodyBudget)

    // Takes `bytes` when they fit; false (nothing taken) otherwise.
    bool take(qint64 bytes);
    void give(qint64 bytes);
    // True when `bytes` more would fit now (nothing taken): the early check of a declared length.
    bool wouldFit(qint64 bytes) const { return m_used.load() + bytes <= m_limit; }

    qint64 used() const { return m_used.load(); }
    qint64 limit() const { return m_limit; }

private:
    const qint64 m_limit;
    std::atomic<qint64> m_used{0};
};

} // namespace inbox::front
