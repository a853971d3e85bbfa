#include "journal/journalrow.h"

#include "db/querychannel.h"

namespace inbox {

bool JournalRow::operator==(const JournalRow &o) const
{
    return rank == o.rank && id == o.id && receivedUs == o.receivedUs &&
           occurredUs == o.occurredUs && source == o.source && externalId == o.externalId &&
           kind == o.kind && status == o.status && needsReview == o.needsReview &&
           lastError == o.lastError && idempotencyKey == o.idempotencyKey &&
           contentType == o.contentType && lockedBy == o.lockedBy &&
           errorRetryable == o.errorRetryable && attempts == o.attempts &&
           maxAttempts == o.maxAttempts && deliveries == o.deliveries && bodyBytes == o.bodyBytes &&
           prunedUs == o.prunedUs;
}

QVector<JournalRow> JournalRow::fromRows(const Rows &rows)
{
    QVector<JournalRow> out;
    out.reserve(rows.rows.size());
    const int cRank = rows.column(QStringLiteral("rank"));
    const int cId = rows.column(QStringLiteral("id"));
    const int cReceived = rows.column(QStringLiteral("received_us"));
    const int cOccurred = rows.column(QStringLiteral("occurred_us"));
    const int cSource = rows.column(QStringLiteral("source"));
    const int cExternal = rows.column(QStringLiteral("external_id"));
    const int cKind = rows.column(QStringLiteral("kind"));
    const int cStatus = rows.column(QStringLiteral("status"));
    const int cAttempts = rows.column(QStringLiteral("attempts"));
    const int cMax = rows.column(QStringLiteral("max_attempts"));
    const int cDeliveries = rows.column(QStringLiteral("deliveries"));
    const int cReview = rows.column(QStringLiteral("needs_review"));
    const int cError = rows.column(QStringLiteral("last_error"));
    const int cRetryable = rows.column(QStringLiteral("error_retryable"));
    const int cKey = rows.column(QStringLiteral("idempotency_key"));
    const int cType = rows.column(QStringLiteral("content_type"));
    const int cBytes = rows.column(QStringLiteral("body_bytes"));
    const int cLocked = rows.column(QStringLiteral("locked_by"));
    const int cSort = rows.column(QStringLiteral("sort_text"));
    const int cPruned = rows.column(QStringLiteral("pruned_us"));
    for (const QVariantList &v : rows.rows) {
        JournalRow r;
        r.rank = v.value(cRank).toInt();
        r.id = v.value(cId).toLongLong();
        r.receivedUs = v.value(cReceived).toLongLong();
        r.occurredUs = v.value(cOccurred).toLongLong();
        r.source = v.value(cSource).toString();
        r.externalId = v.value(cExternal).toString();
        r.sortText = v.value(cSort).toString();
        r.kind = v.value(cKind).toString();
        r.status = v.value(cStatus).toString();
        r.attempts = v.value(cAttempts).toInt();
        r.maxAttempts = v.value(cMax).toInt();
        r.deliveries = v.value(cDeliveries).toInt();
        r.needsReview = v.value(cReview).toString();
        r.lastError = v.value(cError).toString();
        const QVariant retryable = v.value(cRetryable);
        if (!retryable.isNull())
            r.errorRetryable = retryable.toBool();
        r.idempotencyKey = v.value(cKey).toString();
        r.contentType = v.value(cType).toString();
        r.bodyBytes = v.value(cBytes).toLongLong();
        r.lockedBy = v.value(cLocked).toString();
        r.prunedUs = v.value(cPruned).toLongLong();
        out << r;
    }
    return out;
}

} // namespace inbox
