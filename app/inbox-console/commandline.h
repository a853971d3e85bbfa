#pragma once

#include <QString>
#include <QStringList>

// Headless commands of inbox-console. Each prints its outcome and returns the exit code:
// 0 success, 1 the work failed (reason on one line), 2 the database could not be reached.
namespace inbox::cli {

// The database as the user gave it: --db, else the empty string (libpq then reads PG*).
int migrate(const QString &conninfo);
int selfTest(const QString &conninfo);

// The arguments with a trailing "--open" that has no link dropped: the desktop entry's
// `Exec=inbox-console --open %u` passes nothing for %u on a plain start.
QStringList withoutEmptyOpen(QStringList arguments);
// A positional argument that is a link (a URL handler may pass it bare): the link, else "".
QString linkArgument(const QStringList &positional);

} // namespace inbox::cli
