#pragma once

#include "db/pgconnection.h"

#include <QString>

namespace bench {

// Where inbox-sim is: `explicit` when given, else next to this program in the build tree
// (../inbox-sim/inbox-sim), else beside it (installed), else in PATH. Empty when not found.
QString findSimBinary(const QString &explicitPath);

// Fills an empty inbox.events with `inbox-sim --bulk N` (its output goes to stderr), as the
// user of `conninfo` (the schema owner). Returns the number of events afterwards, -1 on
// failure with the reason in *error. A database that already holds events is left as it is.
qint64 ensureFilled(inbox::PgConnection &admin, const QString &conninfo, qint64 events,
                    const QString &simBinary, QString *error);

} // namespace bench
