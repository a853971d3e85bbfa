#include "adaptersupport.h"

#include "jsontext.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QStringDecoder>
#include <QTimeZone>
#include <QVariant>

#include <cmath>
#include <cstring>

namespace receiver::support {

namespace {

bool hasControl(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return true;
    }
    return false;
}

bool isHex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// One name or value of a form: '+' first becomes a space, then %XX its byte; the bytes must
// be UTF-8.
std::optional<QString> formText(QByteArray piece)
{
    piece.replace('+', ' ');
    const QByteArray bytes = QByteArray::fromPercentEncoding(piece);
    auto decoder = QStringDecoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = decoder(bytes);
    if (decoder.hasError())
        return std::nullopt;
    return text;
}

} // namespace

bool constantTimeEquals(const QByteArray &a, const QByteArray &b)
{
    const QByteArray da = QCryptographicHash::hash(a, QCryptographicHash::Sha256);
    const QByteArray db = QCryptographicHash::hash(b, QCryptographicHash::Sha256);
    unsigned char diff = 0;
    for (qsizetype i = 0; i < da.size(); ++i)
        diff |= static_cast<unsigned char>(da.at(i) ^ db.at(i));
    return diff == 0;
}

bool matchesAnySecret(const QByteArray &given, const QList<QByteArray> &secrets)
{
    bool match = false;
    for (const QByteArray &secret : secrets) {
        // No early exit: the time does not tell which secret (current or older) matched.
        if (!secret.isEmpty() && constantTimeEquals(given, secret))
            match = true;
    }
    return match && !given.isEmpty();
}

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

QByteArray hmacSha256(const QByteArray &key, const QByteArray &message)
{
    return QMessageAuthenticationCode::hash(message, key, QCryptographicHash::Sha256);
}

bool signedByAnyKey(const QList<QByteArray> &keys, const QByteArray &message,
                    const QList<QByteArray> &signatures)
{
    bool valid = false;
    for (const QByteArray &key : keys) {
        if (key.isEmpty())
            continue;
        const QByteArray expected = hmacSha256(key, message);
        for (const QByteArray &signature : signatures) {
            if (constantTimeEquals(signature, expected))
                valid = true;
        }
    }
    return valid;
}

std::optional<qint64> unixSeconds(const QByteArray &digits)
{
    if (digits.isEmpty() || digits.size() > 12)
        return std::nullopt;
    for (const char c : digits) {
        if (c < '0' || c > '9')
            return std::nullopt;
    }
    return digits.toLongLong();
}

bool withinTolerance(qint64 seconds, const QDateTime &now, int toleranceSeconds)
{
    const qint64 age = now.toSecsSinceEpoch() - seconds;
    return age <= toleranceSeconds && -age <= toleranceSeconds;
}

QString boundedId(const QString &id)
{
    if (id.isEmpty())
        return {};
    if (id.size() <= kMaxExternalId && !hasControl(id))
        return id;
    return QStringLiteral("sha256:") + sha256Hex(id.toUtf8());
}

QString boundedKind(const QString &kind)
{
    if (kind.size() > kMaxKind || hasControl(kind))
        return {};
    return kind;
}

QString contentTypeOr(const HttpRequest &request, const QString &fallback)
{
    const QString given = QString::fromLatin1(request.header("content-type")).trimmed();
    if (given.isEmpty() || given.size() > kMaxContentType || hasControl(given))
        return fallback;
    return given;
}

bool FormFields::has(const QString &name) const
{
    for (const auto &item : items) {
        if (item.first == name)
            return true;
    }
    return false;
}

QString FormFields::value(const QString &name) const
{
    for (const auto &item : items) {
        if (item.first == name)
            return item.second;
    }
    return {};
}

std::optional<FormFields> parseForm(const QByteArray &body)
{
    if (body.isEmpty())
        return std::nullopt;
    for (qsizetype i = 0; i < body.size(); ++i) {
        const auto c = static_cast<unsigned char>(body.at(i));
        // Controls and the characters every URL encoder escapes: a JSON or XML body is not
        // a form with one odd field name.
        if (c <= 0x20 || c == 0x7f || std::strchr("\"{}<>\\^`|#", c))
            return std::nullopt;
        if (c == '%' && (i + 2 >= body.size() || !isHex(body.at(i + 1)) || !isHex(body.at(i + 2))))
            return std::nullopt;
    }
    FormFields form;
    for (const QByteArray &piece : body.split('&')) {
        if (piece.isEmpty())
            continue;
        const qsizetype eq = piece.indexOf('=');
        const auto name = formText(eq < 0 ? piece : piece.left(eq));
        const auto value = formText(eq < 0 ? QByteArray() : piece.mid(eq + 1));
        if (!name || !value)
            return std::nullopt;
        form.items.append({*name, *value});
    }
    if (form.items.isEmpty())
        return std::nullopt;
    return form;
}

QString formFingerprint(const FormFields &form, const QStringList &names)
{
    if (names.isEmpty())
        return {};
    QList<std::pair<QString, QJsonValue>> fields;
    for (const QString &name : names)
        fields.append({name, form.has(name) ? QJsonValue(form.value(name)) : QJsonValue()});
    return fingerprintOf(fields);
}

std::optional<QJsonObject> parseJsonObject(const QByteArray &body)
{
    // Qt's reader takes raw control characters, NUL and unknown escapes inside strings, which
    // every worker's ::jsonb then refuses.
    if (!isStrictJson(body))
        return std::nullopt;
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    return document.object();
}

QJsonValue jsonAt(const QJsonObject &object, const QString &dottedPath)
{
    QJsonValue at = object;
    for (const QString &step : dottedPath.split(QLatin1Char('.'))) {
        if (at.isObject()) {
            const QJsonObject o = at.toObject();
            const auto it = o.constFind(step);
            if (it == o.constEnd())
                return QJsonValue(QJsonValue::Undefined);
            at = it.value();
        } else if (at.isArray()) {
            bool ok = false;
            const int index = step.toInt(&ok);
            const QJsonArray a = at.toArray();
            if (!ok || index < 0 || index >= a.size())
                return QJsonValue(QJsonValue::Undefined);
            at = a.at(index);
        } else {
            return QJsonValue(QJsonValue::Undefined);
        }
    }
    return at;
}

std::optional<QString> scalarText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        if (value.toString().isEmpty())
            return std::nullopt;
        return value.toString();
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: {
        const QVariant v = value.toVariant();
        if (v.typeId() == QMetaType::LongLong)
            return QString::number(v.toLongLong());
        const double d = value.toDouble();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9007199254740992.0)
            return QString::number(qint64(d));
        const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        return QString::fromUtf8(text.mid(1, text.size() - 2));
    }
    default:
        return std::nullopt;
    }
}

std::optional<QString> keyText(const QJsonObject &object, const QByteArray &body,
                               const QString &dottedPath)
{
    const QJsonValue value = jsonAt(object, dottedPath);
    if (!value.isDouble())
        return scalarText(value);
    QByteArray raw = rawNumberAt(body, dottedPath);
    if (raw == "-0")
        raw = "0";
    const bool integer =
        !raw.isEmpty() && !raw.contains('.') && !raw.contains('e') && !raw.contains('E');
    if (integer)
        return QString::fromLatin1(raw);
    return scalarText(value);
}

std::optional<QDateTime> timeOf(const QJsonValue &value)
{
    double seconds = 0;
    if (value.isDouble()) {
        seconds = value.toDouble();
    } else if (value.isString()) {
        const QString text = value.toString().trimmed();
        bool digits = !text.isEmpty() && text.size() <= 16;
        for (const QChar c : text)
            digits = digits && c.isDigit() && c.unicode() < 0x80;
        if (digits) {
            seconds = text.toDouble();
        } else {
            const QDateTime at = QDateTime::fromString(text, Qt::ISODateWithMs);
            if (!at.isValid() || at.timeSpec() == Qt::LocalTime)
                return std::nullopt;
            return at.toUTC();
        }
    } else {
        return std::nullopt;
    }
    if (!std::isfinite(seconds) || seconds <= 0)
        return std::nullopt;
    if (seconds > 1e11)
        seconds /= 1000;
    if (seconds > 253402300799.0) // past 9999-12-31
        return std::nullopt;
    return QDateTime::fromMSecsSinceEpoch(qint64(seconds * 1000), QTimeZone::utc());
}

QString fingerprintOf(const QList<std::pair<QString, QJsonValue>> &fields)
{
    QJsonArray pairs;
    for (const auto &[name, value] : fields)
        pairs.append(QJsonArray{name, value.isUndefined() ? QJsonValue() : value});
    return sha256Hex(QJsonDocument(pairs).toJson(QJsonDocument::Compact));
}

QString jsonFingerprint(const QJsonObject &object, const QStringList &paths)
{
    if (paths.isEmpty())
        return {};
    QList<std::pair<QString, QJsonValue>> fields;
    for (const QString &path : paths)
        fields.append({path, jsonAt(object, path)});
    return fingerprintOf(fields);
}

std::optional<QString> joinedKey(const QList<std::optional<QString>> &values)
{
    QStringList parts;
    for (const auto &value : values) {
        if (!value || value->isEmpty())
            return std::nullopt;
        QString part = *value;
        if (values.size() > 1) {
            part.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
            part.replace(QLatin1Char(':'), QLatin1String("\\:"));
        }
        parts.append(part);
    }
    if (parts.isEmpty())
        return std::nullopt;
    return parts.join(QLatin1Char(':'));
}

std::optional<QString> mailHeader(const QByteArray &message, const QByteArray &name)
{
    const QByteArray wanted = name.toLower() + ':';
    std::optional<QByteArray> found;
    for (const QByteArray &raw : message.split('\n')) {
        const QByteArray line = raw.endsWith('\r') ? raw.chopped(1) : raw;
        if (line.isEmpty())
            break; // the end of the header section
        const bool continuation = line.startsWith(' ') || line.startsWith('\t');
        if (found && continuation) {
            found->append(' ').append(line.trimmed());
            continue;
        }
        if (found)
            break;
        if (!continuation && line.toLower().startsWith(wanted))
            found = line.mid(wanted.size()).trimmed();
    }
    if (!found)
        return std::nullopt;
    return QString::fromUtf8(*found);
}

QStringList secretProblems(const SourceRules &rules, const QString &missing,
                           bool (*wellFormed)(const QByteArray &secret), const QString &malformed)
{
    if (rules.secrets.isEmpty())
        return {missing};
    for (const QByteArray &secret : rules.secrets) {
        if (wellFormed && !secret.isEmpty() && !wellFormed(secret))
            return {malformed};
    }
    return {};
}

Extraction refuse(Refusal refusal, const char *reason)
{
    Extraction e;
    e.refusal = refusal;
    e.reason = reason;
    return e;
}

Extraction accepted(const QString &externalId, const HttpRequest &request,
                    const QString &defaultContentType)
{
    Extraction e;
    e.delivery.externalId = boundedId(externalId);
    e.delivery.contentType = contentTypeOr(request, defaultContentType);
    return e;
}

} // namespace receiver::support
