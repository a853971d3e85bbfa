// Stripe-style signed webhooks: Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...],
// each v1 an HMAC-SHA256 of "<t>.<raw body>" under one of the endpoint's secrets (during a
// rotation the sender signs with both). The event's id stays the same on every retry.
#include "adapters.h"
#include "adaptersupport.h"

namespace receiver::adapters {

using namespace support;

Extraction extractStripe(const SourceRules &rules, const HttpRequest &request)
{
    const QByteArray header = request.header("stripe-signature");
    if (header.isEmpty())
        return refuse(Refusal::Unauthorized, "missing_signature");
    QByteArray timestamp;
    QList<QByteArray> signatures;
    for (const QByteArray &raw : header.split(',')) {
        const QByteArray item = raw.trimmed();
        if (item.startsWith("t=") && timestamp.isEmpty())
            timestamp = item.mid(2);
        else if (item.startsWith("v1="))
            signatures.append(QByteArray::fromHex(item.mid(3)));
    }
    const auto seconds = unixSeconds(timestamp);
    if (!seconds || signatures.isEmpty())
        return refuse(Refusal::Unauthorized, "bad_signature");

    const QByteArray signedPayload = timestamp + '.' + request.body;
    if (!signedByAnyKey(rules.secrets, signedPayload, signatures))
        return refuse(Refusal::Unauthorized, "bad_signature");
    // Checked after the signature, so "stale" always means a real signature at a wrong time:
    // a replay from long ago, or a clock that is off.
    if (!withinTolerance(*seconds, request.receivedAt, rules.toleranceSeconds))
        return refuse(Refusal::Unauthorized, "stale_timestamp");

    const auto event = parseJsonObject(request.body);
    if (!event)
        return refuse(Refusal::Malformed, "bad_json");
    const auto id = scalarText(event->value(QLatin1String("id")));
    if (!id)
        return refuse(Refusal::NoKey, "no_key");
    Extraction e = accepted(*id, request, QStringLiteral("application/json"));
    e.delivery.kind = boundedKind(event->value(QLatin1String("type")).toString());
    e.delivery.occurredAt = timeOf(event->value(QLatin1String("created")));
    e.delivery.fingerprint = jsonFingerprint(*event, rules.fingerprintFields);
    return e;
}

QStringList checkStripe(const SourceRules &rules)
{
    return secretProblems(rules,
                          QStringLiteral("stripe needs the endpoint's signing secret (secret_file "
                                         "or secret_env; repeat it for the old one while "
                                         "rotating)"));
}

} // namespace receiver::adapters
