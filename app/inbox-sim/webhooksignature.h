#pragma once
// Standard Webhooks signatures (standardwebhooks.com), as a sender makes them and a handler
// checks them: "v1," + base64(HMAC-SHA256(key, id + "." + timestamp + "." + body)), where the
// key is the base64 after "whsec_" in the secret. The simulator's senders sign with it and its
// fake handler checks what the dispatcher signed.

#include <QByteArray>

namespace inbox::sim {

QByteArray standardWebhooksSignature(const QByteArray &secret, const QByteArray &id,
                                     const QByteArray &timestamp, const QByteArray &body);

// True when one of the space-separated "v1,..." entries of the webhook-signature header is
// the signature of this id, timestamp and body (compared in constant time).
bool standardWebhooksSignatureMatches(const QByteArray &secret, const QByteArray &id,
                                      const QByteArray &timestamp, const QByteArray &body,
                                      const QByteArray &header);

} // namespace inbox::sim
