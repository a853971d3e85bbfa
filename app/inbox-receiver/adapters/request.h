#pragma once
// What the receiver's HTTP side hands a source's adapter, and what the adapter gives back.
// The adapters are pure functions of these values (no network, no database, no clock of
// their own), so the unit tests and the libFuzzer targets drive them directly.

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace receiver {

// One HTTP request as the server library parsed it, before anything is stored.
struct HttpRequest
{
    QByteArray method;
    QByteArray path;     // the whole request path, percent-decoded, without the query
    QByteArray pathRest; // what follows the source's configured path, without the leading '/'
    QByteArray query;    // the raw query string, without '?'
    QList<std::pair<QByteArray, QByteArray>> headers; // names in lower case, arrival order
    QByteArray body;      // the raw bytes, exactly as received; this is what gets stored
    QDateTime receivedAt; // UTC, the receiver's clock (signed senders' timestamp tolerance)

    // The first value of a header (name in lower case), or an empty array.
    QByteArray header(const QByteArray &lowerCaseName) const;
    bool hasHeader(const QByteArray &lowerCaseName) const;
};

// The part of a source's configuration its adapter reads. The receiver's configuration
// file fills and validates it at start (secrets already read from their files).
struct SourceRules
{
    QString source;                // the inbox source name (inbox.accept's p_source)
    QString adapter;               // one of knownAdapters()
    QList<QByteArray> secrets;     // current first, then older ones still accepted (rotation)
    QStringList keyFields;         // json/form: dotted field paths joined into the key
    QStringList fingerprintFields; // empty: the inbox's own hash of the whole body
    QString fallbackKey;           // json without a key: "" (refuse), or a derivation rule
    int toleranceSeconds = 300;    // signed senders: accepted age of their timestamp
};

enum class Refusal {
    None,
    Unauthorized, // 401: missing or wrong signature, token or secret; stale timestamp
    Forbidden,    // 403: the sender is not allowed (e.g. a path secret is not this source's)
    NoKey,        // 400: no idempotency key can be derived from the delivery
    Malformed,    // 400: the body is not what the adapter reads (bad JSON, bad form)
};

// What inbox.accept is called with, beside the source and the raw body.
struct Delivery
{
    QString externalId;
    QString contentType;                 // the sender's own Content-Type, or the adapter's default
    std::optional<QDateTime> occurredAt; // the sender's event time, when it sends one
    QString kind;                        // empty: NULL
    QString fingerprint;                 // empty: NULL, the inbox hashes the body
    bool weakKey = false;                // derived from the payload, not given by the sender
};

struct Extraction
{
    Refusal refusal = Refusal::None;
    // A short token for logs and the refusal counters ("bad_signature", "stale_timestamp",
    // "no_key", "bad_json"...). Never holds the body or a secret.
    QByteArray reason;
    Delivery delivery; // meaningful only when refusal == None
};

Extraction extract(const SourceRules &rules, const HttpRequest &request);
QStringList knownAdapters();
// Why these rules cannot work for their adapter (a secret it needs, a key rule it lacks,
// an unknown adapter or fallback), in words for the start-up error; empty when they can.
QString checkRules(const SourceRules &rules);

} // namespace receiver
