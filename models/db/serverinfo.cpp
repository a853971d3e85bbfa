#include "db/serverinfo.h"

#include "db/migrator.h"

#include <libpq-fe.h>

#include <memory>

namespace inbox {

namespace {
struct ResultDeleter
{
    void operator()(PGresult *r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

// Membership is checked through pg_has_role, so roles granted via other roles count too.
// Roles missing from the cluster (no migration yet) are simply not listed.
constexpr const char *kInfoSql = R"sql(
SELECT current_setting('server_version'),
       current_database(),
       session_user,
       (SELECT rolsuper FROM pg_roles WHERE rolname = session_user),
       (SELECT string_agg(r.rolname, ',' ORDER BY r.rolname)
          FROM pg_roles r
         WHERE r.rolname IN ('inbox_ingest', 'inbox_worker', 'inbox_support',
                             'inbox_operator', 'inbox_manager', 'inbox_report')
           AND pg_has_role(session_user, r.oid, 'MEMBER')),
       CASE WHEN n.oid IS NULL THEN has_database_privilege(current_database(), 'CREATE')
            ELSE pg_has_role(session_user, n.nspowner, 'USAGE') END,
       coalesce(pg_get_userbyid(n.nspowner),
                (SELECT pg_get_userbyid(d.datdba) FROM pg_database d
                  WHERE d.datname = current_database())),
       coalesce(s.ssl, false),
       s.version
  FROM (SELECT 1) one
  LEFT JOIN pg_namespace n ON n.nspname = 'inbox'
  LEFT JOIN pg_stat_ssl s ON s.pid = pg_backend_pid()
)sql";
} // namespace

std::optional<ServerInfo> readServerInfo(PGconn *conn, DbError *error)
{
    Result r(PQexec(conn, kInfoSql));
    if (!r || PQresultStatus(r.get()) != PGRES_TUPLES_OK) {
        if (error)
            *error = DbError::fromResult(r.get(), conn);
        return std::nullopt;
    }
    ServerInfo info;
    info.serverVersion = QString::fromUtf8(PQgetvalue(r.get(), 0, 0));
    info.database = QString::fromUtf8(PQgetvalue(r.get(), 0, 1));
    info.user = QString::fromUtf8(PQgetvalue(r.get(), 0, 2));
    info.superuser = QByteArray(PQgetvalue(r.get(), 0, 3)) == "t";
    const QString roles = QString::fromUtf8(PQgetvalue(r.get(), 0, 4));
    info.roles = roles.isEmpty() ? QStringList() : roles.split(QLatin1Char(','));
    info.canMigrate = info.superuser || QByteArray(PQgetvalue(r.get(), 0, 5)) == "t";
    info.migrateOwner = QString::fromUtf8(PQgetvalue(r.get(), 0, 6));
    info.encrypted = QByteArray(PQgetvalue(r.get(), 0, 7)) == "t";
    info.sslVersion = QString::fromUtf8(PQgetvalue(r.get(), 0, 8));
    info.programSchemaVersion = Migrator::latestVersion();

    info.host = QString::fromUtf8(PQhost(conn));
    info.port = QString::fromUtf8(PQport(conn));
    // libpq reports a socket directory as the host (PQhost gives the path).
    info.unixSocket = info.host.isEmpty() || info.host.startsWith(QLatin1Char('/')) ||
                      info.host.startsWith(QLatin1Char('@'));
    if (PQconninfoOption *options = PQconninfo(conn)) {
        for (PQconninfoOption *o = options; o->keyword; ++o) {
            if (qstrcmp(o->keyword, "sslmode") == 0 && o->val)
                info.sslMode = QString::fromUtf8(o->val);
        }
        PQconninfoFree(options);
    }

    const std::optional<int> version = Migrator::currentVersion(conn, error);
    if (!version)
        return std::nullopt;
    info.schemaVersion = *version;
    return info;
}

} // namespace inbox
