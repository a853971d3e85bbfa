// inbox-sim --fake-handler, the handler the demo's dispatcher delivers to, run as the real
// binary and spoken to over raw HTTP: it checks Standard Webhooks signatures (the signer
// checked against the specification's published vector), processes each Idempotency-Key
// once, and misbehaves exactly as told.
#include "httpclient.h"
#include "support/webhooksignature.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <memory>

namespace {

// The Standard Webhooks specification's example secret.
const QByteArray kSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

// Signed and checked as the dispatcher does, under kSecret-like secrets.
QByteArray standardWebhooksSignature(const QByteArray &secret, const QByteArray &id,
                                     const QByteArray &timestamp, const QByteArray &body)
{
    return inbox::WebhookSignature::sign(*inbox::WebhookSignature::decodeSecret(secret), id,
                                         timestamp, body);
}

bool standardWebhooksSignatureMatches(const QByteArray &secret, const QByteArray &id,
                                      const QByteArray &timestamp, const QByteArray &body,
                                      const QByteArray &header)
{
    return inbox::WebhookSignature::matches(*inbox::WebhookSignature::decodeSecret(secret), id,
                                            timestamp, body, header);
}

} // namespace

class TestFakeHandler : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_handler;
    int m_port = 0;

    // Starts inbox-sim --fake-handler with the secret and `extra`; the port it printed.
    bool start(const QStringList &extra = {})
    {
        QFile secret(m_dir.filePath(QStringLiteral("secret")));
        if (!secret.open(QIODevice::WriteOnly) || secret.write(kSecret + '\n') < 0)
            return false;
        secret.close();
        m_handler = std::make_unique<QProcess>();
        m_handler->start(QStringLiteral(INBOX_SIM_BINARY),
                         QStringList{QStringLiteral("--fake-handler"),
                                     QStringLiteral("127.0.0.1:0"),
                                     QStringLiteral("--fake-handler-secret-file"),
                                     secret.fileName(), QStringLiteral("--fake-handler-log"),
                                     m_dir.filePath(QStringLiteral("handler.log"))} +
                             extra);
        if (!m_handler->waitForStarted(5000))
            return false;
        QByteArray out;
        QElapsedTimer t;
        t.start();
        while (!out.contains('\n') && t.elapsed() < 10000 && m_handler->waitForReadyRead(10000))
            out += m_handler->readAllStandardOutput();
        const QByteArray line = out.left(out.indexOf('\n'));
        m_port = line.mid(line.lastIndexOf(':') + 1).toInt();
        return line.startsWith("fake handler listening on") && m_port > 0;
    }

    static QByteArray now() { return QByteArray::number(QDateTime::currentSecsSinceEpoch()); }

    // A delivery as the dispatcher sends it: the key, signed with `timestamp`.
    HttpReply deliver(const QByteArray &key, const QByteArray &body = R"({"order":1})",
                      const QByteArray &timestamp = now(), const QByteArray &signature = {})
    {
        const QByteArray sig = signature.isEmpty()
                                   ? standardWebhooksSignature(kSecret, key, timestamp, body)
                                   : signature;
        return HttpClient::exchange(m_port,
                                    HttpClient::post("/hook", body,
                                                     {{"Content-Type", "application/json"},
                                                      {"Idempotency-Key", key},
                                                      {"webhook-id", key},
                                                      {"webhook-timestamp", timestamp},
                                                      {"webhook-signature", sig},
                                                      {"X-Inbox-Event-Id", "42"}}),
                                    15000);
    }

    QJsonObject stats()
    {
        return QJsonDocument::fromJson(HttpClient::get(m_port, "/fake/stats").body).object();
    }

    bool command(const QByteArray &query)
    {
        return HttpClient::get(m_port, "/fake/misbehave?" + query).status == 200;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void cleanup()
    {
        if (m_handler) {
            m_handler->terminate();
            QVERIFY(m_handler->waitForFinished(5000));
            QCOMPARE(m_handler->exitCode(), 0);
            m_handler.reset();
        }
    }

    // The signer against the vector the Standard Webhooks specification publishes, and the
    // check: one of several space-separated entries may match; none, or another body, fails.
    void signatureMatchesThePublishedVector()
    {
        const QByteArray expected = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
        const QByteArray id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
        const QByteArray body = R"({"test": 2432232314})";
        QCOMPARE(standardWebhooksSignature(kSecret, id, "1614265330", body), expected);
        QVERIFY(standardWebhooksSignatureMatches(kSecret, id, "1614265330", body,
                                                 "v1,bm9wZQ== " + expected));
        QVERIFY(!standardWebhooksSignatureMatches(kSecret, id, "1614265330", body + ' ', expected));
        QVERIFY(!standardWebhooksSignatureMatches(kSecret, id, "1614265331", body, expected));
    }

    void processesEachKeyOnce()
    {
        QVERIFY(start());
        HttpReply r = deliver("order-1");
        QCOMPARE(r.status, 200);
        QCOMPARE(
            QJsonDocument::fromJson(r.body).object().value(QLatin1String("duplicate")).toBool(),
            false);
        r = deliver("order-1");
        QCOMPARE(r.status, 200);
        QCOMPARE(
            QJsonDocument::fromJson(r.body).object().value(QLatin1String("duplicate")).toBool(),
            true);
        QCOMPARE(deliver("order-2").status, 200);
        const QJsonObject s = stats();
        QCOMPARE(s.value(QLatin1String("requests")).toInt(), 3);
        QCOMPARE(s.value(QLatin1String("processed")).toInt(), 2);
        QCOMPARE(s.value(QLatin1String("duplicates")).toInt(), 1);

        // The log names each request's key, answer and the x-inbox-* headers.
        QFile log(m_dir.filePath(QStringLiteral("handler.log")));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = log.readAll().trimmed().split('\n');
        QVERIFY(lines.size() >= 3);
        const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
        QCOMPARE(last.value(QLatin1String("key")).toString(), QStringLiteral("order-2"));
        QCOMPARE(last.value(QLatin1String("signature")).toString(), QStringLiteral("ok"));
        QCOMPARE(last.value(QLatin1String("headers"))
                     .toObject()
                     .value(QLatin1String("x-inbox-event-id"))
                     .toString(),
                 QStringLiteral("42"));
        log.remove();
    }

    void refusesWhatAHandlerMustRefuse()
    {
        QVERIFY(start());
        QCOMPARE(deliver("k", R"({"a":1})", now(), "v1,AAAA").status, 401);
        const QByteArray old = QByteArray::number(QDateTime::currentSecsSinceEpoch() - 600);
        QCOMPARE(deliver("k", R"({"a":1})", old).status, 401);
        // Signed, but without the Idempotency-Key a handler deduplicates on.
        const QByteArray ts = now();
        const HttpReply noKey = HttpClient::exchange(
            m_port, HttpClient::post("/hook", "{}",
                                     {{"webhook-id", "m1"},
                                      {"webhook-timestamp", ts},
                                      {"webhook-signature",
                                       standardWebhooksSignature(kSecret, "m1", ts, "{}")}}));
        QCOMPARE(noKey.status, 400);
        QCOMPARE(stats().value(QLatin1String("processed")).toInt(), 0);
        QCOMPARE(stats().value(QLatin1String("bad_signatures")).toInt(), 2);
    }

    // Told to answer 422, 429, 503 and 410 once each, then close and be slow: each answer is
    // what was asked, and a refused or failed request leaves its key unprocessed.
    void misbehavesOnCommand()
    {
        QVERIFY(start());
        QVERIFY(command("mode=422"));
        QCOMPARE(deliver("a").status, 422);
        QVERIFY(command("mode=429&seconds=7"));
        HttpReply r = deliver("a");
        QCOMPARE(r.status, 429);
        QCOMPARE(r.header("retry-after"), QByteArray("7"));
        QVERIFY(command("mode=503&seconds=3"));
        r = deliver("a");
        QCOMPARE(r.status, 503);
        QCOMPARE(r.header("retry-after"), QByteArray("3"));
        QVERIFY(command("mode=410"));
        QCOMPARE(deliver("a").status, 410);
        QCOMPARE(stats().value(QLatin1String("processed")).toInt(), 0);
        QCOMPARE(deliver("a").status, 200);
        QCOMPARE(stats().value(QLatin1String("processed")).toInt(), 1);

        QVERIFY(command("mode=close"));
        r = deliver("b");
        QCOMPARE(r.status, 0);
        QVERIFY(r.closedByServer);

        QVERIFY(command("mode=slow&seconds=1"));
        QElapsedTimer t;
        t.start();
        QCOMPARE(deliver("c").status, 200);
        QVERIFY2(t.elapsed() >= 1000, qPrintable(QString::number(t.elapsed())));
        // A slow answer was processed: the caller's retry after its timeout is a duplicate.
        r = deliver("c");
        QCOMPARE(
            QJsonDocument::fromJson(r.body).object().value(QLatin1String("duplicate")).toBool(),
            true);

        QVERIFY(!command("mode=teapot"));
    }

    // Down for a second: a connection is refused, then the same port serves again.
    void goesDownAndComesBack()
    {
        QVERIFY(start());
        QVERIFY(command("mode=down&seconds=1"));
        QCOMPARE(HttpClient::connectTo(m_port), -1);
        QElapsedTimer t;
        t.start();
        int status = 0;
        while (status != 200 && t.elapsed() < 10000) {
            QThread::msleep(100);
            status = deliver("after-down").status;
        }
        QCOMPARE(status, 200);
        QVERIFY(t.elapsed() >= 700);
    }

    void badCommandLineIsUsage()
    {
        QProcess p;
        p.start(QStringLiteral(INBOX_SIM_BINARY),
                {QStringLiteral("--fake-handler"), QStringLiteral("127.0.0.1:0"),
                 QStringLiteral("--fake-handler-misbehave"), QStringLiteral("teapot")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 64);
        p.start(QStringLiteral(INBOX_SIM_BINARY),
                {QStringLiteral("--fake-handler"), QStringLiteral("127.0.0.1:0"),
                 QStringLiteral("--fake-handler-secret-file"), QStringLiteral("/nonexistent")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2);
    }
};

QTEST_GUILESS_MAIN(TestFakeHandler)
#include "tst_fakehandler.moc"
