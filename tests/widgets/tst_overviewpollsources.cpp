// The overview's "Polled sources" tab against a real PostgreSQL: what a poller recorded
// through the contract (poll_open, poll_store, poll_failed, as inbox-poller calls them) is on
// screen per source: the state in words, the last poll's figures equal to psql's, how far
// behind the source is, the last error with its HTTP status; failing and stopped sources are
// marked and counted in the tab's title, in English and Russian. INBOX_GRAB_DIR=/some/dir
// saves the page, light and dark, for a person to look at.
#include "consoleharness.h"
#include "modelcheck.h"
#include "widgettestcase.h"

#include "common/theme.h"
#include "db/consolecontext.h"
#include "overview/overviewmodel.h"
#include "overview/overviewpage.h"
#include "overview/pollsourcesmodel.h"
#include "pgsession.h"
#include "support/duration.h"
#include "testdatabase.h"
#include "testlanguage.h"

#include <QLabel>
#include <QLocale>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

class TestOverviewPollSources : public WidgetTestCase
{
    Q_OBJECT

public:
    TestOverviewPollSources()
        : WidgetTestCase{{{"poll_in", {"inbox_ingest"}}, {"poll_sue", {"inbox_support"}}}}
    {}

private:
    TestLanguage m_language;

    // Three sources as a poller leaves them: ozon polled twice (the second window overlapping
    // the first), wb failing after a 503, crm stopped by a 401.
    bool seed()
    {
        PgSession in(m_db.conninfo(QStringLiteral("poll_in")));
        const QString store = QStringLiteral(
            "SELECT count(*) FROM inbox.poll_store('poller', $1, $2::text[], $3::bytea[], NULL, "
            "NULL, NULL, '{}', true, $4::timestamptz)");
        const QStringList calls = {
            QStringLiteral("SELECT * FROM inbox.poll_open('poller', 'ozon', 'ozon')"),
            QStringLiteral("SELECT * FROM inbox.poll_open('poller', 'wb', 'wb')"),
            QStringLiteral("SELECT * FROM inbox.poll_open('poller', 'crm', 'json_list')"),
        };
        for (const QString &c : calls) {
            if (!in.exec(c).ok)
                return false;
        }
        const QString hex = QStringLiteral("\"\\\\x7b7d\"");
        if (!in.exec(store, {QStringLiteral("ozon"), QStringLiteral("{a,b,c}"),
                             QStringLiteral("{%1,%1,%1}").arg(hex),
                             QStringLiteral("2026-12-04T09:00:00Z")})
                 .ok ||
            !in.exec(store, {QStringLiteral("ozon"), QStringLiteral("{b,c,d,e}"),
                             QStringLiteral("{%1,%1,%1,%1}").arg(hex),
                             QStringLiteral("2026-12-04T09:10:00Z")})
                 .ok ||
            !in.exec(QStringLiteral("SELECT inbox.poll_failed('poller', 'wb', 'HTTP 503: try "
                                    "later', 503, false)"))
                 .ok ||
            !in.exec(QStringLiteral("SELECT inbox.poll_failed('poller', 'crm', 'HTTP 401: "
                                    "token rejected', 401, true)"))
                 .ok)
            return false;
        // The last window ended 25 minutes ago.
        return m_db.su()
            .exec(QStringLiteral("UPDATE inbox.poll_sources SET polled_to = now() - interval "
                                 "'25 minutes' WHERE source = 'ozon'"))
            .ok;
    }

private slots:
    void cleanup()
    {
        m_language.drop();
        inbox::Theme::apply(inbox::Theme::Mode::Light);
    }

    void sourcesOnScreenEqualTheDatabase_data() { TestLanguage::addRows(); }

    void sourcesOnScreenEqualTheDatabase()
    {
        QFETCH(QString, language);
        QVERIFY(m_language.use(QStringLiteral(INBOX_QM_DIR), language));
        QVERIFY(m_db.su().exec(QStringLiteral("DELETE FROM inbox.poll_sources")).ok);
        QVERIFY(seed());

        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        QVERIFY(ConsoleHarness::show(&page, {1280, 720}));
        auto *table = page.findChild<QTableView *>(QStringLiteral("pollSourcesTable"));
        QVERIFY(table);
        auto *model = qobject_cast<inbox::PollSourcesModel *>(table->model());
        QVERIFY(model);
        ModelCheck check(model);
        QVERIFY(ConsoleHarness::emitsAfter(model, &inbox::PollSourcesModel::updated, [&] {
            context.setConnected(m_db.options(QStringLiteral("poll_sue")), inbox::ServerInfo());
        }));
        auto *tabs = page.findChild<QTabWidget *>(QStringLiteral("overviewTables"));
        QVERIFY(tabs);
        const int tab = tabs->indexOf(table->parentWidget());
        QVERIFY(tab >= 0);
        tabs->setCurrentIndex(tab);

        QCOMPARE(model->rowCount(), 3);
        const auto cell = [&](int row, int column, int role = Qt::DisplayRole) {
            return model->index(row, column).data(role);
        };
        // Rows in source order: crm, ozon, wb.
        QCOMPARE(cell(0, inbox::PollSourcesModel::Source).toString(), QStringLiteral("crm"));
        QCOMPARE(cell(1, inbox::PollSourcesModel::Source).toString(), QStringLiteral("ozon"));
        QCOMPARE(cell(2, inbox::PollSourcesModel::Source).toString(), QStringLiteral("wb"));

        // ozon: the last poll's figures are psql's (4 items: 2 new, 2 repeats).
        const PgResult psql = m_db.su().exec(
            QStringLiteral("SELECT last_items, last_new, last_repeats, last_conflicts FROM "
                           "inbox.poll_sources WHERE source = 'ozon'"));
        QVERIFY(psql.ok);
        QCOMPARE(psql.value(0, 0) + psql.value(0, 1) + psql.value(0, 2) + psql.value(0, 3),
                 QStringLiteral("4220"));
        const QVariantList raw =
            cell(1, inbox::PollSourcesModel::LastPoll, inbox::PollSourcesModel::RawRole).toList();
        QCOMPARE(raw, (QVariantList{4, 2, 2, 0}));
        const bool ru = language == QLatin1String("ru");
        QCOMPARE(cell(1, inbox::PollSourcesModel::LastPoll).toString(),
                 ru ? QStringLiteral("4: новых 2, повторов 2, конфликтов 0")
                    : QStringLiteral("4: 2 new, 2 repeats, 0 conflicts"));
        QCOMPARE(cell(1, inbox::PollSourcesModel::State).toString(),
                 ru ? QStringLiteral("опрашивается") : QStringLiteral("polling"));
        // 25 minutes behind, give or take the seconds the test took.
        const qint64 lag =
            cell(1, inbox::PollSourcesModel::Lag, inbox::PollSourcesModel::RawRole).toLongLong();
        QVERIFY2(lag >= 25 * 60 && lag < 27 * 60, qPrintable(QString::number(lag)));
        QCOMPARE(cell(1, inbox::PollSourcesModel::Lag).toString(), inbox::formatDuration(lag));
        QCOMPARE(
            cell(1, inbox::PollSourcesModel::State, inbox::PollSourcesModel::AlertRole).toBool(),
            false);

        // wb: failing, its last error with the status; crm: stopped. Both marked.
        QVERIFY2(cell(2, inbox::PollSourcesModel::LastError)
                     .toString()
                     .contains(QLatin1String("HTTP 503: HTTP 503: try later")),
                 qPrintable(cell(2, inbox::PollSourcesModel::LastError).toString()));
        QCOMPARE(cell(2, inbox::PollSourcesModel::LastPoll).toString(),
                 ru ? QStringLiteral("ни один опрос ещё не завершён")
                    : QStringLiteral("no poll finished yet"));
        QCOMPARE(cell(2, inbox::PollSourcesModel::State).toString(),
                 ru ? QStringLiteral("ошибки: 1 запрос подряд")
                    : QStringLiteral("failing: 1 request in a row"));
        QVERIFY(
            cell(2, inbox::PollSourcesModel::State, inbox::PollSourcesModel::AlertRole).toBool());
        QCOMPARE(
            cell(0, inbox::PollSourcesModel::State, inbox::PollSourcesModel::RawRole).toString(),
            QStringLiteral("stopped"));
        QVERIFY(
            cell(0, inbox::PollSourcesModel::State, inbox::PollSourcesModel::AlertRole).toBool());
        QCOMPARE(tabs->tabText(tab), ru ? QStringLiteral("Опрашиваемые источники (ошибки: 2)")
                                        : QStringLiteral("Polled sources (2 failing)"));

        // The poller recovers wb: the next overview read shows it polling, one left failing.
        PgSession in(m_db.conninfo(QStringLiteral("poll_in")));
        QVERIFY(in.exec(QStringLiteral("SELECT count(*) FROM inbox.poll_store('poller', 'wb', "
                                       "'{}', '{}', NULL, NULL, NULL, '{}', true, now())"))
                    .ok);
        QVERIFY(ConsoleHarness::emitsAfter(model, &inbox::PollSourcesModel::updated,
                                           [&] { page.model()->refresh(); }));
        QCOMPARE(
            cell(2, inbox::PollSourcesModel::State, inbox::PollSourcesModel::RawRole).toString(),
            QStringLiteral("polling"));
        QCOMPARE(model->troubled(), 1);
        // Its old error is no longer shown, only in the tooltip.
        QCOMPARE(cell(2, inbox::PollSourcesModel::LastError).toString(), QString());
        QVERIFY(cell(2, inbox::PollSourcesModel::LastError, Qt::ToolTipRole)
                    .toString()
                    .contains(QLatin1String("try later")));
        QCOMPARE(tabs->tabText(tab), ru ? QStringLiteral("Опрашиваемые источники (ошибки: 1)")
                                        : QStringLiteral("Polled sources (1 failing)"));

        const QString grab = qEnvironmentVariable("INBOX_GRAB_DIR");
        if (!grab.isEmpty()) {
            for (const bool dark : {false, true}) {
                inbox::Theme::apply(dark ? inbox::Theme::Mode::Dark : inbox::Theme::Mode::Light);
                QTest::qWait(50);
                page.grab().save(
                    QStringLiteral("%1/pollsources-%2%3.png")
                        .arg(grab, language, dark ? QStringLiteral("-dark") : QString()));
            }
        }
    }

    // Before any poller started: the tab says what it is for, and its table is empty.
    void noSourceSaysWhy()
    {
        QVERIFY(m_db.su().exec(QStringLiteral("DELETE FROM inbox.poll_sources")).ok);
        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        QVERIFY(ConsoleHarness::show(&page, {1280, 720}));
        auto *table = page.findChild<QTableView *>(QStringLiteral("pollSourcesTable"));
        QVERIFY(table);
        auto *model = qobject_cast<inbox::PollSourcesModel *>(table->model());
        QVERIFY(ConsoleHarness::emitsAfter(model, &inbox::PollSourcesModel::updated, [&] {
            context.setConnected(m_db.options(QStringLiteral("poll_sue")), inbox::ServerInfo());
        }));
        QCOMPARE(model->rowCount(), 0);
        auto *note = page.findChild<QLabel *>(QStringLiteral("pollSourcesNote"));
        QVERIFY(note);
        QVERIFY2(note->text().contains(QLatin1String("inbox-poller")), qPrintable(note->text()));
    }
};

QTEST_MAIN(TestOverviewPollSources)
#include "tst_overviewpollsources.moc"
