#include "schemacheck.h"

#include "db/dberror.h"
#include "db/pgconnection.h"

namespace inbox::service {

bool schemaIsNewEnough(const ConnectOptions &options, int needed, const QString &program,
                       QString *error)
{
    PgConnection db;
    DbError dbError;
    if (!db.connect(options, &dbError)) {
        *error = QStringLiteral("the schema version is not checked: %1").arg(dbError.oneLine());
        return true;
    }
    const std::optional<PgRows> has = db.exec(
        QStringLiteral("SELECT to_regprocedure('inbox.schema_version()') IS NOT NULL"), &dbError);
    if (!has) {
        *error = QStringLiteral("the schema version is not checked: %1").arg(dbError.oneLine());
        return true;
    }
    if (!has->toBool(0, 0)) {
        // Before 0024 only support could read the version; try, for a better message.
        const std::optional<PgRows> old =
            db.exec(QStringLiteral("SELECT max(version) FROM inbox.schema_version"), &dbError);
        if (old && !old->isNull(0, 0))
            *error = QStringLiteral("the database schema is version %1, this %2 needs at least "
                                    "%3: run inbox-console migrate")
                         .arg(old->text(0, 0), program)
                         .arg(needed);
        else
            *error = QStringLiteral("the database schema is older than version %1 (it has no "
                                    "inbox.schema_version()), this %2 needs at least %1: run "
                                    "inbox-console migrate")
                         .arg(needed)
                         .arg(program);
        return false;
    }
    const std::optional<PgRows> version =
        db.exec(QStringLiteral("SELECT inbox.schema_version()"), &dbError);
    if (!version) {
        *error = QStringLiteral("the schema version is not checked: %1").arg(dbError.oneLine());
        return true;
    }
    if (version->toInt(0, 0) < needed) {
        *error = QStringLiteral("the database schema is version %1, this %2 needs at least %3: "
                                "run inbox-console migrate")
                     .arg(version->toInt(0, 0))
                     .arg(program)
                     .arg(needed);
        return false;
    }
    error->clear();
    return true;
}

} // namespace inbox::service
