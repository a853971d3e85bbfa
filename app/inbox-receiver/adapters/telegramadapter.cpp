// Telegram Bot API webhooks (setWebhook with secret_token): the token comes back in
// X-Telegram-Bot-Api-Secret-Token on every update; update_id is Telegram's own id of the
// update, the same on every redelivery.
#include "adapters.h"
#include "adaptersupport.h"

namespace receiver::adapters {

using namespace support;

namespace {

// The one optional field an Update carries besides update_id is what happened: message,
// edited_message, callback_query, my_chat_member... Unknown future types work the same way.
QString updateType(const QJsonObject &update)
{
    for (auto it = update.constBegin(); it != update.constEnd(); ++it) {
        if (it.key() != QLatin1String("update_id") && it.value().isObject())
            return it.key();
    }
    return {};
}

} // namespace

Extraction extractTelegram(const SourceRules &rules, const HttpRequest &request)
{
    const QByteArray token = request.header("x-telegram-bot-api-secret-token");
    if (token.isEmpty())
        return refuse(Refusal::Unauthorized, "missing_token");
    if (!matchesAnySecret(token, rules.secrets))
        return refuse(Refusal::Unauthorized, "bad_token");

    const auto update = parseJsonObject(request.body);
    if (!update)
        return refuse(Refusal::Malformed, "bad_json");
    const QJsonValue id = update->value(QLatin1String("update_id"));
    const auto key = keyText(*update, request.body, QStringLiteral("update_id"));
    if (!key || !id.isDouble())
        return refuse(Refusal::NoKey, "no_key");

    Extraction e = accepted(*key, request, QStringLiteral("application/json"));
    const QString type = updateType(*update);
    e.delivery.kind = boundedKind(type);
    // When it happened: an edit's edit_date, otherwise the date most updates carry (message,
    // chat_member, chat_join_request, message_reaction); a callback or an inline query has
    // none of its own, so the inbox uses the first delivery's time.
    const QJsonObject body = update->value(type).toObject();
    const QJsonValue edited = body.value(QLatin1String("edit_date"));
    e.delivery.occurredAt = timeOf(edited.isDouble() ? edited : body.value(QLatin1String("date")));
    e.delivery.fingerprint = jsonFingerprint(*update, rules.fingerprintFields);
    return e;
}

QStringList checkTelegram(const SourceRules &rules)
{
    // setWebhook takes only these; a token Telegram refuses would never come back.
    const auto tokenTelegramTakes = [](const QByteArray &secret) {
        bool ok = secret.size() <= 256;
        for (const char c : secret)
            ok = ok && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '-');
        return ok;
    };
    return secretProblems(rules,
                          QStringLiteral("telegram needs the webhook's secret_token as a secret "
                                         "(secret_file or secret_env)"),
                          tokenTelegramTakes,
                          QStringLiteral("a telegram secret_token is 1..256 characters of "
                                         "A-Z, a-z, 0-9, _ and -"));
}

} // namespace receiver::adapters
