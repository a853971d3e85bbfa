// JournalModel and JournalQuery against a real PostgreSQL: keyset pages in order with no
// duplicates or gaps (also while new events arrive), the sliding window, exact-then-prefix
// search, every filter, LIKE metacharacters taken literally, a slow query cancelled on the
// server when a new search comes, live "N new", and a re-read that keeps the place.
#include "contexttestcase.h"
#include "journal_util.h"
#include "modelcheck.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "journal/journalexporter.h"
#include "journal/journalmodel.h"
#include "journal/journalquery.h"
#include "pgcluster.h"
#include "pgsession.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using inbox::JournalFilter;
using inbox::JournalModel;
using inbox::JournalQuery;

class TestJournalModel : public ContextTestCase
{
    Q_OBJECT

private slots:
    // The query builder binds every value; the text never holds the search.
    void queryTextHoldsNoValues()
    {
        JournalFilter f;
        f.search = QStringLiteral("needle'); DROP TABLE x; --");
        f.sources = {QStringLiteral("wb"), QStringLiteral("o\"zon,{x}")};
        f.statuses = {QStringLiteral("failed")};
        f.range = JournalFilter::Range::Last7Days;
        const auto page = JournalQuery::page(f, inbox::JournalKey{1, 5, 7, QStringLiteral("k")},
                                             JournalQuery::Direction::Forward, 50);
        QCOMPARE(page.statements.size(), 1); // past the exact block: prefix only
        for (const auto &q : page.statements) {
            QVERIFY(!q.sql.contains(QStringLiteral("needle")));
            QVERIFY(!q.sql.contains(QStringLiteral("ozon")));
            QVERIFY(
                !q.sql.contains(QLatin1Char('?'))); // the Qt driver would take it for a placeholder
            QVERIFY(q.params.contains(QStringLiteral("{\"wb\",\"o\\\"zon,{x}\"}")));
        }
        // The same text runs through plain libpq (what the benchmark does).
        PgSession s(m_db.conninfo());
        for (const auto &q : page.statements)
            QVERIFY_SQL(s.exec(q.sql, q.params));
        const auto first =
            JournalQuery::page(f, std::nullopt, JournalQuery::Direction::Forward, 50);
        QCOMPARE(first.statements.size(), 2);
        QCOMPARE(first.paged, 1);
        for (const auto &q : first.statements)
            QVERIFY_SQL(s.exec(q.sql, q.params));
        QCOMPARE(JournalQuery::escapeLike(QStringLiteral("a%b_c\\d")),
                 QStringLiteral("a\\%b\\_c\\\\d"));
    }

    // Pages follow each other in (received_at DESC, id DESC) order with no duplicate and no
    // gap, across many pages, with ties on received_at, and while new events arrive.
    void pagesInOrderWhileEventsArrive()
    {
        fill(1500, QStringLiteral("shop"));
        // Spread received_at, with runs of equal times (ties are broken by id).
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "UPDATE inbox.events SET received_at = now() - make_interval(secs => (id / 3) * 7)")));
        const QVector<qint64> expected =
            m_db.su()
                .exec(QStringLiteral(
                    "SELECT id FROM inbox.events ORDER BY received_at DESC, id DESC"))
                .ids();
        QCOMPARE(expected.size(), 1500);

        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        QCOMPARE(model.rowCount(), JournalModel::kPageSize);
        model.setFollowing(false); // the reader scrolled down

        fetchMore(model);
        fetchMore(model);
        // New events mid-scroll: they land above, the pages below go on undisturbed.
        fill(30, QStringLiteral("late"));
        // (Said directly: this session's own notification may be held back by _notify's
        // once-a-second rule.)
        emit m_context->changed({QStringLiteral("events")});
        QTRY_COMPARE_WITH_TIMEOUT(model.newCount(), 30, 5000);
        while (model.canFetchMore({}))
            fetchMore(model);
        QCOMPARE(journalfix::ids(model), expected);
        QVERIFY(!model.hasDroppedTop());
        QCOMPARE(model.newCount(), 30);
        QCOMPARE(
            model.data(model.index(0, JournalModel::Received), JournalModel::RawRole).toLongLong(),
            model.row(0).receivedUs);
        QVERIFY(model.lastFetchMs() >= 0);
    }

    void sortByIndexedColumnsOnly()
    {
        fill(450, QStringLiteral("shop"));
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("UPDATE inbox.events SET received_at = now() - "
                                                  "make_interval(secs => (id * 37) % 1000)")));
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);

        struct Case
        {
            int column;
            Qt::SortOrder order;
            const char *sql;
        };
        const Case cases[] = {
            {JournalModel::Received, Qt::AscendingOrder, "ORDER BY received_at, id"},
            {JournalModel::Id, Qt::DescendingOrder, "ORDER BY id DESC"},
            {JournalModel::Id, Qt::AscendingOrder, "ORDER BY id"},
            {JournalModel::ExternalId, Qt::AscendingOrder, "ORDER BY external_id, id"},
            {JournalModel::ExternalId, Qt::DescendingOrder, "ORDER BY external_id DESC, id DESC"},
        };
        for (const Case &c : cases) {
            QSignalSpy loaded(&model, &JournalModel::loaded);
            model.sort(c.column, c.order);
            QVERIFY(loaded.wait(10000));
            while (model.canFetchMore({}))
                fetchMore(model);
            QCOMPARE(
                journalfix::ids(model),
                m_db.su()
                    .exec(QStringLiteral("SELECT id FROM inbox.events ") + QLatin1String(c.sql))
                    .ids());
            QCOMPARE(model.sortColumn(), c.column);
        }
        // A column without an index does not sort (and does not reload).
        QSignalSpy loaded(&model, &JournalModel::loaded);
        model.sort(JournalModel::Status, Qt::AscendingOrder);
        QVERIFY(!loaded.wait(300));
        QVERIFY(!JournalModel::isSortable(JournalModel::Status));
    }

    // Memory stays bounded: past kMaxRows the top of the window is let go, and walking back
    // up reads it again, in order, without duplicates.
    void windowSlidesBothWays()
    {
        const int total = JournalModel::kMaxRows + 3 * JournalModel::kPageSize + 17;
        fill(total, QStringLiteral("bulk"));
        const QVector<qint64> expected =
            m_db.su()
                .exec(QStringLiteral(
                    "SELECT id FROM inbox.events ORDER BY received_at DESC, id DESC"))
                .ids();
        JournalModel model(m_context.get());
        connect(model);
        model.setFollowing(false);
        while (model.canFetchMore({}))
            fetchMore(model);
        QVERIFY(model.hasDroppedTop());
        QCOMPARE(model.rowCount(), JournalModel::kMaxRows);
        QCOMPARE(journalfix::ids(model), expected.mid(total - JournalModel::kMaxRows));

        while (model.hasDroppedTop()) {
            model.fetchPrevious();
            QTRY_VERIFY_WITH_TIMEOUT(!model.isFetching(), 10000);
            QVERIFY(model.rowCount() <= JournalModel::kMaxRows);
        }
        QCOMPARE(journalfix::ids(model), expected.mid(0, JournalModel::kMaxRows));
        QVERIFY(model.canFetchMore({}));
    }

    void searchExactThenPrefix()
    {
        const qint64 abc = accept(QStringLiteral("wb"), QStringLiteral("ABC"));
        const qint64 abcOther = accept(QStringLiteral("ozon"), QStringLiteral("ABC"));
        accept(QStringLiteral("wb"), QStringLiteral("ABC2"));
        accept(QStringLiteral("wb"), QStringLiteral("ABC1"));
        accept(QStringLiteral("wb"), QStringLiteral("ABD"));
        accept(QStringLiteral("wb"), QStringLiteral("xABC"));
        accept(QStringLiteral("wb"), QStringLiteral("abc3")); // C collation: case matters
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);

        search(model, QStringLiteral("ABC"));
        // Exact matches first (newest first), then the prefix matches by external id.
        QCOMPARE(journalfix::externalIds(model),
                 QStringList({QStringLiteral("ABC"), QStringLiteral("ABC"), QStringLiteral("ABC1"),
                              QStringLiteral("ABC2")}));
        QCOMPARE(model.row(0).id, abcOther);
        QCOMPARE(model.row(1).id, abc);
        QCOMPARE(model.row(0).rank, 0);
        QCOMPARE(model.row(2).rank, 1);
        QCOMPARE(model.sortColumn(), -1);

        // By idempotency key: that event only.
        const QString key = m_db.su()
                                .exec(QStringLiteral("SELECT idempotency_key FROM inbox.events "
                                                     "WHERE id = $1"),
                                      {abc})
                                .value(0, 0);
        search(model, key);
        QCOMPARE(journalfix::ids(model), QVector<qint64>{abc});

        // By event id: that event first, then external ids starting with the digits.
        const qint64 numeric =
            accept(QStringLiteral("tg"), QString::number(abc) + QStringLiteral("77"));
        search(model, QString::number(abc));
        QVERIFY(model.rowCount() >= 2);
        QCOMPARE(model.row(0).id, abc);
        QCOMPARE(model.row(0).rank, 0);
        QVERIFY(journalfix::ids(model).contains(numeric));
        QCOMPARE(journalfix::ids(model).count(abc), 1);

        // A source filter narrows the search too.
        JournalFilter f = model.filter();
        f.search = QStringLiteral("ABC");
        f.sources = {QStringLiteral("ozon")};
        setFilter(model, f);
        QCOMPARE(journalfix::ids(model), QVector<qint64>{abcOther});

        search(model, QStringLiteral("nothing-like-this"));
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.canFetchMore({}));
    }

    // Many prefix matches page on (external_id, id) like any other list.
    void prefixSearchPages()
    {
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "SELECT inbox.accept('shop', 'ord-' || lpad(g::text, 5, '0'), '\\x7b7d'::bytea) "
            "FROM generate_series(1, 650) g")));
        accept(QStringLiteral("shop"), QStringLiteral("ord-"));
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        search(model, QStringLiteral("ord-"));
        while (model.canFetchMore({}))
            fetchMore(model);
        const QStringList ids = journalfix::externalIds(model);
        QCOMPARE(ids.size(), 651);
        QCOMPARE(ids.first(), QStringLiteral("ord-"));
        QStringList rest = ids.mid(1);
        QStringList sorted = rest;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(rest, sorted);
        QCOMPARE(QSet<QString>(rest.begin(), rest.end()).size(), 650);
    }

    void filters()
    {
        const qint64 a =
            accept(QStringLiteral("wb"), QStringLiteral("f-1"), QStringLiteral("order.created"));
        const qint64 b =
            accept(QStringLiteral("ozon"), QStringLiteral("f-2"), QStringLiteral("order.created"));
        const qint64 c =
            accept(QStringLiteral("tg"), QStringLiteral("f-3"), QStringLiteral("message"));
        const qint64 d =
            accept(QStringLiteral("tg"), QStringLiteral("f-4"), QStringLiteral("message"));
        // c is claimed and done, d fails for good, b gets a conflicting delivery.
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("SELECT inbox.claim('w1', 10)")));
        QVERIFY_SQL(
            m_db.su().exec(QStringLiteral("SELECT inbox.complete($1, 'w1', coalesce((SELECT "
                                          "lock_token FROM inbox.events WHERE id = $1), 0), NULL)"),
                           {c}));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.fail($1, 'w1', coalesce((SELECT lock_token FROM "
                           "inbox.events WHERE id = $1), 0), 'bad phone', false)"),
            {d}));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("UPDATE inbox.events SET status = 'received', "
                           "locked_by = NULL, locked_at = NULL WHERE id IN ($1, $2)"),
            {a, b}));
        QVERIFY_SQL(
            m_db.su().exec(QStringLiteral("SELECT inbox.accept('ozon', 'f-2', '\\x01'::bytea)")));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral(
                "UPDATE inbox.events SET received_at = now() - interval '3 days' WHERE id = $1"),
            {a}));

        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        QCOMPARE(model.rowCount(), 4);

        auto check = [&](const std::function<void(JournalFilter &)> &change, QVector<qint64> want) {
            JournalFilter f;
            change(f);
            setFilter(model, f);
            QVector<qint64> got = journalfix::ids(model);
            std::sort(got.begin(), got.end());
            std::sort(want.begin(), want.end());
            return got == want;
        };
        QVERIFY(check([](JournalFilter &f) { f.sources = {QStringLiteral("tg")}; }, {c, d}));
        QVERIFY(check(
            [](JournalFilter &f) {
                f.sources = {QStringLiteral("tg"), QStringLiteral("wb")};
            },
            {a, c, d}));
        QVERIFY(check([](JournalFilter &f) { f.statuses = {QStringLiteral("failed")}; }, {d}));
        QVERIFY(check(
            [](JournalFilter &f) {
                f.statuses = {QStringLiteral("done"), QStringLiteral("failed")};
            },
            {c, d}));
        QVERIFY(
            check([](JournalFilter &f) { f.kinds = {QStringLiteral("order.created")}; }, {a, b}));
        QVERIFY(check([](JournalFilter &f) { f.needsReview = true; }, {b}));
        QVERIFY(check([](JournalFilter &f) { f.range = JournalFilter::Range::Last24Hours; },
                      {b, c, d}));
        QVERIFY(check([](JournalFilter &f) { f.range = JournalFilter::Range::Last7Days; },
                      {a, b, c, d}));
        QVERIFY(check(
            [](JournalFilter &f) {
                f.range = JournalFilter::Range::Custom;
                f.from = QDateTime::currentDateTime().addDays(-4);
                f.to = QDateTime::currentDateTime().addDays(-2);
            },
            {a}));
        QVERIFY(check(
            [](JournalFilter &f) {
                f.range = JournalFilter::Range::Custom;
                f.from = QDateTime::currentDateTime().addDays(-1); // open end
            },
            {b, c, d}));
        QVERIFY(check(
            [](JournalFilter &f) {
                f.sources = {QStringLiteral("tg")};
                f.statuses = {QStringLiteral("done")};
                f.kinds = {QStringLiteral("message")};
            },
            {c}));
        // Raw values for the delegates and the detail.
        QCOMPARE(model.data(model.index(0, JournalModel::Status), JournalModel::RawRole).toString(),
                 QStringLiteral("done"));
        QCOMPARE(model.data(model.index(0, JournalModel::Id), JournalModel::IdRole).toLongLong(),
                 c);
    }

    void likeMetacharactersAreLiteral_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("percent") << QStringLiteral("a%") << QStringList{QStringLiteral("a%b")};
        QTest::newRow("underscore") << QStringLiteral("a_") << QStringList{QStringLiteral("a_b")};
        QTest::newRow("backslash") << QStringLiteral("a\\") << QStringList{QStringLiteral("a\\b")};
        QTest::newRow("quote") << QStringLiteral("a'") << QStringList{QStringLiteral("a'b")};
        QTest::newRow("double quote")
            << QStringLiteral("a\"") << QStringList{QStringLiteral("a\"b")};
        QTest::newRow("exact percent") << QStringLiteral("%") << QStringList{QStringLiteral("%")};
        QTest::newRow("question mark")
            << QStringLiteral("a?") << QStringList{QStringLiteral("a?b")};
        QTest::newRow("colon name") << QStringLiteral("a:b") << QStringList{QStringLiteral("a:bc")};
    }
    void likeMetacharactersAreLiteral()
    {
        QFETCH(QStringList, expected);
        for (const char *id :
             {"a%b", "a_b", "a\\b", "axb", "a'b", "a\"b", "%", "a?b", "a:bc", "abb"})
            accept(QStringLiteral("web"), QString::fromLatin1(id));
        JournalModel model(m_context.get());
        connect(model);
        QFETCH(QString, text);
        search(model, text);
        QCOMPARE(journalfix::externalIds(model), expected);
    }

    // A new search cancels the slow one on the server. The table is locked by another
    // session, so the first search waits; when the second comes, the first must stop
    // waiting on the server at once (its backend moves on to the second), long before the
    // lock goes.
    void newSearchCancelsSlowQueryOnServer()
    {
        accept(QStringLiteral("wb"), QStringLiteral("first-1"));
        accept(QStringLiteral("wb"), QStringLiteral("second-1"));
        JournalModel model(m_context.get());
        connect(model);

        PgSession locker(m_db.conninfo());
        QVERIFY_SQL(locker.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(
            locker.exec(QStringLiteral("LOCK TABLE inbox.events IN ACCESS EXCLUSIVE MODE")));

        QSignalSpy loaded(&model, &JournalModel::loaded);
        QSignalSpy busy(&model, &JournalModel::busyChanged);
        JournalFilter f;
        f.search = QStringLiteral("first");
        model.setFilter(f);
        QTRY_COMPARE_WITH_TIMEOUT(waiters().size(), 1, 10000);
        const QStringList first = waiters().first(); // pid, query_start
        QVERIFY(model.isBusy());

        f.search = QStringLiteral("second");
        model.setFilter(f);
        // The same backend now waits for the second search: the first was cancelled.
        QTRY_VERIFY_WITH_TIMEOUT(waiters().size() == 1 && waiters().first().at(0) == first.at(0) &&
                                     waiters().first().at(1) != first.at(1),
                                 10000);
        QCOMPARE(waiters().size(), 1);
        QCOMPARE(loaded.size(), 0);

        QVERIFY_SQL(locker.exec(QStringLiteral("ROLLBACK")));
        QVERIFY(loaded.wait(10000));
        QCOMPARE(journalfix::externalIds(model), QStringList{QStringLiteral("second-1")});
        QTest::qWait(200);
        QCOMPARE(loaded.size(), 1); // no late reply for the first search
        QTRY_VERIFY(!model.isBusy());

        // The Cancel button's path: the server stops, the rows of an unfinished search go.
        QVERIFY_SQL(locker.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(
            locker.exec(QStringLiteral("LOCK TABLE inbox.events IN ACCESS EXCLUSIVE MODE")));
        f.search = QStringLiteral("first");
        model.setFilter(f);
        QTRY_COMPARE_WITH_TIMEOUT(waiters().size(), 1, 10000);
        model.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(waiters().size(), 0, 5000);
        QCOMPARE(model.rowCount(), 0);
        QTRY_VERIFY(!model.isBusy());
        QVERIFY_SQL(locker.exec(QStringLiteral("ROLLBACK")));
    }

    // New events: merged at the top while the reader follows it; only counted otherwise.
    void liveEventsMergeOrCount()
    {
        fill(50, QStringLiteral("shop"));
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        QCOMPARE(model.rowCount(), 50);
        const qint64 top = model.row(0).id;

        // Following the top: a new event appears there within about two seconds.
        QElapsedTimer timer;
        timer.start();
        const qint64 fresh =
            accept(QStringLiteral("live"), QStringLiteral("live-1"), QString(), true);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 51, 5000);
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(model.row(0).id, fresh);
        QCOMPARE(model.row(1).id, top);

        // Scrolled away: rows stay put, "N new" counts what matches the filter.
        model.setFollowing(false);
        const QVector<qint64> before = journalfix::ids(model);
        accept(QStringLiteral("live"), QStringLiteral("live-2"), QString(), true);
        accept(QStringLiteral("live"), QStringLiteral("live-3"), QString(), true);
        QTRY_COMPARE_WITH_TIMEOUT(model.newCount(), 2, 5000);
        QCOMPARE(journalfix::ids(model), before);

        // A status change of a shown row is not "new".
        PgSession worker(m_db.conninfo());
        QVERIFY_SQL(worker.exec(QStringLiteral("SELECT inbox.claim('w', 1)")));
        QTest::qWait(1500);
        QCOMPARE(model.newCount(), 2);
        QCOMPARE(journalfix::ids(model), before);

        // Back at the top: the new rows come in, the count goes.
        model.setFollowing(true);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 53, 5000);
        QCOMPARE(model.newCount(), 0);
        QCOMPARE(journalfix::ids(model).mid(2), before);

        // With a filter, only matching new events count.
        JournalFilter f;
        f.sources = {QStringLiteral("live")};
        setFilter(model, f);
        model.setFollowing(false);
        accept(QStringLiteral("other"), QStringLiteral("o-1"), QString(), true);
        accept(QStringLiteral("live"), QStringLiteral("live-4"), QString(), true);
        QTRY_COMPARE_WITH_TIMEOUT(model.newCount(), 1, 5000);
    }

    // F5 / after a reconnect: the rows held are read again in place.
    void rereadKeepsThePlace()
    {
        fill(300, QStringLiteral("shop"));
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        fetchMore(model);
        model.setFollowing(false);
        const QVector<qint64> before = journalfix::ids(model);
        const qint64 target = model.row(250).id;
        QVERIFY_SQL(m_db.su().exec(QStringLiteral("UPDATE inbox.events SET status = 'failed', "
                                                  "last_error = 'CRM 503' WHERE id = $1"),
                                   {target}));
        accept(QStringLiteral("shop"), QStringLiteral("newer"));
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        m_context->requestReread();
        QTRY_COMPARE_WITH_TIMEOUT(model.row(250).status, QStringLiteral("failed"), 5000);
        QCOMPARE(model.row(250).id, target);
        QCOMPARE(model.row(250).lastError, QStringLiteral("CRM 503"));
        QCOMPARE(reset.size(), 0);
        // Nothing was pulled in above the reader: the new event is counted instead.
        QCOMPARE(journalfix::ids(model), before);
        QTRY_COMPARE_WITH_TIMEOUT(model.newCount(), 1, 5000);

        // Following the top, a re-read brings the new event in.
        model.setFollowing(true);
        QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), before.size() + 1, 5000);
        QCOMPARE(model.row(0).externalId, QStringLiteral("newer"));
    }

    // A done event's error belongs to an attempt before the one that succeeded: the table's
    // "Last error" column and its tooltip show nothing for it (issue 30, point 17), while a
    // failed event's error still shows.
    void doneEventsShowNoOldError()
    {
        fill(3, QStringLiteral("err"));
        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        QCOMPARE(model.rowCount(), 3);
        const qint64 done = model.row(0).id;
        const qint64 failed = model.row(1).id;
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("UPDATE inbox.events SET status = 'done', done_at = now(), "
                           "last_error = 'CRM 503 earlier', error_retryable = true WHERE id = $1"),
            {done}));
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("UPDATE inbox.events SET status = 'failed', last_error = 'CRM 422', "
                           "error_retryable = false WHERE id = $1"),
            {failed}));
        m_context->requestReread();
        QTRY_COMPARE_WITH_TIMEOUT(model.row(1).status, QStringLiteral("failed"), 5000);
        QCOMPARE(model.row(0).status, QStringLiteral("done"));
        const QModelIndex doneError = model.index(0, JournalModel::Error);
        QCOMPARE(model.data(doneError, Qt::DisplayRole).toString(), QString());
        QVERIFY(model.data(doneError, Qt::ToolTipRole).toString().isEmpty());
        const QModelIndex failedError = model.index(1, JournalModel::Error);
        QCOMPARE(model.data(failedError, Qt::DisplayRole).toString(), QStringLiteral("CRM 422"));
        QVERIFY(model.data(failedError, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("CRM 422")));
    }

    // Issue 36: a key prune kept (inbox.kept_keys, 0033) is an exact match of its external id:
    // a row of its own among the events', by its first-seen time, status "pruned", its
    // pruned_at, the key and deliveries it had (a late repeat counted), no body; a live event
    // of the same id in another source shows as before; filters the key cannot meet (a status
    // other than done, another source) leave it out, and prefix matches never hold it.
    void keptKeyIsAnExactMatch()
    {
        const qint64 kept = accept(QStringLiteral("wb"), QStringLiteral("ORD-7"));
        const QString key = m_db.su()
                                .exec(QStringLiteral("SELECT idempotency_key FROM inbox.events "
                                                     "WHERE id = $1"),
                                      {kept})
                                .value(0, 0);
        QVERIFY(!key.isEmpty());
        pruneEvents({kept}, {QStringLiteral("2 days")});
        const qint64 live = accept(QStringLiteral("ozon"), QStringLiteral("ORD-7"));
        const qint64 prefix = accept(QStringLiteral("wb"), QStringLiteral("ORD-70"));
        // A late repeat of the pruned key: counted on the kept row, no new event.
        QCOMPARE(accept(QStringLiteral("wb"), QStringLiteral("ORD-7")), kept);
        const PgResult k = m_db.su().exec(QStringLiteral(
            "SELECT (extract(epoch FROM pruned_at) * 1000000)::int8, "
            "(extract(epoch FROM received_at) * 1000000)::int8, deliveries FROM inbox.kept_keys "
            "WHERE source = 'wb' AND external_id = 'ORD-7'"));
        QCOMPARE(k.rows(), 1);
        QCOMPARE(k.value(0, 2), QStringLiteral("2"));

        JournalModel model(m_context.get());
        const ModelCheck tester(&model);
        connect(model);
        search(model, QStringLiteral("ORD-7"));
        QCOMPARE(journalfix::ids(model), (QVector<qint64>{live, kept, prefix}));
        // The first search found the kept keys' sources itself (a skip scan); the next ones
        // probe those sources (the unfiltered "done" below).
        QCOMPARE(model.keptSources(),
                 std::optional<QStringList>(QStringList{QStringLiteral("wb")}));
        const inbox::JournalRow &row = model.row(1);
        QVERIFY(row.isKept());
        QVERIFY(!model.row(0).isKept());
        QVERIFY(!model.row(2).isKept());
        QCOMPARE(row.rank, 0);
        QCOMPARE(row.status, QStringLiteral("pruned"));
        QCOMPARE(row.source, QStringLiteral("wb"));
        QCOMPARE(row.prunedUs, k.value(0, 0).toLongLong());
        QCOMPARE(row.receivedUs, k.value(0, 1).toLongLong());
        QCOMPARE(row.idempotencyKey, key);
        QCOMPARE(row.deliveries, 2);
        QCOMPARE(row.bodyBytes, qint64(0));
        // The event not pruned, as before: its own status and body.
        QCOMPARE(model.row(0).status, QStringLiteral("received"));
        QVERIFY(model.row(0).bodyBytes > 0);
        QCOMPARE(model.data(model.index(1, JournalModel::Status)).toString(),
                 QStringLiteral("pruned"));
        QVERIFY(model.data(model.index(1, JournalModel::Size)).toString().isEmpty());
        QVERIFY(model.data(model.index(1, JournalModel::Attempts)).toString().isEmpty());
        QVERIFY(model.data(model.index(1, JournalModel::Status), Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Removed by retention on")));
        QCOMPARE(model.data(model.index(0, JournalModel::Status)).toString(),
                 QStringLiteral("received"));
        QVERIFY(!model.data(model.index(0, JournalModel::Size)).toString().isEmpty());

        // The CSV export of the search lists it too, without an occurrence, attempts or body.
        {
            QTemporaryDir dir;
            const QString path = dir.filePath(QStringLiteral("kept.csv"));
            inbox::JournalExporter exporter(m_context.get());
            QSignalSpy finished(&exporter, &inbox::JournalExporter::finished);
            QString error;
            QVERIFY2(exporter.start(model.filter(), path, &error), qPrintable(error));
            QVERIFY(finished.wait(10000));
            QCOMPARE(finished.first().at(2).toLongLong(), qint64(3));
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QList<QByteArray> lines = file.readAll().split('\n');
            QByteArray line;
            for (const QByteArray &l : lines) {
                if (l.startsWith(QByteArray::number(kept) + ','))
                    line = l.trimmed();
            }
            const QList<QByteArray> f = line.split(',');
            QCOMPARE(f.size(), 17);
            QCOMPARE(f.at(2), QByteArray()); // occurred_at
            QCOMPARE(f.at(6), QByteArray("pruned"));
            QCOMPARE(f.at(7), QByteArray()); // attempts
            QCOMPARE(f.at(9), QByteArray("2"));
            QCOMPARE(f.at(13), key.toUtf8());
            QCOMPARE(f.at(15), QByteArray()); // body_bytes
        }

        // Its source: the key and the prefix match; another source: the live event only.
        JournalFilter f;
        f.search = QStringLiteral("ORD-7");
        f.sources = {QStringLiteral("wb")};
        setFilter(model, f);
        QCOMPARE(journalfix::ids(model), (QVector<qint64>{kept, prefix}));
        f.sources = {QStringLiteral("ozon")};
        setFilter(model, f);
        QCOMPARE(journalfix::ids(model), QVector<qint64>{live});
        // Done: the key is of a done event; any other status leaves it out.
        f.sources.clear();
        f.statuses = {QStringLiteral("done")};
        setFilter(model, f);
        QCOMPARE(journalfix::ids(model), QVector<qint64>{kept});
        f.statuses = {QStringLiteral("received")};
        setFilter(model, f);
        QCOMPARE(journalfix::ids(model), (QVector<qint64>{live, prefix}));
        // Only the exact text finds a kept key.
        search(model, QStringLiteral("ORD-"));
        QVERIFY(!journalfix::ids(model).contains(kept));
        QCOMPARE(journalfix::ids(model).size(), 2);
    }

    // Issue 36: keyset pages over a search whose exact block holds kept keys among the events
    // lose and repeat nothing: walking down across every page boundary (the window dropping
    // its top), back up to the start (the exact block, kept keys included, read whole when the
    // walk reaches it), and a re-read in place.
    void keptKeysPageWithoutLossOrRepeat()
    {
        // Three kept keys and four live events of "K", their times interleaved.
        QVector<qint64> keptIds;
        QStringList ages;
        for (int i = 1; i <= 3; ++i) {
            keptIds << accept(QStringLiteral("k%1").arg(i), QStringLiteral("K"));
            ages << QStringLiteral("%1 minutes").arg(i * 20);
        }
        pruneEvents(keptIds, ages);
        for (int i = 1; i <= 4; ++i) {
            const qint64 id = accept(QStringLiteral("t%1").arg(i), QStringLiteral("K"));
            QVERIFY_SQL(
                m_db.su().exec(QStringLiteral("UPDATE inbox.events SET received_at = now() - "
                                              "make_interval(mins => $2::int) WHERE id = $1"),
                               {id, i * 20 - 10}));
        }
        const int prefixRows = JournalModel::kMaxRows + 2 * JournalModel::kPageSize + 33;
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("SELECT inbox.accept('bulk', 'K-' || lpad(g::text, 6, '0'), "
                           "'\\x7b7d'::bytea) FROM generate_series(1, $1::int) g"),
            {prefixRows}));
        const QVector<qint64> expected =
            m_db.su()
                .exec(QStringLiteral(
                    "SELECT id FROM ("
                    "SELECT 0 AS r, received_at AS t, id, NULL::text AS s FROM inbox.events "
                    "WHERE external_id = 'K' UNION ALL "
                    "SELECT 0, received_at, event_id, NULL FROM inbox.kept_keys "
                    "WHERE external_id = 'K' UNION ALL "
                    "SELECT 1, NULL, id, external_id FROM inbox.events "
                    "WHERE external_id LIKE 'K-%') x "
                    "ORDER BY r, t DESC, s COLLATE \"C\", CASE WHEN r = 0 THEN -id ELSE id END"))
                .ids();
        QCOMPARE(expected.size(), 7 + prefixRows);
        // The kept keys sit between the live events, not at an end of the exact block.
        QCOMPARE(expected.mid(0, 7),
                 (QVector<qint64>{expected.at(0), keptIds.at(0), expected.at(2), keptIds.at(1),
                                  expected.at(4), keptIds.at(2), expected.at(6)}));

        // No ModelCheck here: the tester asks for more rows whenever rows are inserted, and the
        // re-read below would then slide the window on by a page.
        JournalModel model(m_context.get());
        connect(model);
        search(model, QStringLiteral("K"));
        model.setFollowing(false);
        while (model.canFetchMore({}))
            fetchMore(model);
        QVERIFY(model.hasDroppedTop());
        QCOMPARE(journalfix::ids(model), expected.mid(expected.size() - JournalModel::kMaxRows));

        while (model.hasDroppedTop()) {
            model.fetchPrevious();
            QTRY_VERIFY_WITH_TIMEOUT(!model.isFetching(), 10000);
        }
        QCOMPARE(journalfix::ids(model), expected.mid(0, JournalModel::kMaxRows));
        for (int i = 0; i < 7; ++i)
            QCOMPARE(model.row(i).isKept(), keptIds.contains(model.row(i).id));

        // F5: the rows held read again in place, the kept keys among them once each.
        QSignalSpy updated(&model, &JournalModel::updated);
        m_context->requestReread();
        QVERIFY(updated.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(!model.isFetching(), 10000);
        QCOMPARE(journalfix::ids(model), expected.mid(0, JournalModel::kMaxRows));
    }

    void cleanupTestCase() { m_db.stop(); }

private:
    // The events done, first seen `ages` ago (one each) and pruned: prune keeps their keys.
    void pruneEvents(const QVector<qint64> &ids, const QStringList &ages)
    {
        for (int i = 0; i < ids.size(); ++i) {
            QVERIFY_SQL(m_db.su().exec(
                QStringLiteral("UPDATE inbox.events SET status = 'done', "
                               "received_at = now() - $2::interval, "
                               "done_at = now() - interval '100 days' WHERE id = $1"),
                {ids.at(i), ages.at(i)}));
        }
        QCOMPARE(m_db.su().exec(QStringLiteral("SELECT inbox.prune()")).value(0, 0),
                 QString::number(ids.size()));
        QCOMPARE(m_db.su()
                     .exec(QStringLiteral("SELECT count(*) FROM inbox.kept_keys "
                                          "WHERE event_id = ANY($1::int8[])"),
                           {QStringLiteral("{%1}").arg([&] {
                               QStringList t;
                               for (qint64 id : ids)
                                   t << QString::number(id);
                               return t.join(QLatin1Char(','));
                           }())})
                     .value(0, 0),
                 QString::number(ids.size()));
    }

    void connect(JournalModel &model) { QVERIFY(m_harness.connectLoaded(*m_context, &model)); }

    void setFilter(JournalModel &model, const JournalFilter &f)
    {
        QSignalSpy loaded(&model, &JournalModel::loaded);
        model.setFilter(f);
        QVERIFY(loaded.wait(10000));
    }

    void search(JournalModel &model, const QString &text)
    {
        JournalFilter f;
        f.search = text;
        setFilter(model, f);
    }

    void fetchMore(JournalModel &model)
    {
        const int before = model.rowCount();
        model.fetchMore({});
        QTRY_VERIFY_WITH_TIMEOUT(!model.isFetching(), 10000);
        QVERIFY(model.rowCount() >= before || model.hasDroppedTop());
    }

    // `fresh`: from a session of its own. inbox._notify sends a topic at most once a second
    // per session, so live tests deliver from new sessions, as separate receivers would.
    qint64 accept(const QString &source, const QString &externalId, const QString &kind = QString(),
                  bool fresh = false)
    {
        std::unique_ptr<PgSession> own;
        if (fresh)
            own = std::make_unique<PgSession>(m_db.conninfo());
        PgSession *s = fresh ? own.get() : &m_db.su();
        const PgResult r = s->exec(
            QStringLiteral("SELECT event_id FROM inbox.accept($1, $2, convert_to($3, 'UTF8'), "
                           "'application/json', NULL, $4)"),
            {source, externalId, QStringLiteral("{\"id\":1}"),
             kind.isEmpty() ? QVariant() : QVariant(kind)});
        return r.ok ? r.value(0, 0).toLongLong() : -1;
    }

    void fill(int n, const QString &source)
    {
        const PgResult r = m_db.su().exec(
            QStringLiteral("SELECT inbox.accept($1, $1 || '-' || g, convert_to('{}', 'UTF8')) "
                           "FROM generate_series(1, $2::int) g"),
            {source, n});
        QVERIFY2(r.ok, qPrintable(r.message));
    }

    // Console backends waiting on a lock: (pid, query_start) each.
    QVector<QStringList> waiters()
    {
        PgSession s(m_db.conninfo());
        const PgResult r =
            s.exec(QStringLiteral("SELECT pid, query_start FROM pg_stat_activity WHERE "
                                  "application_name = 'inbox-console' "
                                  "AND wait_event_type = 'Lock' AND datname = current_database()"));
        QVector<QStringList> out;
        for (int i = 0; i < r.rows(); ++i)
            out << QStringList{r.value(i, 0), r.value(i, 1)};
        return out;
    }
};

QTEST_GUILESS_MAIN(TestJournalModel)
#include "tst_journalmodel.moc"
