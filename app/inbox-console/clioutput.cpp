#include "clioutput.h"

#include "db/connectoptions.h"
#include "db/pgconnection.h"

#include <cstdio>

namespace inbox::cli {

void say(const QString &line)
{
    std::fputs(qPrintable(line + QLatin1Char('\n')), stdout);
    std::fflush(stdout);
}

void complain(const QString &what, const QString &reason)
{
    std::fputs(qPrintable(QStringLiteral("inbox-console: %1: %2\n").arg(what, reason)), stderr);
}

bool connect(PgConnection &db, const QString &conninfo, const QString &what)
{
    ConnectOptions options;
    options.conninfo = conninfo;
    options.applicationName = QStringLiteral("inbox-console %1").arg(what);
    options.statementTimeoutMs = 0;
    DbError error;
    if (!db.connect(options, &error)) {
        complain(what, error.oneLine());
        return false;
    }
    return true;
}

} // namespace inbox::cli
