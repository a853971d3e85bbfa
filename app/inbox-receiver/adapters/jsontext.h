#pragma once
// JSON as its raw text: the strict check every JSON body passes before an adapter reads it,
// and the exact text of a number (an id) that Qt's reader would round through a double.
//
// Strict means RFC 8259 as PostgreSQL's ::jsonb reads it, so a body the receiver stores is
// one a worker can cast: no raw control character (U+0000..U+001F) inside a string, only the
// escapes \" \\ \/ \b \f \n \r \t \uXXXX, no \u0000 (jsonb cannot hold it), surrogate escapes
// only as a high-low pair, valid UTF-8 (no overlong forms, no encoded surrogates, nothing
// past U+10FFFF), numbers without a leading '+', leading zeros or a bare '.', whitespace only
// space, tab, CR and LF, no byte order mark, one value and nothing after it, and at most
// kMaxJsonDepth nested arrays and objects.

#include <QByteArray>
#include <QString>

namespace receiver::support {

constexpr int kMaxJsonDepth = 512;

bool isStrictJson(const QByteArray &text);

// The number's text at a dotted path ("id", "data.items.0.id"; an array step is a decimal
// index) of strict JSON text, as the sender wrote it; empty when the path is absent or its
// value is not a number. For a key given twice in one object the last one counts (as in
// jsonb and QJsonDocument).
QByteArray rawNumberAt(const QByteArray &text, const QString &dottedPath);

} // namespace receiver::support
