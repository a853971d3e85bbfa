// The generic JSON source: the key is the named fields joined, the fingerprint the canonical
// form of the named stable fields. No signature: a source that signs uses its own adapter.
//
// A sender without an id gets the fallback the seeds use (fallback_key), always marked as a
// weaker key and named "derived:<rule>:..." in the external id:
//   uuid:<path>                  a UUID the sender puts in every repeat (a call's id)
//   message-id:<path or header>  an e-mail's Message-ID; in a message/rfc822 body it names a
//                                header, otherwise a JSON path; angle brackets stripped,
//                                the domain lower-cased
//   time-bucket:<path>:<seconds> the source's own time, floored to the bucket, with a hash of
//                                the fingerprint_fields (which it needs): the caller and the
//                                minute of a missed call
#include "adapters.h"
#include "adaptersupport.h"

#include <QTimeZone>
#include <QUuid>

namespace receiver::adapters {

using namespace support;

namespace {

struct Fallback
{
    enum class Rule { None, Uuid, MessageId, TimeBucket } rule = Rule::None;
    QString field;
    qint64 seconds = 0;
    QString error; // why the rule text is not one of the rules
};

Fallback parseFallback(const QString &text)
{
    Fallback f;
    if (text.isEmpty())
        return f;
    const QStringList parts = text.split(QLatin1Char(':'));
    const QString &name = parts.first();
    if ((name == QLatin1String("uuid") || name == QLatin1String("message-id")) &&
        parts.size() == 2 && !parts.at(1).isEmpty()) {
        f.rule = name == QLatin1String("uuid") ? Fallback::Rule::Uuid : Fallback::Rule::MessageId;
        f.field = parts.at(1);
        return f;
    }
    if (name == QLatin1String("time-bucket") && parts.size() == 3 && !parts.at(1).isEmpty()) {
        bool ok = false;
        f.seconds = parts.at(2).toLongLong(&ok);
        if (ok && f.seconds > 0 && f.seconds <= 86400) {
            f.rule = Fallback::Rule::TimeBucket;
            f.field = parts.at(1);
            return f;
        }
        f.error =
            QStringLiteral("fallback_key \"%1\": the bucket must be 1..86400 seconds").arg(text);
        return f;
    }
    f.error = QStringLiteral("unknown fallback_key \"%1\" (uuid:<field>, message-id:<field>, "
                             "time-bucket:<field>:<seconds>)")
                  .arg(text);
    return f;
}

bool isMail(const HttpRequest &request)
{
    return request.header("content-type").trimmed().toLower().startsWith("message/rfc822");
}

QString normalisedMessageId(QString id)
{
    id = id.trimmed();
    if (id.startsWith(QLatin1Char('<')) && id.endsWith(QLatin1Char('>')))
        id = id.mid(1, id.size() - 2).trimmed();
    const qsizetype at = id.lastIndexOf(QLatin1Char('@'));
    if (at >= 0)
        id = id.left(at + 1) + id.mid(at + 1).toLower();
    return id;
}

Extraction derived(const QString &id, const QString &contentType)
{
    Extraction e;
    e.delivery.externalId = boundedId(QStringLiteral("derived:") + id);
    e.delivery.contentType = contentType;
    e.delivery.weakKey = true;
    return e;
}

// An e-mail as the raw message: only the Message-ID rule can key it.
Extraction extractMail(const Fallback &fallback, const HttpRequest &request)
{
    if (fallback.rule != Fallback::Rule::MessageId)
        return refuse(Refusal::NoKey, "no_key");
    const auto header = mailHeader(request.body, fallback.field.toLatin1());
    const QString id = header ? normalisedMessageId(*header) : QString();
    if (id.isEmpty())
        return refuse(Refusal::NoKey, "no_key");
    return derived(QStringLiteral("message-id:") + id,
                   contentTypeOr(request, QStringLiteral("message/rfc822")));
}

Extraction extractFallback(const Fallback &fallback, const SourceRules &rules,
                           const QJsonObject &object, const QString &contentType)
{
    const QJsonValue value = jsonAt(object, fallback.field);
    switch (fallback.rule) {
    case Fallback::Rule::Uuid: {
        const QUuid uuid = QUuid::fromString(value.toString().trimmed());
        if (uuid.isNull())
            return refuse(Refusal::NoKey, "no_key");
        Extraction e =
            derived(QStringLiteral("uuid:") + uuid.toString(QUuid::WithoutBraces), contentType);
        e.delivery.fingerprint = jsonFingerprint(object, rules.fingerprintFields);
        return e;
    }
    case Fallback::Rule::MessageId: {
        const QString id = normalisedMessageId(value.toString());
        if (id.isEmpty())
            return refuse(Refusal::NoKey, "no_key");
        Extraction e = derived(QStringLiteral("message-id:") + id, contentType);
        e.delivery.fingerprint = jsonFingerprint(object, rules.fingerprintFields);
        return e;
    }
    case Fallback::Rule::TimeBucket: {
        const auto at = timeOf(value);
        if (!at || rules.fingerprintFields.isEmpty())
            return refuse(Refusal::NoKey, "no_key");
        const qint64 secs = at->toSecsSinceEpoch();
        const qint64 start =
            secs - ((secs % fallback.seconds) + fallback.seconds) % fallback.seconds;
        const QString fingerprint = jsonFingerprint(object, rules.fingerprintFields);
        const QString bucket = QDateTime::fromSecsSinceEpoch(start, QTimeZone::utc())
                                   .toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss'Z'"));
        Extraction e = derived(QStringLiteral("time-bucket:%1:%2:%3")
                                   .arg(bucket)
                                   .arg(fallback.seconds)
                                   .arg(fingerprint.left(32)),
                               contentType);
        e.delivery.fingerprint = fingerprint;
        e.delivery.occurredAt = *at;
        return e;
    }
    case Fallback::Rule::None:
        break;
    }
    return refuse(Refusal::NoKey, "no_key");
}

} // namespace

Extraction extractJson(const SourceRules &rules, const HttpRequest &request)
{
    const Fallback fallback = parseFallback(rules.fallbackKey);
    if (isMail(request))
        return extractMail(fallback, request);

    const auto object = parseJsonObject(request.body);
    if (!object)
        return refuse(Refusal::Malformed, "bad_json");
    const QString contentType = contentTypeOr(request, QStringLiteral("application/json"));

    QList<std::optional<QString>> values;
    for (const QString &path : rules.keyFields)
        values.append(keyText(*object, request.body, path));
    const auto key = joinedKey(values);
    if (!key)
        return extractFallback(fallback, rules, *object, contentType);

    Extraction e;
    e.delivery.externalId = boundedId(*key);
    e.delivery.contentType = contentType;
    e.delivery.fingerprint = jsonFingerprint(*object, rules.fingerprintFields);
    return e;
}

QStringList checkJson(const SourceRules &rules)
{
    QStringList problems;
    const Fallback fallback = parseFallback(rules.fallbackKey);
    if (rules.keyFields.isEmpty() && rules.fallbackKey.isEmpty())
        problems.append(QStringLiteral("the json adapter needs key_fields or a fallback_key"));
    if (!fallback.error.isEmpty())
        problems.append(fallback.error);
    if (fallback.rule == Fallback::Rule::TimeBucket && rules.fingerprintFields.isEmpty())
        problems.append(QStringLiteral("fallback_key time-bucket needs fingerprint_fields (what "
                                       "tells two deliveries of one bucket apart)"));
    for (const QString &path : rules.keyFields + rules.fingerprintFields) {
        if (path.isEmpty() || path.split(QLatin1Char('.')).contains(QString()))
            problems.append(QStringLiteral("field path \"%1\" has an empty step").arg(path));
    }
    return problems;
}

} // namespace receiver::adapters
