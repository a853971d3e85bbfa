#pragma once

#include "db/dberror.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

struct pg_conn;

namespace inbox {

// Who and where the session is, and what the user may do in the inbox.
struct ServerInfo
{
    QString serverVersion; // e.g. "15.18 (Debian 15.18-0+deb12u1)"
    QString database;
    QString user;          // session_user: what the journal records as the actor
    int schemaVersion = 0; // 0: no inbox schema in this database
    int programSchemaVersion = 0;
    QStringList roles; // inbox_* group roles the user belongs to (directly or not)
    bool superuser = false;
    bool canMigrate = false; // owns the schema (or may create it), so may apply migrations
    QString migrateOwner;    // who may: the schema's owner, or the database's when none yet

    // Where and how: libpq's view of the session.
    QString host; // host name, address or socket directory
    QString port;
    bool unixSocket = false; // a local socket: TLS does not apply
    QString sslMode;         // the sslmode libpq used (given, from the service, or default)
    bool encrypted = false;  // pg_stat_ssl.ssl for this backend
    QString sslVersion;      // e.g. "TLSv1.3" when encrypted

    bool schemaMissing() const { return schemaVersion == 0; }
    bool schemaNewer() const { return schemaVersion > programSchemaVersion; }
    bool schemaBehind() const { return schemaVersion < programSchemaVersion; }
    bool hasRole(const QString &role) const { return superuser || roles.contains(role); }
    bool mayRequeue() const { return hasRole(QStringLiteral("inbox_operator")); }
    bool mayDecideDuplicates() const { return hasRole(QStringLiteral("inbox_manager")); }
    bool mayResolveReview() const
    {
        return mayRequeue() || hasRole(QStringLiteral("inbox_manager"));
    }
    // The Report (0031): inbox_report reads baselines (managers are members of it; a support
    // login may be given it), managers import and delete them.
    bool mayReadReport() const { return hasRole(QStringLiteral("inbox_report")); }
    bool mayImportBaseline() const { return hasRole(QStringLiteral("inbox_manager")); }
};

// Reads ServerInfo over a raw libpq connection. Works on a database without the schema.
std::optional<ServerInfo> readServerInfo(pg_conn *conn, DbError *error);

} // namespace inbox

Q_DECLARE_METATYPE(inbox::ServerInfo)
