#include "rawjson.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace inbox::poll::rawjson {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

qsizetype skipSpace(const QByteArray &json, qsizetype at)
{
    while (at < json.size() && isSpace(json.at(at)))
        ++at;
    return at;
}

// One past the string that starts at `at` (its opening quote).
qsizetype skipString(const QByteArray &json, qsizetype at)
{
    for (++at; at < json.size(); ++at) {
        if (json.at(at) == '\\')
            ++at;
        else if (json.at(at) == '"')
            return at + 1;
    }
    return json.size();
}

// One past the value that starts at `at`.
qsizetype skipValue(const QByteArray &json, qsizetype at)
{
    if (at >= json.size())
        return at;
    const char c = json.at(at);
    if (c == '"')
        return skipString(json, at);
    if (c == '{' || c == '[') {
        int depth = 0;
        for (; at < json.size(); ++at) {
            const char d = json.at(at);
            if (d == '"') {
                at = skipString(json, at) - 1;
            } else if (d == '{' || d == '[') {
                ++depth;
            } else if (d == '}' || d == ']') {
                if (--depth == 0)
                    return at + 1;
            }
        }
        return json.size();
    }
    // A number or a literal: up to the next delimiter.
    while (at < json.size() && !isSpace(json.at(at)) && json.at(at) != ',' && json.at(at) != '}' &&
           json.at(at) != ']')
        ++at;
    return at;
}

QString decodeString(const QByteArray &json, Span s)
{
    const QByteArray raw = json.mid(s.begin, s.end - s.begin);
    if (!raw.contains('\\'))
        return QString::fromUtf8(raw.mid(1, raw.size() - 2));
    // Escapes: let Qt decode the string alone (strings are exact in a QJsonValue).
    return QJsonDocument::fromJson('[' + raw + ']').array().at(0).toString();
}

// The member `name` of the object at `object`.
Span member(const QByteArray &json, Span object, const QString &name)
{
    if (kindOf(json, object) != '{')
        return {};
    qsizetype at = skipSpace(json, object.begin + 1);
    while (at < object.end && json.at(at) == '"') {
        const Span key{at, skipString(json, at)};
        at = skipSpace(json, key.end);
        if (at >= object.end || json.at(at) != ':')
            return {};
        at = skipSpace(json, at + 1);
        const Span value{at, skipValue(json, at)};
        if (decodeString(json, key) == name)
            return value;
        at = skipSpace(json, value.end);
        if (at < object.end && json.at(at) == ',')
            at = skipSpace(json, at + 1);
    }
    return {};
}

} // namespace

Span root(const QByteArray &json)
{
    const qsizetype at = skipSpace(json, 0);
    if (at >= json.size())
        return {};
    return {at, skipValue(json, at)};
}

Span find(const QByteArray &json, Span from, const QString &path)
{
    if (!from.found() || path.isEmpty())
        return from;
    Span at = from;
    for (const QString &part : path.split(QLatin1Char('.'))) {
        at = member(json, at, part);
        if (!at.found())
            return {};
    }
    return at;
}

QList<Span> elements(const QByteArray &json, Span array)
{
    QList<Span> out;
    if (kindOf(json, array) != '[')
        return out;
    qsizetype at = skipSpace(json, array.begin + 1);
    while (at < array.end && json.at(at) != ']') {
        const Span value{at, skipValue(json, at)};
        out.append(value);
        at = skipSpace(json, value.end);
        if (at < array.end && json.at(at) == ',')
            at = skipSpace(json, at + 1);
    }
    return out;
}

QByteArray compact(const QByteArray &json, Span value)
{
    QByteArray out;
    out.reserve(value.end - value.begin);
    for (qsizetype at = value.begin; at < value.end; ++at) {
        const char c = json.at(at);
        if (c == '"') {
            const qsizetype end = skipString(json, at);
            out += json.mid(at, end - at);
            at = end - 1;
        } else if (!isSpace(c)) {
            out += c;
        }
    }
    return out;
}

QString scalarText(const QByteArray &json, Span value, bool *ok)
{
    const char c = kindOf(json, value);
    *ok = true;
    if (c == '"')
        return decodeString(json, value);
    if (c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f')
        return QString::fromLatin1(json.mid(value.begin, value.end - value.begin));
    *ok = false;
    return {};
}

char kindOf(const QByteArray &json, Span value)
{
    if (!value.found() || value.begin >= json.size())
        return 0;
    return json.at(value.begin);
}

} // namespace inbox::poll::rawjson
