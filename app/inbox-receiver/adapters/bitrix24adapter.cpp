// Bitrix24 event handlers (event.bind, or an outbound webhook in the portal's developer
// resources): a form-encoded POST with event, data[FIELDS][ID], ts and auth[...], where
// auth[application_token] is the portal's token for this application or webhook.
//
// The key is event + entity id + ts. The body carries only the entity's id, not what changed,
// so event + id alone would make every later update of one deal a "duplicate" of its first
// update and drop it; ts is the second the event left the portal's queue, the same when that
// queued event is delivered again. Two updates of one deal in one second share a key: their
// bodies then differ only if their data does, which the inbox keeps as a conflict for a person,
// never a silent loss.
//
// The fingerprint leaves out every auth[...] field: access_token, refresh_token and expires_in
// change between deliveries of the same event, so with them a retry would be a conflict.
#include "adapters.h"
#include "adaptersupport.h"

#include <algorithm>

namespace receiver::adapters {

using namespace support;

namespace {

const QString kToken = QStringLiteral("auth[application_token]");

QString entityId(const FormFields &form)
{
    // data[FIELDS][ID] for CRM and task events, data[ID] for some (timeline comments); a
    // smart process item's id is unique only within its type.
    QString id = form.value(QStringLiteral("data[FIELDS][ID]"));
    if (id.isEmpty())
        id = form.value(QStringLiteral("data[ID]"));
    const QString type = form.value(QStringLiteral("data[FIELDS][ENTITY_TYPE_ID]"));
    if (!id.isEmpty() && !type.isEmpty())
        id = type + QLatin1Char('/') + id;
    return id;
}

} // namespace

Extraction extractBitrix24(const SourceRules &rules, const HttpRequest &request)
{
    const auto form = parseForm(request.body);
    if (!form)
        return refuse(Refusal::Malformed, "bad_form");
    const QString token = form->value(kToken);
    if (token.isEmpty())
        return refuse(Refusal::Unauthorized, "missing_token");
    if (!matchesAnySecret(token.toUtf8(), rules.secrets))
        return refuse(Refusal::Unauthorized, "bad_token");

    const QString event = form->value(QStringLiteral("event"));
    std::optional<QString> key;
    if (rules.keyFields.isEmpty()) {
        key = joinedKey({event, entityId(*form), form->value(QStringLiteral("ts"))});
    } else {
        QList<std::optional<QString>> values;
        for (const QString &name : rules.keyFields)
            values.append(form->value(name));
        key = joinedKey(values);
    }
    if (!key)
        return refuse(Refusal::NoKey, "no_key");

    Extraction e = accepted(*key, request, QStringLiteral("application/x-www-form-urlencoded"));
    e.delivery.kind = boundedKind(event);
    e.delivery.occurredAt = timeOf(QJsonValue(form->value(QStringLiteral("ts"))));
    if (!rules.fingerprintFields.isEmpty()) {
        e.delivery.fingerprint = formFingerprint(*form, rules.fingerprintFields);
    } else {
        QList<std::pair<QString, QString>> stable;
        for (const auto &item : form->items) {
            if (!item.first.startsWith(QLatin1String("auth[")))
                stable.append(item);
        }
        // Sorted: the same fields in another order are the same event.
        std::stable_sort(stable.begin(), stable.end());
        QList<std::pair<QString, QJsonValue>> fields;
        for (const auto &[name, value] : stable)
            fields.append({name, value});
        e.delivery.fingerprint = fingerprintOf(fields);
    }
    return e;
}

QStringList checkBitrix24(const SourceRules &rules)
{
    return secretProblems(rules, QStringLiteral("bitrix24 needs the application_token as a "
                                                "secret (secret_file or secret_env)"));
}

} // namespace receiver::adapters
