#pragma once
// One-dimensional PostgreSQL arrays in the binary wire format (array_recv), so a group's
// bodies go to inbox.accept_many as bytea[] byte for byte, and its texts and times without
// any quoting: each array is one binary parameter (PgParam::bytes) cast in the SQL
// ($3::bytea[]).

#include <QByteArray>
#include <QDateTime>
#include <QList>

#include <optional>

namespace inbox::front {

class PgArray final
{
public:
    static constexpr unsigned kText = 25;
    static constexpr unsigned kBytea = 17;
    static constexpr unsigned kTimestamptz = 1184;

    explicit PgArray(unsigned elementOid) : m_oid(elementOid) {}

    void append(const QByteArray &value); // the element's binary form (text: UTF-8)
    void appendNull();
    void appendTime(const std::optional<QDateTime> &time); // NULL when empty

    QByteArray wire() const;

private:
    unsigned m_oid;
    QList<std::optional<QByteArray>> m_elements;
};

} // namespace inbox::front
