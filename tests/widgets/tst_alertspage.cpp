// Issue 21 in the console, offscreen against a real PostgreSQL: a manager creates, edits,
// silences, unsilences and removes an alert rule in the rules dialog (the database's 22023
// shown next to the field it names, the form kept); an operator is not offered those edits
// and the database refuses them anyway; the overview's panel lists the firing episodes made
// by the evaluator's role, each leading to what it is about, and follows "alerts"; the history
// tab pages through episodes with their messages' outcomes; a subscribed rule's alert_fired
// asks for a desktop notice and another rule's does not.
#include "screentestcase.h"

#include "alerts/alertepisodesmodel.h"
#include "alerts/alertnotedialog.h"
#include "alerts/alertnotifier.h"
#include "alerts/alertruleeditor.h"
#include "alerts/alertrulesdialog.h"
#include "alerts/alertrulesmodel.h"
#include "alerts/alertrulewriter.h"
#include "alerts/firingalertspanel.h"
#include "db/consolecontext.h"
#include "overview/overviewpage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QtTest>

#include <memory>

using namespace inbox;

namespace {
const QString kManager = QStringLiteral("alerts_mona");   // inbox_manager
const QString kOperator = QStringLiteral("alerts_oleg");  // inbox_operator
const QString kEvaluator = QStringLiteral("alerts_eval"); // inbox_alerts
} // namespace

class TestAlertsPage : public ScreenTestCase
{
    Q_OBJECT

public:
    TestAlertsPage()
        : ScreenTestCase{{kManager, {"inbox_manager"}},
                         {kOperator, {"inbox_operator"}},
                         {kEvaluator, {"inbox_alerts"}}}
    {}

private:
    // A rule made as the manager, through the contract's function; its id.
    qint64 makeRule(const QString &name, const QString &kind,
                    const QString &severity = QStringLiteral("warning"))
    {
        PgSession s(m_db.conninfo(kManager));
        const PgResult r = s.exec(QStringLiteral("SELECT inbox.set_alert_rule(NULL, $1, $2, NULL,"
                                                 " $3, NULL, ARRAY['12345'])"),
                                  {name, kind, severity});
        return r.ok ? r.value(0, 0).toLongLong() : -1;
    }
    // The evaluator's fire_alert / resolve_alert, each in its own transaction; the outcome.
    QString evaluator(const char *function, qint64 rule, const QString &scope)
    {
        PgSession s(m_db.conninfo(kEvaluator));
        const PgResult r = s.exec(
            QStringLiteral("SELECT outcome FROM inbox.%1($1, $2)").arg(QLatin1String(function)),
            {rule, scope});
        return r.ok ? r.value(0, 0) : r.sqlstate + QLatin1Char(' ') + r.message;
    }
    QString su(const QString &sql)
    {
        const PgResult r = m_db.su().exec(sql);
        return r.ok ? r.value(0, 0) : QStringLiteral("!") + r.message;
    }
    QString su(const char *sql) { return su(QString::fromUtf8(sql)); }
    bool connectAs(const QString &user)
    {
        QString error;
        const bool ok = m_harness.connectReading(*m_context, user, &error);
        if (!ok)
            qWarning("%s", qPrintable(error));
        return ok;
    }

private slots:
    // The whole life of a rule by keyboard and buttons, as a manager.
    void managerEditsARule()
    {
        AlertNotifier notifier(m_context.get());
        AlertRulesDialog dialog(m_context.get(), &notifier);
        QSignalSpy loaded(dialog.rules(), &AlertRulesModel::loaded);
        QVERIFY(connectAs(kManager));
        QVERIFY(loaded.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY(ConsoleHarness::show(&dialog, QSize(1000, 520), true));
        QVERIFY(dialog.mayEdit());
        QVERIFY(dialog.newButton()->isVisible() && dialog.newButton()->isEnabled());
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("alertRulesReadOnly"))->isHidden());

        QTest::mouseClick(dialog.newButton(), Qt::LeftButton);
        AlertRuleEditor *editor = dialog.editor();
        QVERIFY(editor);
        QVERIFY(QTest::qWaitForWindowExposed(editor));
        // A stuck rule shows its one parameter with the default filled in.
        QVERIFY(editor->paramEdit(QStringLiteral("minutes")));
        QCOMPARE(editor->paramEdit(QStringLiteral("minutes"))->text(), QStringLiteral("30"));
        editor->nameEdit()->setFocus();
        QTest::keyClicks(editor->nameEdit(), QStringLiteral("CRM stuck"));
        editor->paramEdit(QStringLiteral("minutes"))->setText(QStringLiteral("0"));
        QTest::keyClicks(editor->chatsEdit(), QStringLiteral("12345, @ops_channel"));
        QSignalSpy finished(dialog.writer(), &AlertRuleWriter::finished);
        QTest::keyClick(editor, Qt::Key_Return); // Save is the default button
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        // The database's message next to the field it names; nothing typed is lost.
        QVERIFY2(editor->errorText(QStringLiteral("params.minutes"))
                     .contains(QStringLiteral("between 1 and 10080")),
                 qPrintable(editor->errorText(QStringLiteral("params.minutes"))));
        QVERIFY(editor->errorText({}).isEmpty());
        QCOMPARE(editor->nameEdit()->text(), QStringLiteral("CRM stuck"));
        QCOMPARE(editor->chatsEdit()->text(), QStringLiteral("12345, @ops_channel"));
        QCOMPARE(su("SELECT count(*) FROM inbox.alert_rules"), QStringLiteral("0"));

        editor->paramEdit(QStringLiteral("minutes"))->setText(QStringLiteral("45"));
        QTest::keyClick(editor, Qt::Key_Return);
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QTRY_VERIFY(!dialog.editor());
        QCOMPARE(su("SELECT name || '|' || kind || '|' || (params ->> 'minutes') || '|' ||"
                    " array_to_string(chat_ids, ',') || '|' || updated_by"
                    " FROM inbox.alert_rules"),
                 QStringLiteral("CRM stuck|stuck|45|12345,@ops_channel|") + kManager);
        QTRY_COMPARE(dialog.rules()->rowCount(), 1);

        // Edit: a rule keeps its kind; the repeat interval changes.
        dialog.ruleView()->setCurrentIndex(dialog.rules()->index(0, 0));
        dialog.ruleView()->setFocus();
        QTest::keyClick(dialog.ruleView(), Qt::Key_Return);
        QTRY_VERIFY(dialog.editor());
        editor = dialog.editor();
        QVERIFY(!editor->kindBox()->isEnabled());
        QCOMPARE(editor->paramEdit(QStringLiteral("minutes"))->text(), QStringLiteral("45"));
        editor->findChild<QSpinBox *>(QStringLiteral("ruleRepeat"))->setValue(90);
        QTest::keyClick(editor, Qt::Key_Return);
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QTRY_VERIFY(!dialog.editor());
        QCOMPARE(su("SELECT repeat_interval::text FROM inbox.alert_rules"),
                 QStringLiteral("01:30:00"));
        QTRY_COMPARE(
            dialog.rules()->data(dialog.rules()->index(0, AlertRulesModel::Repeat)).toString(),
            QStringLiteral("1 h 30 min"));

        // Silence: without a note the database says why not, in the dialog; then with one.
        QTest::mouseClick(dialog.silenceButton(), Qt::LeftButton);
        AlertNoteDialog *note = dialog.noteDialog();
        QVERIFY(note);
        note->periodBox()->setCurrentIndex(1); // 4 hours
        note->apply();
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY2(note->errorText().contains(QStringLiteral("p_note")),
                 qPrintable(note->errorText()));
        QTest::keyClicks(note->noteEdit(), QStringLiteral("CRM maintenance"));
        note->apply();
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QTRY_VERIFY(!dialog.noteDialog());
        QCOMPARE(su("SELECT silenced_until > now() + interval '3 hours 59 minutes'"
                    " AND silenced_until <= now() + interval '4 hours' FROM inbox.alert_rules"),
                 QStringLiteral("t"));
        QTRY_VERIFY(dialog.unsilenceButton()->isEnabled());
        QTest::mouseClick(dialog.unsilenceButton(), Qt::LeftButton);
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QCOMPARE(su("SELECT silenced_until IS NULL OR silenced_until <= now()"
                    " FROM inbox.alert_rules"),
                 QStringLiteral("t"));

        // Remove, with a note, by the Delete key on the list.
        QTRY_VERIFY(!dialog.unsilenceButton()->isEnabled());
        dialog.ruleView()->setFocus();
        QTest::keyClick(dialog.ruleView(), Qt::Key_Delete);
        note = dialog.noteDialog();
        QVERIFY(note);
        QTest::keyClicks(note->noteEdit(), QStringLiteral("CRM retired"));
        note->apply();
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QCOMPARE(su("SELECT removed_by || '|' || enabled FROM inbox.alert_rules"),
                 kManager + QStringLiteral("|false"));
        QTRY_COMPARE(dialog.rules()->rowCount(), 0);
        QCOMPARE(su("SELECT string_agg(entry, ',' ORDER BY id) FROM inbox.journal"
                    " WHERE by_person"),
                 QStringLiteral("alert_rule_created,alert_rule_changed,alert_silenced,"
                                "alert_unsilenced,alert_rule_removed"));
    }

    // A destination rule (0027) in the editor: its destination is a name (the database's
    // refusal shown next to it), backlog_minutes a number with its default, on_pause a check
    // box; what was saved comes back when the rule is edited. Its episodes name the
    // destination, not a source.
    void managerEditsADestinationRule()
    {
        QCOMPARE(su("INSERT INTO inbox.destinations (name) VALUES ('crm-hook') RETURNING name"),
                 QStringLiteral("crm-hook"));
        AlertNotifier notifier(m_context.get());
        AlertRulesDialog dialog(m_context.get(), &notifier);
        QSignalSpy loaded(dialog.rules(), &AlertRulesModel::loaded);
        QVERIFY(connectAs(kManager));
        QVERIFY(loaded.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY(ConsoleHarness::show(&dialog, QSize(1000, 520), true));
        QTest::mouseClick(dialog.newButton(), Qt::LeftButton);
        AlertRuleEditor *editor = dialog.editor();
        QVERIFY(editor);
        QVERIFY(QTest::qWaitForWindowExposed(editor));
        const int kind = editor->kindBox()->findData(QStringLiteral("destination"));
        QVERIFY(kind >= 0);
        QCOMPARE(editor->kindBox()->itemText(kind), QStringLiteral("destination paused or behind"));
        editor->kindBox()->setCurrentIndex(kind);
        QVERIFY(!editor->paramEdit(QStringLiteral("minutes")));
        QVERIFY(editor->paramEdit(QStringLiteral("destination")));
        QCOMPARE(editor->paramEdit(QStringLiteral("destination"))->text(), QString());
        QCOMPARE(editor->paramEdit(QStringLiteral("backlog_minutes"))->text(),
                 QStringLiteral("30"));
        QVERIFY(editor->paramCheck(QStringLiteral("on_pause")));
        QVERIFY(editor->paramCheck(QStringLiteral("on_pause"))->isChecked());
        QVERIFY(editor->findChild<QLabel *>(QStringLiteral("ruleParamsNote")));
        QTest::keyClicks(editor->nameEdit(), QStringLiteral("CRM handler"));
        QTest::keyClicks(editor->chatsEdit(), QStringLiteral("12345"));
        QTest::keyClicks(editor->sourcesEdit(), QStringLiteral("crm"));

        // No destination, then a misspelt one: the database's words next to the field.
        QSignalSpy finished(dialog.writer(), &AlertRuleWriter::finished);
        editor->save();
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY2(editor->errorText(QStringLiteral("params.destination"))
                     .contains(QStringLiteral("must name the destination")),
                 qPrintable(editor->errorText(QStringLiteral("params.destination"))));
        editor->paramEdit(QStringLiteral("destination"))->setText(QStringLiteral("crm-hok"));
        editor->save();
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY2(editor->errorText(QStringLiteral("params.destination"))
                     .contains(QStringLiteral("crm-hok is not known")),
                 qPrintable(editor->errorText(QStringLiteral("params.destination"))));
        QCOMPARE(su("SELECT count(*) FROM inbox.alert_rules"), QStringLiteral("0"));

        editor->paramEdit(QStringLiteral("destination"))->setText(QStringLiteral(" crm-hook "));
        editor->paramEdit(QStringLiteral("backlog_minutes"))->setText(QStringLiteral("45"));
        editor->paramCheck(QStringLiteral("on_pause"))->setChecked(false);
        editor->save();
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QTRY_VERIFY(!dialog.editor());
        QCOMPARE(su("SELECT kind || '|' || params::text || '|' || array_to_string(sources, ',')"
                    " FROM inbox.alert_rules"),
                 QStringLiteral("destination|{\"on_pause\": false, \"destination\": \"crm-hook\","
                                " \"backlog_minutes\": 45}|crm"));
        QTRY_COMPARE(dialog.rules()->rowCount(), 1);

        // Edited: the form shows what was stored.
        dialog.ruleView()->setCurrentIndex(dialog.rules()->index(0, 0));
        dialog.editCurrent();
        QTRY_VERIFY(dialog.editor());
        editor = dialog.editor();
        QCOMPARE(editor->paramEdit(QStringLiteral("destination"))->text(),
                 QStringLiteral("crm-hook"));
        QCOMPARE(editor->paramEdit(QStringLiteral("backlog_minutes"))->text(),
                 QStringLiteral("45"));
        QVERIFY(!editor->paramCheck(QStringLiteral("on_pause"))->isChecked());
        editor->reject();

        AlertEpisode e;
        e.kind = QStringLiteral("destination");
        e.scopeKey = QStringLiteral("crm|hook");
        QCOMPARE(e.source(), QString());
        QCOMPARE(AlertEpisodesModel::scopeText(e), QStringLiteral("destination crm|hook"));
        // "Go to it": what waits for delivery.
        QCOMPARE(FiringAlertsPanel::placeOf(e).kind(), ConsoleLink::Kind::Waiting);
    }

    // A poll_source rule (0030) in the editor: minutes a number with its default, on_stop a
    // check box, a note on what its sources are; a bad minutes is refused next to the field;
    // what was saved comes back when the rule is edited. Its episodes name the polled source
    // (the whole name) and 'Go to it' opens that source's day in the journal.
    void managerEditsAPollSourceRule()
    {
        AlertNotifier notifier(m_context.get());
        AlertRulesDialog dialog(m_context.get(), &notifier);
        QSignalSpy loaded(dialog.rules(), &AlertRulesModel::loaded);
        QVERIFY(connectAs(kManager));
        QVERIFY(loaded.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY(ConsoleHarness::show(&dialog, QSize(1000, 520), true));
        QTest::mouseClick(dialog.newButton(), Qt::LeftButton);
        AlertRuleEditor *editor = dialog.editor();
        QVERIFY(editor);
        QVERIFY(QTest::qWaitForWindowExposed(editor));
        const int kind = editor->kindBox()->findData(QStringLiteral("poll_source"));
        QVERIFY(kind >= 0);
        QCOMPARE(editor->kindBox()->itemText(kind), QStringLiteral("polling stalled or stopped"));
        editor->kindBox()->setCurrentIndex(kind);
        QVERIFY(!editor->paramEdit(QStringLiteral("backlog_minutes")));
        QCOMPARE(editor->paramEdit(QStringLiteral("minutes"))->text(), QStringLiteral("30"));
        QVERIFY(editor->paramCheck(QStringLiteral("on_stop")));
        QVERIFY(editor->paramCheck(QStringLiteral("on_stop"))->isChecked());
        QVERIFY(editor->findChild<QLabel *>(QStringLiteral("ruleParamsNote")));
        QCOMPARE(editor->sourcesEdit()->placeholderText(), QStringLiteral("every polled source"));
        QTest::keyClicks(editor->nameEdit(), QStringLiteral("Ozon polling"));
        QTest::keyClicks(editor->chatsEdit(), QStringLiteral("12345"));
        QTest::keyClicks(editor->sourcesEdit(), QStringLiteral("ozon-fbs"));

        QSignalSpy finished(dialog.writer(), &AlertRuleWriter::finished);
        editor->paramEdit(QStringLiteral("minutes"))->setText(QStringLiteral("0"));
        editor->save();
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY2(editor->errorText(QStringLiteral("params.minutes"))
                     .contains(QStringLiteral("between 1 and 10080")),
                 qPrintable(editor->errorText(QStringLiteral("params.minutes"))));
        QCOMPARE(su("SELECT count(*) FROM inbox.alert_rules"), QStringLiteral("0"));

        // Not polled yet: taken all the same (the poller opens it on its first start).
        editor->paramEdit(QStringLiteral("minutes"))->setText(QStringLiteral("90"));
        editor->paramCheck(QStringLiteral("on_stop"))->setChecked(false);
        editor->save();
        QVERIFY(finished.wait(ConsoleHarness::kTimeoutMs));
        QTRY_VERIFY(!dialog.editor());
        QCOMPARE(su("SELECT kind || '|' || params::text || '|' || array_to_string(sources, ',')"
                    " FROM inbox.alert_rules"),
                 QStringLiteral("poll_source|{\"minutes\": 90, \"on_stop\": false}|ozon-fbs"));
        QTRY_COMPARE(dialog.rules()->rowCount(), 1);

        dialog.ruleView()->setCurrentIndex(dialog.rules()->index(0, 0));
        dialog.editCurrent();
        QTRY_VERIFY(dialog.editor());
        editor = dialog.editor();
        QCOMPARE(editor->paramEdit(QStringLiteral("minutes"))->text(), QStringLiteral("90"));
        QVERIFY(!editor->paramCheck(QStringLiteral("on_stop"))->isChecked());
        editor->reject();

        AlertEpisode e;
        e.kind = QStringLiteral("poll_source");
        e.scopeKey = QStringLiteral("crm|offline");
        QCOMPARE(e.source(), QStringLiteral("crm|offline"));
        QCOMPARE(e.errorGroup(), QString());
        QCOMPARE(AlertEpisodesModel::scopeText(e), QStringLiteral("polled source crm|offline"));
        const ConsoleLink place = FiringAlertsPanel::placeOf(e);
        QCOMPARE(place.kind(), ConsoleLink::Kind::JournalDay);
        QCOMPARE(place.source(), QStringLiteral("crm|offline"));
    }

    // An operator reads the rules but is offered no edit; the database refuses one anyway.
    void operatorReadsOnly()
    {
        const qint64 rule = makeRule(QStringLiteral("Failures"), QStringLiteral("failed"));
        QVERIFY(rule > 0);
        AlertNotifier notifier(m_context.get());
        AlertRulesDialog dialog(m_context.get(), &notifier);
        QSignalSpy loaded(dialog.rules(), &AlertRulesModel::loaded);
        QVERIFY(connectAs(kOperator));
        QVERIFY(loaded.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY(ConsoleHarness::show(&dialog, QSize(1000, 520), true));
        QCOMPARE(dialog.rules()->rowCount(), 1);
        QVERIFY(!dialog.mayEdit());
        for (QPushButton *b : {dialog.newButton(), dialog.editButton(), dialog.removeButton(),
                               dialog.silenceButton(), dialog.unsilenceButton()})
            QVERIFY2(b->isHidden(), qPrintable(b->objectName()));
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("alertRulesReadOnly"))->isVisible());
        // Enter and Delete on the list open nothing.
        dialog.ruleView()->setCurrentIndex(dialog.rules()->index(0, 0));
        QTest::keyClick(dialog.ruleView(), Qt::Key_Return);
        QTest::keyClick(dialog.ruleView(), Qt::Key_Delete);
        QTest::qWait(50); // the list passes Enter on after the key press
        dialog.newRule();
        QVERIFY(!dialog.editor() && !dialog.noteDialog());
        // The subscription is anyone's.
        QVERIFY(dialog.subscribeBox()->isEnabled());

        // The database: every rule function refuses the operator (42501).
        QSignalSpy finished(dialog.writer(), &AlertRuleWriter::finished);
        AlertRule changed = dialog.rules()->rule(0);
        changed.name = QStringLiteral("Renamed");
        dialog.writer()->save(changed);
        dialog.writer()->remove(rule, QStringLiteral("no"));
        dialog.writer()->silence(rule, QDateTime::currentDateTimeUtc().addSecs(3600),
                                 QStringLiteral("no"));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 3, ConsoleHarness::kTimeoutMs);
        for (const QList<QVariant> &args : finished) {
            const auto change = args.at(0).value<AlertRuleChange>();
            QVERIFY2(change.error.isPermissionDenied(), qPrintable(change.error.oneLine()));
        }
        QCOMPARE(su("SELECT name || '|' || enabled || '|' || (silenced_until IS NULL)"
                    " FROM inbox.alert_rules"),
                 QStringLiteral("Failures|true|true"));
    }

    // The overview's panel: the open episodes, most severe first, each leading to what it is
    // about; a resolve announced on "alerts" takes the line away.
    void firingAlertsOnTheOverview()
    {
        const qint64 stuck = makeRule(QStringLiteral("Stuck"), QStringLiteral("stuck"));
        const qint64 failed = makeRule(QStringLiteral("Failed"), QStringLiteral("failed"),
                                       QStringLiteral("critical"));
        const qint64 dups = makeRule(QStringLiteral("Old pairs"), QStringLiteral("duplicates_age"),
                                     QStringLiteral("info"));
        const qint64 share = makeRule(QStringLiteral("Repeats"), QStringLiteral("repeat_share"));
        QVERIFY(stuck > 0 && failed > 0 && dups > 0 && share > 0);
        QCOMPARE(evaluator("fire_alert", stuck, QStringLiteral("crm")), QStringLiteral("opened"));
        QCOMPARE(evaluator("fire_alert", failed, QStringLiteral("shop|timeout")),
                 QStringLiteral("opened"));
        QCOMPARE(evaluator("fire_alert", dups, QStringLiteral("*")), QStringLiteral("opened"));
        QCOMPARE(evaluator("fire_alert", share, QStringLiteral("forms")), QStringLiteral("opened"));

        OverviewPage page(m_context.get());
        auto *panel = page.findChild<FiringAlertsPanel *>();
        QVERIFY(panel);
        QSignalSpy loaded(panel->model(), &AlertEpisodesModel::loaded);
        QVERIFY(connectAs(kOperator));
        QVERIFY(ConsoleHarness::show(&page, QSize(1280, 800), true));
        QTRY_COMPARE_WITH_TIMEOUT(panel->model()->rowCount(), 4, ConsoleHarness::kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(panel->view()->isVisible(), ConsoleHarness::kTimeoutMs);
        const QAbstractItemModel *m = panel->model();
        const auto text = [m](int row, int column) {
            return m->data(m->index(row, column)).toString();
        };
        QCOMPARE(text(0, AlertEpisodesModel::Rule), QStringLiteral("Failed")); // critical first
        QCOMPARE(text(0, AlertEpisodesModel::Scope), QStringLiteral("shop, error timeout"));
        QCOMPARE(text(0, AlertEpisodesModel::Outcome), QStringLiteral("not sent yet"));
        QCOMPARE(text(3, AlertEpisodesModel::Rule), QStringLiteral("Old pairs")); // info last
        QCOMPARE(text(3, AlertEpisodesModel::Scope), QStringLiteral("the whole inbox"));
        // However crowded the overview, three whole rows stay in sight (more scroll). The
        // page's least height depends on the fonts and on which warnings have loaded, so it
        // is asked for 520 px and gets at least its layout's minimum.
        page.resize(1280, 520);
        QTRY_COMPARE_WITH_TIMEOUT(page.height(), qMax(520, page.minimumHeight()),
                                  ConsoleHarness::kTimeoutMs);
        QVERIFY2(page.height() < 800, qPrintable(QString::number(page.height())));
        QApplication::processEvents();
        const QRect third = panel->view()->visualRect(m->index(2, 0));
        QVERIFY2(third.bottom() <= panel->view()->viewport()->height(),
                 qPrintable(QStringLiteral("row 3 ends at %1 of %2")
                                .arg(third.bottom())
                                .arg(panel->view()->viewport()->height())));
        page.resize(1280, 800);

        // Each line leads to what it is about (Enter on the list).
        QSignalSpy places(&page, &OverviewPage::openPlace);
        panel->view()->setFocus();
        for (int row = 0; row < 4; ++row) {
            panel->view()->setCurrentIndex(m->index(row, 0));
            QTest::keyClick(panel->view(), Qt::Key_Return);
        }
        QCOMPARE(places.size(), 4);
        const auto place = [&](int i) {
            return places.at(i).at(0).value<ConsoleLink>();
        };
        QCOMPARE(place(0), ConsoleLink::failed(QStringLiteral("shop")));
        QCOMPARE(place(1), ConsoleLink::failed(QStringLiteral("crm"))); // stuck: Needs attention
        QCOMPARE(place(2).kind(), ConsoleLink::Kind::JournalDay);       // repeat share
        QCOMPARE(place(2).source(), QStringLiteral("forms"));
        QCOMPARE(place(3), ConsoleLink::duplicates());

        // The message of the failed rule's episode is sent; the evaluator resolves the stuck one.
        {
            PgSession s(m_db.conninfo(kEvaluator));
            const PgResult begun =
                s.exec(QStringLiteral(
                           "SELECT b.action_id FROM inbox.alert_episodes e,"
                           " inbox.begin_alert_message(e.id, 1, '12345') b WHERE e.rule_id = $1"),
                       {failed});
            QVERIFY_SQL(begun);
            QVERIFY_SQL(s.exec(QStringLiteral("SELECT inbox.finish_alert_message($1::int8, true,"
                                              " '{\"message_id\": 7}')"),
                               {begun.value(0, 0)}));
        }
        QCOMPARE(evaluator("resolve_alert", stuck, QStringLiteral("crm")),
                 QStringLiteral("resolved"));
        QTRY_COMPARE_WITH_TIMEOUT(panel->model()->rowCount(), 3, ConsoleHarness::kTimeoutMs);
        QTRY_COMPARE(text(0, AlertEpisodesModel::Outcome), QStringLiteral("sent"));
        QCOMPARE(text(0, AlertEpisodesModel::Messages),
                 QStringLiteral("1 sent, 0 failed, 0 unknown"));
    }

    // The history: newest first, in keyset pages as the view scrolls, with the outcomes.
    void historyPagesThroughEpisodes()
    {
        const qint64 rule = makeRule(QStringLiteral("Flappy"), QStringLiteral("stuck"));
        QVERIFY(rule > 0);
        // 230 episodes of one scope fired and resolved, one transaction each (as the evaluator
        // does), plus one still firing.
        {
            PgSession s(m_db.conninfo(kEvaluator));
            for (int i = 0; i < 230; ++i) {
                QVERIFY_SQL(s.exec(QStringLiteral("SELECT inbox.fire_alert($1, 'crm')"), {rule}));
                QVERIFY_SQL(
                    s.exec(QStringLiteral("SELECT inbox.resolve_alert($1, 'crm')"), {rule}));
            }
            QVERIFY_SQL(s.exec(QStringLiteral("SELECT inbox.fire_alert($1, 'crm')"), {rule}));
        }
        AlertNotifier notifier(m_context.get());
        AlertRulesDialog dialog(m_context.get(), &notifier);
        QSignalSpy loaded(dialog.history(), &AlertEpisodesModel::loaded);
        QVERIFY(connectAs(kOperator));
        QVERIFY(loaded.wait(ConsoleHarness::kTimeoutMs));
        AlertEpisodesModel *h = dialog.history();
        QCOMPARE(h->rowCount(), AlertEpisodesModel::kPageSize);
        QVERIFY(h->episode(0).isOpen());
        QVERIFY(!h->episode(1).isOpen());
        QCOMPARE(h->data(h->index(1, AlertEpisodesModel::Resolved))
                     .toString()
                     .contains(QStringLiteral("cleared")),
                 true);
        QVERIFY(h->canFetchMore({}));
        h->fetchMore({});
        QVERIFY(loaded.wait(ConsoleHarness::kTimeoutMs));
        h->fetchMore({});
        QVERIFY(loaded.wait(ConsoleHarness::kTimeoutMs));
        QCOMPARE(h->rowCount(), 231);
        QVERIFY(!h->canFetchMore({}));
        for (int i = 1; i < h->rowCount(); ++i)
            QVERIFY(h->episode(i).id < h->episode(i - 1).id);
    }

    // A subscribed rule's alert_fired asks for a desktop notice; another rule's does not, and
    // nothing fired before the console connected is announced again.
    void subscribedRuleNotifies()
    {
        const qint64 mine =
            makeRule(QStringLiteral("Mine"), QStringLiteral("stuck"), QStringLiteral("critical"));
        const qint64 other = makeRule(QStringLiteral("Other"), QStringLiteral("failed"));
        QVERIFY(mine > 0 && other > 0);
        QCOMPARE(evaluator("fire_alert", mine, QStringLiteral("old")), QStringLiteral("opened"));
        AlertNotifier notifier(m_context.get());
        QSignalSpy shown(&notifier, &AlertNotifier::notify);
        AlertRulesModel rules(m_context.get());
        QVERIFY(m_harness.connectLoaded(*m_context, &rules, kOperator));
        notifier.setSubscribed(mine, true);
        QVERIFY(notifier.isSubscribed(mine) && !notifier.isSubscribed(other));

        QCOMPARE(evaluator("fire_alert", other, QStringLiteral("crm|timeout")),
                 QStringLiteral("opened"));
        QCOMPARE(evaluator("fire_alert", mine, QStringLiteral("crm")), QStringLiteral("opened"));
        QVERIFY(shown.wait(ConsoleHarness::kTimeoutMs));
        QTest::qWait(500); // nothing else arrives
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.at(0).at(0).toString(), QStringLiteral("Alert: Mine"));
        QCOMPARE(shown.at(0).at(1).toString(), QStringLiteral("critical, stuck events: crm"));
        QCOMPARE(shown.at(0).at(2).toString(), QStringLiteral("critical"));

        // The subscription stays with this person on this computer.
        AlertNotifier again(m_context.get());
        QVERIFY(again.isSubscribed(mine));
    }
};

QTEST_MAIN(TestAlertsPage)
#include "tst_alertspage.moc"
