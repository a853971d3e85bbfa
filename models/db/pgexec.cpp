#include "db/pgexec.h"

#include <QDateTime>
#include <libpq-fe.h>

#include <vector>

namespace inbox {

namespace {

// Type oids of pg_type (stable across server versions).
enum : Oid {
    kBool = 16,
    kBytea = 17,
    kInt8 = 20,
    kInt2 = 21,
    kInt4 = 23,
    kOid = 26,
    kFloat4 = 700,
    kFloat8 = 701,
    kNumeric = 1700,
    kDate = 1082,
    kTime = 1083,
    kTimestamp = 1114,
    kTimestampTz = 1184,
    kTimeTz = 1266,
};

QMetaType metaTypeFor(Oid type)
{
    switch (type) {
    case kBool:
        return QMetaType::fromType<bool>();
    case kInt8:
        return QMetaType::fromType<qlonglong>();
    case kInt2:
    case kInt4:
    case kOid:
        return QMetaType::fromType<int>();
    case kFloat4:
    case kFloat8:
    case kNumeric:
        return QMetaType::fromType<double>();
    case kBytea:
        return QMetaType::fromType<QByteArray>();
    case kDate:
        return QMetaType::fromType<QDate>();
    case kTime:
    case kTimeTz:
        return QMetaType::fromType<QTime>();
    case kTimestamp:
    case kTimestampTz:
        return QMetaType::fromType<QDateTime>();
    default:
        return QMetaType::fromType<QString>();
    }
}

// "HH:MM:SS[.ffffff]" at the start of `s`; the fraction is cut to milliseconds.
QTime parseTime(const QByteArray &s, int *consumed)
{
    *consumed = 0;
    if (s.size() < 8 || s.at(2) != ':' || s.at(5) != ':')
        return {};
    const int h = s.mid(0, 2).toInt(), m = s.mid(3, 2).toInt(), sec = s.mid(6, 2).toInt();
    int i = 8, ms = 0;
    if (i < s.size() && s.at(i) == '.') {
        ++i;
        int digits = 0;
        while (i < s.size() && s.at(i) >= '0' && s.at(i) <= '9') {
            if (digits < 3)
                ms = ms * 10 + (s.at(i) - '0');
            ++digits;
            ++i;
        }
        for (; digits < 3; ++digits)
            ms *= 10;
    }
    *consumed = i;
    return QTime(h, m, sec, ms);
}

// "+03", "-05:30", "+0530" -> seconds east of UTC.
int parseOffset(const QByteArray &s)
{
    if (s.isEmpty() || (s.at(0) != '+' && s.at(0) != '-'))
        return 0;
    const int sign = s.at(0) == '-' ? -1 : 1;
    QByteArray digits;
    for (char c : s.mid(1))
        if (c >= '0' && c <= '9')
            digits += c;
    const int h = digits.left(2).toInt(), m = digits.mid(2, 2).toInt(),
              sec = digits.mid(4, 2).toInt();
    return sign * (h * 3600 + m * 60 + sec);
}

QByteArray paramText(const QVariant &value, bool *binary)
{
    *binary = false;
    switch (value.metaType().id()) {
    case QMetaType::Bool:
        return value.toBool() ? "true" : "false";
    case QMetaType::Double:
    case QMetaType::Float:
        return QByteArray::number(value.toDouble(), 'g', 17);
    case QMetaType::QByteArray:
        *binary = true; // bytea: the bytes themselves, no escaping
        return value.toByteArray();
    case QMetaType::QDateTime:
        return value.toDateTime()
                   .toUTC()
                   .toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz"))
                   .toLatin1() +
               'Z';
    case QMetaType::QDate:
        return value.toDate().toString(Qt::ISODate).toLatin1();
    case QMetaType::QTime:
        return value.toTime().toString(QStringLiteral("HH:mm:ss.zzz")).toLatin1();
    default:
        return value.toString().toUtf8();
    }
}

} // namespace

QDateTime pgTimestampToDateTime(const QByteArray &text, bool withZone)
{
    // "YYYY-MM-DD HH:MM:SS[.ffffff][+TZ]"
    if (text.size() < 19 || text.at(4) != '-' || text.at(10) != ' ')
        return {}; // infinity, BC dates: not something the inbox stores
    const QDate date(text.mid(0, 4).toInt(), text.mid(5, 2).toInt(), text.mid(8, 2).toInt());
    int used = 0;
    const QByteArray rest = text.mid(11);
    const QTime time = parseTime(rest, &used);
    if (!date.isValid() || !time.isValid())
        return {};
    const int offset = withZone ? parseOffset(rest.mid(used)) : 0;
    return QDateTime(date, time, Qt::UTC).addSecs(-offset);
}

QVariant pgTextToVariant(unsigned int typeOid, const char *text, int length)
{
    const QByteArray raw = QByteArray::fromRawData(text, length);
    switch (typeOid) {
    case kBool:
        return QVariant(length > 0 && text[0] == 't');
    case kInt8:
        return QVariant(raw.toLongLong());
    case kInt2:
    case kInt4:
    case kOid:
        return QVariant(raw.toInt());
    case kFloat4:
    case kFloat8:
    case kNumeric: {
        if (raw == "NaN")
            return QVariant(qQNaN());
        if (raw == "Infinity")
            return QVariant(qInf());
        if (raw == "-Infinity")
            return QVariant(-qInf());
        return QVariant(raw.toDouble());
    }
    case kBytea: {
        size_t size = 0;
        unsigned char *bytes =
            PQunescapeBytea(reinterpret_cast<const unsigned char *>(text), &size);
        if (!bytes)
            return QVariant(QByteArray());
        QByteArray out(reinterpret_cast<const char *>(bytes), qsizetype(size));
        PQfreemem(bytes);
        return QVariant(out);
    }
    case kDate:
        return QVariant(QDate::fromString(QString::fromLatin1(raw), Qt::ISODate));
    case kTime:
    case kTimeTz: {
        int used = 0;
        return QVariant(parseTime(raw, &used));
    }
    case kTimestamp:
        return QVariant(pgTimestampToDateTime(raw, false));
    case kTimestampTz:
        return QVariant(pgTimestampToDateTime(raw, true));
    default:
        return QVariant(QString::fromUtf8(text, length));
    }
}

bool execParams(PGconn *conn, const Query &query, Rows *rows, DbError *error)
{
    const int n = int(query.params.size());
    const auto count = static_cast<size_t>(n);
    std::vector<QByteArray> texts(count);
    std::vector<const char *> values(count, nullptr);
    std::vector<int> lengths(count, 0), formats(count, 0);
    for (int i = 0; i < n; ++i) {
        const QVariant &v = query.params.at(i);
        if (v.isNull()) {
            values[size_t(i)] = nullptr;
            continue;
        }
        bool binary = false;
        texts[size_t(i)] = paramText(v, &binary);
        values[size_t(i)] = texts[size_t(i)].constData();
        lengths[size_t(i)] = int(texts[size_t(i)].size());
        formats[size_t(i)] = binary ? 1 : 0;
    }
    PGresult *result = PQexecParams(conn, query.sql.toUtf8().constData(), n, nullptr, values.data(),
                                    lengths.data(), formats.data(), 0);
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
        *error = DbError::fromResult(result, conn);
        if (PQstatus(conn) != CONNECTION_OK)
            error->connectionLost = true;
        PQclear(result);
        return false;
    }
    const int columns = PQnfields(result);
    const int tuples = PQntuples(result);
    rows->columns.clear();
    rows->rows.clear();
    std::vector<Oid> types(static_cast<size_t>(columns));
    for (int c = 0; c < columns; ++c) {
        rows->columns << QString::fromUtf8(PQfname(result, c));
        types[size_t(c)] = PQftype(result, c);
    }
    rows->rows.reserve(tuples);
    for (int r = 0; r < tuples; ++r) {
        QVariantList row;
        row.reserve(columns);
        for (int c = 0; c < columns; ++c) {
            const Oid type = types[size_t(c)];
            if (PQgetisnull(result, r, c))
                row << QVariant(metaTypeFor(type));
            else
                row << pgTextToVariant(type, PQgetvalue(result, r, c), PQgetlength(result, r, c));
        }
        rows->rows << row;
    }
    PQclear(result);
    return true;
}

} // namespace inbox
