#include "db/pgconnection.h"

#include "db/connectplan.h"
#include "db/libpqconnect.h"

#include <libpq-fe.h>

#include <vector>

namespace inbox {

PgParam PgParam::bytes(const QByteArray &raw)
{
    PgParam p;
    p.m_value = raw;
    p.m_null = raw.isNull();
    p.m_binary = true;
    return p;
}

// ---------------------------------------------------------------------------------------
PgRows::PgRows(PGresult *result) : m_result(result) {}

PgRows::~PgRows()
{
    PQclear(m_result);
}

PgRows::PgRows(PgRows &&other) noexcept : m_result(other.m_result)
{
    other.m_result = nullptr;
}

PgRows &PgRows::operator=(PgRows &&other) noexcept
{
    if (this != &other) {
        PQclear(m_result);
        m_result = other.m_result;
        other.m_result = nullptr;
    }
    return *this;
}

int PgRows::rows() const
{
    return m_result ? PQntuples(m_result) : 0;
}

int PgRows::columns() const
{
    return m_result ? PQnfields(m_result) : 0;
}

int PgRows::column(const char *name) const
{
    return m_result ? PQfnumber(m_result, name) : -1;
}

bool PgRows::isNull(int row, int col) const
{
    if (!m_result || row < 0 || col < 0 || row >= rows() || col >= columns())
        return true;
    return PQgetisnull(m_result, row, col) != 0;
}

QString PgRows::text(int row, int col) const
{
    if (isNull(row, col))
        return {};
    return QString::fromUtf8(PQgetvalue(m_result, row, col), PQgetlength(m_result, row, col));
}

QByteArray PgRows::raw(int row, int col) const
{
    if (isNull(row, col))
        return {};
    return QByteArray(PQgetvalue(m_result, row, col), PQgetlength(m_result, row, col));
}

qint64 PgRows::toInt(int row, int col, qint64 fallback) const
{
    if (isNull(row, col))
        return fallback;
    bool ok = false;
    const qint64 v = raw(row, col).toLongLong(&ok);
    return ok ? v : fallback;
}

bool PgRows::toBool(int row, int col) const
{
    return !isNull(row, col) && PQgetvalue(m_result, row, col)[0] == 't';
}

qint64 PgRows::affected() const
{
    if (!m_result)
        return 0;
    return QByteArray(PQcmdTuples(m_result)).toLongLong();
}

// ---------------------------------------------------------------------------------------
PgConnection::~PgConnection()
{
    close();
}

bool PgConnection::connect(const QString &conninfo, const QString &applicationName, DbError *error)
{
    ConnectOptions options;
    options.conninfo = conninfo;
    options.applicationName = applicationName;
    options.statementTimeoutMs = 0; // a fill or a benchmark step may run for minutes
    return connect(options, error);
}

bool PgConnection::connect(const ConnectOptions &options, DbError *error)
{
    close();
    const std::optional<ConnectPlan> plan = ConnectPlan::make(options, error);
    m_conn = plan ? connectLibpq(*plan, {}, error) : nullptr;
    if (!m_conn)
        return false;
    // Server NOTICEs (e.g. "relation already exists, skipping") are not our output.
    PQsetNoticeProcessor(
        m_conn, [](void *, const char *) {}, nullptr);
    m_broken = false;
    return true;
}

void PgConnection::close()
{
    if (m_conn)
        PQfinish(m_conn);
    m_conn = nullptr;
}

bool PgConnection::isOpen() const
{
    return m_conn && PQstatus(m_conn) == CONNECTION_OK;
}

bool PgConnection::isBroken() const
{
    return m_broken || !isOpen();
}

std::optional<PgRows> PgConnection::exec(const QString &sql, const QVector<PgParam> &params,
                                         DbError *error)
{
    if (!m_conn) {
        if (error) {
            *error = DbError::plain(QStringLiteral("not connected"));
            error->connectionLost = true;
        }
        return std::nullopt;
    }
    const QByteArray text = sql.toUtf8();
    PGresult *res = nullptr;
    if (params.isEmpty()) {
        res = PQexec(m_conn, text.constData());
    } else {
        const int n = int(params.size());
        std::vector<const char *> values(size_t(n), nullptr);
        std::vector<int> lengths(size_t(n), 0);
        std::vector<int> formats(size_t(n), 0);
        for (int i = 0; i < n; ++i) {
            const PgParam &p = params.at(i);
            if (p.isNull())
                continue;
            values[size_t(i)] = p.value().constData();
            lengths[size_t(i)] = int(p.value().size());
            formats[size_t(i)] = p.isBinary() ? 1 : 0;
        }
        res = PQexecParams(m_conn, text.constData(), n, nullptr, values.data(), lengths.data(),
                           formats.data(), 0);
    }
    const ExecStatusType status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK)
        return PgRows(res);

    DbError e = DbError::fromResult(res, m_conn);
    if (PQstatus(m_conn) != CONNECTION_OK)
        e.connectionLost = true;
    m_broken = e.connectionLost;
    PQclear(res);
    if (error)
        *error = e;
    return std::nullopt;
}

bool PgConnection::copyIn(const QString &copySql, const QByteArray &data, DbError *error)
{
    if (!beginCopy(copySql, error))
        return false;
    bool sent = true;
    constexpr qsizetype kPiece = 1 << 20;
    for (qsizetype at = 0; sent && at < data.size(); at += kPiece)
        sent = sendCopy(data.mid(at, qMin(kPiece, data.size() - at)), error);
    if (!sent) {
        endCopy(QStringLiteral("client failed to send the data"), nullptr);
        return false;
    }
    return endCopy(QString(), error);
}

bool PgConnection::beginCopy(const QString &copySql, DbError *error)
{
    if (!m_conn) {
        if (error)
            *error = DbError::plain(QStringLiteral("not connected"));
        return false;
    }
    PGresult *res = PQexec(m_conn, copySql.toUtf8().constData());
    if (!res || PQresultStatus(res) != PGRES_COPY_IN) {
        if (error)
            *error = DbError::fromResult(res, m_conn);
        PQclear(res);
        return false;
    }
    PQclear(res);
    return true;
}

bool PgConnection::sendCopy(const QByteArray &piece, DbError *error)
{
    if (piece.isEmpty())
        return true;
    if (PQputCopyData(m_conn, piece.constData(), int(piece.size())) == 1)
        return true;
    if (error)
        *error = DbError::fromConnection(m_conn);
    return false;
}

bool PgConnection::endCopy(const QString &failure, DbError *error)
{
    const QByteArray reason = failure.toUtf8();
    if (PQputCopyEnd(m_conn, failure.isEmpty() ? nullptr : reason.constData()) != 1) {
        if (error)
            *error = DbError::fromConnection(m_conn);
        return false;
    }
    bool ok = true;
    PGresult *res = nullptr;
    while ((res = PQgetResult(m_conn)) != nullptr) {
        if (PQresultStatus(res) != PGRES_COMMAND_OK) {
            if (ok && error)
                *error = DbError::fromResult(res, m_conn);
            ok = false;
        }
        PQclear(res);
    }
    return ok && failure.isEmpty();
}

QByteArray copyEscape(const QByteArray &value)
{
    QByteArray out;
    out.reserve(value.size() + 8);
    for (const char c : value) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            out += c;
        }
    }
    return out;
}

} // namespace inbox
