#pragma once

#include "db/connectoptions.h"
#include "db/dberror.h"

#include <QSqlDatabase>
#include <QString>

struct pg_conn;

namespace inbox {

// Opens a QPSQL connection named `name`, owned by the calling thread (Qt SQL connections must
// stay in the thread that opened them). Sets application_name and statement_timeout.
bool openDatabase(const QString &name, const ConnectOptions &options, DbError *error);
void closeDatabase(const QString &name);

// The driver's libpq handle, for what Qt SQL does not offer (cancel, COPY, multi-statement
// scripts). Null when the connection is not open.
pg_conn *nativeConnection(const QSqlDatabase &db);

} // namespace inbox
