#pragma once

#include <QDate>
#include <QDateTime>
#include <QString>

namespace inbox {

// A moment for people, in one format on every screen and in both languages: ISO 8601's order
// (2026-12-03 14:05) in local time. The locale's short formats differed from screen to screen
// (US "12/3/26 2:05 PM" in English beside the Journal's ISO), and a date a support person reads
// aloud must not depend on the screen it came from.
QString timeText(const QDateTime &at);        // 2026-12-03 14:05
QString timeTextSeconds(const QDateTime &at); // 2026-12-03 14:05:09
QString timeTextToday(const QDateTime &at);   // 14:05 today, else as timeText
QString dateText(const QDate &day);           // 2026-12-03

} // namespace inbox
