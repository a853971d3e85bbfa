#pragma once

#include <QByteArray>
#include <QString>

namespace bench {

// The dispatch stage's bare client's requests: what inbox-dispatcher sends a handler for a
// delivery (POST, Idempotency-Key, the X-Inbox-* headers, the Standard Webhooks id, timestamp
// and signature with the destination's key, the body of Deliveries::body), a new key and
// external id per request, so the handler does the same work for it as for a delivery.
class SignedRequests final
{
public:
    SignedRequests(quint16 port, const QByteArray &path, const QByteArray &key, const QString &tag,
                   const QByteArray &source);

    QByteArray next();

private:
    QByteArray m_head; // request line and Host
    QByteArray m_key;  // signing key (decoded)
    QString m_tag;
    QByteArray m_source;
    qint64 m_n = 0;
};

} // namespace bench
