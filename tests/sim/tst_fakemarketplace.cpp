// inbox-sim --fake-marketplace, the Ozon and Wildberries seller APIs inbox-poller polls, run as
// the real binary and spoken to over raw HTTP: it refuses wrong keys, filters and sorts Ozon's
// window, makes naive offset paging go wrong while keyset reading and WB's cursor see every
// order, keeps WB ids past 2^53 exact, limits the rate with 429s and their headers, lists what
// it created, and creates the same orders for the same seed.
#include "httpclient.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <memory>

namespace {

const QByteArray kClientId = "777001";
const QByteArray kOzonKey = "ozon-key-from-file";
const QByteArray kWbToken = "wb-token-from-file";

QString iso(qint64 s)
{
    return QDateTime::fromSecsSinceEpoch(s, Qt::UTC).toString(Qt::ISODate);
}

qint64 seconds(const QString &isoTime)
{
    return QDateTime::fromString(isoTime, Qt::ISODate).toSecsSinceEpoch();
}

struct FakeOrder
{
    QString api;
    QString key;
    qint64 createdS = 0;
    bool injected = false;
    QString lastStatus;
};

} // namespace

class TestFakeMarketplace : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::vector<std::unique_ptr<QProcess>> m_fakes;

    // Starts inbox-sim --fake-marketplace with the key files and `extra`; its port, 0 on failure.
    int start(const QStringList &extra)
    {
        const auto write = [this](const char *name, const QByteArray &text) {
            QFile f(m_dir.filePath(QLatin1String(name)));
            return f.open(QIODevice::WriteOnly) && f.write(text + '\n') > 0 ? f.fileName()
                                                                            : QString();
        };
        const QString ozonKey = write("ozon.key", kOzonKey);
        const QString wbToken = write("wb.token", kWbToken);
        auto fake = std::make_unique<QProcess>();
        fake->start(QStringLiteral(INBOX_SIM_BINARY),
                    QStringList{QStringLiteral("--fake-marketplace"), QStringLiteral("127.0.0.1:0"),
                                QStringLiteral("--fake-marketplace-ozon-client-id"),
                                QString::fromLatin1(kClientId),
                                QStringLiteral("--fake-marketplace-ozon-key-file"), ozonKey,
                                QStringLiteral("--fake-marketplace-wb-token-file"), wbToken,
                                QStringLiteral("--fake-marketplace-log"),
                                m_dir.filePath(QStringLiteral("market.log"))} +
                        extra);
        if (!fake->waitForStarted(5000))
            return 0;
        QByteArray out;
        QElapsedTimer t;
        t.start();
        while (!out.contains('\n') && t.elapsed() < 10000 && fake->waitForReadyRead(10000))
            out += fake->readAllStandardOutput();
        const QByteArray line = out.left(out.indexOf('\n'));
        m_fakes.push_back(std::move(fake));
        if (!line.startsWith("fake marketplace listening on"))
            return 0;
        return line.mid(line.lastIndexOf(':') + 1).toInt();
    }

    static HttpReply ozon(int port, const QJsonObject &body, const QByteArray &clientId = kClientId,
                          const QByteArray &key = kOzonKey)
    {
        QList<std::pair<QByteArray, QByteArray>> headers{{"Content-Type", "application/json"}};
        if (!clientId.isEmpty())
            headers.append({"Client-Id", clientId});
        if (!key.isEmpty())
            headers.append({"Api-Key", key});
        return HttpClient::exchange(
            port,
            HttpClient::post("/v3/posting/fbs/list",
                             QJsonDocument(body).toJson(QJsonDocument::Compact), headers),
            15000);
    }

    static QJsonObject ozonWindow(qint64 sinceS, qint64 toS, int limit, int offset,
                                  const char *dir = "ASC")
    {
        return QJsonObject{
            {QStringLiteral("dir"), QLatin1String(dir)},
            {QStringLiteral("filter"),
             QJsonObject{{QStringLiteral("since"), iso(sinceS)}, {QStringLiteral("to"), iso(toS)}}},
            {QStringLiteral("limit"), limit},
            {QStringLiteral("offset"), offset},
            {QStringLiteral("with"), QJsonObject{}}};
    }

    static QJsonArray postings(const HttpReply &r)
    {
        return QJsonDocument::fromJson(r.body)
            .object()
            .value(QLatin1String("result"))
            .toObject()
            .value(QLatin1String("postings"))
            .toArray();
    }

    static bool hasNext(const HttpReply &r)
    {
        return QJsonDocument::fromJson(r.body)
            .object()
            .value(QLatin1String("result"))
            .toObject()
            .value(QLatin1String("has_next"))
            .toBool();
    }

    static HttpReply wb(int port, const QByteArray &query, const QByteArray &token = kWbToken)
    {
        QByteArray request = "GET /api/v3/orders?" + query + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        if (!token.isEmpty())
            request += "Authorization: " + token + "\r\n";
        request += "Connection: close\r\n\r\n";
        return HttpClient::exchange(port, request, 15000);
    }

    static QList<FakeOrder> fakeOrders(int port)
    {
        QList<FakeOrder> out;
        const HttpReply r = HttpClient::get(port, "/fake/orders");
        for (const QByteArray &line : r.body.split('\n')) {
            if (line.isEmpty())
                continue;
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            const QJsonArray statuses = o.value(QLatin1String("statuses")).toArray();
            out.append({o.value(QLatin1String("api")).toString(),
                        o.value(QLatin1String("key")).toString(),
                        seconds(o.value(QLatin1String("created_at")).toString()),
                        o.value(QLatin1String("injected")).toBool(),
                        statuses.last().toObject().value(QLatin1String("status")).toString()});
        }
        return out;
    }

    static QSet<QString> ozonKeysIn(const QList<FakeOrder> &orders, qint64 sinceS, qint64 toS)
    {
        QSet<QString> keys;
        for (const FakeOrder &o : orders) {
            if (o.api == QLatin1String("ozon") && o.createdS >= sinceS && o.createdS <= toS)
                keys.insert(o.key);
        }
        return keys;
    }

    static QJsonObject stats(int port)
    {
        return QJsonDocument::fromJson(HttpClient::get(port, "/fake/stats").body).object();
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void cleanup()
    {
        for (const auto &fake : m_fakes) {
            fake->terminate();
            QVERIFY(fake->waitForFinished(5000));
            QCOMPARE(fake->exitCode(), 0);
        }
        m_fakes.clear();
    }

    void refusesWrongKeys()
    {
        const int port = start({QStringLiteral("--seed"), QStringLiteral("3")});
        QVERIFY(port > 0);
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        HttpReply r = ozon(port, ozonWindow(now - 3600, now, 10, 0), {}, {});
        QCOMPARE(r.status, 401);
        QCOMPARE(QJsonDocument::fromJson(r.body).object().value(QLatin1String("code")).toInt(), 16);
        QCOMPARE(ozon(port, ozonWindow(now - 3600, now, 10, 0), kClientId, "wrong").status, 401);
        QCOMPARE(ozon(port, ozonWindow(now - 3600, now, 10, 0), "1", kOzonKey).status, 401);
        QCOMPARE(ozon(port, ozonWindow(now - 3600, now, 10, 0)).status, 200);
        QCOMPARE(wb(port, "limit=10&next=0", {}).status, 401);
        r = wb(port, "limit=10&next=0", "Bearer " + kWbToken + "x");
        QCOMPARE(r.status, 401);
        QCOMPARE(QJsonDocument::fromJson(r.body).object().value(QLatin1String("status")).toInt(),
                 401);
        QCOMPARE(wb(port, "limit=10&next=0").status, 200);
        // A key revoked while polling.
        QCOMPARE(HttpClient::get(port, "/fake/misbehave?api=wb&mode=401").status, 200);
        QCOMPARE(wb(port, "limit=10&next=0").status, 401);
        QCOMPARE(wb(port, "limit=10&next=0").status, 200);
        const QJsonObject s = stats(port);
        QCOMPARE(s.value(QLatin1String("ozon"))
                     .toObject()
                     .value(QLatin1String("answers"))
                     .toObject()
                     .value(QLatin1String("401"))
                     .toInt(),
                 3);
    }

    // The window keeps exactly the postings whose in_process_at is in it, sorted both ways;
    // a posting's answer matches what /fake/orders says of it; bad requests are 400.
    void ozonFiltersAndSortsTheWindow()
    {
        const int port = start({QStringLiteral("--seed"), QStringLiteral("11"),
                                QStringLiteral("--fake-marketplace-backfill"), QStringLiteral("60"),
                                QStringLiteral("--fake-marketplace-rate"), QStringLiteral("20")});
        QVERIFY(port > 0);
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        const qint64 since = now - 40 * 60, to = now - 10 * 60;
        const HttpReply asc = ozon(port, ozonWindow(since, to, 1000, 0));
        QCOMPARE(asc.status, 200);
        QVERIFY(!hasNext(asc));
        const QList<FakeOrder> orders = fakeOrders(port);
        const QSet<QString> expected = ozonKeysIn(orders, since, to);
        QVERIFY2(expected.size() > 100, qPrintable(QString::number(expected.size())));
        QSet<QString> got;
        QString previous;
        for (const QJsonValue &v : postings(asc)) {
            const QJsonObject p = v.toObject();
            const QString at = p.value(QLatin1String("in_process_at")).toString();
            const QString key = p.value(QLatin1String("posting_number")).toString();
            QVERIFY(seconds(at) >= since && seconds(at) <= to);
            const QString sortKey = at + QLatin1Char(' ') + key;
            QVERIFY2(sortKey > previous, qPrintable(sortKey + QLatin1String(" after ") + previous));
            previous = sortKey;
            got.insert(key);
            QVERIFY(QRegularExpression(QStringLiteral("^\\d{8}-\\d{4}-1$")).match(key).hasMatch());
            QVERIFY(!p.value(QLatin1String("products")).toArray().isEmpty());
            QVERIFY(p.value(QLatin1String("products"))
                        .toArray()
                        .first()
                        .toObject()
                        .value(QLatin1String("price"))
                        .isString());
        }
        QCOMPARE(got, expected);

        const QJsonArray desc = postings(ozon(port, ozonWindow(since, to, 1000, 0, "DESC")));
        QCOMPARE(desc.size(), got.size());
        QCOMPARE(desc.first().toObject().value(QLatin1String("posting_number")),
                 postings(asc).last().toObject().value(QLatin1String("posting_number")));

        // Statuses move on: after an hour some postings are past awaiting_packaging, and the
        // answer's status is the last one /fake/orders lists.
        QHash<QString, QString> last;
        for (const FakeOrder &o : orders)
            last.insert(o.key, o.lastStatus);
        int moved = 0;
        for (const QJsonValue &v : postings(asc)) {
            const QJsonObject p = v.toObject();
            const QString status = p.value(QLatin1String("status")).toString();
            QCOMPARE(status, last.value(p.value(QLatin1String("posting_number")).toString()));
            moved += status != QLatin1String("awaiting_packaging");
            if (status == QLatin1String("delivering") || status == QLatin1String("delivered"))
                QVERIFY(!p.value(QLatin1String("tracking_number")).toString().isEmpty());
            if (status == QLatin1String("awaiting_packaging"))
                QVERIFY(p.value(QLatin1String("tracking_number")).toString().isEmpty());
        }
        QVERIFY(moved > 10);

        QCOMPARE(ozon(port, ozonWindow(since, to, 0, 0)).status, 400);
        QCOMPARE(ozon(port, ozonWindow(since, to, 1001, 0)).status, 400);
        const HttpReply bad = HttpClient::exchange(
            port, HttpClient::post("/v3/posting/fbs/list", "{not json",
                                   {{"Client-Id", kClientId}, {"Api-Key", kOzonKey}}));
        QCOMPARE(bad.status, 400);
        QCOMPARE(QJsonDocument::fromJson(bad.body).object().value(QLatin1String("code")).toInt(),
                 3);

        // /fake/stats counts what /fake/orders lists.
        const QJsonObject s = stats(port);
        qint64 listed = 0;
        for (const FakeOrder &o : orders)
            listed += o.api == QLatin1String("ozon");
        QVERIFY(s.value(QLatin1String("ozon")).toObject().value(QLatin1String("orders")).toInt() >=
                listed);
        QVERIFY(listed > 0);
    }

    // With the shifting boundary, limit/offset pages over a window show some posting twice or
    // miss one; reading by time (since = the last in_process_at seen, offset 0) sees every
    // posting that was there when the reading began.
    void offsetPagingShiftsKeysetDoesNot()
    {
        const int port =
            start({QStringLiteral("--seed"), QStringLiteral("21"),
                   QStringLiteral("--fake-marketplace-backfill"), QStringLiteral("60"),
                   QStringLiteral("--fake-marketplace-rate"), QStringLiteral("20"),
                   QStringLiteral("--fake-marketplace-hard"),
                   QStringLiteral("--fake-marketplace-without"), QStringLiteral("errors,slow"),
                   QStringLiteral("--fake-marketplace-limit"), QStringLiteral("100000"),
                   QStringLiteral("--fake-marketplace-burst"), QStringLiteral("10000")});
        QVERIFY(port > 0);
        const qint64 since = QDateTime::currentSecsSinceEpoch() - 3 * 3600;
        const qint64 to = QDateTime::currentSecsSinceEpoch() + 3600;

        const QSet<QString> before = ozonKeysIn(fakeOrders(port), since, to);
        QStringList paged;
        for (int offset = 0;; offset += 20) {
            const HttpReply r = ozon(port, ozonWindow(since, to, 20, offset));
            QCOMPARE(r.status, 200);
            for (const QJsonValue &v : postings(r))
                paged << v.toObject().value(QLatin1String("posting_number")).toString();
            if (!hasNext(r))
                break;
        }
        const QSet<QString> pagedSet(paged.cbegin(), paged.cend());
        const int doubled = int(paged.size() - pagedSet.size());
        int missed = 0;
        for (const QString &key : before)
            missed += !pagedSet.contains(key);
        qInfo("offset paging: %d postings before, %d read, %d shown twice, %d missed",
              int(before.size()), int(paged.size()), doubled, missed);
        QVERIFY2(doubled > 0 || missed > 0, "the boundary never shifted");

        const QSet<QString> beforeKeyset = ozonKeysIn(fakeOrders(port), since, to);
        QSet<QString> seen;
        qint64 cursor = since;
        for (int pages = 0; pages < 10000; ++pages) {
            const HttpReply r = ozon(port, ozonWindow(cursor, to, 50, 0));
            QCOMPARE(r.status, 200);
            const QJsonArray page = postings(r);
            for (const QJsonValue &v : page)
                seen.insert(v.toObject().value(QLatin1String("posting_number")).toString());
            if (!hasNext(r))
                break;
            const qint64 next =
                seconds(page.last().toObject().value(QLatin1String("in_process_at")).toString());
            // A page of one second only: the limit must be larger than the ties.
            QVERIFY(next > cursor);
            cursor = next;
        }
        for (const QString &key : beforeKeyset)
            QVERIFY2(seen.contains(key), qPrintable(key));
        int injected = 0;
        for (const FakeOrder &o : fakeOrders(port))
            injected += o.injected;
        QVERIFY(injected > 0);
    }

    // WB's next cursor: every order once, the ones there before the paging began included;
    // ids past 2^53 come back as exact integers.
    void wbCursorSeesEveryOrderOnce()
    {
        const int port =
            start({QStringLiteral("--seed"), QStringLiteral("31"),
                   QStringLiteral("--fake-marketplace-backfill"), QStringLiteral("60"),
                   QStringLiteral("--fake-marketplace-rate"), QStringLiteral("20"),
                   QStringLiteral("--fake-marketplace-hard"),
                   QStringLiteral("--fake-marketplace-without"), QStringLiteral("errors,slow"),
                   QStringLiteral("--fake-marketplace-limit"), QStringLiteral("100000"),
                   QStringLiteral("--fake-marketplace-burst"), QStringLiteral("10000")});
        QVERIFY(port > 0);
        QSet<QString> before;
        for (const FakeOrder &o : fakeOrders(port)) {
            if (o.api == QLatin1String("wb"))
                before.insert(o.key);
        }
        QVERIFY(before.size() > 100);
        const QRegularExpression idText(QStringLiteral("\"id\":(\\d+)"));
        const QRegularExpression nextText(QStringLiteral("\"next\":(\\d+)"));
        QStringList seen;
        QByteArray next = "0";
        for (int pages = 0; pages < 10000; ++pages) {
            const HttpReply r = wb(port, "limit=7&next=" + next);
            QCOMPARE(r.status, 200);
            const QString body = QString::fromUtf8(r.body);
            QStringList ids;
            for (auto it = idText.globalMatch(body); it.hasNext();)
                ids << it.next().captured(1);
            if (ids.isEmpty())
                break;
            seen += ids;
            // The cursor is the last id given, written exactly.
            QCOMPARE(nextText.match(body).captured(1), ids.last());
            next = ids.last().toLatin1();
        }
        const QSet<QString> seenSet(seen.cbegin(), seen.cend());
        QCOMPARE(seenSet.size(), seen.size());
        for (const QString &key : before)
            QVERIFY2(seenSet.contains(key), qPrintable(key));
        QSet<QString> after;
        for (const FakeOrder &o : fakeOrders(port)) {
            if (o.api == QLatin1String("wb"))
                after.insert(o.key);
        }
        QVERIFY(after.contains(seenSet));

        // Past 2^53, and at least one that a double cannot hold.
        int lossy = 0;
        for (const QString &id : seen) {
            const qint64 exact = id.toLongLong();
            QVERIFY(exact > 0);
            if (exact > (qint64(1) << 53) && qint64(double(exact)) != exact)
                ++lossy;
        }
        QVERIFY2(lossy > 0, "no WB id a double would change");

        QCOMPARE(wb(port, "limit=0&next=0").status, 400);
        QCOMPARE(wb(port, "limit=10").status, 400);
    }

    void wbStatusesAnswerTheAskedIdsExactly()
    {
        // Statuses at a thousand times life's pace, so a backfilled hour has every kind.
        const int port =
            start({QStringLiteral("--seed"), QStringLiteral("37"),
                   QStringLiteral("--fake-marketplace-backfill"), QStringLiteral("60"),
                   QStringLiteral("--fake-marketplace-rate"), QStringLiteral("20"),
                   QStringLiteral("--fake-marketplace-status-speed"), QStringLiteral("1000"),
                   QStringLiteral("--fake-marketplace-no-live")});
        QVERIFY(port > 0);
        QHash<QString, QString> statusOf;
        for (const FakeOrder &o : fakeOrders(port)) {
            if (o.api == QLatin1String("wb"))
                statusOf.insert(o.key, o.lastStatus);
        }
        QVERIFY(statusOf.size() > 100);
        QSet<QString> kinds(statusOf.cbegin(), statusOf.cend());
        QVERIFY2(kinds.contains(QStringLiteral("complete/sold")) && kinds.size() >= 2,
                 qPrintable(QStringList(kinds.cbegin(), kinds.cend()).join(QLatin1Char(' '))));
        // Every id the fake made, one that is not its (the first id plus 2^60), in one body.
        QStringList ids = statusOf.keys();
        const QString foreign = QString::number(ids.first().toLongLong() + (qint64(1) << 60));
        const QByteArray body =
            "{\"orders\": [" +
            (ids.join(QLatin1Char(',')) + QLatin1Char(',') + foreign).toLatin1() + "]}";
        const auto post = [port](const QByteArray &b, const QByteArray &token = kWbToken) {
            return HttpClient::exchange(
                port,
                HttpClient::post("/api/v3/orders/status", b,
                                 {{"Content-Type", "application/json"}, {"Authorization", token}}),
                15000);
        };
        const HttpReply r = post(body);
        QCOMPARE(r.status, 200);
        const QRegularExpression entry(QStringLiteral(
            "\\{\"id\":(\\d+),\"supplierStatus\":\"([a-z_]+)\",\"wbStatus\":\"([a-z_]+)\"\\}"));
        QHash<QString, QString> answered;
        for (auto it = entry.globalMatch(QString::fromUtf8(r.body)); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            answered.insert(m.captured(1), m.captured(2) + QLatin1Char('/') + m.captured(3));
        }
        // Digit for digit, ids past 2^53 included, each with its status as of now.
        QCOMPARE(answered, statusOf);
        QVERIFY(!answered.contains(foreign));

        QCOMPARE(post("{\"orders\": []}").status, 400);
        QCOMPARE(post("{\"orders\": [1.5]}").status, 400);
        QCOMPARE(post("[1,2]").status, 400);
        QCOMPARE(post(body, "wrong").status, 401);
    }

    void rateLimitAnswers429()
    {
        const int port = start({QStringLiteral("--seed"), QStringLiteral("41"),
                                QStringLiteral("--fake-marketplace-limit"), QStringLiteral("60"),
                                QStringLiteral("--fake-marketplace-burst"), QStringLiteral("5")});
        QVERIFY(port > 0);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(wb(port, "limit=10&next=0").status, 200);
        HttpReply r = wb(port, "limit=10&next=0");
        QCOMPARE(r.status, 429);
        QVERIFY(r.header("x-ratelimit-retry").toInt() >= 1);
        QCOMPARE(r.header("x-ratelimit-limit"), QByteArray("5"));
        QCOMPARE(r.header("x-ratelimit-remaining"), QByteArray("0"));
        QVERIFY(!r.header("x-ratelimit-reset").isEmpty());

        // Ozon has its own bucket.
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        for (int i = 0; i < 5; ++i)
            QCOMPARE(ozon(port, ozonWindow(now - 600, now, 10, 0)).status, 200);
        r = ozon(port, ozonWindow(now - 600, now, 10, 0));
        QCOMPARE(r.status, 429);
        QVERIFY(r.header("retry-after").toInt() >= 1);
        QCOMPARE(QJsonDocument::fromJson(r.body).object().value(QLatin1String("code")).toInt(), 8);

        // One a second comes back.
        QThread::msleep(1100);
        QCOMPARE(wb(port, "limit=10&next=0").status, 200);
        QCOMPARE(stats(port)
                     .value(QLatin1String("wb"))
                     .toObject()
                     .value(QLatin1String("rate_limited"))
                     .toInt(),
                 1);

        // And on command, with 5xx and slow answers.
        QThread::msleep(1100);
        QCOMPARE(HttpClient::get(port, "/fake/misbehave?api=wb&mode=503&seconds=4").status, 200);
        r = wb(port, "limit=10&next=0");
        QCOMPARE(r.status, 503);
        QCOMPARE(r.header("retry-after"), QByteArray("4"));
        QThread::msleep(1100);
        QCOMPARE(HttpClient::get(port, "/fake/misbehave?api=ozon&mode=slow&seconds=1").status, 200);
        QElapsedTimer t;
        t.start();
        QCOMPARE(ozon(port, ozonWindow(now - 600, now, 10, 0)).status, 200);
        QVERIFY(t.elapsed() >= 900);
        QCOMPARE(HttpClient::get(port, "/fake/misbehave?api=ozon&mode=teapot").status, 400);

        // Every API request is a line of the log.
        QFile log(m_dir.filePath(QStringLiteral("market.log")));
        QVERIFY(log.open(QIODevice::ReadOnly));
        QVERIFY(log.readAll().count("\"answer\":429") >= 2);
        log.remove();
    }

    void sameSeedSameOrders()
    {
        const QStringList args = {QStringLiteral("--fake-marketplace-backfill"),
                                  QStringLiteral("30"), QStringLiteral("--fake-marketplace-rate"),
                                  QStringLiteral("10"), QStringLiteral("--fake-marketplace-hard")};
        const int a = start(QStringList{QStringLiteral("--seed"), QStringLiteral("5")} + args);
        const int b = start(QStringList{QStringLiteral("--seed"), QStringLiteral("5")} + args);
        const int c = start(QStringList{QStringLiteral("--seed"), QStringLiteral("6")} + args);
        QVERIFY(a > 0 && b > 0 && c > 0);
        const auto keys = [](int port) {
            QStringList out;
            for (const FakeOrder &o : fakeOrders(port))
                out << o.api + QLatin1Char(' ') + o.key;
            return out.mid(0, 200);
        };
        const QStringList ka = keys(a);
        QVERIFY(ka.size() > 200 - 1);
        QCOMPARE(keys(b), ka);
        QVERIFY(keys(c) != ka);
    }

    // Hard mode without slow answers: some orders are published minutes after their own time,
    // and a few answers are 500 or 503 by themselves.
    void hardModeIsLateAndFails()
    {
        const int port =
            start({QStringLiteral("--seed"), QStringLiteral("51"),
                   QStringLiteral("--fake-marketplace-backfill"), QStringLiteral("60"),
                   QStringLiteral("--fake-marketplace-hard"),
                   QStringLiteral("--fake-marketplace-without"), QStringLiteral("slow"),
                   QStringLiteral("--fake-marketplace-late-max"), QStringLiteral("300"),
                   QStringLiteral("--fake-marketplace-limit"), QStringLiteral("100000"),
                   QStringLiteral("--fake-marketplace-burst"), QStringLiteral("10000")});
        QVERIFY(port > 0);
        const HttpReply r = HttpClient::get(port, "/fake/orders");
        int late = 0, total = 0;
        for (const QByteArray &line : r.body.split('\n')) {
            if (line.isEmpty())
                continue;
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            const qint64 delay = seconds(o.value(QLatin1String("visible_at")).toString()) -
                                 seconds(o.value(QLatin1String("created_at")).toString());
            QVERIFY(delay >= 0 && delay <= 300);
            QCOMPARE(o.value(QLatin1String("late")).toBool(), delay > 0);
            late += delay > 0;
            ++total;
        }
        QVERIFY2(late > total / 10 && late < total / 2,
                 qPrintable(QStringLiteral("%1 of %2 late").arg(late).arg(total)));

        int failed = 0;
        for (int i = 0; i < 300; ++i) {
            const int status = wb(port, "limit=1&next=0").status;
            QVERIFY(status == 200 || status == 500 || status == 503);
            failed += status != 200;
        }
        QVERIFY2(failed > 0 && failed < 30, qPrintable(QString::number(failed)));
        const QJsonObject answers = stats(port)
                                        .value(QLatin1String("wb"))
                                        .toObject()
                                        .value(QLatin1String("answers"))
                                        .toObject();
        QCOMPARE(answers.value(QLatin1String("500")).toInt() +
                     answers.value(QLatin1String("503")).toInt(),
                 failed);
    }

    void badCommandLineIsUsage()
    {
        QProcess p;
        p.start(QStringLiteral(INBOX_SIM_BINARY),
                {QStringLiteral("--fake-marketplace"), QStringLiteral("127.0.0.1:0"),
                 QStringLiteral("--fake-marketplace-without"), QStringLiteral("teapot")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 64);
        p.start(QStringLiteral(INBOX_SIM_BINARY),
                {QStringLiteral("--fake-marketplace"), QStringLiteral("127.0.0.1:0"),
                 QStringLiteral("--fake-marketplace-wb-token-file"),
                 QStringLiteral("/nonexistent")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2);
    }
};

QTEST_GUILESS_MAIN(TestFakeMarketplace)
#include "tst_fakemarketplace.moc"
