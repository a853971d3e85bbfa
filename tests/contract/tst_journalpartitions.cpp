// The journal by days (0034, issue 36) against a real PostgreSQL: inbox.journal is partitioned
// by UTC day; prune_journal drops the days past the journal's horizon whole (the space comes
// back), deletes old rows of the default partition one by one, makes the next two weeks'
// days, gives way to a reader that holds the table rather than stall every writer, and never
// fails a delivery running beside it; prune no longer takes an event's entries; a row of a
// day without a partition is kept in the default one; and the upgrade of a filled journal
// keeps every row, its id and the sequence after it.
#include "contract_util.h"
#include "databasetestcase.h"
#include "db/migrator.h"

#include <QtTest>

#include <atomic>
#include <mutex>
#include <thread>

using namespace contract;

namespace {

// The UTC date `days` from today, as text: 'YYYY-MM-DD'.
QString utcDay(PgSession &s, int days)
{
    return one(s, QStringLiteral("SELECT ((now() AT TIME ZONE 'UTC')::date + $1::int)::text"),
               {days});
}

// The partition (by name) that holds the journal row `id`.
QString partitionOf(PgSession &s, qint64 id)
{
    return one(s,
               QStringLiteral("SELECT tableoid::regclass::text FROM inbox.journal WHERE id = $1"),
               {id});
}

// A journal row written at noon UTC of the day `days` from today; its id.
qint64 entryOnDay(PgSession &su, int days, const QString &entry = QStringLiteral("note"))
{
    return oneInt(su,
                  QStringLiteral("INSERT INTO inbox.journal (entry, at, detail)"
                                 " VALUES ($2, ((now() AT TIME ZONE 'UTC')::date + $1::int"
                                 "              + time '12:00') AT TIME ZONE 'UTC',"
                                 "         jsonb_build_object('pad', repeat('x', 500)))"
                                 " RETURNING id"),
                  {days, entry});
}

} // namespace

class TestJournalPartitions : public DatabaseTestCase
{
    Q_OBJECT

private slots:
    void aFreshInstallHasTodayAndTwoWeeksAhead()
    {
        PgSession &su = m_db.su();
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) || ' ' || min(partition::text) || ' ' ||"
                                        " max(partition::text) FROM inbox.journal_partitions()")),
                 QStringLiteral("15 inbox.journal_%1 inbox.journal_%2")
                     .arg(utcDay(su, 0).remove(u'-'), utcDay(su, 14).remove(u'-')));
        const qint64 id = oneInt(
            su, QStringLiteral("INSERT INTO inbox.journal (entry) VALUES ('x') RETURNING id"));
        QCOMPARE(partitionOf(su, id),
                 QStringLiteral("inbox.journal_") + utcDay(su, 0).remove(u'-'));
        // Made again: nothing new.
        QCOMPARE(oneInt(su, QStringLiteral("SELECT inbox.journal_partitions_ensure()")), 0);
        // The journal's readers read it as before; nobody else may make days.
        QCOMPARE(one(su, QStringLiteral("SELECT has_table_privilege('inbox_support',"
                                        " 'inbox.journal', 'SELECT')")),
                 QStringLiteral("t"));
        QCOMPARE(one(su, QStringLiteral("SELECT has_function_privilege('inbox_manager',"
                                        " 'inbox.journal_partitions_ensure(date, date)',"
                                        " 'EXECUTE')")),
                 QStringLiteral("f"));
    }

    void daysAreUtcWhateverTheSessionTimeZone()
    {
        PgSession &su = m_db.su();
        QVERIFY_SQL(su.exec(QStringLiteral("SET TimeZone = 'Asia/Vladivostok'")));
        // 23:30 UTC is the next morning in Vladivostok: the row is still today's (UTC).
        const qint64 id = oneInt(
            su, QStringLiteral("INSERT INTO inbox.journal (entry, at) VALUES ('late',"
                               " ((now() AT TIME ZONE 'UTC')::date + time '23:30') AT TIME ZONE"
                               " 'UTC') RETURNING id"));
        QCOMPARE(partitionOf(su, id),
                 QStringLiteral("inbox.journal_") + utcDay(su, 0).remove(u'-'));
        QCOMPARE(one(su, QStringLiteral("SELECT ends_at AT TIME ZONE 'UTC' FROM"
                                        " inbox.journal_partitions() ORDER BY ends_at LIMIT 1")),
                 utcDay(su, 1) + QStringLiteral(" 00:00:00"));
    }

    void pruneDropsWholeDaysPastTheHorizonAndGivesTheSpaceBack()
    {
        PgSession &su = m_db.su();
        QCOMPARE(oneInt(su, QStringLiteral("SELECT inbox.journal_partitions_ensure("
                                           "(now() AT TIME ZONE 'UTC')::date - 100,"
                                           " (now() AT TIME ZONE 'UTC')::date - 1)")),
                 100);
        QList<qint64> ids;
        for (int day = -100; day <= 0; ++day)
            for (int i = 0; i < 20; ++i)
                ids << entryOnDay(su, day);
        const qint64 bytesOld = oneInt(su, QStringLiteral("SELECT sum(bytes) FROM"
                                                          " inbox.journal_partitions()"
                                                          " WHERE ends_at <= now() - interval"
                                                          " '90 days'"));
        const qint64 bytesAll =
            oneInt(su, QStringLiteral("SELECT sum(bytes) FROM inbox.journal_partitions()"));
        QVERIFY(bytesOld > 0);

        QCOMPARE(oneInt(su, QStringLiteral("SELECT inbox.prune_journal()")), 10);

        // Days -100 .. -91 end at or before now() - 90 days (day -91 ends at the midnight
        // starting day -90): gone whole. Day -90 ends after the horizon: kept whole.
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE entry ="
                                           " 'note' AND at < now() - interval '91 days'")),
                 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"
                                           " WHERE entry = 'note'")),
                 91 * 20);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT min(id) FROM inbox.journal"
                                           " WHERE entry = 'note'")),
                 ids.at(10 * 20));
        QCOMPARE(one(su, QStringLiteral("SELECT to_regclass('inbox.journal_' || to_char("
                                        "(now() AT TIME ZONE 'UTC')::date - 91, 'YYYYMMDD'))"
                                        " IS NULL AND to_regclass('inbox.journal_' || to_char("
                                        "(now() AT TIME ZONE 'UTC')::date - 90, 'YYYYMMDD'))"
                                        " IS NOT NULL")),
                 QStringLiteral("t"));
        const PgResult pruned =
            su.exec(QStringLiteral("SELECT jsonb_array_length(detail->'dropped'), detail->>'bytes',"
                                   " detail->>'busy', detail->>'made' FROM inbox.journal"
                                   " WHERE entry = 'journal_pruned'"));
        QVERIFY_SQL(pruned);
        QCOMPARE(pruned.value(0, 0), QStringLiteral("10"));
        QCOMPARE(pruned.value(0, 1).toLongLong(), bytesOld);
        QCOMPARE(pruned.value(0, 2), QStringLiteral("false"));
        QCOMPARE(pruned.value(0, 3), QStringLiteral("0"));
        // The space is given back: what is left is what was there less what was dropped
        // (give or take the 'pruned' entry's own page).
        const qint64 bytesLeft =
            oneInt(su, QStringLiteral("SELECT sum(bytes) FROM inbox.journal_partitions()"));
        QVERIFY2(bytesLeft <= bytesAll - bytesOld + 8192 * 4,
                 qPrintable(QStringLiteral("%1 left of %2, %3 dropped")
                                .arg(bytesLeft)
                                .arg(bytesAll)
                                .arg(bytesOld)));
    }

    void aSourceKeptLongerKeepsTheJournalLonger()
    {
        PgSession &su = m_db.su();
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.journal_partitions_ensure("
                                           "(now() AT TIME ZONE 'UTC')::date - 130,"
                                           " (now() AT TIME ZONE 'UTC')::date - 1)")));
        for (const int day : {-130, -115, -100})
            entryOnDay(su, day);
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.set_source_retention('crm', 120)")));
        // Day -115 is past prune's 90 days but within crm's 120: kept, with day -100; day
        // -130 goes. A source kept for ever does not hold the journal: its events stay, the
        // days go.
        QVERIFY_SQL(
            su.exec(QStringLiteral("SELECT inbox.set_source_retention('ozon', p_keep => true)")));
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.prune_journal()")));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"
                                           " WHERE entry = 'note'")),
                 2);
        QCOMPARE(one(su, QStringLiteral("SELECT (detail->>'before')::timestamptz < now() -"
                                        " interval '119 days' FROM inbox.journal"
                                        " WHERE entry = 'journal_pruned'")),
                 QStringLiteral("t"));
    }

    void aDayWithoutAPartitionIsKeptInTheDefaultOne()
    {
        PgSession &su = m_db.su();
        // Beyond the two weeks made ahead, and long before the first day: both in the default.
        const qint64 ahead = entryOnDay(su, 40);
        const qint64 old = entryOnDay(su, -200);
        QCOMPARE(partitionOf(su, ahead), QStringLiteral("inbox.journal_default"));
        QCOMPARE(partitionOf(su, old), QStringLiteral("inbox.journal_default"));
        // That day is not made while its row is in the default partition (the row would have
        // nowhere to go); the day after it is.
        QCOMPARE(oneInt(su, QStringLiteral("SELECT inbox.journal_partitions_ensure("
                                           "(now() AT TIME ZONE 'UTC')::date + 40,"
                                           " (now() AT TIME ZONE 'UTC')::date + 41)")),
                 1);
        QCOMPARE(partitionOf(su, ahead), QStringLiteral("inbox.journal_default"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT inbox.prune_journal()")), 0);
        QCOMPARE(one(su, QStringLiteral("SELECT detail->>'default_deleted' FROM"
                                        " inbox.journal WHERE entry = 'journal_pruned'")),
                 QStringLiteral("1"));
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE id = $1"), {old}),
            0);
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal WHERE id = $1"), {ahead}),
            1);
    }

    void pruneJournalGivesWayToAReaderAndDropsTheDaysNextTime()
    {
        PgSession &su = m_db.su();
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.journal_partitions_ensure("
                                           "(now() AT TIME ZONE 'UTC')::date - 95,"
                                           " (now() AT TIME ZONE 'UTC')::date - 95)")));
        entryOnDay(su, -95);
        // A console reading the journal in a long transaction.
        PgSession reader(m_db.conninfo());
        QVERIFY_SQL(reader.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(reader.exec(QStringLiteral("SELECT count(*) FROM inbox.journal")));
        // A writer goes on while prune_journal waits for the reader (each wait is short).
        PgSession writer(m_db.conninfo());
        PgSession pruner(m_db.conninfo());
        QString dropped;
        std::thread prune(
            [&] { dropped = one(pruner, QStringLiteral("SELECT inbox.prune_journal()")); });
        QStringList delivered;
        for (int i = 0; i < 5; ++i) {
            QString outcome;
            deliver(writer, QStringLiteral("crm"), QStringLiteral("new-%1").arg(i), "{}", &outcome);
            delivered << outcome;
        }
        prune.join();
        QCOMPARE(delivered.join(u','), QStringLiteral("new,new,new,new,new"));
        // The day stayed, and the entry says why.
        QCOMPARE(dropped, QStringLiteral("0"));
        QCOMPARE(one(su, QStringLiteral("SELECT (detail->>'busy') || ' ' ||"
                                        " jsonb_array_length(detail->'dropped')"
                                        " FROM inbox.journal WHERE entry = 'journal_pruned'")),
                 QStringLiteral("true 0"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"
                                           " WHERE entry = 'note'")),
                 1);
        QVERIFY_SQL(reader.exec(QStringLiteral("COMMIT")));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune_journal()")), QStringLiteral("1"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"
                                           " WHERE entry = 'note'")),
                 0);
    }

    // prune and prune_journal, each in its own transaction, over and over beside four sessions
    // delivering new keys and repeats of keys being pruned: no delivery fails (a lock wait of
    // prune_journal's never becomes a deadlock that PostgreSQL would end by aborting a
    // delivery), every key is one event or one kept key.
    void pruneAndPruneJournalBesideDeliveries()
    {
        PgSession &su = m_db.su();
        const int keys = 40;
        for (int k = 0; k < keys; ++k)
            deliver(su, QStringLiteral("old"), QStringLiteral("k%1").arg(k), "{}");
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.complete(c.id, 'w', c.lock_token, NULL)"
                                           " FROM inbox.claim('w', 1000) c")));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET done_at = now() - interval"
                                           " '100 days'")));
        std::atomic<int> failed{0};
        std::atomic<bool> stop{false};
        QString firstFailure;
        std::mutex failureMutex;
        std::vector<std::function<void()>> jobs;
        jobs.emplace_back([&] {
            PgSession pruner(m_db.conninfo());
            for (int i = 0; i < 6; ++i) {
                pruner.exec(QStringLiteral("SELECT inbox.prune()"));
                pruner.exec(QStringLiteral("SELECT inbox.prune_journal()"));
            }
            stop = true;
        });
        for (int w = 0; w < 4; ++w)
            jobs.emplace_back([&, w] {
                PgSession s(m_db.conninfo());
                for (int n = 0; !stop || n < keys; ++n) {
                    QString outcome;
                    const bool repeat = n % 2 == 0;
                    deliver(s, repeat ? QStringLiteral("old") : QStringLiteral("new"),
                            repeat ? QStringLiteral("k%1").arg(n % keys)
                                   : QStringLiteral("w%1-%2").arg(w).arg(n),
                            "{}", &outcome);
                    if (outcome != QLatin1String("new") && outcome != QLatin1String("duplicate")) {
                        ++failed;
                        const std::lock_guard<std::mutex> lock(failureMutex);
                        if (firstFailure.isEmpty())
                            firstFailure = outcome;
                    }
                }
            });
        runTogether(jobs);
        QVERIFY2(failed == 0, qPrintable(firstFailure));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events WHERE source ="
                                           " 'old'")) +
                     oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.kept_keys")),
                 keys);
    }

    // prune deletes events, not their entries: those go with their day (0034).
    void pruneLeavesAnEventsEntriesToItsDay()
    {
        PgSession &su = m_db.su();
        const qint64 id = deliver(su, QStringLiteral("crm"), QStringLiteral("gone"), "{}");
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.complete(c.id, 'w', c.lock_token, NULL)"
                                           " FROM inbox.claim('w', 10) c")));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET done_at = now() - interval"
                                           " '100 days' WHERE id = $1"),
                            {id}));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune()")), QStringLiteral("1"));
        QCOMPARE(journalEntries(su, id), QStringLiteral("received,claimed,done"));
    }

    // A journal of schema 33 (one table) taken into partitions: every row, with its id; the
    // ids go on after the last one; the old rows are one partition that prune drops whole.
    void theUpgradeKeepsEveryRowAndItsId()
    {
        QString error;
        QVERIFY2(m_db.cluster().execAsSuperuser(QStringLiteral("postgres"),
                                                QStringLiteral("CREATE DATABASE upgrade_journal"),
                                                &error),
                 qPrintable(error));
        PgSession su(m_db.cluster().conninfo(QStringLiteral("upgrade_journal")));
        QVERIFY2(su.ok(), qPrintable(su.error()));
        inbox::DbError dbError;
        QVERIFY2(inbox::Migrator::apply(su.raw(), &dbError, 33), qPrintable(dbError.oneLine()));
        for (int i = 0; i < 30; ++i)
            deliver(su, QStringLiteral("s%1").arg(i % 3), QStringLiteral("e-%1").arg(i), "{}");
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.journal SET at = at - interval"
                                           " '200 days' WHERE id % 2 = 0")));
        const QString snapshot =
            QStringLiteral("SELECT count(*) || ' ' || md5(string_agg(j::text, '|' ORDER BY id))"
                           " FROM inbox.journal j");
        const QString was = one(su, snapshot);
        const qint64 lastId = oneInt(su, QStringLiteral("SELECT max(id) FROM inbox.journal"));

        const auto outcome = inbox::Migrator::apply(su.raw(), &dbError);
        QVERIFY2(outcome, qPrintable(dbError.oneLine()));
        QCOMPARE(outcome->after, inbox::Migrator::latestVersion());
        QCOMPARE(one(su, snapshot), was);
        const QString kept = QStringLiteral("inbox.journal_before_") + utcDay(su, 1).remove(u'-');
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(DISTINCT tableoid::regclass::text,"
                                        " ',') FROM inbox.journal")),
                 kept);
        QCOMPARE(one(su, QStringLiteral("SELECT partition::text FROM inbox.journal_partitions()"
                                        " ORDER BY ends_at LIMIT 1")),
                 kept);
        // Its indexes became the new ones' partitions: a lookup by event uses one.
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM pg_index x JOIN pg_inherits i"
                                       " ON i.inhrelid = x.indexrelid WHERE x.indrelid ="
                                       " $1::regclass"),
                        {kept}),
                 3);
        const qint64 next = deliver(su, QStringLiteral("s0"), QStringLiteral("after"), "{}");
        QVERIFY(next > 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT min(id) FROM inbox.journal WHERE event_id = $1"),
                        {next}),
                 lastId + 1);
        // Today is the old table's until midnight; the days after it are partitions.
        QCOMPARE(partitionOf(su, lastId + 1), kept);
        QCOMPARE(one(su,
                     QStringLiteral("SELECT count(*) || ' ' || min(partition::text) FROM"
                                    " inbox.journal_partitions() WHERE partition::text <> $1"),
                     {kept}),
                 QStringLiteral("14 inbox.journal_") + utcDay(su, 1).remove(u'-'));
        // The old rows stay while any of them is within the horizon (today's are).
        QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.prune_journal()")));
        QCOMPARE(one(su, QStringLiteral("SELECT to_regclass($1) IS NOT NULL"), {kept}),
                 QStringLiteral("t"));
    }
};

QTEST_MAIN(TestJournalPartitions)
#include "tst_journalpartitions.moc"
