// inbox.stats_daily / stats_now / open_duplicates against a real PostgreSQL: after a mix of
// real operations (accept, claim, complete, fail, requeue) by real logins in several
// sessions, the figures match the events; sharded counters are summed; the window of days
// and UTC days hold; and stats_now never scans the events table.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

using namespace contract;

class TestStats : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestStats()
        : DatabaseTestCase{{"s_ingest", {"inbox_ingest"}},
                           {"s_worker", {"inbox_worker"}},
                           {"s_operator", {"inbox_operator"}},
                           {"s_support", {"inbox_support"}}}
    {}

private:
    static int shard(PgSession &s) { return backendPid(s) % 8; }

    // Rows of stats_daily / stats_now keyed by source, as "col=value" lists.
    static QMap<QString, QStringList> bySource(const PgResult &r, int sourceColumn)
    {
        QMap<QString, QStringList> out;
        for (int i = 0; i < r.rows(); ++i) {
            QStringList cells;
            for (int c = 0; c < r.columns.size(); ++c)
                if (c != sourceColumn && r.columns.at(c) != QLatin1String("day"))
                    cells << r.columns.at(c) + QLatin1Char('=') +
                                 (r.isNull(i, c) ? QStringLiteral("NULL") : r.value(i, c));
            out.insert(r.value(i, sourceColumn), cells);
        }
        return out;
    }

private slots:
    void figuresMatchAfterMixedOperations()
    {
        PgSession su(m_db.conninfo());
        // Two receivers on different counter shards, so the figures must be summed.
        PgSession in1(m_db.conninfo(QStringLiteral("s_ingest")));
        std::vector<std::unique_ptr<PgSession>> spare;
        auto in2 = std::make_unique<PgSession>(m_db.conninfo(QStringLiteral("s_ingest")));
        while (shard(*in2) == shard(in1)) {
            spare.push_back(std::move(in2));
            in2 = std::make_unique<PgSession>(m_db.conninfo(QStringLiteral("s_ingest")));
        }
        PgSession worker(m_db.conninfo(QStringLiteral("s_worker")));
        PgSession op(m_db.conninfo(QStringLiteral("s_operator")));
        PgSession support(m_db.conninfo(QStringLiteral("s_support")));
        // Days are UTC days whatever the reader's time zone.
        QVERIFY_SQL(support.exec(QStringLiteral("SET TimeZone = 'Pacific/Kiritimati'")));
        QVERIFY_SQL(su.exec(QStringLiteral("SET TimeZone = 'Pacific/Kiritimati'")));

        QMap<QString, qint64> ev;
        const QByteArray body("{\"n\":1}");
        for (int i = 1; i <= 5; ++i)
            ev.insert(QStringLiteral("c%1").arg(i),
                      contract::deliver(i % 2 ? in1 : *in2, QStringLiteral("crm"),
                                        QStringLiteral("c%1").arg(i), body));
        for (int i = 1; i <= 3; ++i)
            ev.insert(QStringLiteral("s%1").arg(i),
                      contract::deliver(i % 2 ? *in2 : in1, QStringLiteral("shop"),
                                        QStringLiteral("s%1").arg(i), body));
        QString outcome;
        contract::deliver(in1, QStringLiteral("crm"), QStringLiteral("c1"), body, &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));
        contract::deliver(*in2, QStringLiteral("crm"), QStringLiteral("c1"), body, &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));
        contract::deliver(*in2, QStringLiteral("crm"), QStringLiteral("c2"),
                          QByteArray("{\"n\":2}"), &outcome);
        QCOMPARE(outcome, QStringLiteral("conflict"));
        contract::deliver(in1, QStringLiteral("shop"), QStringLiteral("s1"), body, &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));

        const PgResult claimed =
            worker.exec(QStringLiteral("SELECT id FROM inbox.claim('w1', 100)"));
        QVERIFY_SQL(claimed);
        QCOMPARE(claimed.rows(), 8);
        auto complete = [&](const QString &key) {
            return one(worker, QStringLiteral("SELECT inbox.complete($1, 'w1', $2, NULL)"),
                       {ev.value(key), tokenOf(su, ev.value(key))});
        };
        QCOMPARE(complete(QStringLiteral("c1")), QStringLiteral("t"));
        QCOMPARE(complete(QStringLiteral("c3")), QStringLiteral("t"));
        QCOMPARE(complete(QStringLiteral("s1")), QStringLiteral("t"));
        QCOMPARE(one(worker,
                     QStringLiteral("SELECT inbox.fail($1, 'w1', $2, 'unknown SKU', false)"),
                     {ev.value(QStringLiteral("c4")), tokenOf(su, ev.value(QStringLiteral("c4")))}),
                 QStringLiteral("failed"));
        QCOMPARE(one(worker, QStringLiteral("SELECT inbox.fail($1, 'w1', $2, 'CRM 503', true)"),
                     {ev.value(QStringLiteral("s2")), tokenOf(su, ev.value(QStringLiteral("s2")))}),
                 QStringLiteral("received"));
        // The retry is due in about ten seconds; an hour keeps a slow machine from making it due.
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() + interval '1 hour'"
                           " WHERE id = $1 AND status = 'received' AND next_attempt_at > now()"),
            {ev.value(QStringLiteral("s2"))}));
        // c5 is stuck: its worker vanished ten minutes ago. c2 and s3 are running.
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET locked_at = locked_at - interval '10 minutes'"
                           " WHERE id = $1"),
            {ev.value(QStringLiteral("c5"))}));
        QCOMPARE(one(op,
                     QStringLiteral(
                         "SELECT outcome FROM inbox.requeue(ARRAY[$1]::bigint[], 'SKU added')"),
                     {ev.value(QStringLiteral("c4"))}),
                 QStringLiteral("requeued"));

        // Today, per source, summed over shards.
        QVERIFY(
            oneInt(
                su,
                QStringLiteral(
                    "SELECT count(DISTINCT shard) FROM inbox.daily_stats WHERE source = 'crm'")) >=
            2);
        const PgResult daily = support.exec(QStringLiteral("SELECT * FROM inbox.stats_daily(1)"));
        QVERIFY_SQL(daily);
        QCOMPARE(daily.rows(), 2);
        QCOMPARE(daily.value(0, "day"),
                 one(su, QStringLiteral("SELECT (now() AT TIME ZONE 'UTC')::date::text")));
        const auto d = bySource(daily, 1);
        QCOMPARE(d.value(QStringLiteral("crm")),
                 QStringList({QStringLiteral("received=5"), QStringLiteral("repeats=2"),
                              QStringLiteral("conflicts=1"), QStringLiteral("done=2"),
                              QStringLiteral("failed=1"), QStringLiteral("requeued=1")}));
        QCOMPARE(d.value(QStringLiteral("shop")),
                 QStringList({QStringLiteral("received=3"), QStringLiteral("repeats=1"),
                              QStringLiteral("conflicts=0"), QStringLiteral("done=1"),
                              QStringLiteral("failed=0"), QStringLiteral("requeued=0")}));

        // Now: the same figures counted the slow way from the events themselves.
        QVERIFY(oneInt(su, QStringLiteral(
                               "SELECT count(DISTINCT shard) FROM inbox.status_counts")) >= 2);
        const PgResult now = support.exec(QStringLiteral("SELECT * FROM inbox.stats_now()"));
        QVERIFY_SQL(now);
        const PgResult truth = su.exec(QStringLiteral(
            "SELECT source,"
            " count(*) FILTER (WHERE status = 'received') AS waiting,"
            " count(*) FILTER (WHERE status = 'received' AND next_attempt_at <= now()) AS due,"
            " count(*) FILTER (WHERE status = 'processing') AS processing,"
            " count(*) FILTER (WHERE status = 'processing' AND locked_at < now() - interval '5 "
            "minutes') AS stuck,"
            " count(*) FILTER (WHERE status = 'failed') AS failed,"
            " min(next_attempt_at) FILTER (WHERE status = 'received' AND next_attempt_at <= now()) "
            "AS oldest_waiting"
            " FROM inbox.events GROUP BY source ORDER BY source"));
        QVERIFY_SQL(truth);
        QCOMPARE(now.columns, truth.columns);
        const auto n = bySource(now, 0);
        QCOMPARE(n, bySource(truth, 0));
        // And spelled out, so the check above cannot pass on two equal mistakes.
        QCOMPARE(n.value(QStringLiteral("crm")).mid(0, 5),
                 QStringList({QStringLiteral("waiting=1"), QStringLiteral("due=1"),
                              QStringLiteral("processing=2"), QStringLiteral("stuck=1"),
                              QStringLiteral("failed=0")}));
        QCOMPARE(n.value(QStringLiteral("shop")),
                 QStringList({QStringLiteral("waiting=1"), QStringLiteral("due=0"),
                              QStringLiteral("processing=1"), QStringLiteral("stuck=0"),
                              QStringLiteral("failed=0"), QStringLiteral("oldest_waiting=NULL")}));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT oldest_waiting = (SELECT next_attempt_at FROM "
                                    "inbox.events WHERE id = $1)"
                                    " FROM inbox.stats_now() WHERE source = 'crm'"),
                     {ev.value(QStringLiteral("c4"))}),
                 QStringLiteral("t"));
        // A longer lock timeout: c5 is no longer stuck.
        QCOMPARE(
            one(support,
                QStringLiteral(
                    "SELECT stuck FROM inbox.stats_now(interval '1 hour') WHERE source = 'crm'")),
            QStringLiteral("0"));
    }

    void dayWindowAndShards()
    {
        PgSession su(m_db.conninfo());
        PgSession support(m_db.conninfo(QStringLiteral("s_support")));
        // 13 days ago is inside a 14-day window (today counts), 14 days ago is not.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "INSERT INTO inbox.daily_stats (day, source, shard, received, repeats, done)"
            " SELECT (now() AT TIME ZONE 'UTC')::date - d, 'crm', s, 10 * d + s, 1, s"
            " FROM (VALUES (13), (14)) AS days(d), generate_series(0, 7) AS s")));
        PgResult r = support.exec(
            QStringLiteral("SELECT day, source, received, repeats, done FROM inbox.stats_daily()"));
        QVERIFY_SQL(r);
        QCOMPARE(r.rows(), 1);
        QCOMPARE(r.value(0, 0),
                 one(su, QStringLiteral("SELECT ((now() AT TIME ZONE 'UTC')::date - 13)::text")));
        QCOMPARE(r.value(0, 2), QString::number(8 * 130 + 28)); // eight shards summed
        QCOMPARE(r.value(0, 3), QStringLiteral("8"));
        QCOMPARE(r.value(0, 4), QStringLiteral("28"));
        r = support.exec(QStringLiteral("SELECT day FROM inbox.stats_daily(15)"));
        QCOMPARE(r.rows(), 2);
        QVERIFY(r.value(0, 0) > r.value(1, 0)); // newest first

        for (const auto &[sql, state] :
             std::initializer_list<std::pair<const char *, const char *>>{
                 {"SELECT * FROM inbox.stats_daily(0)", "22023"},
                 {"SELECT * FROM inbox.stats_daily(NULL)", "22004"},
                 {"SELECT * FROM inbox.stats_now(interval '-1 minute')", "22023"}}) {
            const PgResult e = support.exec(QString::fromLatin1(sql));
            QVERIFY2(!e.ok, sql);
            QCOMPARE(e.sqlstate, QString::fromLatin1(state));
        }
    }

    // inbox._fold_counters() (0016, 0022): one row per key and shard after a fold, the same
    // totals, and at most one fold every 5 s in a session; _fold_counters_now() at any time. The
    // session's last fold time is a setting, moved back instead of sleeping.
    void foldKeepsTotalsAndRunsOnceEveryFiveSeconds()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("s_ingest")));
        // accept folds at random (one write in 256, and always on a session's first fold): the
        // ingest session must never fold here, or it would fold what su is to fold below.
        QVERIFY_SQL(
            in.exec(QStringLiteral("SELECT set_config('inbox.folded_at', 'Infinity', false)")));
        const auto deltas = [&](const char *source) {
            for (int i = 0; i < 5; ++i)
                QVERIFY_SQL(su.exec(QStringLiteral("INSERT INTO inbox.daily_stats (day, source, "
                                                   "shard, received, repeats) VALUES ((now() AT "
                                                   "TIME ZONE 'UTC')::date, $1, 3, 2, 1)"),
                                    {QString::fromLatin1(source)}));
            for (int i = 0; i < 3; ++i)
                QVERIFY(acceptEvent(
                            in, QStringLiteral("fold-%1-%2").arg(QLatin1String(source)).arg(i)) >
                        0);
        };
        const QString dailyRows = QStringLiteral(
            "SELECT count(*) FROM inbox.daily_stats WHERE source IN ('fold1', 'fold2')");
        const QString rows = QStringLiteral("SELECT (%1) || '/' || (SELECT count(*) FROM "
                                            "inbox.status_counts)")
                                 .arg(dailyRows);
        const QString totals = QStringLiteral(
            "SELECT (SELECT sum(received) || ',' || sum(repeats) FROM inbox.daily_stats WHERE "
            "source IN ('fold1', 'fold2')) || '/' || (SELECT string_agg(source || ':' || status "
            "|| '=' || n, ' ' ORDER BY source, status) FROM (SELECT source, status, sum(n) AS n "
            "FROM inbox.status_counts GROUP BY 1, 2) c)");
        const auto ledger = [&](const QString &sql) {
            return one(su, sql);
        };

        deltas("fold1");
        const QString before = ledger(totals);
        QCOMPARE(before.section(QLatin1Char('/'), 0, 0), QStringLiteral("10,5"));
        // The first fold of a session folds: five deltas of one key and shard become one row.
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox._fold_counters()")));
        QCOMPARE(ledger(totals), before);
        const qint64 keys = oneInt(su, QStringLiteral("SELECT count(*) FROM (SELECT DISTINCT "
                                                      "source, status, shard FROM "
                                                      "inbox.status_counts) k"));
        QCOMPARE(ledger(rows), QStringLiteral("1/%1").arg(keys)); // one daily row, one per key

        // Within 5 s the same session does not fold again.
        deltas("fold2");
        const QString unfolded = ledger(rows);
        const QString moreTotals = ledger(totals);
        QCOMPARE(moreTotals.section(QLatin1Char('/'), 0, 0), QStringLiteral("20,10"));
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox._fold_counters()")));
        QCOMPARE(ledger(rows), unfolded);

        // Its last fold 6 s ago: it folds again, totals unchanged.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "SELECT set_config('inbox.folded_at', (current_setting('inbox.folded_at')::double "
            "precision - 6)::text, false)")));
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox._fold_counters()")));
        QCOMPARE(ledger(totals), moreTotals);
        QVERIFY(ledger(rows) != unfolded);
        QCOMPARE(oneInt(su, dailyRows), 2);

        // _fold_counters_now, the fold behind the limit, folds whenever it is called.
        deltas("fold1");
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox._fold_counters()")));
        QCOMPARE(oneInt(su, dailyRows), 7);
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox._fold_counters_now()")));
        QCOMPARE(oneInt(su, dailyRows), 2);
        QCOMPARE(ledger(totals).section(QLatin1Char('/'), 0, 0), QStringLiteral("30,15"));
    }

    void openDuplicates()
    {
        PgSession su(m_db.conninfo());
        PgSession support(m_db.conninfo(QStringLiteral("s_support")));
        QCOMPARE(one(support, QStringLiteral("SELECT inbox.open_duplicates()")),
                 QStringLiteral("0"));
        for (int i = 0; i < 3; ++i) {
            const qint64 e = insertEvent(su, QStringLiteral("form"), QStringLiteral("l%1").arg(i));
            QVERIFY(
                oneInt(su,
                       QStringLiteral("SELECT inbox.record_lead($1, '89161234567', NULL, 'Ivan')"),
                       {e}) > 0);
        }
        QCOMPARE(one(support, QStringLiteral("SELECT inbox.open_duplicates()")),
                 QStringLiteral("3"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.decide_duplicate(min(id), 'reject') FROM "
                                        "inbox.duplicate_candidates")),
                 QStringLiteral("rejected"));
        QCOMPARE(one(support, QStringLiteral("SELECT inbox.open_duplicates()")),
                 QStringLiteral("2"));
    }

    // The overview reads counters and small index ranges: with a table where a full scan
    // would be the obvious plan for a count, stats_now still does not scan it.
    void statsNeverScanTheEventsTable()
    {
        PgSession su(m_db.conninfo());
        PgSession support(m_db.conninfo(QStringLiteral("s_support")));
        QVERIFY_SQL(bulkInsertEvents(
            su, QStringLiteral(
                    "INSERT INTO inbox.events (source, external_id, idempotency_key, status, "
                    "occurred_at, done_at,"
                    " body, content_type, fingerprint, locked_by, locked_at, next_attempt_at)"
                    " SELECT 'src' || (g % 4), 'x' || g, 'k' || g,"
                    " CASE WHEN g % 100 = 0 THEN 'processing' WHEN g % 100 = 1 THEN 'received'"
                    "      WHEN g % 100 = 2 THEN 'failed' ELSE 'done' END,"
                    " now(), now(), '\\x7b7d'::bytea, 'application/json', 'fp',"
                    " CASE WHEN g % 100 = 0 THEN 'w' END, CASE WHEN g % 100 = 0 THEN now() - (g || "
                    "' seconds')::interval END,"
                    " now() + CASE WHEN g % 200 = 1 THEN interval '1 hour' ELSE interval '0' END"
                    " FROM generate_series(1, 30000) g")));
        QVERIFY_SQL(su.exec(QStringLiteral("VACUUM ANALYZE inbox.events, inbox.event_queue")));
        QVERIFY_SQL(support.exec(QStringLiteral("BEGIN")));
        const PgResult now = support.exec(
            QStringLiteral("SELECT sum(waiting), sum(due), sum(processing), sum(stuck),"
                           " sum(failed) FROM inbox.stats_now()"));
        QVERIFY_SQL(now);
        QVERIFY_SQL(support.exec(QStringLiteral("SELECT * FROM inbox.stats_daily()")));
        QVERIFY_SQL(support.exec(QStringLiteral("SELECT inbox.open_duplicates()")));
        const PgResult scans = support.exec(QStringLiteral(
            "SELECT coalesce(sum(seq_scan) FILTER (WHERE relid = 'inbox.events'::regclass), 0),"
            " coalesce(sum(seq_scan) FILTER (WHERE relid = 'inbox.event_queue'::regclass), 0),"
            " coalesce(sum(idx_scan) FILTER (WHERE relid = 'inbox.event_queue'::regclass), 0)"
            " FROM pg_stat_xact_user_tables"));
        QVERIFY_SQL(scans);
        QVERIFY_SQL(support.exec(QStringLiteral("COMMIT")));
        QCOMPARE(scans.value(0, 0), QStringLiteral("0"));
        QCOMPARE(scans.value(0, 1), QStringLiteral("0"));
        // It did read the queue (the events that are not done), through its indexes.
        QVERIFY(scans.value(0, 2).toLongLong() > 0);
        // The figures are still right.
        QCOMPARE(
            now.values.value(0),
            su.exec(QStringLiteral(
                        "SELECT count(*) FILTER (WHERE status = 'received'),"
                        " count(*) FILTER (WHERE status = 'received' AND next_attempt_at <= now()),"
                        " count(*) FILTER (WHERE status = 'processing'),"
                        " count(*) FILTER (WHERE status = 'processing'"
                        "                  AND locked_at < now() - interval '5 minutes'),"
                        " count(*) FILTER (WHERE status = 'failed') FROM inbox.events"))
                .values.value(0));
    }
};

QTEST_MAIN(TestStats)
#include "tst_stats.moc"
