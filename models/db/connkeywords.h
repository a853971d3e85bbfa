#pragma once

#include "db/conninfo.h"

#include <QByteArray>

#include <vector>

namespace inbox {

// A parsed connection string as libpq's parallel keyword and value arrays, each ending in a
// null pointer, for PQconnectdbParams and PQconnectStartParams. Pass expand_dbname = 0: the
// string was parsed already, so a dbname that looks like a URI stays a name, and no value is
// quoted a second time.
class ConnKeywords final
{
public:
    explicit ConnKeywords(const ConnInfo &info);
    Q_DISABLE_COPY_MOVE(ConnKeywords)

    const char *const *keys() const { return m_keys.data(); }
    const char *const *values() const { return m_values.data(); }

private:
    std::vector<QByteArray> m_storage; // owns the bytes both arrays point into
    std::vector<const char *> m_keys;
    std::vector<const char *> m_values;
};

} // namespace inbox
