// The real inbox-dispatcher against a private PostgreSQL and a real HTTP handler in the test
// (WebhookHandler, which checks each signature with its own HMAC): every event is delivered
// signed and byte for byte, and ends done in the inbox exactly once, through SIGKILL of the
// dispatcher, a database restart, a dead handler (the breaker opens, nothing fails), a hung
// handler (timed out, its lock extended meanwhile) and two dispatchers at once; 422 fails with
// the answer kept, 429 with Retry-After holds the destination, 410 disables it, an operator
// pauses and resumes it, and SIGTERM leaves nothing locked. Time moves by updating timestamps.
#include "contract_util.h"
#include "databasetestcase.h"
#include "dispatcherprocess.h"
#include "webhookhandler.h"

#include "db/dberror.h"
#include "db/migrator.h"

#include <QProcess>
#include <QTcpServer>
#include <QtTest>

using namespace contract;

namespace {

const QByteArray kSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const QByteArray kKey = QByteArray::fromBase64("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");

QByteArray bodyOf(int i)
{
    if (i % 3 == 0)
        return QByteArray("\x00\xff\r\n binary ", 12) + QByteArray::number(i);
    return "{\"n\":" + QByteArray::number(i) + "}";
}

} // namespace

class TestDispatcher : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestDispatcher() : DatabaseTestCase{{"disp", {"inbox_worker"}}, {"op", {"inbox_operator"}}} {}

private:
    void acceptMany(PgSession &su, int n, const QString &prefix = QStringLiteral("e"))
    {
        for (int i = 0; i < n; ++i)
            QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.accept('shop', $1, $2, $3)"),
                                {prefix + QString::number(i), bodyOf(i),
                                 i % 3 == 0 ? QStringLiteral("application/octet-stream")
                                            : QStringLiteral("application/json")}));
    }

    // Polls `sql` (its first value) until it is `expected`, the event loop running meanwhile.
    bool waitFor(const QString &sql, const QString &expected, int timeoutMs = 30000)
    {
        PgSession s(m_db.conninfo());
        QString last;
        const bool ok = QTest::qWaitFor(
            [&] {
                last = one(s, sql);
                return last == expected;
            },
            timeoutMs);
        if (!ok)
            qWarning("waited for %s = %s, last %s", qPrintable(sql), qPrintable(expected),
                     qPrintable(last));
        return ok;
    }

    QString doneCount(int n) { return QString::number(n); }
    static QString done()
    {
        return QStringLiteral("SELECT count(*) FROM inbox.events WHERE status = 'done'");
    }

private slots:
    void deliversEveryEventSignedByteForByte()
    {
        PgSession su(m_db.conninfo());
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        acceptMany(su, 30);
        // A poll once a minute: what arrives later is woken by the notification.
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port(), {},
                            "poll_interval_ms = 60000\n");
        d.start();
        QVERIFY2(waitFor(done(), QStringLiteral("30")), d.log().constData());
        QCOMPARE(h.requests.size(), 30);
        for (const WebhookHandler::Request &r : std::as_const(h.requests)) {
            QVERIFY(r.signatureOk);
            const PgResult e = su.exec(
                QStringLiteral("SELECT encode(body, 'hex'), content_type, idempotency_key, source,"
                               " external_id, attempts FROM inbox.events WHERE id = $1"),
                {QString::fromLatin1(r.headers.value("x-inbox-event-id"))});
            QVERIFY_SQL(e);
            QCOMPARE(e.rows(), 1);
            QCOMPARE(QString::fromLatin1(r.body.toHex()), e.value(0, 0));
            QCOMPARE(QString::fromLatin1(r.headers.value("content-type")), e.value(0, 1));
            QCOMPARE(QString::fromLatin1(r.headers.value("idempotency-key")), e.value(0, 2));
            QCOMPARE(r.headers.value("webhook-id"), r.headers.value("idempotency-key"));
            QCOMPARE(QString::fromLatin1(r.headers.value("x-inbox-source")), e.value(0, 3));
            QCOMPARE(QString::fromLatin1(r.headers.value("x-inbox-external-id")), e.value(0, 4));
            QCOMPARE(r.headers.value("x-inbox-attempt"), QByteArray("1"));
            QCOMPARE(r.headers.value("x-team"), QByteArray("tests"));
            QVERIFY(qAbs(r.headers.value("webhook-timestamp").toLongLong() -
                         QDateTime::currentSecsSinceEpoch()) < 60);
        }
        QCOMPARE(h.byKey().size(), 30);
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FILTER (WHERE http_status = 200 AND"
                                        " applied = 'done') || '/' || count(*)"
                                        " FROM inbox.delivery_attempts")),
                 QStringLiteral("30/30"));

        // Fast wake-up: with the poll a minute away, the notification brings it.
        QElapsedTimer t;
        t.start();
        // A session of its own: _notify announces a topic at most once a second per session
        // (docs/contract.md §6), and su's accepts above may be less than a second ago.
        PgSession receiver(m_db.conninfo());
        acceptMany(receiver, 1, QStringLiteral("late"));
        QVERIFY(waitFor(done(), QStringLiteral("31"), 10000));
        QVERIFY2(t.elapsed() < 10000, "delivered by the poll, not the notification");

        // The operators' side: health, readiness and the figures.
        const QByteArray log = d.log();
        const qsizetype at = log.indexOf("metrics_port=") + 13;
        const QByteArray port = log.mid(at, log.indexOf('\n', at) - at).trimmed();
        QVERIFY(port.toInt() > 0);
        const auto get = [&](const char *path) {
            QProcess curl;
            curl.start(QStringLiteral("curl"),
                       {QStringLiteral("-s"), QStringLiteral("-w"),
                        QStringLiteral("\n%{http_code}"),
                        QStringLiteral("http://127.0.0.1:") + QString::fromLatin1(port) +
                            QLatin1String(path)});
            (void)QTest::qWaitFor([&] { return curl.state() == QProcess::NotRunning; }, 10000);
            return curl.readAll();
        };
        QVERIFY(get("/healthz").endsWith("200"));
        QVERIFY(get("/readyz").endsWith("200"));
        const QByteArray metrics = get("/metrics");
        QVERIFY2(
            metrics.contains(
                "inbox_dispatcher_deliveries_total{destination=\"hook\",outcome=\"done\"} 31\n") &&
                metrics.contains("inbox_dispatcher_request_seconds_count 31\n") &&
                metrics.contains("inbox_dispatcher_in_flight{destination=\"hook\"} 0\n") &&
                metrics.contains("inbox_dispatcher_breaker_state{destination=\"hook\"} 0\n") &&
                metrics.contains("inbox_dispatcher_paused{destination=\"hook\"} 0\n") &&
                metrics.contains("inbox_dispatcher_backlog{destination=\"hook\","
                                 "status=\"received\"} ") &&
                metrics.contains("inbox_dispatcher_database_up 1\n"),
            metrics.constData());
        d.terminate();
        QCOMPARE(d.wait(), 0);
        QVERIFY(!d.log().contains(kSecret));
        QVERIFY(!d.log().contains("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"));
    }

    void eachAnswerHasItsOutcome()
    {
        PgSession su(m_db.conninfo());
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        h.answer = [](const WebhookHandler::Request &r) {
            const QByteArray id = r.headers.value("x-inbox-external-id");
            if (id == "e422")
                return WebhookHandler::Answer{422, "{\"error\":\"no email here\"}", {}};
            if (id == "e404")
                return WebhookHandler::Answer{404, "not found", {}};
            if (id == "e500")
                return WebhookHandler::Answer{500, "oops", {}};
            return WebhookHandler::Answer{204, {}, {}};
        };
        for (const char *id : {"e422", "e404", "e500", "e204"})
            QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.accept('shop', $1, '\\x7b7d'::bytea)"),
                                {QString::fromLatin1(id)}));
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port(),
                            "answer_limit = 12\nbreaker_failures = 100\n");
        d.start();
        QVERIFY2(waitFor(QStringLiteral("SELECT count(*) FROM inbox.delivery_attempts"),
                         QStringLiteral("4")),
                 d.log().constData());
        QCOMPARE(
            one(su, QStringLiteral(
                        "SELECT string_agg(concat_ws('|', e.external_id, e.status, e.attempts,"
                        " e.error_retryable, e.last_error, a.http_status, a.answer, a.outcome),"
                        " ',' ORDER BY e.external_id) FROM inbox.events e"
                        " JOIN inbox.delivery_attempts a ON a.event_id = e.id")),
            QStringLiteral("e204|done|1|204|done,"
                           "e404|failed|1|f|HTTP 404 from hook|404|not found|reject,"
                           "e422|failed|1|f|HTTP 422 from hook|422|{\"error\":\"no|reject,"
                           "e500|received|1|t|HTTP 500 from hook|500|oops|retry"));
        d.terminate();
        QCOMPARE(d.wait(), 0);
    }

    void deadHandlerOpensTheBreakerAndFailsNothing()
    {
        PgSession su(m_db.conninfo());
        quint16 port = 0;
        {
            QTcpServer probe;
            QVERIFY(probe.listen(QHostAddress::LocalHost));
            port = probe.serverPort();
        } // closed: connections are refused
        acceptMany(su, 20);
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, port,
                            "breaker_failures = 3\nbreaker_interval_ms = 300\n");
        d.start();
        QVERIFY2(d.waitForLog("the breaker opens"), d.log().constData());
        // Probes go out and are given back uncounted.
        QVERIFY2(waitFor(QStringLiteral("SELECT count(*) >= 3 FROM inbox.delivery_attempts"
                                        " WHERE applied = 'released'"),
                         QStringLiteral("t")),
                 d.log().constData());
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.delivery_attempts"
                                        " WHERE applied = 'received'")),
                 QStringLiteral("3"));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE status IN"
                                        " ('failed', 'done')")),
                 QStringLiteral("0"));
        QCOMPARE(one(su, QStringLiteral("SELECT max(attempts) FROM inbox.events")),
                 QStringLiteral("1"));
        QVERIFY(waitFor(QStringLiteral("SELECT state IN ('open', 'half_open') FROM"
                                       " inbox.destinations WHERE name = 'hook'"),
                        QStringLiteral("t")));

        // The handler comes back: the next probe closes the breaker and everything drains
        // (the three retries scheduled seconds ahead are made due now).
        WebhookHandler h(kKey);
        QVERIFY(h.listen(port));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now()"
                                           " WHERE status = 'received'")));
        QVERIFY2(waitFor(done(), QStringLiteral("20")), d.log().constData());
        QCOMPARE(one(su, QStringLiteral("SELECT state FROM inbox.destinations")),
                 QStringLiteral("closed"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(entry, ',' ORDER BY id) FROM"
                                        " inbox.journal WHERE entry LIKE 'destination_breaker%'")),
                 QStringLiteral("destination_breaker_opened,destination_breaker_closed"));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = 'done'")),
                 QStringLiteral("20"));
        d.terminate();
        QCOMPARE(d.wait(), 0);
    }

    void sigkillMidFlightIsRetriedWithTheSameKey()
    {
        PgSession su(m_db.conninfo());
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        bool hang = true;
        h.answer = [&hang](const WebhookHandler::Request &) {
            return WebhookHandler::Answer{hang ? 0 : 200, {}, {}};
        };
        acceptMany(su, 5);
        DispatcherProcess first(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port(),
                                "timeout_ms = 60000\n");
        first.start();
        QVERIFY(QTest::qWaitFor([&] { return h.requests.size() == 5; }, 20000));
        first.kill();
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE status ="
                                        " 'processing'")),
                 QStringLiteral("5"));
        // Its locks expire (moved, not waited for); another dispatcher takes them over.
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET locked_at = now() - interval '6 minutes'")));
        hang = false;
        DispatcherProcess second(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port());
        second.start();
        QVERIFY2(waitFor(done(), QStringLiteral("5")), second.log().constData());
        QCOMPARE(h.requests.size(), 10);
        const auto keys = h.byKey();
        QCOMPARE(keys.size(), 5);
        for (const int n : keys)
            QCOMPARE(n, 2);
        for (int i = 5; i < 10; ++i)
            QCOMPARE(h.requests.at(i).headers.value("x-inbox-attempt"), QByteArray("2"));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FILTER (WHERE entry = 'done') || '/' ||"
                                        " count(*) FILTER (WHERE entry = 'takeover')"
                                        " FROM inbox.journal")),
                 QStringLiteral("5/5"));
        second.terminate();
        QCOMPARE(second.wait(), 0);
    }

    void hungHandlerKeepsItsLockAndIsTimedOut()
    {
        PgSession su(m_db.conninfo());
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        h.answer = [&h](const WebhookHandler::Request &) {
            return WebhookHandler::Answer{h.requests.size() == 1 ? 0 : 200, {}, {}};
        };
        acceptMany(su, 1);
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port(),
                            "timeout_ms = 4000\n", "heartbeat_interval_ms = 200\n");
        d.start();
        QVERIFY(QTest::qWaitFor([&] { return h.requests.size() == 1; }, 20000));
        // The lock made old while the request hangs: the heartbeat makes it young again, so a
        // claim with a one-minute lock timeout does not take it over.
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET locked_at = now() - interval '10 minutes'")));
        QVERIFY(waitFor(QStringLiteral("SELECT locked_at > now() - interval '5 seconds' FROM"
                                       " inbox.events"),
                        QStringLiteral("t"), 3000));
        QCOMPARE(h.requests.size(), 1);
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.claim('thief', 10,"
                                        " interval '1 minute')")),
                 QStringLiteral("0"));
        // Timed out: a retryable failure, then the retry (made due now) is answered.
        QVERIFY2(waitFor(QStringLiteral("SELECT status || '|' || last_error FROM inbox.events"),
                         QStringLiteral("received|no answer from hook within 4000 ms")),
                 d.log().constData());
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now()")));
        QVERIFY(waitFor(done(), QStringLiteral("1")));
        QCOMPARE(h.requests.size(), 2);
        QCOMPARE(h.byKey().size(), 1);
        d.terminate();
        QCOMPARE(d.wait(), 0);
    }

    void retryAfterHoldsTheDestination()
    {
        PgSession su(m_db.conninfo());
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        h.answer = [&h](const WebhookHandler::Request &) {
            if (h.requests.size() == 1)
                return WebhookHandler::Answer{429, "slow down", {{"Retry-After", "2"}}};
            return WebhookHandler::Answer{200, {}, {}};
        };
        acceptMany(su, 1);
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port());
        d.start();
        QVERIFY(waitFor(QStringLiteral("SELECT status FROM inbox.events JOIN"
                                       " inbox.delivery_attempts a ON a.event_id = events.id"),
                        QStringLiteral("received")));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now()")));
        acceptMany(su, 3, QStringLiteral("later"));
        QVERIFY2(waitFor(done(), QStringLiteral("4")), d.log().constData());
        QCOMPARE(h.requests.size(), 5);
        // Nothing went out for the two seconds the handler asked for.
        QString seen;
        for (const auto &r : std::as_const(h.requests))
            seen += QStringLiteral("%1 %2 %3\n")
                        .arg(r.atMs)
                        .arg(QString::fromLatin1(r.headers.value("x-inbox-external-id")),
                             QString::fromLatin1(r.headers.value("x-inbox-attempt")));
        QVERIFY2(h.requests.at(1).atMs - h.requests.at(0).atMs >= 1900,
                 qPrintable(seen + QString::fromUtf8(d.log())));
        QVERIFY(d.log().contains("Retry-After 2 s"));
        d.terminate();
        QCOMPARE(d.wait(), 0);
    }

    // order_separator: a group's events reach the handler one at a time, in order, across a
    // retry; without it the same events would go out together (concurrency 8).
    void orderedGroupWaitsForItsRetry()
    {
        PgSession su(m_db.conninfo());
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        h.answer = [&h](const WebhookHandler::Request &) {
            return WebhookHandler::Answer{h.requests.size() == 1 ? 503 : 200, {}, {}};
        };
        for (const char *id : {"g:1", "g:2", "g:3"})
            QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.accept('shop', $1, '\\x7b7d'::bytea)"),
                                {QString::fromLatin1(id)}));
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port(),
                            "order_separator = :\n");
        d.start();
        QVERIFY(waitFor(QStringLiteral("SELECT count(*) FROM inbox.delivery_attempts"),
                        QStringLiteral("1")));
        QTest::qWait(1200); // two poll passes: g:2 and g:3 stay behind g:1's retry
        QCOMPARE(h.requests.size(), 1);
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now()")));
        QVERIFY2(waitFor(done(), QStringLiteral("3")), d.log().constData());
        QStringList order;
        for (const auto &r : std::as_const(h.requests))
            order << QString::fromLatin1(r.headers.value("x-inbox-external-id"));
        QCOMPARE(order.join(QLatin1Char(',')), QStringLiteral("g%3A1,g%3A1,g%3A2,g%3A3"));
        d.terminate();
        QCOMPARE(d.wait(), 0);
    }

    void goneDisablesUntilAnOperatorResumes()
    {
        PgSession su(m_db.conninfo());
        PgSession op(m_db.conninfo(QStringLiteral("op")));
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        bool gone = true;
        h.answer = [&gone](const WebhookHandler::Request &) {
            return WebhookHandler::Answer{gone ? 410 : 200, {}, {}};
        };
        acceptMany(su, 1);
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port());
        d.start();
        QVERIFY2(waitFor(QStringLiteral("SELECT concat_ws('|', paused, state) FROM"
                                        " inbox.destinations"),
                         QStringLiteral("t|disabled")),
                 d.log().constData());
        // The attempt is recorded right after the report that paused the destination.
        QVERIFY(waitFor(QStringLiteral("SELECT count(*) FROM inbox.delivery_attempts"),
                        QStringLiteral("1")));
        QCOMPARE(one(su, QStringLiteral("SELECT paused_by = (SELECT DISTINCT worker FROM"
                                        " inbox.delivery_attempts) FROM inbox.destinations")),
                 QStringLiteral("t"));
        // The event waits, its attempt given back; nothing more is sent.
        QCOMPARE(one(su, QStringLiteral("SELECT status || '|' || attempts FROM inbox.events")),
                 QStringLiteral("received|0"));
        acceptMany(su, 2, QStringLiteral("more"));
        QTest::qWait(1500);
        QCOMPARE(h.requests.size(), 1);
        gone = false;
        QCOMPARE(one(op, QStringLiteral("SELECT inbox.resume_destination('hook', 'redeployed')")),
                 QStringLiteral("resumed"));
        QVERIFY2(waitFor(done(), QStringLiteral("3")), d.log().constData());
        d.terminate();
        QCOMPARE(d.wait(), 0);
    }

    void operatorPausesAndResumes()
    {
        PgSession su(m_db.conninfo());
        PgSession op(m_db.conninfo(QStringLiteral("op")));
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port());
        d.start();
        QVERIFY(waitFor(QStringLiteral("SELECT count(*) FROM inbox.destinations"),
                        QStringLiteral("1")));
        QCOMPARE(one(op, QStringLiteral("SELECT inbox.pause_destination('hook', 'CRM upgrade')")),
                 QStringLiteral("paused"));
        QVERIFY(d.waitForLog("paused (CRM upgrade)", 10000));
        acceptMany(su, 3);
        QTest::qWait(1500);
        QCOMPARE(h.requests.size(), 0);
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE status ="
                                        " 'received' AND attempts = 0")),
                 QStringLiteral("3"));
        QCOMPARE(one(op, QStringLiteral("SELECT inbox.resume_destination('hook', 'done')")),
                 QStringLiteral("resumed"));
        QVERIFY2(waitFor(done(), QStringLiteral("3")), d.log().constData());
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(entry || '/' || actor, ',' ORDER BY id)"
                                        " FROM inbox.journal WHERE by_person")),
                 QStringLiteral("destination_paused/op,destination_resumed/op"));
        d.terminate();
        QCOMPARE(d.wait(), 0);
    }

    void twoDispatchersDeliverEachClaimOnce()
    {
        PgSession su(m_db.conninfo());
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        acceptMany(su, 300);
        DispatcherProcess a(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port());
        DispatcherProcess b(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port());
        a.start();
        b.start();
        QVERIFY2(waitFor(done(), QStringLiteral("300"), 60000), a.log().constData());
        const auto keys = h.byKey();
        QCOMPARE(keys.size(), 300);
        for (const int n : keys)
            QCOMPARE(n, 1);
        QCOMPARE(one(su, QStringLiteral("SELECT count(DISTINCT worker) || '/' || count(*) FROM"
                                        " inbox.delivery_attempts")),
                 QStringLiteral("2/300"));
        a.terminate();
        b.terminate();
        QCOMPARE(a.wait(), 0);
        QCOMPARE(b.wait(), 0);
    }

    void databaseRestartMidLoad()
    {
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        {
            PgSession su(m_db.conninfo());
            acceptMany(su, 400);
        }
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port(),
                            "rate = 200\n");
        d.start();
        QVERIFY(QTest::qWaitFor([&] { return h.requests.size() >= 50; }, 30000));
        QString error;
        QVERIFY2(m_db.cluster().restart(QStringLiteral("fast"), &error), qPrintable(error));
        QVERIFY2(waitFor(done(), QStringLiteral("400"), 90000), d.log().constData());
        QCOMPARE(h.byKey().size(), 400);
        QVERIFY(d.log().contains("database connection open"));
        PgSession su(m_db.conninfo());
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry = 'done'")),
                 QStringLiteral("400"));
        d.terminate();
        QCOMPARE(d.wait(), 0);
    }

    void sigtermLeavesNothingLocked()
    {
        PgSession su(m_db.conninfo());
        WebhookHandler h(kKey);
        QVERIFY(h.listen());
        h.answer = [](const WebhookHandler::Request &) {
            return WebhookHandler::Answer{0, {}, {}};
        };
        acceptMany(su, 3);
        DispatcherProcess d(m_db.conninfo(QStringLiteral("disp")), kSecret, h.port(),
                            "timeout_ms = 60000\n", "shutdown_timeout = 1\n");
        d.start();
        QVERIFY(QTest::qWaitFor([&] { return h.requests.size() == 3; }, 20000));
        d.terminate();
        QCOMPARE(d.wait(), 0);
        QVERIFY(d.log().contains("shutdown limit"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(concat_ws('|', status, attempts,"
                                        " locked_by IS NULL), ',') FROM inbox.events")),
                 QStringLiteral("received|0|t,received|0|t,received|0|t"));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.delivery_attempts WHERE"
                                        " applied = 'released'")),
                 QStringLiteral("3"));
    }

    // A schema older than 28 (no finish_deliveries): it does not start, and says both versions.
    void olderSchemaIsRefusedWithBothVersions()
    {
        QString error;
        QVERIFY2(m_db.cluster().execAsSuperuser(QStringLiteral("postgres"),
                                                QStringLiteral("CREATE DATABASE schema27"), &error),
                 qPrintable(error));
        {
            PgSession su(m_db.cluster().conninfo(QStringLiteral("schema27")));
            QVERIFY2(su.ok(), qPrintable(su.error()));
            inbox::DbError dbError;
            QVERIFY2(inbox::Migrator::apply(su.raw(), &dbError, 27), qPrintable(dbError.oneLine()));
        }
        DispatcherProcess d(
            m_db.cluster().conninfo(QStringLiteral("schema27"), QStringLiteral("disp")), kSecret,
            1);
        d.start();
        QCOMPARE(d.wait(), 1);
        QVERIFY2(d.log().contains("the database schema is version 27, this inbox-dispatcher needs "
                                  "at least 28: run inbox-console migrate"),
                 d.log().constData());
    }

    // The dispatcher needs inbox_worker only: a login with nothing else runs all of the above.
    void workerRoleIsEnough()
    {
        PgSession su(m_db.conninfo());
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(b.rolname, ',') FROM pg_auth_members m"
                                        " JOIN pg_roles r ON r.oid = m.member"
                                        " JOIN pg_roles b ON b.oid = m.roleid"
                                        " WHERE r.rolname = 'disp'")),
                 QStringLiteral("inbox_worker"));
        QCOMPARE(one(su, QStringLiteral("SELECT rolsuper OR rolcreaterole OR rolcreatedb FROM"
                                        " pg_roles WHERE rolname = 'disp'")),
                 QStringLiteral("f"));
    }
};

QTEST_GUILESS_MAIN(TestDispatcher)
#include "tst_dispatcher.moc"
