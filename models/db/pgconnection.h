#pragma once

#include "db/connectoptions.h"
#include "db/dberror.h"

#include <QByteArray>
#include <QString>
#include <QVector>

#include <initializer_list>
#include <memory>
#include <optional>

struct pg_conn;
struct pg_result;

namespace inbox {

// One bound parameter of PgConnection::exec: text (sent as UTF-8 in text format), raw bytes
// (binary format, for bytea: the body goes byte for byte, no escaping) or SQL NULL.
class PgParam final
{
public:
    PgParam() = default; // NULL
    PgParam(const QString &text) : m_value(text.toUtf8()), m_null(text.isNull()) {}
    PgParam(const char *text) : m_value(text), m_null(text == nullptr) {}
    PgParam(qint64 number) : m_value(QByteArray::number(number)), m_null(false) {}
    PgParam(int number) : m_value(QByteArray::number(number)), m_null(false) {}
    PgParam(double number) : m_value(QByteArray::number(number, 'g', 17)), m_null(false) {}
    PgParam(bool flag) : m_value(flag ? "true" : "false"), m_null(false) {}

    static PgParam bytes(const QByteArray &raw);
    static PgParam null() { return PgParam(); }

    bool isNull() const { return m_null; }
    bool isBinary() const { return m_binary; }
    const QByteArray &value() const { return m_value; }

private:
    QByteArray m_value;
    bool m_null = true;
    bool m_binary = false;
};

// The rows of one statement (text format). Owns the libpq result; movable, not copyable.
class PgRows final
{
public:
    PgRows() = default;
    explicit PgRows(pg_result *result);
    ~PgRows();
    PgRows(PgRows &&other) noexcept;
    PgRows &operator=(PgRows &&other) noexcept;
    Q_DISABLE_COPY(PgRows)

    int rows() const;
    int columns() const;
    int column(const char *name) const; // -1 when there is no such column
    bool isNull(int row, int col) const;
    QString text(int row, int col) const;
    QString text(int row, const char *name) const { return text(row, column(name)); }
    QByteArray raw(int row, int col) const; // the text form's bytes (bytea: \x... hex)
    qint64 toInt(int row, int col, qint64 fallback = 0) const;
    qint64 toInt(int row, const char *name, qint64 fallback = 0) const
    {
        return toInt(row, column(name), fallback);
    }
    bool toBool(int row, int col) const; // 't' is true
    // Rows affected by INSERT/UPDATE/DELETE (0 when not applicable).
    qint64 affected() const;

private:
    pg_result *m_result = nullptr;
};

// A libpq connection owned by one thread (a connection is never shared between threads).
// Every value is bound, never pasted into SQL text. No exceptions: failures come back as
// DbError values, and the caller decides.
class PgConnection final
{
public:
    PgConnection() = default;
    ~PgConnection();
    Q_DISABLE_COPY_MOVE(PgConnection)

    // Connects with a libpq connection string; empty means the PG* environment (PGHOST,
    // PGDATABASE, PGUSER, PGSERVICE...). application_name is set unless the string has one.
    bool connect(const QString &conninfo, const QString &applicationName, DbError *error);
    // The same with every option (password, timeouts); see ConnectPlan and connectLibpq.
    bool connect(const ConnectOptions &options, DbError *error);
    void close();
    bool isOpen() const;
    // True after a failure that looked like a lost connection (class 08, shutdown).
    bool isBroken() const;

    // Runs one statement with bound parameters ($1, $2...). With no parameters the simple
    // protocol is used, which also runs several statements separated by ';' (the last
    // result is returned). nullopt on failure, with the reason in *error.
    std::optional<PgRows> exec(const QString &sql, const QVector<PgParam> &params, DbError *error);
    std::optional<PgRows> exec(const QString &sql, std::initializer_list<PgParam> params,
                               DbError *error)
    {
        return exec(sql, QVector<PgParam>(params), error);
    }
    std::optional<PgRows> exec(const QString &sql, DbError *error)
    {
        return exec(sql, QVector<PgParam>(), error);
    }
    // For statements whose rows do not matter: true on success.
    bool run(const QString &sql, const QVector<PgParam> &params, DbError *error)
    {
        return exec(sql, params, error).has_value();
    }
    bool run(const QString &sql, DbError *error) { return exec(sql, error).has_value(); }

    // COPY ... FROM STDIN: sends `data` (already in the COPY format) and ends the copy.
    bool copyIn(const QString &copySql, const QByteArray &data, DbError *error);
    // The same in steps, for data made while it is sent (the server stores one piece while
    // the caller makes the next): beginCopy runs the COPY statement, sendCopy sends a piece
    // (libpq buffers it and writes when its buffer is full), endCopy ends the copy and reads
    // its outcome. A non-empty `failure` ends it as failed: the server refuses the COPY with
    // that message, and endCopy returns false.
    bool beginCopy(const QString &copySql, DbError *error);
    bool sendCopy(const QByteArray &piece, DbError *error);
    bool endCopy(const QString &failure, DbError *error);

    pg_conn *raw() const { return m_conn; }

private:
    pg_conn *m_conn = nullptr;
    bool m_broken = false;
};

// Escapes one field for COPY's text format (backslash, tab, newline, carriage return).
QByteArray copyEscape(const QByteArray &value);

} // namespace inbox
