#pragma once

#include <QDateTime>
#include <QStringList>
#include <QTimeZone>

namespace inbox {

// The values of an export's cells, read the way CRMs write them.
namespace ExportValues {

// The zone a time without an offset is read in when the caller says nothing: the CRMs of the
// shops this console serves export Moscow time.
QTimeZone defaultZone();

// A creation time in the formats Bitrix24 and amoCRM export ("dd.MM.yyyy HH:mm:ss",
// "dd.MM.yyyy HH:mm", "dd.MM.yyyy") or ISO 8601 ("yyyy-MM-dd", "yyyy-MM-ddTHH:mm[:ss[.zzz]]",
// with a space instead of T, with Z or an offset). A time without an offset is in `zone`.
// Returned in UTC; invalid when the text is none of these or not a real date.
QDateTime parseCreatedAt(const QString &text, const QTimeZone &zone);

// A contact cell as a list: some exports pack several phones or e-mails into one cell,
// separated by ',' or ';'. Each part trimmed, empty parts dropped, nothing else changed.
QStringList splitContacts(const QString &cell);

} // namespace ExportValues

} // namespace inbox
