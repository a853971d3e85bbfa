#include "pastformat.h"

#include <QByteArray>

#include <openssl/sha.h>

#include <cmath>

namespace inbox::sim {

namespace {

// Days since 1970-01-01 to a civil date (proleptic Gregorian), without QDateTime: this runs
// for every journal entry.
void civil(qint64 days, int *y, int *m, int *d)
{
    days += 719468;
    const qint64 era = (days >= 0 ? days : days - 146096) / 146097;
    const qint64 doe = days - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    *d = int(doy - (153 * mp + 2) / 5 + 1);
    *m = int(mp < 10 ? mp + 3 : mp - 9);
    *y = int(yoe + era * 400 + (*m <= 2 ? 1 : 0));
}

// Decimal digits into buf (zero-padded to width); returns the length.
int digits(char *buf, qint64 v, int width)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = char('0' + v % 10);
        v /= 10;
    } while (v > 0 || n < width);
    for (int i = 0; i < n; ++i)
        buf[i] = tmp[n - 1 - i];
    return n;
}

void put(QByteArray &out, qint64 v, int width)
{
    char buf[24];
    out.append(buf, digits(buf, v, width));
}

} // namespace

qint64 micros(double seconds)
{
    return qint64(std::llround(seconds * double(kSecond)));
}

QByteArray dayText(qint64 us)
{
    qint64 secs = us / kSecond;
    if (us % kSecond < 0)
        --secs;
    const qint64 days = (secs >= 0 ? secs : secs - 86399) / 86400;
    int y, m, d;
    civil(days, &y, &m, &d);
    QByteArray out;
    put(out, y, 4);
    out += '-';
    put(out, m, 2);
    out += '-';
    put(out, d, 2);
    return out;
}

QByteArray jsonString(const QString &s)
{
    QByteArray utf8 = s.toUtf8();
    bool plain = true;
    for (const char c : utf8) {
        if (c == '"' || c == '\\' || (c >= 0 && c < 0x20)) {
            plain = false;
            break;
        }
    }
    if (plain)
        return '"' + utf8 + '"';
    QByteArray out = "\"";
    for (const char c : utf8) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (c >= 0 && c < 0x20) {
            out += "\\u00";
            out += QByteArray::number(int(c), 16).rightJustified(2, '0');
        } else {
            out += c;
        }
    }
    return out + '"';
}

QString sha256Hex(const QByteArray &data)
{
    // OpenSSL's SHA-256 rather than QCryptographicHash's: the same digest, but it uses the
    // CPU's SHA instructions where there are any. The fill hashes every body and key, and
    // Qt's portable code was 7 % of the generators' time.
    unsigned char digest[SHA256_DIGEST_LENGTH];
    SHA256(reinterpret_cast<const unsigned char *>(data.constData()), size_t(data.size()), digest);
    return QString::fromLatin1(
        QByteArray::fromRawData(reinterpret_cast<const char *>(digest), SHA256_DIGEST_LENGTH)
            .toHex());
}

} // namespace inbox::sim
