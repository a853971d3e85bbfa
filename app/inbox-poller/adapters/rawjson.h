#pragma once
// Reading a JSON answer by its bytes, not through QJsonValue: a number in a QJsonValue is a
// double, so an id like 12345678901234567890 would lose its last digits, both as a key and in
// the item's body. These functions find a value by a dotted path and hand back its exact text.
// They expect well-formed JSON: check the document with QJsonDocument::fromJson first (the
// adapters do), then walk it here.

#include <QByteArray>
#include <QList>
#include <QString>

namespace inbox::poll::rawjson {

struct Span
{
    qsizetype begin = -1; // of the value's first byte; -1: not found
    qsizetype end = -1;   // one past its last byte
    bool found() const { return begin >= 0; }
};

// The whole document's value (without the white space around it).
Span root(const QByteArray &json);

// The value at `path` ("result.items"; each part a member of an object) inside `from`; an
// empty path is `from` itself. Not found when a part is missing or not an object's member.
Span find(const QByteArray &json, Span from, const QString &path);

// The elements of the array `array`; empty when it is not an array.
QList<Span> elements(const QByteArray &json, Span array);

// The value's JSON text without the white space between tokens (strings untouched).
QByteArray compact(const QByteArray &json, Span value);

// A scalar as text: a string decoded, a number exactly as written, true/false; `*ok` false
// for null, an object or an array.
QString scalarText(const QByteArray &json, Span value, bool *ok);

// The value's first byte: '"', '{', '[', 't', 'f', 'n', or a digit or '-' for a number.
char kindOf(const QByteArray &json, Span value);

} // namespace inbox::poll::rawjson
