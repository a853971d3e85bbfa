#include "db/conninfo.h"

#include <libpq-fe.h>

namespace inbox {

QString quoteConnValue(const QString &value)
{
    QString quoted = value;
    quoted.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    quoted.replace(QLatin1Char('\''), QLatin1String("\\'"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

std::optional<ConnInfo> ConnInfo::parse(const QString &text, DbError *error)
{
    char *message = nullptr;
    PQconninfoOption *options = PQconninfoParse(text.toUtf8().constData(), &message);
    if (!options) {
        if (error) {
            *error = DbError::plain(
                QStringLiteral("invalid connection string: %1")
                    .arg(QString::fromUtf8(message ? message : "out of memory").trimmed()));
        }
        PQfreemem(message);
        return std::nullopt;
    }
    ConnInfo info;
    for (PQconninfoOption *o = options; o->keyword; ++o) {
        if (o->val && *o->val)
            info.m_pairs.append({QString::fromUtf8(o->keyword), QString::fromUtf8(o->val)});
    }
    PQconninfoFree(options);
    return info;
}

QString ConnInfo::value(const QString &key) const
{
    for (const auto &p : m_pairs) {
        if (p.first == key)
            return p.second;
    }
    return {};
}

bool ConnInfo::contains(const QString &key) const
{
    for (const auto &p : m_pairs) {
        if (p.first == key)
            return true;
    }
    return false;
}

void ConnInfo::set(const QString &key, const QString &value)
{
    for (auto &p : m_pairs) {
        if (p.first == key) {
            p.second = value;
            return;
        }
    }
    m_pairs.append({key, value});
}

QString ConnInfo::toRedactedString() const
{
    QStringList parts;
    for (const auto &p : m_pairs) {
        if (p.first != QLatin1String("password"))
            parts << p.first + QLatin1Char('=') + quoteConnValue(p.second);
    }
    return parts.join(QLatin1Char(' '));
}

QString ConnInfo::describe() const
{
    const QString service = value(QStringLiteral("service"));
    QString where = value(QStringLiteral("host"));
    const QString port = value(QStringLiteral("port"));
    if (!port.isEmpty())
        where += QLatin1Char(':') + port;
    const QString db = value(QStringLiteral("dbname"));
    if (!db.isEmpty())
        where += QLatin1Char('/') + db;
    const QString user = value(QStringLiteral("user"));
    if (!user.isEmpty())
        where = user + QLatin1Char('@') + where;
    if (!service.isEmpty())
        where = QStringLiteral("service=%1 %2").arg(service, where).trimmed();
    return where.isEmpty() ? QStringLiteral("(libpq defaults)") : where;
}

} // namespace inbox
