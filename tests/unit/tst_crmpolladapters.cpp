// inbox-poller's CRM adapters on recorded answers shaped like the real APIs (no network, no
// database): amoCRM's events API (the request, keys and kinds, paging inside a fixed window, a
// 204's empty answer, a resumed window) and Bitrix24's offline events (get with a fixed
// process id, then a clear of exactly the stored records, a crash between the two repeating
// only the clear, the portal's errors).
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

std::unique_ptr<PollAdapter> adapter(const QString &name, AdapterSettings settings,
                                     QList<SettingProblem> *problems = nullptr)
{
    QList<SettingProblem> local;
    return makeAdapter(name, settings, problems ? problems : &local);
}

AdapterSettings amoSettings()
{
    AdapterSettings s;
    s.baseUrl = QUrl(QStringLiteral("https://shop.amocrm.ru"));
    s.secrets.insert(QStringLiteral("token"), "tok-123");
    s.options.insert(QStringLiteral("entity"), QStringLiteral("lead"));
    s.options.insert(QStringLiteral("types"), QStringLiteral("lead_added,lead_status_changed"));
    s.pageSize = 2;
    return s;
}

QByteArray amoPage(std::initializer_list<const char *> ids, bool next)
{
    QJsonArray events;
    for (const char *id : ids)
        events.append(QJsonObject{{QStringLiteral("id"), QString::fromLatin1(id)},
                                  {QStringLiteral("type"), QStringLiteral("lead_added")},
                                  {QStringLiteral("entity_id"), 42},
                                  {QStringLiteral("entity_type"), QStringLiteral("lead")},
                                  {QStringLiteral("created_at"), 1796378400}});
    QJsonObject links;
    if (next)
        links.insert(QStringLiteral("next"),
                     QJsonObject{{QStringLiteral("href"), QStringLiteral("https://x/?page=2")}});
    return QJsonDocument(QJsonObject{{QStringLiteral("_page"), 1},
                                     {QStringLiteral("_links"), links},
                                     {QStringLiteral("_embedded"),
                                      QJsonObject{{QStringLiteral("events"), events}}}})
        .toJson(QJsonDocument::Compact);
}

AdapterSettings bitrixSettings()
{
    AdapterSettings s;
    s.secrets.insert(QStringLiteral("webhook_url"), "https://b.bitrix24.ru/rest/1/secretcode");
    s.options.insert(QStringLiteral("source"), QStringLiteral("b24"));
    return s;
}

QByteArray bitrixEvents(const QString &processId, std::initializer_list<const char *> idList)
{
    QJsonArray events;
    for (const char *raw : idList) {
        const QString id = QString::fromLatin1(raw);
        events.append(QJsonObject{
            {QStringLiteral("ID"), id},
            {QStringLiteral("TIMESTAMP_X"), QStringLiteral("2026-12-04T12:59:00+03:00")},
            {QStringLiteral("EVENT_NAME"), QStringLiteral("ONCRMLEADADD")},
            {QStringLiteral("EVENT_DATA"),
             QJsonObject{{QStringLiteral("FIELDS"), QJsonObject{{QStringLiteral("ID"), id}}}}},
            {QStringLiteral("MESSAGE_ID"), QStringLiteral("msg-") + id}});
    }
    return QJsonDocument(QJsonObject{{QStringLiteral("result"),
                                      QJsonObject{{QStringLiteral("process_id"), processId},
                                                  {QStringLiteral("events"), events}}}})
        .toJson(QJsonDocument::Compact);
}

QJsonObject bodyOf(const PollRequest &r)
{
    return QJsonDocument::fromJson(r.body).object();
}

} // namespace

class TestCrmPollAdapters : public QObject
{
    Q_OBJECT

private slots:
    void amoRequestNamesTheWindowAndTheFilters()
    {
        const auto a = adapter(QStringLiteral("amocrm"), amoSettings());
        QVERIFY(a);
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        QCOMPARE(r.method, QByteArray("GET"));
        QCOMPARE(r.url.path(), QStringLiteral("/api/v4/events"));
        const QUrlQuery q(r.url);
        // A source never polled starts firstWindow (30 min) before now.
        QCOMPARE(q.queryItemValue(QStringLiteral("filter[created_at][from]")),
                 QString::number(kNow.toSecsSinceEpoch() - 1800));
        QCOMPARE(q.queryItemValue(QStringLiteral("filter[created_at][to]")),
                 QString::number(kNow.toSecsSinceEpoch()));
        QCOMPARE(
            q.allQueryItemValues(QStringLiteral("filter[type][]")),
            (QStringList{QStringLiteral("lead_added"), QStringLiteral("lead_status_changed")}));
        QCOMPARE(q.queryItemValue(QStringLiteral("filter[entity][]")), QStringLiteral("lead"));
        QCOMPARE(q.queryItemValue(QStringLiteral("page")), QStringLiteral("1"));
        QCOMPARE(q.queryItemValue(QStringLiteral("limit")), QStringLiteral("2"));
        QVERIFY(r.headers.contains({"Authorization", "Bearer tok-123"}));
        // amoCRM's published limit is the loop's default pace: 7 a second.
        QCOMPARE(a->defaultRatePerMinute(), 420);
        QCOMPARE(a->defaultBurst(), 7);
    }

    void amoPagesThroughAFixedWindowThenFinishesIt()
    {
        const auto a = adapter(QStringLiteral("amocrm"), amoSettings());
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        PolledPage p = a->readPage(r.requestCursor, amoPage({"01a", "01b"}, true));
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QCOMPARE(p.items.size(), 2);
        QCOMPARE(p.items.at(0).externalId, QStringLiteral("01a"));
        QCOMPARE(p.items.at(0).kind, QStringLiteral("amocrm.lead_added"));
        QCOMPARE(p.items.at(0).occurredAt.toSecsSinceEpoch(), qint64(1796378400));
        QVERIFY(!p.pollDone);
        QCOMPARE(p.cursor.value(QLatin1String("page")).toInt(), 2);
        // Later, the next page: the same window, page 2, whatever the clock says now.
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(300), &r, &error));
        const QUrlQuery q(r.url);
        QCOMPARE(q.queryItemValue(QStringLiteral("page")), QStringLiteral("2"));
        QCOMPARE(q.queryItemValue(QStringLiteral("filter[created_at][to]")),
                 QString::number(kNow.toSecsSinceEpoch()));
        p = a->readPage(r.requestCursor, amoPage({"01c"}, false));
        QVERIFY(p.pollDone);
        QCOMPARE(p.windowEnd, kNow);
        QCOMPARE(p.cursor, finishedCursor({kNow.addSecs(-1800), kNow}));
        // The next poll starts the overlap (20 min) before that end.
        QVERIFY(a->nextRequest(p.cursor, kNow.addSecs(600), &r, &error));
        QCOMPARE(QUrlQuery(r.url).queryItemValue(QStringLiteral("filter[created_at][from]")),
                 QString::number(kNow.toSecsSinceEpoch() - 1200));
    }

    void amoEmptyAnswerIsAnEmptyWindow()
    {
        const auto a = adapter(QStringLiteral("amocrm"), amoSettings());
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        const PolledPage p = a->readPage(r.requestCursor, QByteArray());
        QVERIFY(p.error.isEmpty());
        QVERIFY(p.items.isEmpty());
        QVERIFY(p.pollDone);
    }

    void amoMalformedAnswersStoreNothing()
    {
        const auto a = adapter(QStringLiteral("amocrm"), amoSettings());
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        QVERIFY(!a->readPage(r.requestCursor, "<html>").error.isEmpty());
        QVERIFY(!a->readPage(r.requestCursor, "{\"_embedded\":{}}").error.isEmpty());
        const PolledPage noId =
            a->readPage(r.requestCursor, "{\"_embedded\":{\"events\":[{\"type\":\"x\"}]}}");
        QCOMPARE(noId.error, QStringLiteral("event 1 of the page has no id"));
        QVERIFY(noId.items.isEmpty());
        QVERIFY(!a->nextRequest(QJsonObject{{QStringLiteral("since"), 1}}, kNow, &r, &error));
    }

    void amoSettingsAreChecked()
    {
        AdapterSettings s = amoSettings();
        s.secrets.clear();
        s.options.insert(QStringLiteral("types"), QStringLiteral("Lead Added"));
        QList<SettingProblem> problems;
        QVERIFY(!adapter(QStringLiteral("amocrm"), s, &problems));
        QCOMPARE(problems.size(), 2);
        QCOMPARE(problems.at(0).key, QStringLiteral("token_file"));
        QCOMPARE(problems.at(1).key, QStringLiteral("types"));
    }

    void bitrixGetsWithAFixedProcessIdThenClearsWhatWasStored()
    {
        const auto a = adapter(QStringLiteral("bitrix24"), bitrixSettings());
        QVERIFY(a);
        // Its next request clears what the page before committed: never sent before that.
        QVERIFY(!a->readsAhead());
        QVERIFY(adapter(QStringLiteral("amocrm"), amoSettings())->readsAhead());
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        QCOMPARE(r.method, QByteArray("POST"));
        QCOMPARE(r.url.toString(),
                 QStringLiteral("https://b.bitrix24.ru/rest/1/secretcode/event.offline.get.json"));
        QCOMPARE(bodyOf(r).value(QLatin1String("clear")).toInt(), 0);
        QCOMPARE(a->defaultRatePerMinute(), 120); // the portal's 2 a second
        QCOMPARE(bodyOf(r).value(QLatin1String("process_id")).toString(),
                 QStringLiteral("inbox-b24"));
        PolledPage p =
            a->readPage(r.requestCursor, bitrixEvents(QStringLiteral("inbox-b24"), {"7", "8"}));
        QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
        QCOMPARE(p.items.size(), 2);
        QCOMPARE(p.items.at(1).externalId, QStringLiteral("msg-8"));
        QCOMPARE(p.items.at(1).kind, QStringLiteral("bitrix24.oncrmleadadd"));
        QCOMPARE(p.items.at(1).occurredAt,
                 QDateTime::fromString(QStringLiteral("2026-12-04T09:59:00Z"), Qt::ISODate));
        QVERIFY(!p.pollDone);
        // What is stored with the items says what to clear: exactly those records.
        QCOMPARE(p.cursor.value(QLatin1String("clear")).toArray(),
                 (QJsonArray{QStringLiteral("7"), QStringLiteral("8")}));

        // Whether the poller crashed after storing or not, the next request is the clear.
        QVERIFY(a->nextRequest(p.cursor, kNow, &r, &error));
        QCOMPARE(r.url.path(), QStringLiteral("/rest/1/secretcode/event.offline.clear.json"));
        QCOMPARE(bodyOf(r).value(QLatin1String("id")).toArray(),
                 (QJsonArray{QStringLiteral("7"), QStringLiteral("8")}));
        QCOMPARE(bodyOf(r).value(QLatin1String("process_id")).toString(),
                 QStringLiteral("inbox-b24"));
        p = a->readPage(r.requestCursor, "{\"result\":true}");
        QVERIFY(p.items.isEmpty());
        QVERIFY(!p.cursor.contains(QLatin1String("clear")));
        QVERIFY(!p.pollDone);

        // An empty queue ends the poll.
        QVERIFY(a->nextRequest(p.cursor, kNow, &r, &error));
        QVERIFY(r.url.path().endsWith(QLatin1String("event.offline.get.json")));
        p = a->readPage(r.requestCursor, bitrixEvents(QStringLiteral("inbox-b24"), {}));
        QVERIFY(p.pollDone);
        QCOMPARE(p.windowEnd, kNow);
    }

    // A crash before the page was stored: the stored cursor has no "clear", so the next
    // request is a get with the same process id, which the portal answers with the same
    // records again (nothing lost, nothing cleared unseen).
    void bitrixRetriesTheGetWithTheSameProcessId()
    {
        const auto a = adapter(QStringLiteral("bitrix24"), bitrixSettings());
        const QJsonObject stored{{QStringLiteral("process_id"), QStringLiteral("portal-42")}};
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest(stored, kNow, &r, &error));
        QVERIFY(r.url.path().endsWith(QLatin1String("event.offline.get.json")));
        QCOMPARE(bodyOf(r).value(QLatin1String("process_id")).toString(),
                 QStringLiteral("portal-42"));
        // The portal's own process id is adopted.
        const PolledPage p =
            a->readPage(r.requestCursor, bitrixEvents(QStringLiteral("portal-43"), {"9"}));
        QCOMPARE(p.cursor.value(QLatin1String("process_id")).toString(),
                 QStringLiteral("portal-43"));
    }

    void bitrixErrorsAndSettings()
    {
        const auto a = adapter(QStringLiteral("bitrix24"), bitrixSettings());
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        const PolledPage refused = a->readPage(
            r.requestCursor, "{\"error\":\"QUERY_LIMIT_EXCEEDED\",\"error_description\":\"Too "
                             "many requests\"}");
        QCOMPARE(refused.error,
                 QStringLiteral("Bitrix24 refused: QUERY_LIMIT_EXCEEDED Too many requests"));
        QVERIFY(!a->readPage(r.requestCursor, "{\"result\":{}}").error.isEmpty());
        QVERIFY(!a->nextRequest(QJsonObject{{QStringLiteral("clear"), QJsonArray()}}, kNow, &r,
                                &error));

        AdapterSettings s = bitrixSettings();
        s.secrets.insert(QStringLiteral("webhook_url"), "ftp://secret-code-here");
        QList<SettingProblem> problems;
        QVERIFY(!adapter(QStringLiteral("bitrix24"), s, &problems));
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems.at(0).key, QStringLiteral("webhook_url_file"));
        // The message never repeats the address: it carries the portal's code.
        QVERIFY(!problems.at(0).message.contains(QLatin1String("secret-code")));
    }
};

QTEST_GUILESS_MAIN(TestCrmPollAdapters)
#include "tst_crmpolladapters.moc"
