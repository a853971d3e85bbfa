#include "report/exportvalues.h"

#include <QRegularExpression>

namespace inbox {

namespace ExportValues {

QTimeZone defaultZone()
{
    return QTimeZone(QByteArrayLiteral("Europe/Moscow"));
}

namespace {

QDateTime build(int year, int month, int day, int hour, int minute, int second, int ms,
                const QString &offset, const QTimeZone &zone)
{
    const QDate date(year, month, day);
    const QTime time(hour, minute, second, ms);
    if (!date.isValid() || !time.isValid())
        return {};
    if (offset.isEmpty())
        return QDateTime(date, time, zone).toUTC();
    if (offset == QLatin1String("Z") || offset == QLatin1String("z"))
        return QDateTime(date, time, Qt::UTC);
    // "+03:00", "+0300" or "+03".
    const int sign = offset.at(0) == QLatin1Char('-') ? -1 : 1;
    const QString digits = QString(offset.mid(1)).remove(QLatin1Char(':'));
    const int hours = digits.left(2).toInt();
    const int minutes = digits.size() > 2 ? digits.mid(2).toInt() : 0;
    if (hours > 23 || minutes > 59)
        return {};
    return QDateTime(date, time, QTimeZone(sign * (hours * 3600 + minutes * 60))).toUTC();
}

} // namespace

QDateTime parseCreatedAt(const QString &text, const QTimeZone &zone)
{
    static const QRegularExpression russian(QStringLiteral(
        "^(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})(?:\\s+(\\d{1,2}):(\\d{2})(?::(\\d{2}))?)?$"));
    static const QRegularExpression iso(QStringLiteral(
        "^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?)?"
        "\\s*(Z|z|[+-]\\d{2}(?::?\\d{2})?)?$"));
    const QString t = text.trimmed();
    if (t.isEmpty())
        return {};
    QRegularExpressionMatch m = russian.match(t);
    if (m.hasMatch()) {
        return build(m.capturedView(3).toInt(), m.capturedView(2).toInt(),
                     m.capturedView(1).toInt(), m.capturedView(4).toInt(),
                     m.capturedView(5).toInt(), m.capturedView(6).toInt(), 0, {}, zone);
    }
    m = iso.match(t);
    if (m.hasMatch()) {
        // A time zone only with a time: "2026-11-03+03:00" is not a format anyone exports.
        if (m.capturedLength(4) == 0 && m.capturedLength(8) > 0)
            return {};
        const QString fraction = (m.captured(7) + QStringLiteral("000")).left(3);
        return build(m.capturedView(1).toInt(), m.capturedView(2).toInt(),
                     m.capturedView(3).toInt(), m.capturedView(4).toInt(),
                     m.capturedView(5).toInt(), m.capturedView(6).toInt(), fraction.toInt(),
                     m.captured(8), zone);
    }
    return {};
}

QStringList splitContacts(const QString &cell)
{
    QStringList out;
    if (cell.isEmpty())
        return out;
    qsizetype start = 0;
    for (qsizetype i = 0; i <= cell.size(); ++i) {
        if (i == cell.size() || cell.at(i) == QLatin1Char(',') || cell.at(i) == QLatin1Char(';')) {
            const QString part = cell.mid(start, i - start).trimmed();
            if (!part.isEmpty())
                out.append(part);
            start = i + 1;
        }
    }
    return out;
}

} // namespace ExportValues

} // namespace inbox
