#include "pgsession.h"

#include <libpq-fe.h>

#include <vector>

QString PgResult::value(int row, const char *column) const
{
    const int col = int(columns.indexOf(QString::fromUtf8(column)));
    return col < 0 ? QString() : value(row, col);
}

QVector<qint64> PgResult::ids() const
{
    QVector<qint64> out;
    out.reserve(rows());
    for (int i = 0; i < rows(); ++i)
        out << value(i, 0).toLongLong();
    return out;
}

QByteArray PgResult::bytes(int row, int col) const
{
    if (isNull(row, col))
        return {};
    const QByteArray text = value(row, col).toLatin1();
    size_t length = 0;
    unsigned char *raw =
        PQunescapeBytea(reinterpret_cast<const unsigned char *>(text.constData()), &length);
    const QByteArray out(reinterpret_cast<const char *>(raw), qsizetype(length));
    PQfreemem(raw);
    return out;
}

PgSession::PgSession(const QString &conninfo) : m_conn(PQconnectdb(conninfo.toUtf8().constData()))
{
    // Server NOTICEs are not test output.
    PQsetNoticeProcessor(
        m_conn, [](void *, const char *) {}, nullptr);
}

PgSession::~PgSession()
{
    PQfinish(m_conn);
}

bool PgSession::ok() const
{
    return m_conn && PQstatus(m_conn) == CONNECTION_OK;
}

QString PgSession::error() const
{
    return QString::fromUtf8(m_conn ? PQerrorMessage(m_conn) : "out of memory").trimmed();
}

PgResult PgSession::exec(const QString &sql, const QVariantList &params)
{
    std::vector<QByteArray> storage(size_t(params.size()));
    std::vector<const char *> values(size_t(params.size()), nullptr);
    std::vector<int> lengths(size_t(params.size()), 0);
    std::vector<int> formats(size_t(params.size()), 0);
    for (size_t i = 0; i < size_t(params.size()); ++i) {
        const QVariant &v = params.at(qsizetype(i));
        const bool bytes = v.typeId() == QMetaType::QByteArray;
        if (bytes ? v.toByteArray().isNull() : v.isNull())
            continue; // SQL NULL
        if (bytes) {
            storage[i] = v.toByteArray();
            formats[i] = 1;
            lengths[i] = int(storage[i].size());
        } else if (v.typeId() == QMetaType::Bool) {
            storage[i] = v.toBool() ? "true" : "false";
        } else {
            storage[i] = v.toString().toUtf8();
        }
        // An empty QByteArray still has a valid (non-null) data pointer.
        values[i] = storage[i].constData();
    }

    // Without parameters use the simple protocol, which also runs several statements.
    PGresult *res = params.isEmpty()
                        ? PQexec(m_conn, sql.toUtf8().constData())
                        : PQexecParams(m_conn, sql.toUtf8().constData(), int(params.size()),
                                       nullptr, values.data(), lengths.data(), formats.data(), 0);
    PgResult out;
    const ExecStatusType status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    out.ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    if (!out.ok) {
        out.sqlstate = QString::fromLatin1(res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : "");
        out.message =
            QString::fromUtf8(res ? PQresultErrorMessage(res) : PQerrorMessage(m_conn)).trimmed();
    } else if (status == PGRES_TUPLES_OK) {
        const int cols = PQnfields(res);
        for (int c = 0; c < cols; ++c)
            out.columns << QString::fromUtf8(PQfname(res, c));
        const int rows = PQntuples(res);
        out.values.reserve(rows);
        out.nulls.reserve(rows);
        for (int r = 0; r < rows; ++r) {
            QStringList row;
            QVector<bool> nullRow;
            for (int c = 0; c < cols; ++c) {
                row << QString::fromUtf8(PQgetvalue(res, r, c), PQgetlength(res, r, c));
                nullRow << bool(PQgetisnull(res, r, c));
            }
            out.values << row;
            out.nulls << nullRow;
        }
    }
    PQclear(res);
    return out;
}
