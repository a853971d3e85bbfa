#include "bodybudget.h"

namespace inbox::front {

bool BodyBudget::take(qint64 bytes)
{
    qint64 used = m_used.load();
    do {
        if (used + bytes > m_limit)
            return false;
    } while (!m_used.compare_exchange_weak(used, used + bytes));
    return true;
}

void BodyBudget::give(qint64 bytes)
{
    m_used.fetch_sub(bytes);
}

} // namespace inbox::front
