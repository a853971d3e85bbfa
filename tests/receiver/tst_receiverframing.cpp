// The receiver's framing and request limits as an attacker meets them, over raw sockets
// against the real program (issue 30): request smuggling through repeated framing headers
// (RFC 9112 §6), transfer codings it does not know, whole-request deadlines for slow
// senders, the one budget for buffered bodies, a client that half-closes after its request,
// Svix's header names, integer ids beyond 64 bits and JSON that ::jsonb would refuse.
#include "databasetestcase.h"
#include "httpclient.h"
#include "receiverprocess.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QElapsedTimer>
#include <QMessageAuthenticationCode>
#include <QTest>
#include <QThread>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

const QString kLogin = QStringLiteral("rcv_framing");
const QByteArray kSvixSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

// True when the server closes `fd` within timeoutMs (reading and dropping what it sends).
bool closedWithin(int fd, int timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    for (;;) {
        const int left = int(timeoutMs - timer.elapsed());
        if (left <= 0)
            return false;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, left) <= 0)
            return false;
        char buffer[4096];
        if (::recv(fd, buffer, sizeof buffer, 0) <= 0)
            return true;
    }
}

QByteArray head(const QByteArray &lines)
{
    return "POST /hooks/shop HTTP/1.1\r\nHost: x\r\n" + lines + "\r\n";
}

} // namespace

class TestReceiverFraming final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestReceiverFraming() : DatabaseTestCase{{kLogin, {"inbox_ingest"}}} {}

private:
    void startReceiver(ReceiverProcess &receiver, const QByteArray &receiverLines = {})
    {
        receiver.writeFile(QStringLiteral("svix.secret"), kSvixSecret + "\n", 0600);
        const QByteArray config = ReceiverProcess::config(m_db.conninfo(kLogin),
                                                          "connection_timeout = 30\n"
                                                          "body_memory = 1M\n" +
                                                              receiverLines,
                                                          "[source shop]\n"
                                                          "path = /hooks/shop\n"
                                                          "adapter = json\n"
                                                          "key_fields = id\n"
                                                          "[source svix]\n"
                                                          "path = /hooks/svix\n"
                                                          "adapter = standard-webhooks\n"
                                                          "secret_file = svix.secret\n");
        QVERIFY_RECEIVER_READY(receiver, config);
    }

    int stored()
    {
        const PgResult r = m_db.su().exec(QStringLiteral("SELECT count(*) FROM inbox.events"));
        return r.ok ? r.value(0, 0).toInt() : -1;
    }

    QStringList externalIds()
    {
        const PgResult r = m_db.su().exec(
            QStringLiteral("SELECT external_id FROM inbox.events ORDER BY external_id"));
        QStringList ids;
        for (int i = 0; r.ok && i < r.rows(); ++i)
            ids.append(r.value(i, 0));
        return ids;
    }

    QByteArray metrics(const ReceiverProcess &receiver)
    {
        return HttpClient::get(receiver.metricsPort(), "/metrics").body;
    }

private slots:
    // RFC 9112 §6.3: a second length is the smuggling shape. Before, the first length framed
    // the body and the rest was read as a second request, stored and answered 200.
    void repeatedFramingHeadersAre400AndClose_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<int>("status");
        const QByteArray first = "{\"id\":\"first\"}";
        const QByteArray smuggled = "POST /hooks/shop HTTP/1.1\r\nHost: x\r\nContent-Length: 17"
                                    "\r\n\r\n{\"id\":\"smuggled\"}";
        const QByteArray both = first + smuggled;
        QTest::newRow("two lengths, the shorter first")
            << head("Content-Length: " + QByteArray::number(first.size()) +
                    "\r\nContent-Length: " + QByteArray::number(both.size()) + "\r\n") +
                   both
            << 400;
        QTest::newRow("two lengths, the longer first")
            << head("Content-Length: " + QByteArray::number(both.size()) +
                    "\r\nContent-Length: " + QByteArray::number(first.size()) + "\r\n") +
                   both
            << 400;
        QTest::newRow("the same length twice")
            << head("Content-Length: 14\r\nContent-Length: 14\r\n") + first + smuggled << 400;
        QTest::newRow("a list of lengths")
            << head("Content-Length: 14, 14\r\n") + first + smuggled << 400;
        QTest::newRow("two hosts")
            << head("Host: y\r\nContent-Length: 14\r\n") + first + smuggled << 400;
        QTest::newRow("length and chunked")
            << head("Content-Length: 14\r\nTransfer-Encoding: chunked\r\n") + "e\r\n" + first +
                   "\r\n0\r\n\r\n" + smuggled
            << 400;
        QTest::newRow("chunked twice, one line")
            << head("Transfer-Encoding: chunked, chunked\r\n") + "e\r\n" + first + "\r\n0\r\n\r\n" +
                   smuggled
            << 400;
        QTest::newRow("chunked twice, two lines")
            << head("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n") + "e\r\n" +
                   first + "\r\n0\r\n\r\n" + smuggled
            << 400;
        QTest::newRow("chunked in HTTP/1.0")
            << QByteArray("POST /hooks/shop HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked"
                          "\r\n\r\ne\r\n") +
                   first + "\r\n0\r\n\r\n" + smuggled
            << 400;
    }

    void repeatedFramingHeadersAre400AndClose()
    {
        QFETCH(QByteArray, request);
        QFETCH(int, status);
        ReceiverProcess receiver;
        startReceiver(receiver);
        const int fd = HttpClient::connectTo(receiver.port());
        QVERIFY(fd >= 0);
        QVERIFY(HttpClient::sendAll(fd, request));
        const HttpReply reply = HttpClient::readReply(fd, 5000);
        const bool closed = reply.closedByServer || closedWithin(fd, 5000);
        ::close(fd);
        QCOMPARE(reply.status, status);
        QVERIFY(closed); // nothing after the refused head is read as a request
        QCOMPARE(stored(), 0);
        // The server goes on serving.
        QCOMPARE(HttpClient::exchange(receiver.port(),
                                      HttpClient::post("/hooks/shop", "{\"id\":\"after\"}"))
                     .status,
                 200);
    }

    // RFC 9112 §6.1: a coding it does not know is 501 at once. Before, the body had no
    // framing it could read, and the sender waited for the idle timeout (30 s here).
    void unknownTransferCodingIs501AtOnce_data()
    {
        QTest::addColumn<QByteArray>("codings");
        QTest::newRow("gzip, chunked") << QByteArray("gzip, chunked");
        QTest::newRow("identity") << QByteArray("identity");
        QTest::newRow("x-custom") << QByteArray("x-custom");
    }

    void unknownTransferCodingIs501AtOnce()
    {
        QFETCH(QByteArray, codings);
        ReceiverProcess receiver;
        startReceiver(receiver);
        const QByteArray request =
            head("Transfer-Encoding: " + codings + "\r\n") + "e\r\n{\"id\":\"coded\"}\r\n";
        const int fd = HttpClient::connectTo(receiver.port());
        QVERIFY(fd >= 0);
        QVERIFY(HttpClient::sendAll(fd, request));
        const HttpReply reply = HttpClient::readReply(fd, 5000);
        const bool closed = reply.closedByServer || closedWithin(fd, 5000);
        ::close(fd);
        QCOMPARE(reply.status, 501);
        QVERIFY(closed);
        QCOMPARE(stored(), 0);
    }

    // One header byte every 400 ms resets an idle timeout for ever; the whole-request
    // deadline (2 s here) closes the connection regardless. Before: still open after 6 s.
    void slowHeadersMeetTheirDeadline()
    {
        ReceiverProcess receiver;
        startReceiver(receiver, "header_timeout = 2\nbody_timeout = 2\n");
        const QByteArray slow =
            "POST /hooks/shop HTTP/1.1\r\nHost: x\r\nX-Slow: " + QByteArray(100, 's');
        const int fd = HttpClient::connectTo(receiver.port());
        QVERIFY(fd >= 0);
        QElapsedTimer timer;
        timer.start();
        bool closed = false;
        for (int i = 0; i < slow.size() && timer.elapsed() < 6000 && !closed; ++i) {
            if (!HttpClient::sendAll(fd, slow.mid(i, 1)))
                break;
            closed = closedWithin(fd, 400);
        }
        closed = closed || closedWithin(fd, 100);
        ::close(fd);
        QVERIFY2(closed, "a slow header sender still holds its connection after 6 s");
        QVERIFY(metrics(receiver).contains(
            "inbox_receiver_deadline_closed_total{phase=\"headers\"} 1\n"));
        QCOMPARE(HttpClient::exchange(receiver.port(),
                                      HttpClient::post("/hooks/shop", "{\"id\":\"after\"}"))
                     .status,
                 200);
    }

    void slowBodyMeetsItsDeadline()
    {
        ReceiverProcess receiver;
        startReceiver(receiver, "header_timeout = 2\nbody_timeout = 2\n");
        const int fd = HttpClient::connectTo(receiver.port());
        QVERIFY(fd >= 0);
        QVERIFY(HttpClient::sendAll(fd, head("Content-Length: 200\r\n")));
        QElapsedTimer timer;
        timer.start();
        bool closed = false;
        while (timer.elapsed() < 6000 && !closed) {
            if (!HttpClient::sendAll(fd, " "))
                break;
            closed = closedWithin(fd, 400);
        }
        closed = closed || closedWithin(fd, 100);
        ::close(fd);
        QVERIFY2(closed, "a slow body sender still holds its connection after 6 s");
        QVERIFY(
            metrics(receiver).contains("inbox_receiver_deadline_closed_total{phase=\"body\"} 1\n"));
        QCOMPARE(stored(), 0);
    }

    // 500 connections each holding 1 MiB - 1 byte took the receiver from 36 to 614 MB; the
    // budget (1 MiB here) answers the next body 503 with Retry-After. Before: 200.
    void bodiesBeyondTheBudgetAre503()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        const qint64 declared = 450 * 1024;
        std::vector<int> holders;
        for (int i = 0; i < 2; ++i) {
            const int fd = HttpClient::connectTo(receiver.port());
            QVERIFY(fd >= 0);
            holders.push_back(fd);
            QVERIFY(HttpClient::sendAll(
                fd, head("Content-Length: " + QByteArray::number(declared) + "\r\n") +
                        "{\"id\":\"held-" + QByteArray::number(i) + "\",\"pad\":\"" +
                        QByteArray(400 * 1024, 'p')));
        }
        // Both partial bodies buffered (800 KiB and a little): the gauge says so.
        QElapsedTimer timer;
        timer.start();
        qint64 buffered = 0;
        while (timer.elapsed() < 10000) {
            const QByteArray text = metrics(receiver);
            const qsizetype at = text.indexOf("\ninbox_receiver_body_bytes ");
            buffered =
                at < 0 ? -1 : text.mid(at + 27, text.indexOf('\n', at + 1) - at - 27).toLongLong();
            if (buffered >= 800 * 1024)
                break;
            QThread::msleep(50);
        }
        QVERIFY2(buffered >= 800 * 1024, qPrintable(QString::number(buffered)));
        QVERIFY(metrics(receiver).contains("inbox_receiver_body_budget_bytes 1048576\n"));

        const QByteArray body =
            "{\"id\":\"third\",\"pad\":\"" + QByteArray(300 * 1024, 'p') + "\"}";
        const HttpReply refused =
            HttpClient::exchange(receiver.port(), HttpClient::post("/hooks/shop", body), 5000);
        QCOMPARE(refused.status, 503);
        QVERIFY(!refused.header("retry-after").isEmpty());
        // Chunked (no declared length): refused once its bytes would pass the budget.
        QByteArray chunked = head("Transfer-Encoding: chunked\r\nConnection: close\r\n");
        chunked += QByteArray::number(body.size(), 16) + "\r\n" + body + "\r\n0\r\n\r\n";
        QCOMPARE(HttpClient::exchange(receiver.port(), chunked, 5000).status, 503);
        // A small one still fits.
        QCOMPARE(HttpClient::exchange(receiver.port(),
                                      HttpClient::post("/hooks/shop", "{\"id\":\"small\"}"))
                     .status,
                 200);
        for (int fd : holders)
            ::close(fd);
        // Their bytes are given back once MHD sees them gone.
        timer.restart();
        while (timer.elapsed() < 10000 &&
               !metrics(receiver).contains("\ninbox_receiver_body_bytes 0\n"))
            QThread::msleep(50);
        QVERIFY(metrics(receiver).contains("\ninbox_receiver_body_bytes 0\n"));
        QCOMPARE(
            HttpClient::exchange(receiver.port(), HttpClient::post("/hooks/shop", body)).status,
            200);
    }

    // nc -N and some proxies shut their sending side after the request. Before, MHD read that
    // end of stream when the connection resumed with the commit's answer, and closed it: the
    // delivery was stored and its 200 lost.
    void halfClosedClientGetsItsAnswer_data()
    {
        QTest::addColumn<QByteArray>("threads");
        QTest::newRow("one polling thread") << QByteArray("threads = 1\n");
        QTest::newRow("a pool of two") << QByteArray("threads = 2\n");
    }

    void halfClosedClientGetsItsAnswer()
    {
        QFETCH(QByteArray, threads);
        ReceiverProcess receiver;
        startReceiver(receiver, threads);
        PgSession observer(m_db.conninfo());
        QVERIFY(observer.ok());
        // The commit waits behind this lock until the client has half-closed.
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("LOCK TABLE inbox.events IN SHARE MODE")));
        const int fd = HttpClient::connectTo(receiver.port());
        QVERIFY(fd >= 0);
        QVERIFY(HttpClient::sendAll(fd, head("Content-Length: 13\r\n") + "{\"id\":\"half\"}"));
        QElapsedTimer timer;
        timer.start();
        bool blocked = false;
        while (!blocked && timer.elapsed() < 10000) {
            const PgResult r = observer.exec(
                QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE usename = $1 AND "
                               "wait_event_type = 'Lock'"),
                {kLogin});
            blocked = r.ok && r.value(0, 0).toInt() > 0;
            if (!blocked)
                QThread::msleep(20);
        }
        QVERIFY2(blocked, "the writer never waited for the lock");
        // The connection is suspended now, waiting for the commit: the end of the client's
        // stream arrives meanwhile.
        QVERIFY(::shutdown(fd, SHUT_WR) == 0);
        QThread::msleep(200);
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("ROLLBACK")));
        const HttpReply reply = HttpClient::readReply(fd, 10000);
        ::close(fd);
        QCOMPARE(reply.status, 200);
        QCOMPARE(stored(), 1);
    }

    // Svix names the Standard Webhooks headers svix-*. Before: 401 missing_signature.
    void svixHeadersAreAccepted()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        const QByteArray body = R"({"type":"invoice.paid","data":{"invoice_id":"inv_1"}})";
        const QByteArray id = "msg_svix_1";
        const QByteArray timestamp = QByteArray::number(QDateTime::currentSecsSinceEpoch());
        const QByteArray key = QByteArray::fromBase64(kSvixSecret.mid(6));
        const QByteArray signature =
            "v1," + QMessageAuthenticationCode::hash(id + '.' + timestamp + '.' + body, key,
                                                     QCryptographicHash::Sha256)
                        .toBase64();
        const HttpReply reply = HttpClient::exchange(
            receiver.port(),
            HttpClient::post(
                "/hooks/svix", body,
                {{"svix-id", id}, {"svix-timestamp", timestamp}, {"svix-signature", signature}}));
        QCOMPARE(reply.status, 200);
        QCOMPARE(externalIds(), QStringList{QString::fromLatin1(id)});
        // A wrong signature in that family is still refused.
        const HttpReply wrong = HttpClient::exchange(
            receiver.port(), HttpClient::post("/hooks/svix", body,
                                              {{"svix-id", "msg_svix_2"},
                                               {"svix-timestamp", timestamp},
                                               {"svix-signature", signature}}));
        QCOMPARE(wrong.status, 401);
    }

    // Before: 12345678901234567890 went through a double and came out ...7000, and its
    // neighbour became the same key (a conflict of one event).
    void integerIdsKeepEveryDigit()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        for (const QByteArray &id :
             {QByteArrayLiteral("12345678901234567890"), QByteArrayLiteral("12345678901234567891"),
              QByteArrayLiteral("-98765432109876543210"), QByteArrayLiteral("9007199254740993")}) {
            const HttpReply reply = HttpClient::exchange(
                receiver.port(), HttpClient::post("/hooks/shop", "{\"id\": " + id + "}"));
            QCOMPARE(reply.status, 200);
            QVERIFY2(reply.body.contains("\"outcome\":\"new\""), reply.body.constData());
        }
        QCOMPARE(externalIds(), (QStringList{QStringLiteral("-98765432109876543210"),
                                             QStringLiteral("12345678901234567890"),
                                             QStringLiteral("12345678901234567891"),
                                             QStringLiteral("9007199254740993")}));
    }

    // What ::jsonb refuses is refused at the door. Before: stored and answered 200.
    void jsonThatJsonbRefusesIs400_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("raw newline in a string") << QByteArray("{\"id\":\"a\nb\"}");
        QTest::newRow("raw NUL in a string") << QByteArray("{\"id\":\"a\0b\"}", 12);
        QTest::newRow("raw tab in a string") << QByteArray("{\"id\":\"a\tb\"}");
        QTest::newRow("escape \\8") << QByteArray("{\"id\":\"a\\8\"}");
        QTest::newRow("escape \\U") << QByteArray("{\"id\":\"\\U0041\"}");
        QTest::newRow("escape \\u0000") << QByteArray("{\"id\":\"a\\u0000\"}");
        QTest::newRow("lone surrogate") << QByteArray("{\"id\":\"\\ud800\"}");
        QTest::newRow("invalid UTF-8") << QByteArray("{\"id\":\"\xc3\x28\"}");
        QTest::newRow("leading zero") << QByteArray("{\"id\":01}");
    }

    void jsonThatJsonbRefusesIs400()
    {
        QFETCH(QByteArray, body);
        ReceiverProcess receiver;
        startReceiver(receiver);
        const HttpReply reply =
            HttpClient::exchange(receiver.port(), HttpClient::post("/hooks/shop", body));
        QCOMPARE(reply.status, 400);
        QVERIFY2(reply.body.contains("bad_json"), reply.body.constData());
        QCOMPARE(stored(), 0);
        // What ::jsonb takes, escapes and a surrogate pair included, is stored.
        // (Not a raw string literal: moc 6.4 loses the class after one with \" inside.)
        const QByteArray good =
            "{\"id\":\"ok \\u00e9\\ud83d\\ude00 \\/ \\\" \\\\ \\n\",\"n\":-0.5e+3}";
        QCOMPARE(
            HttpClient::exchange(receiver.port(), HttpClient::post("/hooks/shop", good)).status,
            200);
        const PgResult cast = m_db.su().exec(
            QStringLiteral("SELECT count(*) FROM inbox.events WHERE convert_from(body, 'UTF8')"
                           "::jsonb ? 'id'"));
        QVERIFY_SQL(cast);
        QCOMPARE(cast.value(0, 0).toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestReceiverFraming)
#include "tst_receiverframing.moc"
