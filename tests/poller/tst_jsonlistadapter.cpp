// The generic JSON list adapter on recorded answers: the requests it builds for a window and
// each page, the items it reads (ids exactly as written, 20-digit numbers included; bodies as
// the API gave them), offset paging that re-reads its boundary, cursor paging, a window resumed
// from a stored cursor, and the answers it refuses.
#include "jsonlistadapter.h"
#include "pollwindow.h"

#include <QJsonDocument>
#include <QUrlQuery>
#include <QtTest>

using namespace inbox::poll;

namespace {

const QDateTime kNow =
    QDateTime::fromString(QStringLiteral("2026-12-04T10:00:00.000Z"), Qt::ISODateWithMs);

using Options = std::initializer_list<std::pair<const char *, const char *>>;

AdapterSettings settings(const QHash<QString, QString> &options, int pageSize = 0)
{
    AdapterSettings s;
    s.baseUrl = QUrl(QStringLiteral("https://api.example.test/root/"));
    s.options = options;
    s.pageSize = pageSize;
    s.overlapMs = 20 * 60 * 1000;
    s.firstWindowMs = 30 * 60 * 1000;
    return s;
}

QHash<QString, QString> optionsOf(Options options)
{
    QHash<QString, QString> out;
    for (const auto &o : options)
        out.insert(QString::fromUtf8(o.first), QString::fromUtf8(o.second));
    return out;
}

std::unique_ptr<PollAdapter> make(Options options, int pageSize = 0,
                                  QHash<QString, QByteArray> secrets = {})
{
    AdapterSettings s = settings(optionsOf(options), pageSize);
    s.secrets = std::move(secrets);
    QList<SettingProblem> problems;
    auto a = makeAdapter(QStringLiteral("json_list"), s, &problems);
    if (!problems.isEmpty())
        qWarning("%s: %s", qPrintable(problems.first().key), qPrintable(problems.first().message));
    return a;
}

QString queryItem(const PollRequest &r, const char *name)
{
    return QUrlQuery(r.url).queryItemValue(QLatin1String(name), QUrl::FullyDecoded);
}

// JSON written with ' for " (moc cannot read raw string literals): a recorded answer.
QByteArray j(const char *text)
{
    return QByteArray(text).replace('\'', '"');
}

} // namespace

class TestJsonListAdapter : public QObject
{
    Q_OBJECT

private slots:
    void firstWindowAndRecordedAnswer()
    {
        const auto a = make({{"url_path", "/v1/orders"},
                             {"since_param", "from"},
                             {"to_param", "to"},
                             {"items_path", "result.items"},
                             {"key_path", "id"},
                             {"time_path", "created_at"},
                             {"kind", "shop.order"}});
        QVERIFY(a);
        QCOMPARE(a->name(), QStringLiteral("json_list"));
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        QCOMPARE(r.method, QByteArray("GET"));
        QCOMPARE(r.url.path(), QStringLiteral("/root/v1/orders"));
        QCOMPARE(queryItem(r, "from"), QStringLiteral("2026-12-04T09:30:00.000Z"));
        QCOMPARE(queryItem(r, "to"), QStringLiteral("2026-12-04T10:00:00.000Z"));
        QCOMPARE(r.requestCursor.value(QLatin1String("since")).toString(),
                 QStringLiteral("2026-12-04T09:30:00.000Z"));

        const QByteArray answer =
            j("{'result': {'total': 3, 'items': ["
              "{'id': 12345678901234567890, 'created_at': '2026-12-04T09:41:00Z', 'sum': 1.10},"
              "{'id': 'A-7', 'created_at': 'bad', 'note': 'a \\'quoted\\'  text'},"
              "{'id': -5, 'nested': {'x': [1, 2, {'y': null}]}}"
              "]}}");
        const PolledPage page = a->readPage(r.requestCursor, answer);
        QVERIFY2(page.error.isEmpty(), qPrintable(page.error));
        QCOMPARE(page.items.size(), 3);
        QCOMPARE(page.items.at(0).externalId, QStringLiteral("12345678901234567890"));
        QCOMPARE(
            page.items.at(0).body,
            QByteArray(
                j("{'id':12345678901234567890,'created_at':'2026-12-04T09:41:00Z','sum':1.10}")));
        QCOMPARE(page.items.at(0).occurredAt,
                 QDateTime::fromString(QStringLiteral("2026-12-04T09:41:00Z"), Qt::ISODate));
        QCOMPARE(page.items.at(0).kind, QStringLiteral("shop.order"));
        QCOMPARE(page.items.at(1).externalId, QStringLiteral("A-7"));
        QVERIFY(!page.items.at(1).occurredAt.isValid()); // unreadable: unknown, not an error
        QCOMPARE(page.items.at(1).body,
                 QByteArray(j("{'id':'A-7','created_at':'bad','note':'a \\'quoted\\'  text'}")));
        QCOMPARE(page.items.at(2).externalId, QStringLiteral("-5"));
        QCOMPARE(page.items.at(2).body, QByteArray(j("{'id':-5,'nested':{'x':[1,2,{'y':null}]}}")));
        // No paging: one request per window, then its end is the cursor.
        QVERIFY(page.pollDone);
        QCOMPARE(page.windowEnd, kNow);
        QCOMPARE(page.cursor, QJsonObject({{QStringLiteral("polled_to"),
                                            QStringLiteral("2026-12-04T10:00:00.000Z")}}));

        // The next window starts the overlap before that end.
        QVERIFY(a->nextRequest(page.cursor, kNow.addSecs(600), &r, &error));
        QCOMPARE(queryItem(r, "from"), QStringLiteral("2026-12-04T09:40:00.000Z"));
        QCOMPARE(queryItem(r, "to"), QStringLiteral("2026-12-04T10:10:00.000Z"));
    }

    void escapedKeysAndStringIds()
    {
        const auto a = make({{"key_path", "order.no"}});
        QVERIFY(a);
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        const PolledPage page =
            a->readPage(r.requestCursor, j("[{'ord\\u0065r': {'no': 'x\\u00e9\\'1'}}]"));
        QVERIFY2(page.error.isEmpty(), qPrintable(page.error));
        QCOMPARE(page.items.size(), 1);
        QCOMPARE(page.items.at(0).externalId, QString::fromUtf8("x\xc3\xa9\"1"));
    }

    void refusedAnswers_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<QString>("error");
        QTest::newRow("not json") << QByteArray("<html>") << QStringLiteral("not JSON");
        QTest::newRow("no items_path")
            << QByteArray(j("{'result': {}}")) << QStringLiteral("has no result.items");
        QTest::newRow("items not an array")
            << QByteArray(j("{'result': {'items': {}}}")) << QStringLiteral("not an array");
        QTest::newRow("item without key")
            << QByteArray(j("{'result': {'items': [{'id': 1}, {'other': 2}]}}"))
            << QStringLiteral("item 1 has no id");
        QTest::newRow("key is an object")
            << QByteArray(j("{'result': {'items': [{'id': {'a': 1}}]}}"))
            << QStringLiteral("item 0 has no id");
        QTest::newRow("key is null") << QByteArray(j("{'result': {'items': [{'id': null}]}}"))
                                     << QStringLiteral("item 0 has no id");
    }
    void refusedAnswers()
    {
        QFETCH(QByteArray, answer);
        QFETCH(QString, error);
        const auto a = make({{"items_path", "result.items"}, {"key_path", "id"}});
        QVERIFY(a);
        PollRequest r;
        QString e;
        QVERIFY(a->nextRequest({}, kNow, &r, &e));
        const PolledPage page = a->readPage(r.requestCursor, answer);
        QVERIFY2(page.error.contains(error), qPrintable(page.error));
        QVERIFY(page.items.isEmpty());
        QVERIFY(!page.pollDone);
    }

    void offsetPagingReReadsTheBoundary()
    {
        const auto a = make({{"paging", "offset"},
                             {"offset_param", "offset"},
                             {"limit_param", "limit"},
                             {"key_path", "id"},
                             {"items_path", "items"}},
                            3);
        QVERIFY(a);
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        QCOMPARE(queryItem(r, "offset"), QStringLiteral("0"));
        QCOMPARE(queryItem(r, "limit"), QStringLiteral("3"));
        PolledPage page = a->readPage(r.requestCursor, j("{'items':[{'id':1},{'id':2},{'id':3}]}"));
        QVERIFY(!page.pollDone);
        // The last item of a full page is read again: offset 0 + 3 - 1.
        QCOMPARE(page.cursor.value(QLatin1String("offset")).toInt(), 2);
        QCOMPARE(page.cursor.value(QLatin1String("since")),
                 r.requestCursor.value(QLatin1String("since")));
        QVERIFY(a->nextRequest(page.cursor, kNow.addSecs(30), &r, &error));
        QCOMPARE(queryItem(r, "offset"), QStringLiteral("2"));
        // The same window, not one ending at the later now.
        QCOMPARE(queryItem(r, "since").isEmpty(), true);
        QCOMPARE(r.requestCursor.value(QLatin1String("to")).toString(),
                 QStringLiteral("2026-12-04T10:00:00.000Z"));
        // A new item arrived ahead: 3 moved to offset 3; re-reading from 2 still sees it.
        page = a->readPage(r.requestCursor, j("{'items':[{'id':2},{'id':3},{'id':4}]}"));
        QCOMPARE(page.items.size(), 3);
        QCOMPARE(page.cursor.value(QLatin1String("offset")).toInt(), 4);
        QVERIFY(a->nextRequest(page.cursor, kNow, &r, &error));
        page = a->readPage(r.requestCursor, j("{'items':[{'id':4}]}"));
        QVERIFY(page.pollDone);
        QCOMPARE(page.cursor.keys(), QStringList{QStringLiteral("polled_to")});
        // A new window starts at offset 0 again.
        QVERIFY(a->nextRequest(page.cursor, kNow.addSecs(600), &r, &error));
        QCOMPARE(queryItem(r, "offset"), QStringLiteral("0"));
    }

    void cursorPagingAndAResumedWindow()
    {
        const auto a = make({{"method", "POST"},
                             {"since_param", "dateFrom"},
                             {"time_format", "unix"},
                             {"paging", "cursor"},
                             {"cursor_param", "next"},
                             {"next_cursor_path", "meta.next"},
                             {"limit_param", "limit"},
                             {"key_path", "id"},
                             {"items_path", "orders"},
                             {"auth_header", "Authorization"},
                             {"auth_scheme", "Bearer"}},
                            2, {{QStringLiteral("token"), "s3cret"}});
        QVERIFY(a);
        PollRequest r;
        QString error;
        QVERIFY(a->nextRequest({}, kNow, &r, &error));
        QCOMPARE(r.method, QByteArray("POST"));
        QVERIFY(r.headers.contains(
            qMakePair(QByteArray("Authorization"), QByteArray("Bearer s3cret"))));
        QJsonObject body = QJsonDocument::fromJson(r.body).object();
        QCOMPARE(qint64(body.value(QLatin1String("dateFrom")).toDouble()),
                 kNow.toSecsSinceEpoch() - 1800);
        QVERIFY(!body.contains(QLatin1String("next")));
        QCOMPARE(body.value(QLatin1String("limit")).toInt(), 2);
        PolledPage page =
            a->readPage(r.requestCursor, j("{'orders':[{'id':1},{'id':2}],'meta':{'next':'c-2'}}"));
        QVERIFY(!page.pollDone);
        QCOMPARE(page.cursor.value(QLatin1String("page_cursor")).toString(), QStringLiteral("c-2"));

        // The poller restarts here: the stored cursor resumes the same window at its cursor.
        const QJsonObject stored =
            QJsonDocument::fromJson(QJsonDocument(page.cursor).toJson()).object();
        QVERIFY(a->nextRequest(stored, kNow.addSecs(3600), &r, &error));
        body = QJsonDocument::fromJson(r.body).object();
        QCOMPARE(body.value(QLatin1String("next")).toString(), QStringLiteral("c-2"));
        QCOMPARE(qint64(body.value(QLatin1String("dateFrom")).toDouble()),
                 kNow.toSecsSinceEpoch() - 1800);
        // A numeric next cursor is taken as written; then an empty page ends the window.
        page = a->readPage(r.requestCursor,
                           j("{'orders':[{'id':3}],'meta':{'next':98765432109876543210}}"));
        QCOMPARE(page.cursor.value(QLatin1String("page_cursor")).toString(),
                 QStringLiteral("98765432109876543210"));
        QVERIFY(a->nextRequest(page.cursor, kNow, &r, &error));
        page = a->readPage(r.requestCursor, j("{'orders':[],'meta':{'next':null}}"));
        QVERIFY(page.pollDone);
        QCOMPARE(page.windowEnd, kNow);
        QCOMPARE(page.cursor, QJsonObject({{QStringLiteral("polled_to"),
                                            QStringLiteral("2026-12-04T10:00:00.000Z")}}));
    }

    void badCursorIsAnError()
    {
        const auto a = make({{"key_path", "id"},
                             {"paging", "offset"},
                             {"offset_param", "o"},
                             {"limit_param", "l"}});
        QVERIFY(a);
        PollRequest r;
        QString error;
        QVERIFY(!a->nextRequest({{QStringLiteral("since"), QStringLiteral("yesterday")},
                                 {QStringLiteral("to"), QStringLiteral("today")}},
                                kNow, &r, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(
            !a->nextRequest({{QStringLiteral("since"), QStringLiteral("2026-12-04T09:00:00.000Z")},
                             {QStringLiteral("to"), QStringLiteral("2026-12-04T10:00:00.000Z")},
                             {QStringLiteral("offset"), QStringLiteral("seven")}},
                            kNow, &r, &error));
        QVERIFY2(error.contains(QLatin1String("offset")), qPrintable(error));
    }

    void badSettings_data()
    {
        // key=value pairs, and the key the problem must name.
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("key");
        const auto row = [](const char *name, const char *options, const char *key) {
            QTest::newRow(name) << QString::fromUtf8(options).split(QLatin1Char(' '),
                                                                    Qt::SkipEmptyParts)
                                << QString::fromUtf8(key);
        };
        row("no key_path", "", "key_path");
        row("unknown option", "key_path=id colour=red", "colour");
        row("offset without limit", "key_path=id paging=offset offset_param=o", "paging");
        row("cursor without path", "key_path=id paging=cursor cursor_param=c", "paging");
        row("bad paging", "key_path=id paging=pages", "paging");
        row("bad method", "key_path=id method=PUT", "method");
        row("auth without token", "key_path=id auth_header=X-Key", "auth_header");
        row("overlap too big",
            "key_path=id paging=offset offset_param=o limit_param=l overlap_items=100",
            "overlap_items");
    }
    void badSettings()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, key);
        QHash<QString, QString> o;
        for (const QString &kv : std::as_const(options))
            o.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        QList<SettingProblem> problems;
        QVERIFY(!makeAdapter(QStringLiteral("json_list"), settings(o), &problems));
        QVERIFY(!problems.isEmpty());
        QCOMPARE(problems.first().key, key);
    }

    void unknownAdapter()
    {
        QList<SettingProblem> problems;
        QVERIFY(!makeAdapter(QStringLiteral("nope"), settings({}), &problems));
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems.first().key, QStringLiteral("adapter"));
    }
};

QTEST_GUILESS_MAIN(TestJsonListAdapter)
#include "tst_jsonlistadapter.moc"
