// The receiver's answers as a sender meets them, against the real program and a private
// PostgreSQL: 200 only for what is stored (byte for byte, once), each refusal with its status,
// the database away (503 with Retry-After) and back, the login it uses (inbox_ingest only).
#include "databasetestcase.h"
#include "httpclient.h"
#include "receiverprocess.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

namespace {
const QString kLogin = QStringLiteral("rcv_ingest");
const QByteArray kTelegramToken = "tg-Secret_token-1";
const QByteArray kAmoSecret = "q7Lx2vN9pR4sT8wZ-amo";
// An amoCRM lead status change, form-encoded as amoCRM sends it.
const QByteArray kAmoStatus =
    "leads%5Bstatus%5D%5B0%5D%5Bid%5D=25399013&leads%5Bstatus%5D%5B0%5D%5Bstatus_id%5D=142"
    "&leads%5Bstatus%5D%5B0%5D%5Blast_modified%5D=1796126300&account%5Bid%5D=29880391";

QByteArray telegram(qint64 updateId, const QByteArray &text = "hello")
{
    return "{\"update_id\":" + QByteArray::number(updateId) +
           ",\"message\":{\"message_id\":7,\"text\":\"" + text + "\"}}";
}
} // namespace

class TestReceiver final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestReceiver() : DatabaseTestCase{{kLogin, {QStringLiteral("inbox_ingest")}}} {}

private:
    QByteArray config(ReceiverProcess &receiver, const QByteArray &receiverLines = {}) const
    {
        receiver.writeFile(QStringLiteral("telegram.secret"), kTelegramToken + "\n", 0600);
        receiver.writeFile(QStringLiteral("amo.secret"), kAmoSecret + "\n", 0400);
        return ReceiverProcess::config(m_db.conninfo(kLogin), "retry_after = 7\n" + receiverLines,
                                       "[source tg]\n"
                                       "path = /hooks/telegram\n"
                                       "adapter = telegram\n"
                                       "secret_file = telegram.secret\n"
                                       "body_limit = 2k\n"
                                       "[source shop]\n"
                                       "path = /hooks/shop\n"
                                       "adapter = json\n"
                                       "key_fields = order.id, event\n"
                                       "[source partner]\n"
                                       "path = /hooks/partner\n"
                                       "adapter = json\n"
                                       "key_fields = id\n"
                                       "allow_networks = 192.0.2.0/24, 2001:db8::/32\n"
                                       "[source amo]\n"
                                       "path = /hooks/amo\n"
                                       "adapter = amocrm\n"
                                       "secret_file = amo.secret\n");
    }

    void startReceiver(ReceiverProcess &receiver, const QByteArray &receiverLines = {})
    {
        QVERIFY_RECEIVER_READY(receiver, config(receiver, receiverLines));
    }

    HttpReply sendTelegram(const ReceiverProcess &receiver, const QByteArray &body,
                           const QByteArray &token = kTelegramToken)
    {
        return HttpClient::exchange(receiver.port(),
                                    HttpClient::post("/hooks/telegram", body,
                                                     {{"Content-Type", "application/json"},
                                                      {"X-Telegram-Bot-Api-Secret-Token", token}}));
    }

    int storedCount(const QString &source, const QString &externalId)
    {
        const PgResult r =
            m_db.su().exec(QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = $1 AND "
                                          "external_id = $2"),
                           {source, externalId});
        return r.ok ? r.value(0, 0).toInt() : -1;
    }

private slots:
    void storedDeliveryIsAnswered200AndKeptByteForByte()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        // Spaces, an escaped slash and a non-ASCII character: re-serialising would change them.
        const QByteArray body =
            "{ \"update_id\" : 4711, \"message\":{\"text\":\"a\\/b \xc3\xa9\"}}";
        const HttpReply reply = sendTelegram(receiver, body);
        QCOMPARE(reply.status, 200);
        const QJsonObject answer = QJsonDocument::fromJson(reply.body).object();
        QCOMPARE(answer.value(QStringLiteral("outcome")).toString(), QStringLiteral("new"));
        const qint64 id = answer.value(QStringLiteral("event_id")).toInteger();
        QVERIFY(id > 0);
        const PgResult row = m_db.su().exec(
            QStringLiteral("SELECT body, source, external_id FROM inbox.events WHERE id = $1"),
            {id});
        QVERIFY_SQL(row);
        QCOMPARE(row.rows(), 1);
        QCOMPARE(row.bytes(0, 0), body);
        QCOMPARE(row.value(0, 1), QStringLiteral("tg"));
        QCOMPARE(row.value(0, 2), QStringLiteral("4711"));
        QCOMPARE(storedCount(QStringLiteral("tg"), QStringLiteral("4711")), 1);
    }

    void deliveryFieldsReachTheEvent()
    {
        // The group's arrays go in binary (timestamptz as microseconds since 2000): the
        // sender's time, kind and content type arrive as they were.
        ReceiverProcess receiver;
        startReceiver(receiver);
        const QByteArray body =
            "{\"update_id\":555,\"message\":{\"message_id\":1,\"date\":1700000000,"
            "\"text\":\"x\"}}";
        QCOMPARE(sendTelegram(receiver, body).status, 200);
        const PgResult row = m_db.su().exec(QStringLiteral(
            "SELECT extract(epoch FROM occurred_at)::bigint, kind, content_type FROM "
            "inbox.events WHERE source = 'tg' AND external_id = '555'"));
        QVERIFY_SQL(row);
        QCOMPARE(row.rows(), 1);
        QCOMPARE(row.value(0, 0), QStringLiteral("1700000000"));
        QCOMPARE(row.value(0, 1), QStringLiteral("message"));
        QCOMPARE(row.value(0, 2), QStringLiteral("application/json"));
    }

    void pathSecretRoutesPathRest()
    {
        // amoCRM signs nothing: the secret is the rest of the path after the source's own.
        ReceiverProcess receiver;
        startReceiver(receiver);
        const QList<std::pair<QByteArray, QByteArray>> form = {
            {"Content-Type", "application/x-www-form-urlencoded"}};
        QCOMPARE(HttpClient::exchange(receiver.port(), HttpClient::post("/hooks/amo/" + kAmoSecret,
                                                                        kAmoStatus, form))
                     .status,
                 200);
        QCOMPARE(
            storedCount(QStringLiteral("amo"), QStringLiteral("leads.status.25399013@1796126300")),
            1);
        QCOMPARE(HttpClient::exchange(
                     receiver.port(),
                     HttpClient::post("/hooks/amo/not-the-secret-at-all", kAmoStatus, form))
                     .status,
                 403);
        QCOMPARE(
            HttpClient::exchange(receiver.port(), HttpClient::post("/hooks/amo", kAmoStatus, form))
                .status,
            403);
        QVERIFY(!receiver.log().contains(kAmoSecret));
    }

    void forwardedForCountsOnlyFromATrustedProxy()
    {
        // partner allows 192.0.2.0/24 only; the test connects from 127.0.0.1.
        const QByteArray fromPartner = HttpClient::post("/hooks/partner", "{\"id\":\"fwd\"}",
                                                        {{"X-Forwarded-For", "192.0.2.10"}});
        // The client's own words first, the proxy's appended address last: the last counts.
        const QByteArray spoofed =
            HttpClient::post("/hooks/partner", "{\"id\":\"spoof\"}",
                             {{"X-Forwarded-For", "192.0.2.10, 198.51.100.7"}});
        {
            ReceiverProcess direct; // no trusted proxy: the header is only a header
            startReceiver(direct);
            QCOMPARE(HttpClient::exchange(direct.port(), fromPartner).status, 403);
        }
        ReceiverProcess proxied;
        startReceiver(proxied, "trusted_proxies = 127.0.0.1/32\n");
        QCOMPARE(HttpClient::exchange(proxied.port(), fromPartner).status, 200);
        QCOMPARE(HttpClient::exchange(proxied.port(), spoofed).status, 403);
        QCOMPARE(
            HttpClient::exchange(proxied.port(), HttpClient::post("/hooks/partner", "{\"id\":1}"))
                .status,
            403); // through the proxy without the header: the proxy's own address
        QVERIFY2(proxied.log().contains("reason=network peer=198.51.100.7"),
                 proxied.log().constData());
        QCOMPARE(storedCount(QStringLiteral("partner"), QStringLiteral("fwd")), 1);
        QCOMPARE(storedCount(QStringLiteral("partner"), QStringLiteral("spoof")), 0);
    }

    void repeatIsAnswered200AsDuplicate()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        const QByteArray body = "{\"order\":{\"id\":\"A-17\"},\"event\":\"paid\",\"sum\":10}";
        const QByteArray request =
            HttpClient::post("/hooks/shop", body, {{"Content-Type", "application/json"}});
        const HttpReply first = HttpClient::exchange(receiver.port(), request);
        QCOMPARE(first.status, 200);
        QVERIFY2(first.body.contains("\"outcome\":\"new\""), first.body.constData());
        const HttpReply again = HttpClient::exchange(receiver.port(), request);
        QCOMPARE(again.status, 200);
        QVERIFY2(again.body.contains("\"outcome\":\"duplicate\""), again.body.constData());
        QCOMPARE(storedCount(QStringLiteral("shop"), QStringLiteral("A-17:paid")), 1);
        const PgResult deliveries = m_db.su().exec(
            QStringLiteral("SELECT deliveries FROM inbox.events WHERE source = 'shop'"));
        QVERIFY_SQL(deliveries);
        QCOMPARE(deliveries.rows(), 1);
        QCOMPARE(deliveries.value(0, 0), QStringLiteral("2"));
    }

    void curlDeliveryIsStored()
    {
        // A real client's request (curl's own framing and headers), not only ours.
        ReceiverProcess receiver;
        startReceiver(receiver);
        const QString bodyFile = receiver.writeFile(QStringLiteral("body.json"), telegram(99));
        QProcess curl;
        curl.start(QStringLiteral("curl"),
                   {QStringLiteral("-sS"), QStringLiteral("-o"), QStringLiteral("/dev/null"),
                    QStringLiteral("-w"), QStringLiteral("%{http_code}"), QStringLiteral("-H"),
                    QStringLiteral("Content-Type: application/json"), QStringLiteral("-H"),
                    QStringLiteral("X-Telegram-Bot-Api-Secret-Token: ") +
                        QString::fromLatin1(kTelegramToken),
                    QStringLiteral("--data-binary"), QLatin1Char('@') + bodyFile,
                    QStringLiteral("http://127.0.0.1:%1/hooks/telegram").arg(receiver.port())});
        QVERIFY(curl.waitForFinished(20000));
        QCOMPARE(curl.readAllStandardOutput(), QByteArray("200"));
        QCOMPARE(storedCount(QStringLiteral("tg"), QStringLiteral("99")), 1);
    }

    void refusalsHaveTheirStatusAndStoreNothing()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        QCOMPARE(sendTelegram(receiver, telegram(1), "wrong-token").status, 401);
        QCOMPARE(sendTelegram(receiver, telegram(2), QByteArray()).status, 401);
        // Over the source's 2 KiB limit: declared by Content-Length...
        QCOMPARE(sendTelegram(receiver, telegram(3, QByteArray(3000, 'x'))).status, 413);
        // ...and sent chunked, without a length.
        const QByteArray big = telegram(4, QByteArray(3000, 'y'));
        QByteArray chunked = "POST /hooks/telegram HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             "X-Telegram-Bot-Api-Secret-Token: " +
                             kTelegramToken +
                             "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
        for (qsizetype at = 0; at < big.size(); at += 1000) {
            const QByteArray piece = big.mid(at, 1000);
            chunked += QByteArray::number(piece.size(), 16) + "\r\n" + piece + "\r\n";
        }
        chunked += "0\r\n\r\n";
        QCOMPARE(HttpClient::exchange(receiver.port(), chunked).status, 413);
        QCOMPARE(sendTelegram(receiver, "{\"message\":{}}").status, 400); // no update_id
        QCOMPARE(sendTelegram(receiver, "{not json").status, 400);
        QCOMPARE(HttpClient::exchange(receiver.port(),
                                      HttpClient::post("/hooks/shop", "{\"event\":\"paid\"}"))
                     .status,
                 400); // no order.id
        QCOMPARE(
            HttpClient::exchange(receiver.port(), HttpClient::post("/hooks/nobody", "{}")).status,
            404);
        QCOMPARE(HttpClient::exchange(receiver.port(),
                                      HttpClient::post("/hooks/telegram/extra", telegram(5)))
                     .status,
                 404); // only a path-secret adapter takes path/<rest>
        const HttpReply get = HttpClient::get(receiver.port(), "/hooks/telegram");
        QCOMPARE(get.status, 405);
        QCOMPARE(get.header("allow"), QByteArray("POST"));
        // The peer (127.0.0.1) is outside partner's networks.
        QCOMPARE(
            HttpClient::exchange(receiver.port(), HttpClient::post("/hooks/partner", "{\"id\":1}"))
                .status,
            403);
        const PgResult none = m_db.su().exec(QStringLiteral("SELECT count(*) FROM inbox.events"));
        QVERIFY_SQL(none);
        QCOMPARE(none.value(0, 0), QStringLiteral("0"));

        // Counted per source and reason, and logged without the body or the secret.
        const QByteArray metrics = HttpClient::get(receiver.metricsPort(), "/metrics").body;
        QVERIFY2(
            metrics.contains("inbox_receiver_refusals_total{source=\"tg\",reason=\"bad_token\"} 1"),
            metrics.constData());
        QVERIFY2(metrics.contains(
                     "inbox_receiver_refusals_total{source=\"tg\",reason=\"body_limit\"} 2"),
                 metrics.constData());
        QVERIFY2(metrics.contains(
                     "inbox_receiver_refusals_total{source=\"partner\",reason=\"network\"} 1"),
                 metrics.constData());
        QVERIFY2(metrics.contains("inbox_receiver_requests_total{source=\"tg\",outcome="
                                  "\"refused\",status=\"401\"} 2"),
                 metrics.constData());
        const QByteArray log = receiver.log();
        QVERIFY2(log.contains("refused source=tg reason=bad_token peer=127.0.0.1"),
                 log.constData());
        QVERIFY(!log.contains(kTelegramToken));
        QVERIFY(!log.contains("wrong-token"));
        QVERIFY(!log.contains("\"update_id\""));
    }

    void healthAndMetricsAreOnTheirOwnListener()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        QVERIFY(receiver.metricsPort() != receiver.port());
        QCOMPARE(HttpClient::get(receiver.metricsPort(), "/healthz").status, 200);
        QCOMPARE(HttpClient::get(receiver.metricsPort(), "/readyz").status, 200);
        QCOMPARE(HttpClient::get(receiver.port(), "/metrics").status, 404); // counted: 2 answers
        QCOMPARE(sendTelegram(receiver, telegram(10)).status, 200);
        const QByteArray metrics = HttpClient::get(receiver.metricsPort(), "/metrics").body;
        for (const char *line :
             {"inbox_receiver_requests_total{source=\"tg\",outcome=\"new\",status=\"200\"} 1",
              "inbox_receiver_answer_seconds_count 2", "inbox_receiver_group_size_count 1",
              "inbox_receiver_database_up 1", "inbox_receiver_queue_depth 0",
              "# TYPE inbox_receiver_answer_seconds histogram"})
            QVERIFY2(metrics.contains(line),
                     qPrintable(QString::fromUtf8(metrics) + QStringLiteral("\nlacks: ") +
                                QLatin1String(line)));
    }

    void loginHasInboxIngestOnly()
    {
        // The receiver works with a login that is a member of inbox_ingest and nothing else.
        const PgResult groups = m_db.su().exec(
            QStringLiteral("SELECT string_agg(g.rolname, ',') FROM pg_auth_members m "
                           "JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON u.oid = "
                           "m.member WHERE u.rolname = $1"),
            {kLogin});
        QVERIFY_SQL(groups);
        QCOMPARE(groups.value(0, 0), QStringLiteral("inbox_ingest"));
        const PgResult super = m_db.su().exec(
            QStringLiteral("SELECT rolsuper OR rolcreaterole OR rolcreatedb OR rolbypassrls "
                           "FROM pg_roles WHERE rolname = $1"),
            {kLogin});
        QCOMPARE(super.value(0, 0), QStringLiteral("f"));
        ReceiverProcess receiver;
        startReceiver(receiver);
        QCOMPARE(sendTelegram(receiver, telegram(20)).status, 200);
        const PgResult who = m_db.su().exec(QStringLiteral(
            "SELECT actor FROM inbox.journal WHERE entry = 'received' ORDER BY id DESC LIMIT 1"));
        QVERIFY_SQL(who);
        QCOMPARE(who.rows(), 1);
        QCOMPARE(who.value(0, 0), kLogin);
    }

    void databaseAwayIs503WithRetryAfterAndBackIs200()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        QCOMPARE(sendTelegram(receiver, telegram(30)).status, 200);
        QString error;
        QVERIFY2(m_db.cluster().stopServer(QStringLiteral("fast"), &error), qPrintable(error));
        QVERIFY2(receiver.waitUnready(), receiver.log().constData());
        const HttpReply away = sendTelegram(receiver, telegram(31));
        QCOMPARE(away.status, 503);
        QCOMPARE(away.header("retry-after"), QByteArray("7"));
        QVERIFY2(m_db.cluster().startServer(&error), qPrintable(error));
        QVERIFY2(receiver.waitReady(20000), receiver.log().constData());
        QCOMPARE(sendTelegram(receiver, telegram(31)).status, 200);
        QCOMPARE(storedCount(QStringLiteral("tg"), QStringLiteral("31")), 1);
        const QByteArray metrics = HttpClient::get(receiver.metricsPort(), "/metrics").body;
        QVERIFY2(metrics.contains("inbox_receiver_requests_total{source=\"tg\",outcome="
                                  "\"unavailable\",status=\"503\"} 1"),
                 metrics.constData());
    }

    void sigtermWhileDatabaseAwayExits0()
    {
        // The writer retrying its connection does not hold the stop up.
        ReceiverProcess receiver;
        startReceiver(receiver);
        QString error;
        QVERIFY2(m_db.cluster().stopServer(QStringLiteral("fast"), &error), qPrintable(error));
        QVERIFY2(receiver.waitUnready(), receiver.log().constData());
        receiver.terminate();
        int code = -2;
        QVERIFY2(receiver.waitExit(15000, &code), receiver.log().constData());
        QCOMPARE(code, 0);
        QVERIFY2(m_db.cluster().startServer(&error), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestReceiver)
#include "tst_receiver.moc"
