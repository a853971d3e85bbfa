// The pull door's contract (0029: poll_sources, poll_open, poll_store, poll_failed) against a
// real PostgreSQL: overlapping pages store each item once with the repeats journalled, the
// cursor moves only with the items it covers (a bad page writes neither), a poll's figures
// land when it ends, failures and a stop are journalled once per change of state, another
// adapter is refused, and two sessions storing pages of one source queue on its row.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

#include <thread>

using namespace contract;

namespace {

const QString kStore = QStringLiteral(
    "SELECT ord, event_id, outcome FROM inbox.poll_store('poller-1', $1, $2::text[], $3::bytea[],"
    " NULL, NULL, NULL, $4::jsonb, $5, $6::timestamptz)");

// A text[] literal of simple ids (no quotes or commas in the tests' ids).
QString ids(const QStringList &items)
{
    return QLatin1Char('{') + items.join(QLatin1Char(',')) + QLatin1Char('}');
}

// A bytea[] literal: each body as hex.
QString bodies(const QStringList &items)
{
    QStringList hex;
    for (const QString &b : items)
        hex << QStringLiteral("\"\\\\x") + QString::fromLatin1(b.toUtf8().toHex()) +
                   QLatin1Char('"');
    return QLatin1Char('{') + hex.join(QLatin1Char(',')) + QLatin1Char('}');
}

// The outcomes of a page, space separated, in item order.
QString outcomes(const PgResult &r)
{
    QStringList out;
    for (int i = 0; i < r.rows(); ++i)
        out << r.value(i, 2);
    return out.join(QLatin1Char(' '));
}

PgResult storePage(PgSession &s, const QString &source, std::initializer_list<const char *> keyList,
                   const QString &cursor, bool done = false, const QString &windowEnd = QString())
{
    QStringList keys;
    for (const char *k : keyList)
        keys << QString::fromLatin1(k);
    QStringList b;
    for (const QString &k : keys)
        b << QStringLiteral("{\"id\":\"%1\"}").arg(k);
    return s.exec(kStore, {source, ids(keys), bodies(b), cursor, done,
                           windowEnd.isEmpty() ? QVariant() : QVariant(windowEnd)});
}

// The error's primary message, without "ERROR:" and the context lines.
QString primary(const PgResult &r)
{
    QString m = r.message.section(QLatin1Char('\n'), 0, 0);
    if (m.startsWith(QLatin1String("ERROR:")))
        m = m.mid(6).trimmed();
    return m;
}

QString row(PgSession &su, const QString &source, const QString &columns)
{
    return one(su,
               QStringLiteral("SELECT concat_ws(' ', %1) FROM inbox.poll_sources "
                              "WHERE source = $1")
                   .arg(columns),
               {source});
}

QString pollEntries(PgSession &su, const QString &source)
{
    return one(su,
               QStringLiteral("SELECT coalesce(string_agg(entry, ' ' ORDER BY id), '') "
                              "FROM inbox.journal WHERE entry LIKE 'poll\\_%' "
                              "AND detail->>'source' = $1"),
               {source});
}

} // namespace

class TestPoll : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestPoll() : DatabaseTestCase{{"p_ingest", {"inbox_ingest"}}, {"p_support", {"inbox_support"}}}
    {}

private slots:
    void overlappingPagesStoreEachItemOnce()
    {
        PgSession in(m_db.conninfo(QStringLiteral("p_ingest")));
        PgSession &su = m_db.su();
        const PgResult opened =
            in.exec(QStringLiteral("SELECT cursor::text, state FROM inbox.poll_open('poller-1', "
                                   "'ozon', 'ozon')"));
        QVERIFY_SQL(opened);
        QCOMPARE(opened.value(0, 0), QStringLiteral("{}"));
        QCOMPARE(opened.value(0, 1), QStringLiteral("polling"));

        PgResult r = storePage(in, QStringLiteral("ozon"), {"a", "b", "c"},
                               QStringLiteral("{\"since\":\"x\",\"offset\":3}"));
        QVERIFY_SQL(r);
        QCOMPARE(outcomes(r), QStringLiteral("new new new"));
        QCOMPARE(row(su, QStringLiteral("ozon"),
                     QStringLiteral("cursor->>'offset', current_items, current_new, polls, "
                                    "coalesce(last_items::text, '-')")),
                 QStringLiteral("3 3 3 0 -"));
        // The next window overlaps: two known items and one new, and the poll ends.
        r = storePage(in, QStringLiteral("ozon"), {"b", "c", "d"},
                      QStringLiteral("{\"polled_to\":\"2026-12-04T10:00:00.000Z\"}"), true,
                      QStringLiteral("2026-12-04T10:00:00Z"));
        QVERIFY_SQL(r);
        QCOMPARE(outcomes(r), QStringLiteral("duplicate duplicate new"));
        QCOMPARE(r.value(0, 1),
                 one(su, QStringLiteral("SELECT id FROM inbox.events "
                                        "WHERE source = 'ozon' AND external_id = 'b'")));
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = 'ozon'")),
            4);
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal j JOIN inbox.events e"
                                      " ON e.id = j.event_id WHERE e.source = 'ozon'"
                                      " AND j.entry = 'duplicate'")),
            2);
        QCOMPARE(row(su, QStringLiteral("ozon"),
                     QStringLiteral("polls, last_items, last_new, last_repeats, last_conflicts, "
                                    "current_items, items, new_events, repeats, "
                                    "polled_to = '2026-12-04T10:00:00Z', "
                                    "last_success_at IS NOT NULL, cursor::text")),
                 QStringLiteral("1 6 4 2 0 0 6 4 2 t t {\"polled_to\": "
                                "\"2026-12-04T10:00:00.000Z\"}"));
        // A restart hands back the stored cursor.
        QCOMPARE(one(in, QStringLiteral("SELECT cursor->>'polled_to' FROM "
                                        "inbox.poll_open('poller-2', 'ozon', 'ozon')")),
                 QStringLiteral("2026-12-04T10:00:00.000Z"));
    }

    void changedContentIsAConflict()
    {
        PgSession in(m_db.conninfo(QStringLiteral("p_ingest")));
        PgSession &su = m_db.su();
        QVERIFY_SQL(
            in.exec(QStringLiteral("SELECT * FROM inbox.poll_open('poller-1', 'wb', 'wb')")));
        QVERIFY_SQL(storePage(in, QStringLiteral("wb"), {"1"}, QStringLiteral("{}")));
        const PgResult r =
            in.exec(kStore, {QStringLiteral("wb"), ids({QStringLiteral("1")}),
                             bodies({QStringLiteral("{\"id\":\"1\",\"price\":2}")}),
                             QStringLiteral("{}"), true, QStringLiteral("2026-12-04T10:00:00Z")});
        QVERIFY_SQL(r);
        QCOMPARE(outcomes(r), QStringLiteral("conflict"));
        QCOMPARE(row(su, QStringLiteral("wb"), QStringLiteral("last_conflicts, conflicts")),
                 QStringLiteral("1 1"));
    }

    void aBadPageMovesNeitherItemsNorCursor()
    {
        PgSession in(m_db.conninfo(QStringLiteral("p_ingest")));
        PgSession &su = m_db.su();
        QVERIFY_SQL(in.exec(QStringLiteral("SELECT * FROM inbox.poll_open('poller-1', 'bad', "
                                           "'json_list')")));
        QVERIFY_SQL(storePage(in, QStringLiteral("bad"), {"a"}, QStringLiteral("{\"offset\":1}")));
        // The second item has no id: accept_many refuses the whole page, cursor included.
        PgResult r = in.exec(kStore, {QStringLiteral("bad"), QStringLiteral("{b,NULL}"),
                                      bodies({QStringLiteral("{}"), QStringLiteral("{}")}),
                                      QStringLiteral("{\"offset\":3}"), false, QVariant()});
        QCOMPARE(r.sqlstate, QStringLiteral("22004"));
        QVERIFY2(r.message.contains(QLatin1String("p_external_ids[2]")), qPrintable(r.message));
        QCOMPARE(row(su, QStringLiteral("bad"), QStringLiteral("cursor->>'offset', items")),
                 QStringLiteral("1 1"));
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = 'bad'")),
            1);

        r = in.exec(kStore, {QStringLiteral("bad"), QStringLiteral("{}"), QStringLiteral("{}"),
                             QStringLiteral("[1]"), false, QVariant()});
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        QCOMPARE(primary(r), QStringLiteral("p_cursor must be a JSON object"));
        r = in.exec(kStore, {QStringLiteral("bad"), QStringLiteral("{}"), QStringLiteral("{}"),
                             QStringLiteral("{}"), true, QVariant()});
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        QCOMPARE(primary(r), QStringLiteral("p_window_end must be a finite time when p_poll_done"));
        r = in.exec(kStore, {QStringLiteral("never-opened"), QStringLiteral("{}"),
                             QStringLiteral("{}"), QStringLiteral("{}"), false, QVariant()});
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        QCOMPARE(primary(r),
                 QStringLiteral("source never-opened is not open: call inbox.poll_open first"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.poll_sources "
                                           "WHERE source = 'never-opened'")),
                 0);
        // An empty page moves the cursor alone (a window with nothing in it).
        QVERIFY_SQL(storePage(in, QStringLiteral("bad"), {}, QStringLiteral("{\"offset\":9}")));
        QCOMPARE(row(su, QStringLiteral("bad"), QStringLiteral("cursor->>'offset', items")),
                 QStringLiteral("9 1"));
    }

    void anotherAdapterIsRefused()
    {
        PgSession in(m_db.conninfo(QStringLiteral("p_ingest")));
        PgSession &su = m_db.su();
        QVERIFY_SQL(
            in.exec(QStringLiteral("SELECT * FROM inbox.poll_open('poller-1', 'shop', 'ozon')")));
        QVERIFY_SQL(storePage(in, QStringLiteral("shop"), {}, QStringLiteral("{\"offset\":5}")));
        const PgResult r = in.exec(
            QStringLiteral("SELECT * FROM inbox.poll_open('poller-1', 'shop', 'json_list')"));
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        QCOMPARE(primary(r),
                 QStringLiteral("source shop is polled by adapter ozon, not json_list"));
        QCOMPARE(row(su, QStringLiteral("shop"), QStringLiteral("adapter, cursor->>'offset'")),
                 QStringLiteral("ozon 5"));
        QCOMPARE(primary(in.exec(
                     QStringLiteral("SELECT * FROM inbox.poll_open('poller-1', 'shop', 'Ozon')"))),
                 QStringLiteral("p_adapter must be 1..32 characters of a-z, 0-9 and _"));
    }

    void failuresAndAStopAreJournalledOncePerChange()
    {
        PgSession in(m_db.conninfo(QStringLiteral("p_ingest")));
        PgSession &su = m_db.su();
        const QString fail =
            QStringLiteral("SELECT inbox.poll_failed('poller-1', 'crm', $1, $2, $3)");
        QVERIFY_SQL(in.exec(QStringLiteral("SELECT * FROM inbox.poll_open('poller-1', 'crm', "
                                           "'json_list')")));
        QVERIFY_SQL(in.exec(fail, {QStringLiteral("HTTP 503"), 503, false}));
        QVERIFY_SQL(in.exec(fail, {QStringLiteral("timeout after 30 s"), QVariant(), false}));
        QCOMPARE(row(su, QStringLiteral("crm"),
                     QStringLiteral("state, failures, last_error, "
                                    "coalesce(last_http_status::text, '-')")),
                 QStringLiteral("failing 2 timeout after 30 s -"));
        QCOMPARE(pollEntries(su, QStringLiteral("crm")), QStringLiteral("poll_failing"));
        // A stored page ends the failing spell.
        QVERIFY_SQL(storePage(in, QStringLiteral("crm"), {"x"}, QStringLiteral("{}")));
        QCOMPARE(row(su, QStringLiteral("crm"), QStringLiteral("state, failures")),
                 QStringLiteral("polling 0"));
        QCOMPARE(pollEntries(su, QStringLiteral("crm")),
                 QStringLiteral("poll_failing poll_recovered"));
        // A 401 stops the source; more failures and pages do not start it again.
        QVERIFY_SQL(in.exec(fail, {QStringLiteral("HTTP 401: bad token"), 401, true}));
        QVERIFY_SQL(in.exec(fail, {QStringLiteral("HTTP 500"), 500, false}));
        QCOMPARE(row(su, QStringLiteral("crm"),
                     QStringLiteral("state, failures, last_http_status, stopped_at IS NOT NULL")),
                 QStringLiteral("stopped 2 500 t"));
        QCOMPARE(pollEntries(su, QStringLiteral("crm")),
                 QStringLiteral("poll_failing poll_recovered poll_stopped"));
        // A restart (poll_open) is how a person says the token is fixed.
        QCOMPARE(one(in, QStringLiteral("SELECT state FROM inbox.poll_open('poller-1', 'crm', "
                                        "'json_list')")),
                 QStringLiteral("polling"));
        QCOMPARE(pollEntries(su, QStringLiteral("crm")),
                 QStringLiteral("poll_failing poll_recovered poll_stopped poll_resumed"));
        QCOMPARE(one(su, QStringLiteral("SELECT actor FROM inbox.journal WHERE entry = "
                                        "'poll_stopped' AND detail->>'source' = 'crm'")),
                 QStringLiteral("poller-1"));

        const PgResult bad = in.exec(fail, {QStringLiteral("x"), 99, false});
        QCOMPARE(bad.sqlstate, QStringLiteral("22023"));
        QCOMPARE(primary(bad), QStringLiteral("p_http_status must be NULL or 100..599, got 99"));
        QCOMPARE(in.exec(fail, {QVariant(), QVariant(), false}).sqlstate, QStringLiteral("22004"));
    }

    void supportReadsTheSourcesIngestDoesNot()
    {
        PgSession in(m_db.conninfo(QStringLiteral("p_ingest")));
        PgSession support(m_db.conninfo(QStringLiteral("p_support")));
        QVERIFY_SQL(in.exec(QStringLiteral("SELECT * FROM inbox.poll_open('poller-1', 'seen', "
                                           "'json_list')")));
        QCOMPARE(one(support, QStringLiteral("SELECT adapter FROM inbox.poll_sources "
                                             "WHERE source = 'seen'")),
                 QStringLiteral("json_list"));
        QCOMPARE(in.exec(QStringLiteral("SELECT * FROM inbox.poll_sources")).sqlstate,
                 QStringLiteral("42501"));
        QCOMPARE(
            support.exec(QStringLiteral("UPDATE inbox.poll_sources SET cursor = '{}'")).sqlstate,
            QStringLiteral("42501"));
    }

    // Two pollers storing pages of one source: the second waits for the first's transaction,
    // then both pages are counted and every item is one event.
    void pagesOfOneSourceQueueOnItsRow()
    {
        PgSession first(m_db.conninfo(QStringLiteral("p_ingest")));
        PgSession second(m_db.conninfo(QStringLiteral("p_ingest")));
        PgSession &su = m_db.su();
        QVERIFY_SQL(first.exec(QStringLiteral("SELECT * FROM inbox.poll_open('poller-1', 'race', "
                                              "'json_list')")));
        QVERIFY_SQL(first.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(
            storePage(first, QStringLiteral("race"), {"a", "b"}, QStringLiteral("{\"n\":1}")));
        const int secondPid = backendPid(second);
        PgResult late;
        std::thread t([&] {
            late =
                storePage(second, QStringLiteral("race"), {"b", "c"}, QStringLiteral("{\"n\":2}"));
        });
        const bool blocked = waitUntilBlocked(su, secondPid);
        QVERIFY_SQL(first.exec(QStringLiteral("COMMIT")));
        t.join();
        QVERIFY(blocked);
        QVERIFY_SQL(late);
        QCOMPARE(outcomes(late), QStringLiteral("duplicate new"));
        QCOMPARE(row(su, QStringLiteral("race"),
                     QStringLiteral("cursor->>'n', items, new_events, repeats")),
                 QStringLiteral("2 4 3 1"));
    }
};

QTEST_GUILESS_MAIN(TestPoll)
#include "tst_poll.moc"
