#include "db/database.h"

#include "db/conninfo.h"
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
    DbError parseError;
    std::optional<ConnInfo> info = ConnInfo::parse(options.conninfo, &parseError);
    if (!info) {
        if (error)
            *error = parseError;
        return false;
    }
    if (!info->contains(QStringLiteral("application_name")))
        info->set(QStringLiteral("application_name"), options.applicationName);
    if (!info->contains(QStringLiteral("connect_timeout")))
        info->set(QStringLiteral("connect_timeout"), QString::number(options.connectTimeoutS));

    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    if (!db.isValid()) {
        if (error)
            *error = DbError::plain(QStringLiteral(
                "the Qt PostgreSQL driver (QPSQL) is not installed: install libqt6sql6-psql"));
        QSqlDatabase::removeDatabase(name);
        return false;
    }

    // QPSQL builds its own connection string from the setters plus "key=value;..." options,
    // turning every ';' into a space; values with ';' cannot pass through it unharmed.
    QStringList rest;
    for (const auto &[key, value] : info->pairs()) {
        bool portOk = false;
        if (key == QLatin1String("host")) {
            db.setHostName(value);
        } else if (key == QLatin1String("dbname")) {
            db.setDatabaseName(value);
        } else if (key == QLatin1String("user")) {
            db.setUserName(value);
        } else if (key == QLatin1String("password")) {
            db.setPassword(value);
        } else if (key == QLatin1String("port") && (value.toInt(&portOk), portOk)) {
            db.setPort(value.toInt());
        } else if (value.contains(QLatin1Char(';'))) {
            if (error)
                *error = DbError::plain(
                    QStringLiteral("connection option %1 may not contain ';'").arg(key));
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(name);
            return false;
        } else {
            rest << key + QLatin1Char('=') + quoteConnValue(value);
        }
    }
    if (!options.password.isEmpty())
        db.setPassword(options.password);
    db.setConnectOptions(rest.join(QLatin1Char(';')));

    if (!db.open()) {
        if (error)
            *error = DbError::fromSql(db.lastError());
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(name);
        return false;
    }
    // Server notices go to the log, not to whoever's terminal started the program.
    PQsetNoticeProcessor(
        nativeConnection(db),
        [](void *, const char *message) {
            logger("db")->info("server notice: {}", QByteArray(message).trimmed().toStdString());
        },
        nullptr);
    // The password has done its work; do not keep it in the connection object.
    db.setPassword(QString());

    QSqlQuery q(db);
    q.prepare(QStringLiteral("SELECT set_config('statement_timeout', ?, false)"));
    q.addBindValue(QString::number(options.statementTimeoutMs));
    if (!q.exec()) {
        if (error)
            *error = DbError::fromSql(q.lastError());
        q = QSqlQuery();
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
