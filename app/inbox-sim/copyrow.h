#pragma once

#include "pastformat.h"

#include <QByteArray>
#include <QString>

namespace inbox::sim {

// One row in COPY's binary format: no parsing on the server (timestamps as microseconds,
// bytea as raw bytes, numbers in network order). The types must match the columns exactly.
class CopyRow final
{
public:
    CopyRow(QByteArray &out, qint16 fields) : m_out(out) { be16(fields); }
    Q_DISABLE_COPY_MOVE(CopyRow)

    CopyRow &null()
    {
        be32(-1);
        return *this;
    }
    CopyRow &text(const QByteArray &utf8)
    {
        be32(qint32(utf8.size()));
        m_out += utf8;
        return *this;
    }
    CopyRow &text(const QString &s) { return s.isNull() ? null() : text(s.toUtf8()); }
    CopyRow &text(const char *s)
    {
        const qsizetype n = qsizetype(qstrlen(s));
        be32(qint32(n));
        m_out.append(s, n);
        return *this;
    }
    CopyRow &i8(qint64 v)
    {
        be32(8);
        be64(v);
        return *this;
    }
    CopyRow &i4(qint32 v)
    {
        be32(4);
        be32(v);
        return *this;
    }
    CopyRow &boolean(bool v)
    {
        be32(1);
        m_out += char(v ? 1 : 0);
        return *this;
    }
    // timestamptz: microseconds since 2000-01-01 00:00 UTC.
    CopyRow &ts(qint64 usSinceUnixEpoch) { return i8(usSinceUnixEpoch - 946684800LL * kSecond); }
    CopyRow &bytea(const QByteArray &raw)
    {
        be32(qint32(raw.size()));
        m_out += raw;
        return *this;
    }
    CopyRow &jsonb(const QByteArray &json)
    {
        be32(qint32(json.size() + 1));
        m_out += char(1); // jsonb binary format version
        m_out += json;
        return *this;
    }

    // A jsonb field whose text the caller appends to the buffer itself, then closes with
    // endJsonb(out, the position returned here).
    qsizetype beginJsonb()
    {
        const qsizetype at = m_out.size();
        be32(0);
        m_out += char(1); // jsonb binary format version
        return at;
    }
    static void endJsonb(QByteArray &out, qsizetype at)
    {
        const quint32 n = quint32(out.size() - at - 4);
        char *p = out.data() + at;
        p[0] = char(n >> 24);
        p[1] = char(n >> 16);
        p[2] = char(n >> 8);
        p[3] = char(n);
    }
    // The last field of a row already begun, when the CopyRow is gone.
    static void appendBoolean(QByteArray &out, bool v)
    {
        out.append("\0\0\0\1", 4);
        out += char(v ? 1 : 0);
    }

    static void begin(QByteArray &out)
    {
        out.append("PGCOPY\n\377\r\n\0", 11);
        out.append(8, '\0'); // flags, header extension length
    }
    static void end(QByteArray &out) { out.append("\xff\xff", 2); }

private:
    void be16(qint16 v)
    {
        const char b[2] = {char((v >> 8) & 0xff), char(v & 0xff)};
        m_out.append(b, 2);
    }
    void be32(qint32 v)
    {
        const quint32 u = quint32(v);
        const char b[4] = {char(u >> 24), char(u >> 16), char(u >> 8), char(u)};
        m_out.append(b, 4);
    }
    void be64(qint64 v)
    {
        const quint64 u = quint64(v);
        const char b[8] = {char(u >> 56), char(u >> 48), char(u >> 40), char(u >> 32),
                           char(u >> 24), char(u >> 16), char(u >> 8),  char(u)};
        m_out.append(b, 8);
    }
    QByteArray &m_out;
};

} // namespace inbox::sim
