// Issue 21's data layer in the console: the field a set_alert_rule refusal names (from the
// real function's messages), the rules and episodes models under QAbstractItemModelTester on
// real rules and episodes, and the Audit's wording of a manager's rule changes as person
// actions.
#include "contexttestcase.h"
#include "modelcheck.h"

#include "alerts/alertepisodesmodel.h"
#include "alerts/alertparams.h"
#include "alerts/alertrulesmodel.h"
#include "audit/auditmodel.h"
#include "audit/auditquery.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

using namespace inbox;

namespace {
const QString kManager = QStringLiteral("models_mona");
const QString kEvaluator = QStringLiteral("models_eval");
} // namespace

class TestAlertModels : public ContextTestCase
{
    Q_OBJECT

public:
    TestAlertModels()
        : ContextTestCase{{kManager, {"inbox_manager"}}, {kEvaluator, {"inbox_alerts"}}}
    {}

private:
    PgResult manager(const QString &sql, const QVariantList &params = {})
    {
        PgSession s(m_db.conninfo(kManager));
        return s.exec(sql, params);
    }

private slots:
    // Each refusal of the real function is placed on the field it names.
    void refusalsNameTheirField_data()
    {
        QTest::addColumn<QString>("call");
        QTest::addColumn<QString>("field");
        const auto row = [](const char *name, const char *args, const char *field) {
            QTest::newRow(name)
                << QStringLiteral("SELECT inbox.set_alert_rule(NULL, %1)").arg(QLatin1String(args))
                << QString::fromLatin1(field);
        };
        row("minutes range", "'a', 'stuck', '{\"minutes\": 0}', 'info', NULL, ARRAY['1']",
            "params.minutes");
        row("minutes type", "'a', 'stuck', '{\"minutes\": \"x\"}', 'info', NULL, ARRAY['1']",
            "params.minutes");
        row("unknown key", "'a', 'stuck', '{\"mins\": 3}', 'info', NULL, ARRAY['1']", "params");
        row("name", "'  ', 'stuck', NULL, 'info', NULL, ARRAY['1']", "name");
        row("chats", "'a', 'stuck', NULL, 'info', NULL, ARRAY['x y']", "chat_ids");
        row("severity", "'a', 'stuck', NULL, 'loud', NULL, ARRAY['1']", "severity");
        row("repeat", "'a', 'stuck', NULL, 'info', NULL, ARRAY['1'], interval '1 second'",
            "repeat_interval");
        row("sources", "'a', 'stuck', NULL, 'info', '{}', ARRAY['1']", "sources");
        row("destination unknown",
            "'a', 'destination', '{\"destination\": \"nope\"}', 'info', NULL, ARRAY['1']",
            "params.destination");
        row("on_pause type",
            "'a', 'destination', '{\"destination\": \"x\", \"on_pause\": 1}', 'info', NULL,"
            " ARRAY['1']",
            "params.on_pause");
        row("poll minutes", "'a', 'poll_source', '{\"minutes\": 0}', 'info', NULL, ARRAY['1']",
            "params.minutes");
        row("on_stop type",
            "'a', 'poll_source', '{\"on_stop\": \"yes\"}', 'info', NULL, ARRAY['1']",
            "params.on_stop");
    }
    void refusalsNameTheirField()
    {
        QFETCH(QString, call);
        QFETCH(QString, field);
        const PgResult r = manager(call);
        QVERIFY2(!r.ok, "the database took it");
        QCOMPARE(r.sqlstate, QStringLiteral("22023"));
        // The primary message, as the console's DbError holds it (libpq's full text here).
        QString primary = r.message.section(QLatin1Char('\n'), 0, 0);
        primary.remove(QRegularExpression(QStringLiteral("^ERROR:\\s+")));
        QCOMPARE(AlertParams::fieldOf(primary), field);
    }

    // Every parameter of every kind, with its default, is what the database completes a rule
    // with: the editor shows the same defaults the rule will get.
    void defaultsAreTheDatabasesOwn()
    {
        // A destination rule must name a destination a dispatcher reported; nothing else.
        QVERIFY_SQL(m_db.su().exec(
            QStringLiteral("INSERT INTO inbox.destinations (name) VALUES ('crm-hook')")));
        for (const QString &kind : AlertParams::kinds()) {
            const QVariant given = kind == QLatin1String("destination")
                                       ? QVariant(QStringLiteral("{\"destination\": \"crm-hook\"}"))
                                       : QVariant();
            const PgResult id = manager(QStringLiteral("SELECT inbox.set_alert_rule(NULL, $1,"
                                                       " $1, $2::jsonb, 'info', NULL, ARRAY['1'])"),
                                        {kind, given});
            QVERIFY_SQL(id);
            const PgResult r =
                manager(QStringLiteral("SELECT params::text FROM inbox.alert_rules WHERE id = $1"),
                        {id.value(0, 0)});
            QVERIFY2(r.ok, qPrintable(r.message));
            const QJsonObject stored = QJsonDocument::fromJson(r.value(0, 0).toUtf8()).object();
            for (const AlertParams::Param &p : AlertParams::params(kind)) {
                if (p.type == AlertParams::Type::Text) {
                    QCOMPARE(stored.value(p.key).toString(), QStringLiteral("crm-hook"));
                    continue;
                }
                if (p.type == AlertParams::Type::Flag) {
                    QVERIFY2(stored.value(p.key).isBool(), qPrintable(kind + p.key));
                    QCOMPARE(stored.value(p.key).toBool(), p.defaultText == QLatin1String("true"));
                    continue;
                }
                if (p.defaultText.isEmpty()) {
                    QVERIFY2(!stored.contains(p.key), qPrintable(kind + p.key));
                    continue;
                }
                QVERIFY2(stored.contains(p.key), qPrintable(kind + QLatin1Char(' ') + p.key));
                QCOMPARE(stored.value(p.key).toDouble(), p.defaultText.toDouble());
            }
        }
    }

    void modelsReadRulesAndEpisodes()
    {
        const PgResult rule = manager(QStringLiteral(
            "SELECT inbox.set_alert_rule(NULL, 'Stuck CRM', 'stuck', '{\"minutes\": 15}',"
            " 'critical', ARRAY['crm'], ARRAY['-100123'], interval '2 hours', false)"));
        QVERIFY_SQL(rule);
        {
            PgSession s(m_db.conninfo(kEvaluator));
            QVERIFY_SQL(
                s.exec(QStringLiteral("SELECT inbox.fire_alert($1, 'crm')"), {rule.value(0, 0)}));
        }
        AlertRulesModel rules(m_context.get());
        ModelCheck rulesCheck(&rules);
        AlertEpisodesModel firing(m_context.get(), AlertEpisodesModel::Mode::Firing);
        ModelCheck firingCheck(&firing);
        AlertEpisodesModel history(m_context.get(), AlertEpisodesModel::Mode::History);
        ModelCheck historyCheck(&history);
        QSignalSpy firingLoaded(&firing, &AlertEpisodesModel::loaded);
        QVERIFY(m_harness.connectLoaded(*m_context, &rules));
        QTRY_COMPARE(firing.rowCount(), 1);
        QCOMPARE(rules.rowCount(), 1);
        const AlertRule &r = rules.rule(0);
        QCOMPARE(r.name, QStringLiteral("Stuck CRM"));
        QCOMPARE(r.sources, QStringList{QStringLiteral("crm")});
        QCOMPARE(r.chatIds, QStringList{QStringLiteral("-100123")});
        QCOMPARE(r.repeatSeconds, 7200);
        QVERIFY(!r.sendResolved && r.enabled && !r.isSilenced());
        QCOMPARE(r.changedBy, kManager);
        QCOMPARE(rules.data(rules.index(0, AlertRulesModel::Repeat)).toString(),
                 QStringLiteral("2 h"));
        QCOMPARE(firing.episode(0).scopeKey, QStringLiteral("crm"));
        QTRY_COMPARE(history.rowCount(), 1);

        // Silenced, then the rule turned off: announced on "alerts", read again; turning
        // it off closes the episode (rule_disabled).
        QVERIFY_SQL(manager(QStringLiteral("SELECT inbox.silence_alert_rule($1,"
                                           " now() + interval '1 hour', 'deploy')"),
                            {rule.value(0, 0)}));
        QTRY_VERIFY(rules.rule(0).isSilenced());
        QCOMPARE(rules.rule(0).silenceNote, QStringLiteral("deploy"));
        QVERIFY_SQL(manager(
            QStringLiteral("SELECT inbox.set_alert_rule($1, 'Stuck CRM', 'stuck', NULL,"
                           " 'critical', ARRAY['crm'], ARRAY['-100123'], interval '2 hours',"
                           " false, false)"),
            {rule.value(0, 0)}));
        QTRY_COMPARE(firing.rowCount(), 0);
        QTRY_VERIFY(!history.episode(0).isOpen());
        QCOMPARE(history.episode(0).resolvedReason, QStringLiteral("rule_disabled"));
    }

    // An episode without a message says why: one may still come (not yet, or held back by
    // the rule's silence), or none will (resolved first, the rule turned off or removed).
    void lastMessageSaysWhyNoneWasSent()
    {
        QStringList ids;
        for (const char *name : {"Open", "Silenced", "Cleared", "Off", "Removed"}) {
            const PgResult r = manager(
                QStringLiteral("SELECT inbox.set_alert_rule(NULL, $1, 'stuck', NULL, 'warning',"
                               " NULL, ARRAY['111'])"),
                {QString::fromLatin1(name)});
            QVERIFY_SQL(r);
            ids << r.value(0, 0);
            PgSession s(m_db.conninfo(kEvaluator));
            QVERIFY_SQL(s.exec(QStringLiteral("SELECT inbox.fire_alert($1, $2)"),
                               {ids.last(), QString::fromLatin1(name)}));
            if (ids.size() == 3)
                QVERIFY_SQL(s.exec(QStringLiteral("SELECT inbox.resolve_alert($1, 'Cleared')"),
                                   {ids.last()}));
        }
        QVERIFY_SQL(manager(QStringLiteral("SELECT inbox.silence_alert_rule($1,"
                                           " now() + interval '1 hour', 'deploy')"),
                            {ids.at(1)}));
        QVERIFY_SQL(manager(
            QStringLiteral("SELECT inbox.set_alert_rule($1, 'Off', 'stuck', NULL, 'warning',"
                           " NULL, ARRAY['111'], '4 hours', true, false)"),
            {ids.at(3)}));
        QVERIFY_SQL(manager(QStringLiteral("SELECT inbox.remove_alert_rule($1)"), {ids.at(4)}));
        const QDateTime until = QDateTime::fromString(
            manager(QStringLiteral("SELECT to_char(silenced_until AT TIME ZONE 'UTC',"
                                   " 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') FROM"
                                   " inbox.alert_rules WHERE id = $1"),
                    {ids.at(1)})
                .value(0, 0),
            Qt::ISODate);
        QVERIFY(until.isValid());

        AlertEpisodesModel history(m_context.get(), AlertEpisodesModel::Mode::History);
        ModelCheck historyCheck(&history);
        QVERIFY(m_harness.connectLoaded(*m_context, &history));
        QTRY_COMPARE(history.rowCount(), 5);
        QMap<QString, QString> said;
        for (int row = 0; row < history.rowCount(); ++row)
            said.insert(history.episode(row).scopeKey,
                        history.data(history.index(row, AlertEpisodesModel::Outcome)).toString());
        QCOMPARE(said.value(QStringLiteral("Open")), QStringLiteral("not sent yet"));
        QCOMPARE(said.value(QStringLiteral("Silenced")),
                 QStringLiteral("held back by the silence until %1")
                     .arg(until.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
        QCOMPARE(said.value(QStringLiteral("Cleared")),
                 QStringLiteral("none sent: resolved before the first message"));
        QCOMPARE(said.value(QStringLiteral("Off")),
                 QStringLiteral("none sent: the rule was turned off"));
        QCOMPARE(said.value(QStringLiteral("Removed")),
                 QStringLiteral("none sent: the rule was removed"));
    }

    // The manager's rule changes are person actions in the Audit, worded with the rule's name.
    void auditWordsRuleChanges()
    {
        const PgResult rule = manager(QStringLiteral(
            "SELECT inbox.set_alert_rule(NULL, 'Repeats', 'repeat_share', NULL, 'warning',"
            " NULL, ARRAY['1'])"));
        QVERIFY_SQL(rule);
        const QVariant id = rule.value(0, 0);
        QVERIFY_SQL(manager(QStringLiteral("SELECT inbox.set_alert_rule($1, 'Repeats', "
                                           "'repeat_share', NULL, 'critical', NULL, ARRAY['1'])"),
                            {id}));
        QVERIFY_SQL(manager(QStringLiteral("SELECT inbox.silence_alert_rule($1,"
                                           " now() + interval '2 hours', 'sale day')"),
                            {id}));
        QVERIFY_SQL(
            manager(QStringLiteral("SELECT inbox.silence_alert_rule($1, NULL, NULL)"), {id}));
        QVERIFY_SQL(
            manager(QStringLiteral("SELECT inbox.remove_alert_rule($1, 'replaced')"), {id}));
        for (const char *entry : {"alert_rule_created", "alert_rule_changed", "alert_rule_removed",
                                  "alert_silenced", "alert_unsilenced"})
            QVERIFY(AuditQuery::actionEntries().contains(QLatin1String(entry)));

        AuditModel model(m_context.get());
        ModelCheck check(&model);
        QVERIFY(m_harness.connectLoaded(*m_context, &model));
        QCOMPARE(model.rowCount(), 5);
        QStringList lines;
        for (int row = 0; row < model.rowCount(); ++row)
            lines << model.data(model.index(row, AuditModel::Action)).toString() +
                         QStringLiteral(" / ") +
                         model.data(model.index(row, AuditModel::Summary)).toString();
        const QString m = kManager;
        QCOMPARE(lines.at(0), QStringLiteral("removed an alert rule / %1 removed the alert rule "
                                             "\"Repeats\". Note: replaced")
                                  .arg(m));
        QCOMPARE(lines.at(1), QStringLiteral("ended a silence / %1 ended the silence of the alert "
                                             "rule \"Repeats\"")
                                  .arg(m));
        QVERIFY2(lines.at(2).startsWith(QStringLiteral("silenced an alert rule / %1 silenced the "
                                                       "alert rule \"Repeats\" until ")
                                            .arg(m)) &&
                     lines.at(2).endsWith(QStringLiteral(". Note: sale day")),
                 qPrintable(lines.at(2)));
        QCOMPARE(
            lines.at(3),
            QStringLiteral("changed an alert rule / %1 changed the alert rule \"Repeats\"").arg(m));
        QCOMPARE(
            lines.at(4),
            QStringLiteral("created an alert rule / %1 created the alert rule \"Repeats\"").arg(m));
        // Only the alert topic.
        AuditFilter f;
        f.actions = {QStringLiteral("alert_silenced")};
        QVERIFY(ConsoleHarness::loads(&model, [&] { model.setFilter(f); }));
        QCOMPARE(model.rowCount(), 1);
    }
};

QTEST_MAIN(TestAlertModels)
#include "tst_alertmodels.moc"
