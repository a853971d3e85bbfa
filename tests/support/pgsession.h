#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <QVector>

struct pg_conn;

// The outcome of one statement, copied out of libpq so it can outlive the connection.
struct PgResult
{
    bool ok = false;
    QString sqlstate;
    QString message;
    QStringList columns;
    QVector<QStringList> values; // text form; bytea comes as \x... hex
    QVector<QVector<bool>> nulls;

    int rows() const { return int(values.size()); }
    QString value(int row, int col) const { return values.value(row).value(col); }
    QString value(int row, const char *column) const;
    bool isNull(int row, int col) const { return nulls.value(row).value(col, true); }
    QByteArray bytes(int row, int col) const; // bytea decoded to raw bytes
    // The first column of every row as a number (an id), in row order.
    QVector<qint64> ids() const;
};

// A bare libpq session for contract tests: every instance is a real server connection, so
// races are tested with real concurrent sessions (one PgSession per thread).
class PgSession final
{
public:
    explicit PgSession(const QString &conninfo);
    ~PgSession();
    Q_DISABLE_COPY_MOVE(PgSession)

    bool ok() const;
    QString error() const;
    pg_conn *raw() { return m_conn; }

    // params: QString/int/qint64/bool/double go as text; QByteArray as binary (bytea);
    // a null QVariant as SQL NULL.
    PgResult exec(const QString &sql, const QVariantList &params = {});

private:
    pg_conn *m_conn = nullptr;
};

// Fails the current test function with the SQL error when a statement did not succeed.
// The statement is evaluated exactly once. (For QtTest programs.)
#define QVERIFY_SQL(expr)                                                                          \
    do {                                                                                           \
        const PgResult sqlResult_ = (expr);                                                        \
        QVERIFY2(sqlResult_.ok,                                                                    \
                 qPrintable(sqlResult_.sqlstate + QLatin1Char(' ') + sqlResult_.message));         \
    } while (false)
