#include "pollwindow.h"

#include <QCryptographicHash>

namespace inbox::poll {

QString isoTime(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

QDateTime readIsoTime(const QJsonValue &value)
{
    if (!value.isString())
        return {};
    const QString text = value.toString();
    // Without an offset Qt would read local time: a cursor is always UTC and says so.
    if (!text.endsWith(QLatin1Char('Z')) && !text.contains(QLatin1Char('+')) &&
        text.lastIndexOf(QLatin1Char('-')) <= 7)
        return {};
    const QDateTime t = QDateTime::fromString(text, Qt::ISODateWithMs);
    return t.isValid() ? t.toUTC() : QDateTime();
}

bool windowOf(const QJsonObject &cursor, const QDateTime &now, const WindowRules &rules,
              PollWindow *out, bool *isNew, QString *error)
{
    if (cursor.contains(QLatin1String("since")) || cursor.contains(QLatin1String("to"))) {
        out->since = readIsoTime(cursor.value(QLatin1String("since")));
        out->to = readIsoTime(cursor.value(QLatin1String("to")));
        if (!out->since.isValid() || !out->to.isValid() || out->to < out->since) {
            *error = QStringLiteral("the cursor's window (since, to) is not two ISO 8601 times "
                                    "in order");
            return false;
        }
        *isNew = false;
        return true;
    }
    if (cursor.contains(QLatin1String("polled_to"))) {
        const QDateTime polledTo = readIsoTime(cursor.value(QLatin1String("polled_to")));
        if (!polledTo.isValid()) {
            *error = QStringLiteral("the cursor's polled_to is not an ISO 8601 time");
            return false;
        }
        out->since = polledTo.addMSecs(-rules.overlapMs);
    } else {
        out->since = now.addMSecs(-rules.firstWindowMs);
    }
    out->to = now.toUTC();
    if (out->since > out->to) // a clock that went back: read the overlap, never a negative span
        out->since = out->to.addMSecs(-rules.overlapMs);
    if (rules.maxWindowMs > 0 && out->since.msecsTo(out->to) > rules.maxWindowMs)
        out->to = out->since.addMSecs(rules.maxWindowMs);
    out->since = out->since.toUTC();
    *isNew = true;
    return true;
}

QJsonObject withWindow(QJsonObject cursor, const PollWindow &window)
{
    cursor.insert(QLatin1String("since"), isoTime(window.since));
    cursor.insert(QLatin1String("to"), isoTime(window.to));
    return cursor;
}

PollWindow requestWindow(const QJsonObject &requestCursor)
{
    return PollWindow{readIsoTime(requestCursor.value(QLatin1String("since"))),
                      readIsoTime(requestCursor.value(QLatin1String("to")))};
}

QString sha256Hex(const QByteArray &stable)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(stable, QCryptographicHash::Sha256).toHex());
}

QJsonObject finishedCursor(const PollWindow &window)
{
    return QJsonObject{{QLatin1String("polled_to"), isoTime(window.to)}};
}

} // namespace inbox::poll
