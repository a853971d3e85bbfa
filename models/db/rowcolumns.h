#pragma once

#include <QDateTime>
#include <QString>
#include <QVariant>
#include <QVariantList>

namespace inbox {

namespace rowcolumns {
inline void take(const QVariant &v, qint64 &out)
{
    out = v.toLongLong();
}
inline void take(const QVariant &v, int &out)
{
    out = v.toInt();
}
inline void take(const QVariant &v, bool &out)
{
    out = v.toBool();
}
inline void take(const QVariant &v, QString &out)
{
    out = v.toString();
}
inline void take(const QVariant &v, QDateTime &out)
{
    out = v.toDateTime(); // NULL: an invalid QDateTime
}
} // namespace rowcolumns

// A result row's columns in order, each into the next of `out` (column 0 into the first),
// converted to that variable's type. A query that lists its columns in the order of a
// struct's fields reads a row in one call; a missing column reads as NULL.
template<typename... Out> void readColumns(const QVariantList &row, Out &...out)
{
    int column = 0;
    (rowcolumns::take(row.value(column++), out), ...);
}

} // namespace inbox
