// Alert episodes (the alerts step): the evaluator's role opens, keeps and resolves an episode
// atomically (two evaluators at once: one episode), is told which messages are due as the
// timestamps move, and sends each message through an action whose key is derived from the
// episode, the message number and the chat, so a restarted or second evaluator never sends it
// twice. Every firing, message, resolution and silence is in the journal.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QTest>

#include <thread>

using namespace contract;

namespace {

const QString kMaria = QStringLiteral("mgr_maria");
const QString kSonia = QStringLiteral("sup_sonia");
const QString kWorker = QStringLiteral("worker_w");
const QString kIngest = QStringLiteral("ingest_i");
const QString kEvalA = QStringLiteral("alerts_a");
const QString kEvalB = QStringLiteral("alerts_b");

// "episode_id:outcome" of fire_alert / resolve_alert, or the error.
QString fire(PgSession &s, const QVariant &rule, const QVariant &scope,
             const QVariant &summary = QVariant())
{
    const PgResult r =
        s.exec(QStringLiteral("SELECT coalesce(episode_id::text, '-') || ':' || outcome"
                              " FROM inbox.fire_alert($1, $2, $3::jsonb)"),
               {rule, scope, summary});
    return valueOrError(r);
}

QString resolve(PgSession &s, const QVariant &rule, const QVariant &scope)
{
    const PgResult r =
        s.exec(QStringLiteral("SELECT coalesce(episode_id::text, '-') || ':' || outcome"
                              " FROM inbox.resolve_alert($1, $2)"),
               {rule, scope});
    return valueOrError(r);
}

// The due messages as "episode/number/message/chat/action state", in order.
QString due(PgSession &s)
{
    const PgResult r = s.exec(QStringLiteral(
        "SELECT coalesce(string_agg(episode_id || '/' || message_no || '/' || message || '/' ||"
        " chat_id || '/' || coalesce(action_state, '-'), ','), '')"
        " FROM inbox.due_alert_messages()"));
    return valueOrError(r);
}

// begin_alert_message: "action_id:state:message", or the error.
QString begin(PgSession &s, const QVariant &episode, const QVariant &number, const QVariant &chat)
{
    const PgResult r = s.exec(QStringLiteral("SELECT action_id || ':' || state || ':' || message"
                                             " FROM inbox.begin_alert_message($1, $2, $3)"),
                              {episode, number, chat});
    return valueOrError(r);
}

QString actionOf(const QString &begun)
{
    return begun.section(QLatin1Char(':'), 0, 0);
}

// The episode fire_alert opened (or kept) for `scope`: the id before ':' in fire()'s answer.
QString firedEpisode(PgSession &s, const QVariant &rule, const QString &scope)
{
    return fire(s, rule, scope).section(QLatin1Char(':'), 0, 0);
}

// The message of `begun` (begin()'s answer) delivered: finish_alert_message(action, true).
PgResult finishDelivered(PgSession &s, const QString &begun)
{
    return s.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, true)"), {actionOf(begun)});
}

} // namespace

class TestAlertEpisodes final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestAlertEpisodes()
        : DatabaseTestCase{{kMaria, {QStringLiteral("inbox_manager")}},
                           {kSonia, {QStringLiteral("inbox_support")}},
                           {kWorker, {QStringLiteral("inbox_worker")}},
                           {kIngest, {QStringLiteral("inbox_ingest")}},
                           {kEvalA, {QStringLiteral("inbox_alerts")}},
                           {kEvalB, {QStringLiteral("inbox_alerts")}}}
    {}

private:
    // A stuck rule to two chats, repeating every hour; its id.
    QString rule(const QString &name = QStringLiteral("Stuck"), bool sendResolved = true)
    {
        PgSession maria(m_db.conninfo(kMaria));
        return one(maria,
                   QStringLiteral("SELECT inbox.set_alert_rule(NULL, $1, 'stuck', NULL, 'warning',"
                                  " NULL, ARRAY['111', '-222'], '1 hour', $2)"),
                   {name, sendResolved});
    }

private slots:
    // Opened once, kept while it fires (no journal entry per look), resolved once, and a new
    // episode when it fires again.
    void fireKeepResolveAndFireAgain()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        const QString r = rule();
        const QString opened =
            fire(eval, r, QStringLiteral("crm"), QStringLiteral("{\"stuck\":3}"));
        QVERIFY2(opened.endsWith(QLatin1String(":opened")), qPrintable(opened));
        const QString ep = opened.section(QLatin1Char(':'), 0, 0);
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.alert_episodes SET"
                                           " last_seen_at = last_seen_at - interval '5 minutes'")));
        QCOMPARE(fire(eval, r, QStringLiteral("crm"), QStringLiteral("{\"stuck\":4}")),
                 ep + QStringLiteral(":firing"));
        QCOMPARE(fire(eval, r, QStringLiteral("crm")), ep + QStringLiteral(":firing"));
        QCOMPARE(one(su, QStringLiteral("SELECT (summary ->> 'stuck') || '|' ||"
                                        " (last_seen_at > fired_at) FROM inbox.alert_episodes")),
                 QStringLiteral("4|true"));
        // Another scope of the same rule is an episode of its own.
        QVERIFY(fire(eval, r, QStringLiteral("shop")).endsWith(QLatin1String(":opened")));

        QCOMPARE(resolve(eval, r, QStringLiteral("crm")), ep + QStringLiteral(":resolved"));
        QCOMPARE(resolve(eval, r, QStringLiteral("crm")), QStringLiteral("-:not_firing"));
        const QString again = fire(eval, r, QStringLiteral("crm"));
        QVERIFY2(again.endsWith(QLatin1String(":opened")) &&
                     !again.startsWith(ep + QLatin1Char(':')),
                 qPrintable(again));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(entry || '/' || (detail ->> 'scope_key')"
                                        " || '/' || actor || '/' || by_person, ',' ORDER BY id)"
                                        " FROM inbox.journal WHERE entry LIKE 'alert\\_%'"
                                        " AND entry NOT LIKE 'alert\\_rule%'")),
                 QStringLiteral("alert_fired/crm/%1/false,alert_fired/shop/%1/false,"
                                "alert_resolved/crm/%1/false,alert_fired/crm/%1/false")
                     .arg(kEvalA));
        QCOMPARE(
            one(su, QStringLiteral("SELECT (detail ->> 'reason') || '|' ||"
                                   " (detail ->> 'messages') || '|' || (detail ->> 'rule_name')"
                                   " FROM inbox.journal WHERE entry = 'alert_resolved'")),
            QStringLiteral("cleared|0|Stuck"));
    }

    // Two evaluators see the same problem at once: the second waits for the first's episode
    // and keeps it, so there is one episode and one alert_fired.
    void twoEvaluatorsOpenOneEpisode()
    {
        PgSession &su = m_db.su();
        const QString r = rule();
        PgSession a(m_db.conninfo(kEvalA));
        PgSession b(m_db.conninfo(kEvalB));
        QVERIFY_SQL(a.exec(QStringLiteral("BEGIN")));
        const QString first = fire(a, r, QStringLiteral("crm"));
        QVERIFY2(first.endsWith(QLatin1String(":opened")), qPrintable(first));
        const int bPid = backendPid(b);
        QString second;
        std::thread t([&] { second = fire(b, r, QStringLiteral("crm")); });
        const bool blocked = waitUntilBlocked(su, bPid);
        if (!blocked) {
            a.exec(QStringLiteral("ROLLBACK"));
            t.join();
            QFAIL("the second evaluator did not wait for the first one's episode");
        }
        QVERIFY_SQL(a.exec(QStringLiteral("COMMIT")));
        t.join();
        QCOMPARE(second, first.section(QLatin1Char(':'), 0, 0) + QStringLiteral(":firing"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_episodes")), 1);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"
                                           " WHERE entry = 'alert_fired'")),
                 1);

        // And released together, many times over, with resolutions in between.
        for (int round = 0; round < 20; ++round) {
            const QString scope = QStringLiteral("s%1").arg(round);
            QString fromA, fromB;
            runTogether({[&] { fromA = fire(a, r, scope); },
                         [&] {
                             fromB = fire(b, r, scope);
                         }});
            QStringList outcomes{fromA, fromB};
            outcomes.sort();
            QVERIFY2(outcomes.at(0).section(QLatin1Char(':'), 0, 0) ==
                             outcomes.at(1).section(QLatin1Char(':'), 0, 0) &&
                         outcomes.at(0).endsWith(QLatin1String(":firing")) !=
                             outcomes.at(1).endsWith(QLatin1String(":firing")),
                     qPrintable(outcomes.join(QLatin1Char(' '))));
            QString resolvedA, resolvedB;
            runTogether({[&] { resolvedA = resolve(a, r, scope); },
                         [&] {
                             resolvedB = resolve(b, r, scope);
                         }});
            QStringList resolved{resolvedA, resolvedB};
            resolved.sort();
            QVERIFY2(resolved.at(0) == QLatin1String("-:not_firing") &&
                         resolved.at(1).endsWith(QLatin1String(":resolved")),
                     qPrintable(resolved.join(QLatin1Char(' '))));
        }
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_episodes")), 21);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"
                                           " WHERE entry = 'alert_resolved'")),
                 20);
    }

    // Message 1 is due at once to every chat; a repeat when the interval has passed since the
    // last message, not before; the resolved message after resolution; then nothing.
    void dueMessagesFollowTheClock()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        const QString r = rule();
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/-222/-,%1/1/fired/111/-").arg(ep));
        const QString a1 = begin(eval, ep, 1, QStringLiteral("111"));
        QVERIFY2(a1.endsWith(QLatin1String(":started:fired")), qPrintable(a1));
        // In flight: still listed, with its state, until finished.
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/-222/-,%1/1/fired/111/started").arg(ep));
        QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, true,"
                                             " '{\"message_id\": 501}')"),
                              {actionOf(a1)}));
        const QString a2 = begin(eval, ep, 1, QStringLiteral("-222"));
        QVERIFY_SQL(finishDelivered(eval, a2));
        QCOMPARE(due(eval), QString());
        QCOMPARE(begin(eval, ep, 2, QStringLiteral("111")), QStringLiteral("!ERROR 22023"));

        const QString back = QStringLiteral("UPDATE inbox.alert_episodes SET"
                                            " fired_at = fired_at - interval '%1',"
                                            " last_sent_at = last_sent_at - interval '%1',"
                                            " last_reached_at = last_reached_at - interval '%1'");
        QVERIFY_SQL(su.exec(back.arg(QStringLiteral("59 minutes"))));
        QCOMPARE(due(eval), QString());
        QVERIFY_SQL(su.exec(back.arg(QStringLiteral("1 minute"))));
        QCOMPARE(due(eval), QStringLiteral("%1/2/repeat/-222/-,%1/2/repeat/111/-").arg(ep));
        QCOMPARE(begin(eval, ep, 3, QStringLiteral("111")), QStringLiteral("!ERROR 22023"));
        const QString r1 = begin(eval, ep, 2, QStringLiteral("111"));
        QVERIFY2(r1.endsWith(QLatin1String(":started:repeat")), qPrintable(r1));
        QVERIFY_SQL(finishDelivered(eval, r1));
        // The other chat of message 2 is still due; the clock restarted for message 3.
        QCOMPARE(due(eval), QStringLiteral("%1/2/repeat/-222/-").arg(ep));
        QVERIFY_SQL(su.exec(back.arg(QStringLiteral("59 minutes"))));
        QCOMPARE(due(eval), QStringLiteral("%1/2/repeat/-222/-").arg(ep));

        QCOMPARE(resolve(eval, r, QStringLiteral("crm")), ep + QStringLiteral(":resolved"));
        QCOMPARE(due(eval), QStringLiteral("%1/3/resolved/-222/-,%1/3/resolved/111/-").arg(ep));
        for (const QString &chat : {QStringLiteral("111"), QStringLiteral("-222")}) {
            const QString m = begin(eval, ep, 3, chat);
            QVERIFY2(m.endsWith(QLatin1String(":started:resolved")), qPrintable(m));
            QVERIFY_SQL(finishDelivered(eval, m));
        }
        QCOMPARE(due(eval), QString());
        QVERIFY_SQL(su.exec(back.arg(QStringLiteral("1 day"))));
        QCOMPARE(due(eval), QString());
        QCOMPARE(one(su, QStringLiteral("SELECT message_no || '|' || resolved_message_no"
                                        " FROM inbox.alert_episodes")),
                 QStringLiteral("3|3"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg((detail ->> 'message_no') || '/' ||"
                                        " (detail ->> 'message') || '/' || (detail ->> 'chat_id'),"
                                        " ',' ORDER BY id) FROM inbox.journal"
                                        " WHERE entry = 'alert_sent'")),
                 QStringLiteral("1/fired/111,1/fired/-222,2/repeat/111,3/resolved/111,"
                                "3/resolved/-222"));
        QCOMPARE(one(su, QStringLiteral("SELECT detail -> 'result' ->> 'message_id' FROM"
                                        " inbox.journal WHERE entry = 'alert_sent' ORDER BY id"
                                        " LIMIT 1")),
                 QStringLiteral("501"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT string_agg(operation_key, ',' ORDER BY id) FROM"
                                    " inbox.actions WHERE episode_id = $1"),
                     {ep}),
                 QStringLiteral("alert:%1:1:111,alert:%1:1:-222,alert:%1:2:111,alert:%1:3:111,"
                                "alert:%1:3:-222")
                     .arg(ep));
    }

    // Without send_resolved, and for an episode that never sent anything, no resolved message.
    void noResolvedMessageWhenNotWantedOrNothingWasSent()
    {
        PgSession eval(m_db.conninfo(kEvalA));
        const QString quiet = rule(QStringLiteral("Quiet"), false);
        const QString loud = rule(QStringLiteral("Loud"), true);
        const QString e1 = firedEpisode(eval, quiet, QStringLiteral("crm"));
        const QString m = begin(eval, e1, 1, QStringLiteral("111"));
        QVERIFY_SQL(finishDelivered(eval, m));
        QVERIFY(resolve(eval, quiet, QStringLiteral("crm")).endsWith(QLatin1String(":resolved")));
        QVERIFY(fire(eval, loud, QStringLiteral("crm")).endsWith(QLatin1String(":opened")));
        QVERIFY(resolve(eval, loud, QStringLiteral("crm")).endsWith(QLatin1String(":resolved")));
        QCOMPARE(due(eval), QString());
    }

    // An evaluator that dies after Telegram answered and before finish_alert_message: the next
    // one (a restart, or the other evaluator) is told 'unknown', not 'started', and never sends
    // it again; what it records is the message's outcome, and a later begin says 'done'.
    void restartedEvaluatorNeverSendsTwice()
    {
        PgSession &su = m_db.su();
        const QString r = rule();
        QString ep;
        QString action;
        {
            PgSession first(m_db.conninfo(kEvalA));
            ep = firedEpisode(first, r, QStringLiteral("crm"));
            const QString m = begin(first, ep, 1, QStringLiteral("111"));
            QVERIFY2(m.endsWith(QLatin1String(":started:fired")), qPrintable(m));
            action = actionOf(m);
        } // the connection is gone: nothing was finished
        PgSession restarted(m_db.conninfo(kEvalA));
        QCOMPARE(due(restarted),
                 QStringLiteral("%1/1/fired/-222/-,%1/1/fired/111/started").arg(ep));
        QCOMPARE(begin(restarted, ep, 1, QStringLiteral("111")),
                 action + QStringLiteral(":unknown:fired"));
        PgSession other(m_db.conninfo(kEvalB));
        QCOMPARE(begin(other, ep, 1, QStringLiteral("111")),
                 action + QStringLiteral(":unknown:fired"));
        QVERIFY_SQL(restarted.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, true,"
                                                  " '{\"outcome\": \"unknown\"}')"),
                                   {action}));
        const PgResult done = other.exec(QStringLiteral("SELECT state, result ->> 'outcome' FROM"
                                                        " inbox.begin_alert_message($1, 1, '111')"),
                                         {ep});
        QVERIFY_SQL(done);
        QCOMPARE(done.values.value(0),
                 (QStringList{QStringLiteral("done"), QStringLiteral("unknown")}));
        QCOMPARE(due(other), QStringLiteral("%1/1/fired/-222/-").arg(ep));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT string_agg(entry, ',' ORDER BY id) FROM"
                                    " inbox.journal WHERE detail ->> 'action_id' = $1"),
                     {action}),
                 QStringLiteral("action_started,action_repeat,action_repeat,alert_sent,"
                                "action_repeat"));
        QCOMPARE(
            oneInt(su, QStringLiteral("SELECT begun FROM inbox.actions WHERE id = $1"), {action}),
            1);
    }

    // Two evaluators begin the same message at once: the second waits for the first and is
    // told 'unknown' (the first one sends it).
    void twoEvaluatorsBeginOneMessageOnce()
    {
        PgSession &su = m_db.su();
        const QString r = rule();
        PgSession a(m_db.conninfo(kEvalA));
        PgSession b(m_db.conninfo(kEvalB));
        const QString ep = firedEpisode(a, r, QStringLiteral("crm"));
        QVERIFY_SQL(a.exec(QStringLiteral("BEGIN")));
        const QString first = begin(a, ep, 1, QStringLiteral("111"));
        QVERIFY2(first.endsWith(QLatin1String(":started:fired")), qPrintable(first));
        const int bPid = backendPid(b);
        QString second;
        std::thread t([&] { second = begin(b, ep, 1, QStringLiteral("111")); });
        const bool blocked = waitUntilBlocked(su, bPid);
        if (!blocked) {
            a.exec(QStringLiteral("ROLLBACK"));
            t.join();
            QFAIL("the second evaluator did not wait for the first one's message");
        }
        QVERIFY_SQL(a.exec(QStringLiteral("COMMIT")));
        t.join();
        QCOMPARE(second, actionOf(first) + QStringLiteral(":unknown:fired"));

        // The same for a repeat, the message that moves the episode on: released together,
        // one starts it, the other is told unknown, and the episode is at message 2 once.
        QVERIFY_SQL(finishDelivered(a, first));
        QVERIFY_SQL(
            su.exec(QStringLiteral("UPDATE inbox.alert_episodes SET"
                                   " last_sent_at = last_sent_at - interval '1 hour',"
                                   " last_reached_at = last_reached_at - interval '1 hour'")));
        QString gotA, gotB;
        runTogether({[&] { gotA = begin(a, ep, 2, QStringLiteral("-222")); },
                     [&] {
                         gotB = begin(b, ep, 2, QStringLiteral("-222"));
                     }});
        QStringList got{gotA, gotB};
        got.sort();
        QVERIFY2(actionOf(got.at(0)) == actionOf(got.at(1)) &&
                     got.at(0).endsWith(QLatin1String(":started:repeat")) !=
                         got.at(1).endsWith(QLatin1String(":started:repeat")) &&
                     (got.at(0).endsWith(QLatin1String(":unknown:repeat")) ||
                      got.at(1).endsWith(QLatin1String(":unknown:repeat"))),
                 qPrintable(got.join(QLatin1Char(' '))));
        QCOMPARE(one(su, QStringLiteral("SELECT message_no FROM inbox.alert_episodes")),
                 QStringLiteral("2"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"
                                           " WHERE entry = 'action_started'")),
                 2);
    }

    // A message refused for certain (finish false) is journaled with its outcome and is due
    // again for that chat; begin restarts it under the same key.
    void failedMessageIsDueAgain()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        const QString r = rule();
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        const QString m = begin(eval, ep, 1, QStringLiteral("111"));
        QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false,"
                                             " '{\"http\": 500}')"),
                              {actionOf(m)}));
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/-222/-,%1/1/fired/111/failed").arg(ep));
        QCOMPARE(begin(eval, ep, 1, QStringLiteral("111")),
                 actionOf(m) + QStringLiteral(":started:fired"));
        QCOMPARE(errorOf(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false)"),
                                   {actionOf(m)})),
                 QStringLiteral("ok"));
        QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false)"),
                              {actionOf(m)})); // the same outcome again: nothing more
        QCOMPARE(one(su,
                     QStringLiteral("SELECT string_agg(entry || '/' || coalesce(detail ->>"
                                    " 'begun', '-') || '/' || coalesce(detail -> 'result' ->>"
                                    " 'http', '-'), ',' ORDER BY id) FROM inbox.journal"
                                    " WHERE detail ->> 'action_id' = $1"),
                     {actionOf(m)}),
                 QStringLiteral("action_started/1/-,alert_send_failed/1/500,action_started/2/-,"
                                "alert_send_failed/2/-"));
        // A finished outcome is not contradicted.
        const QString again = begin(eval, ep, 1, QStringLiteral("111"));
        QVERIFY_SQL(finishDelivered(eval, again));
        QCOMPARE(errorOf(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false)"),
                                   {actionOf(again)})),
                 QStringLiteral("!ERROR 22023"));
    }

    // Issue 31 point 2: a message refused for certain stays owed after its episode resolved
    // (until delivered, or a person acknowledges the episode), and "resolved" goes only to a
    // chat an alert of the episode reached before it resolved.
    void failedMessageStaysOwedAfterItsEpisodeResolved()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        const QString r = rule();
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        const QString toA = begin(eval, ep, 1, QStringLiteral("111"));
        QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false,"
                                             " '{\"status\": 400}')"),
                              {actionOf(toA)}));
        QVERIFY_SQL(finishDelivered(eval, begin(eval, ep, 1, QStringLiteral("-222"))));
        QCOMPARE(resolve(eval, r, QStringLiteral("crm")), ep + QStringLiteral(":resolved"));
        // 111 never saw the alert: it is still owed, and it is not told "resolved".
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/111/failed,%1/2/resolved/-222/-").arg(ep));
        QCOMPARE(begin(eval, ep, 2, QStringLiteral("111")), QStringLiteral("!ERROR 22023"));
        const QString resolvedToB = begin(eval, ep, 2, QStringLiteral("-222"));
        QVERIFY2(resolvedToB.endsWith(QLatin1String(":started:resolved")), qPrintable(resolvedToB));
        QVERIFY_SQL(finishDelivered(eval, resolvedToB));
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/111/failed").arg(ep));
        QCOMPARE(begin(eval, ep, 2, QStringLiteral("111")), QStringLiteral("!ERROR 22023"));
        // Its retry (begun after the episode resolved, so its text says so) is the last word
        // to 111: delivered, nothing more is owed and the episode is settled.
        QCOMPARE(begin(eval, ep, 1, QStringLiteral("111")),
                 actionOf(toA) + QStringLiteral(":started:fired"));
        QCOMPARE(one(su, QStringLiteral("SELECT (settled_at IS NULL)::text FROM"
                                        " inbox.alert_episodes")),
                 QStringLiteral("true"));
        QVERIFY_SQL(finishDelivered(eval, toA));
        QCOMPARE(due(eval), QString());
        QCOMPARE(one(su, QStringLiteral("SELECT (settled_at IS NOT NULL)::text FROM"
                                        " inbox.alert_episodes")),
                 QStringLiteral("true"));
    }

    // Nothing reached any chat: no "resolved" at all, the failures stay owed until a person
    // acknowledges the episode (operators and managers; journaled by_person); a failure after
    // the acknowledgement is owed again.
    void failuresAreOwedUntilAPersonAcknowledges()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        PgSession maria(m_db.conninfo(kMaria));
        PgSession sonia(m_db.conninfo(kSonia));
        const QString r = rule();
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        QStringList begun;
        for (const QString &chat : {QStringLiteral("111"), QStringLiteral("-222")}) {
            begun << begin(eval, ep, 1, chat);
            QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false)"),
                                  {actionOf(begun.last())}));
        }
        QCOMPARE(resolve(eval, r, QStringLiteral("crm")), ep + QStringLiteral(":resolved"));
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/-222/failed,%1/1/fired/111/failed").arg(ep));
        QCOMPARE(
            errorOf(sonia.exec(QStringLiteral("SELECT inbox.acknowledge_alert($1, 'seen')"), {ep})),
            QStringLiteral("!ERROR 42501"));
        QCOMPARE(errorOf(eval.exec(QStringLiteral("SELECT inbox.acknowledge_alert($1)"), {ep})),
                 QStringLiteral("!ERROR 42501"));
        QCOMPARE(errorOf(maria.exec(QStringLiteral("SELECT inbox.acknowledge_alert(NULL)"))),
                 QStringLiteral("!ERROR 22004"));
        QCOMPARE(errorOf(maria.exec(QStringLiteral("SELECT inbox.acknowledge_alert(999)"))),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(one(maria,
                     QStringLiteral("SELECT inbox.acknowledge_alert($1, ' chat 111 was"
                                    " removed; told by phone ')"),
                     {ep}),
                 QStringLiteral("acknowledged"));
        QCOMPARE(due(eval), QString());
        QCOMPARE(one(su, QStringLiteral("SELECT acknowledged_by || '|' || acknowledge_note || '|'"
                                        " || (settled_at IS NOT NULL) FROM inbox.alert_episodes")),
                 QStringLiteral("mgr_maria|chat 111 was removed; told by phone|true"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT actor || '|' || by_person || '|' ||"
                                   " (detail ->> 'episode_id') || '|' || (detail ->> 'settled')"
                                   " FROM inbox.journal WHERE entry = 'alert_acknowledged'")),
            QStringLiteral("mgr_maria|true|%1|true").arg(ep));
        QCOMPARE(one(maria, QStringLiteral("SELECT inbox.acknowledge_alert($1)"), {ep}),
                 QStringLiteral("nothing_owed"));

        // An open episode: acknowledged failures are owed no more, a later one is.
        const QString open = firedEpisode(eval, r, QStringLiteral("shop"));
        const QString m = begin(eval, open, 1, QStringLiteral("111"));
        QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false)"),
                              {actionOf(m)}));
        QVERIFY_SQL(finishDelivered(eval, begin(eval, open, 1, QStringLiteral("-222"))));
        QCOMPARE(one(maria, QStringLiteral("SELECT inbox.acknowledge_alert($1)"), {open}),
                 QStringLiteral("acknowledged"));
        QCOMPARE(due(eval), QString());
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.alert_episodes SET acknowledged_at ="
                                           " acknowledged_at - interval '1 minute'")));
        QCOMPARE(begin(eval, open, 1, QStringLiteral("111")),
                 actionOf(m) + QStringLiteral(":started:fired"));
        QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false)"),
                              {actionOf(m)}));
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/111/failed").arg(open));
    }

    // Issue 31 point 3: a message begun and never finished is listed (so the evaluator records
    // it as unknown) after its episode moved on, resolved, or its rule was turned off.
    void messageKilledMidSendIsListedAfterItsEpisodeMovedOn()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        PgSession maria(m_db.conninfo(kMaria));
        const QString r = rule();
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        const QString killed = begin(eval, ep, 1, QStringLiteral("111"));
        QVERIFY_SQL(finishDelivered(eval, begin(eval, ep, 1, QStringLiteral("-222"))));
        QCOMPARE(resolve(eval, r, QStringLiteral("crm")), ep + QStringLiteral(":resolved"));
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/111/started,%1/2/resolved/-222/-").arg(ep));
        QVERIFY_SQL(finishDelivered(eval, begin(eval, ep, 2, QStringLiteral("-222"))));
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/111/started").arg(ep));
        // The rule turned off: nothing is sent, the begun message is still to be recorded.
        QVERIFY_SQL(maria.exec(QStringLiteral("SELECT inbox.set_alert_rule($1, 'Stuck', 'stuck',"
                                              " NULL, 'warning', NULL, ARRAY['111', '-222'],"
                                              " '1 hour', true, false)"),
                               {r}));
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/111/started").arg(ep));
        QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, true,"
                                             " '{\"outcome\": \"unknown\"}')"),
                              {actionOf(killed)}));
        QCOMPARE(due(eval), QString());
        QCOMPARE(one(su, QStringLiteral("SELECT (settled_at IS NOT NULL)::text FROM"
                                        " inbox.alert_episodes")),
                 QStringLiteral("true"));
    }

    // Issue 31 point 7: the repeat clock starts when a message reaches a chat, not at a begin
    // that failed: after an outage the retried first message is not followed by a repeat at
    // once.
    void repeatClockStartsWhenAMessageReachesAChat()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        PgSession maria(m_db.conninfo(kMaria));
        const QString r = one(maria, QStringLiteral("SELECT inbox.set_alert_rule(NULL, 'One',"
                                                    " 'stuck', NULL, 'warning', NULL,"
                                                    " ARRAY['111'], '1 minute', true)"));
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        const QString m = begin(eval, ep, 1, QStringLiteral("111"));
        QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false)"),
                              {actionOf(m)}));
        const QString back =
            QStringLiteral("UPDATE inbox.alert_episodes SET last_sent_at = last_sent_at -"
                           " interval '61 seconds'; UPDATE inbox.actions SET finished_at ="
                           " finished_at - interval '61 seconds'");
        QVERIFY_SQL(su.exec(back));
        // Still down a minute later: the first message is tried again, no repeat.
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/111/failed").arg(ep));
        QCOMPARE(begin(eval, ep, 1, QStringLiteral("111")),
                 actionOf(m) + QStringLiteral(":started:fired"));
        QVERIFY_SQL(finishDelivered(eval, m));
        QVERIFY_SQL(su.exec(back));
        // Delivered just now: the repeat counts from here.
        QCOMPARE(due(eval), QString());
        QCOMPARE(begin(eval, ep, 2, QStringLiteral("111")), QStringLiteral("!ERROR 22023"));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.alert_episodes SET last_reached_at ="
                                           " last_reached_at - interval '61 seconds'")));
        QCOMPARE(due(eval), QStringLiteral("%1/2/repeat/111/-").arg(ep));
    }

    // Issue 32 §12.14: an episode that owes nothing is settled, due_alert_messages reads only
    // the unsettled ones, and prune_alerts (the evaluator's) deletes the episodes settled
    // before its horizon with their message actions; the journal keeps their entries.
    void settledEpisodesArePruned()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        PgSession maria(m_db.conninfo(kMaria));
        const QString r = rule(QStringLiteral("Stuck"), false);
        // Delivered and resolved: settled at once.
        const QString done = firedEpisode(eval, r, QStringLiteral("crm"));
        for (const QString &chat : {QStringLiteral("111"), QStringLiteral("-222")})
            QVERIFY_SQL(finishDelivered(eval, begin(eval, done, 1, chat)));
        QCOMPARE(resolve(eval, r, QStringLiteral("crm")), done + QStringLiteral(":resolved"));
        // Resolved before any message: settled at once.
        const QString never = firedEpisode(eval, r, QStringLiteral("web"));
        QCOMPARE(resolve(eval, r, QStringLiteral("web")), never + QStringLiteral(":resolved"));
        // Resolved with a failure still owed, and one with a message in flight: kept.
        const QString owed = firedEpisode(eval, r, QStringLiteral("shop"));
        QVERIFY_SQL(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, false)"),
                              {actionOf(begin(eval, owed, 1, QStringLiteral("111")))}));
        QCOMPARE(resolve(eval, r, QStringLiteral("shop")), owed + QStringLiteral(":resolved"));
        const QString flying = firedEpisode(eval, r, QStringLiteral("app"));
        (void)begin(eval, flying, 1, QStringLiteral("111"));
        QCOMPARE(resolve(eval, r, QStringLiteral("app")), flying + QStringLiteral(":resolved"));
        // Open: kept.
        const QString open = firedEpisode(eval, r, QStringLiteral("erp"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(id || ':' || (settled_at IS NOT NULL),"
                                        " ',' ORDER BY id) FROM inbox.alert_episodes")),
                 QStringLiteral("%1:true,%2:true,%3:false,%4:false,%5:false")
                     .arg(done, never, owed, flying, open));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.alert_episodes SET"
                                           " fired_at = fired_at - interval '100 days',"
                                           " resolved_at = resolved_at - interval '100 days',"
                                           " settled_at = settled_at - interval '100 days'")));

        QCOMPARE(errorOf(eval.exec(QStringLiteral("SELECT inbox.prune_alerts(NULL)"))),
                 QStringLiteral("!ERROR 22004"));
        QCOMPARE(errorOf(eval.exec(QStringLiteral("SELECT inbox.prune_alerts('1 hour')"))),
                 QStringLiteral("!ERROR 22023"));
        for (const QString &login : {kMaria, kSonia, kWorker, kIngest})
            QCOMPARE(errorOf(PgSession(m_db.conninfo(login))
                                 .exec(QStringLiteral("SELECT inbox.prune_alerts()"))),
                     QStringLiteral("!ERROR 42501"));
        QCOMPARE(one(eval, QStringLiteral("SELECT inbox.prune_alerts()")), QStringLiteral("2"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(id::text, ',' ORDER BY id) FROM"
                                        " inbox.alert_episodes")),
                 QStringLiteral("%1,%2,%3").arg(owed, flying, open));
        QCOMPARE(oneInt(su,
                        QStringLiteral("SELECT count(*) FROM inbox.actions WHERE episode_id"
                                       " IN ($1, $2)"),
                        {done, never}),
                 0);
        QCOMPARE(one(su, QStringLiteral("SELECT (detail ->> 'episodes') || '|' || (detail ->>"
                                        " 'actions') FROM inbox.journal"
                                        " WHERE entry = 'alerts_pruned'")),
                 QStringLiteral("2|2"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"
                                           " WHERE entry = 'alert_fired'")),
                 5);
        // Nothing old enough: nothing deleted, nothing journaled.
        QCOMPARE(one(eval, QStringLiteral("SELECT inbox.prune_alerts()")), QStringLiteral("0"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"
                                           " WHERE entry = 'alerts_pruned'")),
                 1);
        // The owed failure acknowledged: settled by the next prune's look, deleted 90 days on.
        QCOMPARE(one(maria, QStringLiteral("SELECT inbox.acknowledge_alert($1)"), {owed}),
                 QStringLiteral("acknowledged"));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.alert_episodes SET settled_at ="
                                           " settled_at - interval '91 days' WHERE id = $1"),
                            {owed}));
        QCOMPARE(one(eval, QStringLiteral("SELECT inbox.prune_alerts()")), QStringLiteral("1"));
        QCOMPARE(due(eval),
                 QStringLiteral("%1/1/fired/111/started,%2/1/fired/-222/-,%2/1/fired/111/-")
                     .arg(flying, open));
    }

    // A silenced rule has nothing due; when the silence ends, what waited is due.
    void silenceHoldsMessagesBack()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        PgSession maria(m_db.conninfo(kMaria));
        const QString r = rule();
        QCOMPARE(one(maria,
                     QStringLiteral("SELECT inbox.silence_alert_rule($1,"
                                    " now() + interval '1 hour', 'maintenance')"),
                     {r}),
                 QStringLiteral("silenced"));
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        QCOMPARE(due(eval), QString());
        QCOMPARE(begin(eval, ep, 1, QStringLiteral("111")), QStringLiteral("!ERROR 22023"));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.alert_rules SET"
                                           " silenced_until = now() - interval '1 second'")));
        QCOMPARE(due(eval), QStringLiteral("%1/1/fired/-222/-,%1/1/fired/111/-").arg(ep));
    }

    void badArguments()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        const QString r = rule();
        QCOMPARE(fire(eval, QVariant(), QStringLiteral("crm")), QStringLiteral("!ERROR 22004"));
        QCOMPARE(fire(eval, QStringLiteral("999"), QStringLiteral("crm")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(fire(eval, r, QVariant()), QStringLiteral("!ERROR 22004"));
        QCOMPARE(fire(eval, r, QStringLiteral("")), QStringLiteral("!ERROR 22023"));
        QCOMPARE(fire(eval, r, QString(301, QLatin1Char('x'))), QStringLiteral("!ERROR 22023"));
        QCOMPARE(fire(eval, r, QStringLiteral("a\nb")), QStringLiteral("!ERROR 22023"));
        QCOMPARE(resolve(eval, QStringLiteral("999"), QStringLiteral("crm")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_episodes")), 0);
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        QCOMPARE(begin(eval, QVariant(), 1, QStringLiteral("111")), QStringLiteral("!ERROR 22004"));
        QCOMPARE(begin(eval, ep, QVariant(), QStringLiteral("111")),
                 QStringLiteral("!ERROR 22004"));
        QCOMPARE(begin(eval, ep, 1, QVariant()), QStringLiteral("!ERROR 22004"));
        QCOMPARE(begin(eval, 999, 1, QStringLiteral("111")), QStringLiteral("!ERROR 22023"));
        QCOMPARE(begin(eval, ep, 0, QStringLiteral("111")), QStringLiteral("!ERROR 22023"));
        QCOMPARE(begin(eval, ep, 1, QStringLiteral("333")), QStringLiteral("!ERROR 22023"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.actions")), 0);
        QCOMPARE(one(su, QStringLiteral("SELECT message_no FROM inbox.alert_episodes")),
                 QStringLiteral("0"));
        QCOMPARE(
            errorOf(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message(NULL, true)"))),
            QStringLiteral("!ERROR 22004"));
        QCOMPARE(errorOf(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message(1, NULL)"))),
                 QStringLiteral("!ERROR 22004"));
        QCOMPARE(errorOf(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message(999, true)"))),
                 QStringLiteral("!ERROR 22023"));
    }

    // Event actions and alert messages share inbox.actions and its unique key, but neither
    // side's functions touch the other's rows.
    void eventActionsAndAlertMessagesStayApart()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        PgSession worker(m_db.conninfo(kWorker));
        const QString r = rule();
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        const QString m = begin(eval, ep, 1, QStringLiteral("111"));
        const qint64 event = acceptEvent(su, QStringLiteral("e-1"));
        const QString key = QStringLiteral("alert:%1:1:111").arg(ep);
        QCOMPARE(errorOf(worker.exec(QStringLiteral("SELECT * FROM inbox.begin_action($1,"
                                                    " 'alert.telegram', $2)"),
                                     {event, key})),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(errorOf(worker.exec(QStringLiteral("SELECT inbox.finish_action($1, true)"),
                                     {actionOf(m)})),
                 QStringLiteral("!ERROR 22023"));
        const QString eventAction =
            one(worker,
                QStringLiteral("SELECT action_id FROM inbox.begin_action($1, 'crm.deal',"
                               " 'crm.deal:e-1')"),
                {event});
        QCOMPARE(errorOf(eval.exec(QStringLiteral("SELECT inbox.finish_alert_message($1, true)"),
                                   {eventAction})),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(state, ',' ORDER BY id) FROM"
                                        " inbox.actions")),
                 QStringLiteral("started,started"));
        // An action is an event's or an episode's, never both nor neither.
        QCOMPARE(errorOf(su.exec(QStringLiteral("INSERT INTO inbox.actions (kind, operation_key)"
                                                " VALUES ('x', 'orphan')"))),
                 QStringLiteral("!ERROR 23514"));
    }

    // Only the evaluator's role opens, resolves and sends episodes; support and above read
    // them; nobody writes the tables.
    void onlyTheEvaluatorRoleDrivesEpisodes()
    {
        PgSession &su = m_db.su();
        PgSession eval(m_db.conninfo(kEvalA));
        const QString r = rule();
        const QString ep = firedEpisode(eval, r, QStringLiteral("crm"));
        for (const QString &login : {kMaria, kSonia, kWorker, kIngest}) {
            PgSession s(m_db.conninfo(login));
            const QStringList calls = {
                QStringLiteral("SELECT * FROM inbox.fire_alert(%1, 'shop')").arg(r),
                QStringLiteral("SELECT * FROM inbox.resolve_alert(%1, 'crm')").arg(r),
                QStringLiteral("SELECT * FROM inbox.due_alert_messages()"),
                QStringLiteral("SELECT * FROM inbox.begin_alert_message(%1, 1, '111')").arg(ep),
                QStringLiteral("SELECT inbox.finish_alert_message(1, true)"),
                QStringLiteral("UPDATE inbox.alert_episodes SET resolved_at = now(),"
                               " resolved_reason = 'cleared'"),
                QStringLiteral("INSERT INTO inbox.alert_episodes (rule_id, scope_key)"
                               " VALUES (%1, 'x')")
                    .arg(r),
                QStringLiteral("DELETE FROM inbox.alert_episodes"),
            };
            for (const QString &c : calls)
                QVERIFY2(errorOf(s.exec(c)) == QStringLiteral("!ERROR 42501"),
                         qPrintable(login + QStringLiteral(": ") + c));
            const bool reader = login == kMaria || login == kSonia;
            QCOMPARE(errorOf(s.exec(QStringLiteral("SELECT * FROM inbox.alert_episodes"))),
                     reader ? QStringLiteral("ok") : QStringLiteral("!ERROR 42501"));
        }
        // The evaluator itself writes nothing directly and cannot act as a worker.
        for (const QString &c :
             {QStringLiteral("UPDATE inbox.alert_episodes SET message_no = 0"),
              QStringLiteral("DELETE FROM inbox.actions"),
              QStringLiteral("SELECT * FROM inbox.claim('evaluator', 1)"),
              QStringLiteral("SELECT inbox.set_alert_rule(NULL, 'mine', 'stuck', NULL, 'info',"
                             " NULL, ARRAY['1'])")})
            QVERIFY2(errorOf(eval.exec(c)) == QStringLiteral("!ERROR 42501"), qPrintable(c));
        QCOMPARE(one(su, QStringLiteral("SELECT count(*) || '|' || bool_and(resolved_at IS NULL)"
                                        " FROM inbox.alert_episodes")),
                 QStringLiteral("1|true"));
    }
};

QTEST_GUILESS_MAIN(TestAlertEpisodes)
#include "tst_alertepisodes.moc"
