// The deployment's settings (0024) against a real PostgreSQL: inbox.schema_version() for
// every role; one lock timeout that claim, requeue and stats_now all use; the attempt budget
// of the deployment and of a source, given to new, rearmed and requeued events, so the 6-hour
// retry step is reachable; configure's checks, journal entries and grants.
#include "contract_util.h"
#include "databasetestcase.h"

#include <QtTest>

using namespace contract;

namespace {

const QStringList kRoleLogins = {QStringLiteral("s_ingest"),  QStringLiteral("s_worker"),
                                 QStringLiteral("s_support"), QStringLiteral("s_operator"),
                                 QStringLiteral("s_manager"), QStringLiteral("s_alerts")};

// The event of `externalId` in processing by `worker`, with its lock moved `age` back.
qint64 heldSince(PgSession &su, const QString &externalId, const QString &worker,
                 const QString &age)
{
    const qint64 e = acceptEvent(su, externalId);
    su.exec(QStringLiteral("UPDATE inbox.events SET status = 'processing', locked_by = $2, "
                           "lock_token = 1, attempts = 1, locked_at = now() - $3::interval "
                           "WHERE id = $1"),
            {e, worker, age});
    return e;
}

} // namespace

class TestSettings : public DatabaseTestCase
{
    Q_OBJECT

public:
    TestSettings()
        : DatabaseTestCase{{kRoleLogins.at(0), {QStringLiteral("inbox_ingest")}},
                           {kRoleLogins.at(1), {QStringLiteral("inbox_worker")}},
                           {kRoleLogins.at(2), {QStringLiteral("inbox_support")}},
                           {kRoleLogins.at(3), {QStringLiteral("inbox_operator")}},
                           {kRoleLogins.at(4), {QStringLiteral("inbox_manager")}},
                           {kRoleLogins.at(5), {QStringLiteral("inbox_alerts")}}}
    {}

private slots:
    // Receivers and workers read no table, yet every role can say which schema it talks to.
    void schemaVersionForEveryRole()
    {
        PgSession su(m_db.conninfo());
        const QString version = one(su, QStringLiteral("SELECT max(version) FROM "
                                                       "inbox.schema_version"));
        QVERIFY(version.toInt() >= 24);
        for (const QString &login : kRoleLogins) {
            PgSession s(m_db.conninfo(login));
            QVERIFY2(s.ok(), qPrintable(s.error()));
            QCOMPARE(one(s, QStringLiteral("SELECT inbox.schema_version()")), version);
            QCOMPARE(one(s, QStringLiteral("SELECT concat_ws('|', lock_timeout, max_attempts, "
                                           "deal_max_age) FROM inbox.settings()")),
                     QStringLiteral("00:05:00|6|180 days"));
        }
    }

    // One lock timeout: what claim takes over, what requeue calls stuck and what stats_now
    // counts as stuck move together when a manager changes it.
    void lockTimeoutIsOneSetting()
    {
        PgSession su(m_db.conninfo());
        PgSession worker(m_db.conninfo(QStringLiteral("s_worker")));
        PgSession op(m_db.conninfo(QStringLiteral("s_operator")));
        PgSession support(m_db.conninfo(QStringLiteral("s_support")));
        PgSession manager(m_db.conninfo(QStringLiteral("s_manager")));
        const qint64 a =
            heldSince(su, QStringLiteral("a"), QStringLiteral("gone"), QStringLiteral("3 minutes"));
        const qint64 b =
            heldSince(su, QStringLiteral("b"), QStringLiteral("gone"), QStringLiteral("3 minutes"));
        const QString stuck = QStringLiteral("SELECT stuck FROM inbox.stats_now() WHERE source = "
                                             "'shop'");

        // 5 minutes: three-minute-old locks are not stuck for anyone.
        QCOMPARE(one(support, stuck), QStringLiteral("0"));
        QCOMPARE(one(op,
                     QStringLiteral("SELECT outcome FROM inbox.requeue(ARRAY[$1::bigint], "
                                    "'stuck?')"),
                     {a}),
                 QStringLiteral("in_progress"));
        QCOMPARE(oneInt(worker, QStringLiteral("SELECT count(*) FROM inbox.claim('w')")), 0);

        QCOMPARE(one(manager, QStringLiteral("SELECT lock_timeout FROM inbox.configure("
                                             "p_lock_timeout => interval '2 minutes')")),
                 QStringLiteral("00:02:00"));
        QCOMPARE(one(support, stuck), QStringLiteral("2"));
        QCOMPARE(one(op,
                     QStringLiteral("SELECT outcome FROM inbox.requeue(ARRAY[$1::bigint], "
                                    "'stuck')"),
                     {a}),
                 QStringLiteral("requeued"));
        // b is taken over (the takeover comes first), a was requeued and is due.
        QCOMPARE(one(worker, QStringLiteral("SELECT string_agg(id::text, ',' ORDER BY id) FROM "
                                            "inbox.claim('w', 5)")),
                 QStringLiteral("%1,%2").arg(a).arg(b));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT entry FROM inbox.journal WHERE event_id = $1 "
                                    "ORDER BY id DESC LIMIT 1"),
                     {b}),
                 QStringLiteral("takeover"));
        // An explicit timeout still judges one call (a test, a simulator), as before.
        QCOMPARE(one(support, QStringLiteral("SELECT stuck FROM inbox.stats_now(interval '0') "
                                             "WHERE source = 'shop'")),
                 QStringLiteral("2"));
    }

    void configureChecksJournalsAndGrants()
    {
        PgSession su(m_db.conninfo());
        PgSession manager(m_db.conninfo(QStringLiteral("s_manager")));
        for (const auto &[sql, state] :
             std::initializer_list<std::pair<const char *, const char *>>{
                 {"SELECT * FROM inbox.configure(p_lock_timeout => interval '0')", "22023"},
                 {"SELECT * FROM inbox.configure(p_lock_timeout => interval '2 days')", "22023"},
                 {"SELECT * FROM inbox.configure(p_max_attempts => 0)", "22023"},
                 {"SELECT * FROM inbox.configure(p_max_attempts => 101)", "22023"},
                 {"SELECT * FROM inbox.configure(p_deal_max_age => interval '1 hour')", "22023"},
                 {"SELECT inbox.set_source_max_attempts(NULL, 3)", "22004"},
                 {"SELECT inbox.set_source_max_attempts('', 3)", "22023"},
                 {"SELECT inbox.set_source_max_attempts('crm', 0)", "22023"}}) {
            const PgResult r = manager.exec(QString::fromLatin1(sql));
            QVERIFY2(!r.ok, sql);
            QCOMPARE(r.sqlstate, QString::fromLatin1(state));
        }
        // Nothing given, or the same values: no change, no entry.
        QVERIFY_SQL(manager.exec(QStringLiteral("SELECT * FROM inbox.configure()")));
        QVERIFY_SQL(
            manager.exec(QStringLiteral("SELECT * FROM inbox.configure(p_max_attempts => 6)")));
        QVERIFY_SQL(manager.exec(QStringLiteral(
            "SELECT * FROM inbox.configure(p_lock_timeout => interval '5 minutes')")));
        QCOMPARE(oneInt(su, QStringLiteral("SELECT count(*) FROM inbox.journal")), 0);

        QCOMPARE(one(manager, QStringLiteral("SELECT concat_ws('|', lock_timeout, max_attempts, "
                                             "deal_max_age) FROM inbox.configure(p_max_attempts "
                                             "=> 8)")),
                 QStringLiteral("00:05:00|8|180 days"));
        QCOMPARE(
            one(su, QStringLiteral("SELECT concat_ws('|', entry, actor, by_person, event_id IS "
                                   "NULL, detail->'max_attempts', detail->'previous'->"
                                   "'max_attempts') FROM inbox.journal")),
            QStringLiteral("settings_changed|s_manager|t|t|8|6"));
        QCOMPARE(one(su, QStringLiteral("SELECT changed_by FROM inbox.settings")),
                 QStringLiteral("s_manager"));
        QCOMPARE(one(manager, QStringLiteral("SELECT inbox.set_source_max_attempts('crm', 3)")),
                 QStringLiteral("set"));
        QCOMPARE(one(manager, QStringLiteral("SELECT inbox.set_source_max_attempts('crm', 3)")),
                 QStringLiteral("unchanged"));
        QCOMPARE(one(manager, QStringLiteral("SELECT inbox.set_source_max_attempts('crm', NULL)")),
                 QStringLiteral("removed"));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(detail::text, ';' ORDER BY id) FROM "
                                        "inbox.journal WHERE entry = 'source_settings_changed'")),
                 QStringLiteral("{\"source\": \"crm\", \"max_attempts\": 3, "
                                "\"previous_max_attempts\": null};{\"source\": \"crm\", "
                                "\"max_attempts\": null, \"previous_max_attempts\": 3}"));

        // Only managers change the settings; nobody but the owner writes the tables.
        for (const QString &login : kRoleLogins) {
            if (login == QLatin1String("s_manager"))
                continue;
            PgSession s(m_db.conninfo(login));
            QCOMPARE(s.exec(QStringLiteral("SELECT * FROM inbox.configure(p_max_attempts => 7)"))
                         .sqlstate,
                     QStringLiteral("42501"));
            QCOMPARE(
                s.exec(QStringLiteral("SELECT inbox.set_source_max_attempts('x', 7)")).sqlstate,
                QStringLiteral("42501"));
        }
        QCOMPARE(
            manager.exec(QStringLiteral("UPDATE inbox.settings SET max_attempts = 9")).sqlstate,
            QStringLiteral("42501"));
    }

    // The budget: the deployment's, or the source's; a new event gets it (accept and
    // accept_many), and a rearm or a requeue takes the one in force then. With 8 attempts the
    // sixth retryable failure waits the last step of the schedule, 6 hours.
    void attemptBudgetPerSource()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("s_ingest")));
        PgSession manager(m_db.conninfo(QStringLiteral("s_manager")));
        PgSession support(m_db.conninfo(QStringLiteral("s_support")));
        QVERIFY_SQL(
            manager.exec(QStringLiteral("SELECT * FROM inbox.configure(p_max_attempts => 8)")));
        QVERIFY_SQL(manager.exec(QStringLiteral("SELECT inbox.set_source_max_attempts('crm', 3)")));
        const qint64 shop = acceptEvent(in, QStringLiteral("s1"), QStringLiteral("shop"));
        const qint64 crm = acceptEvent(in, QStringLiteral("c1"), QStringLiteral("crm"));
        QVERIFY_SQL(in.exec(QStringLiteral(
            "SELECT * FROM inbox.accept_many(ARRAY['shop', 'crm'], ARRAY['s2', 'c2'],"
            " ARRAY['\\x7b7d'::bytea, '\\x7b7d'::bytea])")));
        QCOMPARE(one(su, QStringLiteral("SELECT string_agg(external_id || '=' || max_attempts, ','"
                                        " ORDER BY external_id) FROM inbox.events")),
                 QStringLiteral("c1=3,c2=3,s1=8,s2=8"));
        QCOMPARE(one(support, QStringLiteral("SELECT inbox.max_attempts('crm') || ',' || "
                                             "inbox.max_attempts('shop')")),
                 QStringLiteral("3,8"));

        // shop: five retryable failures wait 10 s ... 2 h, the sixth 6 h. Each round makes one
        // event due, claims it and fails it.
        QVERIFY_SQL(su.exec(
            QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() + interval '1 day'")));
        const auto failOnce = [&](qint64 e) {
            su.exec(QStringLiteral("UPDATE inbox.events SET next_attempt_at = now() - interval "
                                   "'1 second' WHERE id = $1"),
                    {e});
            const PgResult c =
                su.exec(QStringLiteral("SELECT id, lock_token FROM inbox.claim('w')"));
            if (c.rows() != 1 || c.value(0, 0) != QString::number(e))
                return QStringLiteral("!claim %1").arg(c.value(0, 0));
            return one(su, QStringLiteral("SELECT inbox.fail($1, 'w', $2, 'CRM API: 503', true)"),
                       {e, c.value(0, 1)});
        };
        for (int attempt = 1; attempt <= 5; ++attempt)
            QCOMPARE(failOnce(shop), QStringLiteral("received"));
        QCOMPARE(failOnce(shop), QStringLiteral("received"));
        const double delay = one(su,
                                 QStringLiteral("SELECT extract(epoch FROM next_attempt_at - "
                                                "now()) FROM inbox.events WHERE id = $1"),
                                 {shop})
                                 .toDouble();
        QVERIFY2(delay >= 21600 * 0.9 - 1 && delay <= 21600 * 1.1,
                 qPrintable(QString::number(delay)));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT attempts || ' of ' || max_attempts FROM "
                                    "inbox.events WHERE id = $1"),
                     {shop}),
                 QStringLiteral("6 of 8"));

        // crm: the third retryable failure is the last.
        QCOMPARE(failOnce(crm), QStringLiteral("received"));
        QCOMPARE(failOnce(crm), QStringLiteral("received"));
        QCOMPARE(failOnce(crm), QStringLiteral("failed"));
        // A requeue starts the count again with the budget the source has now.
        QVERIFY_SQL(manager.exec(QStringLiteral("SELECT inbox.set_source_max_attempts('crm', 5)")));
        PgSession op(m_db.conninfo(QStringLiteral("s_operator")));
        QCOMPARE(one(op,
                     QStringLiteral("SELECT outcome FROM inbox.requeue(ARRAY[$1::bigint], "
                                    "'CRM is back')"),
                     {crm}),
                 QStringLiteral("requeued"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT attempts || ' of ' || max_attempts FROM "
                                    "inbox.events WHERE id = $1"),
                     {crm}),
                 QStringLiteral("0 of 5"));
        // So does a rearm: the sender's repeat of a retryable failure.
        QCOMPARE(failOnce(crm), QStringLiteral("received"));
        QVERIFY_SQL(su.exec(QStringLiteral("UPDATE inbox.events SET status = 'failed', "
                                           "error_retryable = true WHERE id = $1"),
                            {crm}));
        QVERIFY_SQL(
            manager.exec(QStringLiteral("SELECT inbox.set_source_max_attempts('crm', NULL)")));
        QCOMPARE(one(in, QStringLiteral("SELECT outcome FROM inbox.accept('crm', 'c1', "
                                        "'{\"id\":\"c1\"}'::bytea)")),
                 QStringLiteral("rearmed"));
        QCOMPARE(one(su,
                     QStringLiteral("SELECT attempts || ' of ' || max_attempts FROM "
                                    "inbox.events WHERE id = $1"),
                     {crm}),
                 QStringLiteral("0 of 8"));
    }
};

QTEST_GUILESS_MAIN(TestSettings)
#include "tst_settings.moc"
