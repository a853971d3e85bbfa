#include "plainsql.h"

#include <QDateTime>
#include <libpq-fe.h>

#include <vector>

namespace bench {

inbox::PgParam toParam(const QVariant &value)
{
    if (value.isNull())
        return inbox::PgParam::null();
    switch (value.typeId()) {
    case QMetaType::Bool:
        return inbox::PgParam(value.toBool());
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::UInt:
    case QMetaType::ULongLong:
        return inbox::PgParam(value.toLongLong());
    case QMetaType::Double:
        return inbox::PgParam(value.toDouble());
    case QMetaType::QDateTime:
        return inbox::PgParam(value.toDateTime().toString(Qt::ISODateWithMs));
    default:
        return inbox::PgParam(value.toString());
    }
}

bool runPlain(inbox::PgConnection &conn, const QVector<inbox::Query> &batch, QString *error)
{
    for (const inbox::Query &q : batch) {
        // Always the extended protocol (even without values), as the console's driver
        // prepares every statement; the rows are received, not converted.
        std::vector<inbox::PgParam> params;
        params.reserve(size_t(q.params.size()));
        for (const QVariant &v : q.params)
            params.push_back(toParam(v));
        std::vector<const char *> values;
        for (const inbox::PgParam &p : params)
            values.push_back(p.isNull() ? nullptr : p.value().constData());
        const QByteArray sql = q.sql.toUtf8();
        PGresult *res = PQexecParams(conn.raw(), sql.constData(), int(values.size()), nullptr,
                                     values.data(), nullptr, nullptr, 0);
        const ExecStatusType status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
        const bool ok = status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK;
        if (!ok)
            *error = QString::fromUtf8(res ? PQresultErrorMessage(res) : PQerrorMessage(conn.raw()))
                         .trimmed();
        PQclear(res);
        if (!ok)
            return false;
    }
    return true;
}

} // namespace bench
