#include "overview/overviewdata.h"

#include "db/rowcolumns.h"
#include "support/duration.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace inbox {

namespace {

double share(qint64 part, qint64 whole)
{
    return whole > 0 ? double(part) / double(whole) : 0.0;
}

// The oldest due event is found by walking event_queue_due_idx from its start: one index
// probe, the same order inbox.claim takes them in.
const char *const kOldestSql = R"sql(
SELECT e.id, e.source, e.external_id, e.next_attempt_at, e.attempts
  FROM inbox.event_queue q
  JOIN inbox.events e ON e.id = q.id
 WHERE q.status = 'received' AND q.next_attempt_at <= now()
 ORDER BY q.next_attempt_at, q.id
 LIMIT 1)sql";

} // namespace

double DayFigures::repeatShare() const
{
    return share(repeats, deliveries());
}

double DayFigures::failureShare() const
{
    return share(failed, outcomes());
}

DayFigures &DayFigures::operator+=(const DayFigures &other)
{
    received += other.received;
    repeats += other.repeats;
    conflicts += other.conflicts;
    done += other.done;
    failed += other.failed;
    requeued += other.requeued;
    return *this;
}

NowFigures &NowFigures::operator+=(const NowFigures &other)
{
    waiting += other.waiting;
    due += other.due;
    processing += other.processing;
    stuck += other.stuck;
    failed += other.failed;
    if (other.oldestWaiting.isValid() &&
        (!oldestWaiting.isValid() || other.oldestWaiting < oldestWaiting))
        oldestWaiting = other.oldestWaiting;
    return *this;
}

QStringList OverviewSnapshot::sources() const
{
    QStringList all = daily.keys();
    for (const NowFigures &n : now) {
        if (!all.contains(n.source))
            all << n.source;
    }
    std::sort(all.begin(), all.end());
    return all;
}

QVector<DayFigures> OverviewSnapshot::dailyFor(const QString &source) const
{
    QVector<DayFigures> out(days);
    for (int i = 0; i < days; ++i)
        out[i].day = today.addDays(-i);
    for (auto it = daily.cbegin(); it != daily.cend(); ++it) {
        if (!source.isEmpty() && it.key() != source)
            continue;
        for (int i = 0; i < days && i < it.value().size(); ++i)
            out[i] += it.value().at(i);
    }
    return out;
}

NowFigures OverviewSnapshot::nowTotal() const
{
    NowFigures total;
    for (const NowFigures &n : now)
        total += n;
    return total;
}

NowFigures OverviewSnapshot::nowFor(const QString &source) const
{
    if (source.isEmpty())
        return nowTotal();
    for (const NowFigures &n : now) {
        if (n.source == source)
            return n;
    }
    NowFigures none;
    none.source = source;
    return none;
}

qint64 OverviewSnapshot::oldestAgeSeconds() const
{
    if (!oldest || !oldest->dueSince.isValid() || !serverNow.isValid())
        return -1;
    return std::max<qint64>(0, oldest->dueSince.secsTo(serverNow));
}

QVector<Query> overviewQueries(int days)
{
    return {
        Query{QStringLiteral("SELECT now() AS server_now, (now() AT TIME ZONE 'UTC')::date AS "
                             "today, inbox.open_duplicates() AS open_duplicates"),
              {}},
        Query{QStringLiteral("SELECT day, source, received, repeats, conflicts, done, failed, "
                             "requeued FROM inbox.stats_daily($1)"),
              {days}},
        Query{QStringLiteral("SELECT source, waiting, due, processing, stuck, failed, "
                             "oldest_waiting FROM inbox.stats_now()"),
              {}},
        Query{QString::fromLatin1(kOldestSql), {}},
    };
}

std::optional<OverviewSnapshot> parseOverview(const QVector<Rows> &results, int days,
                                              QString *error)
{
    const auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (results.size() != 4)
        return fail(QStringLiteral("expected 4 results, got %1").arg(results.size()));
    const Rows &head = results.at(0);
    if (head.rows.size() != 1 || head.columns.size() != 3)
        return fail(QStringLiteral("unexpected shape of the clock row"));

    OverviewSnapshot s;
    s.days = days;
    s.serverNow = head.rows.first().at(0).toDateTime();
    s.today = head.rows.first().at(1).toDate();
    s.openDuplicates = head.rows.first().at(2).toLongLong();
    if (!s.today.isValid())
        return fail(QStringLiteral("the server's day did not parse"));

    const Rows &daily = results.at(1);
    if (daily.columns.size() != 8)
        return fail(QStringLiteral("unexpected shape of stats_daily"));
    for (const QVariantList &r : daily.rows) {
        const QDate day = r.at(0).toDate();
        const qint64 back = day.daysTo(s.today);
        if (back < 0 || back >= days)
            continue; // a writer's clock ahead of the server's, or outside the window
        QVector<DayFigures> &row = s.daily[r.at(1).toString()];
        if (row.isEmpty()) {
            row.resize(days);
            for (int i = 0; i < days; ++i)
                row[i].day = s.today.addDays(-i);
        }
        DayFigures &d = row[int(back)];
        d.received += r.at(2).toLongLong();
        d.repeats += r.at(3).toLongLong();
        d.conflicts += r.at(4).toLongLong();
        d.done += r.at(5).toLongLong();
        d.failed += r.at(6).toLongLong();
        d.requeued += r.at(7).toLongLong();
    }

    const Rows &now = results.at(2);
    if (now.columns.size() != 7)
        return fail(QStringLiteral("unexpected shape of stats_now"));
    for (const QVariantList &r : now.rows) {
        NowFigures n;
        readColumns(r, n.source, n.waiting, n.due, n.processing, n.stuck, n.failed,
                    n.oldestWaiting);
        s.now << n;
    }

    const Rows &oldest = results.at(3);
    if (oldest.columns.size() != 5)
        return fail(QStringLiteral("unexpected shape of the oldest event"));
    if (!oldest.rows.isEmpty()) {
        const QVariantList &r = oldest.rows.first();
        s.oldest = OldestEvent{r.at(0).toLongLong(), r.at(1).toString(), r.at(2).toString(),
                               r.at(3).toDateTime(), r.at(4).toInt()};
    }
    return s;
}

QString formatAge(qint64 seconds)
{
    return seconds < 0 ? QString() : formatDuration(seconds);
}

QString formatShare(double share)
{
    if (share <= 0.0)
        return QStringLiteral("0 %");
    const double percent = share * 100.0;
    // One decimal below 10 %, where a point matters; whole numbers above.
    return QLocale().toString(percent, 'f', percent < 10.0 ? 1 : 0) + QStringLiteral(" %");
}

} // namespace inbox
