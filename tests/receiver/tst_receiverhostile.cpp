// Hostile HTTP against the real receiver: requests a parser must refuse, and slow senders
// that must not starve the others.
#include "databasetestcase.h"
#include "httpclient.h"
#include "receiverprocess.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <vector>

class TestReceiverHostile final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestReceiverHostile() : DatabaseTestCase{{"rcv_hostile", {"inbox_ingest"}}} {}

private:
    void startReceiver(ReceiverProcess &receiver)
    {
        const QByteArray config =
            ReceiverProcess::config(m_db.conninfo(QStringLiteral("rcv_hostile")),
                                    "header_memory = 16k\n"
                                    "connection_timeout = 3\n"
                                    "max_connections = 200\n"
                                    "max_connections_per_ip = 100\n",
                                    "[source shop]\n"
                                    "path = /hooks/shop\n"
                                    "adapter = json\n"
                                    "key_fields = id\n");
        QVERIFY_RECEIVER_READY(receiver, config);
    }

    int stored()
    {
        const PgResult r = m_db.su().exec(QStringLiteral("SELECT count(*) FROM inbox.events"));
        return r.ok ? r.value(0, 0).toInt() : -1;
    }

private slots:
    void bothContentLengthAndTransferEncodingIs400()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        const QByteArray body = "{\"id\":\"smuggle\"}";
        const QByteArray request = "POST /hooks/shop HTTP/1.1\r\nHost: x\r\n"
                                   "Content-Length: " +
                                   QByteArray::number(body.size()) +
                                   "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" +
                                   QByteArray::number(body.size(), 16) + "\r\n" + body +
                                   "\r\n0\r\n\r\n";
        QCOMPARE(HttpClient::exchange(receiver.port(), request).status, 400);
        QCOMPARE(stored(), 0);
    }

    void malformedRequestLine_data()
    {
        QTest::addColumn<QByteArray>("request");
        QTest::addColumn<int>("status"); // 0: closed without an answer
        // libmicrohttpd 0.9.75 answers what it can name and closes on a line it cannot read.
        QTest::newRow("no spaces") << QByteArray("GARBAGE\r\n\r\n") << 0;
        QTest::newRow("method only") << QByteArray("POST\r\nHost: x\r\n\r\n") << 0;
        QTest::newRow("space in target")
            << QByteArray("POST /hooks/shop x HTTP/1.1\r\nHost: x\r\n\r\n") << 0;
        QTest::newRow("unknown version")
            << QByteArray("POST /hooks/shop HTTP/9.9\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
            << 505;
        QTest::newRow("no host")
            << QByteArray("POST /hooks/shop HTTP/1.1\r\nContent-Length: 10\r\n\r\n{\"id\":\"a\"}")
            << 400;
        QTest::newRow("negative length")
            << QByteArray("POST /hooks/shop HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n")
            << 400;
    }

    void malformedRequestLine()
    {
        QFETCH(QByteArray, request);
        QFETCH(int, status);
        ReceiverProcess receiver;
        startReceiver(receiver);
        const HttpReply reply = HttpClient::exchange(receiver.port(), request, 5000);
        QCOMPARE(reply.status, status);
        if (status == 0)
            QVERIFY(reply.closedByServer); // not left hanging
        QCOMPARE(stored(), 0);
        // The server goes on serving.
        QCOMPARE(HttpClient::exchange(receiver.port(),
                                      HttpClient::post("/hooks/shop", "{\"id\":\"after\"}"))
                     .status,
                 200);
    }

    void oversizeHeadersAreRefused()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        const QByteArray request = HttpClient::post("/hooks/shop", "{\"id\":\"big-headers\"}",
                                                    {{"X-Padding", QByteArray(40000, 'p')}});
        const HttpReply reply = HttpClient::exchange(receiver.port(), request, 5000);
        QVERIFY2(reply.status == 431 || reply.status == 413,
                 qPrintable(QString::number(reply.status)));
        QCOMPARE(stored(), 0);
        // Under the limit the same delivery is fine.
        QCOMPARE(HttpClient::exchange(receiver.port(),
                                      HttpClient::post("/hooks/shop", "{\"id\":\"ok\"}",
                                                       {{"X-Padding", QByteArray(2000, 'p')}}))
                     .status,
                 200);
    }

    void slowSendersDoNotStarveOthers()
    {
        ReceiverProcess receiver;
        startReceiver(receiver);
        // 50 connections that send their headers one byte a second (slowloris).
        const QByteArray slowRequest =
            "POST /hooks/shop HTTP/1.1\r\nHost: x\r\nX-Slow: " + QByteArray(100, 's');
        std::vector<int> slow;
        for (int i = 0; i < 50; ++i) {
            const int fd = HttpClient::connectTo(receiver.port());
            QVERIFY(fd >= 0);
            slow.push_back(fd);
        }
        int answered = 0;
        for (int second = 0; second < 4; ++second) {
            for (int fd : slow)
                HttpClient::sendAll(fd, slowRequest.mid(second, 1));
            // A normal delivery meanwhile is answered (its own generous timeout, no timing
            // assertion beyond "answered while they hang on").
            const HttpReply reply = HttpClient::exchange(
                receiver.port(),
                HttpClient::post("/hooks/shop",
                                 "{\"id\":\"normal-" + QByteArray::number(second) + "\"}"),
                5000);
            QCOMPARE(reply.status, 200);
            ++answered;
            QThread::msleep(1000);
        }
        QCOMPARE(answered, 4);
        QCOMPARE(stored(), 4);
        // Once they stop, the idle timeout (3 s here) closes every slow connection.
        QElapsedTimer timer;
        timer.start();
        int closed = 0;
        for (int fd : slow) {
            pollfd p{fd, POLLIN, 0};
            char byte;
            const int left = int(qMax<qint64>(0, 15000 - timer.elapsed()));
            if (::poll(&p, 1, left) == 1 && ::recv(fd, &byte, 1, 0) <= 0)
                ++closed;
            ::close(fd);
        }
        QCOMPARE(closed, 50);
    }
};

QTEST_GUILESS_MAIN(TestReceiverHostile)
#include "tst_receiverhostile.moc"
