#pragma once

#include <QString>
#include <QStringList>
#include <QVariantList>

namespace inbox {

// Collects the bound values of one statement and hands out their placeholders, so a value
// never enters the SQL text: add(v, "int8") appends v and returns "$n::int8".
class SqlParams final
{
public:
    explicit SqlParams(QVariantList *values) : m_values(values) {}

    // The placeholder of `value`, with a cast to `type` when one is given.
    QString add(const QVariant &value, const char *type = nullptr);

private:
    QVariantList *m_values;
};

// Fragments every SQL builder shares.
namespace sql {

// A text[] literal for `= ANY($n::text[])`: every element quoted, so commas, quotes,
// backslashes and braces inside values stay values.
QString textArray(const QStringList &values);
// The timestamptz `micros` (an int8 expression, usually a placeholder) microseconds after
// the epoch: times cross the wire as exact integers, never as formatted text.
QString fromEpochMicros(const QString &micros);
// `timestamp` as int8 microseconds since the epoch.
QString epochMicros(const QString &timestamp);

} // namespace sql

} // namespace inbox
