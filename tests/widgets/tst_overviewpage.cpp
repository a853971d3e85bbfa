// The overview screen offscreen against a real PostgreSQL: the figures of a day on which a
// receiver was slow (senders repeated many deliveries) with the warning; a calm day without
// it; the source picker; a new event arriving live; the tab in the main window.
#include "consoleharness.h"
#include "widgettestcase.h"

#include "db/consolecontext.h"
#include "overview/dailyfiguresmodel.h"
#include "overview/daychart.h"
#include "overview/nowfiguresmodel.h"
#include "overview/overviewmodel.h"
#include "overview/overviewpage.h"
#include "pgcluster.h"
#include "pgsession.h"
#include "testlanguage.h"
#include "window/mainwindow.h"

#include <QBarSet>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QtTest>

using inbox::DailyFiguresModel;

class TestOverviewPage : public WidgetTestCase
{
    Q_OBJECT

public:
    TestOverviewPage()
        : WidgetTestCase{{{"v_ingest", {"inbox_ingest"}}, {"v_support", {"inbox_support"}}},
                         WidgetTestCase::Settings::Kept}
    {}

private:
    // Fourteen ordinary days before today for these sources: 1000 new events a day, 3 %
    // repeats, 1 % failures.
    void history(PgSession &su, const QStringList &sources)
    {
        const PgResult r = su.exec(
            QStringLiteral("INSERT INTO inbox.daily_stats (day, source, shard, received, repeats, "
                           "done, failed) SELECT (now() AT TIME ZONE 'UTC')::date - d, s, 0, "
                           "1000, 31, 990, 10 FROM generate_series(1, 14) d, "
                           "unnest($1::text[]) s"),
            {QStringLiteral("{%1}").arg(sources.join(QLatin1Char(',')))});
        QVERIFY2(r.ok, qPrintable(r.message));
    }

    // `keys` new events for a source, and `repeats` of the first ones delivered again (as
    // when the receiver answered too slowly and the sender retried).
    static void deliveries(PgSession &in, const QString &source, int keys, int repeats)
    {
        const QString sql = QStringLiteral(
            "SELECT count(*) FROM generate_series(1, $2::int) g, "
            "LATERAL inbox.accept($1::text, 'k' || g, convert_to('{\"g\":' || g || '}', 'UTF8'))");
        QVERIFY(in.exec(sql, {source, keys}).ok);
        if (repeats > 0)
            QVERIFY(in.exec(sql, {source, repeats}).ok);
    }

    inbox::ConnectOptions options() const
    {
        inbox::ConnectOptions o;
        o.conninfo = m_db.conninfo(QStringLiteral("v_support"));
        return o;
    }

    // Connects the page's context as the support login; true once its first figures are in.
    bool connects(inbox::ConsoleContext &context, inbox::OverviewPage &page) const
    {
        return ConsoleHarness::emitsAfter(page.model(), &inbox::OverviewModel::updated, [&] {
            context.setConnected(options(), inbox::ServerInfo());
        });
    }

    static QString tile(QWidget &page, const char *name)
    {
        auto *label = page.findChild<QLabel *>(QString::fromLatin1(name));
        return label ? label->text() : QStringLiteral("!missing");
    }

private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        WidgetTestCase::initTestCase();
    }

    void slowReceiverDayShowsTheWarning()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("v_ingest")));
        history(su, {QStringLiteral("wb"), QStringLiteral("crm")});
        deliveries(in, QStringLiteral("wb"), 200, 150); // 150 of 350 deliveries: 43 %
        deliveries(in, QStringLiteral("crm"), 100, 3);  // 3 of 103: as usual

        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        page.resize(1200, 800);
        page.show();
        QSignalSpy updated(page.model(), &inbox::OverviewModel::updated);
        context.setConnected(options(), inbox::ServerInfo());
        QVERIFY(updated.wait(10000));

        auto *warning = page.findChild<QLabel *>(QStringLiteral("overviewWarning"));
        QVERIFY(warning);
        QVERIFY(!warning->isHidden());
        QVERIFY2(warning->text().contains(QStringLiteral("wb: 43 % of today's deliveries are "
                                                         "repeats")),
                 qPrintable(warning->text()));
        QVERIFY2(warning->text().contains(QStringLiteral("150 of 350")),
                 qPrintable(warning->text()));
        QVERIFY2(warning->text().contains(QStringLiteral("usually 3.0 %")),
                 qPrintable(warning->text()));
        QVERIFY2(!warning->text().contains(QStringLiteral("crm")), qPrintable(warning->text()));
        // One pair of brackets, never "))" (issue 30, point 16).
        QVERIFY2(!warning->text().contains(QStringLiteral("))")), qPrintable(warning->text()));

        // The numbers: all sources together by default.
        DailyFiguresModel *daily = page.dailyModel();
        QCOMPARE(daily->rowCount(), inbox::OverviewModel::kDays);
        QCOMPARE(daily->index(0, DailyFiguresModel::Received).data().toString(),
                 QStringLiteral("300"));
        QCOMPARE(daily->index(0, DailyFiguresModel::Repeats).data().toString(),
                 QStringLiteral("153"));
        QVERIFY(daily->index(0, DailyFiguresModel::RepeatShare)
                    .data(DailyFiguresModel::AlertRole)
                    .toBool());
        QCOMPARE(daily->index(1, DailyFiguresModel::Received).data().toString(),
                 QStringLiteral("2,000"));
        QCOMPARE(tile(page, "tileWaiting"), QStringLiteral("300"));
        QCOMPARE(tile(page, "tileDue"), QStringLiteral("300"));
        QCOMPARE(tile(page, "tileFailed"), QStringLiteral("0"));
        QCOMPARE(tile(page, "tileDuplicates"), QStringLiteral("0"));
        QVERIFY2(tile(page, "tileOldestNote").contains(QStringLiteral("/ k1")),
                 qPrintable(tile(page, "tileOldestNote")));
        QCOMPARE(page.nowModel()->rowCount(), 2);

        // The chart: oldest day on the left, today on the right.
        auto *chart = page.findChild<inbox::DayChart *>(QStringLiteral("deliveriesChart"));
        QVERIFY(chart);
        QCOMPARE(chart->categories().size(), inbox::OverviewModel::kDays);
        QCOMPARE(chart->categories().last(), QString::number(page.model()->snapshot().today.day()));
        QCOMPARE(chart->barSets().at(0)->at(inbox::OverviewModel::kDays - 1), 300.0);
        QCOMPARE(chart->barSets().at(1)->at(inbox::OverviewModel::kDays - 1), 153.0);
        QCOMPARE(chart->barSets().at(0)->at(0), 2000.0);
        const QPointF share = chart->shareLine()->points().last();
        QVERIFY2(qAbs(share.y() - 153.0 * 100 / 453) < 0.01,
                 qPrintable(QString::number(share.y())));

        // One source picked: its figures; the warning still names the slow one.
        auto *source = page.findChild<QComboBox *>(QStringLiteral("overviewSource"));
        QCOMPARE(source->count(), 3);
        source->setCurrentIndex(source->findData(QStringLiteral("crm")));
        QCOMPARE(daily->index(0, DailyFiguresModel::Received).data().toString(),
                 QStringLiteral("100"));
        QVERIFY(!daily->index(0, DailyFiguresModel::RepeatShare)
                     .data(DailyFiguresModel::AlertRole)
                     .toBool());
        QCOMPARE(tile(page, "tileWaiting"), QStringLiteral("100"));
        QVERIFY(!warning->isHidden());
        // The choice survives a refresh.
        page.model()->refresh();
        QVERIFY(updated.wait(10000));
        QCOMPARE(source->currentData().toString(), QStringLiteral("crm"));
    }

    void chartValueLabelsFitItsHeight()
    {
        // Qt Charts elides every value label to "..." when they have less than about a line
        // and a half each: a low chart shows fewer of them instead.
        inbox::DayChart chart(inbox::DayChart::Kind::Deliveries);
        const int line = chart.fontMetrics().height();
        for (const int height : {chart.minimumHeight(), line * 16, 600}) {
            chart.resize(800, height);
            QVERIFY(ConsoleHarness::show(&chart, QSize(800, height), false));
            QTRY_COMPARE_WITH_TIMEOUT(chart.height(), height, ConsoleHarness::kTimeoutMs);
            QApplication::processEvents();
            const int ticks = chart.valueTicks();
            const qreal spacing = chart.chart()->plotArea().height() / (ticks - 1);
            QVERIFY2(spacing >= 1.5 * line,
                     qPrintable(QStringLiteral("%1 px high: %2 labels %3 px apart, a line is %4")
                                    .arg(height)
                                    .arg(ticks)
                                    .arg(spacing)
                                    .arg(line)));
            if (height == 600)
                QCOMPARE(ticks, 6);
        }
    }

    void severalSlowSourcesShareOneWarningLine()
    {
        // A slow receiver makes every source repeat: one line names them all, with the
        // advice once, instead of one two-line warning a source.
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("v_ingest")));
        history(su, {QStringLiteral("wb"), QStringLiteral("crm"), QStringLiteral("ozon")});
        deliveries(in, QStringLiteral("wb"), 200, 150);  // 150 of 350: 43 %
        deliveries(in, QStringLiteral("crm"), 100, 100); // 100 of 200: 50 %
        deliveries(in, QStringLiteral("ozon"), 100, 3);  // as usual

        TestLanguage language;
        QVERIFY(language.use(QStringLiteral(INBOX_QM_DIR), QStringLiteral("en")));
        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        page.resize(1200, 800);
        page.show();
        QVERIFY(connects(context, page));
        auto *warning = page.findChild<QLabel *>(QStringLiteral("overviewWarning"));
        QVERIFY(warning && !warning->isHidden());
        const QString text = warning->text();
        QVERIFY2(text.contains(QStringLiteral("Repeats jumped today in 2 sources")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("<b>crm 50&nbsp;%</b> (100 of 200, usually 3.0 %), "
                                              "<b>wb 43&nbsp;%</b> (150 of 350, usually 3.0 %)")),
                 qPrintable(text));
        QCOMPARE(text.count(QStringLiteral("check the receiver's response time")), 1);
        QCOMPARE(text.count(QStringLiteral("<br>")), 0);
        QVERIFY2(!text.contains(QStringLiteral("ozon")), qPrintable(text));

        // In Russian, the plural of two.
        QVERIFY(language.use(QStringLiteral(INBOX_QM_DIR), QStringLiteral("ru")));
        QVERIFY(ConsoleHarness::emitsAfter(page.model(), &inbox::OverviewModel::updated,
                                           [&] { page.model()->refresh(); }));
        QVERIFY2(warning->text().contains(
                     QStringLiteral("Сегодня повторов стало больше в 2 источниках")),
                 qPrintable(warning->text()));
        language.drop();
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); // as initTestCase
    }

    void calmDayHasNoWarning()
    {
        PgSession su(m_db.conninfo());
        PgSession in(m_db.conninfo(QStringLiteral("v_ingest")));
        history(su, {QStringLiteral("wb")});
        deliveries(in, QStringLiteral("wb"), 400, 12); // 12 of 412: 2.9 %
        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        page.show();
        QVERIFY(connects(context, page));
        QVERIFY(page.findChild<QLabel *>(QStringLiteral("overviewWarning"))->isHidden());
        QCOMPARE(page.dailyModel()->index(0, DailyFiguresModel::Repeats).data().toString(),
                 QStringLiteral("12"));
    }

    // Failures jump: a third of what finished today failed, against 1 % usually.
    void failingDayShowsTheWarning()
    {
        PgSession su(m_db.conninfo());
        history(su, {QStringLiteral("crm")});
        QVERIFY(su.exec(QStringLiteral("INSERT INTO inbox.daily_stats (day, source, shard, "
                                       "received, done, failed) VALUES ((now() AT TIME ZONE "
                                       "'UTC')::date, 'crm', 1, 90, 60, 30)"))
                    .ok);
        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        page.show();
        QVERIFY(connects(context, page));
        auto *warning = page.findChild<QLabel *>(QStringLiteral("overviewWarning"));
        QVERIFY(!warning->isHidden());
        QVERIFY2(warning->text().contains(QStringLiteral("crm: 33 % of the events finished today "
                                                         "failed")),
                 qPrintable(warning->text()));
        QVERIFY(page.dailyModel()
                    ->index(0, DailyFiguresModel::FailureShare)
                    .data(DailyFiguresModel::AlertRole)
                    .toBool());
    }

    void newEventArrivesLive()
    {
        PgSession in(m_db.conninfo(QStringLiteral("v_ingest")));
        deliveries(in, QStringLiteral("wb"), 5, 0);
        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        page.show();
        QVERIFY(connects(context, page));
        QCOMPARE(tile(page, "tileWaiting"), QStringLiteral("5"));
        QTest::qWait(1100); // past the receiver's one-notification-a-second window

        QElapsedTimer timer;
        timer.start();
        QVERIFY(
            in.exec(QStringLiteral("SELECT inbox.accept('wb', 'live-1', '\\x7b7d'::bytea)")).ok);
        QTRY_COMPARE_WITH_TIMEOUT(tile(page, "tileWaiting"), QStringLiteral("6"), 5000);
        QVERIFY2(timer.elapsed() < 2500, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(page.dailyModel()->index(0, DailyFiguresModel::Received).data().toString(),
                 QStringLiteral("6"));
        qInfo("new event on screen after %lld ms", timer.elapsed());
    }

    void notConnectedSaysSo()
    {
        inbox::ConsoleContext context;
        inbox::OverviewPage page(&context);
        page.show();
        auto *placeholder = page.findChild<QLabel *>(QStringLiteral("overviewPlaceholder"));
        QVERIFY(placeholder->isVisible());
        QVERIFY(connects(context, page));
        QVERIFY(!placeholder->isVisible());
        context.setDisconnected();
        QVERIFY(placeholder->isVisible());
        QCOMPARE(page.dailyModel()->rowCount(), 0);
    }

    void isTheSecondTab()
    {
        inbox::MainWindow window;
        auto *tabs = window.findChild<QTabWidget *>();
        QVERIFY(tabs);
        QVERIFY(tabs->count() >= 2);
        QCOMPARE(tabs->tabText(1), QStringLiteral("Overview"));
        QVERIFY(qobject_cast<inbox::OverviewPage *>(tabs->widget(1)));
    }

    void cleanupTestCase() { m_db.stop(); }
};

QTEST_MAIN(TestOverviewPage)
#include "tst_overviewpage.moc"
