#include "db/database.h"

#include "db/connectplan.h"
#include "db/libpqconnect.h"
#include "support/logging.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>
#include <libpq-fe.h>
#include <spdlog/spdlog.h>

namespace inbox {

bool openDatabase(const QString &name, const ConnectOptions &options, DbError *error)
{
    const std::optional<ConnectPlan> plan = ConnectPlan::make(options, error);
    if (!plan)
        return false;
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    if (!db.isValid()) {
        if (error)
            *error = DbError::plain(QStringLiteral(
                "the Qt PostgreSQL driver (QPSQL) is not installed: install libqt6sql6-psql"));
        QSqlDatabase::removeDatabase(name);
        return false;
    }
    plan->applyTo(db);

    if (!db.open()) {
        if (error)
            *error = DbError::fromSql(db.lastError());
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
        return false;
    }
    // The password has done its work; do not keep it in the connection object.
    db.setPassword(QString());
    logServerNotices(nativeConnection(db));
    if (!setStatementTimeout(nativeConnection(db), plan->statementTimeoutMs(), error)) {
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
        return false;
    }
    return true;
}

void closeDatabase(const QString &name)
{
    {
        QSqlDatabase db = QSqlDatabase::database(name, false);
        if (db.isValid())
            db.close();
    }
    QSqlDatabase::removeDatabase(name);
}

PGconn *nativeConnection(const QSqlDatabase &db)
{
    if (!db.isOpen() || !db.driver())
        return nullptr;
    const QVariant handle = db.driver()->handle();
    // The driver registers the handle under the struct's name, "pg_conn*" (Qt 6.4).
    if (!handle.isValid() ||
        (qstrcmp(handle.typeName(), "PGconn*") != 0 && qstrcmp(handle.typeName(), "pg_conn*") != 0))
        return nullptr;
    return *static_cast<PGconn *const *>(handle.data());
}

} // namespace inbox
