#include "jsontext.h"

#include <QStringList>

#include <cstring>

namespace receiver::support {

namespace {

// One pass over the text: validates, and when `path` is given, keeps the raw text of the
// number at that path.
class Scanner final
{
public:
    Scanner(const QByteArray &text, const QStringList *path) : m_text(text), m_path(path) {}

    bool document()
    {
        skipSpace();
        if (!value(0, 0))
            return false;
        skipSpace();
        return m_at == m_text.size();
    }

    QByteArray captured() const { return m_captured; }

private:
    bool atEnd() const { return m_at >= m_text.size(); }
    uchar peek() const { return atEnd() ? 0 : uchar(m_text.at(m_at)); }

    void skipSpace()
    {
        while (!atEnd()) {
            const uchar c = peek();
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                return;
            ++m_at;
        }
    }

    bool literal(const char *word)
    {
        const qsizetype n = qsizetype(qstrlen(word));
        if (m_text.mid(m_at, n) != word)
            return false;
        m_at += n;
        return true;
    }

    // `level`: how many steps of the path led here (-1: off the path).
    bool value(int depth, int level)
    {
        // `depth` containers enclose this value; it may open one more up to the limit.
        if (depth >= kMaxJsonDepth && (peek() == '{' || peek() == '['))
            return false;
        const bool target = m_path && level == m_path->size();
        switch (peek()) {
        case '{':
            return object(depth + 1, target ? -1 : level);
        case '[':
            return array(depth + 1, target ? -1 : level);
        case '"':
            return string(nullptr);
        case 't':
            return literal("true");
        case 'f':
            return literal("false");
        case 'n':
            return literal("null");
        default: {
            const qsizetype start = m_at;
            if (!number())
                return false;
            if (target)
                m_captured = m_text.mid(start, m_at - start);
            return true;
        }
        }
    }

    // The step below `level` for a member named `name`, or -1.
    int childLevel(int level, const QString &name) const
    {
        if (!m_path || level < 0 || level >= m_path->size())
            return -1;
        return m_path->at(level) == name ? level + 1 : -1;
    }

    bool object(int depth, int level)
    {
        ++m_at; // '{'
        skipSpace();
        if (peek() == '}') {
            ++m_at;
            return true;
        }
        for (;;) {
            skipSpace();
            if (peek() != '"')
                return false;
            QString name;
            if (!string(m_path && level >= 0 ? &name : nullptr))
                return false;
            skipSpace();
            if (peek() != ':')
                return false;
            ++m_at;
            skipSpace();
            const int child = childLevel(level, name);
            // A later duplicate of the path's member replaces what an earlier one gave.
            if (child > 0 && child == m_path->size())
                m_captured.clear();
            if (!value(depth, child))
                return false;
            skipSpace();
            if (peek() == ',') {
                ++m_at;
                continue;
            }
            if (peek() == '}') {
                ++m_at;
                return true;
            }
            return false;
        }
    }

    bool array(int depth, int level)
    {
        ++m_at; // '['
        skipSpace();
        if (peek() == ']') {
            ++m_at;
            return true;
        }
        for (int index = 0;; ++index) {
            skipSpace();
            if (!value(depth, childLevel(level, QString::number(index))))
                return false;
            skipSpace();
            if (peek() == ',') {
                ++m_at;
                continue;
            }
            if (peek() == ']') {
                ++m_at;
                return true;
            }
            return false;
        }
    }

    bool number()
    {
        if (peek() == '-')
            ++m_at;
        if (peek() == '0') {
            ++m_at;
        } else if (peek() >= '1' && peek() <= '9') {
            while (peek() >= '0' && peek() <= '9')
                ++m_at;
        } else {
            return false;
        }
        if (peek() == '.') {
            ++m_at;
            if (!(peek() >= '0' && peek() <= '9'))
                return false;
            while (peek() >= '0' && peek() <= '9')
                ++m_at;
        }
        if (peek() == 'e' || peek() == 'E') {
            ++m_at;
            if (peek() == '+' || peek() == '-')
                ++m_at;
            if (!(peek() >= '0' && peek() <= '9'))
                return false;
            while (peek() >= '0' && peek() <= '9')
                ++m_at;
        }
        return true;
    }

    bool hex4(uint *out)
    {
        if (m_at + 4 > m_text.size())
            return false;
        uint v = 0;
        for (int i = 0; i < 4; ++i) {
            const uchar c = uchar(m_text.at(m_at + i));
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= uint(c - '0');
            else if (c >= 'a' && c <= 'f')
                v |= uint(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                v |= uint(c - 'A' + 10);
            else
                return false;
        }
        m_at += 4;
        *out = v;
        return true;
    }

    // One UTF-8 sequence starting at a byte >= 0x80 (RFC 3629's table).
    bool utf8(QString *decoded)
    {
        const uchar c = peek();
        int more = 0;
        uint code = 0;
        uchar low = 0x80, high = 0xBF; // the first continuation byte's range
        if (c >= 0xC2 && c <= 0xDF) {
            more = 1;
            code = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            more = 2;
            code = c & 0x0F;
            if (c == 0xE0)
                low = 0xA0; // no overlong form
            if (c == 0xED)
                high = 0x9F; // no encoded surrogate
        } else if (c >= 0xF0 && c <= 0xF4) {
            more = 3;
            code = c & 0x07;
            if (c == 0xF0)
                low = 0x90;
            if (c == 0xF4)
                high = 0x8F; // nothing past U+10FFFF
        } else {
            return false;
        }
        ++m_at;
        for (int i = 0; i < more; ++i) {
            const uchar next = peek();
            if (atEnd() || next < (i == 0 ? low : 0x80) || next > (i == 0 ? high : 0xBF))
                return false;
            code = (code << 6) | (next & 0x3F);
            ++m_at;
        }
        if (decoded) {
            const char32_t scalar = code;
            decoded->append(QString::fromUcs4(&scalar, 1));
        }
        return true;
    }

    bool string(QString *decoded)
    {
        ++m_at; // '"'
        for (;;) {
            if (atEnd())
                return false;
            const uchar c = peek();
            if (c == '"') {
                ++m_at;
                return true;
            }
            if (c < 0x20)
                return false; // a raw control character, NUL included
            if (c >= 0x80) {
                if (!utf8(decoded))
                    return false;
                continue;
            }
            ++m_at;
            if (c != '\\') {
                if (decoded)
                    decoded->append(QLatin1Char(char(c)));
                continue;
            }
            const uchar e = peek();
            ++m_at;
            static const char kSimple[] = "\"\\/bfnrt";
            static const char kMeans[] = "\"\\/\b\f\n\r\t";
            const char *simple = e != 0 ? std::strchr(kSimple, char(e)) : nullptr;
            if (simple) {
                if (decoded)
                    decoded->append(QLatin1Char(kMeans[simple - kSimple]));
                continue;
            }
            if (e != 'u')
                return false; // \8, \U, \x ...
            uint unit = 0;
            if (!hex4(&unit) || unit == 0)
                return false; // jsonb cannot hold U+0000
            if (unit >= 0xDC00 && unit <= 0xDFFF)
                return false; // a low surrogate alone
            if (unit >= 0xD800 && unit <= 0xDBFF) {
                uint second = 0;
                if (!literal("\\u") || !hex4(&second) || second < 0xDC00 || second > 0xDFFF)
                    return false;
                if (decoded) {
                    decoded->append(QChar(char16_t(unit)));
                    decoded->append(QChar(char16_t(second)));
                }
                continue;
            }
            if (decoded)
                decoded->append(QChar(char16_t(unit)));
        }
    }

    const QByteArray &m_text;
    const QStringList *m_path;
    qsizetype m_at = 0;
    QByteArray m_captured;
};

} // namespace

bool isStrictJson(const QByteArray &text)
{
    return Scanner(text, nullptr).document();
}

QByteArray rawNumberAt(const QByteArray &text, const QString &dottedPath)
{
    const QStringList path = dottedPath.split(QLatin1Char('.'));
    Scanner scanner(text, &path);
    if (!scanner.document())
        return {};
    return scanner.captured();
}

} // namespace receiver::support
