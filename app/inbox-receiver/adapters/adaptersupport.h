#pragma once
// What the adapters share: secret comparison in constant time, the form and JSON readers,
// the canonical fingerprint, and the bounds inbox.accept puts on its text arguments (so a
// delivery the adapter accepts is never refused by the database with 22023).

#include "request.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace receiver::support {

// inbox.accept's limits (docs/contract.md §4.1), in characters.
constexpr int kMaxExternalId = 1024;
constexpr int kMaxKind = 128;
constexpr int kMaxContentType = 255;

// Equal bytes, in a time that depends on neither the contents nor the lengths: both sides
// are hashed first, then the digests are compared without an early exit.
bool constantTimeEquals(const QByteArray &a, const QByteArray &b);
// True when given equals one of the secrets (every secret is compared, none skipped). An
// empty given never matches.
bool matchesAnySecret(const QByteArray &given, const QList<QByteArray> &secrets);

QString sha256Hex(const QByteArray &bytes);
QByteArray hmacSha256(const QByteArray &key, const QByteArray &message);
// True when one of the signatures is the HMAC-SHA256 of message under one of the keys (every
// pair compared, none skipped; empty keys never sign): how signed senders rotate secrets.
bool signedByAnyKey(const QList<QByteArray> &keys, const QByteArray &message,
                    const QList<QByteArray> &signatures);
// A signed sender's timestamp (whole seconds since 1970, digits only) within tolerance of the
// receiver's clock, either way (a sender's clock may run ahead).
std::optional<qint64> unixSeconds(const QByteArray &digits);
bool withinTolerance(qint64 seconds, const QDateTime &now, int toleranceSeconds);

// The external id as given when inbox.accept takes it (1..1024 characters, no control
// characters); otherwise "sha256:" and the hex digest of its UTF-8, which it always takes.
// Empty stays empty (no key).
QString boundedId(const QString &id);
// The kind when inbox.accept takes it, otherwise empty (NULL): a kind is a label, never a
// reason to refuse a delivery.
QString boundedKind(const QString &kind);
// The request's Content-Type when inbox.accept takes it, otherwise the adapter's default.
QString contentTypeOr(const HttpRequest &request, const QString &fallback);

// An application/x-www-form-urlencoded body, decoded: '+' is a space (as browsers and PHP
// senders encode it), %2B a plus. Names keep their brackets ("data[FIELDS][ID]").
struct FormFields
{
    QList<std::pair<QString, QString>> items; // arrival order

    bool has(const QString &name) const;
    QString value(const QString &name) const; // the first value, or empty
};
// nullopt when the body is not form-encoded: empty, a byte outside printable ASCII, a '%'
// not followed by two hex digits, or a decoded field that is not UTF-8.
std::optional<FormFields> parseForm(const QByteArray &body);

// The form fingerprint rule: fingerprintOf the named fields' values (absent as null), or
// empty when there are none.
QString formFingerprint(const FormFields &form, const QStringList &names);

// The body as a JSON object, or nullopt (not strict JSON, see jsontext.h, or JSON that is not
// an object).
std::optional<QJsonObject> parseJsonObject(const QByteArray &body);
// The value at a dotted path ("message.chat.id", "items.0.id"), Undefined when absent.
QJsonValue jsonAt(const QJsonObject &object, const QString &dottedPath);
// A scalar as key text: strings as they are, integers without exponent or fraction, other
// numbers in JSON's shortest form, booleans as true/false. nullopt for null, absent, empty
// strings, objects and arrays.
std::optional<QString> scalarText(const QJsonValue &value);
// scalarText of the value at a dotted path of `object` (parsed from `body`), except that an
// integer is the sender's own digits from the raw text, every one of them: Qt reads a number
// as a double, which keeps only 15-17 significant digits (12345678901234567890 would become
// 12345678901234567000, and its neighbours the same key).
std::optional<QString> keyText(const QJsonObject &object, const QByteArray &body,
                               const QString &dottedPath);
// A time the sender wrote: a number of seconds since 1970 (values above 10^11 are taken as
// milliseconds), or an ISO 8601 text with an offset or Z. nullopt otherwise.
std::optional<QDateTime> timeOf(const QJsonValue &value);

// The fingerprint of named values: SHA-256 hex of the compact JSON array of [name, value]
// pairs in the given order (objects inside with sorted keys, absent values as null).
QString fingerprintOf(const QList<std::pair<QString, QJsonValue>> &fields);
// The JSON fingerprint rule: fingerprintOf the dotted paths, or empty (the body's hash) when
// there are none.
QString jsonFingerprint(const QJsonObject &object, const QStringList &paths);
// Key fields joined with ':' (a ':' or '\' inside a value is escaped when there are several
// fields, so two different value lists never give the same key), or nullopt when one of
// them is missing.
std::optional<QString> joinedKey(const QList<std::optional<QString>> &values);

// The first header of that name (case-insensitive) in an RFC 5322 message's header section,
// folded lines unfolded and trimmed; nullopt when absent.
std::optional<QString> mailHeader(const QByteArray &message, const QByteArray &name);

Extraction refuse(Refusal refusal, const char *reason);

// What a signed sender's check says of its secrets (the configuration's secret_file and
// secret_env): `missing` when there is none; `malformed`, once, when a secret is not of the
// form `wellFormed` accepts (an empty one is not judged). No `wellFormed`: any secret will do.
QStringList secretProblems(const SourceRules &rules, const QString &missing,
                           bool (*wellFormed)(const QByteArray &secret) = nullptr,
                           const QString &malformed = {});

// What each JSON-bodied adapter fills the same way: the bounded key, the content type, the
// fingerprint rule.
Extraction accepted(const QString &externalId, const HttpRequest &request,
                    const QString &defaultContentType);

} // namespace receiver::support
