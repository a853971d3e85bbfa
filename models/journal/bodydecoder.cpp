#include "journal/bodydecoder.h"

#include <QRegularExpression>
#include <QStringDecoder>

#include <vector>

namespace inbox {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

void appendUtf8(QByteArray &out, uint cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// A single pass over JSON text: validates it and writes it indented. No recursion (an
// explicit stack of open containers), so nesting depth costs memory, not the call stack.
class JsonPrinter
{
public:
    JsonPrinter(const QByteArray &in, bool truncated) : m_in(in), m_truncated(truncated) {}

    BodyDecoder::JsonResult run()
    {
        BodyDecoder::JsonResult r;
        m_out.reserve(m_in.size() + m_in.size() / 2);
        const bool ok = document();
        if (m_cut && m_truncated) {
            r.ok = !m_tooDeep && !m_overflow;
            r.cut = true;
        } else {
            r.ok = ok;
        }
        r.tooDeep = m_tooDeep;
        r.errorOffset = m_errorAt;
        r.error = m_error;
        if (r.ok)
            r.text = QString::fromUtf8(m_out);
        return r;
    }

private:
    enum class Expect { Value, Key, Colon, CommaOrEnd };

    bool fail(const char *what)
    {
        if (m_pos >= m_in.size()) {
            m_cut = true;
            m_error = QStringLiteral("unexpected end");
        } else {
            m_error = QString::fromLatin1(what);
        }
        m_errorAt = m_pos;
        return false;
    }

    void newline()
    {
        m_out += '\n';
        m_out.append(QByteArray(qsizetype(qMin<size_t>(m_stack.size(), 64) * 2), ' '));
    }

    void skipSpace()
    {
        while (m_pos < m_in.size() && isSpace(m_in.at(m_pos)))
            ++m_pos;
    }

    bool document()
    {
        Expect expect = Expect::Value;
        skipSpace();
        if (m_pos >= m_in.size())
            return fail("empty");
        for (;;) {
            if (m_out.size() > BodyDecoder::kMaxOutputChars) {
                m_overflow = true;
                return fail("output too large");
            }
            skipSpace();
            if (m_pos >= m_in.size()) {
                if (m_stack.empty() && expect == Expect::CommaOrEnd)
                    return true;
                return fail("unexpected end");
            }
            const char c = m_in.at(m_pos);
            switch (expect) {
            case Expect::Value:
                if (c == '{' || c == '[') {
                    if (m_stack.size() >= size_t(BodyDecoder::kMaxJsonDepth)) {
                        m_tooDeep = true;
                        return fail("nested too deeply");
                    }
                    ++m_pos;
                    skipSpace();
                    const char close = c == '{' ? '}' : ']';
                    if (m_pos < m_in.size() && m_in.at(m_pos) == close) {
                        ++m_pos;
                        m_out += c;
                        m_out += close;
                        expect = Expect::CommaOrEnd;
                        break;
                    }
                    m_out += c;
                    m_stack.push_back(c);
                    newline();
                    expect = c == '{' ? Expect::Key : Expect::Value;
                    break;
                }
                if (!scalar())
                    return false;
                expect = Expect::CommaOrEnd;
                break;
            case Expect::Key:
                if (c != '"')
                    return fail("expected a key");
                if (!string())
                    return false;
                expect = Expect::Colon;
                break;
            case Expect::Colon:
                if (c != ':')
                    return fail("expected ':'");
                ++m_pos;
                m_out += ": ";
                expect = Expect::Value;
                break;
            case Expect::CommaOrEnd:
                if (m_stack.empty())
                    return fail("data after the end");
                if (c == ',') {
                    ++m_pos;
                    m_out += ',';
                    newline();
                    expect = m_stack.back() == '{' ? Expect::Key : Expect::Value;
                    break;
                }
                if ((c == '}' && m_stack.back() == '{') || (c == ']' && m_stack.back() == '[')) {
                    ++m_pos;
                    m_stack.pop_back();
                    newline();
                    m_out += c;
                    expect = Expect::CommaOrEnd;
                    break;
                }
                return fail("expected ',' or the end of the container");
            }
        }
    }

    bool scalar()
    {
        const char c = m_in.at(m_pos);
        if (c == '"')
            return string();
        if (c == '-' || (c >= '0' && c <= '9'))
            return number();
        for (const char *word : {"true", "false", "null"}) {
            const qsizetype n = qsizetype(qstrlen(word));
            const QByteArray have = m_in.mid(m_pos, n);
            if (have == word) {
                m_out += have;
                m_pos += n;
                return true;
            }
            if (m_pos + have.size() >= m_in.size() && QByteArray(word).startsWith(have) &&
                !have.isEmpty()) {
                m_pos = m_in.size();
                return fail("unexpected end");
            }
        }
        return fail("unexpected character");
    }

    bool number()
    {
        const qsizetype start = m_pos;
        auto digits = [this] {
            const qsizetype from = m_pos;
            while (m_pos < m_in.size() && m_in.at(m_pos) >= '0' && m_in.at(m_pos) <= '9')
                ++m_pos;
            return m_pos > from;
        };
        if (m_in.at(m_pos) == '-')
            ++m_pos;
        if (m_pos < m_in.size() && m_in.at(m_pos) == '0')
            ++m_pos;
        else if (!digits())
            return fail("bad number");
        if (m_pos < m_in.size() && m_in.at(m_pos) == '.') {
            ++m_pos;
            if (!digits())
                return fail("bad number");
        }
        if (m_pos < m_in.size() && (m_in.at(m_pos) == 'e' || m_in.at(m_pos) == 'E')) {
            ++m_pos;
            if (m_pos < m_in.size() && (m_in.at(m_pos) == '+' || m_in.at(m_pos) == '-'))
                ++m_pos;
            if (!digits())
                return fail("bad number");
        }
        // Verbatim: 64-bit ids and long decimals are shown exactly as sent.
        m_out += m_in.mid(start, m_pos - start);
        return true;
    }

    int hex4(qsizetype at) const
    {
        if (at + 4 > m_in.size())
            return -2;
        int v = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hexValue(m_in.at(at + i));
            if (h < 0)
                return -1;
            v = v * 16 + h;
        }
        return v;
    }

    bool string()
    {
        m_out += '"';
        ++m_pos;
        while (m_pos < m_in.size()) {
            const char c = m_in.at(m_pos);
            if (c == '"') {
                ++m_pos;
                m_out += '"';
                return true;
            }
            if (uchar(c) < 0x20)
                return fail("control character in a string");
            if (c != '\\') {
                m_out += c;
                ++m_pos;
                continue;
            }
            if (m_pos + 1 >= m_in.size())
                break;
            const char e = m_in.at(m_pos + 1);
            if (e == 'u') {
                const int v = hex4(m_pos + 2);
                if (v == -2) {
                    m_pos = m_in.size();
                    break;
                }
                if (v < 0)
                    return fail("bad \\u escape");
                qsizetype used = 6;
                uint cp = uint(v);
                bool show = cp >= 0x20 && cp != '"' && cp != '\\' && cp != 0x7F;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    show = false;
                    if (m_pos + 7 < m_in.size() && m_in.at(m_pos + 6) == '\\' &&
                        m_in.at(m_pos + 7) == 'u') {
                        const int lo = hex4(m_pos + 8);
                        if (lo >= 0xDC00 && lo <= 0xDFFF) {
                            cp = 0x10000 + ((cp - 0xD800) << 10) + uint(lo - 0xDC00);
                            used = 12;
                            show = true;
                        }
                    }
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    show = false;
                }
                if (show)
                    appendUtf8(m_out, cp);
                else
                    m_out += m_in.mid(m_pos, used);
                m_pos += used;
                continue;
            }
            if (!QByteArray("\"\\/bfnrt").contains(e))
                return fail("bad escape");
            m_out += c;
            m_out += e;
            m_pos += 2;
        }
        m_pos = m_in.size();
        return fail("unexpected end");
    }

    const QByteArray &m_in;
    const bool m_truncated;
    QByteArray m_out;
    std::vector<char> m_stack;
    qsizetype m_pos = 0;
    bool m_cut = false;
    bool m_tooDeep = false;
    bool m_overflow = false;
    qsizetype m_errorAt = -1;
    QString m_error;
};

QString mediaType(const QString &contentType)
{
    return contentType.section(QLatin1Char(';'), 0, 0).trimmed().toLower();
}

bool isJsonType(const QString &type)
{
    return type == QLatin1String("application/json") || type == QLatin1String("text/json") ||
           type.endsWith(QLatin1String("+json"));
}

bool isTextType(const QString &type)
{
    return type.startsWith(QLatin1String("text/")) || type == QLatin1String("message/rfc822") ||
           type == QLatin1String("application/xml") || type.endsWith(QLatin1String("+xml")) ||
           type == QLatin1String("application/javascript");
}

// RFC 2047 encoded words in mail headers (=?UTF-8?B?...?=), decoded for reading. Charsets
// Qt cannot decode stay as they were.
QString decodeEncodedWords(const QString &headerLine)
{
    static const QRegularExpression word(
        QStringLiteral("=\\?([^?\\s]+)\\?([BbQq])\\?([^?\\s]*)\\?="));
    QString out;
    qsizetype last = 0;
    bool previousWasWord = false;
    auto it = word.globalMatch(headerLine);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QString between = headerLine.mid(last, m.capturedStart() - last);
        // Whitespace between two encoded words is not part of the text (RFC 2047, 6.2).
        if (!(previousWasWord && between.trimmed().isEmpty()))
            out += between;
        QByteArray raw = m.captured(3).toLatin1();
        QByteArray bytes;
        if (m.captured(2).compare(QLatin1String("B"), Qt::CaseInsensitive) == 0) {
            bytes = QByteArray::fromBase64(raw);
        } else {
            raw.replace('_', ' ');
            bytes = QByteArray::fromPercentEncoding(raw, '=');
        }
        QStringDecoder decoder(m.captured(1).toLatin1().constData());
        if (decoder.isValid()) {
            out += decoder.decode(bytes);
        } else {
            out += m.captured(0);
        }
        last = m.capturedEnd();
        previousWasWord = true;
    }
    out += headerLine.mid(last);
    return out;
}

QString decodeMailHeaders(const QString &text)
{
    const qsizetype end = text.indexOf(QLatin1String("\n\n"));
    const QString head = end < 0 ? text : text.left(end);
    QStringList lines = head.split(QLatin1Char('\n'));
    for (QString &line : lines)
        line = decodeEncodedWords(line);
    return lines.join(QLatin1Char('\n')) + (end < 0 ? QString() : text.mid(end));
}

} // namespace

BodyDecoder::JsonResult BodyDecoder::prettyJson(const QByteArray &bytes, bool inputTruncated)
{
    return JsonPrinter(bytes, inputTruncated).run();
}

QString BodyDecoder::safeText(const QByteArray &bytes, bool *invalidUtf8, bool cut)
{
    // A cut inside a multi-byte sequence at the very end is the truncation, not bad input:
    // the stateful decoder holds it back instead of reporting it. Complete input decodes
    // stateless, so a broken sequence at its end shows as U+FFFD.
    QStringDecoder decoder(QStringDecoder::Utf8,
                           cut ? QStringDecoder::Flag::Default : QStringDecoder::Flag::Stateless);
    QString text = decoder.decode(bytes);
    if (invalidUtf8)
        *invalidUtf8 = decoder.hasError();
    text.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    for (QChar &c : text) {
        const char16_t u = c.unicode();
        if (u == '\n' || u == '\t')
            continue;
        if (u < 0x20)
            c = QChar(char16_t(0x2400 + u)); // control pictures: NUL shows as a visible symbol
        else if (u == 0x7F)
            c = QChar(char16_t(0x2421));
    }
    return text;
}

bool BodyDecoder::looksBinary(const QByteArray &bytes, bool declaredText)
{
    if (bytes.isEmpty())
        return false;
    // A body declared as text gets the benefit of the doubt: a few stray bytes are shown
    // as symbols in the text. Undeclared, a NUL or a tenth of odd bytes means binary.
    const QByteArray sample = bytes.left(4096);
    qsizetype odd = 0;
    for (const char ch : sample) {
        const uchar c = uchar(ch);
        if (c == 0 && !declaredText)
            return true;
        if ((c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f') || c == 0x7F)
            ++odd;
    }
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(sample);
    const qsizetype replaced = text.count(QChar(QChar::ReplacementCharacter));
    return (odd + replaced) * (declaredText ? 2 : 10) > sample.size();
}

namespace {
// %XX with two hex digits is a byte; anything else stays as it was (a stray % is common in
// hand-made forms, and the person should see it).
QByteArray percentDecoded(QByteArray in)
{
    in.replace('+', ' ');
    QByteArray out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size(); ++i) {
        if (in.at(i) == '%' && i + 2 < in.size()) {
            const int hi = hexValue(in.at(i + 1));
            const int lo = hexValue(in.at(i + 2));
            if (hi >= 0 && lo >= 0) {
                out += char(hi * 16 + lo);
                i += 2;
                continue;
            }
        }
        out += in.at(i);
    }
    return out;
}
} // namespace

QVector<QPair<QString, QString>> BodyDecoder::formFields(const QByteArray &bytes)
{
    QVector<QPair<QString, QString>> fields;
    for (const QByteArray &part : bytes.split('&')) {
        if (part.isEmpty())
            continue;
        const qsizetype eq = part.indexOf('=');
        const QByteArray name = eq < 0 ? part : part.left(eq);
        const QByteArray value = eq < 0 ? QByteArray() : part.mid(eq + 1);
        fields.append({safeText(percentDecoded(name)), safeText(percentDecoded(value))});
    }
    return fields;
}

QString BodyDecoder::hexDump(const QByteArray &bytes)
{
    static const char digits[] = "0123456789abcdef";
    QByteArray out;
    out.reserve((bytes.size() / 16 + 1) * 78);
    for (qsizetype at = 0; at < bytes.size(); at += 16) {
        out += QByteArray::number(qulonglong(at), 16).rightJustified(8, '0');
        out += "  ";
        QByteArray ascii;
        for (int i = 0; i < 16; ++i) {
            if (i == 8)
                out += ' ';
            if (at + i < bytes.size()) {
                const uchar c = uchar(bytes.at(at + i));
                out += digits[c >> 4];
                out += digits[c & 15];
                out += ' ';
                ascii += (c >= 0x20 && c < 0x7F) ? char(c) : '.';
            } else {
                out += "   ";
            }
        }
        out += " |" + ascii + "|\n";
    }
    return QString::fromLatin1(out);
}

DecodedBody BodyDecoder::decode(const QByteArray &bytes, const QString &contentType,
                                qint64 totalBytes)
{
    DecodedBody d;
    d.totalBytes = totalBytes < 0 ? bytes.size() : qMax<qint64>(totalBytes, bytes.size());
    const QByteArray head = bytes.left(kDisplayLimit);
    d.decodedBytes = head.size();
    d.truncated = d.decodedBytes < d.totalBytes;
    if (head.isEmpty()) {
        d.format = DecodedBody::Format::Empty;
        return d;
    }
    const QString type = mediaType(contentType);
    const QString lead = QString::fromLatin1(head.left(64)).trimmed();
    const bool sniffJson = lead.startsWith(QLatin1Char('{')) || lead.startsWith(QLatin1Char('['));
    const bool declaredJson = isJsonType(type);
    const bool binary =
        looksBinary(head, declaredJson || isTextType(type) ||
                              type == QLatin1String("application/x-www-form-urlencoded"));

    if ((declaredJson || (sniffJson && !isTextType(type))) && !binary) {
        const JsonResult json = prettyJson(head, d.truncated);
        if (json.ok) {
            d.format = DecodedBody::Format::Json;
            d.text = json.text;
            if (json.cut)
                d.text += QStringLiteral("\n…");
            return d;
        }
        if (declaredJson) {
            if (json.tooDeep) {
                d.noteCode = DecodedBody::Note::TooDeep;
                d.note = QStringLiteral("JSON nested deeper than %1 levels: shown as text")
                             .arg(kMaxJsonDepth);
            } else {
                d.noteCode = DecodedBody::Note::InvalidJson;
                d.note = QStringLiteral("Not valid JSON (byte %1: %2): shown as text")
                             .arg(json.errorOffset)
                             .arg(json.error);
            }
        }
    }
    if (type == QLatin1String("application/x-www-form-urlencoded") && !binary) {
        d.format = DecodedBody::Format::Form;
        d.fields = formFields(head);
        for (const auto &f : std::as_const(d.fields))
            d.text += f.first + QStringLiteral(" = ") + f.second + QLatin1Char('\n');
        return d;
    }
    if (!binary) {
        d.format = DecodedBody::Format::Text;
        d.text = safeText(head, &d.invalidUtf8, d.truncated);
        if (type == QLatin1String("message/rfc822"))
            d.text = decodeMailHeaders(d.text);
        if (d.invalidUtf8 && d.noteCode == DecodedBody::Note::None) {
            d.noteCode = DecodedBody::Note::InvalidUtf8;
            d.note = QStringLiteral("Bytes that are not valid UTF-8 are shown as \uFFFD");
        }
        return d;
    }
    d.format = DecodedBody::Format::Hex;
    const QByteArray shown = head.left(kHexLimit);
    d.text = hexDump(shown);
    if (shown.size() < head.size()) {
        d.decodedBytes = shown.size();
        d.truncated = true;
    }
    if (d.noteCode == DecodedBody::Note::None) {
        d.noteCode = DecodedBody::Note::Binary;
        d.note = QStringLiteral("Binary data: shown as a hex dump");
    }
    return d;
}

} // namespace inbox
