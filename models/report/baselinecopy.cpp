#include "report/baselinecopy.h"

#include "db/pgconnection.h"
#include "report/exportreader.h"
#include "report/exportrow.h"

namespace inbox {

namespace {

// libpq sends what it has buffered at about 8 kB; a bigger piece only saves calls.
constexpr qsizetype kPiece = 64 * 1024;

// One field in COPY's text format: NULL as \N, the rest escaped by copyEscape (a phone cell
// with several numbers keeps its line breaks).
void appendField(QByteArray &out, const QString &value, bool last = false)
{
    out += value.isNull() ? QByteArray("\\N") : copyEscape(value.toUtf8());
    out += last ? '\n' : '\t';
}

QString orNull(const QString &value)
{
    return value.isEmpty() ? QString() : value;
}

} // namespace

QString BaselineCopy::beginSql()
{
    return QStringLiteral("BEGIN; SELECT inbox.begin_baseline_copy()");
}

QString BaselineCopy::copySql()
{
    return QStringLiteral("COPY pg_temp.baseline_copy (line, source, external_id, created_at,"
                          " phones, emails, name) FROM STDIN");
}

QString BaselineCopy::storeSql()
{
    return QStringLiteral("SELECT inbox.import_baseline_copy($1, $2, $3, $4)");
}

BaselineCopy BaselineCopy::run(PgConnection &db, ExportReader &reader, const Names &names,
                               const std::atomic_bool *cancelled,
                               const std::function<void(int rows)> &storing)
{
    BaselineCopy copy;
    DbError ignored;
    // The staging table of 100,000 rows is about 15 MB; with the default 8 MB of local
    // buffers the server writes and rereads part of it for each of its three scans. The
    // setting only takes before the session's first temporary table: on a session that had
    // one, the error is ignored and the import runs as it would have.
    db.run(QStringLiteral("SET temp_buffers = '32MB'"), &ignored);
    if (!db.run(beginSql(), &copy.m_error) || !db.beginCopy(copySql(), &copy.m_error)) {
        db.run(QStringLiteral("ROLLBACK"), &ignored);
        return copy;
    }
    if (!copy.readAndSend(db, reader, cancelled) || copy.m_rows == 0) {
        db.run(QStringLiteral("ROLLBACK"), &ignored);
        return copy;
    }
    if (storing)
        storing(copy.m_rows);
    const auto stored = db.exec(storeSql(),
                                {PgParam(names.name), PgParam(names.fileName),
                                 PgParam(names.layoutName), PgParam(copy.m_unreadable)},
                                &copy.m_error);
    if (!stored || !db.run(QStringLiteral("COMMIT"), &copy.m_error)) {
        db.run(QStringLiteral("ROLLBACK"), &ignored);
        return copy;
    }
    copy.m_baselineId = stored->toInt(0, 0);
    return copy;
}

// Reads the records and sends the readable ones; ends the copy. False when the copy failed
// or was given up (cancelled, or nothing to store), with m_error set when the server said why.
bool BaselineCopy::readAndSend(PgConnection &db, ExportReader &reader,
                               const std::atomic_bool *cancelled)
{
    ExportRow row;
    QVector<ImportProblem> problems;
    QByteArray piece;
    piece.reserve(kPiece + 4096);
    bool sent = true;
    for (qint64 records = 0; sent; ++records) {
        if (cancelled && records % 1000 == 0 && cancelled->load()) {
            m_cancelled = true;
            break;
        }
        const ExportReader::Next next = reader.next(&row, &problems);
        if (next == ExportReader::Next::End)
            break;
        if (next == ExportReader::Next::Problems) {
            ++m_unreadable;
            m_problems += problems;
            continue;
        }
        ++m_rows;
        piece += QByteArray::number(row.line);
        piece += '\t';
        appendField(piece, row.source);
        appendField(piece, orNull(row.externalId));
        appendField(piece, row.createdAt.toUTC().toString(Qt::ISODateWithMs));
        appendField(piece, row.phones.isEmpty() ? QString() : row.phones.join(QLatin1Char('\n')));
        appendField(piece, row.emails.isEmpty() ? QString() : row.emails.join(QLatin1Char('\n')));
        appendField(piece, orNull(row.name), true);
        if (piece.size() >= kPiece) {
            sent = db.sendCopy(piece, &m_error);
            piece.clear();
        }
    }
    if (sent && !m_cancelled)
        sent = db.sendCopy(piece, &m_error);
    if (!sent || m_cancelled || m_rows == 0) {
        // The server drops what it was sent; its answer to the failed copy is not the news.
        DbError ignored;
        db.endCopy(m_cancelled ? QStringLiteral("cancelled") : QStringLiteral("not stored"),
                   &ignored);
        return false;
    }
    return db.endCopy(QString(), &m_error);
}

} // namespace inbox
