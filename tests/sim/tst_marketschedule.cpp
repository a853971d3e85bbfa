// An hour of trading on the seeds' schedule, on a fake clock: the simulator's Ozon and
// Wildberries APIs (MarketApis, no sockets) are read by inbox-poller's real adapters every 10
// minutes in 30-minute windows (20 minutes of overlap), with orders published up to 5 minutes
// late, and each page is stored through the real contract (PollDatabase: inbox.poll_open,
// poll_store) in the test's PostgreSQL. Then:
//   - nothing is missed: every order visible before the last poll is an event;
//   - nothing is doubled: every event names an order (and a status) the fake made;
//   - the repeats are what the schedule predicts: each list entry is delivered exactly as many
//     times as the windows read it (three for an order that is neither at the hour's edges nor
//     late: the seeds' "one order falls into three fetches in a row"), counted by the test from
//     the windows the adapters asked for, and compared with inbox.events.deliveries (Ozon's
//     keyset paging reads the postings of a page's last instant twice: never fewer, and more
//     only for those).
//   - every order's status as of the last poll is an event (WB's asked after each window,
//     Ozon's found by the hourly sweep of the watched postings).
// A second row adds the shifting page boundary (a posting published inside the window being
// paged): still nothing missed or doubled, and no order read fewer times than predicted.
#include "contract_util.h"
#include "databasetestcase.h"
#include "makeadapter.h"
#include "marketapis.h"
#include "polladapter.h"
#include "polldatabase.h"

#include <QHash>
#include <QSet>
#include <QtTest>

#include <map>
#include <numeric>

using namespace contract;
using namespace inbox;
using sim::Market;
using sim::MarketOrder;
using sim::MarketOrders;
using sim::MarketStatus;

namespace {

constexpr qint64 kStartS = 1796371200; // 2026-12-04T08:00:00Z
constexpr int kIntervalS = 600;
constexpr int kWindowS = 1800;
constexpr int kHourPolls = 7; // at 0, 10, ..., 60 minutes
constexpr int kLateMaxS = 300;

struct Source
{
    QString name;
    Market market = Market::Ozon;
    std::unique_ptr<poll::PollAdapter> adapter;
    QJsonObject cursor;
    QVector<std::pair<qint64, qint64>> windows; // [since, to] of each poll, in seconds
    int requests = 0;
    QSet<qint64> pageEnds; // the time of the last item of each page that was not a poll's last
};

std::unique_ptr<poll::PollAdapter> makeMarketAdapter(const QString &name)
{
    poll::AdapterSettings settings;
    settings.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:1"));
    settings.secrets.insert(QStringLiteral("client_id"), "1");
    settings.secrets.insert(QStringLiteral("api_key"), "k");
    settings.secrets.insert(QStringLiteral("token"), "t");
    settings.pageSize = 40; // many pages per window: many page boundaries
    settings.overlapMs = qint64(kWindowS - kIntervalS) * 1000;
    settings.firstWindowMs = qint64(kWindowS) * 1000;
    QList<poll::SettingProblem> problems;
    return poll::makeAdapter(name, settings, &problems);
}

qint64 secondsOf(const QJsonValue &iso)
{
    return QDateTime::fromString(iso.toString(), Qt::ISODateWithMs).toSecsSinceEpoch();
}

} // namespace

class TestMarketSchedule : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestMarketSchedule() : DatabaseTestCase{{"poller", {"inbox_ingest"}}} {}

private slots:
    void anHourOfOverlappingWindows_data()
    {
        QTest::addColumn<bool>("boundary");
        QTest::newRow("late items") << false;
        QTest::newRow("late items, shifting boundary") << true;
    }

    void anHourOfOverlappingWindows()
    {
        QFETCH(bool, boundary);
        // 20 orders a minute over both marketplaces, 25 minutes of them before the first poll
        // (its first window reaches 30 minutes back, the latest of them included).
        MarketOrders::Settings book;
        book.seed = 23;
        book.perMinute = 20;
        book.lateMaxS = kLateMaxS;
        book.startS = kStartS;
        book.backfillMinutes = 25;
        sim::MarketApis apis(book, boundary, kLateMaxS, 0xb0da7);

        poll::PollDatabase db(m_db.options(QStringLiteral("poller")), QStringLiteral("tst"));
        std::vector<Source> sources(2);
        sources[0].name = QStringLiteral("ozon-fbs");
        sources[0].market = Market::Ozon;
        sources[0].adapter = makeMarketAdapter(QStringLiteral("ozon"));
        sources[1].name = QStringLiteral("wb-orders");
        sources[1].market = Market::Wb;
        sources[1].adapter = makeMarketAdapter(QStringLiteral("wb"));
        for (Source &s : sources) {
            QVERIFY(s.adapter);
            DbError error;
            const auto opened = db.open(s.name, s.adapter->name(), &error);
            QVERIFY2(opened, qPrintable(error.oneLine()));
            s.cursor = opened->cursor;
        }

        // The clock stands still while a poll pages through its window (the fake answers as
        // of the poll's instant), so the windows alone say what each poll could see.
        for (int k = 0; k < kHourPolls; ++k) {
            const qint64 nowS = kStartS + qint64(k) * kIntervalS;
            const QDateTime now = QDateTime::fromSecsSinceEpoch(nowS, Qt::UTC);
            for (Source &s : sources) {
                for (bool done = false, first = true; !done; first = false) {
                    poll::PollRequest r;
                    QString error;
                    QVERIFY2(s.adapter->nextRequest(s.cursor, now, &r, &error), qPrintable(error));
                    if (first)
                        s.windows.append({secondsOf(r.requestCursor.value(QLatin1String("since"))),
                                          secondsOf(r.requestCursor.value(QLatin1String("to")))});
                    QVERIFY2(++s.requests < 10000, "a poll that never ends");
                    const QByteArray target =
                        r.url.path(QUrl::FullyEncoded).toLatin1() +
                        (r.url.hasQuery() ? "?" + r.url.query().toLatin1() : QByteArray());
                    const sim::MarketAnswer answer = apis.answer(r.method, target, r.body, nowS);
                    QVERIFY2(answer.status == 200, qPrintable(answer.refusal));
                    const poll::PolledPage page = s.adapter->readPage(r.requestCursor, answer.body);
                    QVERIFY2(page.error.isEmpty(), qPrintable(page.error));
                    DbError dbError;
                    QVERIFY2(db.store(s.name, page, &dbError), qPrintable(dbError.oneLine()));
                    if (!page.pollDone && !page.items.isEmpty())
                        s.pageEnds.insert(page.items.constLast().occurredAt.toSecsSinceEpoch());
                    s.cursor = page.cursor;
                    done = page.pollDone;
                }
            }
        }
        const qint64 lastS = kStartS + qint64(kHourPolls - 1) * kIntervalS;

        // What the inbox holds: deliveries per key, per source.
        QHash<QString, QHash<QString, qint64>> stored;
        PgResult rows = m_db.su().exec(
            QStringLiteral("SELECT source, external_id, deliveries FROM inbox.events"));
        QVERIFY2(rows.ok, qPrintable(rows.message));
        for (int i = 0; i < rows.rows(); ++i)
            stored[rows.value(i, 0)].insert(rows.value(i, 1), rows.value(i, 2).toLongLong());

        QMap<int, int> fetchesSeen; // how many windows read a WB order -> orders
        int missed = 0, fewer = 0, checked = 0;
        qint64 extra = 0; // deliveries beyond the windows' count (page boundaries re-read)
        QSet<QString> known;
        for (const MarketOrder &o : apis.orders().orders()) {
            if (o.injected ? o.visibleS >= lastS : o.visibleS > lastS)
                continue;
            const Source &s = sources.at(o.market == Market::Ozon ? 0 : 1);
            const QHash<QString, qint64> &events = stored.value(s.name);
            // Each poll that could see it, with the status it had then (Ozon's key carries it).
            std::map<QString, qint64> predicted;
            for (int k = 0; k < s.windows.size(); ++k) {
                const qint64 atS = kStartS + qint64(k) * kIntervalS;
                // A posting the boundary put inside the page being read is published during
                // that poll, after the pages before it: only the next poll is sure to see it.
                const bool published = o.injected ? o.visibleS < atS : o.visibleS <= atS;
                if (published && o.createdS >= s.windows[k].first &&
                    o.createdS <= s.windows[k].second)
                    ++predicted[o.market == Market::Ozon
                                    ? o.key + QLatin1Char('/') + o.statusAt(atS)
                                    : o.key];
            }
            for (const MarketStatus &st : o.statuses)
                known.insert(o.key + QLatin1Char('/') + st.status);
            known.insert(o.key);
            if (predicted.empty()) {
                ++missed; // a window schedule that cannot see it: the overlap is too short
                continue;
            }
            for (const auto &[key, fetches] : predicted) {
                ++checked;
                if (!events.contains(key)) {
                    ++missed;
                    qWarning("missing %s", qPrintable(key));
                } else if (events.value(key) < fetches) {
                    ++fewer;
                } else if (o.market == Market::Wb && !boundary) {
                    // WB's id cursor reads each order once a window: exactly as predicted.
                    QCOMPARE(events.value(key), fetches);
                } else if (events.value(key) > fetches) {
                    // Ozon's keyset paging reads the postings of a page's last instant again
                    // at the start of the next page: more deliveries only there.
                    extra += events.value(key) - fetches;
                    QVERIFY2(o.market == Market::Ozon && s.pageEnds.contains(o.createdS),
                             qPrintable(key));
                }
            }
            if (o.market == Market::Wb)
                ++fetchesSeen[int(predicted.begin()->second)];
            // Its status as of the last poll: WB's are asked for after every window, and Ozon's
            // hourly sweep (status_every) falls on the hour's last poll.
            QVERIFY2(events.contains(o.key + QLatin1Char('/') + o.statusAt(lastS)),
                     qPrintable(o.key + QLatin1Char('/') + o.statusAt(lastS)));
        }
        QCOMPARE(missed, 0);
        QCOMPARE(fewer, 0);
        QVERIFY2(checked > 1000, qPrintable(QString::number(checked)));
        // Nothing doubled: every key the inbox holds is one the fake made.
        for (const Source &s : sources) {
            const QHash<QString, qint64> &events = stored.value(s.name);
            for (auto it = events.cbegin(); it != events.cend(); ++it)
                QVERIFY2(known.contains(it.key()),
                         qPrintable(s.name + QLatin1Char(' ') + it.key()));
        }
        // The seeds' case: most orders are read by three windows in a row, none by more.
        const int orders = std::accumulate(fetchesSeen.cbegin(), fetchesSeen.cend(), 0);
        QVERIFY2(fetchesSeen.value(3) * 2 > orders, qPrintable(QString::number(orders)));
        QVERIFY(fetchesSeen.lastKey() <= 3);
        const PgResult totals = m_db.su().exec(QStringLiteral(
            "SELECT source, new_events, repeats FROM inbox.poll_sources ORDER BY source"));
        QVERIFY2(totals.ok, qPrintable(totals.message));
        for (int i = 0; i < totals.rows(); ++i)
            qInfo("%s: %s events, %s repeats", qPrintable(totals.value(i, 0)),
                  qPrintable(totals.value(i, 1)), qPrintable(totals.value(i, 2)));
        qInfo("wb orders by windows that read them: 1: %d, 2: %d, 3: %d; ozon page re-reads: "
              "%lld; requests: ozon %d, wb %d",
              fetchesSeen.value(1), fetchesSeen.value(2), fetchesSeen.value(3), extra,
              sources[0].requests, sources[1].requests);
    }
};

QTEST_GUILESS_MAIN(TestMarketSchedule)
#include "tst_marketschedule.moc"
