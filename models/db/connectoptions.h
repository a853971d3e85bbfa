#pragma once

#include <QMetaType>
#include <QString>

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

} // namespace inbox

Q_DECLARE_METATYPE(inbox::ConnectOptions)
