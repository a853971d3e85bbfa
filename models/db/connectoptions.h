#pragma once

#include "db/replayfence.h"

#include <QMetaType>
#include <QString>

#include <memory>

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
    // Optional: where the console reads from (a hot standby), as a connection string whose
    // missing keys come from `conninfo` (db/readroute.h). Empty: everything on `conninfo`.
    QString readFrom;
    // Set by ConsoleContext when reads come from elsewhere: a connection with Advance moves
    // `fence` to the primary's WAL position after each batch; one with Wait first waits until
    // its server has replayed up to `fence` (nothing to wait for on a primary).
    enum class FenceRole { None, Advance, Wait };
    FenceRole fenceRole = FenceRole::None;
    std::shared_ptr<ReplayFence> fence;
};

} // namespace inbox

Q_DECLARE_METATYPE(inbox::ConnectOptions)
