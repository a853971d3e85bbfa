#include "commandline.h"

#include "clioutput.h"
#include "db/migrator.h"
#include "db/pgconnection.h"
#include "db/serverinfo.h"

#include <cstdio>

namespace inbox::cli {

int migrate(const QString &conninfo)
{
    const QString what = QStringLiteral("migrate");
    PgConnection db;
    if (!connect(db, conninfo, what))
        return 2;
    DbError error;
    const std::optional<int> before = Migrator::currentVersion(db.raw(), &error);
    if (before)
        say(QStringLiteral("schema version before: %1").arg(*before));
    const std::optional<Migrator::Outcome> outcome =
        before ? Migrator::apply(db.raw(), &error) : std::nullopt;
    db.close();
    if (!outcome) {
        complain(what, error.oneLine());
        return 1;
    }
    say(QStringLiteral("schema version after: %1 (%2 applied)")
            .arg(outcome->after)
            .arg(outcome->applied.size()));
    return 0;
}

int selfTest(const QString &conninfo)
{
    const QString what = QStringLiteral("self-test");
    PgConnection db;
    if (!connect(db, conninfo, what))
        return 2;
    DbError error;
    const std::optional<ServerInfo> info = readServerInfo(db.raw(), &error);
    db.close();
    if (!info) {
        complain(what, error.oneLine());
        return 1;
    }
    say(QStringLiteral("server: %1").arg(info->serverVersion));
    say(QStringLiteral("database: %1, user: %2, roles: %3")
            .arg(info->database, info->user,
                 info->roles.isEmpty() ? QStringLiteral("none")
                                       : info->roles.join(QLatin1Char(','))));
    say(QStringLiteral("schema version: %1 (program: %2)")
            .arg(info->schemaVersion)
            .arg(info->programSchemaVersion));
    if (info->schemaNewer()) {
        complain(what, Migrator::newerSchemaMessage(info->schemaVersion));
        return 1;
    }
    if (info->schemaBehind()) {
        complain(what, QStringLiteral("the schema is at version %1, this program needs %2: run "
                                      "inbox-console migrate")
                           .arg(info->schemaVersion)
                           .arg(info->programSchemaVersion));
        return 1;
    }
    say(QStringLiteral("self-test passed"));
    return 0;
}

QStringList withoutEmptyOpen(QStringList arguments)
{
    if (arguments.size() > 1 && arguments.last() == QLatin1String("--open"))
        arguments.removeLast();
    return arguments;
}

QString linkArgument(const QStringList &positional)
{
    if (positional.size() == 1 && positional.first().trimmed().startsWith(
                                      QLatin1String("inbox-console:"), Qt::CaseInsensitive))
        return positional.first();
    return QString();
}

} // namespace inbox::cli
