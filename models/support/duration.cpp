#include "support/duration.h"

#include <QCoreApplication>

namespace inbox {

QString formatDuration(qint64 seconds)
{
    // Literal texts at each call, so lupdate finds them.
    const qint64 s = qAbs(seconds);
    if (s < 60)
        return QCoreApplication::translate("inbox::Duration", "%1 s").arg(s);
    if (s < 3600)
        return QCoreApplication::translate("inbox::Duration", "%1 min").arg(s / 60);
    if (s < 86400) {
        return s % 3600 >= 60
                   ? QCoreApplication::translate("inbox::Duration", "%1 h %2 min")
                         .arg(s / 3600)
                         .arg(s % 3600 / 60)
                   : QCoreApplication::translate("inbox::Duration", "%1 h").arg(s / 3600);
    }
    return s % 86400 >= 3600
               ? QCoreApplication::translate("inbox::Duration", "%1 d %2 h")
                     .arg(s / 86400)
                     .arg(s % 86400 / 3600)
               : QCoreApplication::translate("inbox::Duration", "%1 d").arg(s / 86400);
}

} // namespace inbox
