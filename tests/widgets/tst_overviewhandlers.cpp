// The overview's "Handlers" tab against a real PostgreSQL (issue 33): the destinations
// inbox-dispatcher reported, with the figures of their latest requests equal to what psql
// computes from inbox.delivery_attempts, their breaker state in words; an operator pauses and
// resumes one with a reason the journal keeps beside the name; support may not, and a refusal
// of the database stays in the dialog. INBOX_GRAB_DIR=/some/dir saves the page, English and
// Russian, light and dark, for a person to look at.
#include "consoleharness.h"
#include "contract_util.h"
#include "modelcheck.h"
#include "widgettestcase.h"

#include "common/theme.h"
#include "db/consolecontext.h"
#include "overview/destinationpausedialog.h"
#include "overview/destinationsmodel.h"
#include "overview/destinationspanel.h"
#include "overview/destinationwriter.h"
#include "overview/overviewmodel.h"
#include "overview/overviewpage.h"
#include "pgsession.h"
#include "testdatabase.h"
#include "testlanguage.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using inbox::DestinationsModel;

class TestOverviewHandlers : public WidgetTestCase
{
    Q_OBJECT

public:
    TestOverviewHandlers()
        : WidgetTestCase{{{"h_worker", {"inbox_worker"}},
                          {"h_sue", {"inbox_support"}},
                          {"h_op", {"inbox_operator"}}}}
    {}

private:
    TestLanguage m_language;
    int m_seq = 0;

    // One request for a new event of "shop" to `destination`, finished as inbox-dispatcher
    // finishes it (as the worker login).
    void request(PgSession &worker, const QString &destination, const QString &outcome,
                 const QVariant &status, int ms)
    {
        const qint64 id = contract::acceptEvent(m_db.su(), QStringLiteral("o-%1").arg(++m_seq),
                                                QStringLiteral("shop"));
        QVERIFY(id > 0);
        const PgResult claimed =
            worker.exec(QStringLiteral("SELECT id, lock_token FROM inbox.claim_routed('disp', 10, "
                                       "ARRAY['shop'], NULL, NULL) WHERE id = $1"),
                        {id});
        QVERIFY2(claimed.ok && claimed.rows() == 1, qPrintable(claimed.message));
        const PgResult done = worker.exec(
            QStringLiteral("SELECT inbox.finish_delivery($1, 'disp', $2, $3, $4, $5, NULL, $6, "
                           "$7)"),
            {id, claimed.value(0, 1), destination, outcome, status, ms,
             outcome == QLatin1String("done") ? QVariant() : QVariant(QStringLiteral("HTTP 503"))});
        QVERIFY2(done.ok, qPrintable(done.message));
    }

    // Two destinations as a dispatcher reports them, crm with four requests.
    void reportTwo()
    {
        PgSession worker(m_db.conninfo(QStringLiteral("h_worker")));
        for (const auto &[name, state, error] :
             {std::tuple{"crm", "closed", QVariant()},
              std::tuple{"erp", "open", QVariant(QStringLiteral("HTTP 503 from erp"))}}) {
            const PgResult r = worker.exec(
                QStringLiteral("SELECT * FROM inbox.report_destination('disp', $1, $2, $3)"),
                {QLatin1String(name), QLatin1String(state), error});
            QVERIFY2(r.ok, qPrintable(r.message));
        }
        request(worker, QStringLiteral("crm"), QStringLiteral("done"), 200, 100);
        request(worker, QStringLiteral("crm"), QStringLiteral("done"), 200, 300);
        request(worker, QStringLiteral("crm"), QStringLiteral("done"), 201, 120);
        request(worker, QStringLiteral("crm"), QStringLiteral("retry"), 503, 40);
    }

    // Per destination: "delivered|failed|median|p99" as psql computes them.
    QMap<QString, QString> fromPsql()
    {
        const PgResult r = m_db.su().exec(QStringLiteral(
            "SELECT d.name, count(a.id) FILTER (WHERE a.applied = 'done'), "
            "count(a.id) FILTER (WHERE a.outcome IN ('retry', 'reject')), "
            "coalesce(round(percentile_cont(0.5) WITHIN GROUP (ORDER BY a.duration_ms)), 0), "
            "coalesce(round(percentile_cont(0.99) WITHIN GROUP (ORDER BY a.duration_ms)), 0) "
            "FROM inbox.destinations d LEFT JOIN inbox.delivery_attempts a "
            "ON a.destination = d.name GROUP BY d.name ORDER BY d.name"));
        QMap<QString, QString> out;
        for (int i = 0; r.ok && i < r.rows(); ++i)
            out.insert(r.value(i, 0),
                       QStringList{r.value(i, 1), r.value(i, 2), r.value(i, 3), r.value(i, 4)}.join(
                           QLatin1Char('|')));
        return out;
    }

    static inbox::ServerInfo infoWith(const QString &role)
    {
        inbox::ServerInfo info;
        info.roles = QStringList{role};
        return info;
    }

    // The page connected as `login` (the console believing it holds `role`), the Handlers tab
    // shown and read.
    static inbox::DestinationsPanel *open(inbox::ConsoleContext &context, inbox::OverviewPage &page,
                                          const inbox::ConnectOptions &options, const QString &role)
    {
        if (!ConsoleHarness::show(&page, {1280, 720}))
            return nullptr;
        auto *panel =
            page.findChild<inbox::DestinationsPanel *>(QStringLiteral("destinationsPanel"));
        if (!panel)
            return nullptr;
        if (!ConsoleHarness::emitsAfter(panel->model(), &DestinationsModel::updated,
                                        [&] { context.setConnected(options, infoWith(role)); }))
            return nullptr;
        auto *tabs = page.findChild<QTabWidget *>(QStringLiteral("overviewTables"));
        tabs->setCurrentWidget(panel);
        return panel;
    }

    static bool selectRow(inbox::DestinationsPanel *panel, const QString &name)
    {
        const auto &rows = panel->model()->destinations();
        for (int i = 0; i < rows.size(); ++i) {
            if (rows.at(i).name == name) {
                panel->view()->selectRow(i);
                return true;
            }
        }
        return false;
    }

    // The dialog the panel opened, a reason typed and applied; true once the model re-read.
    static bool changeWithReason(inbox::DestinationsPanel *panel, bool pause, const QString &reason)
    {
        panel->askToChange(pause);
        auto *dialog = panel->findChild<inbox::DestinationPauseDialog *>();
        if (!dialog || dialog->applyButton()->isEnabled()) // no reason yet: no way to apply
            return false;
        dialog->reasonEdit()->setText(reason);
        if (!dialog->applyButton()->isEnabled())
            return false;
        return ConsoleHarness::emitsAfter(panel->model(), &DestinationsModel::updated,
                                          [&] { dialog->applyButton()->click(); });
    }

private slots:
    void cleanup()
    {
        m_language.drop();
        inbox::Theme::apply(inbox::Theme::Mode::Light);
    }

    void figuresOnScreenEqualTheDatabase_data() { TestLanguage::addRows(); }

    void figuresOnScreenEqualTheDatabase()
    {
        QFETCH(QString, language);
        QVERIFY(m_language.use(QStringLiteral(INBOX_QM_DIR), language));
        reportTwo();
        if (QTest::currentTestFailed())
            return;
        const QMap<QString, QString> psql = fromPsql();
        QCOMPARE(psql.value(QStringLiteral("crm")), QStringLiteral("3|1|110|295"));

        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        inbox::DestinationsPanel *panel = open(context, page, m_db.options(QStringLiteral("h_sue")),
                                               QStringLiteral("inbox_support"));
        QVERIFY(panel);
        DestinationsModel *model = panel->model();
        ModelCheck check(model);
        QMap<QString, QString> screen;
        for (int row = 0; row < model->rowCount(); ++row) {
            auto raw = [&](int column) {
                return model->index(row, column).data(DestinationsModel::RawRole);
            };
            screen.insert(
                raw(DestinationsModel::Name).toString(),
                QStringList{raw(DestinationsModel::Delivered).toString(),
                            raw(DestinationsModel::Failed).toString(),
                            QString::number(qRound64(raw(DestinationsModel::Median).toDouble())),
                            QString::number(qRound64(raw(DestinationsModel::P99).toDouble()))}
                    .join(QLatin1Char('|')));
        }
        QCOMPARE(screen, psql);
        // The states in words, and the breaker that is open marked.
        const QString erpState = model->index(1, DestinationsModel::State).data().toString();
        QCOMPARE(erpState,
                 language == QLatin1String("ru")
                     ? QStringLiteral("предохранитель разомкнут: события ждут, "
                                      "время от времени одна проба")
                     : QStringLiteral("breaker open: events wait, one probe now and then"));
        QVERIFY(
            model->index(1, DestinationsModel::State).data(DestinationsModel::AlertRole).toBool());
        QVERIFY(
            !model->index(0, DestinationsModel::State).data(DestinationsModel::AlertRole).toBool());
        QCOMPARE(model->index(1, DestinationsModel::LastError).data().toString(),
                 QStringLiteral("HTTP 503 from erp"));

        // Support reads and may not pause.
        QVERIFY(selectRow(panel, QStringLiteral("crm")));
        QVERIFY(!panel->pauseButton()->isEnabled());
        QVERIFY(!panel->resumeButton()->isEnabled());

        const QString grab = qEnvironmentVariable("INBOX_GRAB_DIR");
        if (!grab.isEmpty()) {
            for (const bool dark : {false, true}) {
                inbox::Theme::apply(dark ? inbox::Theme::Mode::Dark : inbox::Theme::Mode::Light);
                QTest::qWait(50);
                page.grab().save(
                    QStringLiteral("%1/handlers-%2%3.png")
                        .arg(grab, language, dark ? QStringLiteral("-dark") : QString()));
            }
        }
    }

    // The figures read each destination's latest requests backwards through
    // delivery_attempts_destination_idx, never the whole table.
    void figuresReadThroughTheIndex()
    {
        reportTwo();
        if (QTest::currentTestFailed())
            return;
        PgSession sue(m_db.conninfo(QStringLiteral("h_sue")));
        QVERIFY(sue.exec(QStringLiteral("SET enable_seqscan = off")).ok);
        const PgResult plan =
            sue.exec(QStringLiteral("EXPLAIN (COSTS OFF) ") + DestinationsModel::sql());
        QVERIFY2(plan.ok, qPrintable(plan.message));
        QString text;
        for (int i = 0; i < plan.rows(); ++i)
            text += plan.value(i, 0) + QLatin1Char('\n');
        QVERIFY2(text.contains(QLatin1String("delivery_attempts_destination_idx")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QLatin1String("Seq Scan on delivery_attempts")), qPrintable(text));
    }

    // An operator pauses crm with a reason and resumes it: the row, the tab's title and the
    // journal (the person and the reason) follow each step.
    void operatorPausesAndResumesWithAReason()
    {
        reportTwo();
        if (QTest::currentTestFailed())
            return;
        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        inbox::DestinationsPanel *panel = open(context, page, m_db.options(QStringLiteral("h_op")),
                                               QStringLiteral("inbox_operator"));
        QVERIFY(panel);
        QVERIFY(selectRow(panel, QStringLiteral("crm")));
        QVERIFY(panel->pauseButton()->isEnabled());
        QVERIFY(!panel->resumeButton()->isEnabled());

        QVERIFY(changeWithReason(panel, true, QStringLiteral("CRM maintenance until 14:00")));
        const inbox::DestinationRow crm = panel->model()->destinations().value(0);
        QCOMPARE(crm.name, QStringLiteral("crm"));
        QVERIFY(crm.paused);
        QCOMPARE(crm.pausedBy, QStringLiteral("h_op"));
        auto *tabs = page.findChild<QTabWidget *>(QStringLiteral("overviewTables"));
        QCOMPARE(tabs->tabText(tabs->indexOf(panel)), QStringLiteral("Handlers (1 paused)"));
        QCOMPARE(contract::one(m_db.su(),
                               QStringLiteral("SELECT actor || ' ' || (detail->>'reason') FROM "
                                              "inbox.journal WHERE entry = 'destination_paused'")),
                 QStringLiteral("h_op CRM maintenance until 14:00"));

        QVERIFY(selectRow(panel, QStringLiteral("crm")));
        QVERIFY(panel->resumeButton()->isEnabled());
        QVERIFY(changeWithReason(panel, false, QStringLiteral("CRM is back")));
        QVERIFY(!panel->model()->destinations().value(0).paused);
        QCOMPARE(tabs->tabText(tabs->indexOf(panel)), QStringLiteral("Handlers"));
        QCOMPARE(contract::one(m_db.su(),
                               QStringLiteral("SELECT actor || ' ' || (detail->>'reason') FROM "
                                              "inbox.journal WHERE entry = 'destination_resumed'")),
                 QStringLiteral("h_op CRM is back"));
    }

    // Support whose console wrongly offered the pause (a stale role) is refused by the
    // database: the dialog stays open with the refusal and the reason; nothing is paused.
    void refusalStaysInTheDialog()
    {
        reportTwo();
        if (QTest::currentTestFailed())
            return;
        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        inbox::DestinationsPanel *panel = open(context, page, m_db.options(QStringLiteral("h_sue")),
                                               QStringLiteral("inbox_operator"));
        QVERIFY(panel);
        QVERIFY(selectRow(panel, QStringLiteral("crm")));
        panel->askToChange(true);
        auto *dialog = panel->findChild<inbox::DestinationPauseDialog *>();
        QVERIFY(dialog);
        dialog->reasonEdit()->setText(QStringLiteral("try"));
        QSignalSpy finished(panel->writer(), &inbox::DestinationWriter::finished);
        dialog->applyButton()->click();
        QVERIFY(finished.wait(10000));
        QTRY_VERIFY(dialog->errorText().contains(QStringLiteral("inbox_operator")));
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->reasonEdit()->text(), QStringLiteral("try"));
        QCOMPARE(
            contract::one(m_db.su(),
                          QStringLiteral("SELECT count(*) FROM inbox.destinations WHERE paused")),
            QStringLiteral("0"));
    }
};

QTEST_MAIN(TestOverviewHandlers)
#include "tst_overviewhandlers.moc"
