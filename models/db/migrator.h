#pragma once

#include "db/dberror.h"

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
    QByteArray checksum; // SHA-256 of sql, lower-case hex: what inbox.schema_version records
};

// The schema as numbered SQL steps embedded in the program (resources/migrations). Each step
// runs in its own transaction together with its row in inbox.schema_version (with the step's
// checksum, from step 13 on); concurrent migrators are serialised by an advisory lock, so
// applying twice changes nothing. A landed step is frozen: a database whose applied step has
// another checksum than the shipped one is refused before anything is applied.
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
    // Applies every pending step up to targetVersion (default: all). Refuses a database whose
    // schema is newer than this program, or whose applied steps differ from the shipped ones.
    static std::optional<Outcome> apply(pg_conn *conn, DbError *error, int targetVersion = -1);

    // The step that adds inbox.schema_version.checksum; earlier steps are recorded without one
    // and get theirs in that step's transaction.
    static constexpr int kChecksumStep = 13;

    // Message for a schema newer than the program (also used by the console on connect).
    static QString newerSchemaMessage(int databaseVersion);
    // Message for an applied step whose checksum differs from the shipped one.
    static QString editedStepMessage(const Migration &shipped, const QString &recorded);
};

} // namespace inbox
