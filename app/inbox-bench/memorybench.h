#pragma once

#include "figure.h"

namespace inbox {
class ConsoleContext;
}

namespace bench {

// Console-side memory: this process's resident set (VmRSS) after a JournalModel, with the
// view scrolled away from the top, paged through `rows` rows (fetchMore in a loop, as the
// view does while scrolling), and before. Appends one figure; false with the reason.
bool runMemoryFigure(inbox::ConsoleContext *context, qint64 rows, QVector<Figure> *figures,
                     QString *error);

// Kilobytes of a /proc/self/status field ("VmRSS", "VmHWM"), -1 when unreadable.
qint64 procStatusKb(const char *field);

} // namespace bench
