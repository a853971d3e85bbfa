#pragma once

#include <QMetaType>
#include <QString>

struct pg_conn;
struct pg_result;
class QSqlError;

namespace inbox {

// The SQLSTATEs the programs decide on, by name (PostgreSQL's errcodes appendix).
namespace sqlstate {
inline const QString PermissionDenied = QStringLiteral("42501");       // insufficient_privilege
inline const QString DeadlockDetected = QStringLiteral("40P01");       // deadlock_detected
inline const QString SerializationFailure = QStringLiteral("40001");   // serialization_failure
inline const QString QueryCanceled = QStringLiteral("57014");          // ours, or statement_timeout
inline const QString NotInPrerequisiteState = QStringLiteral("55000"); // e.g. schema too new
} // namespace sqlstate

// A database failure as a plain value: SQLSTATE plus the server's words. The UI decides how
// to show it; nothing here throws.
struct DbError
{
    QString sqlstate; // five characters, empty when the failure was not the server's
    QString message;  // primary message, one line
    QString detail;   // DETAIL / HINT when the server gave one
    bool connectionLost = false;

    bool isEmpty() const { return message.isEmpty() && sqlstate.isEmpty(); }
    // The role may not do this (42501): the screen says so instead of "failed".
    bool isPermissionDenied() const { return sqlstate == sqlstate::PermissionDenied; }
    // Rolled back as a whole by a deadlock or a serialization failure: safe to send again.
    bool isTransactionConflict() const
    {
        return sqlstate == sqlstate::DeadlockDetected || sqlstate == sqlstate::SerializationFailure;
    }
    // Ended by a cancel request or statement_timeout (57014).
    bool isCanceled() const { return sqlstate == sqlstate::QueryCanceled; }
    // "message (SQLSTATE 22023)" on one line, for logs and command-line output.
    QString oneLine() const;

    // A null result (the command could not be sent) takes its reason from the connection.
    static DbError fromResult(const pg_result *result, const pg_conn *conn = nullptr);
    static DbError fromConnection(const pg_conn *conn);
    static DbError fromSql(const QSqlError &error);
    static DbError plain(const QString &message);
    // A statement ended by statement_timeout (57014 after timeoutMs), in the user's words: what
    // was slow and what to do. The server's own words move to detail (kept in logs).
    static DbError timedOut(const DbError &server, int timeoutMs);
};

} // namespace inbox

Q_DECLARE_METATYPE(inbox::DbError)
