#include "pgarray.h"

#include <QtEndian>

namespace inbox::front {

namespace {
void put32(QByteArray *out, qint32 value)
{
    char bytes[4];
    qToBigEndian(value, bytes);
    out->append(bytes, 4);
}
} // namespace

void PgArray::append(const QByteArray &value)
{
    m_elements.append(value);
}

void PgArray::appendNull()
{
    m_elements.append(std::nullopt);
}

void PgArray::appendTime(const std::optional<QDateTime> &time)
{
    if (!time || !time->isValid()) {
        appendNull();
        return;
    }
    // timestamptz on the wire: microseconds since 2000-01-01 00:00 UTC.
    constexpr qint64 kPostgresEpochMs = 946684800000LL;
    const qint64 micros = (time->toMSecsSinceEpoch() - kPostgresEpochMs) * 1000;
    char bytes[8];
    qToBigEndian(micros, bytes);
    m_elements.append(QByteArray(bytes, 8));
}

QByteArray PgArray::wire() const
{
    QByteArray out;
    bool hasNull = false;
    for (const auto &element : m_elements)
        hasNull = hasNull || !element;
    put32(&out, 1); // dimensions
    put32(&out, hasNull ? 1 : 0);
    put32(&out, qint32(m_oid));
    put32(&out, qint32(m_elements.size()));
    put32(&out, 1); // lower bound
    for (const auto &element : m_elements) {
        if (!element) {
            put32(&out, -1);
            continue;
        }
        put32(&out, qint32(element->size()));
        out.append(*element);
    }
    return out;
}

} // namespace inbox::front
