#include "db/connkeywords.h"

namespace inbox {

ConnKeywords::ConnKeywords(const ConnInfo &info)
{
    // Reserved up front: the arrays point into these buffers.
    m_storage.reserve(size_t(info.pairs().size()) * 2);
    for (const auto &[key, value] : info.pairs()) {
        m_storage.push_back(key.toUtf8());
        m_keys.push_back(m_storage.back().constData());
        m_storage.push_back(value.toUtf8());
        m_values.push_back(m_storage.back().constData());
    }
    m_keys.push_back(nullptr);
    m_values.push_back(nullptr);
}

} // namespace inbox
