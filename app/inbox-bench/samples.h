#pragma once

#include "db/pgconnection.h"
#include "journal/journalfilter.h"

#include <QDateTime>
#include <QStringList>
#include <QVector>

#include <optional>

namespace bench {

// Values the query figures look for, drawn once from the database so every run (console and
// plain alike) asks for real rows: random events' keys, a day in the middle of the data,
// and the journal keys at given depths of the newest-first order.
struct Samples
{
    QStringList sources;     // one per run, cycling
    QStringList externalIds; // exact external-id searches
    QStringList idempotencyKeys;
    QStringList prefixes; // the first half (at least 4 characters) of an external id
    QDateTime dayFrom, dayTo;
    struct Deep
    {
        qint64 requestedPages = 0;
        qint64 offsetRows = 0; // where the key sits (clamped to the table)
        inbox::JournalKey key;
    };
    QVector<Deep> deep;
};

// nullopt with the reason on failure. `count` values of each kind; deep keys for each depth
// in pages of `pageSize` rows (a depth past the end is clamped to one page before it).
std::optional<Samples> drawSamples(inbox::PgConnection &db, int count, qint64 events,
                                   const QVector<qint64> &depthPages, int pageSize, QString *error);

} // namespace bench
