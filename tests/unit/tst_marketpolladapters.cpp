// inbox-poller's marketplace adapters on recorded answers shaped like the real APIs (no
// network, no database): Ozon's FBS postings list (the request, one event per posting and
// status, a fingerprint of the stable fields, keyset paging by in_process_at with its offset
// fallback inside one instant) and Wildberries' orders list (the request, ids past 2^64 / 2
// kept digit for digit, the next cursor as text, the last page, the 30-day window).
#include "makeadapter.h"
#include "polladapter.h"
#include "pollwindow.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrlQuery>
#include <QtTest>

using namespace inbox::poll;

namespace {

const QDateTime kNow =
    QDateTime::fromString(QStringLiteral("2026-12-04T10:00:00.000Z"), Qt::ISODateWithMs);

std::unique_ptr<PollAdapter> adapter(const QString &name, const AdapterSettings &settings,
                                     QList<SettingProblem> *problems = nullptr)
{
    QList<SettingProblem> local;
    return makeAdapter(name, settings, problems ? problems : &local);
}

AdapterSettings ozonSettings()
{
    AdapterSettings s;
    s.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:9"));
    s.secrets.insert(QStringLiteral("client_id"), "123456");
    s.secrets.insert(QStringLiteral("api_key"), "key-1");
    s.pageSize = 3;
    return s;
}

QJsonObject posting(const QString &number, const QString &status, const QString &at,
                    int quantity = 1, const QString &tracking = QString())
{
    return QJsonObject{
        {QStringLiteral("posting_number"), number},
        {QStringLiteral("order_id"), 777},
        {QStringLiteral("status"), status},
        {QStringLiteral("in_process_at"), at},
        {QStringLiteral("tracking_number"), tracking},
        {QStringLiteral("products"),
         QJsonArray{QJsonObject{{QStringLiteral("sku"), 1001},
                                {QStringLiteral("offer_id"), QStringLiteral("A-1")},
                                {QStringLiteral("quantity"), quantity},
                                {QStringLiteral("price"), QStringLiteral("990.00")}}}}};
}

QByteArray ozonAnswer(const QJsonArray &postings, bool hasNext)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("result"),
                                      QJsonObject{{QStringLiteral("postings"), postings},
                                                  {QStringLiteral("has_next"), hasNext}}}})
        .toJson();
}

QJsonObject bodyOf(const PollRequest &r)
{
    return QJsonDocument::fromJson(r.body).object();
}

AdapterSettings wbSettings()
{
    AdapterSettings s;
    s.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:9"));
    s.secrets.insert(QStringLiteral("token"), "wb-token");
    s.pageSize = 2;
    return s;
}

} // namespace

class TestMarketPollAdapters : public QObject
{
    Q_OBJECT

private slots:
    void ozonRequestIsTheFbsListOfTheWindow()
    {
        const auto a = adapter(QStringLiteral("ozon"), ozonSettings());
        QVERIFY(a);
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        QCOMPARE(r.method, QByteArray("POST"));
        QCOMPARE(r.url.toString(), QStringLiteral("http://127.0.0.1:9/v3/posting/fbs/list"));
        QVERIFY(r.headers.contains({"Client-Id", "123456"}));
        QVERIFY(r.headers.contains({"Api-Key", "key-1"}));
        const QJsonObject body = bodyOf(r);
        QCOMPARE(body.value(QLatin1String("dir")).toString(), QStringLiteral("ASC"));
        QCOMPARE(body.value(QLatin1String("limit")).toInt(), 3);
        QCOMPARE(body.value(QLatin1String("offset")).toInt(), 0);
        const QJsonObject filter = body.value(QLatin1String("filter")).toObject();
        QCOMPARE(filter.value(QLatin1String("since")).toString(),
                 QStringLiteral("2026-12-04T09:30:00.000Z"));
        QCOMPARE(filter.value(QLatin1String("to")).toString(),
                 QStringLiteral("2026-12-04T10:00:00.000Z"));
    }

    void ozonEachStatusIsAnEventAndVolatileFieldsAreNoConflict()
    {
        const auto a = adapter(QStringLiteral("ozon"), ozonSettings());
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        const PolledPage p = a->readPage(
            r.requestCursor,
            ozonAnswer({posting(QStringLiteral("1-1"), QStringLiteral("awaiting_packaging"),
                                QStringLiteral("2026-12-04T09:40:00Z")),
                        posting(QStringLiteral("1-1"), QStringLiteral("delivering"),
                                QStringLiteral("2026-12-04T09:40:00Z"), 1, QStringLiteral("T1")),
                        posting(QStringLiteral("1-1"), QStringLiteral("delivering"),
                                QStringLiteral("2026-12-04T09:40:00Z"), 1, QStringLiteral("T2")),
                        posting(QStringLiteral("1-1"), QStringLiteral("delivering"),
                                QStringLiteral("2026-12-04T09:40:00Z"), 2, QStringLiteral("T2"))},
                       false));
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QCOMPARE(p.items.size(), 4);
        QCOMPARE(p.items.at(0).externalId, QStringLiteral("1-1/awaiting_packaging"));
        QCOMPARE(p.items.at(1).externalId, QStringLiteral("1-1/delivering"));
        QCOMPARE(p.items.at(1).kind, QStringLiteral("ozon.posting.delivering"));
        QCOMPARE(p.items.at(1).occurredAt,
                 QDateTime::fromString(QStringLiteral("2026-12-04T09:40:00Z"), Qt::ISODate));
        // Another tracking number under the same status: the same fingerprint (a repeat) ...
        QCOMPARE(p.items.at(1).fingerprint, p.items.at(2).fingerprint);
        // ... another quantity: a different one (a conflict, kept for review).
        QVERIFY(p.items.at(2).fingerprint != p.items.at(3).fingerprint);
        QVERIFY(p.items.at(0).fingerprint != p.items.at(1).fingerprint);
        QVERIFY(p.pollDone);
        QCOMPARE(p.windowEnd, kNow);
        QCOMPARE(p.cursor.value(QLatin1String("polled_to")).toString(), isoTime(kNow));
        // The posting is watched in the last status listed; the first poll counts as a sweep.
        QCOMPARE(p.cursor.value(QLatin1String("watch")).toObject(),
                 (QJsonObject{{QStringLiteral("1-1"),
                               QJsonArray{double(kNow.addSecs(-1200).toSecsSinceEpoch()),
                                          QStringLiteral("delivering")}}}));
        QCOMPARE(p.cursor.value(QLatin1String("swept_at")).toString(), isoTime(kNow));
    }

    void ozonSweepStoresOnlyChangesOfWatchedPostings()
    {
        const auto a = adapter(QStringLiteral("ozon"), ozonSettings());
        const double day = double(kNow.addDays(-1).toSecsSinceEpoch());
        const QJsonObject cursor{
            {QStringLiteral("polled_to"), isoTime(kNow.addSecs(-600))},
            {QStringLiteral("swept_at"), isoTime(kNow.addSecs(-3600))},
            {QStringLiteral("watch"),
             QJsonObject{
                 {QStringLiteral("A-1"), QJsonArray{day, QStringLiteral("awaiting_packaging")}},
                 {QStringLiteral("B-1"), QJsonArray{day, QStringLiteral("delivering")}},
                 {QStringLiteral("D-1"), QJsonArray{day, QStringLiteral("delivering")}}}}};
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest(cursor, kNow, &r, &error));
        // The regular window has nothing new; an hour since the last sweep: one is due.
        PolledPage p = a->readPage(r.requestCursor, ozonAnswer({}, false));
        QVERIFY(!p.pollDone);
        QCOMPARE(p.cursor.value(QLatin1String("phase")).toString(), QStringLiteral("sweep"));
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(1), &r, &error));
        QJsonObject filter = bodyOf(r).value(QLatin1String("filter")).toObject();
        QCOMPARE(filter.value(QLatin1String("since")).toString(), isoTime(kNow.addDays(-30)));
        QCOMPARE(filter.value(QLatin1String("to")).toString(), isoTime(kNow));
        const QString at = isoTime(kNow.addDays(-1));
        // Two pages: the sweep pages like a window, by time.
        p = a->readPage(
            r.requestCursor,
            ozonAnswer({posting(QStringLiteral("A-1"), QStringLiteral("awaiting_deliver"), at),
                        posting(QStringLiteral("B-1"), QStringLiteral("delivering"), at),
                        posting(QStringLiteral("C-1"), QStringLiteral("delivered"), at)},
                       true));
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        // A changed: an event. B did not; C is not watched (final and stored long ago).
        QCOMPARE(p.items.size(), 1);
        QCOMPARE(p.items.at(0).externalId, QStringLiteral("A-1/awaiting_deliver"));
        QVERIFY(!p.pollDone);
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(2), &r, &error));
        QCOMPARE(bodyOf(r).value(QLatin1String("filter")).toObject().value(QLatin1String("since")),
                 QJsonValue(at));
        p = a->readPage(r.requestCursor,
                        ozonAnswer({posting(QStringLiteral("D-1"), QStringLiteral("delivered"),
                                            isoTime(kNow.addSecs(-7200)))},
                                   false));
        QCOMPARE(p.items.size(), 1);
        QCOMPARE(p.items.at(0).externalId, QStringLiteral("D-1/delivered"));
        QVERIFY(p.pollDone);
        QCOMPARE(p.windowEnd, kNow);
        // D is final: no longer watched. A is, in its new status. The sweep is recorded.
        const QJsonObject watch = p.cursor.value(QLatin1String("watch")).toObject();
        QCOMPARE(watch.keys(), QStringList({QStringLiteral("A-1"), QStringLiteral("B-1")}));
        QCOMPARE(watch.value(QLatin1String("A-1")).toArray().at(1).toString(),
                 QStringLiteral("awaiting_deliver"));
        QCOMPARE(p.cursor.value(QLatin1String("swept_at")).toString(), isoTime(kNow));

        // Ten minutes later: no sweep due, the window alone ends the poll.
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(600), &r, &error));
        p = a->readPage(r.requestCursor, ozonAnswer({}, false));
        QVERIFY(p.pollDone);
        QCOMPARE(p.cursor.value(QLatin1String("swept_at")).toString(), isoTime(kNow));

        // statuses = off: no watch, no sweep.
        AdapterSettings off = ozonSettings();
        off.options.insert(QStringLiteral("statuses"), QStringLiteral("off"));
        const auto plain = adapter(QStringLiteral("ozon"), off);
        QVERIFY(plain->nextRequest(cursor, kNow, &r, &error));
        p = plain->readPage(r.requestCursor, ozonAnswer({}, false));
        QVERIFY(p.pollDone);
        QCOMPARE(p.cursor, finishedCursor({kNow.addSecs(-1800), kNow}));
        QList<SettingProblem> problems;
        off.options.insert(QStringLiteral("status_every"), QStringLiteral("60"));
        QVERIFY(!adapter(QStringLiteral("ozon"), off, &problems));
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems.at(0).key, QStringLiteral("status_every"));
    }

    void ozonPagesByTimeNotByOffset()
    {
        const auto a = adapter(QStringLiteral("ozon"), ozonSettings());
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        PolledPage p = a->readPage(
            r.requestCursor, ozonAnswer({posting(QStringLiteral("1"), QStringLiteral("delivered"),
                                                 QStringLiteral("2026-12-04T09:31:00Z")),
                                         posting(QStringLiteral("2"), QStringLiteral("delivered"),
                                                 QStringLiteral("2026-12-04T09:32:00Z")),
                                         posting(QStringLiteral("3"), QStringLiteral("delivered"),
                                                 QStringLiteral("2026-12-04T09:33:00.250Z"))},
                                        true));
        QVERIFY(!p.pollDone);
        // The next page starts at the last posting's time, offset 0, in the same window.
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(90), &r, &error));
        QJsonObject filter = bodyOf(r).value(QLatin1String("filter")).toObject();
        QCOMPARE(filter.value(QLatin1String("since")).toString(),
                 QStringLiteral("2026-12-04T09:33:00.250Z"));
        QCOMPARE(filter.value(QLatin1String("to")).toString(),
                 QStringLiteral("2026-12-04T10:00:00.000Z"));
        QCOMPARE(bodyOf(r).value(QLatin1String("offset")).toInt(), 0);

        // A page all at one instant: the next goes on by offset within it, never the same
        // page again.
        const QString instant = QStringLiteral("2026-12-04T09:33:00.250Z");
        p = a->readPage(
            r.requestCursor,
            ozonAnswer({posting(QStringLiteral("3"), QStringLiteral("delivered"), instant),
                        posting(QStringLiteral("4"), QStringLiteral("delivered"), instant),
                        posting(QStringLiteral("5"), QStringLiteral("delivered"), instant)},
                       true));
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(91), &r, &error));
        filter = bodyOf(r).value(QLatin1String("filter")).toObject();
        QCOMPARE(filter.value(QLatin1String("since")).toString(), instant);
        QCOMPARE(bodyOf(r).value(QLatin1String("offset")).toInt(), 3);
        // The page after that moves past the instant: back to offset 0 at its last time.
        p = a->readPage(
            r.requestCursor,
            ozonAnswer({posting(QStringLiteral("6"), QStringLiteral("delivered"), instant),
                        posting(QStringLiteral("7"), QStringLiteral("delivered"),
                                QStringLiteral("2026-12-04T09:50:00Z")),
                        posting(QStringLiteral("8"), QStringLiteral("delivered"),
                                QStringLiteral("2026-12-04T09:51:00Z"))},
                       true));
        QCOMPARE(p.cursor.value(QLatin1String("page_since")).toString(),
                 QStringLiteral("2026-12-04T09:51:00.000Z"));
        QCOMPARE(p.cursor.value(QLatin1String("offset")).toInt(), 0);
    }

    void ozonRefusesWhatItCannotRead()
    {
        const auto a = adapter(QStringLiteral("ozon"), ozonSettings());
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        QCOMPARE(a->readPage(r.requestCursor, "{\"result\":{}}").error,
                 QStringLiteral("the answer has no result.postings array"));
        const PolledPage noStatus = a->readPage(
            r.requestCursor, "{\"result\":{\"postings\":[{\"posting_number\":\"1\"}]}}");
        QCOMPARE(noStatus.error, QStringLiteral("posting 1 of the page has no posting_number or "
                                                "status"));
        QVERIFY(noStatus.items.isEmpty());
        // A cursor whose page start lies outside its window.
        QJsonObject bad = withWindow({}, {kNow.addSecs(-60), kNow});
        bad.insert(QLatin1String("page_since"), QStringLiteral("2020-01-01T00:00:00.000Z"));
        bad.insert(QLatin1String("offset"), 0);
        QVERIFY(!a->nextRequest(bad, kNow, &r, &error));
        AdapterSettings s;
        QList<SettingProblem> problems;
        QVERIFY(!adapter(QStringLiteral("ozon"), s, &problems));
        QCOMPARE(problems.size(), 2);
        QCOMPARE(problems.at(0).key, QStringLiteral("client_id_file"));
        QCOMPARE(problems.at(1).key, QStringLiteral("api_key_file"));
    }

    void wbRequestAndBigIdsKeptDigitForDigit()
    {
        const auto a = adapter(QStringLiteral("wb"), wbSettings());
        QVERIFY(a);
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        QCOMPARE(r.method, QByteArray("GET"));
        QCOMPARE(r.url.path(), QStringLiteral("/api/v3/orders"));
        QUrlQuery q(r.url);
        QCOMPARE(q.queryItemValue(QStringLiteral("limit")), QStringLiteral("2"));
        QCOMPARE(q.queryItemValue(QStringLiteral("next")), QStringLiteral("0"));
        QCOMPARE(q.queryItemValue(QStringLiteral("dateFrom")),
                 QString::number(kNow.toSecsSinceEpoch() - 1800));
        QCOMPARE(q.queryItemValue(QStringLiteral("dateTo")),
                 QString::number(kNow.toSecsSinceEpoch()));
        QVERIFY(r.headers.contains({"Authorization", "wb-token"}));

        const QByteArray answer =
            "{\"next\": 12345678901234567891, \"orders\": [\n"
            " {\"id\": 12345678901234567890, \"rid\": \"r1\", \"createdAt\": "
            "\"2026-12-04T09:45:00Z\", \"article\": \"A\", \"nmId\": 5, \"price\": 100},\n"
            " {\"id\": 12345678901234567891, \"rid\": \"r2\", \"createdAt\": "
            "\"2026-12-04T09:46:00Z\", \"article\": \"B\", \"nmId\": 6, \"price\": 200}]}";
        PolledPage p = a->readPage(r.requestCursor, answer);
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QCOMPARE(p.items.size(), 2);
        QCOMPARE(p.items.at(0).externalId, QStringLiteral("12345678901234567890"));
        QVERIFY(p.items.at(0).body.startsWith("{\"id\":12345678901234567890,"));
        QCOMPARE(p.items.at(0).kind, QStringLiteral("wb.order"));
        QCOMPARE(p.items.at(0).occurredAt,
                 QDateTime::fromString(QStringLiteral("2026-12-04T09:45:00Z"), Qt::ISODate));
        QVERIFY(!p.pollDone);
        QCOMPARE(p.cursor.value(QLatin1String("next")).toString(),
                 QStringLiteral("12345678901234567891"));
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(5), &r, &error));
        q = QUrlQuery(r.url);
        QCOMPARE(q.queryItemValue(QStringLiteral("next")), QStringLiteral("12345678901234567891"));
        QCOMPARE(q.queryItemValue(QStringLiteral("dateTo")),
                 QString::number(kNow.toSecsSinceEpoch())); // the same window
        // A full page that gives back the cursor it was asked with is refused, not repeated.
        const PolledPage stuck = a->readPage(r.requestCursor, answer);
        QCOMPARE(stuck.error, QStringLiteral("a full page whose next cursor did not move "
                                             "(12345678901234567891)"));
        QVERIFY(stuck.items.isEmpty());
        // A short page is the list's last; the poll goes on with the statuses of the orders
        // it listed, each watched under its exact id since it was seen.
        p = a->readPage(r.requestCursor, "{\"next\": 12345678901234567891, \"orders\": []}");
        QVERIFY(!p.pollDone);
        QCOMPARE(p.cursor.value(QLatin1String("phase")).toString(), QStringLiteral("status"));
        QCOMPARE(p.cursor.value(QLatin1String("watch")).toObject().keys(),
                 QStringList({QStringLiteral("12345678901234567890"),
                              QStringLiteral("12345678901234567891")}));
        // Without statuses the short page ends the poll.
        AdapterSettings off = wbSettings();
        off.options.insert(QStringLiteral("statuses"), QStringLiteral("off"));
        const auto plain = adapter(QStringLiteral("wb"), off);
        QVERIFY(plain->nextRequest({}, kNow, &r, &error));
        p = plain->readPage(r.requestCursor, answer.left(answer.indexOf(",\n")) + "]}");
        QCOMPARE(p.items.size(), 1);
        QVERIFY(p.pollDone);
        QCOMPARE(p.windowEnd, kNow);
        QVERIFY(!p.cursor.contains(QLatin1String("watch")));
    }

    void wbStatusesAreEventsOfTheirOwnAskedInBatches()
    {
        const auto a = adapter(QStringLiteral("wb"), wbSettings()); // batches of 2 ids
        const QString big = QStringLiteral("12345678901234567890");
        const qint64 nowS = kNow.toSecsSinceEpoch();
        QJsonObject watch{
            {big, QJsonArray{double(nowS - 600), QString()}},
            {QStringLiteral("901"), QJsonArray{double(nowS - 900), QStringLiteral("new/waiting")}},
            {QStringLiteral("77"), QJsonArray{double(nowS - 60), QString()}}};
        QJsonObject cursor{{QStringLiteral("since"), isoTime(kNow.addSecs(-1800))},
                           {QStringLiteral("to"), isoTime(kNow)},
                           {QStringLiteral("phase"), QStringLiteral("status")},
                           {QStringLiteral("watch"), watch}};
        PollRequest r;
        QString error;
        QVERIFY2(a->nextRequest(cursor, kNow.addSecs(3), &r, &error), qPrintable(error));
        QCOMPARE(r.method, QByteArray("POST"));
        QCOMPARE(r.url.path(), QStringLiteral("/api/v3/orders/status"));
        QVERIFY(r.headers.contains({"Authorization", "wb-token"}));
        // In id order, digit for digit: 77 and 901 first, the id past 2^63 in the next batch.
        QCOMPARE(r.body, QByteArray("{\"orders\":[77,901]}"));
        PolledPage p = a->readPage(
            r.requestCursor,
            "{\"orders\":[{\"id\":901,\"supplierStatus\":\"new\",\"wbStatus\":\"waiting\"},"
            "{\"id\":77,\"supplierStatus\":\"cancel\",\"wbStatus\":\"canceled\"}]}");
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        // 901 still "new/waiting": no event. 77 is cancelled: an event, and no longer watched.
        QCOMPARE(p.items.size(), 1);
        QCOMPARE(p.items.at(0).externalId, QStringLiteral("77/cancel/canceled"));
        QCOMPARE(p.items.at(0).kind, QStringLiteral("wb.order.status"));
        QCOMPARE(p.items.at(0).body,
                 QByteArray("{\"id\":77,\"supplierStatus\":\"cancel\",\"wbStatus\":"
                            "\"canceled\"}"));
        QVERIFY(!p.pollDone);
        QCOMPARE(p.cursor.value(QLatin1String("after")).toString(), QStringLiteral("901"));
        QVERIFY(!p.cursor.value(QLatin1String("watch")).toObject().contains(QLatin1String("77")));

        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(4), &r, &error));
        QCOMPARE(r.body, "{\"orders\":[" + big.toLatin1() + "]}");
        // An id that was not asked about is refused, not stored.
        QVERIFY(a->readPage(r.requestCursor, "{\"orders\":[{\"id\":901,\"supplierStatus\":\"new\","
                                             "\"wbStatus\":\"waiting\"}]}")
                    .error.contains(QLatin1String("not asked about")));
        QVERIFY(a->readPage(r.requestCursor, "{\"orders\":[{\"id\":" + big.toLatin1() +
                                                 ",\"supplierStatus\":\"new\"}]}")
                    .error.contains(QLatin1String("not two plain words")));
        p = a->readPage(r.requestCursor, "{\"orders\":[{\"id\":" + big.toLatin1() +
                                             ",\"supplierStatus\":\"confirm\",\"wbStatus\":"
                                             "\"waiting\"}]}");
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QCOMPARE(p.items.size(), 1);
        QCOMPARE(p.items.at(0).externalId, big + QStringLiteral("/confirm/waiting"));
        // The last batch ends the poll; the watch stays for the next one, with what was stored.
        QVERIFY(p.pollDone);
        QCOMPARE(p.windowEnd, kNow);
        const QJsonObject kept = p.cursor.value(QLatin1String("watch")).toObject();
        QCOMPARE(kept.value(big).toArray().at(1).toString(), QStringLiteral("confirm/waiting"));
        QCOMPARE(kept.size(), 2);
        QCOMPARE(p.cursor.value(QLatin1String("polled_to")).toString(), isoTime(kNow));

        // The next poll lists nothing new, asks again, and a status already stored is no event.
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(600), &r, &error));
        QCOMPARE(r.method, QByteArray("GET"));
        p = a->readPage(r.requestCursor, "{\"next\":0,\"orders\":[]}");
        QVERIFY(!p.pollDone);
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(601), &r, &error));
        p = a->readPage(r.requestCursor,
                        "{\"orders\":[{\"id\":901,\"supplierStatus\":\"new\",\"wbStatus\":"
                        "\"waiting\"}]}");
        QVERIFY(p.items.isEmpty());
    }

    void wbWatchForgetsOrdersOlderThanStatusDays()
    {
        AdapterSettings s = wbSettings();
        s.options.insert(QStringLiteral("status_days"), QStringLiteral("2"));
        const auto a = adapter(QStringLiteral("wb"), s);
        const qint64 nowS = kNow.toSecsSinceEpoch();
        const QJsonObject watch{
            {QStringLiteral("5"), QJsonArray{double(nowS - 3 * 86400), QStringLiteral("a/b")}},
            {QStringLiteral("6"), QJsonArray{double(nowS - 86400), QStringLiteral("a/b")}}};
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest(QJsonObject{{QStringLiteral("since"), isoTime(kNow.addSecs(-60))},
                                           {QStringLiteral("to"), isoTime(kNow)},
                                           {QStringLiteral("phase"), QStringLiteral("status")},
                                           {QStringLiteral("watch"), watch}},
                               kNow, &r, &error));
        const PolledPage p = a->readPage(r.requestCursor, "{\"orders\":[]}");
        QVERIFY(p.pollDone);
        QCOMPARE(p.cursor.value(QLatin1String("watch")).toObject().keys(),
                 QStringList({QStringLiteral("6")}));
        // A watch it cannot read is an error, never a silent restart.
        QVERIFY(!a->nextRequest(QJsonObject{{QStringLiteral("polled_to"), isoTime(kNow)},
                                            {QStringLiteral("watch"),
                                             QJsonObject{{QStringLiteral("x1"), QJsonArray{}}}}},
                                kNow, &r, &error));
        QVERIFY(error.contains(QLatin1String("watch")));
    }

    void wbWindowIsAtMostThirtyDaysAndSettingsAreChecked()
    {
        const auto a = adapter(QStringLiteral("wb"), wbSettings());
        PollRequest r;
        QString error;
        const QJsonObject old{{QStringLiteral("polled_to"), isoTime(kNow.addDays(-45))}};
        QVERIFY(a->nextRequest(old, kNow, &r, &error));
        const QUrlQuery q(r.url);
        const qint64 from = q.queryItemValue(QStringLiteral("dateFrom")).toLongLong();
        const qint64 to = q.queryItemValue(QStringLiteral("dateTo")).toLongLong();
        QCOMPARE(to - from, qint64(30) * 24 * 3600);
        QVERIFY(!a->nextRequest(QJsonObject{{QStringLiteral("since"), isoTime(kNow)},
                                            {QStringLiteral("to"), isoTime(kNow)},
                                            {QStringLiteral("next"), QStringLiteral("1e9")}},
                                kNow, &r, &error));
        QList<SettingProblem> problems;
        QVERIFY(!adapter(QStringLiteral("wb"), AdapterSettings(), &problems));
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems.at(0).key, QStringLiteral("token_file"));
        QVERIFY(!problems.at(0).message.contains(QLatin1String("wb-token")));
        AdapterSettings bad = wbSettings();
        bad.options.insert(QStringLiteral("statuses"), QStringLiteral("yes"));
        bad.options.insert(QStringLiteral("status_days"), QStringLiteral("91"));
        problems.clear();
        QVERIFY(!adapter(QStringLiteral("wb"), bad, &problems));
        QCOMPARE(problems.size(), 2);
        QCOMPARE(problems.at(0).key, QStringLiteral("statuses"));
        QCOMPARE(problems.at(1).key, QStringLiteral("status_days"));
    }
};

QTEST_GUILESS_MAIN(TestMarketPollAdapters)
#include "tst_marketpolladapters.moc"
