#pragma once

#include "db/querychannel.h"

#include <QDate>
#include <QDateTime>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace inbox {

// One day of one source (or of all sources summed), from inbox.stats_daily: maintained
// counters, never a count over the events.
struct DayFigures
{
    QDate day;
    qint64 received = 0; // new events (first deliveries)
    qint64 repeats = 0;  // repeat deliveries of a known key with the same fingerprint
    qint64 conflicts = 0;
    qint64 done = 0;
    qint64 failed = 0; // moved to failed, for a person
    qint64 requeued = 0;

    // Every delivery the receivers took: first ones, repeats and conflicting repeats.
    qint64 deliveries() const { return received + repeats + conflicts; }
    // The health signal: the part of the deliveries that were repeats (0..1; 0 with none).
    double repeatShare() const;
    // Events that reached an end today: done or failed.
    qint64 outcomes() const { return done + failed; }
    // The part of those that failed (0..1; 0 with none).
    double failureShare() const;

    DayFigures &operator+=(const DayFigures &other);
};

// The state now of one source, from inbox.stats_now.
struct NowFigures
{
    QString source;
    qint64 waiting = 0; // received: due now or scheduled for a retry
    qint64 due = 0;
    qint64 processing = 0;
    qint64 stuck = 0; // processing with a lock older than the lock timeout
    qint64 failed = 0;
    QDateTime oldestWaiting; // since when the longest-due event has waited; null when none

    NowFigures &operator+=(const NowFigures &other);
};

// The event that has waited longest (one probe of the due-queue index).
struct OldestEvent
{
    qint64 id = 0;
    QString source;
    QString externalId;
    QDateTime dueSince;
    int attempts = 0;
};

// Everything the overview shows, read in one batch.
struct OverviewSnapshot
{
    QDateTime serverNow; // the server's clock: ages are measured against it, not ours
    QDate today;         // the server's UTC day, as the counters bucket days
    int days = 0;        // today and the days before it
    // Per source, index 0 = today, then one entry per earlier day, zero-filled.
    QMap<QString, QVector<DayFigures>> daily;
    QVector<NowFigures> now; // by source name
    qint64 openDuplicates = 0;
    std::optional<OldestEvent> oldest;
    qint64 elapsedUs = 0; // how long the batch took on the worker

    // Every source seen in the daily figures or now, sorted.
    QStringList sources() const;
    // The days of one source, or of all sources summed when `source` is empty.
    QVector<DayFigures> dailyFor(const QString &source) const;
    NowFigures nowTotal() const;
    NowFigures nowFor(const QString &source) const;
    // Seconds the oldest due event has waited, or -1 when nothing is due.
    qint64 oldestAgeSeconds() const;
};

// The overview's batch: statement order is what parseOverview expects. `days` counts today.
QVector<Query> overviewQueries(int days);
// Reads the replies of overviewQueries(days). nullopt with a reason when the shape is wrong.
std::optional<OverviewSnapshot> parseOverview(const QVector<Rows> &results, int days,
                                              QString *error);

// "3 d 4 h", "2 h 05 min", "12 min", "40 s": how long something has waited.
QString formatAge(qint64 seconds);
// "12.3 %"; "0 %" for exactly zero.
QString formatShare(double share);

} // namespace inbox
