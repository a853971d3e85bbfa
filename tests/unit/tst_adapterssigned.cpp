// inbox-receiver's signed and token senders: Telegram's secret token, Stripe-style
// Stripe-Signature and Standard Webhooks. The signatures below were computed outside this
// program (Python's hmac module) over the exact bytes, so the test checks the adapters against
// the senders' documented schemes, not against themselves; the Standard Webhooks case with
// msg_p5jXN8AQM9LWM0D4loKWxJek is the specification's own example.
#include "adapter_util.h"

#include <QTest>

using receiver::Extraction;
using receiver::HttpRequest;
using receiver::Refusal;
using receiver::SourceRules;

namespace {

using adapterfix::kNow;

HttpRequest post(const QByteArray &body, const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    return adapterfix::post(body, "application/json", headers);
}

SourceRules rules(const char *adapter, const QList<QByteArray> &secrets)
{
    return adapterfix::rules(QStringLiteral("signed"), adapter, secrets);
}

// --- Telegram ---
const QByteArray kTgToken = "tg-Secret_token-2026-A";
const QByteArray kTgOldToken = "tg-Secret_token-2025-Z";
const QByteArray kTgMessage =
    R"({"update_id":815724301,"message":{"message_id":1204,"from":{"id":52001934,)"
    R"("is_bot":false,"first_name":"Ольга","language_code":"ru"},"chat":{"id":52001934,)"
    R"("first_name":"Ольга","type":"private"},"date":1796126340,"text":"Здравствуйте, )"
    R"(хочу заказать кухню"}})";
const QByteArray kTgEdited =
    R"({"update_id":815724302,"edited_message":{"message_id":1204,"from":{"id":52001934,)"
    R"("is_bot":false,"first_name":"Ольга"},"chat":{"id":52001934,"type":"private"},)"
    R"("date":1796126340,"edit_date":1796126385,"text":"Здравствуйте, хочу заказать шкаф"}})";
const QByteArray kTgCallback =
    R"({"update_id":815724303,"callback_query":{"id":"4382bfdwdsb323b2d9","from":)"
    R"({"id":52001934,"is_bot":false,"first_name":"Ольга"},"message":{"message_id":1205,)"
    R"("chat":{"id":52001934,"type":"private"},"date":1796120000,"text":"Когда удобно?"},)"
    R"("chat_instance":"-8000000000000000000","data":"slot:tomorrow"}})";

HttpRequest telegram(const QByteArray &body, const QByteArray &token)
{
    QList<std::pair<QByteArray, QByteArray>> headers;
    if (!token.isNull())
        headers.append({"x-telegram-bot-api-secret-token", token});
    return post(body, headers);
}

// --- Stripe-style ---
const QByteArray kStripeNew = "whsec_5b2f0c1e8a9d4e7f3a6b1c0d9e8f7a6b";
const QByteArray kStripeOld = "whsec_0a1b2c3d4e5f60718293a4b5c6d7e8f9";
const QByteArray kStripeBody =
    R"({"id":"evt_1QxR2pLkdIwHu7ix5gT3aB9c","object":"event","api_version":"2024-06-20",)"
    R"("created":1796126360,"data":{"object":{"id":"pi_3QxR2oLkdIwHu7ix0s1Vq2Zd",)"
    R"("object":"payment_intent","amount":2000,"currency":"eur","status":"succeeded"}},)"
    R"("livemode":false,"pending_webhooks":1,"request":{"id":null,"idempotency_key":null},)"
    R"("type":"payment_intent.succeeded"})";
// HMAC-SHA256 over "<t>.<body>", hex.
const QByteArray kSigNew = "d53a2dde6b1036b985ae6587998e5d91893bf42404e4c06a0c536c1d8e560c9f";
const QByteArray kSigOld = "2d475f2f322ff6f4f68e68d0f91f137b4a98d98fe71052573e5bb92e6dc90698";
const QByteArray kSigWrongSecret =
    "a67a8872cd705e68005de97fe83db188b50081b7fe2833dd1e5798257f08ab1e";
const QByteArray kSigStale = "bf4ab5e1a2892bb711f9a73766e55316b1fd66df25f01f8099b28858238dd698";
const QByteArray kSigFuture = "4e1af4f97fd79015ddd3bb6b7a304424bb1f4f2842e19cc4e004f904656d37e3";
const QByteArray kSigEdge = "160e3147069f6a8bb2c1936a522e0eff7c50b60711afa1e6996b047b3d2de280";

HttpRequest stripe(const QByteArray &signatureHeader, const QByteArray &body = kStripeBody)
{
    QList<std::pair<QByteArray, QByteArray>> headers;
    if (!signatureHeader.isNull())
        headers.append({"stripe-signature", signatureHeader});
    return post(body, headers);
}

// --- Standard Webhooks ---
const QByteArray kSwNew = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const QByteArray kSwOld = "whsec_YW4gb2xkZXIgc2VjcmV0IG9mIDMyIGJ5dGVzIC4uLi4=";
const QByteArray kSwId = "msg_2bq7VZsNQXyC4Lm8";
const QByteArray kSwBody = R"({"type":"invoice.paid","timestamp":"2026-12-01T11:59:30.000Z",)"
                           R"("data":{"invoice_id":"inv_8842","amount":1500}})";

HttpRequest standard(const QByteArray &id, const QByteArray &timestamp, const QByteArray &signature,
                     const QByteArray &body = kSwBody)
{
    QList<std::pair<QByteArray, QByteArray>> headers;
    if (!id.isNull())
        headers.append({"webhook-id", id});
    if (!timestamp.isNull())
        headers.append({"webhook-timestamp", timestamp});
    if (!signature.isNull())
        headers.append({"webhook-signature", signature});
    return post(body, headers);
}

} // namespace

class TestAdaptersSigned final : public QObject
{
    Q_OBJECT
private slots:
    void telegramUpdates_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<qint64>("occurred"); // 0: none
        QTest::newRow("message") << kTgMessage << QStringLiteral("815724301")
                                 << QStringLiteral("message") << qint64(1796126340);
        QTest::newRow("edited_message") << kTgEdited << QStringLiteral("815724302")
                                        << QStringLiteral("edited_message") << qint64(1796126385);
        QTest::newRow("callback_query") << kTgCallback << QStringLiteral("815724303")
                                        << QStringLiteral("callback_query") << qint64(0);
    }

    void telegramUpdates()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, key);
        QFETCH(QString, kind);
        QFETCH(qint64, occurred);
        const Extraction e =
            receiver::extract(rules("telegram", {kTgToken}), telegram(body, kTgToken));
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, key);
        QCOMPARE(e.delivery.kind, kind);
        QCOMPARE(e.delivery.contentType, QStringLiteral("application/json"));
        QVERIFY(!e.delivery.weakKey);
        QCOMPARE(e.delivery.occurredAt.has_value(), occurred != 0);
        if (occurred)
            QCOMPARE(e.delivery.occurredAt->toSecsSinceEpoch(), occurred);
    }

    void telegramToken()
    {
        const SourceRules rotating = rules("telegram", {kTgToken, kTgOldToken});
        QCOMPARE(receiver::extract(rotating, telegram(kTgMessage, kTgToken)).refusal,
                 Refusal::None);
        QCOMPARE(receiver::extract(rotating, telegram(kTgMessage, kTgOldToken)).refusal,
                 Refusal::None);
        REFUSED(receiver::extract(rules("telegram", {kTgToken}), telegram(kTgMessage, kTgOldToken)),
                Refusal::Unauthorized, "bad_token");
        REFUSED(receiver::extract(rotating, telegram(kTgMessage, kTgToken + "x")),
                Refusal::Unauthorized, "bad_token");
        REFUSED(receiver::extract(rotating, telegram(kTgMessage, kTgToken.left(5))),
                Refusal::Unauthorized, "bad_token");
        REFUSED(receiver::extract(rotating, telegram(kTgMessage, QByteArray())),
                Refusal::Unauthorized, "missing_token");
        REFUSED(receiver::extract(rotating, telegram(kTgMessage, "")), Refusal::Unauthorized,
                "missing_token");
        // The token is checked before the body is read: a stranger learns nothing of the parser.
        REFUSED(receiver::extract(rotating, telegram("{not json", "nope")), Refusal::Unauthorized,
                "bad_token");
    }

    void telegramBadBodies()
    {
        const SourceRules r = rules("telegram", {kTgToken});
        REFUSED(receiver::extract(r, telegram("{\"update_id\":1,", kTgToken)), Refusal::Malformed,
                "bad_json");
        REFUSED(receiver::extract(r, telegram(R"({"message":{"date":1}})", kTgToken)),
                Refusal::NoKey, "no_key");
        REFUSED(receiver::extract(r, telegram(R"({"update_id":"815724301"})", kTgToken)),
                Refusal::NoKey, "no_key"); // Telegram sends a number; text is not an update
    }

    void telegramReplayIsTheSameKey()
    {
        const SourceRules r = rules("telegram", {kTgToken});
        const Extraction first = receiver::extract(r, telegram(kTgMessage, kTgToken));
        HttpRequest later = telegram(kTgMessage, kTgToken);
        later.receivedAt = kNow.addSecs(3600); // Telegram retries for up to a day
        const Extraction again = receiver::extract(r, later);
        QCOMPARE(again.delivery.externalId, first.delivery.externalId);
        QCOMPARE(again.delivery.fingerprint, first.delivery.fingerprint);
    }

    void telegramRules()
    {
        const QString none = receiver::checkRules(rules("telegram", {}));
        QVERIFY2(none.contains(QStringLiteral("secret_token")), qPrintable(none));
        const QString bad = receiver::checkRules(rules("telegram", {"has space"}));
        QVERIFY2(bad.contains(QStringLiteral("A-Z, a-z, 0-9")), qPrintable(bad));
        QCOMPARE(receiver::checkRules(rules("telegram", {kTgToken, kTgOldToken})), QString());
    }

    void stripeValid()
    {
        const Extraction e =
            receiver::extract(rules("stripe", {kStripeNew}), stripe("t=1796126370,v1=" + kSigNew));
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, QStringLiteral("evt_1QxR2pLkdIwHu7ix5gT3aB9c"));
        QCOMPARE(e.delivery.kind, QStringLiteral("payment_intent.succeeded"));
        QCOMPARE(e.delivery.occurredAt->toSecsSinceEpoch(), qint64(1796126360));
        QVERIFY(e.delivery.fingerprint.isEmpty()); // Stripe's retries are byte for byte
        // Stripe adds a v0 entry and spaces in some libraries: ignored.
        QCOMPARE(receiver::extract(rules("stripe", {kStripeNew}),
                                   stripe("t=1796126370, v1=" + kSigNew + ", v0=abcdef"))
                     .refusal,
                 Refusal::None);
    }

    void stripeRotation()
    {
        const SourceRules both = rules("stripe", {kStripeNew, kStripeOld});
        // Signed with the old secret only (the sender not switched yet), with the new one only,
        // and with both (Stripe's "roll secret" sends two v1 for a while).
        QCOMPARE(receiver::extract(both, stripe("t=1796126370,v1=" + kSigOld)).refusal,
                 Refusal::None);
        QCOMPARE(receiver::extract(both, stripe("t=1796126370,v1=" + kSigNew)).refusal,
                 Refusal::None);
        QCOMPARE(receiver::extract(both, stripe("t=1796126370,v1=" + kSigOld + ",v1=" + kSigNew))
                     .refusal,
                 Refusal::None);
        // Once the old secret is gone from the rules, its signature is refused.
        REFUSED(
            receiver::extract(rules("stripe", {kStripeNew}), stripe("t=1796126370,v1=" + kSigOld)),
            Refusal::Unauthorized, "bad_signature");
    }

    void stripeRefusals()
    {
        const SourceRules r = rules("stripe", {kStripeNew, kStripeOld});
        REFUSED(receiver::extract(r, stripe("t=1796126370,v1=" + kSigWrongSecret)),
                Refusal::Unauthorized, "bad_signature");
        QByteArray tampered = kStripeBody;
        tampered.replace("\"amount\":2000", "\"amount\":9000");
        REFUSED(receiver::extract(r, stripe("t=1796126370,v1=" + kSigNew, tampered)),
                Refusal::Unauthorized, "bad_signature");
        // The right signature under another timestamp: t is signed too.
        REFUSED(receiver::extract(r, stripe("t=1796126371,v1=" + kSigNew)), Refusal::Unauthorized,
                "bad_signature");
        REFUSED(receiver::extract(r, stripe(QByteArray())), Refusal::Unauthorized,
                "missing_signature");
        REFUSED(receiver::extract(r, stripe("v1=" + kSigNew)), Refusal::Unauthorized,
                "bad_signature");
        REFUSED(receiver::extract(r, stripe("t=1796126370")), Refusal::Unauthorized,
                "bad_signature");
        REFUSED(receiver::extract(r, stripe("t=-5,v1=" + kSigNew)), Refusal::Unauthorized,
                "bad_signature");
        REFUSED(receiver::extract(r, stripe("garbage")), Refusal::Unauthorized, "bad_signature");
    }

    void stripeTimestampTolerance()
    {
        const SourceRules r = rules("stripe", {kStripeNew}); // tolerance 300 s
        // Signed 301 s ago, and 301 s ahead: genuine signatures outside the tolerance.
        REFUSED(receiver::extract(r, stripe("t=1796126099,v1=" + kSigStale)), Refusal::Unauthorized,
                "stale_timestamp");
        REFUSED(receiver::extract(r, stripe("t=1796126701,v1=" + kSigFuture)),
                Refusal::Unauthorized, "stale_timestamp");
        // Exactly 300 s old is still inside.
        QCOMPARE(receiver::extract(r, stripe("t=1796126100,v1=" + kSigEdge)).refusal,
                 Refusal::None);
        SourceRules lenient = r;
        lenient.toleranceSeconds = 600;
        QCOMPARE(receiver::extract(lenient, stripe("t=1796126099,v1=" + kSigStale)).refusal,
                 Refusal::None);
    }

    void stripeReplayWithinToleranceIsOneEvent()
    {
        // The same signed request captured and sent again 200 s later: it passes (the
        // signature and timestamp are genuine), and it has the same key, so the inbox stores it
        // once and counts a duplicate.
        const SourceRules r = rules("stripe", {kStripeNew});
        const Extraction first = receiver::extract(r, stripe("t=1796126370,v1=" + kSigNew));
        HttpRequest replay = stripe("t=1796126370,v1=" + kSigNew);
        replay.receivedAt = kNow.addSecs(200);
        const Extraction again = receiver::extract(r, replay);
        QCOMPARE(again.refusal, Refusal::None);
        QCOMPARE(again.delivery.externalId, first.delivery.externalId);
        replay.receivedAt = kNow.addSecs(400); // later than the tolerance: refused
        REFUSED(receiver::extract(r, replay), Refusal::Unauthorized, "stale_timestamp");
    }

    void stripeBadBodies()
    {
        // Valid signatures (HMAC-SHA256 under "k" of "1796126400.<body>") over bodies that are
        // not an event: not JSON, and JSON without an id.
        const SourceRules r = rules("stripe", {"k"});
        REFUSED(receiver::extract(
                    r, stripe("t=1796126400,v1=46453f99ea6be691b4099489c573c78504d6adcd6c8d5fd5"
                              "63800c7aa99ba3a6",
                              "{no")),
                Refusal::Malformed, "bad_json");
        REFUSED(receiver::extract(
                    r, stripe("t=1796126400,v1=1aeaa2ec10215a9e73f086ef6a4a4215eafb0eae7a5d64ef"
                              "ee7f133643380360",
                              R"({"type":"x"})")),
                Refusal::NoKey, "no_key");
    }

    void standardWebhooksSpecificationExample()
    {
        SourceRules r = rules("standard-webhooks", {kSwNew});
        HttpRequest req =
            standard("msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330",
                     "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", R"({"test": 2432232314})");
        req.receivedAt = QDateTime::fromSecsSinceEpoch(1614265330 + 10, Qt::UTC);
        const Extraction e = receiver::extract(r, req);
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, QStringLiteral("msg_p5jXN8AQM9LWM0D4loKWxJek"));
        QVERIFY(e.delivery.kind.isEmpty());
    }

    void standardWebhooksValidAndRotated()
    {
        const SourceRules both = rules("standard-webhooks", {kSwNew, kSwOld});
        const QByteArray sigNew = "v1,B1Kfy/teNp+jOny1MpNJ6zLlN1Q4hFFmktjMBMy1nbA=";
        const QByteArray sigOld = "v1,aa2Y4MXgGeg1OsOWHLzcD6su8kKCWfDjDLfVKayOdwo=";
        const Extraction e = receiver::extract(both, standard(kSwId, "1796126380", sigNew));
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, QString::fromLatin1(kSwId));
        QCOMPARE(e.delivery.kind, QStringLiteral("invoice.paid"));
        QCOMPARE(e.delivery.occurredAt.value(),
                 QDateTime(QDate(2026, 12, 1), QTime(11, 59, 30), Qt::UTC));
        QCOMPARE(receiver::extract(both, standard(kSwId, "1796126380", sigOld)).refusal,
                 Refusal::None);
        // Several signatures, space-separated, an unknown scheme among them.
        QCOMPARE(receiver::extract(
                     both, standard(kSwId, "1796126380", "v1a,AAAA " + sigOld + " " + sigNew))
                     .refusal,
                 Refusal::None);
        REFUSED(receiver::extract(rules("standard-webhooks", {kSwNew}),
                                  standard(kSwId, "1796126380", sigOld)),
                Refusal::Unauthorized, "bad_signature");
    }

    void standardWebhooksRefusals()
    {
        const SourceRules r = rules("standard-webhooks", {kSwNew, kSwOld});
        const QByteArray sigNew = "v1,B1Kfy/teNp+jOny1MpNJ6zLlN1Q4hFFmktjMBMy1nbA=";
        // The id and the timestamp are signed: changing either breaks the signature.
        REFUSED(receiver::extract(r, standard("msg_other", "1796126380", sigNew)),
                Refusal::Unauthorized, "bad_signature");
        REFUSED(receiver::extract(r, standard(kSwId, "1796126381", sigNew)), Refusal::Unauthorized,
                "bad_signature");
        REFUSED(receiver::extract(r, standard(kSwId, "1796126380", sigNew,
                                              QByteArray(kSwBody).replace("1500", "15000"))),
                Refusal::Unauthorized, "bad_signature");
        REFUSED(receiver::extract(r, standard(kSwId, "1796126380", "v2," + sigNew.mid(3))),
                Refusal::Unauthorized, "bad_signature");
        REFUSED(receiver::extract(r, standard(QByteArray(), "1796126380", sigNew)),
                Refusal::Unauthorized, "missing_signature");
        REFUSED(receiver::extract(r, standard(kSwId, QByteArray(), sigNew)), Refusal::Unauthorized,
                "missing_signature");
        REFUSED(receiver::extract(r, standard(kSwId, "1796126380", QByteArray())),
                Refusal::Unauthorized, "missing_signature");
        REFUSED(receiver::extract(r, standard(kSwId, "soon", sigNew)), Refusal::Unauthorized,
                "bad_signature");
        // Genuinely signed 400 s ago.
        REFUSED(receiver::extract(r, standard(kSwId, "1796126000",
                                              "v1,IekQCEolvH5wg682ZBIVfcOfDpbd1QSgmu33p9LNLZo=")),
                Refusal::Unauthorized, "stale_timestamp");
    }

    void standardWebhooksReplayIsTheSameKey()
    {
        const SourceRules r = rules("standard-webhooks", {kSwNew});
        HttpRequest replay =
            standard(kSwId, "1796126380", "v1,B1Kfy/teNp+jOny1MpNJ6zLlN1Q4hFFmktjMBMy1nbA=");
        replay.receivedAt = kNow.addSecs(250);
        const Extraction e = receiver::extract(r, replay);
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, QString::fromLatin1(kSwId));
    }

    void signedRules()
    {
        const QString stripeNone = receiver::checkRules(rules("stripe", {}));
        QVERIFY2(stripeNone.contains(QStringLiteral("signing secret")), qPrintable(stripeNone));
        const QString swNone = receiver::checkRules(rules("standard-webhooks", {}));
        QVERIFY2(swNone.contains(QStringLiteral("whsec_")), qPrintable(swNone));
        const QString swBad = receiver::checkRules(rules("standard-webhooks", {"whsec_%%%"}));
        QVERIFY2(swBad.contains(QStringLiteral("not whsec_ and base64")), qPrintable(swBad));
        QCOMPARE(receiver::checkRules(rules("standard-webhooks", {kSwNew, kSwOld})), QString());
        SourceRules noTolerance = rules("stripe", {kStripeNew});
        noTolerance.toleranceSeconds = -1;
        QVERIFY(receiver::checkRules(noTolerance).contains(QStringLiteral("tolerance")));
    }
};

QTEST_GUILESS_MAIN(TestAdaptersSigned)
#include "tst_adapterssigned.moc"
