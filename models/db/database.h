#pragma once

#include "db/dberror.h"

#include <QMetaType>
#include <QSqlDatabase>
#include <QString>

struct pg_conn;

namespace inbox {

// How to reach the database. The password lives only here, in memory; it is never written
// to settings or logs. Left empty, libpq looks in .pgpass, the service file and PGPASSWORD.
struct ConnectOptions
{
    QString conninfo;
    QString password;
    QString applicationName = QStringLiteral("inbox-console");
    int statementTimeoutMs = 30000;
    int connectTimeoutS = 10;
};

// Opens a QPSQL connection named `name`, owned by the calling thread (Qt SQL connections must
// stay in the thread that opened them). Sets application_name and statement_timeout.
bool openDatabase(const QString &name, const ConnectOptions &options, DbError *error);
void closeDatabase(const QString &name);

// The driver's libpq handle, for what Qt SQL does not offer (cancel, COPY, multi-statement
// scripts). Null when the connection is not open.
pg_conn *nativeConnection(const QSqlDatabase &db);

} // namespace inbox

Q_DECLARE_METATYPE(inbox::ConnectOptions)
