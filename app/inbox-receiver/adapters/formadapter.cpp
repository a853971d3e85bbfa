// A web form (form-encoded or JSON) whose page puts a key into a hidden field when it opens
// (key_fields names it, e.g. form_key): a double click or a resend after a slow answer sends
// the same key, so it is one event; the next opening of the form makes a new key.
#include "adapters.h"
#include "adaptersupport.h"

namespace receiver::adapters {

using namespace support;

namespace {

// Shorter than this, the field was not filled by the page's script (a template's default
// such as "1" would make every submission one event).
constexpr int kMinKeyLength = 8;

bool looksJson(const HttpRequest &request)
{
    const QByteArray type = request.header("content-type").trimmed().toLower();
    if (type.startsWith("application/json") || type.contains("+json"))
        return true;
    if (type.startsWith("application/x-www-form-urlencoded"))
        return false;
    return request.body.trimmed().startsWith('{');
}

} // namespace

Extraction extractForm(const SourceRules &rules, const HttpRequest &request)
{
    QList<std::optional<QString>> values;
    QString fingerprint;
    QString defaultType;
    if (looksJson(request)) {
        const auto object = parseJsonObject(request.body);
        if (!object)
            return refuse(Refusal::Malformed, "bad_json");
        for (const QString &path : rules.keyFields)
            values.append(keyText(*object, request.body, path));
        fingerprint = jsonFingerprint(*object, rules.fingerprintFields);
        defaultType = QStringLiteral("application/json");
    } else {
        const auto form = parseForm(request.body);
        if (!form)
            return refuse(Refusal::Malformed, "bad_form");
        for (const QString &name : rules.keyFields)
            values.append(form->value(name).trimmed());
        fingerprint = formFingerprint(*form, rules.fingerprintFields);
        defaultType = QStringLiteral("application/x-www-form-urlencoded");
    }
    for (const auto &value : values) {
        if (!value || value->size() < kMinKeyLength)
            return refuse(Refusal::NoKey, "no_key");
    }
    const auto key = joinedKey(values);
    if (!key)
        return refuse(Refusal::NoKey, "no_key");
    Extraction e = accepted(*key, request, defaultType);
    e.delivery.fingerprint = fingerprint;
    return e;
}

QStringList checkForm(const SourceRules &rules)
{
    if (rules.keyFields.isEmpty())
        return {QStringLiteral("the form adapter needs key_fields: the hidden field the page "
                               "fills with a key when the form opens")};
    return {};
}

} // namespace receiver::adapters
