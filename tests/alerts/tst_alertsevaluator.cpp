// The evaluator's rules on real data: each kind fires on figures whose timestamps were moved
// in the database, its message reaches the fake Telegram, and it resolves (with its
// "resolved" message) once the figures say so. One pass per run (inbox-alerts --once).
#include "alertstestcase.h"
#include "duplicate_fixture.h"

#include <QDateTime>
#include <QTest>

using namespace alertsfix;
using contract::one;
using contract::oneInt;

class TestAlertsEvaluator final : public AlertsTestCase
{
    Q_OBJECT

private:
    // One pass; the fake's delivered messages after it.
    QList<QJsonObject> pass(FakeTelegramHarness &tg, const QByteArray &extraConfig = {})
    {
        AlertsProcess p(m_db.conninfo(kEval), kToken, tg.port(), extraConfig);
        const int code = p.runOnce();
        if (code != 0)
            qWarning("inbox-alerts exit %d:\n%s", code, p.log().constData());
        m_lastLog = p.log();
        m_lastCode = code;
        return tg.delivered();
    }

    // `n` events of `source` claimed by worker w (processing).
    void claimed(const QString &source, int n)
    {
        PgSession ingest(m_db.conninfo(kIngest));
        PgSession worker(m_db.conninfo(kWorker));
        for (int i = 0; i < n; ++i)
            QVERIFY(contract::acceptEvent(ingest, source + QString::number(i), source) > 0);
        QCOMPARE(oneInt(worker, QStringLiteral("SELECT count(*) FROM inbox.claim('w', $1)"), {n}),
                 qint64(n));
    }

    // A failed rule, and one event of each source held by worker w on its last attempt (the
    // next fail is for good): the set-up of the late-commit races.
    void lastAttempts(const QStringList &sources)
    {
        QVERIFY(madeRule(QStringLiteral("Failures"), QStringLiteral("failed")));
        for (const QString &source : sources)
            claimed(source, 1);
        QVERIFY_SQL(m_db.su().exec(QStringLiteral(
            "UPDATE inbox.events SET max_attempts = attempts WHERE status = 'processing'")));
    }

    // `session` (a worker's) begins a transaction and fails, for good, the event of `source`
    // that worker w holds, leaving the transaction open for the test to commit or roll back.
    void failInOpenTransaction(PgSession &session, const QString &source, const QString &error)
    {
        const qint64 id =
            one(m_db.su(), QStringLiteral("SELECT id FROM inbox.events WHERE source = $1"),
                {source})
                .toLongLong();
        const QString token = contract::tokenOf(m_db.su(), id); // a worker reads no table
        QVERIFY_SQL(session.exec(QStringLiteral("BEGIN")));
        QVERIFY_SQL(session.exec(QStringLiteral("SELECT inbox.fail($1, 'w', $3, $2, false)"),
                                 {id, error, token}));
    }

    // The scopes alert_fired opened, in order, comma-separated.
    const QString m_fired =
        QStringLiteral("SELECT coalesce(string_agg(detail ->> 'scope_key', ',' ORDER BY id),"
                       " '') FROM inbox.journal WHERE entry = 'alert_fired'");

    QByteArray m_lastLog;
    int m_lastCode = 0;

private slots:
    void stuckFiresAndResolves()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        QVERIFY(madeRule(QStringLiteral("Stuck half an hour"), QStringLiteral("stuck"),
                         QStringLiteral("{\"minutes\": 30}")));
        claimed(QStringLiteral("crm"), 2);
        // Locked 29 minutes ago: not stuck yet.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = locked_at - interval '29 minutes'")));
        QCOMPARE(pass(tg).size(), 0);
        QCOMPARE(m_lastCode, 0);
        QCOMPARE(alertJournal(su), QString());

        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET locked_at = locked_at - interval '2 minutes'")));
        const QDateTime conditionAt = QDateTime::currentDateTimeUtc();
        QList<QJsonObject> got = pass(tg);
        QCOMPARE(got.size(), 1);
        // The figures for the report: from the condition to the message at the fake (a whole
        // --once run: process start, connect, evaluation, begin, send), and the evaluation.
        const QDateTime arrived = QDateTime::fromString(
            got.first().value(QStringLiteral("at")).toString(), Qt::ISODateWithMs);
        const qsizetype evaluated = m_lastLog.indexOf("evaluated ");
        qInfo("condition to message at the fake: %lld ms; %s", conditionAt.msecsTo(arrived),
              m_lastLog.mid(evaluated, m_lastLog.indexOf('\n', evaluated) - evaluated).constData());
        const QString text = textOf(got.first());
        QVERIFY2(text.contains(QLatin1String("Stuck half an hour")) &&
                     text.contains(QLatin1String("<code>crm</code>")) &&
                     text.contains(QLatin1String("2 events processing for more than 30 min")),
                 qPrintable(text));
        QCOMPARE(got.first().value(QStringLiteral("chat_id")).toString(), QStringLiteral("111"));
        QCOMPARE(alertJournal(su), QStringLiteral("alert_fired/crm,alert_sent/crm"));
        QCOMPARE(one(su, QStringLiteral("SELECT (detail -> 'result' ->> 'message_id') FROM"
                                        " inbox.journal WHERE entry = 'alert_sent'")),
                 QString::number(got.first().value(QStringLiteral("message_id")).toInteger()));

        // Still stuck: no second message before the repeat interval.
        QCOMPARE(pass(tg).size(), 1);

        // The lock renewed: resolved, and the resolved message.
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET locked_at = now()")));
        got = pass(tg);
        QCOMPARE(got.size(), 2);
        QVERIFY2(textOf(got.last()).contains(QLatin1String("Resolved")),
                 qPrintable(textOf(got.last())));
        QCOMPARE(alertJournal(su), QStringLiteral("alert_fired/crm,alert_sent/crm,"
                                                  "alert_resolved/crm,alert_sent/crm"));
        QCOMPARE(one(su, QStringLiteral("SELECT resolved_reason FROM inbox.alert_episodes")),
                 QStringLiteral("cleared"));
    }

    void resolveAfterKeepsAWaveringAlertOpen()
    {
        // resolve_after (keep firing for): a condition false for less than that since the
        // last pass that found it true leaves the episode open, so a figure wavering at its
        // threshold gives one episode, not one per pass.
        const QByteArray hold = "resolve_after = 120\n";
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        QVERIFY(madeRule(QStringLiteral("Stuck half an hour"), QStringLiteral("stuck"),
                         QStringLiteral("{\"minutes\": 30}")));
        claimed(QStringLiteral("crm"), 1);
        const QString stuck =
            QStringLiteral("UPDATE inbox.events SET locked_at = now() - interval '31 minutes'");
        const QString renewed = QStringLiteral("UPDATE inbox.events SET locked_at = now()");
        QVERIFY_SQL(su.exec(stuck));
        QCOMPARE(pass(tg, hold).size(), 1);
        const QString episode = one(su, QStringLiteral("SELECT id FROM inbox.alert_episodes"));

        // False now, but for seconds only: still open, nothing sent.
        QVERIFY_SQL(su.exec(renewed));
        QCOMPARE(pass(tg, hold).size(), 1);
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.alert_episodes"
                                        " WHERE resolved_at IS NULL")),
                 QStringLiteral("1"));
        // True again: the same episode goes on.
        QVERIFY_SQL(su.exec(stuck));
        QCOMPARE(pass(tg, hold).size(), 1);
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(id::text, ',') FROM"
                                        " inbox.alert_episodes")),
                 episode);

        // False, and the last pass that found it true 119 s ago: still open.
        QVERIFY_SQL(su.exec(renewed));
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.alert_episodes SET last_seen_at = now() - interval '119 seconds'")));
        QCOMPARE(pass(tg, hold).size(), 1);
        QCOMPARE(alertJournal(su), QStringLiteral("alert_fired/crm,alert_sent/crm"));
        // 121 s: resolved, with its message.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.alert_episodes SET last_seen_at = now() - interval '121 seconds'")));
        const QList<QJsonObject> got = pass(tg, hold);
        QCOMPARE(got.size(), 2);
        QVERIFY(textOf(got.last()).contains(QLatin1String("Resolved")));
        QCOMPARE(alertJournal(su), QStringLiteral("alert_fired/crm,alert_sent/crm,"
                                                  "alert_resolved/crm,alert_sent/crm"));
    }

    void failedFiresPerSourceAndErrorGroup()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        QVERIFY(madeRule(QStringLiteral("Failures"), QStringLiteral("failed"),
                         QStringLiteral("{\"min_failures\": 2}")));
        claimed(QStringLiteral("crm"), 3);
        QVERIFY(contract::failClaimed(su, QStringLiteral("crm"),
                                      QStringLiteral("timeout: upstream slow"), false));
        QList<QJsonObject> got = pass(tg);
        QCOMPARE(got.size(), 1);
        const QString text = textOf(got.first());
        QVERIFY2(text.contains(QLatin1String("<code>crm|timeout</code>")) &&
                     text.contains(QLatin1String("3 new failed events; error: timeout")),
                 qPrintable(text));
        // No new failures since its message: resolved.
        got = pass(tg);
        QCOMPARE(got.size(), 2);
        QVERIFY(textOf(got.last()).contains(QLatin1String("Resolved")));
        // One failure is below min_failures: nothing.
        claimed(QStringLiteral("shop"), 1);
        QVERIFY(contract::failClaimed(su, QStringLiteral("shop"), QStringLiteral("boom"), false));
        QCOMPARE(pass(tg).size(), 2);
        QCOMPARE(alertJournal(su), QStringLiteral("alert_fired/crm|timeout,alert_sent/crm|timeout,"
                                                  "alert_resolved/crm|timeout,"
                                                  "alert_sent/crm|timeout"));
    }

    void aFailureCommittedLateIsCountedOnce()
    {
        // Journal ids are taken at INSERT, so a failure whose transaction commits after a
        // later id was read sits behind what the evaluator has read. Each pass is a new
        // process (--once), so what it keeps must also hold across a restart.
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        lastAttempts({QStringLiteral("crm"), QStringLiteral("shop"), QStringLiteral("web")});
        // The worker fails crm's event in a transaction it has not committed yet...
        PgSession late(m_db.conninfo(kWorker));
        failInOpenTransaction(late, QStringLiteral("crm"), QStringLiteral("timeout: slow"));
        // ...another rolls its failure of web's event back after the first pass...
        PgSession undone(m_db.conninfo(kWorker));
        failInOpenTransaction(undone, QStringLiteral("web"), QStringLiteral("never"));
        // ...while shop's failure commits (a higher journal id).
        QVERIFY(contract::failClaimed(su, QStringLiteral("shop"), QStringLiteral("boom"), false));
        QCOMPARE(pass(tg).size(), 1);
        QCOMPARE(m_lastCode, 0);
        QCOMPARE(one(su, m_fired), QStringLiteral("shop|boom"));
        // The two ids it could not see yet are kept for the next run.
        const QString gaps = QStringLiteral(
            "SELECT coalesce(sum((g ->> 1)::bigint - (g ->> 0)::bigint + 1), 0) FROM"
            " inbox.alert_episodes, jsonb_array_elements(summary -> 'journal_gaps') g"
            " WHERE scope_key = $1");
        QCOMPARE(one(su, gaps, {QStringLiteral("shop|boom")}), QStringLiteral("2"));

        QVERIFY_SQL(late.exec(QStringLiteral("COMMIT")));
        QVERIFY_SQL(undone.exec(QStringLiteral("ROLLBACK")));
        // The race really happened: crm's failure has the lower id and committed last.
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal c, inbox.journal s"
                                           " WHERE c.entry = 'failed' AND s.entry = 'failed'"
                                           " AND c.event_id = (SELECT id FROM inbox.events"
                                           " WHERE source = 'crm') AND s.event_id = (SELECT id"
                                           " FROM inbox.events WHERE source = 'shop')"
                                           " AND c.id < s.id")),
                 qint64(1));
        pass(tg);
        QCOMPARE(m_lastCode, 0);
        QCOMPARE(one(su, m_fired), QStringLiteral("shop|boom,crm|timeout"));
        QCOMPARE(one(su, QStringLiteral("SELECT summary ->> 'failures' FROM inbox.alert_episodes"
                                        " WHERE scope_key = 'crm|timeout'")),
                 QStringLiteral("1"));
        // One gap filled, the other given up: nobody who could fill it is left.
        QCOMPARE(one(su, gaps, {QStringLiteral("crm|timeout")}), QStringLiteral("0"));
        // shop's failure was not counted again: its episode resolved.
        QCOMPARE(one(su, QStringLiteral("SELECT resolved_reason FROM inbox.alert_episodes"
                                        " WHERE scope_key = 'shop|boom'")),
                 QStringLiteral("cleared"));
        // Nothing new: crm resolves too, and nothing fires again.
        pass(tg);
        QCOMPARE(one(su, m_fired), QStringLiteral("shop|boom,crm|timeout"));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) FROM inbox.alert_episodes"
                                        " WHERE resolved_at IS NULL")),
                 QStringLiteral("0"));
    }

    void aFailureCommittedLateIsCountedByTheRunningService()
    {
        // The same race while one evaluator keeps running (its reading kept in memory): the
        // gap stays while the transaction that took its id is open, however many passes go
        // by, and its failure is counted when it commits.
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        lastAttempts({QStringLiteral("crm"), QStringLiteral("shop")});
        AlertsProcess p(m_db.conninfo(kEval), kToken, tg.port(), "interval = 1\n");
        p.start({}, false);
        QVERIFY2(p.waitForLogCount("evaluated ", 1), p.log().constData());
        const auto passes = [&p] {
            (void)p.waitForLogCount(QByteArray(), 0, 0); // reads what it wrote so far
            return int(p.log().count("evaluated "));
        };

        PgSession late(m_db.conninfo(kWorker));
        failInOpenTransaction(late, QStringLiteral("crm"), QStringLiteral("timeout: slow"));
        QVERIFY(contract::failClaimed(su, QStringLiteral("shop"), QStringLiteral("boom"), false));
        QTRY_COMPARE_WITH_TIMEOUT(one(su, m_fired), QStringLiteral("shop|boom"), 20000);
        // Passes go by (the gap armed) while the transaction stays open.
        const int seen = passes();
        QVERIFY2(p.waitForLogCount("evaluated ", seen + 3), p.log().constData());
        QCOMPARE(one(su, m_fired), QStringLiteral("shop|boom"));

        QVERIFY_SQL(late.exec(QStringLiteral("COMMIT")));
        QTRY_COMPARE_WITH_TIMEOUT(one(su, m_fired), QStringLiteral("shop|boom,crm|timeout"), 20000);
        QCOMPARE(one(su, QStringLiteral("SELECT summary ->> 'failures' FROM inbox.alert_episodes"
                                        " WHERE scope_key = 'crm|timeout'")),
                 QStringLiteral("1"));
        // Counted once: both resolve and nothing fires again.
        QTRY_COMPARE_WITH_TIMEOUT(one(su, QStringLiteral("SELECT count(*) FROM"
                                                         " inbox.alert_episodes WHERE"
                                                         " resolved_at IS NULL")),
                                  QStringLiteral("0"), 20000);
        const int later = passes();
        QVERIFY2(p.waitForLogCount("evaluated ", later + 2), p.log().constData());
        QCOMPARE(one(su, m_fired), QStringLiteral("shop|boom,crm|timeout"));
        p.terminate();
        QCOMPARE(p.wait(), 0);
    }

    // Issue 31 point 4: min_failures counts the failures since the scope's last message, over
    // passes: 3 + 3 with min_failures 5 fires at the second pass, with 6; after the message the
    // count starts again.
    void minFailuresCountsSinceTheLastMessage()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        QVERIFY(madeRule(QStringLiteral("Failures"), QStringLiteral("failed"),
                         QStringLiteral("{\"min_failures\": 5}")));
        AlertsProcess p(m_db.conninfo(kEval), kToken, tg.port(),
                        "interval = 1\nresolve_after = 600\n");
        p.start({}, false);
        QVERIFY2(p.waitForLogCount("evaluated ", 1), p.log().constData());
        const auto passes = [&p] {
            (void)p.waitForLogCount(QByteArray(), 0, 0);
            return int(p.log().count("evaluated "));
        };
        int batch = 0;
        const auto failThree = [&] {
            PgSession ingest(m_db.conninfo(kIngest));
            PgSession worker(m_db.conninfo(kWorker));
            for (int i = 0; i < 3; ++i)
                QVERIFY(contract::acceptEvent(ingest, QStringLiteral("crm-%1-%2").arg(batch).arg(i),
                                              QStringLiteral("crm")) > 0);
            ++batch;
            QCOMPARE(oneInt(worker, QStringLiteral("SELECT count(*) FROM inbox.claim('w', 3)")),
                     qint64(3));
            QVERIFY(contract::failClaimed(su, QStringLiteral("crm"),
                                          QStringLiteral("timeout: slow"), false));
            // At least two whole passes read them.
            const int seen = passes();
            QVERIFY2(p.waitForLogCount("evaluated ", seen + 2), p.log().constData());
        };
        failThree();
        QCOMPARE(one(su, m_fired), QString());
        failThree();
        QCOMPARE(one(su, m_fired), QStringLiteral("crm|timeout"));
        QTRY_COMPARE_WITH_TIMEOUT(tg.delivered().size(), 1, 10000);
        QVERIFY2(textOf(tg.delivered().first()).contains(QLatin1String("6 new failed events")),
                 qPrintable(textOf(tg.delivered().first())));
        // Three more after the message: the open episode holds, counting from its message.
        failThree();
        QCOMPARE(one(su, QStringLiteral("SELECT summary ->> 'failures' FROM inbox.alert_episodes")),
                 QStringLiteral("3"));
        p.terminate();
        QCOMPARE(p.wait(), 0);
    }

    // Issue 31 point 6: a failed rule's "resolved" says what resolved (no new failures for a
    // while) and how many events of the source are still failed.
    void failedResolvedSaysWhatResolved()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        QVERIFY(madeRule(QStringLiteral("Failures"), QStringLiteral("failed")));
        claimed(QStringLiteral("crm"), 3);
        QVERIFY(contract::failClaimed(su, QStringLiteral("crm"),
                                      QStringLiteral("timeout: upstream slow"), false));
        QCOMPARE(pass(tg).size(), 1);
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.alert_episodes SET last_seen_at ="
                                           " last_seen_at - interval '5 minutes'")));
        const QList<QJsonObject> got = pass(tg);
        QCOMPARE(got.size(), 2);
        const QString text = textOf(got.last());
        QVERIFY2(text.contains(QLatin1String("Resolved")) &&
                     text.contains(QLatin1String("no new failures for 5 min; 3 events of crm"
                                                 " still failed")),
                 qPrintable(text));
    }

    void shareRulesUseTheOverviewsBaseline()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        QVERIFY(madeRule(QStringLiteral("Repeats"), QStringLiteral("repeat_share")));
        QVERIFY(madeRule(QStringLiteral("Failure share"), QStringLiteral("failure_share")));
        // Five earlier days at 2 % repeats and 5 % failures; today 60 repeats of 160 deliveries
        // (37.5 %) and 10 failures of 100 outcomes (10 %, below max(2 x 5 %, 5 % + 5 %)).
        QVERIFY_SQL(su.exec(QStringLiteral(
            "INSERT INTO inbox.daily_stats (day, source, shard, received, repeats, done, failed)"
            " SELECT (now() AT TIME ZONE 'UTC')::date - d, 'crm', 0, 980, 20, 950, 50"
            " FROM generate_series(1, 5) d"
            " UNION ALL SELECT (now() AT TIME ZONE 'UTC')::date, 'crm', 0, 100, 60, 90, 10")));
        QList<QJsonObject> got = pass(tg);
        QCOMPARE(got.size(), 1);
        const QString text = textOf(got.first());
        QVERIFY2(text.contains(QLatin1String("Repeats")) &&
                     text.contains(QLatin1String("repeat share today 37.5 % (60 of 160)")) &&
                     text.contains(QLatin1String("baseline 2.0 % over 5 days")),
                 qPrintable(text));
        // Failures jump to 40 of 140: the failure share fires too; repeats fall to 60 of 2160.
        QVERIFY_SQL(su.exec(
            QStringLiteral("INSERT INTO inbox.daily_stats (day, source, shard, received, failed)"
                           " VALUES ((now() AT TIME ZONE 'UTC')::date, 'crm', 1, 2000, 40)")));
        got = pass(tg);
        QCOMPARE(got.size(), 2);
        const QString both = textOf(got.last());
        // One Telegram message carries both: the repeat share resolved, the failure share fired.
        QVERIFY2(both.contains(QLatin1String("Resolved</b>: <b>Repeats")) &&
                     both.contains(QLatin1String("failure share today 35.7 % (50 of 140)")),
                 qPrintable(both));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(DISTINCT detail -> 'result' ->>"
                                           " 'message_id') FROM inbox.journal"
                                           " WHERE entry = 'alert_sent'")),
                 qint64(2));
    }

    void silentSourceFiresAfterItsGap()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        QVERIFY(madeRule(QStringLiteral("Silent"), QStringLiteral("silent_source"),
                         QStringLiteral("{\"gap_minutes\": 5}")));
        PgSession ingest(m_db.conninfo(kIngest));
        QVERIFY(contract::acceptEvent(ingest, QStringLiteral("a1"), QStringLiteral("crm")) > 0);
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET received_at = received_at - interval '4 minutes'")));
        QCOMPARE(pass(tg).size(), 0);
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.events SET received_at = received_at - interval '6 minutes'")));
        QList<QJsonObject> got = pass(tg);
        QCOMPARE(got.size(), 1);
        QVERIFY2(
            textOf(got.first()).contains(QLatin1String("no new event for 10 min (allowed 5 min)")),
            qPrintable(textOf(got.first())));
        QVERIFY(contract::acceptEvent(ingest, QStringLiteral("a2"), QStringLiteral("crm")) > 0);
        got = pass(tg);
        QCOMPARE(got.size(), 2);
        QVERIFY(textOf(got.last()).contains(QLatin1String("Resolved")));
    }

    // A destination rule (0027) fires while its destination is paused, by a person or by a
    // 410 the dispatcher reported, and resolves once it is resumed.
    void destinationFiresWhilePaused()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        PgSession worker(m_db.conninfo(kWorker));
        PgSession maria(m_db.conninfo(kMaria)); // a manager is an operator too
        QVERIFY_SQL(worker.exec(QStringLiteral(
            "SELECT * FROM inbox.report_destination('w', 'crm-hook', 'closed', NULL)")));
        QVERIFY(madeRule(QStringLiteral("CRM handler"), QStringLiteral("destination"),
                         QStringLiteral("{\"destination\": \"crm-hook\"}")));
        QCOMPARE(pass(tg).size(), 0);
        QCOMPARE(m_lastCode, 0);

        QCOMPARE(one(maria, QStringLiteral("SELECT inbox.pause_destination('crm-hook',"
                                           " 'CRM maintenance')")),
                 QStringLiteral("paused"));
        QList<QJsonObject> got = pass(tg);
        QCOMPARE(got.size(), 1);
        QVERIFY2(textOf(got.first()).contains(QLatin1String("<code>crm-hook</code>")) &&
                     textOf(got.first())
                         .contains(QLatin1String("paused by mgr_maria 0 min ago: CRM "
                                                 "maintenance; no event waiting")),
                 qPrintable(textOf(got.first())));
        QCOMPARE(alertJournal(su), QStringLiteral("alert_fired/crm-hook,alert_sent/crm-hook"));

        QCOMPARE(one(maria, QStringLiteral("SELECT inbox.resume_destination('crm-hook',"
                                           " 'done')")),
                 QStringLiteral("resumed"));
        got = pass(tg);
        QCOMPARE(got.size(), 2);
        QVERIFY2(textOf(got.last()).contains(QLatin1String("Resolved")),
                 qPrintable(textOf(got.last())));

        // The handler answers 410 Gone: the dispatcher's report pauses it, a new episode.
        QVERIFY_SQL(worker.exec(
            QStringLiteral("SELECT * FROM inbox.report_destination('w', 'crm-hook', 'disabled',"
                           " 'HTTP 410 Gone')")));
        got = pass(tg);
        QCOMPARE(got.size(), 3);
        QVERIFY2(textOf(got.last())
                     .contains(QLatin1String("disabled by the handler (410 Gone) 0 min ago: "
                                             "HTTP 410 Gone")),
                 qPrintable(textOf(got.last())));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_episodes")), 2);
    }

    // A destination rule fires once the oldest event of its sources still waiting (received
    // or processing) was received longer ago than backlog_minutes, paused or not; with
    // on_pause false a pause alone does not fire. Other sources' events do not count.
    void destinationFiresWhenItsBacklogAges()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        PgSession worker(m_db.conninfo(kWorker));
        PgSession maria(m_db.conninfo(kMaria));
        PgSession ingest(m_db.conninfo(kIngest));
        QVERIFY_SQL(worker.exec(QStringLiteral(
            "SELECT * FROM inbox.report_destination('w', 'crm-hook', 'closed', NULL)")));
        QVERIFY(!alertsfix::rule(m_db, QStringLiteral("CRM backlog"), QStringLiteral("destination"),
                                 QStringLiteral("{\"destination\": \"crm-hook\","
                                                " \"backlog_minutes\": 30, \"on_pause\": false}"),
                                 QStringLiteral("{111}"), QStringLiteral("{crm}"))
                     .startsWith(QLatin1Char('!')));
        QCOMPARE(one(maria, QStringLiteral("SELECT inbox.pause_destination('crm-hook',"
                                           " 'planned')")),
                 QStringLiteral("paused"));
        const qint64 c1 =
            contract::acceptEvent(ingest, QStringLiteral("c1"), QStringLiteral("crm"));
        const qint64 c2 =
            contract::acceptEvent(ingest, QStringLiteral("c2"), QStringLiteral("crm"));
        const qint64 s1 =
            contract::acceptEvent(ingest, QStringLiteral("s1"), QStringLiteral("shop"));
        QVERIFY(c1 > 0 && c2 > 0 && s1 > 0);
        // Paused, an hour of shop's backlog, crm's 29 minutes old: nothing.
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET received_at = received_at - CASE id"
                           " WHEN $1 THEN interval '29 minutes' WHEN $2 THEN interval '5 minutes'"
                           " ELSE interval '1 hour' END"),
            {c1, c2}));
        QCOMPARE(pass(tg).size(), 0);
        QCOMPARE(m_lastCode, 0);

        // The oldest is claimed (processing), 31 minutes old: still waiting, it fires.
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET received_at = received_at -"
                                           " interval '2 minutes' WHERE id = $1"),
                            {c1}));
        QCOMPARE(oneInt(worker, QStringLiteral("SELECT count(*) FROM inbox.claim_routed('w', 1,"
                                               " ARRAY['crm'], NULL)")),
                 qint64(1));
        QList<QJsonObject> got = pass(tg);
        QCOMPARE(got.size(), 1);
        QVERIFY2(textOf(got.first())
                     .contains(QLatin1String("paused by mgr_maria 0 min ago: planned; 2 events "
                                             "waiting, the oldest for 31 min (allowed 30 min)")),
                 qPrintable(textOf(got.first())));
        QCOMPARE(one(su, QStringLiteral("SELECT summary ->> 'aged' FROM inbox.alert_episodes")),
                 QStringLiteral("true"));

        // Delivered: the oldest waiting is 5 minutes old, resolved although still paused.
        QVERIFY_SQL(worker.exec(QStringLiteral("SELECT inbox.complete($1, 'w', $2::bigint, NULL)"),
                                {c1, contract::tokenOf(su, c1)}));
        got = pass(tg);
        QCOMPARE(got.size(), 2);
        QVERIFY2(textOf(got.last()).contains(QLatin1String("Resolved")),
                 qPrintable(textOf(got.last())));
        QCOMPARE(alertJournal(su), QStringLiteral("alert_fired/crm-hook,alert_sent/crm-hook,"
                                                  "alert_resolved/crm-hook,alert_sent/crm-hook"));
    }

    // A poll_source rule (0030) fires for a source whose last successful poll is older than
    // its minutes (time moved in the database), names the source, the state and the last
    // error; resolves after a fresh success. A source the rule's sources do not name, and a
    // fresh one, do not fire.
    void pollSourceFiresWhenItsLastSuccessAges()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        PgSession ingest(m_db.conninfo(kIngest));
        for (const char *source : {"ozon-fbs", "wb-orders", "amo"})
            QVERIFY_SQL(ingest.exec(QStringLiteral("SELECT * FROM inbox.poll_open('p1', $1,"
                                                   " 'ozon')"),
                                    {QString::fromLatin1(source)}));
        QVERIFY(!alertsfix::rule(m_db, QStringLiteral("Polling"), QStringLiteral("poll_source"),
                                 QStringLiteral("{\"minutes\": 60}"), QStringLiteral("{111}"),
                                 QStringLiteral("{ozon-fbs,wb-orders}"))
                     .startsWith(QLatin1Char('!')));
        const QString done = QStringLiteral(
            "SELECT count(*) FROM inbox.poll_store('p1', $1, '{}'::text[], '{}'::bytea[], NULL,"
            " NULL, NULL, '{}'::jsonb, true, now())");
        for (const char *source : {"ozon-fbs", "wb-orders", "amo"})
            QVERIFY_SQL(ingest.exec(done, {QString::fromLatin1(source)}));
        QCOMPARE(pass(tg).size(), 0);
        QCOMPARE(m_lastCode, 0);

        // ozon-fbs 2 hours without success and failing with a 503; amo too, but not watched;
        // wb-orders 59 minutes: only ozon-fbs fires.
        QVERIFY_SQL(ingest.exec(QStringLiteral("SELECT inbox.poll_failed('p1', 'ozon-fbs',"
                                               " 'HTTP 503: <Service Unavailable>', 503, false)")));
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.poll_sources SET last_success_at = now() - CASE source"
            " WHEN 'wb-orders' THEN interval '59 minutes' ELSE interval '2 hours' END")));
        QList<QJsonObject> got = pass(tg);
        QCOMPARE(m_lastCode, 0);
        QCOMPARE(got.size(), 1);
        QVERIFY2(textOf(got.first()).contains(QLatin1String("<code>ozon-fbs</code>")) &&
                     textOf(got.first())
                         .contains(QLatin1String("no successful poll for 120 min, since ")) &&
                     textOf(got.first())
                         .contains(QLatin1String(
                             " UTC (allowed 60 min); failing (failures in a row: 1); last error"
                             " (HTTP 503): HTTP 503: &lt;Service Unavailable&gt;")),
                 qPrintable(textOf(got.first())));
        QCOMPARE(one(su, m_fired), QStringLiteral("ozon-fbs"));
        QCOMPARE(one(su, QStringLiteral("SELECT summary ->> 'state' FROM inbox.alert_episodes")),
                 QStringLiteral("failing"));

        // A fresh success: resolved.
        QVERIFY_SQL(ingest.exec(done, {QStringLiteral("ozon-fbs")}));
        got = pass(tg);
        QCOMPARE(got.size(), 2);
        QVERIFY2(textOf(got.last()).contains(QLatin1String("Resolved")),
                 qPrintable(textOf(got.last())));
        QCOMPARE(alertJournal(su), QStringLiteral("alert_fired/ozon-fbs,alert_sent/ozon-fbs,"
                                                  "alert_resolved/ozon-fbs,alert_sent/ozon-fbs"));
    }

    // A stopped source (401/403: credentials refused) fires at once with on_stop (the default),
    // with a rule of NULL sources (every polled source); with on_stop false it waits for
    // minutes. A source never polled successfully counts from its opening. poll_open (the
    // poller restarted with a fixed token) and a success resolve it.
    void pollSourceFiresAtOnceWhenStopped()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        PgSession ingest(m_db.conninfo(kIngest));
        QVERIFY_SQL(ingest.exec(QStringLiteral("SELECT * FROM inbox.poll_open('p1', 'wb-orders',"
                                               " 'wb')")));
        QVERIFY(madeRule(QStringLiteral("Polling stopped"), QStringLiteral("poll_source")));
        QVERIFY(!alertsfix::rule(m_db, QStringLiteral("Polling late"),
                                 QStringLiteral("poll_source"),
                                 QStringLiteral("{\"minutes\": 30, \"on_stop\": false}"),
                                 QStringLiteral("{222}"), QString())
                     .startsWith(QLatin1Char('!')));
        QCOMPARE(pass(tg).size(), 0);
        QVERIFY_SQL(ingest.exec(QStringLiteral("SELECT inbox.poll_failed('p1', 'wb-orders',"
                                               " 'HTTP 401: token refused', 401, true)")));
        QList<QJsonObject> got = pass(tg);
        QCOMPARE(m_lastCode, 0);
        QCOMPARE(got.size(), 1);
        QVERIFY2(textOf(got.first()).contains(QLatin1String("<code>wb-orders</code>")) &&
                     textOf(got.first())
                         .contains(QLatin1String("never polled successfully since it was opened"
                                                 " 0 min ago (")) &&
                     textOf(got.first())
                         .contains(QLatin1String(
                             "stopped 0 min ago: credentials refused (restart the poller once"
                             " they are fixed); last error (HTTP 401): HTTP 401: token refused")),
                 qPrintable(textOf(got.first())));

        // 31 minutes since it was opened: the on_stop false rule fires too.
        QVERIFY_SQL(su.exec(QStringLiteral(
            "UPDATE inbox.poll_sources SET opened_at = now() - interval '31 minutes'")));
        got = pass(tg);
        QCOMPARE(got.size(), 2);
        QVERIFY2(textOf(got.last()).contains(QLatin1String("Polling late")) &&
                     textOf(got.last())
                         .contains(QLatin1String("never polled successfully since it was opened"
                                                 " 31 min ago (")),
                 qPrintable(textOf(got.last())));

        // The poller restarted (polling again) and a poll succeeded: both resolve.
        QVERIFY_SQL(ingest.exec(QStringLiteral("SELECT * FROM inbox.poll_open('p1', 'wb-orders',"
                                               " 'wb')")));
        QVERIFY_SQL(ingest.exec(
            QStringLiteral("SELECT count(*) FROM inbox.poll_store('p1', 'wb-orders', '{}'::text[],"
                           " '{}'::bytea[], NULL, NULL, NULL, '{}'::jsonb, true, now())")));
        got = pass(tg);
        QCOMPARE(got.size(), 4);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_episodes"
                                           " WHERE resolved_at IS NOT NULL")),
                 2);
    }

    void duplicatesAgeFiresOnTheOldestOpenPair()
    {
        PgSession &su = m_db.su();
        FakeTelegramHarness tg(kToken);
        QVERIFY(madeRule(QStringLiteral("Old duplicates"), QStringLiteral("duplicates_age"),
                         QStringLiteral("{\"hours\": 24}")));
        const dupfix::Lead anna = dupfix::person(
            QStringLiteral("f1"), QStringLiteral("+79161234567"), QStringLiteral("Anna"));
        const qint64 pairId = dupfix::pair(
            su, anna,
            dupfix::fromTelegram(anna, QStringLiteral("t1"), QStringLiteral("89161234567")));
        QVERIFY(pairId > 0);
        QVERIFY(dupfix::age(su, pairId, QStringLiteral("23 hours")));
        QCOMPARE(pass(tg).size(), 0);
        QVERIFY(dupfix::age(su, pairId, QStringLiteral("2 hours")));
        QList<QJsonObject> got = pass(tg);
        QCOMPARE(got.size(), 1);
        QVERIFY2(
            textOf(got.first())
                .contains(QLatin1String("the oldest open duplicate pair has waited 25 h (1 open)")),
            qPrintable(textOf(got.first())));
        QCOMPARE(alertJournal(su), QStringLiteral("alert_fired/*,alert_sent/*"));
    }
};

QTEST_GUILESS_MAIN(TestAlertsEvaluator)
#include "tst_alertsevaluator.moc"
