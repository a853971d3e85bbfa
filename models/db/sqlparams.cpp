#include "db/sqlparams.h"

namespace inbox {

QString SqlParams::add(const QVariant &value, const char *type)
{
    m_values->append(value);
    const QString placeholder = QStringLiteral("$%1").arg(m_values->size());
    return type ? placeholder + QStringLiteral("::") + QLatin1String(type) : placeholder;
}

namespace sql {

QString textArray(const QStringList &values)
{
    QStringList quoted;
    quoted.reserve(values.size());
    for (QString v : values) {
        v.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
        v.replace(QLatin1Char('"'), QStringLiteral("\\\""));
        quoted << QLatin1Char('"') + v + QLatin1Char('"');
    }
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

QString fromEpochMicros(const QString &micros)
{
    return QStringLiteral("(timestamptz 'epoch' + %1 * interval '1 microsecond')").arg(micros);
}

QString epochMicros(const QString &timestamp)
{
    return QStringLiteral("(extract(epoch FROM %1) * 1000000)::int8").arg(timestamp);
}

} // namespace sql

} // namespace inbox
