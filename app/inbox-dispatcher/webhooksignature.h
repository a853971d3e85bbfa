#pragma once
// The Standard Webhooks signature (the scheme the `standardwebhooks` and `svix` libraries
// verify): the secret is "whsec_" + base64 of the key bytes, and a message is signed as
//   webhook-signature: v1,<base64(HMAC-SHA256(key, id + "." + timestamp + "." + body))>
// with `id` the webhook-id header (the event's idempotency key, the same on every retry) and
// `timestamp` the webhook-timestamp header (Unix seconds of this attempt). Pure functions.

#include <QByteArray>

#include <optional>

namespace inbox::dispatch {

class WebhookSignature final
{
public:
    // The key bytes of "whsec_<base64>" (the prefix may be left out, as the libraries allow);
    // nullopt when the rest is not valid base64 or is empty.
    static std::optional<QByteArray> decodeSecret(const QByteArray &secret);

    // "v1,<base64 signature>".
    static QByteArray sign(const QByteArray &key, const QByteArray &id, qint64 timestamp,
                           const QByteArray &body);
};

} // namespace inbox::dispatch
