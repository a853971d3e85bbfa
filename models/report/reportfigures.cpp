#include "report/reportfigures.h"

namespace inbox {

namespace {

constexpr double kMonthDays = 30;

double perMonth(qint64 count, int days)
{
    return days > 0 ? double(count) * kMonthDays / double(days) : 0;
}

double share(qint64 part, qint64 whole)
{
    return whole > 0 ? double(part) / double(whole) : 0;
}

} // namespace

int BaselineInfo::days() const
{
    if (!periodFirst.isValid() || !periodLast.isValid())
        return 1;
    return int(periodFirst.toUTC().date().daysTo(periodLast.toUTC().date())) + 1;
}

BeforeFigures ReportFigures::beforeTotal() const
{
    BeforeFigures t;
    for (const BeforeFigures &b : before) {
        t.rows += b.rows;
        t.dupExternalId += b.dupExternalId;
        t.dupPhone += b.dupPhone;
        t.dupEmail += b.dupEmail;
        t.duplicates += b.duplicates;
    }
    return t;
}

AfterFigures ReportFigures::afterTotal() const
{
    AfterFigures t;
    for (const AfterFigures &a : after) {
        t.received += a.received;
        t.repeats += a.repeats;
        t.conflicts += a.conflicts;
        t.deliveries += a.deliveries;
        t.flagged += a.flagged;
        t.merged += a.merged;
        t.rejected += a.rejected;
        t.stillOpen += a.stillOpen;
        t.refused += a.refused;
        t.failed += a.failed;
    }
    return t;
}

int ReportFigures::afterDays() const
{
    return from.isValid() && to.isValid() && from <= to ? int(from.daysTo(to)) + 1 : 0;
}

double ReportFigures::beforeDuplicatesPerMonth() const
{
    return perMonth(beforeTotal().duplicates, baseline.days());
}

double ReportFigures::afterDuplicatesPerMonth() const
{
    return perMonth(afterTotal().flagged, afterDays());
}

double ReportFigures::beforeHoursPerMonth() const
{
    return beforeDuplicatesPerMonth() * minutesPerDuplicate / 60.0;
}

double ReportFigures::afterHoursPerMonth() const
{
    return afterDuplicatesPerMonth() * minutesPerDuplicate / 60.0;
}

double ReportFigures::beforeShare() const
{
    const BeforeFigures t = beforeTotal();
    return share(t.duplicates, t.rows);
}

double ReportFigures::afterRepeatShare() const
{
    const AfterFigures t = afterTotal();
    return share(t.repeats, t.deliveries);
}

double ReportFigures::afterFlaggedShare() const
{
    const AfterFigures t = afterTotal();
    return share(t.flagged, t.deliveries);
}

} // namespace inbox
