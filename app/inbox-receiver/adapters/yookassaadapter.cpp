// YooKassa HTTP notifications: {"type":"notification","event":"payment.succeeded",
// "object":{"id":...}}. YooKassa signs nothing; the receiver's network allow-list (the HTTP
// side, allow_networks) is what tells its notifications from anyone else's. The key is the
// object's id and the event, because one payment sends several events (waiting_for_capture,
// succeeded, then perhaps a refund's).
#include "adapters.h"
#include "adaptersupport.h"

namespace receiver::adapters {

using namespace support;

Extraction extractYookassa(const SourceRules &rules, const HttpRequest &request)
{
    const auto body = parseJsonObject(request.body);
    if (!body)
        return refuse(Refusal::Malformed, "bad_json");
    if (body->value(QLatin1String("type")).toString() != QLatin1String("notification"))
        return refuse(Refusal::Malformed, "not_notification");
    const QJsonObject object = body->value(QLatin1String("object")).toObject();
    const auto id = scalarText(object.value(QLatin1String("id")));
    const auto event = scalarText(body->value(QLatin1String("event")));
    if (!id || !event)
        return refuse(Refusal::NoKey, "no_key");

    Extraction e =
        accepted(*id + QLatin1Char(':') + *event, request, QStringLiteral("application/json"));
    e.delivery.kind = boundedKind(*event);
    const QJsonValue captured = object.value(QLatin1String("captured_at"));
    e.delivery.occurredAt =
        timeOf(captured.isString() ? captured : object.value(QLatin1String("created_at")));
    e.delivery.fingerprint = jsonFingerprint(*body, rules.fingerprintFields);
    return e;
}

QStringList checkYookassa(const SourceRules &)
{
    return {};
}

} // namespace receiver::adapters
