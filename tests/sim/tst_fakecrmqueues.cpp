// The simulator's CRM queues (Bitrix24 offline events, amoCRM events API) called directly, and
// inbox-poller's real amoCRM and Bitrix24 adapters reading them for hours of fake time with
// crashes thrown in: every event the fakes made is read, none is cleared unread, and the
// overlap catches amoCRM's late events. The "inbox" here is a set of keys standing in for
// accept_many (tst_poll tests the real one); the point is the adapters' paging and clearing.
#include "fakecrmqueues.h"
#include "polladapter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QtTest>

using namespace inbox;

namespace {

const QDateTime kStart = QDateTime::fromString(QStringLiteral("2026-12-04T08:00:00Z"), Qt::ISODate);

sim::FakeCrmQueues::Options quietOptions()
{
    sim::FakeCrmQueues::Options o;
    o.eventsPerMinute = 6;
    return o;
}

QByteArray bitrixBody(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonArray eventsOf(const sim::FakeAnswer &a)
{
    return QJsonDocument::fromJson(a.body)
        .object()
        .value(QLatin1String("result"))
        .toObject()
        .value(QLatin1String("events"))
        .toArray();
}

// Serves one adapter request from the fake, as the poller's HTTP client would.
sim::FakeAnswer serve(sim::FakeCrmQueues &fake, const poll::PollRequest &r, const QDateTime &now)
{
    QByteArray authorization;
    for (const auto &[name, value] : r.headers) {
        if (name == "Authorization")
            authorization = value;
    }
    sim::FakeAnswer answer;
    if (!fake.handle(r.method, r.url.path(), QUrlQuery(r.url), authorization, r.body, now, &answer))
        answer.status = 404;
    return answer;
}

} // namespace

class TestFakeCrmQueues : public QObject
{
    Q_OBJECT

private slots:
    void bitrixHandsOutToOneProcessUntilCleared()
    {
        sim::FakeCrmQueues fake(quietOptions(), 1, kStart);
        const QDateTime now = kStart.addSecs(600);
        const QString get = QStringLiteral("/rest/1/demo-code/event.offline.get.json");
        sim::FakeAnswer a;
        QVERIFY(fake.handle("POST", get, {}, {},
                            bitrixBody({{QStringLiteral("clear"), 0},
                                        {QStringLiteral("process_id"), QStringLiteral("p1")},
                                        {QStringLiteral("limit"), 20}}),
                            now, &a));
        QCOMPARE(a.status, 200);
        const QJsonArray first = eventsOf(a);
        QCOMPARE(first.size(), 20);
        // Another process gets the next records, never p1's.
        QVERIFY(fake.handle("POST", get, {}, {},
                            bitrixBody({{QStringLiteral("clear"), 0},
                                        {QStringLiteral("process_id"), QStringLiteral("p2")},
                                        {QStringLiteral("limit"), 5}}),
                            now, &a));
        const QJsonArray other = eventsOf(a);
        QCOMPARE(other.first().toObject().value(QLatin1String("ID")).toString().toLongLong(),
                 first.last().toObject().value(QLatin1String("ID")).toString().toLongLong() + 1);
        // p1 asking again (after a crash) gets its own records again.
        QVERIFY(fake.handle("POST", get, {}, {},
                            bitrixBody({{QStringLiteral("clear"), 0},
                                        {QStringLiteral("process_id"), QStringLiteral("p1")},
                                        {QStringLiteral("limit"), 20}}),
                            now, &a));
        QCOMPARE(eventsOf(a), first);
        // Clearing p1's records; clearing p2's as p1 counts as a loss the self-check reports.
        QJsonArray ids;
        for (const QJsonValue &e : first)
            ids.append(e.toObject().value(QLatin1String("ID")));
        const int pending = fake.pendingBitrix();
        QVERIFY(fake.handle("POST", QStringLiteral("/rest/1/demo-code/event.offline.clear.json"),
                            {}, {},
                            bitrixBody({{QStringLiteral("process_id"), QStringLiteral("p1")},
                                        {QStringLiteral("id"), ids}}),
                            now, &a));
        QCOMPARE(fake.pendingBitrix(), pending - 20);
        QCOMPARE(fake.clearedUnseen(), 0);
        QVERIFY(fake.handle(
            "POST", QStringLiteral("/rest/1/demo-code/event.offline.clear.json"), {}, {},
            bitrixBody({{QStringLiteral("process_id"), QStringLiteral("p1")},
                        {QStringLiteral("id"),
                         QJsonArray{other.first().toObject().value(QLatin1String("ID"))}}}),
            now, &a));
        QCOMPARE(fake.clearedUnseen(), 1);
    }

    void credentialsAndRateLimits()
    {
        sim::FakeCrmQueues fake(quietOptions(), 1, kStart);
        sim::FakeAnswer a;
        QVERIFY(fake.handle("POST", QStringLiteral("/rest/1/wrong/event.offline.get.json"), {}, {},
                            "{}", kStart, &a));
        QCOMPARE(a.status, 401);
        QVERIFY(a.body.contains("INVALID_CREDENTIALS"));
        QVERIFY(fake.handle("GET", QStringLiteral("/api/v4/events"), {}, "Bearer nope", {}, kStart,
                            &a));
        QCOMPARE(a.status, 401);
        // A burst of 10 Bitrix24 calls in one instant passes, the 11th is refused as the
        // portal refuses it.
        int refused = 0;
        for (int i = 0; i < 11; ++i) {
            QVERIFY(fake.handle("POST", QStringLiteral("/rest/1/demo-code/event.offline.get.json"),
                                {}, {}, "{\"clear\":0,\"process_id\":\"p\"}", kStart, &a));
            refused += a.status == 503 && a.body.contains("QUERY_LIMIT_EXCEEDED") ? 1 : 0;
        }
        QCOMPARE(refused, 1);
        // amoCRM: 7 a second, then 429 with Retry-After.
        int tooMany = 0;
        for (int i = 0; i < 8; ++i) {
            QVERIFY(fake.handle("GET", QStringLiteral("/api/v4/events"), {},
                                "Bearer demo-amo-token", {}, kStart, &a));
            if (a.status == 429) {
                ++tooMany;
                QVERIFY(a.headers.contains({"Retry-After", "1"}));
            }
        }
        QCOMPARE(tooMany, 1);
        // Half a second later three more fit.
        QVERIFY(fake.handle("GET", QStringLiteral("/api/v4/events"), {}, "Bearer demo-amo-token",
                            {}, kStart.addMSecs(500), &a));
        QVERIFY(a.status != 429);
    }

    // Hours of fake time, the real adapters paging and clearing, a crash now and then between
    // reading a page and storing it: every key the fakes made is stored, once.
    void adaptersReadEveryEventAcrossCrashes_data()
    {
        QTest::addColumn<QString>("adapterName");
        QTest::newRow("amocrm") << QStringLiteral("amocrm");
        QTest::newRow("bitrix24") << QStringLiteral("bitrix24");
    }

    void adaptersReadEveryEventAcrossCrashes()
    {
        QFETCH(QString, adapterName);
        sim::FakeCrmQueues::Options options;
        options.eventsPerMinute = 20;
        options.lateSeconds = 300;
        options.rateLimits = false;
        sim::FakeCrmQueues fake(options, 7, kStart);

        poll::AdapterSettings settings;
        settings.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:1"));
        settings.secrets.insert(QStringLiteral("token"), "demo-amo-token");
        settings.secrets.insert(QStringLiteral("webhook_url"),
                                "http://127.0.0.1:1/rest/1/demo-code/");
        settings.options.insert(QStringLiteral("source"), QStringLiteral("crm"));
        settings.pageSize = 10; // small pages: many page boundaries
        QList<poll::SettingProblem> problems;
        const auto adapter = poll::makeAdapter(adapterName, settings, &problems);
        QVERIFY(adapter);

        QSet<QString> stored;
        int repeats = 0, requests = 0, crashes = 0, lostAnswers = 0;
        QJsonObject cursor; // what poll_store keeps
        QDateTime now = kStart;
        const QDateTime end = kStart.addSecs(3 * 3600);
        QDateTime nextPoll = now;
        while (now < end) {
            if (now < nextPoll) {
                now = nextPoll;
                continue;
            }
            poll::PollRequest r;
            QString error;
            QVERIFY2(adapter->nextRequest(cursor, now, &r, &error), qPrintable(error));
            const sim::FakeAnswer answer = serve(fake, r, now);
            ++requests;
            // One answer in 11 is lost on the way back (the fake acted on it: a get marked
            // its records, a clear cleared them), so the poller asks again.
            if (requests % 11 == 0) {
                ++lostAnswers;
                now = now.addSecs(1);
                continue;
            }
            QVERIFY2(answer.status == 200 || answer.status == 204,
                     qPrintable(QString::number(answer.status)));
            const poll::PolledPage page = adapter->readPage(r.requestCursor, answer.body);
            QVERIFY2(page.error.isEmpty(), qPrintable(page.error));
            // One request in 7 "crashes" before the page is stored: nothing of it is kept.
            if (requests % 7 == 0) {
                ++crashes;
                now = now.addSecs(1);
                continue;
            }
            for (const poll::PolledItem &item : page.items) {
                if (stored.contains(item.externalId))
                    ++repeats;
                stored.insert(item.externalId);
            }
            cursor = page.cursor;
            now = now.addMSecs(200);
            if (page.pollDone)
                nextPoll = now.addSecs(600); // the seed's "every 10 minutes"
        }
        // Every event made more than 15 minutes before the end (the last poll's interval and
        // amoCRM's lateness) is stored; the newest may still be on their way.
        const QStringList made =
            adapterName == QLatin1String("amocrm") ? fake.amoKeys() : fake.bitrixKeys();
        const int settled = int(made.size()) - 20 * 15;
        QVERIFY(settled > 3000);
        for (int i = 0; i < settled; ++i)
            QVERIFY2(stored.contains(made.at(i)), qPrintable(made.at(i) + QStringLiteral(" lost")));
        // Nothing invented, nothing cleared that the poller had not stored.
        QCOMPARE(stored - QSet<QString>(made.cbegin(), made.cend()), QSet<QString>());
        QCOMPARE(fake.clearedUnseen(), 0);
        QVERIFY(crashes > 0 && lostAnswers > 0);
        qInfo("%s: %d made, %d stored, %d repeats, %d requests, %d crashes, %d answers lost",
              qPrintable(adapterName), int(made.size()), int(stored.size()), repeats, requests,
              crashes, lostAnswers);
    }
};

QTEST_GUILESS_MAIN(TestFakeCrmQueues)
#include "tst_fakecrmqueues.moc"
