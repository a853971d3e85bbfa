#include "db/readroute.h"

#include "db/conninfo.h"

#include <QStringList>

namespace inbox {

namespace {

const QString kHost = QStringLiteral("host");
const QString kHostAddr = QStringLiteral("hostaddr");
const QString kPort = QStringLiteral("port");
const QString kAttrs = QStringLiteral("target_session_attrs");

QStringList listOf(const ConnInfo &info, const QString &key)
{
    return info.value(key).split(QLatin1Char(','));
}

// libpq's list of `key` for `hosts` hosts: one value stands for all of them.
QStringList spread(const ConnInfo &info, const QString &key, qsizetype hosts)
{
    QStringList values = listOf(info, key);
    if (values.size() == 1)
        values = QStringList(hosts, values.first());
    return values;
}

QString toConnString(const ConnInfo &info)
{
    QStringList parts;
    for (const auto &pair : info.pairs())
        parts << pair.first + QLatin1Char('=') + quoteConnValue(pair.second);
    return parts.join(QLatin1Char(' '));
}

} // namespace

std::optional<ReadRoute> readRouteFor(const ConnectOptions &primary, DbError *error)
{
    ReadRoute route{primary, false};
    route.options.readFrom.clear();
    if (primary.readFrom.trimmed().isEmpty())
        return route;
    const std::optional<ConnInfo> main = ConnInfo::parse(primary.conninfo, error);
    std::optional<ConnInfo> read = ConnInfo::parse(primary.readFrom.trimmed(), error);
    if (!main || !read)
        return std::nullopt;
    static const QStringList kWhere{kHost, kHostAddr, kPort, kAttrs};
    for (const auto &pair : main->pairs()) {
        if (!kWhere.contains(pair.first) && !read->contains(pair.first))
            read->set(pair.first, pair.second);
    }
    // The primary as the last resort: only when both name their hosts in the same form, for
    // a host list and a hostaddr list must have one entry per host.
    const bool sameForm = read->contains(kHost) == main->contains(kHost) &&
                          read->contains(kHostAddr) == main->contains(kHostAddr) &&
                          (main->contains(kHost) || main->contains(kHostAddr));
    if (!read->contains(kAttrs) && sameForm) {
        const QString &hostKey = main->contains(kHost) ? kHost : kHostAddr;
        const qsizetype readHosts = listOf(*read, hostKey).size();
        const qsizetype mainHosts = listOf(*main, hostKey).size();
        for (const QString &key : {kHost, kHostAddr, kPort}) {
            if (!read->contains(key) && !main->contains(key))
                continue;
            const QStringList values =
                spread(*read, key, readHosts) + spread(*main, key, mainHosts);
            read->set(key, values.join(QLatin1Char(',')));
        }
        read->set(kAttrs, QStringLiteral("prefer-standby"));
        route.fallsBackToPrimary = true;
    }
    route.options.conninfo = toConnString(*read);
    return route;
}

} // namespace inbox
