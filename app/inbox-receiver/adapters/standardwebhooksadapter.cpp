// Standard Webhooks (standardwebhooks.com): webhook-id, webhook-timestamp and
// webhook-signature ("v1,<base64>" entries separated by spaces), each v1 an HMAC-SHA256 of
// "<id>.<timestamp>.<raw body>" under the secret's bytes (whsec_ and base64). The id is the
// message's, the same on every retry. Svix (which Standard Webhooks came from, and whose own
// verifier still sends them) names the same three headers svix-id, svix-timestamp and
// svix-signature: a request with no webhook-id is read in that family, never a mix of both.
#include "adapters.h"
#include "adaptersupport.h"

namespace receiver::adapters {

using namespace support;

namespace {

std::optional<QByteArray> secretBytes(const QByteArray &secret)
{
    const QByteArray text = secret.startsWith("whsec_") ? secret.mid(6) : secret;
    const auto decoded =
        QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty())
        return std::nullopt;
    return decoded.decoded;
}

} // namespace

Extraction extractStandardWebhooks(const SourceRules &rules, const HttpRequest &request)
{
    const bool svix =
        request.header("webhook-id").isEmpty() && !request.header("svix-id").isEmpty();
    const QByteArray id = request.header(svix ? "svix-id" : "webhook-id");
    const QByteArray timestamp = request.header(svix ? "svix-timestamp" : "webhook-timestamp");
    const QByteArray header = request.header(svix ? "svix-signature" : "webhook-signature");
    if (id.isEmpty() || timestamp.isEmpty() || header.isEmpty())
        return refuse(Refusal::Unauthorized, "missing_signature");
    const auto seconds = unixSeconds(timestamp);
    if (!seconds)
        return refuse(Refusal::Unauthorized, "bad_signature");

    QList<QByteArray> signatures;
    for (const QByteArray &entry : header.split(' ')) {
        if (entry.startsWith("v1,"))
            signatures.append(QByteArray::fromBase64(entry.mid(3)));
    }
    const QByteArray signedContent = id + '.' + timestamp + '.' + request.body;
    QList<QByteArray> keys;
    for (const QByteArray &secret : rules.secrets) {
        if (const auto key = secretBytes(secret))
            keys.append(*key);
    }
    if (!signedByAnyKey(keys, signedContent, signatures))
        return refuse(Refusal::Unauthorized, "bad_signature");
    if (!withinTolerance(*seconds, request.receivedAt, rules.toleranceSeconds))
        return refuse(Refusal::Unauthorized, "stale_timestamp");

    const auto payload = parseJsonObject(request.body);
    if (!payload)
        return refuse(Refusal::Malformed, "bad_json");
    Extraction e = accepted(QString::fromUtf8(id), request, QStringLiteral("application/json"));
    e.delivery.kind = boundedKind(payload->value(QLatin1String("type")).toString());
    e.delivery.occurredAt = timeOf(payload->value(QLatin1String("timestamp")));
    e.delivery.fingerprint = jsonFingerprint(*payload, rules.fingerprintFields);
    return e;
}

QStringList checkStandardWebhooks(const SourceRules &rules)
{
    const auto whsecBase64 = [](const QByteArray &secret) {
        return bool(secretBytes(secret));
    };
    return secretProblems(rules,
                          QStringLiteral("standard-webhooks needs the endpoint's secret "
                                         "(whsec_..., secret_file or secret_env)"),
                          whsecBase64,
                          QStringLiteral("a standard-webhooks secret is not whsec_ and base64"));
}

} // namespace receiver::adapters
