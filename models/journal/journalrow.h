#pragma once

#include "journal/journalquery.h"

#include <QString>
#include <QVariant>
#include <QVector>

namespace inbox {

struct Rows;

// One journal row as the table shows it (no body: its size only).
struct JournalRow
{
    int rank = 0;
    qint64 id = 0;
    qint64 receivedUs = 0;
    qint64 occurredUs = 0;
    QString source, externalId, kind, status, needsReview, lastError, idempotencyKey, contentType,
        lockedBy, sortText;
    QVariant errorRetryable; // bool, or null when there was no error
    int attempts = 0, maxAttempts = 0, deliveries = 0;
    qint64 bodyBytes = 0;
    // A key kept by prune (inbox.kept_keys), not an event: when prune removed its event. Its
    // id is the event id it had, received is first seen, status "pruned"; no body.
    qint64 prunedUs = 0;
    bool isKept() const { return prunedUs != 0; }

    JournalKey key() const { return JournalKey{rank, receivedUs, id, externalId, sortText}; }
    bool operator==(const JournalRow &o) const;
    bool operator!=(const JournalRow &o) const { return !(*this == o); }
    // Reads every row of a page statement (columns as JournalQuery::columns()).
    static QVector<JournalRow> fromRows(const Rows &rows);
};

} // namespace inbox
