#pragma once

#include <QString>

namespace inbox {

// A span of time for people, in its two largest units: "45 s", "12 min", "3 h 5 min",
// "3 h", "2 d 4 h". Negative spans are shown by their size. One wording for every screen
// (how long a lock is held, how old the oldest waiting event is, how far apart two leads came).
QString formatDuration(qint64 seconds);

} // namespace inbox
