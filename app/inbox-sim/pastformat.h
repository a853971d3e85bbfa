#pragma once

#include <QByteArray>
#include <QString>

namespace inbox::sim {

// The small conversions a past's rows are written with (history.h): the fill runs them for
// every row, so they avoid QDateTime and QJsonDocument.
constexpr qint64 kSecond = 1000000; // microseconds

qint64 micros(double seconds);
// "YYYY-MM-DD" of a time in microseconds since the epoch (UTC).
QByteArray dayText(qint64 us);
// A JSON string literal, quotes included.
QByteArray jsonString(const QString &s);
QString sha256Hex(const QByteArray &data);

} // namespace inbox::sim
