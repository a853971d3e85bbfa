// amoCRM webhooks: a form-encoded POST of entity[action][n][field] (leads[add][0][id],
// leads[status][0][last_modified], contacts[update][0][id], unsorted[add][0][uid], ...) and
// account[...]. amoCRM signs nothing, so the secret is the last part of the webhook's URL
// (HttpRequest::pathRest), which only amoCRM's settings and this configuration know.
//
// A wrong or missing path secret is Forbidden (403), not Unauthorized: there is no credential
// the sender could add to the same request (401 asks for one, with WWW-Authenticate), the
// address itself is not this source's.
//
// The key lists each entity, action, id and modification time in the body: amoCRM repeats a
// webhook it got no 2xx for with the same body, so a retry keeps the key; the next change of
// the same lead has another modification time, so it is a new event. Long batches are hashed
// (the key stays within 1024 characters).
#include "adapters.h"
#include "adaptersupport.h"

#include <QMap>
#include <QRegularExpression>

#include <algorithm>

namespace receiver::adapters {

using namespace support;

namespace {

struct Change
{
    QString id;
    QString modified;
};

} // namespace

Extraction extractAmocrm(const SourceRules &rules, const HttpRequest &request)
{
    const QByteArray given = request.pathRest;
    if (given.isEmpty())
        return refuse(Refusal::Forbidden, "missing_path_secret");
    if (!matchesAnySecret(given, rules.secrets))
        return refuse(Refusal::Forbidden, "bad_path_secret");

    const auto form = parseForm(request.body);
    if (!form)
        return refuse(Refusal::Malformed, "bad_form");

    static const QRegularExpression field(
        QStringLiteral("^([a-z_]+)\\[([a-z_]+)\\]\\[(\\d+)\\]\\[([a-z_]+)\\]$"));
    // Keyed by "entity.action" then the index: sorted, so the key does not depend on the
    // order of the fields.
    QMap<QString, QMap<int, Change>> changes;
    for (const auto &[name, value] : form->items) {
        const auto m = field.match(name);
        if (!m.hasMatch() || m.capturedView(3).size() > 6)
            continue;
        const QString what = m.captured(4);
        Change &change =
            changes[m.captured(1) + QLatin1Char('.') + m.captured(2)][m.captured(3).toInt()];
        if ((what == QLatin1String("id") || what == QLatin1String("uid")) && change.id.isEmpty())
            change.id = value;
        else if ((what == QLatin1String("last_modified") || what == QLatin1String("updated_at")) &&
                 change.modified.isEmpty())
            change.modified = value;
    }

    QStringList parts;
    QStringList kinds;
    std::optional<QDateTime> latest;
    for (auto kind = changes.cbegin(); kind != changes.cend(); ++kind) {
        bool any = false;
        for (const Change &change : kind.value()) {
            if (change.id.isEmpty())
                continue;
            any = true;
            parts.append(kind.key() + QLatin1Char('.') + change.id + QLatin1Char('@') +
                         change.modified);
            const auto at = timeOf(QJsonValue(change.modified));
            if (at && (!latest || *at > *latest))
                latest = at;
        }
        if (any)
            kinds.append(kind.key());
    }
    if (parts.isEmpty())
        return refuse(Refusal::NoKey, "no_key");

    Extraction e = accepted(parts.join(QLatin1Char(',')), request,
                            QStringLiteral("application/x-www-form-urlencoded"));
    e.delivery.kind = boundedKind(kinds.join(QLatin1Char(',')));
    e.delivery.occurredAt = latest;
    e.delivery.fingerprint = formFingerprint(*form, rules.fingerprintFields);
    return e;
}

QStringList checkAmocrm(const SourceRules &rules)
{
    // It travels in the URL and is the only proof of the sender: long enough not to be
    // guessed, and nothing a URL would have to encode.
    const auto urlSafe = [](const QByteArray &secret) {
        static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_-]{16,}$"));
        return safe.match(QString::fromLatin1(secret)).hasMatch();
    };
    return secretProblems(rules,
                          QStringLiteral("amocrm needs the path secret (the last part of the "
                                         "webhook URL) as a secret (secret_file or secret_env)"),
                          urlSafe,
                          QStringLiteral("an amocrm path secret is at least 16 characters of "
                                         "A-Z, a-z, 0-9, _ and -"));
}

} // namespace receiver::adapters
