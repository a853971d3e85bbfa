#pragma once
// The Standard Webhooks signature (the scheme the `standardwebhooks` and `svix` libraries
// verify): the secret is "whsec_" + base64 of the key bytes, and a message is signed as
//   webhook-signature: v1,<base64(HMAC-SHA256(key, id + "." + timestamp + "." + body))>
// with `id` the webhook-id header and `timestamp` the webhook-timestamp header (Unix seconds,
// as text). inbox-dispatcher signs with it; the simulator's senders sign with it and its fake
// handler checks with it. Pure functions.

#include <QByteArray>

#include <optional>

namespace inbox {

class WebhookSignature final
{
public:
    // The key bytes of "whsec_<base64>" (the prefix may be left out, as the libraries allow);
    // nullopt when the rest is not valid base64 or is empty.
    static std::optional<QByteArray> decodeSecret(const QByteArray &secret);

    // "v1,<base64 signature>".
    static QByteArray sign(const QByteArray &key, const QByteArray &id, const QByteArray &timestamp,
                           const QByteArray &body);

    // True when one of the space-separated entries of a webhook-signature header is the
    // signature of this id, timestamp and body (each compared in constant time).
    static bool matches(const QByteArray &key, const QByteArray &id, const QByteArray &timestamp,
                        const QByteArray &body, const QByteArray &header);
};

} // namespace inbox
