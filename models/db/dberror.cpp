#include "db/dberror.h"

#include <QCoreApplication>
#include <QSqlError>
#include <libpq-fe.h>

namespace inbox {

namespace {
QString firstLine(const char *text)
{
    const QString s = QString::fromUtf8(text ? text : "").trimmed();
    const qsizetype nl = s.indexOf(QLatin1Char('\n'));
    return nl < 0 ? s : s.left(nl).trimmed();
}
} // namespace

QString DbError::oneLine() const
{
    QString line = message;
    if (!detail.isEmpty())
        line += QStringLiteral(": ") + detail;
    if (!sqlstate.isEmpty())
        line += QStringLiteral(" (SQLSTATE %1)").arg(sqlstate);
    return line;
}

DbError DbError::fromResult(const PGresult *result, const PGconn *conn)
{
    if (!result)
        return fromConnection(conn);
    DbError e;
    e.sqlstate = QString::fromLatin1(PQresultErrorField(result, PG_DIAG_SQLSTATE));
    e.message = firstLine(PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY));
    if (e.message.isEmpty())
        e.message = firstLine(PQresultErrorMessage(result));
    const QString detail = firstLine(PQresultErrorField(result, PG_DIAG_MESSAGE_DETAIL));
    const QString hint = firstLine(PQresultErrorField(result, PG_DIAG_MESSAGE_HINT));
    e.detail = detail.isEmpty() ? hint : detail;
    // Class 08 is "connection exception"; 57P01..57P03 are shutdowns and crash recovery.
    e.connectionLost =
        e.sqlstate.startsWith(QLatin1String("08")) || e.sqlstate.startsWith(QLatin1String("57P0"));
    return e;
}

DbError DbError::fromConnection(const PGconn *conn)
{
    DbError e;
    e.message = firstLine(conn ? PQerrorMessage(conn) : "out of memory");
    e.connectionLost = !conn || PQstatus(conn) != CONNECTION_OK;
    return e;
}

DbError DbError::fromSql(const QSqlError &error)
{
    DbError e;
    e.sqlstate = error.nativeErrorCode();
    e.message = error.databaseText().trimmed();
    if (e.message.isEmpty())
        e.message = error.driverText().trimmed();
    e.message = firstLine(e.message.toUtf8().constData());
    e.connectionLost = error.type() == QSqlError::ConnectionError ||
                       e.sqlstate.startsWith(QLatin1String("08")) ||
                       e.sqlstate.startsWith(QLatin1String("57P0"));
    return e;
}

DbError DbError::plain(const QString &message)
{
    DbError e;
    e.message = message;
    return e;
}

DbError DbError::timedOut(const DbError &server, int timeoutMs)
{
    DbError e = server;
    const int seconds = qMax(1, (timeoutMs + 999) / 1000);
    e.message = QCoreApplication::translate(
        "inbox::DbError",
        "The database did not answer within %n s, probably because another session holds a "
        "lock on the data or the server is busy. Press F5 to try again.",
        "", seconds);
    e.detail = server.message;
    return e;
}

} // namespace inbox
