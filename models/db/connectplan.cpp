#include "db/connectplan.h"

#include <QSqlDatabase>
#include <QStringList>

namespace inbox {

namespace {

// Keys QPSQL takes through its own setters (and quotes itself); every other key travels in
// its options string, where ';' separates options.
bool hasQtSqlSetter(const QString &key)
{
    return key == QLatin1String("host") || key == QLatin1String("dbname") ||
           key == QLatin1String("user") || key == QLatin1String("password") ||
           key == QLatin1String("port");
}

} // namespace

std::optional<ConnectPlan> ConnectPlan::make(const ConnectOptions &options, DbError *error)
{
    DbError parseError;
    std::optional<ConnInfo> info = ConnInfo::parse(options.conninfo, &parseError);
    if (!info) {
        if (error)
            *error = parseError;
        return std::nullopt;
    }
    for (const auto &[key, value] : info->pairs()) {
        if (!hasQtSqlSetter(key) && value.contains(QLatin1Char(';'))) {
            if (error)
                *error = DbError::plain(
                    QStringLiteral("connection option %1 may not contain ';'").arg(key));
            return std::nullopt;
        }
    }
    if (!options.applicationName.isEmpty() && !info->contains(QStringLiteral("application_name")))
        info->set(QStringLiteral("application_name"), options.applicationName);
    if (options.connectTimeoutS > 0 && !info->contains(QStringLiteral("connect_timeout")))
        info->set(QStringLiteral("connect_timeout"), QString::number(options.connectTimeoutS));
    // The password typed in the window wins over one in the string; it stays in memory.
    if (!options.password.isEmpty())
        info->set(QStringLiteral("password"), options.password);

    ConnectPlan plan;
    plan.m_info = *info;
    plan.m_connectTimeoutS = info->value(QStringLiteral("connect_timeout")).toInt();
    if (plan.m_connectTimeoutS > 0 && plan.m_connectTimeoutS < 2)
        plan.m_connectTimeoutS = 2; // as libpq does: one second is too short to mean anything
    plan.m_statementTimeoutMs = qMax(0, options.statementTimeoutMs);
    return plan;
}

void ConnectPlan::applyTo(QSqlDatabase &db) const
{
    QStringList rest;
    for (const auto &[key, value] : m_info.pairs()) {
        bool portOk = false;
        if (key == QLatin1String("host"))
            db.setHostName(value);
        else if (key == QLatin1String("dbname"))
            db.setDatabaseName(value);
        else if (key == QLatin1String("user"))
            db.setUserName(value);
        else if (key == QLatin1String("password"))
            db.setPassword(value);
        else if (key == QLatin1String("port") && (value.toInt(&portOk), portOk))
            db.setPort(value.toInt());
        else
            rest << key + QLatin1Char('=') + quoteConnValue(value);
    }
    db.setConnectOptions(rest.join(QLatin1Char(';')));
}

} // namespace inbox
