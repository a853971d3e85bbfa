#include "journal/journalexporter.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "journal/journalmodel.h"
#include "journal/journalquery.h"

#include <QSaveFile>

#include <algorithm>

namespace inbox {

JournalExporter::JournalExporter(ConsoleContext *context, QObject *parent)
    : QObject(parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("export"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &JournalExporter::onReply);
}

JournalExporter::~JournalExporter()
{
    cancel();
}

QByteArray JournalExporter::csvField(const QString &value)
{
    // RFC 4180: quoted when it holds a separator, a quote or a line break; quotes doubled.
    // External ids and error texts come from outside: a value a spreadsheet would run as a
    // formula (=, +, -, @, tab, CR first) gets a leading apostrophe, the usual guard, which
    // spreadsheets hide. Plain numbers ("-42", "+7916...") are left as they are.
    QByteArray bytes = value.toUtf8();
    static const QByteArray formulaStart("=+-@\t\r");
    if (!bytes.isEmpty() && formulaStart.contains(bytes.at(0))) {
        bool number = false;
        value.toDouble(&number);
        if (!number)
            bytes.prepend('\'');
    }
    if (bytes.contains(',') || bytes.contains('"') || bytes.contains('\n') ||
        bytes.contains('\r')) {
        bytes.replace("\"", "\"\"");
        bytes = '"' + bytes + '"';
    }
    return bytes;
}

QByteArray JournalExporter::header()
{
    return "event_id,received_at,occurred_at,source,external_id,kind,status,attempts,"
           "max_attempts,deliveries,needs_review,last_error,error_retryable,idempotency_key,"
           "content_type,body_bytes,locked_by\r\n";
}

namespace {
QString isoUtc(qint64 us)
{
    const qint64 frac = ((us % 1000000) + 1000000) % 1000000;
    return JournalQuery::fromMicros(us).toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")) +
           QStringLiteral(".%1Z").arg(frac, 6, 10, QLatin1Char('0'));
}

QByteArray csvLine(const JournalRow &r)
{
    const QString retryable =
        r.errorRetryable.isNull()
            ? QString()
            : (r.errorRetryable.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
    // A key prune kept (status "pruned") has no occurrence time, attempts or body: empty
    // fields, never 1970 or 0.
    const bool kept = r.isKept();
    auto number = [kept](qint64 n) {
        return kept ? QString() : QString::number(n);
    };
    const QStringList fields{QString::number(r.id),
                             isoUtc(r.receivedUs),
                             kept ? QString() : isoUtc(r.occurredUs),
                             r.source,
                             r.externalId,
                             r.kind,
                             r.status,
                             number(r.attempts),
                             number(r.maxAttempts),
                             QString::number(r.deliveries),
                             r.needsReview,
                             r.lastError,
                             retryable,
                             r.idempotencyKey,
                             r.contentType,
                             number(r.bodyBytes),
                             r.lockedBy};
    QByteArray line;
    for (int i = 0; i < fields.size(); ++i) {
        if (i)
            line += ',';
        line += JournalExporter::csvField(fields.at(i));
    }
    return line + "\r\n";
}
} // namespace

bool JournalExporter::start(const JournalFilter &filter, const QString &path, QString *error)
{
    cancel();
    if (!m_context->isConnected()) {
        *error = tr("Not connected.");
        return false;
    }
    auto file = std::make_unique<QSaveFile>(path);
    if (!file->open(QIODevice::WriteOnly)) {
        *error = file->errorString();
        return false;
    }
    // A byte order mark, so spreadsheet programs read the UTF-8 (Cyrillic names) right.
    file->write("\xEF\xBB\xBF" + header());
    m_file = std::move(file);
    m_filter = filter;
    m_last.reset();
    m_rows = 0;
    m_retried = false;
    m_channel->setConnectOptions(m_context->readOptions());
    next();
    return true;
}

void JournalExporter::next()
{
    const JournalQuery::Page page =
        JournalQuery::page(m_filter, m_last, JournalQuery::Direction::Forward, kPageSize);
    m_paged = page.paged;
    m_ticket = m_channel->submit(page.statements);
}

void JournalExporter::cancel()
{
    if (!m_file)
        return;
    m_channel->cancel();
    m_file->cancelWriting();
    m_file.reset();
}

void JournalExporter::finish(bool ok, const QString &error)
{
    QString message = error;
    if (ok && !m_file->commit()) {
        ok = false;
        message = m_file->errorString();
    }
    if (!ok && m_file)
        m_file->cancelWriting();
    m_file.reset();
    emit finished(ok, message, m_rows);
}

void JournalExporter::onReply(const QueryReply &reply)
{
    if (!m_file || reply.ticket != m_ticket)
        return;
    if (!reply.ok()) {
        if (m_context->retryAfter(reply.error, &m_retried)) {
            next(); // resumes after the last row written: nothing twice, nothing missed
            return;
        }
        finish(false, reply.error.message);
        return;
    }
    m_retried = false;
    QVector<JournalRow> rows;
    for (const Rows &r : reply.results)
        rows += JournalRow::fromRows(r);
    if (m_last) {
        rows.erase(std::remove_if(rows.begin(), rows.end(),
                                  [this](const JournalRow &r) {
                                      return JournalQuery::compare(m_filter, r.key(), *m_last) <= 0;
                                  }),
                   rows.end());
    }
    std::sort(rows.begin(), rows.end(), [this](const JournalRow &a, const JournalRow &b) {
        return JournalQuery::compare(m_filter, a.key(), b.key()) < 0;
    });
    QByteArray chunk;
    for (const JournalRow &r : std::as_const(rows))
        chunk += csvLine(r);
    if (m_file->write(chunk) != chunk.size()) {
        finish(false, m_file->errorString());
        return;
    }
    m_rows += rows.size();
    emit progress(m_rows);
    const bool complete =
        m_paged < 0 || reply.results.value(m_paged).rows.size() < kPageSize || rows.isEmpty();
    if (complete) {
        finish(true, QString());
        return;
    }
    m_last = rows.last().key();
    next();
}

} // namespace inbox
