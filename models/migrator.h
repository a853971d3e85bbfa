#pragma once

#include "dberror.h"

#include <QByteArray>
#include <QString>
#include <QVector>

#include <optional>

struct pg_conn;

namespace inbox {

struct Migration
{
    int version = 0;
    QString name; // file name without the number, e.g. "core_tables"
    QByteArray sql;
};

// The schema as numbered SQL steps embedded in the program (resources/migrations). Each step
// runs in its own transaction together with its row in inbox.schema_version; concurrent
// migrators are serialised by an advisory lock, so applying twice changes nothing.
class Migrator final
{
public:
    static const QVector<Migration> &bundled();
    static int latestVersion();

    // 0 when the database has no inbox schema yet. nullopt on error.
    static std::optional<int> currentVersion(pg_conn *conn, DbError *error);

    struct Outcome
    {
        int before = 0;
        int after = 0;
        QVector<int> applied;
    };
    // Applies every pending step. Refuses a database whose schema is newer than this program.
    static std::optional<Outcome> apply(pg_conn *conn, DbError *error);

    // Message for a schema newer than the program (also used by the console on connect).
    static QString newerSchemaMessage(int databaseVersion);
};

} // namespace inbox
