#pragma once
// The figures of one Report: a baseline (a month's CRM export from before the inbox, stored by
// inbox.import_baseline) counted for duplicates, beside the inbox's own counts for a period
// after the change (inbox.remeasure), and the seeds' cost arithmetic: every duplicate a
// manager handles costs `minutesPerDuplicate`. Before the inbox each duplicate reached a
// person; after it, the repeats are absorbed by the inbox and only the possible duplicates it
// flags do. Both sides are put per 30 days, so a 3-week period compares with a month.
// Plain values: the screen, the CSV and the PDF show the same numbers.

#include <QDate>
#include <QDateTime>
#include <QString>
#include <QVector>

namespace inbox {

struct BaselineInfo
{
    qint64 id = 0;
    QString name;
    QString fileName;
    QString layoutName;
    QString importedBy;
    QDateTime importedAt;
    QDateTime periodFirst; // of the rows' created_at
    QDateTime periodLast;
    int rowCount = 0;
    int unreadableLines = 0;

    // The days the export covers (at least 1).
    int days() const;
};

// One source of the baseline: its rows and the rows beyond the first of each duplicate group
// (by external id, by phone, by e-mail within the window; `duplicates` counts a row once).
struct BeforeFigures
{
    QString source;
    qint64 rows = 0;
    qint64 dupExternalId = 0;
    qint64 dupPhone = 0;
    qint64 dupEmail = 0;
    qint64 duplicates = 0;
};

// One source of the inbox in the period: what arrived, what the inbox absorbed (repeats), and
// what still needed a person (possible duplicates) or went wrong (refused, failed).
struct AfterFigures
{
    QString source;
    qint64 received = 0;
    qint64 repeats = 0;
    qint64 conflicts = 0;
    qint64 deliveries = 0;
    qint64 flagged = 0;
    qint64 merged = 0;
    qint64 rejected = 0;
    qint64 stillOpen = 0;
    qint64 refused = 0;
    qint64 failed = 0;
};

struct ReportFigures
{
    BaselineInfo baseline;
    int windowHours = 24;
    int minutesPerDuplicate = 7;
    QDate from; // the re-measured period, UTC days, both included
    QDate to;
    QVector<BeforeFigures> before;
    QVector<AfterFigures> after;

    BeforeFigures beforeTotal() const;
    AfterFigures afterTotal() const;
    int afterDays() const;

    // Duplicates that reached a person, per 30 days: the baseline's, the inbox's flagged ones.
    double beforeDuplicatesPerMonth() const;
    double afterDuplicatesPerMonth() const;
    // Those times minutesPerDuplicate, in hours per 30 days.
    double beforeHoursPerMonth() const;
    double afterHoursPerMonth() const;
    // The baseline's duplicates as a share of its rows; the inbox's repeats as a share of its
    // deliveries (0 when there is nothing).
    double beforeShare() const;
    double afterRepeatShare() const;
    // The possible duplicates that reached a person as a share of the deliveries: the figure
    // to set beside beforeShare() when the inbox's volume differs from the export's (a month
    // of a bigger shop, or a shorter period), where counts per 30 days mislead.
    double afterFlaggedShare() const;
};

} // namespace inbox
