// libFuzzer target for one inbox-receiver adapter (compiled once per adapter by
// scripts/fuzz.sh with -DINBOX_FUZZ_ADAPTER="name"): whatever a sender or a stranger sends,
// extracting the key and fingerprint must not crash, hang or read out of bounds, and what it
// hands inbox.accept stays inside the contract's limits.
//
// Input: one byte of flags, then "<a>\xff<b>\xff<body>" (missing separators: all body).
// Flag bit 0 makes the delivery authentic (the target computes the token, signature or path
// secret from the rules' secret), so the fuzzer reaches the body readers behind the check;
// without it <a> is the credential as sent. Bits 1-2 pick the content type, bits 3-4 the key
// rules; <b> is the Standard Webhooks id or, for the others, a second header value.
#include "request.h"

#include <QByteArray>
#include <QMessageAuthenticationCode>

#include <cstdint>
#include <cstdlib>

#ifndef INBOX_FUZZ_ADAPTER
#error "compile with -DINBOX_FUZZ_ADAPTER=\"<adapter>\""
#endif

namespace {

const QByteArray kSecret = "fuzz-Secret_token-0123456789";
const QByteArray kSwSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const qint64 kNow = 1796126400;

void check(bool condition)
{
    if (!condition)
        std::abort(); // libFuzzer reports the input that broke a promise
}

bool cleanText(const QString &text, int max)
{
    if (text.size() > max)
        return false;
    for (const QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return false;
    }
    return true;
}

receiver::SourceRules rulesFor(const QString &adapter, int variant)
{
    receiver::SourceRules r;
    r.source = QStringLiteral("fuzz");
    r.adapter = adapter;
    r.secrets = {adapter == QLatin1String("standard-webhooks") ? kSwSecret : kSecret,
                 adapter == QLatin1String("standard-webhooks")
                     ? QByteArray("whsec_YW4gb2xkZXIgc2VjcmV0IG9mIDMyIGJ5dGVzIC4uLi4=")
                     : QByteArray("older_secret_0123456789")};
    if (adapter == QLatin1String("json")) {
        static const char *const fallbacks[] = {"", "uuid:call.uuid", "message-id:Message-ID",
                                                "time-bucket:started_at:60"};
        r.keyFields = variant == 0 ? QStringList{QStringLiteral("id"), QStringLiteral("event")}
                                   : QStringList{QStringLiteral("event_id")};
        r.fallbackKey = QLatin1String(fallbacks[variant]);
        r.fingerprintFields = {QStringLiteral("caller"), QStringLiteral("deal.id")};
    } else if (adapter == QLatin1String("form")) {
        r.keyFields = {variant & 1 ? QStringLiteral("meta.form_key") : QStringLiteral("form_key")};
        if (variant & 2)
            r.fingerprintFields = {QStringLiteral("name"), QStringLiteral("phone")};
    } else if (variant == 3) {
        r.fingerprintFields = {QStringLiteral("data[FIELDS][ID]"), QStringLiteral("id")};
    }
    return r;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const QString adapter = QStringLiteral(INBOX_FUZZ_ADAPTER);
    const uint8_t flags = data[0];
    const QByteArray rest(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    QByteArray a, b, body = rest;
    const qsizetype first = rest.indexOf('\xff');
    if (first >= 0) {
        const qsizetype second = rest.indexOf('\xff', first + 1);
        if (second >= 0) {
            a = rest.left(first);
            b = rest.mid(first + 1, second - first - 1);
            body = rest.mid(second + 1);
        }
    }
    const bool authentic = flags & 1;
    static const char *const types[] = {"application/json", "application/x-www-form-urlencoded",
                                        "message/rfc822", ""};
    const QByteArray type = types[(flags >> 1) & 3];

    const receiver::SourceRules rules = rulesFor(adapter, (flags >> 3) & 3);
    check(receiver::checkRules(rules).isEmpty()); // the fuzzed rules are valid ones

    receiver::HttpRequest request;
    request.method = "POST";
    request.path = "/in/fuzz";
    request.receivedAt = QDateTime::fromSecsSinceEpoch(kNow, Qt::UTC);
    if (!type.isEmpty())
        request.headers.append({QByteArray("content-type"), type});
    const QByteArray now = QByteArray::number(kNow);
    if (adapter == QLatin1String("telegram")) {
        request.headers.append({"x-telegram-bot-api-secret-token", authentic ? kSecret : a});
    } else if (adapter == QLatin1String("stripe")) {
        const QByteArray t = b.isEmpty() ? now : b;
        const QByteArray mac =
            QMessageAuthenticationCode::hash(t + '.' + body, kSecret, QCryptographicHash::Sha256);
        request.headers.append(
            {"stripe-signature", authentic ? "t=" + t + ",v1=" + mac.toHex() + ",v1=" + a : a});
    } else if (adapter == QLatin1String("standard-webhooks")) {
        const QByteArray id = b.isEmpty() ? QByteArray("msg_fuzz") : b;
        const QByteArray key = QByteArray::fromBase64(kSwSecret.mid(6));
        const QByteArray mac = QMessageAuthenticationCode::hash(id + '.' + now + '.' + body, key,
                                                                QCryptographicHash::Sha256);
        request.headers.append({"webhook-id", id});
        request.headers.append({"webhook-timestamp", now});
        request.headers.append(
            {"webhook-signature", authentic ? "v1," + mac.toBase64() + " " + a : a});
    } else if (adapter == QLatin1String("bitrix24")) {
        if (authentic)
            body += "&auth%5Bapplication_token%5D=" + kSecret;
    } else if (adapter == QLatin1String("amocrm")) {
        request.pathRest = authentic ? kSecret : a;
    }
    request.body = body;

    const receiver::Extraction e = receiver::extract(rules, request);
    if (e.refusal == receiver::Refusal::None) {
        const receiver::Delivery &d = e.delivery;
        check(!d.externalId.isEmpty() && cleanText(d.externalId, 1024));
        check(cleanText(d.kind, 128));
        check(!d.contentType.isEmpty() && cleanText(d.contentType, 255));
        check(d.fingerprint.size() <= 1024);
        check(!d.occurredAt || d.occurredAt->isValid());
        check(e.reason.isEmpty());
    } else {
        check(!e.reason.isEmpty() && e.reason.size() <= 32);
        for (const char c : e.reason)
            check((c >= 'a' && c <= 'z') || c == '_');
    }
    // A pure function: the same request gives the same answer.
    const receiver::Extraction again = receiver::extract(rules, request);
    check(again.refusal == e.refusal && again.reason == e.reason &&
          again.delivery.externalId == e.delivery.externalId &&
          again.delivery.fingerprint == e.delivery.fingerprint &&
          again.delivery.kind == e.delivery.kind);
    return 0;
}
