// The generic JSON source: the key is the named fields joined, the fingerprint the canonical
// form of the named stable fields. No signature: a source that signs uses its own adapter.
#include "adapters.h"
#include "adaptersupport.h"

namespace receiver::adapters {

using namespace support;

Extraction extractJson(const SourceRules &rules, const HttpRequest &request)
{
    const auto object = parseJsonObject(request.body);
    if (!object)
        return refuse(Refusal::Malformed, "bad_json");

    QList<std::optional<QString>> values;
    for (const QString &path : rules.keyFields)
        values.append(scalarText(jsonAt(*object, path)));
    const auto key = joinedKey(values);
    if (!key)
        return refuse(Refusal::NoKey, "no_key");

    Extraction e;
    e.delivery.externalId = boundedId(*key);
    e.delivery.contentType = contentTypeOr(request, QStringLiteral("application/json"));
    e.delivery.fingerprint = jsonFingerprint(*object, rules.fingerprintFields);
    return e;
}

QStringList checkJson(const SourceRules &rules)
{
    QStringList problems;
    if (rules.keyFields.isEmpty() && rules.fallbackKey.isEmpty())
        problems.append(QStringLiteral("the json adapter needs key_fields or a fallback_key"));
    if (!rules.fallbackKey.isEmpty())
        problems.append(QStringLiteral("unknown fallback_key \"%1\"").arg(rules.fallbackKey));
    for (const QString &path : rules.keyFields + rules.fingerprintFields) {
        if (path.isEmpty() || path.split(QLatin1Char('.')).contains(QString()))
            problems.append(QStringLiteral("field path \"%1\" has an empty step").arg(path));
    }
    return problems;
}

} // namespace receiver::adapters
