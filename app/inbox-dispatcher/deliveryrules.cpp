#include "deliveryrules.h"

#include <QString>

#include <algorithm>
#include <limits>

namespace inbox::dispatch {

DeliveryRules::Verdict DeliveryRules::classify(int status)
{
    if (status >= 200 && status < 300)
        return Verdict::Done;
    if (status == 410)
        return Verdict::Gone;
    if (status == 408 || status == 425 || status == 429)
        return Verdict::Retry;
    if (status >= 400 && status < 500)
        return Verdict::Reject;
    return Verdict::Retry;
}

std::optional<qint64> DeliveryRules::retryAfterSeconds(const QByteArray &value,
                                                       const QDateTime &now)
{
    const QByteArray text = value.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    bool digits = true;
    for (const char c : text)
        digits = digits && c >= '0' && c <= '9';
    if (digits) {
        bool ok = false;
        const qint64 n = text.toLongLong(&ok);
        // More digits than a qint64 holds: a very long wait, capped by the caller.
        return ok ? n : std::numeric_limits<qint64>::max();
    }
    // IMF-fixdate ("Wed, 21 Oct 2015 07:28:00 GMT"), the form RFC 9110 makes senders use;
    // Qt's RFC 2822 reading does not take the zone name GMT, so the format is spelt out.
    QDateTime at = QDateTime::fromString(QString::fromLatin1(text),
                                         QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    at.setTimeSpec(Qt::UTC);
    if (!at.isValid())
        at = QDateTime::fromString(QString::fromLatin1(text), Qt::RFC2822Date);
    if (!at.isValid())
        return std::nullopt;
    return std::max<qint64>(0, now.secsTo(at));
}

} // namespace inbox::dispatch
