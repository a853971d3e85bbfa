// Alert rules (the alerts step): a manager creates, changes, silences and removes them through
// the functions, each change journaled with the person; every argument is checked with a clear
// 22004/22023 before anything is written; support and above read the rules, and no other role
// can change them by any path (the functions or the tables).
#include "contract_util.h"
#include "databasetestcase.h"

#include <QTest>

#include <thread>

using namespace contract;

namespace {

const QString kMaria = QStringLiteral("mgr_maria");
const QString kIgor = QStringLiteral("mgr_igor");
const QString kSonia = QStringLiteral("sup_sonia");
const QString kOleg = QStringLiteral("op_oleg");
const QString kWorker = QStringLiteral("worker_w");
const QString kIngest = QStringLiteral("ingest_i");
const QString kAlerts = QStringLiteral("alerts_a");

const QString kSet = QStringLiteral(
    "SELECT inbox.set_alert_rule($1::bigint, $2, $3, $4::jsonb, $5, $6::text[], $7::text[],"
    " $8::interval, $9::boolean, $10::boolean)");

// One set_alert_rule call: the rule id, or "!ERROR <sqlstate>".
QString setRule(PgSession &s, const QVariant &id, const QVariant &name, const QVariant &kind,
                const QVariant &params, const QVariant &severity, const QVariant &sources,
                const QVariant &chats, const QVariant &repeat = QStringLiteral("4 hours"),
                const QVariant &sendResolved = true, const QVariant &enabled = true)
{
    const PgResult r = s.exec(
        kSet, {id, name, kind, params, severity, sources, chats, repeat, sendResolved, enabled});
    return valueOrError(r);
}

QString stuckRule(PgSession &s, const QString &name)
{
    return setRule(s, QVariant(), name, QStringLiteral("stuck"), QStringLiteral("{\"minutes\":15}"),
                   QStringLiteral("warning"), QVariant(), QStringLiteral("{123456}"));
}

// What inbox.fire_alert answers for the rule `id` on source crm ("opened", "rule_inactive" ...).
QString fireOnCrm(PgSession &alerts, const QString &id)
{
    return one(alerts, QStringLiteral("SELECT outcome FROM inbox.fire_alert($1, 'crm')"), {id});
}

} // namespace

class TestAlertRules final : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestAlertRules()
        : DatabaseTestCase{{kMaria, {QStringLiteral("inbox_manager")}},
                           {kIgor, {QStringLiteral("inbox_manager")}},
                           {kSonia, {QStringLiteral("inbox_support")}},
                           {kOleg, {QStringLiteral("inbox_operator")}},
                           {kWorker, {QStringLiteral("inbox_worker")}},
                           {kIngest, {QStringLiteral("inbox_ingest")}},
                           {kAlerts, {QStringLiteral("inbox_alerts")}}}
    {}

private:
    qint64 journalCount(PgSession &su)
    {
        return oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal"));
    }

private slots:
    // A new rule is stored as checked: defaults filled in, the source list sorted without
    // repeats, chats trimmed; the journal has the person and the whole rule.
    void createStoresTheCheckedRule()
    {
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        const QString id = setRule(maria, QVariant(), QStringLiteral("  Repeats jump "),
                                   QStringLiteral("repeat_share"), QStringLiteral("{\"factor\":3}"),
                                   QStringLiteral("critical"), QStringLiteral("{shop,crm,shop}"),
                                   QStringLiteral("{\" -100200 \",@alerts_chan,-100200}"),
                                   QStringLiteral("30 minutes"), false);
        QVERIFY2(!id.startsWith(QLatin1Char('!')), qPrintable(id));
        const PgResult r = su.exec(
            QStringLiteral("SELECT name, kind, params::text, severity, sources::text,"
                           " chat_ids::text, repeat_interval::text, send_resolved, enabled,"
                           " created_by, updated_by, silenced_until IS NULL, removed_at IS NULL"
                           " FROM inbox.alert_rules WHERE id = $1"),
            {id});
        QVERIFY_SQL(r);
        QCOMPARE(r.values.value(0),
                 (QStringList{QStringLiteral("Repeats jump"), QStringLiteral("repeat_share"),
                              QStringLiteral("{\"factor\": 3, \"ceiling\": 0.20, \"min_rise\": "
                                             "0.05, \"min_volume\": 50, \"min_baseline_days\": 3}"),
                              QStringLiteral("critical"), QStringLiteral("{crm,shop}"),
                              QStringLiteral("{-100200,@alerts_chan}"), QStringLiteral("00:30:00"),
                              QStringLiteral("f"), QStringLiteral("t"), kMaria, kMaria,
                              QStringLiteral("t"), QStringLiteral("t")}));
        // failure_share has its own volume default, as BaselineRule::failures() does.
        const QString f = setRule(maria, QVariant(), QStringLiteral("Failures jump"),
                                  QStringLiteral("failure_share"), QVariant(),
                                  QStringLiteral("warning"), QVariant(), QStringLiteral("{1}"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT params ->> 'min_volume' FROM inbox.alert_rules"
                                    " WHERE id = $1"),
                     {f}),
                 QStringLiteral("20"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(entry || '/' || actor || '/' ||"
                                        " by_person || '/' || (event_id IS NULL), ',' ORDER BY id)"
                                        " FROM inbox.journal")),
                 QStringLiteral("alert_rule_created/%1/true/true,alert_rule_created/%1/true/true")
                     .arg(kMaria));
        QCOMPARE(one(su, QStringLiteral("SELECT (detail -> 'rule' ->> 'name') || '|' ||"
                                        " (detail -> 'rule' -> 'params' ->> 'factor') || '|' ||"
                                        " (detail ->> 'rule_id') FROM inbox.journal ORDER BY id"
                                        " LIMIT 1")),
                 QStringLiteral("Repeats jump|3|%1").arg(id));
    }

    // A change is journaled with what it was before; saving the same rule again changes and
    // journals nothing; a rule keeps its kind.
    void changeIsJournaledWithThePreviousRule()
    {
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        PgSession igor(m_db.conninfo(kIgor));
        const QString id = stuckRule(maria, QStringLiteral("Stuck"));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.alert_rules SET"
                                           " updated_at = updated_at - interval '1 day'")));
        const QString before = one(su, QStringLiteral("SELECT updated_at FROM inbox.alert_rules"));
        QCOMPARE(setRule(igor, id, QStringLiteral("Stuck"), QStringLiteral("stuck"),
                         QStringLiteral("{\"minutes\":15}"), QStringLiteral("warning"), QVariant(),
                         QStringLiteral("{123456}")),
                 id);
        QCOMPARE(one(su, QStringLiteral("SELECT updated_at || updated_by FROM inbox.alert_rules")),
                 before + kMaria);
        QCOMPARE(journalCount(su), 1);

        QCOMPARE(setRule(igor, id, QStringLiteral("Stuck long"), QStringLiteral("stuck"),
                         QStringLiteral("{\"minutes\":60}"), QStringLiteral("critical"),
                         QStringLiteral("{crm}"), QStringLiteral("{123456,654321}")),
                 id);
        QCOMPARE(one(su, QStringLiteral("SELECT name || '|' || (params ->> 'minutes') || '|' ||"
                                        " severity || '|' || sources::text || '|' || updated_by"
                                        " || '|' || created_by FROM inbox.alert_rules")),
                 QStringLiteral("Stuck long|60|critical|{crm}|%1|%2").arg(kIgor, kMaria));
        QCOMPARE(one(su, QStringLiteral("SELECT entry || '|' || actor || '|' || by_person || '|' ||"
                                        " (detail -> 'previous' -> 'params' ->> 'minutes') || '|'"
                                        " || (detail -> 'rule' -> 'params' ->> 'minutes') || '|' ||"
                                        " (detail -> 'rule' ->> 'severity')"
                                        " FROM inbox.journal ORDER BY id DESC LIMIT 1")),
                 QStringLiteral("alert_rule_changed|%1|true|15|60|critical").arg(kIgor));

        QCOMPARE(setRule(igor, id, QStringLiteral("Stuck long"), QStringLiteral("failed"),
                         QVariant(), QStringLiteral("critical"), QVariant(),
                         QStringLiteral("{123456}")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(setRule(igor, 999, QStringLiteral("Other"), QStringLiteral("stuck"), QVariant(),
                         QStringLiteral("info"), QVariant(), QStringLiteral("{1}")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(journalCount(su), 2);
    }

    // Every argument is checked before anything is written, with the SQLSTATE the contract
    // names.
    void badArgumentsWriteNothing_data()
    {
        QTest::addColumn<QVariantList>("args");
        QTest::addColumn<QString>("state");
        const QVariant null;
        const QString stuck = QStringLiteral("stuck");
        const QString info = QStringLiteral("info");
        const QString chat = QStringLiteral("{1}");
        auto row = [&](const char *tag, QVariantList args, const char *state) {
            QTest::newRow(tag) << args << QString::fromLatin1(state);
        };
        const QString n = QStringLiteral("r");
        row("name null", {null, stuck, null, info, null, chat}, "22004");
        row("name blank", {QStringLiteral("  "), stuck, null, info, null, chat}, "22023");
        row("name too long", {QString(101, QLatin1Char('x')), stuck, null, info, null, chat},
            "22023");
        row("name control", {QStringLiteral("a\tb"), stuck, null, info, null, chat}, "22023");
        row("kind null", {n, null, null, info, null, chat}, "22004");
        row("kind unknown", {n, QStringLiteral("slow"), null, info, null, chat}, "22023");
        row("params array", {n, stuck, QStringLiteral("[1]"), info, null, chat}, "22023");
        row("params unknown key", {n, stuck, QStringLiteral("{\"hours\":1}"), info, null, chat},
            "22023");
        row("params text", {n, stuck, QStringLiteral("{\"minutes\":\"5\"}"), info, null, chat},
            "22023");
        row("params fraction", {n, stuck, QStringLiteral("{\"minutes\":1.5}"), info, null, chat},
            "22023");
        row("params zero", {n, stuck, QStringLiteral("{\"minutes\":0}"), info, null, chat},
            "22023");
        row("params too big", {n, stuck, QStringLiteral("{\"minutes\":10081}"), info, null, chat},
            "22023");
        row("share rise above 1",
            {n, QStringLiteral("repeat_share"), QStringLiteral("{\"min_rise\":1.5}"), info, null,
             chat},
            "22023");
        row("silent both gaps",
            {n, QStringLiteral("silent_source"),
             QStringLiteral("{\"gap_minutes\":30,\"gap_factor\":2}"), info, null, chat},
            "22023");
        row("duplicates hours",
            {n, QStringLiteral("duplicates_age"), QStringLiteral("{\"hours\":0}"), info, null,
             chat},
            "22023");
        row("severity null", {n, stuck, null, null, null, chat}, "22004");
        row("severity unknown", {n, stuck, null, QStringLiteral("page"), null, chat}, "22023");
        row("sources empty", {n, stuck, null, info, QStringLiteral("{}"), chat}, "22023");
        row("sources null element", {n, stuck, null, info, QStringLiteral("{a,NULL}"), chat},
            "22004");
        row("sources too long",
            {n, stuck, null, info, QStringLiteral("{%1}").arg(QString(65, QLatin1Char('a'))), chat},
            "22023");
        row("chats null", {n, stuck, null, info, null, null}, "22004");
        row("chats empty", {n, stuck, null, info, null, QStringLiteral("{}")}, "22023");
        row("chats null element", {n, stuck, null, info, null, QStringLiteral("{1,NULL}")},
            "22004");
        row("chat not an id", {n, stuck, null, info, null, QStringLiteral("{maria}")}, "22023");
        row("chat too short a name", {n, stuck, null, info, null, QStringLiteral("{@abc}")},
            "22023");
        row("eleven chats",
            {n, stuck, null, info, null, QStringLiteral("{1,2,3,4,5,6,7,8,9,10,11}")}, "22023");
        row("repeat null", {n, stuck, null, info, null, chat, null}, "22004");
        row("repeat too short", {n, stuck, null, info, null, chat, QStringLiteral("59 seconds")},
            "22023");
        row("repeat too long", {n, stuck, null, info, null, chat, QStringLiteral("31 days")},
            "22023");
        row("send_resolved null",
            {n, stuck, null, info, null, chat, QStringLiteral("1 hour"), null}, "22004");
        row("enabled null",
            {n, stuck, null, info, null, chat, QStringLiteral("1 hour"), true, null}, "22004");
    }
    void badArgumentsWriteNothing()
    {
        QFETCH(QVariantList, args);
        QFETCH(QString, state);
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        while (args.size() < 8)
            args << (args.size() == 6 ? QVariant(QStringLiteral("4 hours")) : QVariant(true));
        const QString got =
            setRule(maria, QVariant(), args.at(0), args.at(1), args.at(2), args.at(3), args.at(4),
                    args.at(5), args.at(6), args.at(7), args.value(8, true));
        QCOMPARE(got, QStringLiteral("!ERROR ") + state);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_rules")), 0);
        QCOMPARE(journalCount(su), 0);
        // The same arguments made good are accepted: the row above failed for its one fault.
        QVERIFY(!stuckRule(maria, QStringLiteral("good")).startsWith(QLatin1Char('!')));
    }

    // The message names the argument and says what is wanted.
    void messagesNameTheArgument()
    {
        PgSession maria(m_db.conninfo(kMaria));
        const PgResult r =
            maria.exec(kSet, {QVariant(), QStringLiteral("r"), QStringLiteral("stuck"),
                              QStringLiteral("{\"mins\":5}"), QStringLiteral("info"), QVariant(),
                              QStringLiteral("{1}"), QStringLiteral("1 hour"), true, true});
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        // The message is the first line of the server's text ("ERROR:  ...", then CONTEXT).
        QCOMPARE(r.message.section(QLatin1Char('\n'), 0, 0),
                 QStringLiteral(
                     "ERROR:  p_params: a stuck rule has no parameter \"mins\" (it has minutes)"));
        const PgResult b =
            maria.exec(kSet, {QVariant(), QStringLiteral("r"), QStringLiteral("stuck"),
                              QStringLiteral("{\"minutes\":0}"), QStringLiteral("info"), QVariant(),
                              QStringLiteral("{1}"), QStringLiteral("1 hour"), true, true});
        QCOMPARE(b.message.section(QLatin1Char('\n'), 0, 0),
                 QStringLiteral("ERROR:  p_params.minutes must be between 1 and 10080, got 0"));
    }

    // A destination rule (0027) names a destination a dispatcher has reported; its
    // parameters are stored completed with the defaults, and the journal has them.
    void destinationRuleStoresItsCheckedParams()
    {
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        PgSession worker(m_db.conninfo(kWorker));
        QVERIFY_SQL(worker.exec(QStringLiteral(
            "SELECT * FROM inbox.report_destination('w', 'crm-hook', 'closed', NULL)")));
        const QString id =
            setRule(maria, QVariant(), QStringLiteral("CRM handler"), QStringLiteral("destination"),
                    QStringLiteral("{\"destination\":\"crm-hook\"}"), QStringLiteral("critical"),
                    QStringLiteral("{crm}"), QStringLiteral("{1}"));
        QVERIFY2(!id.startsWith(QLatin1Char('!')), qPrintable(id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT kind || '|' || params::text FROM"
                                    " inbox.alert_rules WHERE id = $1"),
                     {id}),
                 QStringLiteral("destination|{\"on_pause\": true, \"destination\": \"crm-hook\","
                                " \"backlog_minutes\": 30}"));
        const QString other =
            setRule(maria, QVariant(), QStringLiteral("CRM backlog"), QStringLiteral("destination"),
                    QStringLiteral("{\"destination\":\"crm-hook\",\"backlog_minutes\":10080,"
                                   "\"on_pause\":false}"),
                    QStringLiteral("warning"), QVariant(), QStringLiteral("{1}"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT params::text FROM inbox.alert_rules"
                                    " WHERE id = $1"),
                     {other}),
                 QStringLiteral("{\"on_pause\": false, \"destination\": \"crm-hook\","
                                " \"backlog_minutes\": 10080}"));
        QCOMPARE(one(su, QStringLiteral("SELECT detail -> 'rule' -> 'params' ->> 'destination'"
                                        " FROM inbox.journal WHERE entry = 'alert_rule_created'"
                                        " ORDER BY id LIMIT 1")),
                 QStringLiteral("crm-hook"));
        // A rule keeps its kind: a stuck rule cannot become a destination rule.
        QCOMPARE(setRule(maria, id, QStringLiteral("CRM handler"), QStringLiteral("stuck"),
                         QVariant(), QStringLiteral("critical"), QVariant(), QStringLiteral("{1}")),
                 QStringLiteral("!ERROR 22023"));
    }

    // Each fault of a destination rule's parameters: its SQLSTATE and the message naming the
    // key, and nothing written.
    void destinationParamsAreChecked_data()
    {
        QTest::addColumn<QString>("params");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("message");
        const auto row = [](const char *tag, const char *params, const char *state,
                            const char *message) {
            QTest::newRow(tag) << QString::fromUtf8(params) << QString::fromLatin1(state)
                               << QString::fromUtf8(message);
        };
        row("no destination", "{}", "22004",
            "p_params.destination must name the destination the rule watches (as the dispatcher"
            " reports it)");
        row("null destination", "{\"destination\":null}", "22004",
            "p_params.destination must name the destination the rule watches (as the dispatcher"
            " reports it)");
        row("destination number", "{\"destination\":7}", "22023",
            "p_params.destination: a destination rule wants a destination's name (a string), got"
            " 7");
        row("destination empty", "{\"destination\":\"\"}", "22023",
            "p_params.destination must not be empty");
        row("destination too long",
            "{\"destination\":"
            "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}",
            "22023", "p_params.destination is longer than 64 characters");
        row("destination control", "{\"destination\":\"a\\tb\"}", "22023",
            "p_params.destination must not contain control characters");
        row("destination unknown", "{\"destination\":\"crm-hok\"}", "22023",
            "p_params.destination: destination crm-hok is not known: no dispatcher has reported"
            " it");
        row("backlog zero", "{\"destination\":\"crm-hook\",\"backlog_minutes\":0}", "22023",
            "p_params.backlog_minutes must be between 1 and 10080, got 0");
        row("backlog too big", "{\"destination\":\"crm-hook\",\"backlog_minutes\":10081}", "22023",
            "p_params.backlog_minutes must be between 1 and 10080, got 10081");
        row("backlog fraction", "{\"destination\":\"crm-hook\",\"backlog_minutes\":1.5}", "22023",
            "p_params.backlog_minutes: a destination rule wants a whole number, got 1.5");
        row("on_pause text", "{\"destination\":\"crm-hook\",\"on_pause\":\"yes\"}", "22023",
            "p_params.on_pause: a destination rule wants true or false, got \"yes\"");
        row("unknown key", "{\"destination\":\"crm-hook\",\"minutes\":5}", "22023",
            "p_params: a destination rule has no parameter \"minutes\" (it has destination,"
            " backlog_minutes, on_pause)");
    }
    void destinationParamsAreChecked()
    {
        QFETCH(QString, params);
        QFETCH(QString, state);
        QFETCH(QString, message);
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        // Known, as if a dispatcher had reported it (no journal entry).
        QVERIFY_SQL(su.exec(QStringLiteral("INSERT INTO inbox.destinations (name)"
                                           " VALUES ('crm-hook')")));
        const PgResult r =
            maria.exec(kSet, {QVariant(), QStringLiteral("r"), QStringLiteral("destination"),
                              params, QStringLiteral("info"), QVariant(), QStringLiteral("{1}"),
                              QStringLiteral("1 hour"), true, true});
        QCOMPARE(r.sqlstate, state);
        QCOMPARE(r.message.section(QLatin1Char('\n'), 0, 0), QStringLiteral("ERROR:  ") + message);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_rules")), 0);
        QCOMPARE(journalCount(su), 0);
    }

    // An operator may pause a destination but not set a rule about it; nor may the
    // evaluator, a worker (the dispatcher) or support. Only a manager.
    void onlyManagersSetDestinationRules()
    {
        PgSession &su = m_db.su();
        QVERIFY_SQL(su.exec(QStringLiteral("INSERT INTO inbox.destinations (name)"
                                           " VALUES ('crm-hook')")));
        const QString call =
            QStringLiteral("SELECT inbox.set_alert_rule(NULL, 'Hook', 'destination',"
                           " '{\"destination\": \"crm-hook\"}', 'info', NULL, ARRAY['1'])");
        for (const QString &login : {kSonia, kOleg, kWorker, kIngest, kAlerts}) {
            PgSession s(m_db.conninfo(login));
            QVERIFY2(errorOf(s.exec(call)) == QStringLiteral("!ERROR 42501"), qPrintable(login));
        }
        PgSession maria(m_db.conninfo(kMaria));
        QCOMPARE(errorOf(maria.exec(call)), QStringLiteral("ok"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_rules"
                                           " WHERE kind = 'destination'")),
                 1);
    }

    // A poll_source rule (0030): its parameters are stored completed with the defaults, and
    // its sources need not be polled yet (a poller opens a source on its first start, often
    // after the rule is set up).
    void pollSourceRuleStoresItsCheckedParams()
    {
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        const QString id =
            setRule(maria, QVariant(), QStringLiteral("Ozon polling"),
                    QStringLiteral("poll_source"), QVariant(), QStringLiteral("critical"),
                    QStringLiteral("{ozon-fbs}"), QStringLiteral("{1}"));
        QVERIFY2(!id.startsWith(QLatin1Char('!')), qPrintable(id));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT kind || '|' || params::text || '|' || sources::text"
                                    " FROM inbox.alert_rules WHERE id = $1"),
                     {id}),
                 QStringLiteral("poll_source|{\"minutes\": 30, \"on_stop\": true}|{ozon-fbs}"));
        const QString other =
            setRule(maria, QVariant(), QStringLiteral("All polling"), QStringLiteral("poll_source"),
                    QStringLiteral("{\"minutes\":10080,\"on_stop\":false}"),
                    QStringLiteral("warning"), QVariant(), QStringLiteral("{1}"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT params::text FROM inbox.alert_rules"
                                    " WHERE id = $1"),
                     {other}),
                 QStringLiteral("{\"minutes\": 10080, \"on_stop\": false}"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.poll_sources")), 0);
        // A rule keeps its kind.
        QCOMPARE(setRule(maria, id, QStringLiteral("Ozon polling"), QStringLiteral("stuck"),
                         QVariant(), QStringLiteral("critical"), QVariant(), QStringLiteral("{1}")),
                 QStringLiteral("!ERROR 22023"));
    }

    // Each fault of a poll_source rule's parameters: its SQLSTATE and the message naming the
    // key, and nothing written.
    void pollSourceParamsAreChecked_data()
    {
        QTest::addColumn<QString>("params");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("message");
        const auto row = [](const char *tag, const char *params, const char *state,
                            const char *message) {
            QTest::newRow(tag) << QString::fromUtf8(params) << QString::fromLatin1(state)
                               << QString::fromUtf8(message);
        };
        row("minutes zero", "{\"minutes\":0}", "22023",
            "p_params.minutes must be between 1 and 10080, got 0");
        row("minutes too big", "{\"minutes\":10081}", "22023",
            "p_params.minutes must be between 1 and 10080, got 10081");
        row("minutes fraction", "{\"minutes\":1.5}", "22023",
            "p_params.minutes: a poll_source rule wants a whole number, got 1.5");
        row("on_stop text", "{\"on_stop\":\"yes\"}", "22023",
            "p_params.on_stop: a poll_source rule wants true or false, got \"yes\"");
        row("unknown key", "{\"backlog_minutes\":5}", "22023",
            "p_params: a poll_source rule has no parameter \"backlog_minutes\" (it has minutes,"
            " on_stop)");
        row("not an object", "[1]", "22023", "p_params must be a JSON object, got array");
    }
    void pollSourceParamsAreChecked()
    {
        QFETCH(QString, params);
        QFETCH(QString, state);
        QFETCH(QString, message);
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        const PgResult r =
            maria.exec(kSet, {QVariant(), QStringLiteral("r"), QStringLiteral("poll_source"),
                              params, QStringLiteral("info"), QVariant(), QStringLiteral("{1}"),
                              QStringLiteral("1 hour"), true, true});
        QCOMPARE(r.sqlstate, state);
        QCOMPARE(r.message.section(QLatin1Char('\n'), 0, 0), QStringLiteral("ERROR:  ") + message);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_rules")), 0);
        QCOMPARE(journalCount(su), 0);
    }

    // Only a manager sets a poll_source rule: not support, an operator, a worker, the
    // poller's ingest login or the evaluator.
    void onlyManagersSetPollSourceRules()
    {
        PgSession &su = m_db.su();
        const QString call =
            QStringLiteral("SELECT inbox.set_alert_rule(NULL, 'Polling', 'poll_source',"
                           " '{\"minutes\": 15}', 'info', ARRAY['ozon-fbs'], ARRAY['1'])");
        for (const QString &login : {kSonia, kOleg, kWorker, kIngest, kAlerts}) {
            PgSession s(m_db.conninfo(login));
            QVERIFY2(errorOf(s.exec(call)) == QStringLiteral("!ERROR 42501"), qPrintable(login));
        }
        PgSession maria(m_db.conninfo(kMaria));
        QCOMPARE(errorOf(maria.exec(call)), QStringLiteral("ok"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_rules"
                                           " WHERE kind = 'poll_source'")),
                 1);
    }

    // A live name is taken once; two managers giving one name at once: the second waits for
    // the first and is told.
    void namesAreUniqueAmongLiveRules()
    {
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        PgSession igor(m_db.conninfo(kIgor));
        QVERIFY_SQL(maria.exec(QStringLiteral("BEGIN")));
        const QString first = stuckRule(maria, QStringLiteral("Night shift"));
        QVERIFY(!first.startsWith(QLatin1Char('!')));
        const int igorPid = backendPid(igor);
        QString second;
        std::thread t([&] { second = stuckRule(igor, QStringLiteral("Night shift")); });
        const bool blocked = waitUntilBlocked(su, igorPid);
        if (!blocked) {
            maria.exec(QStringLiteral("ROLLBACK"));
            t.join();
            QFAIL("the second rule of the same name did not wait for the first");
        }
        QVERIFY_SQL(maria.exec(QStringLiteral("COMMIT")));
        t.join();
        QCOMPARE(second, QStringLiteral("!ERROR 22023"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_rules")), 1);
        // Removed, the name is free again; the removed rule stays.
        QCOMPARE(one(maria, QStringLiteral("SELECT inbox.remove_alert_rule($1)"), {first}),
                 QStringLiteral("removed"));
        QVERIFY(!stuckRule(igor, QStringLiteral("Night shift")).startsWith(QLatin1Char('!')));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_rules")), 2);
    }

    // Removing keeps the rule (its episodes and journal name it), turns it off, closes its open
    // episodes without a resolved message, and is journaled; a removed rule cannot be edited.
    void removeKeepsTheRuleAndClosesItsEpisodes()
    {
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        PgSession alerts(m_db.conninfo(kAlerts));
        const QString id = stuckRule(maria, QStringLiteral("Stuck"));
        QCOMPARE(fireOnCrm(alerts, id), QStringLiteral("opened"));
        QCOMPARE(
            one(maria, QStringLiteral("SELECT inbox.remove_alert_rule($1, ' replaced ')"), {id}),
            QStringLiteral("removed"));
        QCOMPARE(one(su, QStringLiteral("SELECT enabled || '|' || removed_by || '|' ||"
                                        " (removed_at IS NOT NULL) FROM inbox.alert_rules")),
                 QStringLiteral("false|%1|true").arg(kMaria));
        QCOMPARE(one(su, QStringLiteral("SELECT resolved_reason FROM inbox.alert_episodes")),
                 QStringLiteral("rule_removed"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(entry || '/' || by_person, ','"
                                        " ORDER BY id) FROM inbox.journal")),
                 QStringLiteral("alert_rule_created/true,alert_fired/false,"
                                "alert_resolved/false,alert_rule_removed/true"));
        QCOMPARE(one(su, QStringLiteral("SELECT (detail ->> 'note') || '|' ||"
                                        " (detail ->> 'closed_episodes') || '|' ||"
                                        " (detail -> 'rule' ->> 'name') FROM inbox.journal"
                                        " WHERE entry = 'alert_rule_removed'")),
                 QStringLiteral("replaced|1|Stuck"));
        QCOMPARE(oneInt(alerts, QStringLiteral("SELECT count(*) FROM inbox.due_alert_messages()")),
                 0);
        QCOMPARE(one(maria, QStringLiteral("SELECT inbox.remove_alert_rule($1)"), {id}),
                 QStringLiteral("already_removed"));
        QCOMPARE(setRule(maria, id, QStringLiteral("Stuck"), QStringLiteral("stuck"), QVariant(),
                         QStringLiteral("info"), QVariant(), QStringLiteral("{1}")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(errorOf(maria.exec(QStringLiteral("SELECT inbox.remove_alert_rule(999)"))),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(errorOf(maria.exec(QStringLiteral("SELECT inbox.remove_alert_rule(NULL)"))),
                 QStringLiteral("!ERROR 22004"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 4);
    }

    // Disabling a rule closes its open episodes the same way; enabling it again opens nothing.
    void disablingClosesOpenEpisodes()
    {
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        PgSession alerts(m_db.conninfo(kAlerts));
        const QString id = stuckRule(maria, QStringLiteral("Stuck"));
        QCOMPARE(fireOnCrm(alerts, id), QStringLiteral("opened"));
        QCOMPARE(setRule(maria, id, QStringLiteral("Stuck"), QStringLiteral("stuck"),
                         QStringLiteral("{\"minutes\":15}"), QStringLiteral("warning"), QVariant(),
                         QStringLiteral("{123456}"), QStringLiteral("4 hours"), true, false),
                 id);
        QCOMPARE(one(su, QStringLiteral("SELECT resolved_reason FROM inbox.alert_episodes")),
                 QStringLiteral("rule_disabled"));
        QCOMPARE(one(su, QStringLiteral("SELECT detail ->> 'closed_episodes' FROM inbox.journal"
                                        " WHERE entry = 'alert_rule_changed'")),
                 QStringLiteral("1"));
        QCOMPARE(
            one(alerts, QStringLiteral("SELECT outcome FROM inbox.fire_alert($1, 'crm')"), {id}),
            QStringLiteral("rule_inactive"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.alert_episodes")), 1);
    }

    // Silence until a time, with a reason; ending it early; each journaled with the person.
    void silenceAndItsEnd()
    {
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        const QString id = stuckRule(maria, QStringLiteral("Stuck"));
        const QString later = QStringLiteral("2 hours");
        const QString at = QStringLiteral("now() + interval '%1'");
        auto call = [&](const QString &until, const QVariant &note) {
            const PgResult r =
                maria.exec(QStringLiteral("SELECT inbox.silence_alert_rule($1, %1, $2)").arg(until),
                           {id, note});
            return valueOrError(r);
        };
        QCOMPARE(call(QStringLiteral("NULL"), QVariant()), QStringLiteral("not_silenced"));
        QCOMPARE(call(at.arg(later), QVariant()), QStringLiteral("!ERROR 22023")); // no reason
        QCOMPARE(call(at.arg(later), QStringLiteral("  ")), QStringLiteral("!ERROR 22023"));
        QCOMPARE(call(QStringLiteral("now() - interval '1 minute'"), QStringLiteral("x")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(call(at.arg(QStringLiteral("91 days")), QStringLiteral("x")),
                 QStringLiteral("!ERROR 22023"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 1);
        QCOMPARE(call(at.arg(later), QStringLiteral("deploy of the CRM")),
                 QStringLiteral("silenced"));
        QCOMPARE(one(su, QStringLiteral("SELECT (silenced_until > now() + interval '119 minutes')"
                                        " || '|' || silence_note FROM inbox.alert_rules")),
                 QStringLiteral("true|deploy of the CRM"));
        QCOMPARE(call(QStringLiteral("NULL"), QVariant()), QStringLiteral("unsilenced"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(entry || '/' || actor || '/' ||"
                                        " by_person || '/' || coalesce(detail ->> 'note', '-') ||"
                                        " '/' || (detail ? 'previous_until'), ',' ORDER BY id)"
                                        " FROM inbox.journal WHERE entry LIKE 'alert_%silenced'")),
                 QStringLiteral("alert_silenced/%1/true/deploy of the CRM/false,"
                                "alert_unsilenced/%1/true/-/true")
                     .arg(kMaria));
        QCOMPARE(one(su, QStringLiteral("SELECT silenced_until IS NULL FROM inbox.alert_rules")),
                 QStringLiteral("t"));
        QCOMPARE(
            errorOf(maria.exec(QStringLiteral("SELECT inbox.silence_alert_rule(999, NULL, NULL)"))),
            QStringLiteral("!ERROR 22023"));
    }

    // Support and above read the rules; the evaluator too (it is a member of support). Nobody
    // but a manager changes them, and nobody at all through the tables.
    void onlyManagersChangeRulesByAnyPath()
    {
        PgSession &su = m_db.su();
        PgSession maria(m_db.conninfo(kMaria));
        const QString id = stuckRule(maria, QStringLiteral("Stuck"));
        QVERIFY(!id.startsWith(QLatin1Char('!')));
        const QStringList readers = {kSonia, kOleg, kMaria, kAlerts};
        const QStringList all = {kSonia, kOleg, kMaria, kAlerts, kWorker, kIngest};
        for (const QString &login : all) {
            PgSession s(m_db.conninfo(login));
            QVERIFY2(s.ok(), qPrintable(s.error()));
            const QString read = errorOf(s.exec(QStringLiteral("SELECT * FROM inbox.alert_rules")));
            QVERIFY2(read == (readers.contains(login) ? QStringLiteral("ok")
                                                      : QStringLiteral("!ERROR 42501")),
                     qPrintable(login + QLatin1Char(' ') + read));
            const QStringList writes = {
                QStringLiteral("INSERT INTO inbox.alert_rules (name, kind, params, severity,"
                               " chat_ids, repeat_interval, send_resolved, enabled) VALUES"
                               " ('x', 'stuck', '{}', 'info', '{1}', '1 hour', true, true)"),
                QStringLiteral("UPDATE inbox.alert_rules SET enabled = false"),
                QStringLiteral("UPDATE inbox.alert_rules SET silenced_until = now() + interval "
                               "'1 day'"),
                QStringLiteral("DELETE FROM inbox.alert_rules"),
                QStringLiteral("TRUNCATE inbox.alert_rules CASCADE"),
                QStringLiteral("INSERT INTO inbox.journal (entry, by_person) VALUES"
                               " ('alert_rule_created', true)"),
            };
            for (const QString &w : writes)
                QVERIFY2(errorOf(s.exec(w)) == QStringLiteral("!ERROR 42501"),
                         qPrintable(login + QStringLiteral(": ") + w));
            if (login == kMaria)
                continue;
            const QStringList calls = {
                QStringLiteral("SELECT inbox.set_alert_rule(NULL, 'y', 'stuck', NULL, 'info',"
                               " NULL, ARRAY['1'])"),
                QStringLiteral("SELECT inbox.set_alert_rule(%1, 'Stuck', 'stuck', NULL, 'info',"
                               " NULL, ARRAY['1'], '1 hour', true, false)")
                    .arg(id),
                QStringLiteral("SELECT inbox.silence_alert_rule(%1, now() + interval '1 day',"
                               " 'quiet')")
                    .arg(id),
                QStringLiteral("SELECT inbox.remove_alert_rule(%1)").arg(id),
            };
            for (const QString &c : calls)
                QVERIFY2(errorOf(s.exec(c)) == QStringLiteral("!ERROR 42501"),
                         qPrintable(login + QStringLiteral(": ") + c));
        }
        QCOMPARE(one(su, QStringLiteral("SELECT name || '|' || enabled || '|' ||"
                                        " (silenced_until IS NULL) || '|' || (removed_at IS NULL)"
                                        " FROM inbox.alert_rules")),
                 QStringLiteral("Stuck|true|true|true"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 1);
    }
};

QTEST_GUILESS_MAIN(TestAlertRules)
#include "tst_alertrules.moc"
