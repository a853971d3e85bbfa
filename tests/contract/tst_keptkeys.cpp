// Keys for ever, bodies by policy (0033, issue 36) against a real PostgreSQL: prune keeps the
// key of every event it deletes; a later delivery of a kept key, through accept or
// accept_many, is a journalled repeat ('duplicate', or 'conflict' for another fingerprint)
// and creates no event; a source set to 'keep' is never pruned and one with its own days is
// pruned by them; a prune and deliveries of the same keys racing never make a new event; and
// the step keeps everything of a filled database.
#include "contract_util.h"
#include "databasetestcase.h"
#include "db/migrator.h"

#include <QtTest>

#include <atomic>

using namespace contract;

namespace {

const QByteArray kBody("{\"order\":1}");

// accept_many of `keys` (external ids of `source`) with the bodies given (kBody when none);
// "outcome:event_id" per delivery, comma-separated in order.
QString acceptMany(PgSession &s, const QString &source, const QStringList &keys,
                   const QList<QByteArray> &bodies = {})
{
    QStringList sources, texts;
    for (int i = 0; i < keys.size(); ++i) {
        sources << source;
        texts << QString::fromUtf8(bodies.isEmpty() ? kBody : bodies.at(i));
    }
    const auto literal = [](const QStringList &items) {
        QStringList quoted;
        for (QString item : items)
            quoted << QLatin1Char('"') +
                          item.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
                              .replace(QLatin1Char('"'), QLatin1String("\\\"")) +
                          QLatin1Char('"');
        return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
    };
    return valueOrError(s.exec(
        QStringLiteral("SELECT string_agg(a.outcome || ':' || a.event_id, ',' ORDER BY a.ord)"
                       "  FROM inbox.accept_many($1::text[], $2::text[],"
                       "       (SELECT array_agg(convert_to(b, 'UTF8') ORDER BY i)"
                       "          FROM unnest($3::text[]) WITH ORDINALITY u(b, i))) a"),
        {literal(sources), literal(keys), literal(texts)}));
}

// Every waiting event (of any source) claimed by worker 'w' and completed, then the done_at
// of those of `source` moved back by `ago`; the number of done events of `source`.
qint64 completeAndAge(PgSession &su, const QString &source, const QString &ago)
{
    su.exec(QStringLiteral("SELECT inbox.complete(c.id, 'w', c.lock_token, NULL)"
                           " FROM inbox.claim('w', 1000) c"));
    su.exec(QStringLiteral("UPDATE inbox.events SET done_at = done_at - $2::interval"
                           " WHERE source = $1 AND status = 'done'"),
            {source, ago});
    return oneInt(su,
                  QStringLiteral("SELECT count(*) FROM inbox.events"
                                 " WHERE source = $1 AND status = 'done'"),
                  {source});
}

QString dailyFigures(PgSession &su, const QString &source)
{
    return one(
        su,
        QStringLiteral("SELECT coalesce(sum(received), 0) || '/' || coalesce(sum(repeats), 0)"
                       " || '/' || coalesce(sum(conflicts), 0)"
                       " FROM inbox.daily_stats WHERE source = $1"),
        {source});
}

} // namespace

class TestKeptKeys : public DatabaseTestCase
{
    Q_OBJECT

private slots:
    // The key outlives its event: prune keeps it, a late repeat through accept is a
    // 'duplicate' of the old id, journalled without an event, and no event is made.
    void repeatOfAPrunedKeyIsARepeat()
    {
        PgSession &su = m_db.su();
        QString outcome;
        const qint64 id =
            deliver(su, QStringLiteral("shop"), QStringLiteral("o-1"), kBody, &outcome);
        QCOMPARE(outcome, QStringLiteral("new"));
        deliver(su, QStringLiteral("shop"), QStringLiteral("o-1"), kBody, &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));
        QCOMPARE(completeAndAge(su, QStringLiteral("shop"), QStringLiteral("100 days")), 1);
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune()")), QStringLiteral("1"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 0);
        QCOMPARE(one(su,
                     QStringLiteral(
                         "SELECT event_id || ' ' || status || ' ' || deliveries || ' ' ||"
                         " (fingerprint = encode(sha256($1::bytea), 'hex'))"
                         " FROM inbox.kept_keys WHERE source = 'shop' AND external_id = 'o-1'"),
                     {kBody}),
                 QStringLiteral("%1 done 2 true").arg(id));
        QCOMPARE(one(su, QStringLiteral("SELECT (detail->>'kept') || ' ' || (detail->'retention')"
                                        " FROM inbox.journal WHERE entry = 'pruned'")),
                 QStringLiteral("1 {}"));
        const QString before = dailyFigures(su, QStringLiteral("shop"));
        QCOMPARE(before, QStringLiteral("1/1/0"));

        const qint64 again =
            deliver(su, QStringLiteral("shop"), QStringLiteral("o-1"), kBody, &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));
        QCOMPARE(again, id);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.event_queue")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT coalesce(sum(n), 0) FROM inbox.status_counts"
                                           " WHERE status = 'received'")),
                 0);
        QCOMPARE(dailyFigures(su, QStringLiteral("shop")), QStringLiteral("1/2/0"));
        const PgResult j = su.exec(QStringLiteral(
            "SELECT event_id IS NULL, detail->>'outcome', detail->>'pruned_event_id',"
            " detail->>'delivery', detail->>'external_id', detail->>'status', by_person"
            " FROM inbox.journal WHERE entry = 'pruned_repeat'"));
        QVERIFY_SQL(j);
        QCOMPARE(j.rows(), 1);
        QCOMPARE(j.value(0, 0), QStringLiteral("t"));
        QCOMPARE(j.value(0, 1), QStringLiteral("duplicate"));
        QCOMPARE(j.value(0, 2), QString::number(id));
        QCOMPARE(j.value(0, 3), QStringLiteral("3"));
        QCOMPARE(j.value(0, 4), QStringLiteral("o-1"));
        QCOMPARE(j.value(0, 5), QStringLiteral("done"));
        QCOMPARE(j.value(0, 6), QStringLiteral("f"));
        // No 'received' entry is left of the insert that was taken back: the only ones are
        // the pruned event's own (the journal is kept by whole days since 0034).
        QCOMPARE(
            oneInt(su,
                   QStringLiteral("SELECT count(*) FROM inbox.journal"
                                  " WHERE entry = 'received' AND event_id IS DISTINCT FROM $1"),
                   {id}),
            0);

        // accept_many: the kept key twice among new keys; the kept key's deliveries are
        // repeats of the old id in the batch's order, the new keys new events.
        const QStringList got = acceptMany(su, QStringLiteral("shop"),
                                           {QStringLiteral("o-2"), QStringLiteral("o-1"),
                                            QStringLiteral("o-3"), QStringLiteral("o-1")})
                                    .split(QLatin1Char(','));
        QCOMPARE(got.size(), 4);
        QVERIFY2(got.at(0).startsWith(QLatin1String("new:")), qPrintable(got.join(u',')));
        QCOMPARE(got.at(1), QStringLiteral("duplicate:%1").arg(id));
        QVERIFY2(got.at(2).startsWith(QLatin1String("new:")), qPrintable(got.join(u',')));
        QCOMPARE(got.at(3), QStringLiteral("duplicate:%1").arg(id));
        QCOMPARE(one(su, QStringLiteral(
                             "SELECT string_agg(external_id, ',' ORDER BY id) FROM inbox.events")),
                 QStringLiteral("o-2,o-3"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(detail->>'delivery', ',' ORDER BY id)"
                                        " FROM inbox.journal WHERE entry = 'pruned_repeat'")),
                 QStringLiteral("3,4,5"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT deliveries FROM inbox.kept_keys")), 5);
        QCOMPARE(dailyFigures(su, QStringLiteral("shop")), QStringLiteral("3/4/0"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.event_queue")), 2);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT sum(n) FROM inbox.status_counts"
                                           " WHERE status = 'received'")),
                 2);
        // A batch of only the kept key: no new event either.
        QCOMPARE(acceptMany(su, QStringLiteral("shop"), {QStringLiteral("o-1")}),
                 QStringLiteral("duplicate:%1").arg(id));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 2);
    }

    // Another body under a kept key is a 'conflict', as for a live key, but there is no event
    // to flag for review and no conflict body is stored: the entry has both fingerprints.
    void otherBodyUnderAKeptKeyIsAConflict()
    {
        PgSession &su = m_db.su();
        const qint64 id = deliver(su, QStringLiteral("shop"), QStringLiteral("c-1"), kBody);
        QCOMPARE(completeAndAge(su, QStringLiteral("shop"), QStringLiteral("100 days")), 1);
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune()")), QStringLiteral("1"));
        QString outcome;
        const QByteArray other("{\"order\":2}");
        QCOMPARE(deliver(su, QStringLiteral("shop"), QStringLiteral("c-1"), other, &outcome), id);
        QCOMPARE(outcome, QStringLiteral("conflict"));
        QCOMPARE(acceptMany(su, QStringLiteral("shop"),
                            {QStringLiteral("c-1"), QStringLiteral("c-1")}, {kBody, other}),
                 QStringLiteral("duplicate:%1,conflict:%1").arg(id));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.conflict_bodies")), 0);
        QCOMPARE(
            one(su, QStringLiteral(
                        "SELECT string_agg(detail->>'outcome' || ' ' || (detail->>'fingerprint'"
                        " = detail->>'stored_fingerprint'), ',' ORDER BY id)"
                        " FROM inbox.journal WHERE entry = 'pruned_repeat'")),
            QStringLiteral("conflict false,duplicate true,conflict false"));
        QCOMPARE(dailyFigures(su, QStringLiteral("shop")), QStringLiteral("1/1/2"));
        // The kept row keeps the first delivery's fingerprint.
        QCOMPARE(one(su,
                     QStringLiteral("SELECT fingerprint = encode(sha256($1::bytea), 'hex')"
                                    " FROM inbox.kept_keys"),
                     {kBody}),
                 QStringLiteral("t"));
    }

    // The one probe: a new key looks into kept_keys once, a repeat of a live key never.
    void onlyNewKeysLookIntoKeptKeys()
    {
        PgSession &su = m_db.su();
        deliver(su, QStringLiteral("shop"), QStringLiteral("live"), kBody);
        const QString probes = QStringLiteral(
            "SELECT coalesce(idx_scan, 0) + coalesce(seq_scan, 0)"
            " FROM pg_stat_xact_user_tables WHERE relid = 'inbox.kept_keys'::regclass");
        // Inside one transaction the backend's counts are not flushed, so differences hold
        // (pg_stat_xact_* also shows what earlier transactions left unflushed).
        QVERIFY_SQL(su.exec(QStringLiteral("BEGIN")));
        const qint64 before = oneInt(su, probes);
        QString outcome;
        deliver(su, QStringLiteral("shop"), QStringLiteral("live"), kBody, &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));
        deliver(su, QStringLiteral("shop"), QStringLiteral("live"), "{}", &outcome);
        QCOMPARE(outcome, QStringLiteral("conflict"));
        QCOMPARE(
            acceptMany(su, QStringLiteral("shop"), {QStringLiteral("live")}).section(u':', 0, 0),
            QStringLiteral("duplicate"));
        QCOMPARE(oneInt(su, probes) - before, 0);
        deliver(su, QStringLiteral("shop"), QStringLiteral("fresh"), kBody, &outcome);
        QCOMPARE(outcome, QStringLiteral("new"));
        QCOMPARE(oneInt(su, probes) - before, 1);
        QVERIFY_SQL(su.exec(QStringLiteral("COMMIT")));
    }

    // Retention per source: 'keep' is never pruned, whatever the horizon; a source's own days
    // replace prune's horizon both ways; the others keep prune's horizon.
    void retentionPerSource()
    {
        PgSession &su = m_db.su();
        for (int i = 0; i < 3; ++i) {
            deliver(su, QStringLiteral("market"), QStringLiteral("m-%1").arg(i), kBody);
            deliver(su, QStringLiteral("tilda"), QStringLiteral("t-%1").arg(i), kBody);
            deliver(su, QStringLiteral("crm"), QStringLiteral("c-%1").arg(i), kBody);
        }
        QCOMPARE(
            one(su, QStringLiteral("SELECT inbox.set_source_retention('market', p_keep => true)")),
            QStringLiteral("set"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.set_source_retention('tilda', 7)")),
                 QStringLiteral("set"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.set_source_retention('tilda', 7)")),
                 QStringLiteral("unchanged"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.set_source_retention('nobody')")),
                 QStringLiteral("unchanged"));
        // Done 400 days ago (market, crm), 10 days ago (tilda), and one of each 5 days ago.
        QCOMPARE(completeAndAge(su, QStringLiteral("market"), QStringLiteral("400 days")), 3);
        QCOMPARE(completeAndAge(su, QStringLiteral("crm"), QStringLiteral("400 days")), 3);
        QCOMPARE(completeAndAge(su, QStringLiteral("tilda"), QStringLiteral("10 days")), 3);
        QVERIFY_SQL(
            su.exec(QStringLiteral("UPDATE inbox.events SET done_at = now() - interval '5 days'"
                                   " WHERE external_id IN ('m-0', 't-0', 'c-0')")));

        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune()")), QStringLiteral("4"));
        QCOMPARE(
            one(su,
                QStringLiteral(
                    "SELECT string_agg(external_id, ',' ORDER BY external_id) FROM inbox.events")),
            QStringLiteral("c-0,m-0,m-1,m-2,t-0"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(external_id, ',' ORDER BY external_id) "
                                        "FROM inbox.kept_keys")),
                 QStringLiteral("c-1,c-2,t-1,t-2"));
        QCOMPARE(one(su, QStringLiteral("SELECT detail->'retention' FROM inbox.journal"
                                        " WHERE entry = 'pruned'")),
                 QStringLiteral("{\"tilda\": 7, \"market\": \"keep\"}"));
        // The shortest horizon there is: 'keep' still loses nothing.
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune(interval '1 day')")),
                 QStringLiteral("1"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(external_id, ',' ORDER BY external_id)"
                                        " FROM inbox.events")),
                 QStringLiteral("m-0,m-1,m-2,t-0"));
        // Removed: prune's horizon again.
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.set_source_retention('market')")),
                 QStringLiteral("removed"));
        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune(interval '300 days')")),
                 QStringLiteral("2"));
        QCOMPARE(one(su, QStringLiteral(
                             "SELECT string_agg(detail::text, ' | ' ORDER BY id) FROM inbox.journal"
                             " WHERE entry = 'source_retention_changed' AND by_person")),
                 QStringLiteral(
                     "{\"source\": \"market\", \"previous\": null, \"retention\": \"keep\"}"
                     " | {\"source\": \"tilda\", \"previous\": null, \"retention\": 7}"
                     " | {\"source\": \"market\", \"previous\": \"keep\", \"retention\": null}"));
    }

    void badRetentionArgumentsWriteNothing()
    {
        PgSession &su = m_db.su();
        const QList<std::pair<QString, QString>> bad = {
            {QStringLiteral("SELECT inbox.set_source_retention(NULL, 3)"), QStringLiteral("22004")},
            {QStringLiteral("SELECT inbox.set_source_retention('a', 3, NULL)"),
             QStringLiteral("22004")},
            {QStringLiteral("SELECT inbox.set_source_retention('', 3)"), QStringLiteral("22023")},
            {QStringLiteral("SELECT inbox.set_source_retention('a', 0)"), QStringLiteral("22023")},
            {QStringLiteral("SELECT inbox.set_source_retention('a', 36501)"),
             QStringLiteral("22023")},
            {QStringLiteral("SELECT inbox.set_source_retention('a', 3, true)"),
             QStringLiteral("22023")},
        };
        for (const auto &[sql, state] : bad) {
            const PgResult r = su.exec(sql);
            QVERIFY2(!r.ok, qPrintable(sql));
            QCOMPARE(r.sqlstate, state);
        }
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.source_retention")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 0);
    }

    // A delivery that arrives while a prune of its key is uncommitted waits for the prune (on
    // the event's unique key) and then finds the key kept: a repeat, no new event. Through
    // accept and through accept_many.
    void deliveryWaitingForAPruneIsARepeat()
    {
        PgSession &su = m_db.su();
        PgSession pruner(m_db.conninfo());
        PgSession receiver(m_db.conninfo());
        const int receiverPid = backendPid(receiver);
        const qint64 a = deliver(su, QStringLiteral("shop"), QStringLiteral("r-1"), kBody);
        const qint64 b = deliver(su, QStringLiteral("shop"), QStringLiteral("r-2"), kBody);
        QCOMPARE(completeAndAge(su, QStringLiteral("shop"), QStringLiteral("100 days")), 2);
        for (const bool many : {false, true}) {
            if (many)
                QVERIFY_SQL(su.exec(QStringLiteral(
                    "UPDATE inbox.events SET status = 'done', done_at = now() - interval '100 days'"
                    " WHERE external_id = 'r-3'")));
            QVERIFY_SQL(pruner.exec(QStringLiteral("BEGIN")));
            QCOMPARE(one(pruner, QStringLiteral("SELECT inbox.prune()")),
                     QStringLiteral("%1").arg(many ? 1 : 2));
            QString got;
            std::thread delivery([&] {
                if (many)
                    got = acceptMany(receiver, QStringLiteral("shop"),
                                     {QStringLiteral("r-3"), QStringLiteral("r-4")});
                else
                    deliver(receiver, QStringLiteral("shop"), QStringLiteral("r-1"), kBody, &got);
            });
            const bool blocked = waitUntilBlocked(su, receiverPid);
            const PgResult committed = pruner.exec(QStringLiteral("COMMIT"));
            delivery.join();
            QVERIFY_SQL(committed);
            QVERIFY(blocked);
            if (many) {
                QVERIFY2(
                    got.startsWith(
                        QStringLiteral("duplicate:%1,new:")
                            .arg(oneInt(su, QStringLiteral("SELECT event_id FROM inbox.kept_keys"
                                                           " WHERE external_id = 'r-3'")))),
                    qPrintable(got));
            } else {
                QCOMPARE(got, QStringLiteral("duplicate"));
                // The first round also makes r-3, pruned in the second.
                QCOMPARE(deliver(su, QStringLiteral("shop"), QStringLiteral("r-3"), kBody, &got) >
                             0,
                         true);
                QCOMPARE(got, QStringLiteral("new"));
            }
        }
        QCOMPARE(one(su, QStringLiteral(
                             "SELECT string_agg(external_id, ',' ORDER BY id) FROM inbox.events")),
                 QStringLiteral("r-4"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(external_id || ' ' || deliveries, ','"
                                        " ORDER BY external_id) FROM inbox.kept_keys")),
                 QStringLiteral("r-1 2,r-2 1,r-3 2"));
        QCOMPARE(oneInt(su,
                        QStringLiteral(
                            "SELECT count(*) FROM inbox.kept_keys WHERE event_id IN ($1, $2)"),
                        {a, b}),
                 2);
    }

    // A delivery that found the event alive and waits for its row while a prune deletes it:
    // the row is gone when the wait ends, the insert is tried again and finds the key kept
    // (accept's retry, and accept_many's known-key lock handing the key to accept). A third
    // session holds the row so that the prune and the delivery queue behind it in that order.
    void deliveryThatFoundTheEventAliveFindsItKept()
    {
        PgSession &su = m_db.su();
        PgSession holder(m_db.conninfo());
        PgSession pruner(m_db.conninfo());
        PgSession receiver(m_db.conninfo());
        const int prunerPid = backendPid(pruner);
        const int receiverPid = backendPid(receiver);
        for (const bool many : {false, true}) {
            const QString key = many ? QStringLiteral("a-many") : QStringLiteral("a-one");
            const qint64 id = deliver(su, QStringLiteral("shop"), key, kBody);
            QCOMPARE(completeAndAge(su, QStringLiteral("shop"), QStringLiteral("100 days")), 1);
            QVERIFY_SQL(holder.exec(QStringLiteral("BEGIN")));
            QVERIFY_SQL(holder.exec(
                QStringLiteral("SELECT 1 FROM inbox.events WHERE id = $1 FOR UPDATE"), {id}));
            QString pruned, got;
            std::thread prune(
                [&] { pruned = one(pruner, QStringLiteral("SELECT inbox.prune()")); });
            const bool pruneBlocked = waitUntilBlocked(su, prunerPid);
            std::thread delivery([&] {
                if (many)
                    got = acceptMany(receiver, QStringLiteral("shop"), {key});
                else
                    deliver(receiver, QStringLiteral("shop"), key, kBody, &got);
            });
            const bool deliveryBlocked = waitUntilBlocked(su, receiverPid);
            const PgResult committed = holder.exec(QStringLiteral("COMMIT"));
            prune.join();
            delivery.join();
            QVERIFY_SQL(committed);
            QVERIFY(pruneBlocked);
            QVERIFY(deliveryBlocked);
            QCOMPARE(pruned, QStringLiteral("1"));
            QCOMPARE(got,
                     many ? QStringLiteral("duplicate:%1").arg(id) : QStringLiteral("duplicate"));
            QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 0);
            QCOMPARE(oneInt(su,
                            QStringLiteral("SELECT deliveries FROM inbox.kept_keys"
                                           " WHERE external_id = $1"),
                            {key}),
                     2);
        }
    }

    // A repeat that holds a live event's row makes the prune wait; the prune then deletes the
    // row as the repeat left it and keeps its key with every delivery counted.
    void pruneWaitingForARepeatKeepsItsDelivery()
    {
        PgSession &su = m_db.su();
        PgSession receiver(m_db.conninfo());
        PgSession pruner(m_db.conninfo());
        const int prunerPid = backendPid(pruner);
        deliver(su, QStringLiteral("shop"), QStringLiteral("h-1"), kBody);
        QCOMPARE(completeAndAge(su, QStringLiteral("shop"), QStringLiteral("100 days")), 1);
        QVERIFY_SQL(receiver.exec(QStringLiteral("BEGIN")));
        QString outcome;
        deliver(receiver, QStringLiteral("shop"), QStringLiteral("h-1"), kBody, &outcome);
        QCOMPARE(outcome, QStringLiteral("duplicate"));
        QString pruned;
        std::thread prune([&] { pruned = one(pruner, QStringLiteral("SELECT inbox.prune()")); });
        const bool blocked = waitUntilBlocked(su, prunerPid);
        const PgResult committed = receiver.exec(QStringLiteral("COMMIT"));
        prune.join();
        QVERIFY_SQL(committed);
        QVERIFY(blocked);
        QCOMPARE(pruned, QStringLiteral("1"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT deliveries FROM inbox.kept_keys")), 2);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 0);
    }

    // Many rounds of one prune against four receivers delivering the same old done keys, by
    // accept and accept_many, released together: every delivery is a 'duplicate' (of the live
    // event or of the kept key), no event is ever made, every key is kept with every delivery.
    void pruneAndDeliveriesRacing()
    {
        const int keys = 60;
        const int rounds = 6;
        std::vector<std::unique_ptr<PgSession>> receivers;
        for (int i = 0; i < 4; ++i) {
            receivers.push_back(std::make_unique<PgSession>(m_db.conninfo()));
            QVERIFY2(receivers.back()->ok(), qPrintable(receivers.back()->error()));
        }
        PgSession pruner(m_db.conninfo());
        PgSession &su = m_db.su();
        std::atomic<int> wrong{0};
        std::atomic<int> deliveries{0};
        std::atomic<int> retried{0};
        QString firstWrong;
        std::mutex wrongMutex;
        for (int round = 0; round < rounds; ++round) {
            const QString source = QStringLiteral("race%1").arg(round);
            QStringList ids;
            for (int k = 0; k < keys; ++k) {
                ids << QStringLiteral("k%1").arg(k);
                deliver(su, source, ids.last(), kBody);
            }
            QCOMPARE(completeAndAge(su, source, QStringLiteral("100 days")), keys);
            std::vector<std::function<void()>> jobs;
            jobs.emplace_back([&] { pruner.exec(QStringLiteral("SELECT inbox.prune()")); });
            for (int r = 0; r < int(receivers.size()); ++r) {
                PgSession *s = receivers.at(r).get();
                jobs.emplace_back([&, s, r] {
                    const auto note = [&](const QString &what) {
                        if (!what.startsWith(QLatin1String("duplicate"))) {
                            ++wrong;
                            const std::lock_guard<std::mutex> lock(wrongMutex);
                            if (firstWrong.isEmpty())
                                firstWrong = what;
                        }
                        ++deliveries;
                    };
                    QStringList order = ids;
                    if (r % 2)
                        std::reverse(order.begin(), order.end());
                    // A batch locks its rows in key order, the prune in the order it scans:
                    // they can deadlock (40P01, docs/contract.md §9.3), and the batch is
                    // retried as the contract says. A single accept holds one row only.
                    if (r < 2) {
                        for (const QString &id : order) {
                            QString outcome;
                            deliver(*s, source, id, kBody, &outcome);
                            note(outcome);
                        }
                    } else {
                        for (int from = 0; from < keys; from += 10) {
                            QString got;
                            for (int attempt = 0; attempt < 5; ++attempt) {
                                got = acceptMany(*s, source, order.mid(from, 10));
                                if (got != QLatin1String("!ERROR 40P01"))
                                    break;
                                ++retried;
                            }
                            for (const QString &o : got.split(u','))
                                note(o);
                        }
                    }
                });
            }
            runTogether(jobs);
            // Whatever the prune did not see yet is pruned now.
            QVERIFY_SQL(su.exec(QStringLiteral("SELECT inbox.prune()")));
            QCOMPARE(oneInt(su,
                            QStringLiteral("SELECT count(*) FROM inbox.events WHERE source = $1"),
                            {source}),
                     0);
            QCOMPARE(one(su,
                         QStringLiteral("SELECT count(*) || ' ' || sum(deliveries)"
                                        " FROM inbox.kept_keys WHERE source = $1"),
                         {source}),
                     QStringLiteral("%1 %2").arg(keys).arg(keys * 5));
        }
        QVERIFY2(wrong == 0, qPrintable(firstWrong));
        qInfo("batches retried after a deadlock with the prune: %d", retried.load());
        QCOMPARE(deliveries.load(), rounds * keys * 4);
        // Every 'received' entry is of an event whose key prune kept: no second event of a
        // key was ever made (its entry would name an id kept_keys does not have).
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal j"
                                           " WHERE j.entry = 'received' AND NOT EXISTS"
                                           " (SELECT 1 FROM inbox.kept_keys k"
                                           "   WHERE k.event_id = j.event_id)")),
                 0);
    }

    // The step on a database filled at the step before it: every row stays as it was, no key
    // is kept yet (those pruned before are forgotten), and the next prune keeps its keys.
    void migrationKeepsAFilledDatabase()
    {
        QString error;
        QVERIFY2(m_db.cluster().execAsSuperuser(QStringLiteral("postgres"),
                                                QStringLiteral("CREATE DATABASE upgrade_kept"),
                                                &error),
                 qPrintable(error));
        PgSession su(m_db.cluster().conninfo(QStringLiteral("upgrade_kept")));
        QVERIFY2(su.ok(), qPrintable(su.error()));
        inbox::DbError dbError;
        const int before = 31;
        QVERIFY2(inbox::Migrator::apply(su.raw(), &dbError, before), qPrintable(dbError.oneLine()));
        for (int i = 0; i < 40; ++i)
            deliver(su, QStringLiteral("s%1").arg(i % 3), QStringLiteral("e-%1").arg(i), kBody);
        deliver(su, QStringLiteral("s0"), QStringLiteral("e-0"), "{}");  // a conflict
        deliver(su, QStringLiteral("s1"), QStringLiteral("e-1"), kBody); // a duplicate
        completeAndAge(su, QStringLiteral("s0"), QStringLiteral("100 days"));
        QVERIFY_SQL(
            su.exec(QStringLiteral("SELECT inbox.record_lead(id, '8916123456' || (id % 10), NULL)"
                                   " FROM inbox.events WHERE source = 's1'")));
        const QString snapshot = QStringLiteral(
            "SELECT md5(string_agg(t, '|' ORDER BY t)) FROM ("
            " SELECT 'e' || e::text AS t FROM inbox.events e"
            " UNION ALL SELECT 'j' || j::text FROM inbox.journal j"
            " UNION ALL SELECT 'q' || q::text FROM inbox.event_queue q"
            " UNION ALL SELECT 'c' || c::text FROM inbox.conflict_bodies c"
            " UNION ALL SELECT 'l' || l::text FROM inbox.leads l"
            " UNION ALL SELECT 'd' || d::text FROM inbox.duplicate_candidates d"
            " UNION ALL SELECT 's' || source || status || sum(n) FROM inbox.status_counts"
            "   GROUP BY source, status"
            " UNION ALL SELECT 'k' || day || source || sum(received) || sum(repeats)"
            "   || sum(conflicts) FROM inbox.daily_stats GROUP BY day, source) x");
        const QString was = one(su, snapshot);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 40);

        const auto outcome = inbox::Migrator::apply(su.raw(), &dbError);
        QVERIFY2(outcome, qPrintable(dbError.oneLine()));
        QCOMPARE(outcome->before, before);
        QCOMPARE(outcome->after, inbox::Migrator::latestVersion());
        QCOMPARE(one(su, snapshot), was);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.kept_keys")), 0);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.source_retention")), 0);

        QCOMPARE(one(su, QStringLiteral("SELECT inbox.prune()")), QStringLiteral("14"));
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.kept_keys WHERE source = 's0'")),
            14);
        QString got;
        deliver(su, QStringLiteral("s0"), QStringLiteral("e-3"), kBody, &got);
        QCOMPARE(got, QStringLiteral("duplicate"));
        deliver(su, QStringLiteral("s0"), QStringLiteral("e-0"), "{}", &got);
        QCOMPARE(got, QStringLiteral("conflict")); // the stored fingerprint is the first body's
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 26);
    }
};

QTEST_MAIN(TestKeptKeys)
#include "tst_keptkeys.moc"
