// inbox-receiver's form-encoded senders: Bitrix24 event handlers (application_token, the
// volatile auth[...] fields out of the fingerprint), amoCRM webhooks (the path secret, the key
// from entities, ids and modification times) and web forms with a key made when the form
// opened. The bodies are written as those senders encode them (PHP's http_build_query: '+'
// for a space, brackets percent-encoded).
#include "adapter_util.h"

#include <QTest>

using receiver::Extraction;
using receiver::HttpRequest;
using receiver::Refusal;
using receiver::SourceRules;

namespace {

using adapterfix::kNow;

// A form post unless told otherwise; `pathRest` after the source's path (amoCRM's secret).
HttpRequest post(const QByteArray &body,
                 const QByteArray &contentType = "application/x-www-form-urlencoded",
                 const QByteArray &pathRest = {})
{
    return adapterfix::post(body, contentType, {}, pathRest);
}

SourceRules rules(const char *adapter, const QList<QByteArray> &secrets,
                  const QStringList &keyFields = {})
{
    return adapterfix::rules(QStringLiteral("crm"), adapter, secrets, keyFields);
}

// --- Bitrix24 ---
const QByteArray kAppToken = "51856fefc120afa4b628cc82d3935cce";
const QByteArray kOldAppToken = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

QByteArray bitrixAuth(const QByteArray &accessToken, const QByteArray &appToken = kAppToken)
{
    return "auth%5Bdomain%5D=shop.bitrix24.ru"
           "&auth%5Bclient_endpoint%5D=https%3A%2F%2Fshop.bitrix24.ru%2Frest%2F"
           "&auth%5Bserver_endpoint%5D=https%3A%2F%2Foauth.bitrix.info%2Frest%2F"
           "&auth%5Bmember_id%5D=a223c6b3710f85df22e9377d6c4f7553"
           "&auth%5Baccess_token%5D=" +
           accessToken +
           "&auth%5Bexpires_in%5D=3600&auth%5Bscope%5D=crm&auth%5Bstatus%5D=L"
           "&auth%5Brefresh_token%5D=4s386p3q0tr8dy89xvmt96234v3dljg8" +
           (appToken.isNull() ? QByteArray() : "&auth%5Bapplication_token%5D=" + appToken);
}

QByteArray dealUpdate(const QByteArray &id, const QByteArray &ts, const QByteArray &auth)
{
    return "event=ONCRMDEALUPDATE&event_handler_id=17&data%5BFIELDS%5D%5BID%5D=" + id +
           "&ts=" + ts + "&" + auth;
}

// --- amoCRM ---
const QByteArray kPathSecret = "q7Lx2vN9pR4sT8wZ-amo";
const QByteArray kOldPathSecret = "old_secret_0123456789";
const QByteArray kAmoStatus =
    "leads%5Bstatus%5D%5B0%5D%5Bid%5D=25399013&leads%5Bstatus%5D%5B0%5D%5Bstatus_id%5D=142"
    "&leads%5Bstatus%5D%5B0%5D%5Bpipeline_id%5D=3101&leads%5Bstatus%5D%5B0%5D%5Bold_status_id%5D="
    "7331&leads%5Bstatus%5D%5B0%5D%5Bold_pipeline_id%5D=3101"
    "&leads%5Bstatus%5D%5B0%5D%5Blast_modified%5D=1796126300"
    "&account%5Bid%5D=29880391&account%5Bsubdomain%5D=shopexample";

} // namespace

class TestAdaptersForms final : public QObject
{
    Q_OBJECT
private slots:
    void bitrixDealUpdate()
    {
        const Extraction e =
            receiver::extract(rules("bitrix24", {kAppToken}),
                              post(dealUpdate("4215", "1796126390", bitrixAuth("s6p6eclrvim6"))));
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, QStringLiteral("ONCRMDEALUPDATE:4215:1796126390"));
        QCOMPARE(e.delivery.kind, QStringLiteral("ONCRMDEALUPDATE"));
        QCOMPARE(e.delivery.occurredAt->toSecsSinceEpoch(), qint64(1796126390));
        QCOMPARE(e.delivery.contentType, QStringLiteral("application/x-www-form-urlencoded"));
        QCOMPARE(e.delivery.fingerprint.size(), 64);
    }

    void bitrixToken()
    {
        const QByteArray body = dealUpdate("4215", "1796126390", bitrixAuth("a"));
        const SourceRules both = rules("bitrix24", {kAppToken, kOldAppToken});
        QCOMPARE(receiver::extract(both, post(body)).refusal, Refusal::None);
        QCOMPARE(receiver::extract(
                     both, post(dealUpdate("4215", "1796126390", bitrixAuth("a", kOldAppToken))))
                     .refusal,
                 Refusal::None);
        REFUSED(receiver::extract(rules("bitrix24", {kOldAppToken}), post(body)),
                Refusal::Unauthorized, "bad_token");
        REFUSED(receiver::extract(
                    both, post(dealUpdate("4215", "1796126390", bitrixAuth("a", QByteArray())))),
                Refusal::Unauthorized, "missing_token");
        REFUSED(receiver::extract(
                    both, post(dealUpdate("4215", "1796126390", bitrixAuth("a", kAppToken + "0")))),
                Refusal::Unauthorized, "bad_token");
    }

    void bitrixRetryIsDuplicateReuseIsConflict()
    {
        const SourceRules r = rules("bitrix24", {kAppToken});
        const Extraction first =
            receiver::extract(r, post(dealUpdate("4215", "1796126390", bitrixAuth("tokenA"))));
        // Delivered again after the portal refreshed its OAuth tokens: the auth[...] fields
        // differ, the event does not.
        const QByteArray retryBody =
            dealUpdate("4215", "1796126390", bitrixAuth("tokenB"))
                .replace("refresh_token%5D=4s386", "refresh_token%5D=9z111")
                .replace("expires_in%5D=3600", "expires_in%5D=3599");
        const Extraction retry = receiver::extract(r, post(retryBody));
        QCOMPARE(retry.delivery.externalId, first.delivery.externalId);
        QCOMPARE(retry.delivery.fingerprint, first.delivery.fingerprint);

        // Another deal: another key and fingerprint.
        const Extraction other =
            receiver::extract(r, post(dealUpdate("4216", "1796126390", bitrixAuth("tokenA"))));
        QVERIFY(other.delivery.externalId != first.delivery.externalId);
        QVERIFY(other.delivery.fingerprint != first.delivery.fingerprint);
        // The next update of the same deal: a new key (ts), not a lost "duplicate".
        const Extraction later =
            receiver::extract(r, post(dealUpdate("4215", "1796126455", bitrixAuth("tokenA"))));
        QVERIFY(later.delivery.externalId != first.delivery.externalId);

        // The same event, id and second with other data (moved to another stage): the same key
        // with another fingerprint, which the inbox keeps as a conflict for a person.
        auto move = [&](const QByteArray &stage) {
            return receiver::extract(
                r, post("event=ONCRMDEALMOVETOCATEGORY&event_handler_id=655"
                        "&data%5BFIELDS%5D%5BID%5D=6675&data%5BFIELDS%5D%5BCATEGORY_ID%5D=1"
                        "&data%5BFIELDS%5D%5BSTAGE_ID%5D=" +
                        stage + "&ts=1796126390&" + bitrixAuth("t")));
        };
        const Extraction a = move("C1%3ANEW");
        const Extraction b = move("C1%3AWON");
        QCOMPARE(a.delivery.externalId, b.delivery.externalId);
        QVERIFY(a.delivery.fingerprint != b.delivery.fingerprint);
    }

    void bitrixSmartProcessAndComment()
    {
        const SourceRules r = rules("bitrix24", {kAppToken});
        const Extraction item = receiver::extract(
            r, post("event=ONCRMDYNAMICITEMUPDATE&event_handler_id=5&data%5BFIELDS%5D%5BID%5D=24"
                    "&data%5BFIELDS%5D%5BENTITY_TYPE_ID%5D=1220&ts=1723538517&" +
                    bitrixAuth("t")));
        QCOMPARE(item.delivery.externalId,
                 QStringLiteral("ONCRMDYNAMICITEMUPDATE:1220/24:1723538517"));
        const Extraction comment = receiver::extract(
            r, post("event=ONCRMTIMELINECOMMENTUPDATE&data%5BID%5D=999&ts=1466439714&" +
                    bitrixAuth("t")));
        QCOMPARE(comment.delivery.externalId,
                 QStringLiteral("ONCRMTIMELINECOMMENTUPDATE:999:1466439714"));
    }

    void bitrixRefusals()
    {
        const SourceRules r = rules("bitrix24", {kAppToken});
        REFUSED(receiver::extract(r, post(R"({"event":"ONCRMDEALUPDATE"})", "application/json")),
                Refusal::Malformed, "bad_form");
        REFUSED(receiver::extract(r, post("event=X&data%ZZ=1&" + bitrixAuth("t"))),
                Refusal::Malformed, "bad_form");
        REFUSED(receiver::extract(r, post("event=X&name=%FF%FE&" + bitrixAuth("t"))),
                Refusal::Malformed, "bad_form"); // not UTF-8
        REFUSED(receiver::extract(r, post("")), Refusal::Malformed, "bad_form");
        REFUSED(
            receiver::extract(r, post("event=ONCRMDEALUPDATE&ts=1796126390&" + bitrixAuth("t"))),
            Refusal::NoKey, "no_key");
        REFUSED(receiver::extract(
                    r, post("event=ONCRMDEALUPDATE&data%5BFIELDS%5D%5BID%5D=5&" + bitrixAuth("t"))),
                Refusal::NoKey, "no_key"); // no ts
        const QString none = receiver::checkRules(rules("bitrix24", {}));
        QVERIFY2(none.contains(QStringLiteral("application_token")), qPrintable(none));
    }

    void bitrixLargeBody()
    {
        // A deal added with many user fields: well over 8 KB, parsed whole (the limit is the
        // HTTP side's).
        QByteArray fields;
        for (int i = 0; i < 300; ++i)
            fields += "&data%5BFIELDS%5D%5BUF_CRM_" + QByteArray::number(1000 + i) +
                      "%5D=%D0%B7%D0%BD%D0%B0%D1%87%D0%B5%D0%BD%D0%B8%D0%B5";
        const QByteArray body = "event=ONCRMDEALADD" + fields +
                                "&data%5BFIELDS%5D%5BID%5D=77&ts=1796126390&" + bitrixAuth("t");
        QVERIFY(body.size() > 8 * 1024);
        const Extraction e = receiver::extract(rules("bitrix24", {kAppToken}), post(body));
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, QStringLiteral("ONCRMDEALADD:77:1796126390"));
    }

    void amoStatusChange()
    {
        const SourceRules r = rules("amocrm", {kPathSecret});
        const Extraction e = receiver::extract(
            r, post(kAmoStatus, "application/x-www-form-urlencoded", kPathSecret));
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, QStringLiteral("leads.status.25399013@1796126300"));
        QCOMPARE(e.delivery.kind, QStringLiteral("leads.status"));
        QCOMPARE(e.delivery.occurredAt->toSecsSinceEpoch(), qint64(1796126300));
        QVERIFY(e.delivery.fingerprint.isEmpty()); // amoCRM repeats the same bytes
    }

    void amoPathSecret()
    {
        const SourceRules both = rules("amocrm", {kPathSecret, kOldPathSecret});
        const QByteArray type = "application/x-www-form-urlencoded";
        QCOMPARE(receiver::extract(both, post(kAmoStatus, type, kOldPathSecret)).refusal,
                 Refusal::None);
        REFUSED(receiver::extract(rules("amocrm", {kPathSecret}),
                                  post(kAmoStatus, type, kOldPathSecret)),
                Refusal::Forbidden, "bad_path_secret");
        REFUSED(receiver::extract(both, post(kAmoStatus, type, kPathSecret.left(10))),
                Refusal::Forbidden, "bad_path_secret");
        REFUSED(receiver::extract(both, post(kAmoStatus, type, kPathSecret + "/x")),
                Refusal::Forbidden, "bad_path_secret");
        REFUSED(receiver::extract(both, post(kAmoStatus, type, {})), Refusal::Forbidden,
                "missing_path_secret");
        // Checked before the body is read.
        REFUSED(receiver::extract(both, post("%%%", type, "nope")), Refusal::Forbidden,
                "bad_path_secret");
        const QString none = receiver::checkRules(rules("amocrm", {}));
        QVERIFY2(none.contains(QStringLiteral("path secret")), qPrintable(none));
        const QString shortOne = receiver::checkRules(rules("amocrm", {"abc"}));
        QVERIFY2(shortOne.contains(QStringLiteral("at least 16")), qPrintable(shortOne));
        QCOMPARE(receiver::checkRules(both), QString());
    }

    void amoBatchKeyIsOrderFree()
    {
        const SourceRules r = rules("amocrm", {kPathSecret});
        const QByteArray type = "application/x-www-form-urlencoded";
        const QByteArray a = "leads[add][0][id]=101&leads[add][0][last_modified]=1796126301";
        const QByteArray b = "leads[add][1][id]=102&leads[add][1][last_modified]=1796126302";
        const QByteArray c = "contacts[update][0][id]=7&contacts[update][0][updated_at]=1796126303"
                             "&contacts[update][0][name]=%D0%9E%D0%BB%D1%8C%D0%B3%D0%B0";
        const QByteArray acc = "account[subdomain]=shopexample";
        const Extraction one =
            receiver::extract(r, post(a + "&" + b + "&" + c + "&" + acc, type, kPathSecret));
        const Extraction two =
            receiver::extract(r, post(acc + "&" + c + "&" + b + "&" + a, type, kPathSecret));
        QCOMPARE(one.refusal, Refusal::None);
        QCOMPARE(one.delivery.externalId,
                 QStringLiteral("contacts.update.7@1796126303,leads.add.101@1796126301,"
                                "leads.add.102@1796126302"));
        QCOMPARE(two.delivery.externalId, one.delivery.externalId);
        QCOMPARE(one.delivery.kind, QStringLiteral("contacts.update,leads.add"));
        QCOMPARE(one.delivery.occurredAt->toSecsSinceEpoch(), qint64(1796126303));
        // The next change of lead 101 has another modification time: a new event.
        const Extraction next = receiver::extract(
            r, post("leads[update][0][id]=101&leads[update][0][last_modified]=1796126390", type,
                    kPathSecret));
        QCOMPARE(next.delivery.externalId, QStringLiteral("leads.update.101@1796126390"));
    }

    void amoLongBatchIsHashed()
    {
        QByteArray body = "account[subdomain]=shopexample";
        for (int i = 0; i < 200; ++i)
            body += "&leads[update][" + QByteArray::number(i) +
                    "][id]=" + QByteArray::number(25000000 + i) + "&leads[update][" +
                    QByteArray::number(i) + "][last_modified]=1796126300&leads[update][" +
                    QByteArray::number(i) +
                    "][name]=%D0%A1%D0%B4%D0%B5%D0%BB%D0%BA%D0%B0+%E2%84%96" +
                    QByteArray::number(i);
        QVERIFY(body.size() > 8 * 1024);
        const Extraction e =
            receiver::extract(rules("amocrm", {kPathSecret}),
                              post(body, "application/x-www-form-urlencoded", kPathSecret));
        QCOMPARE(e.refusal, Refusal::None);
        QVERIFY2(e.delivery.externalId.startsWith(QStringLiteral("sha256:")),
                 qPrintable(e.delivery.externalId.left(80)));
        QVERIFY(e.delivery.externalId.size() <= 1024);
        // One lead changed more: another key.
        QByteArray changed = body;
        changed.replace("[199][last_modified]=1796126300", "[199][last_modified]=1796126301");
        QVERIFY(receiver::extract(rules("amocrm", {kPathSecret}),
                                  post(changed, "application/x-www-form-urlencoded", kPathSecret))
                    .delivery.externalId != e.delivery.externalId);
    }

    void amoRefusals()
    {
        const SourceRules r = rules("amocrm", {kPathSecret});
        const QByteArray type = "application/x-www-form-urlencoded";
        REFUSED(receiver::extract(r, post("account[subdomain]=shopexample", type, kPathSecret)),
                Refusal::NoKey, "no_key");
        REFUSED(receiver::extract(r, post("leads[add][0][id]=1&bad=%G1", type, kPathSecret)),
                Refusal::Malformed, "bad_form");
        REFUSED(receiver::extract(r, post(R"({"leads":{}})", "application/json", kPathSecret)),
                Refusal::Malformed, "bad_form");
    }

    void formDoubleClickIsOneEvent()
    {
        const SourceRules r = rules("form", {}, {QStringLiteral("form_key")});
        const QByteArray body =
            "name=%D0%9E%D0%BB%D1%8C%D0%B3%D0%B0+%D0%A1%D0%BC%D0%B8%D1%80%D0%BD%D0%BE%D0%B2%D0%B0"
            "&phone=%2B7+916+000-11-22&comment=%D0%9F%D0%B5%D1%80%D0%B5%D0%B7%D0%B2%D0%BE%D0%BD%D0"
            "%B8%D1%82%D0%B5&form_key=6f1c2b9e-4d0a-4f5e-9b1d-2a7c3e8f0d11";
        const Extraction first = receiver::extract(r, post(body));
        const Extraction second = receiver::extract(r, post(body));
        QCOMPARE(first.refusal, Refusal::None);
        QCOMPARE(first.delivery.externalId, QStringLiteral("6f1c2b9e-4d0a-4f5e-9b1d-2a7c3e8f0d11"));
        QCOMPARE(second.delivery.externalId, first.delivery.externalId);
        QCOMPARE(first.delivery.contentType, QStringLiteral("application/x-www-form-urlencoded"));
        QVERIFY(!first.delivery.weakKey);
    }

    void formPlusIsASpacePercent2BAPlus()
    {
        const SourceRules r = rules("form", {}, {QStringLiteral("form_key")});
        const Extraction e = receiver::extract(r, post("form_key=key+one%2Btwo%20three"));
        QCOMPARE(e.delivery.externalId, QStringLiteral("key one+two three"));
    }

    void formJson()
    {
        const SourceRules r = rules("form", {}, {QStringLiteral("meta.form_key")});
        const Extraction e = receiver::extract(
            r, post(R"({"name":"Sarah Walker","meta":{"form_key":"k_9f8e7d6c5b4a"}})",
                    "application/json; charset=utf-8"));
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, QStringLiteral("k_9f8e7d6c5b4a"));
        QCOMPARE(e.delivery.contentType, QStringLiteral("application/json; charset=utf-8"));
        REFUSED(receiver::extract(r, post(R"({"meta":)", "application/json")), Refusal::Malformed,
                "bad_json");
    }

    void formMissingKey_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("absent") << QByteArray("name=Olga&phone=1");
        QTest::newRow("empty") << QByteArray("name=Olga&form_key=");
        QTest::newRow("blank") << QByteArray("name=Olga&form_key=+++");
        QTest::newRow("template default") << QByteArray("name=Olga&form_key=1");
    }

    void formMissingKey()
    {
        QFETCH(QByteArray, body);
        REFUSED(receiver::extract(rules("form", {}, {QStringLiteral("form_key")}), post(body)),
                Refusal::NoKey, "no_key");
    }

    void formLargeBody()
    {
        // A long message from the form: 12 KB of Cyrillic, percent-encoded as browsers send it.
        QByteArray comment;
        while (comment.size() < 12 * 1024)
            comment += QByteArray("Хочу заказать кухню, перезвоните вечером. ").toPercentEncoding();
        const QByteArray body = "name=Olga&comment=" + comment + "&form_key=fk-20261201-0001";
        QVERIFY(body.size() > 8 * 1024);
        SourceRules r = rules("form", {}, {QStringLiteral("form_key")});
        r.fingerprintFields = {QStringLiteral("name"), QStringLiteral("comment")};
        const Extraction e = receiver::extract(r, post(body));
        QCOMPARE(e.refusal, Refusal::None);
        QCOMPARE(e.delivery.externalId, QStringLiteral("fk-20261201-0001"));
        QCOMPARE(e.delivery.fingerprint.size(), 64);
    }

    void formFingerprintLeavesVolatileFieldsOut()
    {
        SourceRules r = rules("form", {}, {QStringLiteral("form_key")});
        r.fingerprintFields = {QStringLiteral("name"), QStringLiteral("phone")};
        auto send = [&](const QByteArray &phone, const QByteArray &sentAt) {
            return receiver::extract(r, post("name=Olga&phone=" + phone + "&sent_at=" + sentAt +
                                             "&form_key=fk-20261201-0002"));
        };
        const Extraction a = send("%2B79160001122", "2026-12-01T12%3A00%3A00Z");
        const Extraction resent = send("%2B79160001122", "2026-12-01T12%3A00%3A09Z");
        const Extraction changed = send("%2B79160001123", "2026-12-01T12%3A00%3A00Z");
        QCOMPARE(resent.delivery.fingerprint, a.delivery.fingerprint);
        QVERIFY(changed.delivery.fingerprint != a.delivery.fingerprint);
    }

    void formRules()
    {
        const QString none = receiver::checkRules(rules("form", {}));
        QVERIFY2(none.contains(QStringLiteral("key_fields")), qPrintable(none));
        QCOMPARE(receiver::checkRules(rules("form", {}, {QStringLiteral("form_key")})), QString());
    }
};

QTEST_GUILESS_MAIN(TestAdaptersForms)
#include "tst_adaptersforms.moc"
