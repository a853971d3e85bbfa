#pragma once

#include <QByteArray>
#include <QString>

namespace inbox::sim {

// Compact JSON written straight into a byte array, byte for byte as
// QJsonDocument::toJson(QJsonDocument::Compact) writes the same document: no spaces, strings
// as UTF-8 with Qt's escapes, integers in decimal. It keeps no keys: the caller writes an
// object's keys in the order QJsonObject keeps them (sorted, ASCII here). The bulk fill
// composes every body with it; a QJsonObject per body was about 30 % of its generators' CPU.
class JsonWriter final
{
public:
    explicit JsonWriter(QByteArray &out) : m_out(out) {}
    Q_DISABLE_COPY_MOVE(JsonWriter)

    JsonWriter &object()
    {
        separate();
        m_out += '{';
        return *this;
    }
    JsonWriter &endObject()
    {
        m_out += '}';
        return *this;
    }
    JsonWriter &array()
    {
        separate();
        m_out += '[';
        return *this;
    }
    JsonWriter &endArray()
    {
        m_out += ']';
        return *this;
    }
    // `name` is plain ASCII that needs no escape.
    JsonWriter &key(const char *name)
    {
        separate();
        m_out += '"';
        m_out += name;
        m_out += "\":";
        return *this;
    }
    JsonWriter &integer(qint64 v)
    {
        separate();
        char b[24];
        char *p = b + sizeof b;
        const bool negative = v < 0;
        quint64 u = negative ? 0 - quint64(v) : quint64(v);
        do {
            *--p = char('0' + u % 10);
            u /= 10;
        } while (u);
        if (negative)
            *--p = '-';
        m_out.append(p, qsizetype(b + sizeof b - p));
        return *this;
    }
    JsonWriter &boolean(bool v)
    {
        separate();
        m_out += v ? "true" : "false";
        return *this;
    }
    JsonWriter &string(const QString &s)
    {
        separate();
        const qsizetype start = m_out.size();
        m_out.resize(start + 6 * s.size() + 2); // the longest escape of one UTF-16 unit
        char *p = m_out.data() + start;
        *p++ = '"';
        const char16_t *src = reinterpret_cast<const char16_t *>(s.constData());
        const char16_t *const end = src + s.size();
        while (src != end) {
            const char16_t u = *src++;
            if (u < 0x80) {
                if (u >= 0x20 && u != '"' && u != '\\') {
                    *p++ = char(u);
                    continue;
                }
                *p++ = '\\';
                switch (u) {
                case '"':
                    *p++ = '"';
                    break;
                case '\\':
                    *p++ = '\\';
                    break;
                case '\b':
                    *p++ = 'b';
                    break;
                case '\f':
                    *p++ = 'f';
                    break;
                case '\n':
                    *p++ = 'n';
                    break;
                case '\r':
                    *p++ = 'r';
                    break;
                case '\t':
                    *p++ = 't';
                    break;
                default:
                    p = unicodeEscape(p, u);
                }
            } else if (u < 0x800) {
                *p++ = char(0xc0 | (u >> 6));
                *p++ = char(0x80 | (u & 0x3f));
            } else if (u < 0xd800 || u > 0xdfff) {
                *p++ = char(0xe0 | (u >> 12));
                *p++ = char(0x80 | ((u >> 6) & 0x3f));
                *p++ = char(0x80 | (u & 0x3f));
            } else if (u < 0xdc00 && src != end && *src >= 0xdc00 && *src <= 0xdfff) {
                const char32_t c = 0x10000 + ((char32_t(u) - 0xd800) << 10) + (*src++ - 0xdc00);
                *p++ = char(0xf0 | (c >> 18));
                *p++ = char(0x80 | ((c >> 12) & 0x3f));
                *p++ = char(0x80 | ((c >> 6) & 0x3f));
                *p++ = char(0x80 | (c & 0x3f));
            } else {
                *p++ = '\\'; // a lone surrogate: no UTF-8 for it, Qt writes the escape
                p = unicodeEscape(p, u);
            }
        }
        *p++ = '"';
        m_out.truncate(p - m_out.constData());
        return *this;
    }

private:
    // A comma before a key or a value unless it opens its object or array or follows its key.
    void separate()
    {
        if (!m_out.isEmpty()) {
            const char last = m_out.back();
            if (last != '{' && last != '[' && last != ':')
                m_out += ',';
        }
    }
    static char *unicodeEscape(char *p, char16_t u)
    {
        static const char hex[] = "0123456789abcdef";
        *p++ = 'u';
        *p++ = hex[(u >> 12) & 0xf];
        *p++ = hex[(u >> 8) & 0xf];
        *p++ = hex[(u >> 4) & 0xf];
        *p++ = hex[u & 0xf];
        return p;
    }

    QByteArray &m_out;
};

} // namespace inbox::sim
