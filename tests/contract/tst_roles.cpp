// Roles and grants against a real PostgreSQL: each group role can do exactly what
// contract.md gives it (checked in the catalog and by real calls), no role can write any
// inbox table directly, the journal names the session user, and every SECURITY DEFINER
// function has a pinned search_path that a hostile caller cannot redirect.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QMap>
#include <QSet>
#include <QtTest>

using namespace contract;

namespace {

// Logins, one per group role (l_alerts: the alert evaluator), plus one with no inbox role,
// and l_reader: a support login given inbox_report (0031), as contract.md says to.
const QStringList kLogins = {QStringLiteral("l_ingest"),  QStringLiteral("l_worker"),
                             QStringLiteral("l_support"), QStringLiteral("l_operator"),
                             QStringLiteral("l_manager"), QStringLiteral("l_nobody"),
                             QStringLiteral("l_alerts"),  QStringLiteral("l_reader")};

QSet<QString> logins(std::initializer_list<const char *> names)
{
    QSet<QString> out;
    for (const char *n : names)
        out.insert(QString::fromLatin1(n));
    return out;
}

// Who may EXECUTE each function (by name: the only overloads are the refused tokenless worker
// calls of 0024, granted as their successors are). Anything not
// listed here, e.g. an internal helper or prune, must be executable by none of the logins.
QMap<QString, QSet<QString>> expectedExecute()
{
    const QSet<QString> worker = logins({"l_worker"});
    const QSet<QString> readers =
        logins({"l_support", "l_operator", "l_manager", "l_alerts", "l_reader"});
    const QSet<QString> alerts = logins({"l_alerts"});
    const QSet<QString> manager = logins({"l_manager"});
    const QSet<QString> everyone(kLogins.cbegin(), kLogins.cend());
    const QSet<QString> everyRole = logins(
        {"l_ingest", "l_worker", "l_support", "l_operator", "l_manager", "l_alerts", "l_reader"});
    // 0031: the Report's readers are inbox_report's members, not support's (operators are).
    const QSet<QString> report = logins({"l_manager", "l_reader"});
    return {
        {QStringLiteral("schema_version"), everyRole}, // 0024: clients check the version
        {QStringLiteral("settings"), everyRole},
        {QStringLiteral("max_attempts"), everyRole},
        {QStringLiteral("configure"), manager},
        {QStringLiteral("set_source_max_attempts"), manager},
        {QStringLiteral("set_source_retention"), manager}, // 0033: keys for ever
        {QStringLiteral("close_deal"), worker},
        {QStringLiteral("accept"), logins({"l_ingest"})},
        {QStringLiteral("accept_many"), logins({"l_ingest"})},
        {QStringLiteral("count_refusals"), logins({"l_ingest"})}, // the refusal counters
        {QStringLiteral("claim"), worker},
        {QStringLiteral("claim_routed"), worker}, // 0025: the dispatcher
        {QStringLiteral("finish_delivery"), worker},
        {QStringLiteral("finish_deliveries"), worker},
        {QStringLiteral("report_destination"), worker},
        {QStringLiteral("route_backlog"),
         logins({"l_worker", "l_support", "l_operator", "l_manager", "l_alerts", "l_reader"})},
        {QStringLiteral("pause_destination"), logins({"l_operator", "l_manager"})},
        {QStringLiteral("resume_destination"), logins({"l_operator", "l_manager"})},
        {QStringLiteral("poll_open"), logins({"l_ingest"})}, // 0029: the poller
        {QStringLiteral("poll_store"), logins({"l_ingest"})},
        {QStringLiteral("poll_failed"), logins({"l_ingest"})},
        {QStringLiteral("heartbeat"), worker},
        {QStringLiteral("complete"), worker},
        {QStringLiteral("complete_many"), worker},
        {QStringLiteral("fail"), worker},
        {QStringLiteral("flag_review"), worker},
        {QStringLiteral("begin_action"), worker},
        {QStringLiteral("finish_action"), worker},
        {QStringLiteral("record_lead"), worker},
        {QStringLiteral("stats_daily"), readers},
        {QStringLiteral("stats_now"), readers},
        {QStringLiteral("open_duplicates"), readers},
        {QStringLiteral("requeue"), logins({"l_operator", "l_manager"})},
        {QStringLiteral("resolve_review"), logins({"l_operator", "l_manager"})},
        {QStringLiteral("decide_duplicate"), manager},
        {QStringLiteral("set_alert_rule"), manager}, // alert rules and episodes
        {QStringLiteral("remove_alert_rule"), manager},
        {QStringLiteral("silence_alert_rule"), manager},
        {QStringLiteral("fire_alert"), alerts},
        {QStringLiteral("resolve_alert"), alerts},
        {QStringLiteral("due_alert_messages"), alerts},
        {QStringLiteral("begin_alert_message"), alerts},
        {QStringLiteral("finish_alert_message"), alerts},
        {QStringLiteral("prune_alerts"), alerts},                                   // 0023
        {QStringLiteral("acknowledge_alert"), logins({"l_operator", "l_manager"})}, // 0023
        {QStringLiteral("normalize_phone"), everyone}, // pure; granted to PUBLIC
        {QStringLiteral("normalize_email"), everyone},
        {QStringLiteral("_name_key"), everyone},      // pure; PUBLIC since 0015 (journal search)
        {QStringLiteral("import_baseline"), manager}, // 0031: the Report
        {QStringLiteral("delete_baseline"), manager},
        {QStringLiteral("begin_baseline_copy"), manager}, // 0035: the import by COPY
        {QStringLiteral("import_baseline_copy"), manager},
        {QStringLiteral("baseline_list"), report},
        {QStringLiteral("baseline_summary"), report},
        {QStringLiteral("baseline_daily"), report},
        {QStringLiteral("baseline_groups"), report},
        {QStringLiteral("baseline_group_rows"), report},
        {QStringLiteral("remeasure"), report},
        {QStringLiteral("remeasure_reasons"), report},
    };
}

// A real, harmless call of every function of the schema that is not a trigger function.
QMap<QString, QString> calls()
{
    return {
        {QStringLiteral("accept"),
         QStringLiteral(
             "SELECT * FROM inbox.accept('roles', md5(random()::text), '\\x7b7d'::bytea)")},
        {QStringLiteral("accept_many"),
         QStringLiteral(
             "SELECT * FROM inbox.accept_many(ARRAY['roles'], ARRAY[md5(random()::text)],"
             " ARRAY['\\x7b7d'::bytea])")},
        {QStringLiteral("count_refusals"),
         QStringLiteral("SELECT inbox.count_refusals(ARRAY['roles'], ARRAY['no_key'], ARRAY[1],"
                        " ARRAY[400])")},
        {QStringLiteral("claim"), QStringLiteral("SELECT * FROM inbox.claim('roles-worker', 1)")},
        {QStringLiteral("claim_routed"),
         QStringLiteral("SELECT * FROM inbox.claim_routed('roles-worker', 1, NULL, NULL, NULL)")},
        {QStringLiteral("finish_delivery"),
         QStringLiteral("SELECT inbox.finish_delivery(0, 'roles-worker', 1, 'roles', 'done', 200,"
                        " NULL, 1, NULL)")},
        {QStringLiteral("finish_deliveries"),
         QStringLiteral("SELECT * FROM inbox.finish_deliveries('roles-worker', 'roles', '{0}',"
                        " '{1}', '{done}', NULL, NULL, NULL, NULL)")},
        {QStringLiteral("report_destination"),
         QStringLiteral("SELECT * FROM inbox.report_destination('roles-worker', 'roles',"
                        " 'closed', NULL)")},
        {QStringLiteral("pause_destination"),
         QStringLiteral("SELECT inbox.pause_destination('roles', 'roles')")},
        {QStringLiteral("route_backlog"),
         QStringLiteral("SELECT * FROM inbox.route_backlog(ARRAY['roles'])")},
        {QStringLiteral("resume_destination"),
         QStringLiteral("SELECT inbox.resume_destination('roles', 'roles')")},
        {QStringLiteral("poll_open"),
         QStringLiteral("SELECT * FROM inbox.poll_open('roles-poller', 'roles', 'json_list')")},
        {QStringLiteral("poll_store"),
         QStringLiteral("SELECT * FROM inbox.poll_store('roles-poller', 'roles', '{}', '{}', NULL,"
                        " NULL, NULL, '{}', false, NULL)")},
        {QStringLiteral("poll_failed"),
         QStringLiteral("SELECT inbox.poll_failed('roles-poller', 'roles', 'roles', NULL, false)")},
        {QStringLiteral("heartbeat"),
         QStringLiteral("SELECT inbox.heartbeat(0, 'roles-worker', 1)")},
        {QStringLiteral("complete"),
         QStringLiteral("SELECT inbox.complete(0, 'roles-worker', 1, NULL)")},
        {QStringLiteral("complete_many"),
         QStringLiteral("SELECT * FROM inbox.complete_many('{}'::bigint[], 'roles-worker',"
                        " '{}'::bigint[], NULL)")},
        {QStringLiteral("schema_version"), QStringLiteral("SELECT inbox.schema_version()")},
        {QStringLiteral("settings"), QStringLiteral("SELECT * FROM inbox.settings()")},
        {QStringLiteral("max_attempts"), QStringLiteral("SELECT inbox.max_attempts('roles')")},
        {QStringLiteral("configure"), QStringLiteral("SELECT * FROM inbox.configure()")},
        {QStringLiteral("set_source_max_attempts"),
         QStringLiteral("SELECT inbox.set_source_max_attempts('roles', NULL)")},
        {QStringLiteral("set_source_retention"),
         QStringLiteral("SELECT inbox.set_source_retention('roles')")},
        {QStringLiteral("close_deal"),
         QStringLiteral("SELECT inbox.close_deal('roles-deal', 'roles-worker')")},
        {QStringLiteral("fail"),
         QStringLiteral("SELECT inbox.fail(0, 'roles-worker', 1, 'boom', true)")},
        {QStringLiteral("flag_review"),
         QStringLiteral("SELECT inbox.flag_review(0, 'roles-worker', 1, 'look')")},
        {QStringLiteral("begin_action"),
         QStringLiteral(
             "SELECT * FROM inbox.begin_action(0, 'crm.deal', 'roles-' || md5(random()::text))")},
        {QStringLiteral("finish_action"), QStringLiteral("SELECT inbox.finish_action(0, true)")},
        {QStringLiteral("record_lead"),
         QStringLiteral("SELECT inbox.record_lead(0, '89161234567', NULL)")},
        {QStringLiteral("stats_daily"), QStringLiteral("SELECT * FROM inbox.stats_daily()")},
        {QStringLiteral("stats_now"), QStringLiteral("SELECT * FROM inbox.stats_now()")},
        {QStringLiteral("open_duplicates"), QStringLiteral("SELECT inbox.open_duplicates()")},
        {QStringLiteral("requeue"),
         QStringLiteral("SELECT * FROM inbox.requeue(ARRAY[0]::bigint[], 'roles')")},
        {QStringLiteral("decide_duplicate"),
         QStringLiteral("SELECT inbox.decide_duplicate(0, 'undo')")},
        {QStringLiteral("resolve_review"),
         QStringLiteral(
             "SELECT * FROM inbox.resolve_review(ARRAY[0]::bigint[], 'kept_first_body')")},
        {QStringLiteral("normalize_phone"),
         QStringLiteral("SELECT inbox.normalize_phone('8 916 123 45 67')")},
        {QStringLiteral("normalize_email"),
         QStringLiteral("SELECT inbox.normalize_email('a@mail.ru')")},
        {QStringLiteral("prune"), QStringLiteral("SELECT inbox.prune()")},
        // 0034: the journal's days, the owner's like prune.
        {QStringLiteral("prune_journal"), QStringLiteral("SELECT inbox.prune_journal()")},
        {QStringLiteral("journal_partitions_ensure"),
         QStringLiteral("SELECT inbox.journal_partitions_ensure()")},
        {QStringLiteral("journal_partitions"),
         QStringLiteral("SELECT * FROM inbox.journal_partitions()")},
        {QStringLiteral("_utc_midnight"),
         QStringLiteral("SELECT inbox._utc_midnight('2026-12-04')")},
        {QStringLiteral("_bump_daily"), QStringLiteral("SELECT inbox._bump_daily('roles', 1)")},
        {QStringLiteral("_fold_counters"), QStringLiteral("SELECT inbox._fold_counters()")},
        {QStringLiteral("_fold_counters_now"), QStringLiteral("SELECT inbox._fold_counters_now()")},
        {QStringLiteral("_notify"), QStringLiteral("SELECT inbox._notify('events')")},
        {QStringLiteral("_name_key"), QStringLiteral("SELECT inbox._name_key('Ivan')")},
        {QStringLiteral("_check_name"), QStringLiteral("SELECT inbox._check_name('a', 'p_a', 10)")},
        {QStringLiteral("_check_poll_args"),
         QStringLiteral("SELECT inbox._check_poll_args('roles-poller', 'roles')")},
        {QStringLiteral("_retry_delay"), QStringLiteral("SELECT inbox._retry_delay(1)")},
        {QStringLiteral("_kept_repeat"),
         QStringLiteral("SELECT * FROM inbox._kept_repeat('roles', 'none', '\\x7b7d', 'f')")},
        {QStringLiteral("set_alert_rule"),
         QStringLiteral("SELECT inbox.set_alert_rule(NULL, 'roles-' || md5(random()::text),"
                        " 'stuck', NULL, 'info', NULL, ARRAY['1'])")},
        {QStringLiteral("remove_alert_rule"), QStringLiteral("SELECT inbox.remove_alert_rule(0)")},
        {QStringLiteral("silence_alert_rule"),
         QStringLiteral("SELECT inbox.silence_alert_rule(0, NULL, NULL)")},
        {QStringLiteral("fire_alert"),
         QStringLiteral("SELECT * FROM inbox.fire_alert(0, 'roles')")},
        {QStringLiteral("resolve_alert"),
         QStringLiteral("SELECT * FROM inbox.resolve_alert(0, 'roles')")},
        {QStringLiteral("due_alert_messages"),
         QStringLiteral("SELECT * FROM inbox.due_alert_messages()")},
        {QStringLiteral("begin_alert_message"),
         QStringLiteral("SELECT * FROM inbox.begin_alert_message(0, 1, '1')")},
        {QStringLiteral("finish_alert_message"),
         QStringLiteral("SELECT inbox.finish_alert_message(0, true)")},
        {QStringLiteral("_alert_param"),
         QStringLiteral("SELECT inbox._alert_param('{}', 'stuck', 'minutes', true, 1, 2, 1)")},
        {QStringLiteral("_alert_flag"),
         QStringLiteral("SELECT inbox._alert_flag('{}', 'destination', 'on_pause', true)")},
        {QStringLiteral("_alert_params"),
         QStringLiteral("SELECT inbox._alert_params('stuck', NULL)")},
        {QStringLiteral("_alert_rule_json"),
         QStringLiteral("SELECT inbox._alert_rule_json(NULL::inbox.alert_rules)")},
        {QStringLiteral("_alert_close_episodes"),
         QStringLiteral("SELECT inbox._alert_close_episodes(NULL::inbox.alert_rules, 'cleared')")},
        {QStringLiteral("_alert_next_message"),
         QStringLiteral("SELECT inbox._alert_next_message(NULL::inbox.alert_episodes,"
                        " NULL::inbox.alert_rules)")},
        {QStringLiteral("_alert_message_kind"),
         QStringLiteral("SELECT inbox._alert_message_kind(NULL::inbox.alert_episodes, 1)")},
        {QStringLiteral("_alert_key_no"),
         QStringLiteral("SELECT inbox._alert_key_no('alert:1:2:3')")},
        {QStringLiteral("_alert_key_chat"),
         QStringLiteral("SELECT inbox._alert_key_chat('alert:1:2:3')")},
        {QStringLiteral("_alert_resolved_owed"),
         QStringLiteral("SELECT inbox._alert_resolved_owed(NULL::inbox.alert_episodes,"
                        " NULL::inbox.alert_rules, '1')")},
        {QStringLiteral("_alert_owes"),
         QStringLiteral("SELECT inbox._alert_owes(NULL::inbox.alert_episodes,"
                        " NULL::inbox.alert_rules)")},
        {QStringLiteral("_alert_settle"), QStringLiteral("SELECT inbox._alert_settle(0)")},
        {QStringLiteral("acknowledge_alert"), QStringLiteral("SELECT inbox.acknowledge_alert(0)")},
        {QStringLiteral("prune_alerts"), QStringLiteral("SELECT inbox.prune_alerts()")},
        {QStringLiteral("import_baseline"),
         QStringLiteral("SELECT inbox.import_baseline('roles', 'roles.csv', NULL, 0, '{1}',"
                        " '{roles}', '{1}', ARRAY[now()], '{}', '{}', '{}')")},
        {QStringLiteral("delete_baseline"), QStringLiteral("SELECT inbox.delete_baseline(0)")},
        {QStringLiteral("begin_baseline_copy"),
         QStringLiteral("SELECT inbox.begin_baseline_copy()")},
        {QStringLiteral("import_baseline_copy"),
         QStringLiteral("SELECT inbox.import_baseline_copy('roles', 'roles.csv', NULL, 0)")},
        {QStringLiteral("baseline_list"), QStringLiteral("SELECT * FROM inbox.baseline_list()")},
        {QStringLiteral("baseline_summary"),
         QStringLiteral("SELECT * FROM inbox.baseline_summary(0)")},
        {QStringLiteral("baseline_daily"), QStringLiteral("SELECT * FROM inbox.baseline_daily(0)")},
        {QStringLiteral("baseline_groups"),
         QStringLiteral("SELECT * FROM inbox.baseline_groups(0)")},
        {QStringLiteral("baseline_group_rows"),
         QStringLiteral("SELECT * FROM inbox.baseline_group_rows(0, 'phone', '1', 1)")},
        {QStringLiteral("remeasure"),
         QStringLiteral("SELECT * FROM inbox.remeasure(current_date, current_date)")},
        {QStringLiteral("remeasure_reasons"),
         QStringLiteral("SELECT * FROM inbox.remeasure_reasons(current_date, current_date)")},
        {QStringLiteral("_baseline_chains"),
         QStringLiteral("SELECT * FROM inbox._baseline_chains(0, '1 day')")},
        {QStringLiteral("_baseline_dups"),
         QStringLiteral("SELECT * FROM inbox._baseline_dups(0, '1 day')")},
        {QStringLiteral("_check_baseline"),
         QStringLiteral("SELECT inbox._check_baseline(0, '1 day')")},
        {QStringLiteral("_check_period"),
         QStringLiteral("SELECT inbox._check_period(current_date, current_date)")},
    };
}

const QStringList kContractTables = {QStringLiteral("events"),
                                     QStringLiteral("journal"),
                                     QStringLiteral("actions"),
                                     QStringLiteral("leads"),
                                     QStringLiteral("duplicate_candidates"),
                                     QStringLiteral("conflict_bodies"),
                                     QStringLiteral("daily_stats"),
                                     QStringLiteral("status_counts"),
                                     QStringLiteral("schema_version"),
                                     QStringLiteral("alert_rules"),
                                     QStringLiteral("alert_episodes"),
                                     QStringLiteral("settings"),
                                     QStringLiteral("source_settings"),
                                     QStringLiteral("destinations"),
                                     QStringLiteral("delivery_attempts"),
                                     QStringLiteral("kept_keys"), // 0033
                                     QStringLiteral("source_retention")};

} // namespace

class TestRoles : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestRoles()
        : DatabaseTestCase{
              {kLogins.at(0), {QStringLiteral("inbox_ingest")}},
              {kLogins.at(1), {QStringLiteral("inbox_worker")}},
              {kLogins.at(2), {QStringLiteral("inbox_support")}},
              {kLogins.at(3), {QStringLiteral("inbox_operator")}},
              {kLogins.at(4), {QStringLiteral("inbox_manager")}},
              {kLogins.at(5), QStringList{}},
              {kLogins.at(6), {QStringLiteral("inbox_alerts")}},
              {kLogins.at(7), {QStringLiteral("inbox_support"), QStringLiteral("inbox_report")}}}
    {}

private:
    // kLogins, in order, each in its group role; l_nobody in none.

    static QStringList inboxTables(PgSession &su)
    {
        const PgResult r = su.exec(
            QStringLiteral("SELECT relname FROM pg_class WHERE relnamespace = 'inbox'::regnamespace"
                           " AND relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY relname"));
        QStringList out;
        for (int i = 0; i < r.rows(); ++i)
            out << r.value(i, 0);
        return out;
    }

private slots:
    void groupRolesInherit()
    {
        PgSession su(m_db.conninfo());
        QCOMPARE(
            one(su, QStringLiteral("SELECT string_agg(rolname, ',' ORDER BY rolname) FROM pg_roles"
                                   " WHERE rolname LIKE 'inbox\\_%' AND NOT rolcanlogin")),
            QStringLiteral("inbox_alerts,inbox_ingest,inbox_manager,inbox_operator,inbox_report,"
                           "inbox_support,inbox_worker"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT pg_has_role('l_manager', 'inbox_support', 'USAGE')"
                                   " AND pg_has_role('l_manager', 'inbox_operator', 'USAGE')"
                                   " AND pg_has_role('l_operator', 'inbox_support', 'USAGE')"
                                   " AND NOT pg_has_role('l_operator', 'inbox_manager', 'USAGE')"
                                   " AND NOT pg_has_role('l_support', 'inbox_operator', 'USAGE')"
                                   " AND NOT pg_has_role('l_worker', 'inbox_support', 'USAGE')"
                                   " AND NOT pg_has_role('l_ingest', 'inbox_worker', 'USAGE')"
                                   // the evaluator reads what support reads ...
                                   " AND pg_has_role('l_alerts', 'inbox_support', 'USAGE')"
                                   " AND NOT pg_has_role('l_alerts', 'inbox_worker', 'USAGE')"
                                   // ... and no person's or worker's role is an evaluator
                                   " AND NOT pg_has_role('l_manager', 'inbox_alerts', 'USAGE')"
                                   // 0031: managers read the Report, operators do not
                                   " AND pg_has_role('l_manager', 'inbox_report', 'USAGE')"
                                   " AND NOT pg_has_role('l_operator', 'inbox_report', 'USAGE')"
                                   " AND NOT pg_has_role('l_support', 'inbox_report', 'USAGE')"
                                   " AND NOT pg_has_role('l_alerts', 'inbox_report', 'USAGE')"
                                   " AND NOT pg_has_role('l_worker', 'inbox_alerts', 'USAGE')")),
            QStringLiteral("t"));
    }

    // The catalog view: EXECUTE on every function of the schema, for every login.
    void executeMatrix()
    {
        PgSession su(m_db.conninfo());
        const auto expected = expectedExecute();
        const PgResult fns = su.exec(
            QStringLiteral("SELECT p.oid, p.proname FROM pg_proc p"
                           " WHERE p.pronamespace = 'inbox'::regnamespace ORDER BY p.proname"));
        QVERIFY_SQL(fns);
        QVERIFY(fns.rows() >= 20);
        QSet<QString> seen;
        for (int f = 0; f < fns.rows(); ++f) {
            const QString name = fns.value(f, 1);
            seen.insert(name);
            for (const QString &login : kLogins) {
                const bool has =
                    one(su,
                        QStringLiteral(
                            "SELECT has_function_privilege($1::name, $2::oid, 'EXECUTE')"),
                        {login, fns.value(f, 0)}) == QLatin1String("t");
                const bool want = expected.value(name).contains(login);
                QVERIFY2(has == want, qPrintable(QStringLiteral("%1 for %2: has %3, expected %4")
                                                     .arg(name, login)
                                                     .arg(has)
                                                     .arg(want)));
            }
        }
        for (auto it = expected.cbegin(); it != expected.cend(); ++it)
            QVERIFY2(seen.contains(it.key()), qPrintable(it.key() + QStringLiteral(" is missing")));
    }

    // The same, by real calls: a call the login may not make fails with 42501; one it may make
    // does not fail for lack of privilege (it may still fail for its harmless arguments).
    void realCalls()
    {
        PgSession su(m_db.conninfo());
        const auto expected = expectedExecute();
        const auto sql = calls();
        // Every callable function of the schema is exercised here.
        const PgResult fns = su.exec(
            QStringLiteral("SELECT proname FROM pg_proc WHERE pronamespace = 'inbox'::regnamespace"
                           " AND prorettype <> 'trigger'::regtype"));
        for (int f = 0; f < fns.rows(); ++f)
            QVERIFY2(sql.contains(fns.value(f, 0)),
                     qPrintable(fns.value(f, 0) + QStringLiteral(" has no call")));

        for (const QString &login : kLogins) {
            PgSession s(m_db.conninfo(login));
            QVERIFY2(s.ok(), qPrintable(s.error()));
            for (auto it = sql.cbegin(); it != sql.cend(); ++it) {
                // Without USAGE on the schema even a PUBLIC function is out of reach.
                const bool allowed =
                    expected.value(it.key()).contains(login) && login != QLatin1String("l_nobody");
                const PgResult r = s.exec(it.value());
                const QString what =
                    QStringLiteral("%1 by %2: %3 %4").arg(it.key(), login, r.sqlstate, r.message);
                if (allowed)
                    QVERIFY2(r.ok || r.sqlstate != QLatin1String("42501"), qPrintable(what));
                else
                    QVERIFY2(!r.ok && r.sqlstate == QLatin1String("42501"), qPrintable(what));
            }
        }
    }

    void tablePrivileges()
    {
        PgSession su(m_db.conninfo());
        const QStringList tables = inboxTables(su);
        for (const QString &t : kContractTables)
            QVERIFY2(tables.contains(t), qPrintable(t));
        const QSet<QString> readers =
            logins({"l_support", "l_operator", "l_manager", "l_alerts", "l_reader"});
        // 0031: the baselines are read through the Report's functions only, so that support's
        // SELECT on every table does not hand them to operators.
        const QSet<QString> functionsOnly = {QStringLiteral("baselines"),
                                             QStringLiteral("baseline_rows")};
        for (const QString &t : functionsOnly)
            QVERIFY2(tables.contains(t), qPrintable(t));
        for (const QString &login : kLogins) {
            for (const QString &t : tables) {
                const QString rel = QStringLiteral("inbox.") + t;
                const QString what = login + QLatin1Char(' ') + rel;
                QVERIFY2(
                    one(su,
                        QStringLiteral("SELECT has_table_privilege($1::name, $2::text, 'SELECT')"),
                        {login, rel}) == (readers.contains(login) && !functionsOnly.contains(t)
                                              ? QStringLiteral("t")
                                              : QStringLiteral("f")),
                    qPrintable(what));
                QVERIFY2(
                    one(su,
                        QStringLiteral("SELECT has_table_privilege($1::name, $2::text,"
                                       " 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')"),
                        {login, rel}) == QLatin1String("f"),
                    qPrintable(what));
                QVERIFY2(one(su,
                             QStringLiteral("SELECT has_any_column_privilege($1::name, $2::text, "
                                            "'INSERT, UPDATE, REFERENCES')"),
                             {login, rel}) == QLatin1String("f"),
                         qPrintable(what));
            }
            QCOMPARE(oneInt(su,
                            QStringLiteral(
                                "SELECT count(*) FROM pg_class c WHERE c.relnamespace = "
                                "'inbox'::regnamespace"
                                " AND CASE WHEN c.relkind = 'S' THEN "
                                "has_sequence_privilege($1::name, c.oid, 'USAGE, UPDATE') END"),
                            {login}),
                     0);
            // No login may create objects in the schema either.
            QCOMPARE(one(su,
                         QStringLiteral("SELECT has_schema_privilege($1::name, 'inbox', 'CREATE')"),
                         {login}),
                     QStringLiteral("f"));
        }
    }

    // Real writes: refused with 42501 for every login, every table, the journal included.
    void directWritesAreRefused()
    {
        PgSession su(m_db.conninfo());
        const qint64 event = insertEvent(su, QStringLiteral("roles"), QStringLiteral("keep-me"));
        QVERIFY(event > 0);
        QVERIFY_SQL(su.exec(
            QStringLiteral("INSERT INTO inbox.journal (event_id, entry) VALUES ($1, 'received')"),
            {event}));
        const QStringList tables = inboxTables(su);
        for (const QString &login : kLogins) {
            PgSession s(m_db.conninfo(login));
            for (const QString &t : tables) {
                const QString firstColumn =
                    one(su,
                        QStringLiteral("SELECT attname FROM pg_attribute"
                                       " WHERE attrelid = ('inbox.' || $1)::regclass"
                                       " AND attnum > 0 AND NOT attisdropped AND attidentity = ''"
                                       " ORDER BY attnum LIMIT 1"),
                        {t});
                const QStringList statements = {
                    QStringLiteral("INSERT INTO inbox.%1 DEFAULT VALUES").arg(t),
                    QStringLiteral("UPDATE inbox.%1 SET %2 = %2").arg(t, firstColumn),
                    QStringLiteral("DELETE FROM inbox.%1").arg(t),
                    QStringLiteral("TRUNCATE inbox.%1 CASCADE").arg(t),
                };
                for (const QString &statement : statements) {
                    const PgResult r = s.exec(statement);
                    QVERIFY2(!r.ok && r.sqlstate == QLatin1String("42501"),
                             qPrintable(QStringLiteral("%1: %2 -> %3 %4")
                                            .arg(login, statement, r.sqlstate, r.message)));
                }
            }
            // A forged journal entry in particular.
            const PgResult forged = s.exec(
                QStringLiteral("INSERT INTO inbox.journal (event_id, entry, actor, by_person)"
                               " VALUES ($1, 'requeued', 'someone_else', true)"),
                {event});
            QCOMPARE(forged.sqlstate, QStringLiteral("42501"));
        }
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 1);
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.events")), 1);
    }

    // The journal actor is the session user, also after SET ROLE to the group.
    void journalActorIsTheSessionUser()
    {
        PgSession su(m_db.conninfo());
        const qint64 id = insertEvent(su, QStringLiteral("roles"), QStringLiteral("failed-1"),
                                      QStringLiteral("failed"));
        PgSession op(m_db.conninfo(QStringLiteral("l_operator")));
        QVERIFY_SQL(op.exec(QStringLiteral("SET ROLE inbox_operator")));
        QCOMPARE(one(op,
                     QStringLiteral(
                         "SELECT outcome FROM inbox.requeue(ARRAY[$1]::bigint[], 'after the fix')"),
                     {id}),
                 QStringLiteral("requeued"));
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT actor || ' ' || by_person || ' ' || (detail->>'reason')"
                               " FROM inbox.journal WHERE event_id = $1 AND entry = 'requeued'"),
                {id}),
            QStringLiteral("l_operator true after the fix"));

        // Same for a manager's decision (journal and decided_by).
        const qint64 e1 = insertEvent(su, QStringLiteral("roles"), QStringLiteral("lead-1"));
        const qint64 e2 = insertEvent(su, QStringLiteral("roles"), QStringLiteral("lead-2"));
        QVERIFY(oneInt(su, QStringLiteral("SELECT inbox.record_lead($1, '89161234567', NULL)"),
                       {e1}) > 0);
        QVERIFY(oneInt(su, QStringLiteral("SELECT inbox.record_lead($1, '+79161234567', NULL)"),
                       {e2}) > 0);
        const qint64 candidate =
            oneInt(su, QStringLiteral("SELECT id FROM inbox.duplicate_candidates"));
        PgSession mgr(m_db.conninfo(QStringLiteral("l_manager")));
        QVERIFY_SQL(mgr.exec(QStringLiteral("SET ROLE inbox_manager")));
        QCOMPARE(
            one(mgr, QStringLiteral("SELECT inbox.decide_duplicate($1, 'reject')"), {candidate}),
            QStringLiteral("rejected"));
        QCOMPARE(one(su, QStringLiteral("SELECT decided_by FROM inbox.duplicate_candidates")),
                 QStringLiteral("l_manager"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(DISTINCT actor, ',') FROM inbox.journal"
                                        " WHERE entry = 'duplicate_rejected'")),
                 QStringLiteral("l_manager"));
    }

    // Every SECURITY DEFINER function pins search_path to exactly pg_catalog, pg_temp. The one
    // exception is _name_key (0026): pinned, it could not be inlined into the search by name;
    // its body names nothing through the path (tst_namekey::hostileSearchPathChangesNothing).
    void securityDefinerSearchPathIsPinned()
    {
        PgSession su(m_db.conninfo());
        const PgResult r = su.exec(
            QStringLiteral("SELECT p.oid::regprocedure::text, p.prosecdef,"
                           " (SELECT s FROM unnest(p.proconfig) s WHERE s LIKE 'search_path=%')"
                           " FROM pg_proc p WHERE p.pronamespace = 'inbox'::regnamespace"
                           " AND p.oid <> 'inbox._name_key(text)'::regprocedure"));
        QVERIFY_SQL(r);
        int definers = 0;
        for (int i = 0; i < r.rows(); ++i) {
            const QString setting = r.value(i, 2);
            if (r.value(i, 1) == QLatin1String("t"))
                ++definers;
            // Helpers that are not SECURITY DEFINER are pinned as well in this project.
            QVERIFY2(!r.isNull(i, 2),
                     qPrintable(r.value(i, 0) + QStringLiteral(" has no pinned search_path")));
            QStringList path = setting.mid(int(qstrlen("search_path="))).split(QLatin1Char(','));
            for (QString &p : path)
                p = p.trimmed().remove(QLatin1Char('"'));
            QCOMPARE(path, QStringList({QStringLiteral("pg_catalog"), QStringLiteral("pg_temp")}));
        }
        QVERIFY(definers >= 15);
        // Every function a login may execute is a SECURITY DEFINER one.
        QCOMPARE(
            one(su, QStringLiteral(
                        "SELECT string_agg(p.proname, ',') FROM pg_proc p"
                        " WHERE p.pronamespace = 'inbox'::regnamespace AND NOT p.prosecdef"
                        " AND p.oid <> 'inbox._name_key(text)'::regprocedure"
                        " AND EXISTS (SELECT 1 FROM pg_roles r WHERE r.rolname LIKE 'inbox\\_%'"
                        "             AND has_function_privilege(r.oid, p.oid, 'EXECUTE'))")),
            QStringLiteral("!NULL"));
    }

    // A caller whose search_path puts a hostile schema first (a now() a day ahead, a fixed
    // gen_random_uuid, a blank-making btrim) cannot change what requeue does.
    void hostileSearchPathChangesNothing()
    {
        PgSession su(m_db.conninfo());
        for (const QString &sql : {
                 QStringLiteral("CREATE SCHEMA evil"),
                 QStringLiteral("GRANT USAGE ON SCHEMA evil TO PUBLIC"),
                 QStringLiteral("CREATE FUNCTION evil.now() RETURNS timestamptz LANGUAGE sql"
                                " AS $$ SELECT pg_catalog.now() + interval '1 day' $$"),
                 QStringLiteral("CREATE FUNCTION evil.gen_random_uuid() RETURNS uuid LANGUAGE sql"
                                " AS $$ SELECT '00000000-0000-0000-0000-000000000666'::uuid $$"),
                 QStringLiteral("CREATE FUNCTION evil.btrim(text, text) RETURNS text LANGUAGE sql"
                                " AS $$ SELECT ''::text $$"),
                 QStringLiteral(
                     "CREATE FUNCTION evil.cardinality(anyarray) RETURNS int LANGUAGE sql"
                     " AS $$ SELECT 1 $$"),
                 QStringLiteral("CREATE TABLE evil.events (id bigint, status text)"),
                 QStringLiteral("GRANT ALL ON evil.events TO PUBLIC"),
             })
            QVERIFY_SQL(su.exec(sql));
        const qint64 failed =
            insertEvent(su, QStringLiteral("roles"), QStringLiteral("f"), QStringLiteral("failed"));
        const qint64 running = insertEvent(su, QStringLiteral("roles"), QStringLiteral("r"),
                                           QStringLiteral("processing"));
        QVERIFY_SQL(su.exec(
            QStringLiteral(
                "UPDATE inbox.events SET locked_by = 'w1', locked_at = now() - interval '1 minute'"
                " WHERE id = $1"),
            {running}));

        PgSession op(m_db.conninfo(QStringLiteral("l_operator")));
        QVERIFY_SQL(op.exec(QStringLiteral("SET search_path = evil, pg_catalog, public")));
        // The trap is armed for the caller's own statements...
        QCOMPARE(one(op, QStringLiteral("SELECT now() > pg_catalog.now() + interval '1 hour'")),
                 QStringLiteral("t"));
        QCOMPARE(one(op, QStringLiteral("SELECT gen_random_uuid()")),
                 QStringLiteral("00000000-0000-0000-0000-000000000666"));
        // ... and does not reach inside the function.
        const PgResult r = op.exec(
            QStringLiteral("SELECT event_id, outcome FROM inbox.requeue(ARRAY[$1, $2]::bigint[],"
                           " 'hostile path') ORDER BY event_id"),
            {failed, running});
        QVERIFY_SQL(r);
        QCOMPARE(r.rows(), 2);
        QCOMPARE(r.value(0, 1), QStringLiteral("requeued"));
        QCOMPARE(r.value(1, 1),
                 QStringLiteral("in_progress")); // a day-ahead now() would call it stuck
        QCOMPARE(
            one(su,
                QStringLiteral("SELECT next_attempt_at <= now() FROM inbox.events WHERE id = $1"),
                {failed}),
            QStringLiteral("t"));
        const PgResult j =
            su.exec(QStringLiteral("SELECT detail->>'batch', detail->>'reason' FROM inbox.journal"
                                   " WHERE entry = 'requeued'"));
        QCOMPARE(j.rows(), 1);
        QVERIFY(j.value(0, 0) != QLatin1String("00000000-0000-0000-0000-000000000666"));
        QCOMPARE(j.value(0, 1), QStringLiteral("hostile path"));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM evil.events")), 0);
        // The other entry points through the same path.
        QCOMPARE(
            one(op,
                QStringLiteral(
                    "SELECT count(*) FROM inbox.stats_now() WHERE source = 'roles' AND stuck = 0")),
            QStringLiteral("1"));
        QCOMPARE(one(op, QStringLiteral("SELECT inbox.normalize_email('Ivan.Petrov+x@gmail.com')")),
                 QStringLiteral("ivanpetrov@gmail.com"));
    }
};

QTEST_MAIN(TestRoles)
#include "tst_roles.moc"
