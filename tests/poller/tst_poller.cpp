// The real inbox-poller against the test's private PostgreSQL and a fake shop API in the
// test's event loop (a JSON list of orders, POST with the window and offset paging, two items
// a page): overlapping windows store each order once with the repeats journalled, a late order
// is caught by the overlap, 20-digit ids keep every digit; a 429 waits for its Retry-After
// (timed on the fake's clock), a 500 is retried after the back-off, a 401 stops the source
// (the database, /metrics and the log say so) until the poller restarts; the rate limit spaces
// the requests (timed on the fake's clock); a page the database did not take is fetched again
// and the cursor never passes it; SIGTERM stores the page in hand and exits 0, a request that
// never answers is aborted at the shutdown limit without moving the cursor, a SIGKILL mid-window
// resumes at the lost page, a database restart is ridden out; a source stored with another
// adapter is not polled.
#include "contract_util.h"
#include "databasetestcase.h"
#include "pollerprocess.h"
#include "webhookhandler.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace contract;

namespace {

// The fake shop: its orders, and what it answers (an order list unless `forced` says
// otherwise for a request, by its number from 0).
class FakeShop final
{
public:
    struct Order
    {
        QByteArray id; // as JSON: "\"o-1\"" or a bare number
        qint64 createdMs;
    };

    FakeShop() : handler(QByteArray())
    {
        handler.answer = [this](const WebhookHandler::Request &r) {
            return answer(r);
        };
    }
    bool listen() { return handler.listen(); }
    quint16 port() const { return handler.port(); }

    void add(const QByteArray &id, qint64 agoMs)
    {
        orders.append({id, QDateTime::currentMSecsSinceEpoch() - agoMs});
    }
    static QByteArray bodyOf(const Order &o)
    {
        return "{\"id\":" + o.id + ",\"created_ms\":" + QByteArray::number(o.createdMs) + "}";
    }

    WebhookHandler handler;
    QList<Order> orders;
    std::function<WebhookHandler::Answer(int)> forced = [](int) {
        return WebhookHandler::Answer{-1, {}, {}};
    };
    // How long the list answer to request n (from 0) takes.
    std::function<int(int)> delayMs = [](int) {
        return 0;
    };

private:
    WebhookHandler::Answer answer(const WebhookHandler::Request &r)
    {
        const WebhookHandler::Answer f = forced(int(handler.requests.size()) - 1);
        if (f.status != -1)
            return f;
        const QJsonObject q = QJsonDocument::fromJson(r.body).object();
        const qint64 from = qint64(q.value(QLatin1String("from")).toDouble());
        const qint64 to = qint64(q.value(QLatin1String("to")).toDouble());
        const int offset = q.value(QLatin1String("offset")).toInt();
        const int limit = q.value(QLatin1String("limit")).toInt();
        QList<Order> window;
        for (const Order &o : std::as_const(orders)) {
            if (o.createdMs >= from && o.createdMs <= to)
                window.append(o);
        }
        std::sort(window.begin(), window.end(),
                  [](const Order &a, const Order &b) { return a.createdMs < b.createdMs; });
        QByteArray items;
        for (int i = offset; i < window.size() && i < offset + limit; ++i)
            items += (items.isEmpty() ? "" : ",\n  ") + bodyOf(window.at(i));
        // Pretty-printed, as some APIs answer: the poller stores each item compact.
        return {200,
                "{\"result\": {\"total\": " + QByteArray::number(window.size()) +
                    ", \"items\": [\n  " + items + "\n]}}",
                {{"Content-Type", "application/json"}},
                delayMs(int(handler.requests.size()) - 1)};
    }
};

} // namespace

class TestPoller : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestPoller() : DatabaseTestCase{{"poller", {"inbox_ingest"}}} {}

private:
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
    static QString shop(const char *columns)
    {
        return QStringLiteral("SELECT %1 FROM inbox.poll_sources WHERE source = 'shop'")
            .arg(QLatin1String(columns));
    }
    QString poller() const { return m_db.conninfo(QStringLiteral("poller")); }
    // Starts `p` and waits for it to be under way: until `sql` is `expected` (waitFor).
    bool startAndWaitFor(PollerProcess &p, const QString &sql, const QString &expected,
                         int timeoutMs = 30000)
    {
        p.start();
        return waitFor(sql, expected, timeoutMs);
    }
    // Asks `p` to stop (SIGTERM) and waits for it: its exit code as PollerProcess::wait gives
    // it, 0 after a clean stop.
    static int terminateAndWait(PollerProcess &p)
    {
        p.terminate();
        return p.wait();
    }

private slots:
    void overlappingWindowsStoreEachOrderOnce()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("12345678901234567890", 10 * 60000);
        for (int i = 2; i <= 5; ++i)
            fake.add("\"o-" + QByteArray::number(i) + '"', (10 - i) * 60000);
        PollerProcess p(poller(), fake.port());
        // Every second a window from 20 minutes before the last one's end: each sees all five.
        QVERIFY2(startAndWaitFor(p, QStringLiteral("SELECT polls >= 3 FROM inbox.poll_sources"),
                                 QStringLiteral("t")),
                 p.log().constData());
        // An order that shows up late, with a time behind the last window's end: the overlap
        // catches it.
        fake.add("\"late-1\"", 5 * 60000);
        QVERIFY2(waitFor(QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = 'shop'"),
                         QStringLiteral("6")),
                 p.log().constData());
        QVERIFY(waitFor(QStringLiteral("SELECT polls >= 5 FROM inbox.poll_sources"),
                        QStringLiteral("t")));

        // /metrics while it runs.
        const QByteArray metrics = p.get("/metrics");
        QVERIFY2(metrics.endsWith("200"), metrics.constData());
        QVERIFY2(metrics.contains("inbox_poller_items_total{source=\"shop\",outcome=\"new\"} 6\n"),
                 metrics.constData());
        QVERIFY(metrics.contains("inbox_poller_source_state{source=\"shop\"} 0\n"));
        QVERIFY(metrics.contains("inbox_poller_database_up 1\n"));
        QVERIFY(metrics.contains("inbox_poller_lag_seconds{source=\"shop\"} "));
        QVERIFY(metrics.contains("inbox_poller_requests_total{source=\"shop\",class=\"2xx\"} "));
        QVERIFY(!metrics.contains("inbox_poller_items_total{source=\"shop\",outcome=\"repeat\"} "
                                  "0\n"));
        QVERIFY(p.get("/readyz").endsWith("200"));

        QCOMPARE(terminateAndWait(p), 0);

        // Each order once, under its id exactly as the API wrote it, byte for byte compact.
        QCOMPARE(one(su, QStringLiteral("SELECT count(DISTINCT external_id) || '/' || count(*) "
                                        "FROM inbox.events WHERE source = 'shop'")),
                 QStringLiteral("6/6"));
        for (const FakeShop::Order &o : std::as_const(fake.orders)) {
            const QString id = QString::fromLatin1(o.id).remove(QLatin1Char('"'));
            const PgResult e = su.exec(
                QStringLiteral("SELECT body, kind, (extract(epoch FROM occurred_at) * 1000)::int8"
                               " FROM inbox.events WHERE source = 'shop' AND external_id = $1"),
                {id});
            QVERIFY_SQL(e);
            QCOMPARE(e.rows(), 1);
            QCOMPARE(e.bytes(0, 0), FakeShop::bodyOf(o));
            QCOMPARE(e.value(0, 1), QStringLiteral("shop.order"));
            QCOMPARE(e.value(0, 2).toLongLong(), o.createdMs);
        }
        // Every repeat journalled, and counted on the source's row.
        const qint64 repeats = oneInt(su, shop("repeats"));
        QVERIFY(repeats >= 10);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal j JOIN inbox.events"
                                           " e ON e.id = j.event_id WHERE e.source = 'shop' AND"
                                           " j.entry = 'duplicate'")),
                 repeats);
        QCOMPARE(one(su, shop("new_events || '/' || (items = new_events + repeats) || '/' || "
                              "conflicts || '/' || state || '/' || poller")),
                 QStringLiteral("6/true/0/polling/poller-test"));
        // Between polls the cursor is only the last window's end.
        QCOMPARE(one(su, shop("(SELECT string_agg(k, ',') FROM jsonb_object_keys(cursor) k)")),
                 QStringLiteral("polled_to"));
        // The token went with every request and never into the log.
        for (const WebhookHandler::Request &r : std::as_const(fake.handler.requests))
            QCOMPARE(r.headers.value("authorization"),
                     QByteArray("Bearer ") + PollerProcess::kToken);
        QVERIFY(!p.log().contains(PollerProcess::kToken));
    }

    void retryAfterIsHonoured()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("\"o-1\"", 60000);
        fake.forced = [](int n) {
            return n == 0 ? WebhookHandler::Answer{429, "slow down", {{"Retry-After", "2"}}}
                          : WebhookHandler::Answer{-1, {}, {}};
        };
        PollerProcess p(poller(), fake.port(), "interval = 600\n");
        QVERIFY2(startAndWaitFor(p, shop("polls"), QStringLiteral("1")), p.log().constData());
        QVERIFY(fake.handler.requests.size() >= 2);
        const qint64 gap = fake.handler.requests.at(1).atMs - fake.handler.requests.at(0).atMs;
        QVERIFY2(gap >= 1950 && gap < 5000, qPrintable(QString::number(gap)));
        QCOMPARE(one(su, shop("last_http_status || '/' || state || '/' || failures || '/' || "
                              "new_events")),
                 QStringLiteral("429/polling/0/1"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(entry || ':' || "
                                        "coalesce(detail->>'http_status', ''), ',' ORDER BY id)"
                                        " FROM inbox.journal WHERE entry LIKE 'poll\\_%'")),
                 QStringLiteral("poll_failing:429,poll_recovered:"));
        const QByteArray metrics = p.get("/metrics");
        QVERIFY2(metrics.contains("inbox_poller_requests_total{source=\"shop\",class=\"429\"} 1\n"),
                 metrics.constData());
        QVERIFY(metrics.contains("inbox_poller_errors_total{source=\"shop\",kind=\"http\"} 1\n"));
        QCOMPARE(terminateAndWait(p), 0);
    }

    // Wildberries answers a 429 with X-Ratelimit-Retry (seconds) and no Retry-After: that is
    // waited for too, not the 1 s back-off.
    void wildberriesRetryHeaderIsHonoured()
    {
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("\"o-1\"", 60000);
        fake.forced = [](int n) {
            return n == 0 ? WebhookHandler::Answer{429,
                                                   "{\"title\":\"too many requests\"}",
                                                   {{"X-Ratelimit-Retry", "3"}}}
                          : WebhookHandler::Answer{-1, {}, {}};
        };
        PollerProcess p(poller(), fake.port(), "interval = 600\n");
        QVERIFY2(startAndWaitFor(p, shop("polls"), QStringLiteral("1")), p.log().constData());
        QVERIFY(fake.handler.requests.size() >= 2);
        const qint64 gap = fake.handler.requests.at(1).atMs - fake.handler.requests.at(0).atMs;
        QVERIFY2(gap >= 2950 && gap < 6000, qPrintable(QString::number(gap)));
        QCOMPARE(terminateAndWait(p), 0);
    }

    void serverErrorsAreRetriedWithGrowingPauses()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("\"o-1\"", 60000);
        fake.forced = [](int n) {
            return n < 2 ? WebhookHandler::Answer{500, "oops", {}}
                         : WebhookHandler::Answer{-1, {}, {}};
        };
        PollerProcess p(poller(), fake.port(), "interval = 600\n");
        QVERIFY2(startAndWaitFor(p, shop("polls"), QStringLiteral("1")), p.log().constData());
        const QList<WebhookHandler::Request> &r = fake.handler.requests;
        QVERIFY(r.size() >= 3);
        // 1 s, then 2 s, each less up to a fifth (the jitter).
        const qint64 first = r.at(1).atMs - r.at(0).atMs;
        const qint64 second = r.at(2).atMs - r.at(1).atMs;
        QVERIFY2(first >= 780 && first < 5000, qPrintable(QString::number(first)));
        QVERIFY2(second >= 1580 && second < 6000, qPrintable(QString::number(second)));
        QCOMPARE(one(su, shop("last_http_status || '/' || state || '/' || failures || '/' || "
                              "new_events || '/' || last_error")),
                 QStringLiteral("500/polling/0/1/HTTP 500: oops"));
        QVERIFY(p.log().contains("HTTP 500: oops (failure 2 in a row"));
        QCOMPARE(terminateAndWait(p), 0);
    }

    void unauthorizedStopsTheSourceUntilARestart()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("\"o-1\"", 60000);
        bool refuse = true;
        fake.forced = [&refuse](int) {
            return refuse ? WebhookHandler::Answer{401, "{\"error\":\"bad token\"}", {}}
                          : WebhookHandler::Answer{-1, {}, {}};
        };
        {
            PollerProcess p(poller(), fake.port());
            QVERIFY2(startAndWaitFor(p, shop("state"), QStringLiteral("stopped")),
                     p.log().constData());
            QVERIFY(p.waitForLog("source shop: stopped: HTTP 401"));
            const QByteArray metrics = p.get("/metrics");
            QVERIFY2(metrics.contains("inbox_poller_source_state{source=\"shop\"} 2\n"),
                     metrics.constData());
            // No more requests, though the interval is a second.
            QTest::qWait(2500);
            QCOMPARE(fake.handler.requests.size(), 1);
            QCOMPARE(one(su, shop("last_http_status || '/' || (stopped_at IS NOT NULL) || '/' "
                                  "|| last_error")),
                     QStringLiteral("401/true/HTTP 401: {\"error\":\"bad token\"}"));
            QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal "
                                               "WHERE entry = 'poll_stopped'")),
                     1);
            QCOMPARE(terminateAndWait(p), 0);
        }
        // The token is fixed and the poller restarted: the source polls again.
        refuse = false;
        PollerProcess p(poller(), fake.port());
        QVERIFY2(
            startAndWaitFor(p, shop("state || '/' || new_events"), QStringLiteral("polling/1")),
            p.log().constData());
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal "
                                           "WHERE entry = 'poll_resumed'")),
                 1);
        QCOMPARE(terminateAndWait(p), 0);
    }

    void sigtermAbortsAHungRequestWithoutMovingTheCursor()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("\"o-1\"", 60000);
        fake.add("\"o-2\"", 50000);
        fake.add("\"o-3\"", 40000);
        // The second page never comes.
        fake.forced = [](int n) {
            return n == 1 ? WebhookHandler::Answer{0, {}, {}} : WebhookHandler::Answer{-1, {}, {}};
        };
        PollerProcess p(poller(), fake.port(), "timeout = 60\n", "shutdown_timeout = 2\n");
        p.start();
        QVERIFY(QTest::qWaitFor([&] { return fake.handler.requests.size() == 2; }, 20000));
        QVERIFY(waitFor(shop("current_items"), QStringLiteral("2")));
        const QString cursor = one(su, shop("cursor::text"));
        QVERIFY2(cursor.contains(QLatin1String("\"offset\": 1")), qPrintable(cursor));
        QElapsedTimer t;
        t.start();
        QCOMPARE(terminateAndWait(p), 0);
        QVERIFY2(t.elapsed() >= 1900 && t.elapsed() < 10000,
                 qPrintable(QString::number(t.elapsed())));
        QVERIFY(p.log().contains("shutdown limit of 2 s reached"));
        // The page in flight was not stored: the cursor still points at it.
        QCOMPARE(one(su, shop("cursor::text")), cursor);

        // Restarted, it reads that page and ends the window: each order once.
        fake.forced = [](int) {
            return WebhookHandler::Answer{-1, {}, {}};
        };
        PollerProcess again(poller(), fake.port(), "interval = 600\n");
        QVERIFY2(startAndWaitFor(again, shop("polls || '/' || new_events"), QStringLiteral("1/3")),
                 again.log().constData());
        QCOMPARE(terminateAndWait(again), 0);
    }

    void sigtermStoresThePageInHand()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("\"o-1\"", 60000);
        fake.add("\"o-2\"", 50000);
        fake.add("\"o-3\"", 40000);
        // The second page takes 1.5 s: SIGTERM comes while it is on its way.
        fake.delayMs = [](int n) {
            return n == 1 ? 1500 : 0;
        };
        PollerProcess p(poller(), fake.port(), "interval = 600\n");
        p.start();
        QVERIFY(QTest::qWaitFor([&] { return fake.handler.requests.size() == 2; }, 20000));
        QCOMPARE(terminateAndWait(p), 0);
        // That page (o-2, o-3) was stored with its cursor, and nothing was asked after it.
        QCOMPARE(fake.handler.requests.size(), 2);
        QCOMPARE(one(su, shop("current_items || '/' || new_events || '/' || (cursor->>'offset')")),
                 QStringLiteral("4/3/2"));
        QVERIFY(p.log().contains("finishing the pages in flight"));
        QVERIFY(!p.log().contains("shutdown limit"));
    }

    void aSourceOfAnotherAdapterIsNotPolled()
    {
        PgSession su(m_db.conninfo());
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.poll_open('old', 'shop', 'ozon')")));
        FakeShop fake;
        QVERIFY(fake.listen());
        PollerProcess p(poller(), fake.port());
        p.start();
        QVERIFY2(p.waitForLog("source shop: inbox.poll_open refused it, not polled"),
                 p.log().constData());
        QVERIFY(p.get("/metrics").contains("inbox_poller_source_state{source=\"shop\"} 2\n"));
        QCOMPARE(fake.handler.requests.size(), 0);
        QCOMPARE(one(su, shop("adapter || '/' || cursor::text")), QStringLiteral("ozon/{}"));
        QCOMPARE(terminateAndWait(p), 0);
    }

    void aSlowAnswerTimesOutAndIsRetried()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("\"o-1\"", 60000);
        // The first answer would take 5 s; the source allows 1.
        fake.delayMs = [](int n) {
            return n == 0 ? 5000 : 0;
        };
        PollerProcess p(poller(), fake.port(), "interval = 600\ntimeout = 1\n");
        QVERIFY2(startAndWaitFor(p, shop("polls || '/' || new_events"), QStringLiteral("1/1")),
                 p.log().constData());
        QVERIFY(p.log().contains("source shop: no answer within 1 s (failure 1 in a row"));
        const QList<WebhookHandler::Request> &r = fake.handler.requests;
        QCOMPARE(r.size(), 2);
        const qint64 gap = r.at(1).atMs - r.at(0).atMs;
        QVERIFY2(gap >= 1750 && gap < 6000, qPrintable(QString::number(gap)));
        QCOMPARE(one(su, QStringLiteral("SELECT detail->>'error' FROM inbox.journal "
                                        "WHERE entry = 'poll_failing'")),
                 QStringLiteral("no answer within 1 s"));
        QCOMPARE(terminateAndWait(p), 0);
    }

    void sigkillMidWindowThenARestartSkipsNothing()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        for (int i = 1; i <= 5; ++i)
            fake.add("\"o-" + QByteArray::number(i) + '"', (10 - i) * 60000);
        // The third page is slow: the poller dies while it is on its way.
        fake.delayMs = [](int n) {
            return n == 2 ? 3000 : 0;
        };
        {
            PollerProcess p(poller(), fake.port(), "interval = 600\n");
            p.start();
            QVERIFY(QTest::qWaitFor([&] { return fake.handler.requests.size() == 3; }, 20000));
            // The third request goes out while the second page is stored (read ahead): the
            // kill waits for that commit, so it lands while the third page is on its way.
            QVERIFY2(waitFor(shop("current_items || '/' || new_events || '/' || "
                                  "(cursor->>'offset')"),
                             QStringLiteral("4/3/2")),
                     p.log().constData());
            p.kill();
        }
        QCOMPARE(one(su, shop("current_items || '/' || new_events || '/' || (cursor->>'offset')")),
                 QStringLiteral("4/3/2"));
        fake.delayMs = [](int) {
            return 0;
        };
        PollerProcess again(poller(), fake.port(), "interval = 600\n");
        QVERIFY2(startAndWaitFor(again, shop("polls || '/' || new_events"), QStringLiteral("1/5")),
                 again.log().constData());
        // The window resumed at the page that was lost, not at a new window.
        QCOMPARE(QJsonDocument::fromJson(fake.handler.requests.at(3).body)
                     .object()
                     .value(QLatin1String("offset"))
                     .toInt(),
                 2);
        QCOMPARE(one(su, QStringLiteral("SELECT count(DISTINCT external_id) || '/' || count(*) "
                                        "FROM inbox.events WHERE source = 'shop'")),
                 QStringLiteral("5/5"));
        QCOMPARE(terminateAndWait(again), 0);
    }

    void aDatabaseRestartIsRiddenOut()
    {
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("\"o-1\"", 60000);
        PollerProcess p(poller(), fake.port());
        QVERIFY2(startAndWaitFor(p, QStringLiteral("SELECT polls >= 1 FROM inbox.poll_sources"),
                                 QStringLiteral("t")),
                 p.log().constData());
        QString error;
        QVERIFY2(m_db.cluster().restart(QStringLiteral("fast"), &error), qPrintable(error));
        fake.add("\"o-2\"", 30000);
        QVERIFY2(waitFor(QStringLiteral("SELECT new_events || '/' || (polls >= 3) FROM "
                                        "inbox.poll_sources"),
                         QStringLiteral("2/true")),
                 p.log().constData());
        // It noticed: the connection was opened again.
        QVERIFY2(p.log().count("database connection open") >= 2, p.log().constData());
        const QByteArray metrics = p.get("/metrics");
        QVERIFY2(metrics.contains("inbox_poller_database_up 1\n"), metrics.constData());
        PgSession su(m_db.conninfo());
        QCOMPARE(one(su, QStringLiteral("SELECT count(DISTINCT external_id) || '/' || count(*) "
                                        "FROM inbox.events WHERE source = 'shop'")),
                 QStringLiteral("2/2"));
        QCOMPARE(terminateAndWait(p), 0);
    }

    void theRateLimitSpacesTheRequests()
    {
        FakeShop fake;
        QVERIFY(fake.listen());
        for (int i = 1; i <= 5; ++i)
            fake.add("\"o-" + QByteArray::number(i) + '"', (20 - i) * 60000);
        // Two at once, then one every two seconds: 5 orders in pages of two, each re-reading
        // the last item of the one before, are 5 requests.
        PollerProcess p(poller(), fake.port(), "interval = 600\nrate_per_minute = 30\nburst = 2\n");
        QVERIFY2(startAndWaitFor(p, shop("polls || '/' || new_events"), QStringLiteral("1/5")),
                 p.log().constData());
        const QList<WebhookHandler::Request> &r = fake.handler.requests;
        QCOMPARE(r.size(), 5);
        QVERIFY2(r.at(1).atMs - r.at(0).atMs < 1500, qPrintable(QString::number(r.at(1).atMs)));
        // The bucket fills from the first request on: the third can go two seconds after it,
        // each later one two seconds after the one before it was due.
        for (int i = 2; i < r.size(); ++i) {
            const qint64 since = r.at(i).atMs - r.at(0).atMs;
            const qint64 gap = r.at(i).atMs - r.at(i - 1).atMs;
            QVERIFY2(since >= (i - 1) * 2000 - 30 && gap < 4500,
                     qPrintable(QStringLiteral("request %1 %2 ms after the first, %3 ms after "
                                               "the one before")
                                    .arg(i)
                                    .arg(since)
                                    .arg(gap)));
        }
        QCOMPARE(terminateAndWait(p), 0);
    }

    void aPageTheDatabaseDidNotTakeIsFetchedAgain()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        for (int i = 1; i <= 3; ++i)
            fake.add("\"o-" + QByteArray::number(i) + '"', (10 - i) * 60000);
        // Another session holds the events table: poll_store waits for it and runs into the
        // poller's statement timeout, as it would into a database that went away. (poll_open
        // does not touch the events, so the source opens.)
        PgSession locker(m_db.conninfo());
        QVERIFY_SQL(locker.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(locker.exec(QStringLiteral("LOCK TABLE inbox.events IN SHARE MODE")));
        PollerProcess p(poller(), fake.port(), "interval = 600\n", "statement_timeout_ms = 300\n");
        p.start();
        QVERIFY2(p.waitForLog("a page of 2 items is not stored, it will be fetched again"),
                 p.log().constData());
        QVERIFY(QTest::qWaitFor([&] { return fake.handler.requests.size() >= 2; }, 10000));
        QVERIFY_SQL(locker.exec(QStringLiteral("ROLLBACK")));
        // Pages [1, 2], [2, 3], [3]: each re-reads the last item of the one before.
        QVERIFY2(
            waitFor(shop("polls || '/' || new_events || '/' || repeats"), QStringLiteral("1/3/2")),
            p.log().constData());
        // Every failed try asked for the first page again: the cursor never moved past it.
        // While a page is stored the next one is read ahead (offset 1); when the store fails,
        // that one is dropped and the next try starts at offset 0 again.
        QStringList offsets;
        for (const WebhookHandler::Request &q : fake.handler.requests)
            offsets.append(QString::number(
                QJsonDocument::fromJson(q.body).object().value(QLatin1String("offset")).toInt()));
        const QString sequence = offsets.join(QLatin1Char(','));
        QVERIFY2(sequence.endsWith(QLatin1String("0,1,2")), qPrintable(sequence));
        QVERIFY2(offsets.count(QStringLiteral("0")) >= 2, qPrintable(sequence));
        // At least one page read ahead of a failed store was dropped and asked for again.
        QVERIFY2(offsets.count(QStringLiteral("1")) >= 2, qPrintable(sequence));
        QVERIFY2(offsets.indexOf(QStringLiteral("2")) == offsets.size() - 1, qPrintable(sequence));
        for (int i = 0; i < offsets.size(); ++i) {
            if (offsets.at(i) == QLatin1String("1"))
                QVERIFY2(i > 0 && offsets.at(i - 1) == QLatin1String("0"), qPrintable(sequence));
        }
        QCOMPARE(one(su, QStringLiteral("SELECT count(DISTINCT external_id) || '/' || count(*) "
                                        "FROM inbox.events WHERE source = 'shop'")),
                 QStringLiteral("3/3"));
        const QByteArray metrics = p.get("/metrics");
        QVERIFY2(metrics.contains("inbox_poller_errors_total{source=\"shop\",kind=\"database\"}"),
                 metrics.constData());
        QCOMPARE(terminateAndWait(p), 0);
    }

    void tenThousandOrdersInOnePoll()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        for (int i = 0; i < 10000; ++i)
            fake.add("\"order-" + QByteArray::number(i) + '"', 1000 + (10000 - i) * 100);
        PollerProcess p(poller(), fake.port(), "interval = 600\npage_size = 1000\n");
        QVERIFY2(startAndWaitFor(p, shop("polls || '/' || new_events"), QStringLiteral("1/10000"),
                                 120000),
                 p.log().constData());
        // The figure is 2 s on this machine; the bound here only catches a collapse
        // (the test machine is shared), the figure itself is printed.
        const qint64 ms = oneInt(su, shop("last_duration_ms"));
        const qint64 wall = fake.handler.requests.last().atMs - fake.handler.requests.first().atMs;
        qInfo("10,000 orders in %d requests of 1,000: %lld ms from the first page stored to the "
              "last, %lld ms from the first request to the last",
              int(fake.handler.requests.size()), ms, wall);
        QVERIFY2(ms < 20000, qPrintable(QString::number(ms)));
        QCOMPARE(oneInt(su, shop("last_repeats")), qint64(10));
        QCOMPARE(terminateAndWait(p), 0);
    }

    void checkConfigNamesEveryErrorAndExits2()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("bad.conf")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[poller]\ndatabase = dbname=inbox\nspeed = 3\n[source shop]\nadapter = ebay\n");
        f.close();
        QProcess check;
        check.start(QStringLiteral(INBOX_POLLER_BIN),
                    {QStringLiteral("--check-config"), f.fileName()});
        QVERIFY(check.waitForFinished(20000));
        QCOMPARE(check.exitCode(), 2);
        const QByteArray err = check.readAllStandardError();
        QVERIFY2(err.contains(f.fileName().toUtf8() + ":3: unknown key \"speed\" in [poller]"),
                 err.constData());
        QVERIFY2(err.contains(f.fileName().toUtf8() + ":5: unknown adapter \"ebay\""),
                 err.constData());
    }

    void anOlderSchemaIsRefused()
    {
        PgSession su(m_db.conninfo());
        QVERIFY_SQL(
            su.exec(QStringLiteral("DELETE FROM inbox.schema_version WHERE version >= 29")));
        FakeShop fake;
        QVERIFY(fake.listen());
        PollerProcess p(poller(), fake.port());
        p.start();
        QCOMPARE(p.wait(), 1);
        QVERIFY2(p.log().contains("the database schema is version 28, this inbox-poller needs at "
                                  "least 29"),
                 p.log().constData());
        QCOMPARE(fake.handler.requests.size(), 0);
    }

    void anAnswerItCannotReadStoresNothing()
    {
        PgSession su(m_db.conninfo());
        FakeShop fake;
        QVERIFY(fake.listen());
        fake.add("\"o-1\"", 60000);
        fake.forced = [](int n) {
            return n == 0 ? WebhookHandler::Answer{200, "{\"result\": {}}", {}}
                          : WebhookHandler::Answer{-1, {}, {}};
        };
        PollerProcess p(poller(), fake.port(), "interval = 600\n");
        QVERIFY2(startAndWaitFor(p, shop("polls || '/' || new_events"), QStringLiteral("1/1")),
                 p.log().constData());
        QCOMPARE(one(su, QStringLiteral("SELECT detail->>'error' FROM inbox.journal "
                                        "WHERE entry = 'poll_failing'")),
                 QStringLiteral("the answer cannot be read: the answer has no result.items"));
        QCOMPARE(terminateAndWait(p), 0);
    }
};

QTEST_GUILESS_MAIN(TestPoller)
#include "tst_poller.moc"
