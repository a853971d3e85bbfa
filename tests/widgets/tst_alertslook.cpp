// Issue 21: the alert screens in English and Russian, light and dark, with real rules and
// episodes: every button's text fits its button. With INBOX_ALERTS_GRAB=DIR it also saves
// each screen as DIR/alerts-<what>-<language>-<theme>.png to look at.
#include "screentestcase.h"
#include "testlanguage.h"

#include "alerts/alertepisodesmodel.h"
#include "alerts/alertnotifier.h"
#include "alerts/alertruleeditor.h"
#include "alerts/alertrulesdialog.h"
#include "alerts/alertrulesmodel.h"
#include "alerts/firingalertspanel.h"
#include "common/theme.h"

#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace inbox;

namespace {
const QString kManager = QStringLiteral("look_mona");
const QString kEvaluator = QStringLiteral("look_eval");
} // namespace

class TestAlertsLook : public ScreenTestCase
{
    Q_OBJECT

public:
    TestAlertsLook() : ScreenTestCase{{kManager, {"inbox_manager"}}, {kEvaluator, {"inbox_alerts"}}}
    {}

private:
    void grab(QWidget *w, const QString &name)
    {
        const QString dir = qEnvironmentVariable("INBOX_ALERTS_GRAB");
        if (!dir.isEmpty())
            QVERIFY(
                w->grab().save(dir + QStringLiteral("/alerts-") + name + QStringLiteral(".png")));
    }
    void buttonsFit(QWidget *w)
    {
        for (QPushButton *b : w->findChildren<QPushButton *>()) {
            if (b->isVisible())
                QVERIFY2(b->width() >=
                             b->fontMetrics().horizontalAdvance(b->text().remove(QLatin1Char('&'))),
                         qPrintable(b->text()));
        }
    }

private slots:
    void screens_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("theme");
        for (const char *language : {"en", "ru"})
            for (const Theme::Mode mode : {Theme::Mode::Light, Theme::Mode::Dark})
                QTest::addRow("%s-%s", language, mode == Theme::Mode::Light ? "light" : "dark")
                    << QString::fromLatin1(language) << int(mode);
    }
    void screens()
    {
        QFETCH(QString, language);
        QFETCH(int, theme);
        TestLanguage lang;
        QVERIFY(lang.use(QStringLiteral(INBOX_QM_DIR), language));
        Theme::apply(Theme::Mode(theme));
        const QString tag = language + QLatin1Char('-') +
                            (Theme::Mode(theme) == Theme::Mode::Light ? QStringLiteral("light")
                                                                      : QStringLiteral("dark"));
        {
            PgSession m(m_db.conninfo(kManager));
            PgSession e(m_db.conninfo(kEvaluator));
            const char *rules[][3] = {{"CRM stuck", "stuck", "critical"},
                                      {"Shop failures", "failed", "warning"},
                                      {"Repeat share", "repeat_share", "warning"},
                                      {"Old pairs", "duplicates_age", "info"}};
            const char *scopes[] = {"crm", "shop|timeout", "forms", "*"};
            for (int i = 0; i < 4; ++i) {
                const PgResult r =
                    m.exec(QStringLiteral("SELECT inbox.set_alert_rule(NULL, $1, $2, NULL, $3,"
                                          " NULL, ARRAY['-100123', '@ops_team'])"),
                           {QString::fromUtf8(rules[i][0]), QString::fromUtf8(rules[i][1]),
                            QString::fromUtf8(rules[i][2])});
                QVERIFY_SQL(r);
                QVERIFY_SQL(e.exec(QStringLiteral("SELECT inbox.fire_alert($1, $2)"),
                                   {r.value(0, 0), QString::fromUtf8(scopes[i])}));
            }
            QVERIFY_SQL(e.exec(
                QStringLiteral("SELECT inbox.resolve_alert((SELECT id FROM inbox.alert_rules WHERE "
                               "kind = 'failed'), 'shop|timeout')")));
            // A destination rule (0027), firing for its destination; last by name.
            QVERIFY_SQL(m_db.su().exec(
                QStringLiteral("INSERT INTO inbox.destinations (name) VALUES ('crm-hook')")));
            const PgResult hook = m.exec(
                QStringLiteral("SELECT inbox.set_alert_rule(NULL, 'Webhook handler', 'destination',"
                               " '{\"destination\": \"crm-hook\"}', 'critical', ARRAY['crm'],"
                               " ARRAY['-100123'])"));
            QVERIFY_SQL(hook);
            QVERIFY_SQL(e.exec(QStringLiteral("SELECT inbox.fire_alert($1, 'crm-hook')"),
                               {hook.value(0, 0)}));
            // A poll_source rule (0030), firing for a polled source; last by name.
            const PgResult poll = m.exec(QStringLiteral(
                "SELECT inbox.set_alert_rule(NULL, 'Wildberries polling', 'poll_source',"
                " '{\"minutes\": 60}', 'critical', ARRAY['wb-orders'], ARRAY['-100123'])"));
            QVERIFY_SQL(poll);
            QVERIFY_SQL(e.exec(QStringLiteral("SELECT inbox.fire_alert($1, 'wb-orders')"),
                               {poll.value(0, 0)}));
        }
        FiringAlertsPanel panel(m_context.get());
        QVERIFY(m_harness.connectLoaded(*m_context, panel.model(), kManager,
                                        {QStringLiteral("inbox_manager")}));
        QVERIFY(ConsoleHarness::show(&panel, QSize(1100, 220)));
        QTRY_COMPARE(panel.model()->rowCount(), 5);
        {
            // The poll_source episode names its polled source.
            const QAbstractItemModel *pm = panel.model();
            QStringList scopes;
            for (int row = 0; row < pm->rowCount(); ++row)
                scopes << pm->data(pm->index(row, AlertEpisodesModel::Scope)).toString();
            // (In Russian once translations/*.ts has the words; the name either way.)
            QVERIFY2(language == QLatin1String("en")
                         ? scopes.contains(QStringLiteral("polled source wb-orders"))
                         : !scopes.filter(QStringLiteral(" wb-orders")).isEmpty(),
                     qPrintable(scopes.join(QLatin1Char('/'))));
        }
        buttonsFit(&panel);
        grab(&panel, QStringLiteral("panel-") + tag);

        AlertRulesDialog *dialog = panel.rulesDialog();
        QSignalSpy loaded(dialog->rules(), &AlertRulesModel::loaded);
        dialog->rules()->refresh();
        QVERIFY(loaded.wait(ConsoleHarness::kTimeoutMs));
        QVERIFY(ConsoleHarness::show(dialog, QSize(1100, 520)));
        buttonsFit(dialog);
        grab(dialog, QStringLiteral("rules-") + tag);
        dialog->tabs()->setCurrentIndex(1);
        QTRY_COMPARE(dialog->history()->rowCount(), 6);
        grab(dialog, QStringLiteral("history-") + tag);
        dialog->tabs()->setCurrentIndex(0);
        dialog->ruleView()->setCurrentIndex(dialog->rules()->index(2, 0));
        dialog->editCurrent();
        QVERIFY(dialog->editor());
        QVERIFY(ConsoleHarness::show(dialog->editor(), dialog->editor()->sizeHint()));
        buttonsFit(dialog->editor());
        grab(dialog->editor(), QStringLiteral("editor-") + tag);
        dialog->editor()->reject();

        // A destination rule's editor (0027): a name, a number and a check box as parameters,
        // and the note on what its sources mean.
        AlertRule hook;
        hook.name = QStringLiteral("CRM handler");
        hook.kind = QStringLiteral("destination");
        hook.params = QStringLiteral(
            "{\"destination\": \"crm-hook\", \"backlog_minutes\": 30, \"on_pause\": true}");
        hook.sources = QStringList{QStringLiteral("crm")};
        hook.chatIds = QStringList{QStringLiteral("-100123")};
        AlertRuleEditor destination(dialog->writer(), hook);
        QVERIFY(ConsoleHarness::show(&destination, destination.sizeHint()));
        QVERIFY(destination.paramCheck(QStringLiteral("on_pause")));
        buttonsFit(&destination);
        grab(&destination, QStringLiteral("editor-destination-") + tag);
        destination.reject();

        // A poll_source rule's editor (0030): a number and a check box, and the note on what
        // its sources are.
        AlertRule polled;
        polled.name = QStringLiteral("Wildberries polling");
        polled.kind = QStringLiteral("poll_source");
        polled.params = QStringLiteral("{\"minutes\": 60, \"on_stop\": true}");
        polled.sources = QStringList{QStringLiteral("wb-orders")};
        polled.chatIds = QStringList{QStringLiteral("-100123")};
        AlertRuleEditor pollEditor(dialog->writer(), polled);
        QVERIFY(ConsoleHarness::show(&pollEditor, pollEditor.sizeHint()));
        QVERIFY(pollEditor.paramCheck(QStringLiteral("on_stop")));
        buttonsFit(&pollEditor);
        grab(&pollEditor, QStringLiteral("editor-poll-") + tag);
        pollEditor.reject();
        Theme::apply(Theme::Mode::Light);
    }
};

QTEST_MAIN(TestAlertsLook)
#include "tst_alertslook.moc"
