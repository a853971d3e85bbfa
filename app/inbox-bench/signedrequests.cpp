#include "signedrequests.h"

#include "deliveries.h"
#include "support/webhooksignature.h"

#include <QDateTime>

namespace bench {

SignedRequests::SignedRequests(quint16 port, const QByteArray &path, const QByteArray &key,
                               const QString &tag, const QByteArray &source)
    : m_head("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port) + "\r\n"),
      m_key(key), m_tag(tag), m_source(source)
{}

QByteArray SignedRequests::next()
{
    ++m_n;
    const QString externalId = QStringLiteral("%1-%2").arg(m_tag).arg(m_n);
    const QByteArray body = Deliveries::body(externalId);
    const QByteArray id = m_source + ':' + externalId.toUtf8();
    const QByteArray timestamp = QByteArray::number(QDateTime::currentSecsSinceEpoch());
    return m_head +
           "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\nIdempotency-Key: " + id + "\r\nX-Inbox-Source: " + m_source +
           "\r\nX-Inbox-External-Id: " + externalId.toUtf8() +
           "\r\nX-Inbox-Event-Id: " + QByteArray::number(m_n) +
           "\r\nX-Inbox-Attempt: 1\r\nwebhook-id: " + id + "\r\nwebhook-timestamp: " + timestamp +
           "\r\nwebhook-signature: " + inbox::WebhookSignature::sign(m_key, id, timestamp, body) +
           "\r\n\r\n" + body;
}

} // namespace bench
