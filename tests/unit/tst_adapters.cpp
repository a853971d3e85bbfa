// inbox-receiver's dispatch, its start-up check of a source's rules, and the generic json
// adapter with the seeds' fallback keys (a call's UUID, an e-mail's Message-ID, a time bucket
// of the source's own time). Pure functions: no database, no server.
#include "adapter_util.h"

#include <QRegularExpression>
#include <QTest>

using receiver::Extraction;
using receiver::HttpRequest;
using receiver::Refusal;
using receiver::SourceRules;

namespace {

HttpRequest post(const QByteArray &body, const QByteArray &contentType = "application/json")
{
    return adapterfix::post(body, contentType);
}

SourceRules json(const QStringList &keyFields, const QStringList &fingerprintFields = {},
                 const QString &fallback = {})
{
    SourceRules rules;
    rules.source = QStringLiteral("crm");
    rules.adapter = QStringLiteral("json");
    rules.keyFields = keyFields;
    rules.fingerprintFields = fingerprintFields;
    rules.fallbackKey = fallback;
    return rules;
}

bool isHex64(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^[0-9a-f]{64}$"));
    return re.match(text).hasMatch();
}

} // namespace

class TestAdapters final : public QObject
{
    Q_OBJECT
private slots:
    void knownAdaptersAreListed()
    {
        const QStringList known = receiver::knownAdapters();
        QVERIFY2(known.contains(QStringLiteral("json")), qPrintable(known.join(u',')));
    }

    void unknownAdapterRefusedAtStartAndPerDelivery()
    {
        SourceRules rules = json({QStringLiteral("id")});
        rules.adapter = QStringLiteral("jsn");
        const QString problem = receiver::checkRules(rules);
        QVERIFY2(problem.contains(QStringLiteral("unknown adapter \"jsn\"")), qPrintable(problem));
        QVERIFY2(problem.contains(QStringLiteral("json")), qPrintable(problem)); // the known ones
        const Extraction e = receiver::extract(rules, post(R"({"id":1})"));
        QCOMPARE(e.refusal, Refusal::Malformed);
        QCOMPARE(e.reason, QByteArray("unknown_adapter"));
    }

    void checkRulesNamesEveryMissingPiece()
    {
        QCOMPARE(receiver::checkRules(json({QStringLiteral("id")})), QString());

        SourceRules none = json({});
        none.source.clear();
        none.toleranceSeconds = 0;
        none.secrets = {QByteArray()};
        const QString all = receiver::checkRules(none);
        QVERIFY2(all.contains(QStringLiteral("no name")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("key_fields or a fallback_key")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("tolerance")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("a secret is empty")), qPrintable(all));

        const QString badFallback = receiver::checkRules(json({}, {}, QStringLiteral("hash")));
        QVERIFY2(badFallback.contains(QStringLiteral("unknown fallback_key \"hash\"")),
                 qPrintable(badFallback));
        const QString bucketWithoutFields =
            receiver::checkRules(json({}, {}, QStringLiteral("time-bucket:started_at:60")));
        QVERIFY2(bucketWithoutFields.contains(QStringLiteral("needs fingerprint_fields")),
                 qPrintable(bucketWithoutFields));
        const QString zeroBucket = receiver::checkRules(
            json({}, {QStringLiteral("caller")}, QStringLiteral("time-bucket:started_at:0")));
        QVERIFY2(zeroBucket.contains(QStringLiteral("1..86400")), qPrintable(zeroBucket));
        const QString emptyStep = receiver::checkRules(json({QStringLiteral("deal..id")}));
        QVERIFY2(emptyStep.contains(QStringLiteral("\"deal..id\"")), qPrintable(emptyStep));
        QCOMPARE(receiver::checkRules(json({}, {QStringLiteral("caller")},
                                           QStringLiteral("time-bucket:started_at:60"))),
                 QString());
    }

    void keyFromNamedFields()
    {
        const QByteArray body =
            R"({"event_id":7001,"event":"deal.updated","deal":{"id":"D-5","status":"won"}})";
        const Extraction one = receiver::extract(json({QStringLiteral("event_id")}), post(body));
        QCOMPARE(one.refusal, Refusal::None);
        QCOMPARE(one.delivery.externalId, QStringLiteral("7001"));
        QCOMPARE(one.delivery.contentType, QStringLiteral("application/json"));
        QVERIFY(!one.delivery.weakKey);
        QVERIFY(one.delivery.fingerprint.isEmpty()); // no rule: the inbox hashes the body

        const Extraction two = receiver::extract(
            json({QStringLiteral("deal.id"), QStringLiteral("event")}), post(body));
        QCOMPARE(two.delivery.externalId, QStringLiteral("D-5:deal.updated"));
    }

    void integerIdsKeepEveryDigit()
    {
        // Above 2^53: a double would round it, and two events would share one key.
        const Extraction e =
            receiver::extract(json({QStringLiteral("id")}), post(R"({"id":9007199254740993})"));
        QCOMPARE(e.delivery.externalId, QStringLiteral("9007199254740993"));
        const Extraction f =
            receiver::extract(json({QStringLiteral("id")}), post(R"({"id":1.0e3})"));
        QCOMPARE(f.delivery.externalId, QStringLiteral("1000"));
        const Extraction g = receiver::extract(json({QStringLiteral("items.1.sku")}),
                                               post(R"({"items":[{"sku":"A"},{"sku":"B"}]})"));
        QCOMPARE(g.delivery.externalId, QStringLiteral("B"));
    }

    void joinedValuesNeverCollide()
    {
        const SourceRules rules = json({QStringLiteral("a"), QStringLiteral("b")});
        const Extraction x = receiver::extract(rules, post(R"({"a":"x:y","b":"z"})"));
        const Extraction y = receiver::extract(rules, post(R"({"a":"x","b":"y:z"})"));
        QCOMPARE(x.refusal, Refusal::None);
        QCOMPARE(y.refusal, Refusal::None);
        QVERIFY2(x.delivery.externalId != y.delivery.externalId, qPrintable(x.delivery.externalId));
    }

    void missingKeyIsNoKey_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("absent") << QByteArray(R"({"other":1})");
        QTest::newRow("null") << QByteArray(R"({"id":null})");
        QTest::newRow("empty text") << QByteArray(R"({"id":""})");
        QTest::newRow("object") << QByteArray(R"({"id":{"n":1}})");
        QTest::newRow("array") << QByteArray(R"({"id":[1]})");
    }

    void missingKeyIsNoKey()
    {
        QFETCH(QByteArray, body);
        const Extraction e = receiver::extract(json({QStringLiteral("id")}), post(body));
        QCOMPARE(e.refusal, Refusal::NoKey);
        QCOMPARE(e.reason, QByteArray("no_key"));
    }

    void badJsonIsMalformed_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("cut") << QByteArray(R"({"id":1)");
        QTest::newRow("array") << QByteArray(R"([{"id":1}])");
        QTest::newRow("form") << QByteArray("id=1");
        QTest::newRow("empty") << QByteArray();
    }

    void badJsonIsMalformed()
    {
        QFETCH(QByteArray, body);
        const Extraction e = receiver::extract(json({QStringLiteral("id")}), post(body));
        QCOMPARE(e.refusal, Refusal::Malformed);
        QCOMPARE(e.reason, QByteArray("bad_json"));
    }

    void keysStayInsideAcceptsLimits()
    {
        // inbox.accept refuses an external id over 1024 characters or with a control
        // character (22023): the adapter hands it a digest instead, the same for every repeat.
        const QByteArray longId(2000, 'x');
        const QByteArray body = "{\"id\":\"" + longId + "\"}";
        const Extraction e = receiver::extract(json({QStringLiteral("id")}), post(body));
        QCOMPARE(e.refusal, Refusal::None);
        QVERIFY2(e.delivery.externalId.startsWith(QStringLiteral("sha256:")),
                 qPrintable(e.delivery.externalId));
        QCOMPARE(e.delivery.externalId.size(), 7 + 64);
        QCOMPARE(receiver::extract(json({QStringLiteral("id")}), post(body)).delivery.externalId,
                 e.delivery.externalId);
        const Extraction tab =
            receiver::extract(json({QStringLiteral("id")}), post(R"({"id":"a\tb"})"));
        QVERIFY(tab.delivery.externalId.startsWith(QStringLiteral("sha256:")));
    }

    void fingerprintOfStableFields()
    {
        const SourceRules rules =
            json({QStringLiteral("lead_id")}, {QStringLiteral("lead_id"), QStringLiteral("name"),
                                               QStringLiteral("contact.phone")});
        const Extraction first = receiver::extract(
            rules, post(R"({"lead_id":11,"name":"Ольга","contact":{"phone":"+7 916 000-11-22"},)"
                        R"("sent_at":"2026-12-01T12:00:00Z","signature":"aa11"})"));
        // A resend: other sent_at and signature, the fields in another order.
        const Extraction resend = receiver::extract(
            rules, post(R"({"signature":"bb22","sent_at":"2026-12-01T12:05:00Z",)"
                        R"("contact":{"phone":"+7 916 000-11-22"},"name":"Ольга","lead_id":11})"));
        const Extraction other = receiver::extract(
            rules, post(R"({"lead_id":11,"name":"Ольга","contact":{"phone":"+7 916 000-11-23"},)"
                        R"("sent_at":"2026-12-01T12:00:00Z","signature":"aa11"})"));
        QVERIFY2(isHex64(first.delivery.fingerprint), qPrintable(first.delivery.fingerprint));
        QCOMPARE(resend.delivery.fingerprint, first.delivery.fingerprint);
        QVERIFY(other.delivery.fingerprint != first.delivery.fingerprint);
        QCOMPARE(other.delivery.externalId, first.delivery.externalId); // so: a conflict
    }

    void contentTypeIsTheSenders()
    {
        const Extraction e = receiver::extract(
            json({QStringLiteral("id")}), post(R"({"id":1})", "application/json; charset=utf-8"));
        QCOMPARE(e.delivery.contentType, QStringLiteral("application/json; charset=utf-8"));
        HttpRequest bare = post(R"({"id":1})");
        bare.headers.clear();
        QCOMPARE(receiver::extract(json({QStringLiteral("id")}), bare).delivery.contentType,
                 QStringLiteral("application/json"));
    }

    void fallbackCallUuid()
    {
        const SourceRules rules = json({}, {}, QStringLiteral("uuid:call.uuid"));
        const Extraction e = receiver::extract(
            rules, post(R"({"call":{"uuid":"{6F9619FF-8B86-D011-B42D-00C04FC964FF}"}})"));
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId,
                 QStringLiteral("derived:uuid:6f9619ff-8b86-d011-b42d-00c04fc964ff"));
        QVERIFY(e.delivery.weakKey);
        const Extraction bad = receiver::extract(rules, post(R"({"call":{"uuid":"not-a-uuid"}})"));
        QCOMPARE(bad.refusal, Refusal::NoKey);
    }

    void fallbackOnlyWhenTheKeyIsMissing()
    {
        const SourceRules rules =
            json({QStringLiteral("id")}, {}, QStringLiteral("uuid:call_uuid"));
        const QByteArray uuid = R"("call_uuid":"6f9619ff-8b86-d011-b42d-00c04fc964ff")";
        const Extraction keyed = receiver::extract(rules, post("{\"id\":5," + uuid + "}"));
        QCOMPARE(keyed.delivery.externalId, QStringLiteral("5"));
        QVERIFY(!keyed.delivery.weakKey);
        const Extraction derived = receiver::extract(rules, post("{" + uuid + "}"));
        QVERIFY(derived.delivery.weakKey);
        QVERIFY(derived.delivery.externalId.startsWith(QStringLiteral("derived:uuid:")));
    }

    void fallbackMessageIdNormalised()
    {
        const SourceRules rules = json({}, {}, QStringLiteral("message-id:headers.message_id"));
        const Extraction e = receiver::extract(
            rules, post(R"({"headers":{"message_id":" <CAB7.x9@Mail.Shop.EXAMPLE> "}})"));
        QCOMPARE(e.delivery.externalId,
                 QStringLiteral("derived:message-id:CAB7.x9@mail.shop.example"));
        QVERIFY(e.delivery.weakKey);
        // The same message as the raw RFC 5322 text (the seeds' e-mail source), header folded.
        const QByteArray mail = "Return-Path: <a@b.example>\r\n"
                                "Message-ID:\r\n <CAB7.x9@mail.shop.example>\r\n"
                                "Subject: order\r\n"
                                "\r\n"
                                "Message-ID: <body@not.a.header>\r\n";
        const Extraction raw = receiver::extract(
            json({}, {}, QStringLiteral("message-id:Message-Id")), post(mail, "message/rfc822"));
        QCOMPARE(raw.refusal, Refusal::None);
        QCOMPARE(raw.delivery.externalId, e.delivery.externalId);
        QCOMPARE(raw.delivery.contentType, QStringLiteral("message/rfc822"));
        const Extraction noHeader = receiver::extract(
            json({}, {}, QStringLiteral("message-id:Message-Id")),
            post("Subject: x\r\n\r\nMessage-ID: <in@body>\r\n", "message/rfc822"));
        QCOMPARE(noHeader.refusal, Refusal::NoKey);
    }

    void fallbackTimeBucket()
    {
        // The seeds' PBX: no id; the caller and the minute of the call stay the same.
        const SourceRules rules = json({}, {QStringLiteral("caller"), QStringLiteral("line")},
                                       QStringLiteral("time-bucket:started_at:60"));
        auto call = [&](const char *caller, const char *at) {
            return receiver::extract(
                rules, post(QByteArray("{\"event\":\"call.missed\",\"caller\":\"") + caller +
                            "\",\"line\":\"sales\",\"started_at\":\"" + at + "\"}"));
        };
        const Extraction a = call("+79160001122", "2026-12-01T11:58:07Z");
        const Extraction sameMinute = call("+79160001122", "2026-12-01T14:58:59+03:00");
        const Extraction nextMinute = call("+79160001122", "2026-12-01T11:59:00Z");
        const Extraction otherCaller = call("+79160001123", "2026-12-01T11:58:07Z");
        QCOMPARE(a.refusal, Refusal::None);
        QVERIFY(a.delivery.weakKey);
        QVERIFY2(a.delivery.externalId.startsWith(
                     QStringLiteral("derived:time-bucket:2026-12-01T11:58:00Z:60:")),
                 qPrintable(a.delivery.externalId));
        QCOMPARE(sameMinute.delivery.externalId, a.delivery.externalId);
        QVERIFY(nextMinute.delivery.externalId != a.delivery.externalId);
        QVERIFY(otherCaller.delivery.externalId != a.delivery.externalId);
        QCOMPARE(a.delivery.occurredAt.value(),
                 QDateTime(QDate(2026, 12, 1), QTime(11, 58, 7), Qt::UTC));
        QVERIFY(isHex64(a.delivery.fingerprint));
        // Unix seconds work too; a local time without offset does not (which zone?).
        const Extraction unix = call("+79160001122", "1796126287");
        QCOMPARE(unix.refusal, Refusal::None);
        QCOMPARE(call("+79160001122", "2026-12-01T11:58:07").refusal, Refusal::NoKey);
    }

    void yookassaNotification()
    {
        SourceRules rules;
        rules.source = QStringLiteral("payments");
        rules.adapter = QStringLiteral("yookassa");
        QCOMPARE(receiver::checkRules(rules), QString()); // nothing to configure but networks
        auto notify = [&](const char *event, const char *status) {
            QByteArray body =
                R"({"type":"notification","event":"EVENT","object":{"id":)"
                R"("2d8f3c7e-000f-5000-9000-1b6a9e0c4d21","status":"STATUS","amount":)"
                R"({"value":"2490.00","currency":"RUB"},"created_at":"2026-12-01T11:58:40.118Z",)"
                R"("captured_at":"2026-12-01T11:59:02.530Z","paid":true,"refundable":true,)"
                R"("metadata":{"order_id":"ORD-1042"}}})";
            return receiver::extract(rules,
                                     post(body.replace("EVENT", event).replace("STATUS", status)));
        };
        const Extraction succeeded = notify("payment.succeeded", "succeeded");
        QCOMPARE(succeeded.refusal, Refusal::None);
        QCOMPARE(succeeded.delivery.externalId,
                 QStringLiteral("2d8f3c7e-000f-5000-9000-1b6a9e0c4d21:payment.succeeded"));
        QCOMPARE(succeeded.delivery.kind, QStringLiteral("payment.succeeded"));
        QCOMPARE(succeeded.delivery.occurredAt.value(),
                 QDateTime(QDate(2026, 12, 1), QTime(11, 59, 2, 530), Qt::UTC));
        QVERIFY(!succeeded.delivery.weakKey);
        // The same payment's earlier event is another event.
        const Extraction waiting = notify("payment.waiting_for_capture", "waiting_for_capture");
        QVERIFY(waiting.delivery.externalId != succeeded.delivery.externalId);
        // A retry of the same notification is the same key.
        QCOMPARE(notify("payment.succeeded", "succeeded").delivery.externalId,
                 succeeded.delivery.externalId);
    }

    void yookassaRefusals()
    {
        SourceRules rules;
        rules.source = QStringLiteral("payments");
        rules.adapter = QStringLiteral("yookassa");
        auto check = [&](const QByteArray &body, Refusal refusal, const QByteArray &reason) {
            const Extraction e = receiver::extract(rules, post(body));
            QCOMPARE(e.refusal, refusal);
            QCOMPARE(e.reason, reason);
        };
        check(R"({"type":"notification","event":"payment.succeeded")", Refusal::Malformed,
              "bad_json");
        check(R"({"event":"payment.succeeded","object":{"id":"p1"}})", Refusal::Malformed,
              "not_notification");
        check(R"({"type":"payment","event":"payment.succeeded","object":{"id":"p1"}})",
              Refusal::Malformed, "not_notification");
        check(R"({"type":"notification","event":"payment.succeeded","object":{}})", Refusal::NoKey,
              "no_key");
        check(R"({"type":"notification","object":{"id":"p1"}})", Refusal::NoKey, "no_key");
    }

    void reasonsNeverCarryTheBodyOrASecret()
    {
        // Every refusal of every adapter, fed a body and headers holding a marker: the reason
        // is a short token, never a piece of what came in or of the rules' secrets.
        const QByteArray marker = "SECRET4711marker";
        const QList<QByteArray> bodies = {
            "{\"id\":\"" + marker + "\",\"update_id\":\"" + marker + "\"}",
            "event=" + marker + "&auth%5Bapplication_token%5D=" + marker, marker, QByteArray(),
            "{\"type\":\"notification\",\"event\":\"" + marker + "\",\"object\":{}}"};
        static const QRegularExpression token(QStringLiteral("^[a-z_]{1,32}$"));
        int refusals = 0;
        for (const QString &adapter : receiver::knownAdapters()) {
            SourceRules rules = json({QStringLiteral("nothing")});
            rules.adapter = adapter;
            rules.secrets = {"other-" + marker};
            for (const QByteArray &body : bodies) {
                HttpRequest request = post(body);
                request.pathRest = marker;
                for (const char *name : {"x-telegram-bot-api-secret-token", "stripe-signature",
                                         "webhook-id", "webhook-timestamp", "webhook-signature"})
                    request.headers.append({QByteArray(name), marker});
                const Extraction e = receiver::extract(rules, request);
                if (e.refusal == Refusal::None)
                    continue;
                ++refusals;
                QVERIFY2(token.match(QString::fromLatin1(e.reason)).hasMatch(),
                         e.reason.constData());
                QVERIFY(!e.reason.contains("4711"));
            }
        }
        QVERIFY2(refusals >= 30, qPrintable(QString::number(refusals))); // the cases really refused
    }
};

QTEST_GUILESS_MAIN(TestAdapters)
#include "tst_adapters.moc"
