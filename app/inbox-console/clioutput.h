#pragma once
// What every inbox-console subcommand (migrate, selftest, report) prints and how it connects:
// a line to stdout, flushed; "inbox-console: WHAT: REASON" to stderr; the command's one
// connection, without a statement timeout (migrations and imports may take long).

#include <QString>

namespace inbox {
class PgConnection;
}

namespace inbox::cli {

void say(const QString &line);
void complain(const QString &what, const QString &reason);
// Opens the command's connection; prints the reason and returns false when it cannot.
bool connect(PgConnection &db, const QString &conninfo, const QString &what);

} // namespace inbox::cli
