#include "support/timetext.h"

namespace inbox {

QString timeText(const QDateTime &at)
{
    return at.isValid() ? at.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")) : QString();
}

QString timeTextSeconds(const QDateTime &at)
{
    return at.isValid() ? at.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                        : QString();
}

QString timeTextToday(const QDateTime &at)
{
    if (!at.isValid())
        return QString();
    const QDateTime local = at.toLocalTime();
    if (local.date() == QDate::currentDate())
        return local.toString(QStringLiteral("HH:mm"));
    return timeText(local);
}

QString dateText(const QDate &day)
{
    return day.toString(QStringLiteral("yyyy-MM-dd"));
}

} // namespace inbox
