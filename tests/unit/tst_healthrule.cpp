// The overview's warning rule (healthrule.h) as a table of cases, plus the figures it is fed
// (shares, zero-filled days, sums over sources) and the text helpers.
#include "overview/healthrule.h"
#include "overview/overviewdata.h"
#include "support/duration.h"

#include <QtTest>

using inbox::BaselineRule;
using inbox::DayFigures;
using inbox::JumpVerdict;
using inbox::ShareSample;

Q_DECLARE_METATYPE(QVector<ShareSample>)

namespace {
// n earlier days with the same share and volume.
QVector<ShareSample> days(int n, double share, qint64 volume)
{
    return QVector<ShareSample>(n, ShareSample{share, volume});
}
} // namespace

class TestHealthRule : public QObject
{
    Q_OBJECT

private slots:
    void median()
    {
        QCOMPARE(inbox::median({}), 0.0);
        QCOMPARE(inbox::median({0.3}), 0.3);
        QCOMPARE(inbox::median({0.5, 0.1, 0.3}), 0.3);
        QCOMPARE(inbox::median({0.4, 0.1, 0.3, 0.2}), 0.25);
    }

    void judgeJump_data()
    {
        QTest::addColumn<double>("todayShare");
        QTest::addColumn<qint64>("todayVolume");
        QTest::addColumn<QVector<ShareSample>>("history");
        QTest::addColumn<bool>("jump");
        QTest::addColumn<bool>("hasBaseline");
        QTest::addColumn<double>("threshold");

        // Baseline 3 %: the threshold is max(6 %, 8 %) = 8 %.
        QTest::newRow("normal day")
            << 0.04 << qint64(1000) << days(14, 0.03, 1000) << false << true << 0.08;
        QTest::newRow("just under")
            << 0.0799 << qint64(1000) << days(14, 0.03, 1000) << false << true << 0.08;
        QTest::newRow("just over")
            << 0.0801 << qint64(1000) << days(14, 0.03, 1000) << true << true << 0.08;
        QTest::newRow("slow receiver")
            << 0.40 << qint64(5000) << days(14, 0.03, 1000) << true << true << 0.08;
        // Baseline 20 %: the factor rules: max(40 %, 25 %) = 40 %.
        QTest::newRow("high baseline, 35 %")
            << 0.35 << qint64(1000) << days(14, 0.20, 1000) << false << true << 0.40;
        QTest::newRow("high baseline, 45 %")
            << 0.45 << qint64(1000) << days(14, 0.20, 1000) << true << true << 0.40;
        // Baseline 0: the added points rule (5 %).
        QTest::newRow("zero baseline, 4 %")
            << 0.04 << qint64(1000) << days(14, 0.0, 1000) << false << true << 0.05;
        QTest::newRow("zero baseline, 6 %")
            << 0.06 << qint64(1000) << days(14, 0.0, 1000) << true << true << 0.05;
        // Too few deliveries today: never a warning, however high the share.
        QTest::newRow("early morning")
            << 0.9 << qint64(49) << days(14, 0.03, 1000) << false << true << 0.08;
        QTest::newRow("exactly the minimum volume")
            << 0.9 << qint64(50) << days(14, 0.03, 1000) << true << true << 0.08;
        // Quiet days do not count towards the baseline; with under 3 days, the ceiling (20 %).
        QTest::newRow("new source, 15 %")
            << 0.15 << qint64(500) << days(2, 0.01, 1000) << false << false << 0.20;
        QTest::newRow("new source, 25 %")
            << 0.25 << qint64(500) << days(2, 0.01, 1000) << true << false << 0.20;
        QTest::newRow("quiet days ignored")
            << 0.25 << qint64(500) << (days(2, 0.01, 1000) + days(12, 0.5, 10)) << true << false
            << 0.20;
        // The median, not the mean: one bad day does not raise the bar.
        QVector<ShareSample> oneBadDay = days(13, 0.02, 1000);
        oneBadDay << ShareSample{0.60, 1000};
        QTest::newRow("one bad day in the window")
            << 0.30 << qint64(1000) << oneBadDay << true << true << 0.07;
        // Half the window already bad: today's equally bad day is the new normal, no alarm.
        QVector<ShareSample> badWeek = days(7, 0.02, 1000) + days(7, 0.30, 1000);
        QTest::newRow("bad for a week") << 0.30 << qint64(1000) << badWeek << false << true << 0.32;
    }

    void judgeJump()
    {
        QFETCH(double, todayShare);
        QFETCH(qint64, todayVolume);
        QFETCH(QVector<ShareSample>, history);
        QFETCH(bool, jump);
        QFETCH(bool, hasBaseline);
        QFETCH(double, threshold);
        const JumpVerdict v =
            inbox::judgeJump({todayShare, todayVolume}, history, BaselineRule::repeats());
        QCOMPARE(v.jump, jump);
        QCOMPARE(v.hasBaseline, hasBaseline);
        QVERIFY2(qAbs(v.threshold - threshold) < 1e-9, qPrintable(QString::number(v.threshold)));
        QCOMPARE(v.today, todayShare);
    }

    void failureRuleNeedsLessVolume()
    {
        const auto history = days(14, 0.01, 100);
        QVERIFY(!inbox::judgeJump({0.5, 19}, history, BaselineRule::failures()).jump);
        QVERIFY(inbox::judgeJump({0.5, 20}, history, BaselineRule::failures()).jump);
        QVERIFY(!inbox::judgeJump({0.5, 20}, history, BaselineRule::repeats()).jump);
    }

    void shares()
    {
        DayFigures d;
        QCOMPARE(d.repeatShare(), 0.0);
        QCOMPARE(d.failureShare(), 0.0);
        d.received = 60;
        d.repeats = 30;
        d.conflicts = 10;
        d.done = 9;
        d.failed = 3;
        QCOMPARE(d.deliveries(), qint64(100));
        QCOMPARE(d.repeatShare(), 0.30);
        QCOMPARE(d.failureShare(), 0.25);
    }

    // Warnings come per source, from today's figures against the earlier days of the same
    // source only.
    void warningsPerSource()
    {
        inbox::OverviewSnapshot s;
        s.days = 15;
        s.today = QDate(2026, 3, 15);
        const auto history = [&](qint64 received, qint64 repeats) {
            QVector<DayFigures> v(s.days);
            for (int i = 0; i < s.days; ++i) {
                v[i].day = s.today.addDays(-i);
                v[i].received = received;
                v[i].repeats = repeats;
                v[i].done = received;
            }
            return v;
        };
        s.daily.insert(QStringLiteral("calm"), history(970, 30));
        QVector<DayFigures> slow = history(970, 30);
        slow[0].repeats = 700; // 700 of 1670: 42 %
        s.daily.insert(QStringLiteral("slow"), slow);
        QVector<DayFigures> failing = history(1000, 10);
        failing[0].done = 50;
        failing[0].failed = 50;
        s.daily.insert(QStringLiteral("failing"), failing);

        const auto warnings = inbox::healthWarnings(s);
        QCOMPARE(warnings.size(), 2);
        QCOMPARE(warnings.at(0).source, QStringLiteral("failing"));
        QCOMPARE(warnings.at(0).metric, inbox::HealthWarning::Metric::FailureShare);
        QCOMPARE(warnings.at(0).todayCount, qint64(50));
        QCOMPARE(warnings.at(0).todayVolume, qint64(100));
        QCOMPARE(warnings.at(1).source, QStringLiteral("slow"));
        QCOMPARE(warnings.at(1).metric, inbox::HealthWarning::Metric::RepeatShare);
        QCOMPARE(warnings.at(1).todayCount, qint64(700));
        QCOMPARE(warnings.at(1).verdict.baselineDays, 14);
        QVERIFY(qAbs(warnings.at(1).verdict.baseline - 0.03) < 1e-9);
    }

    void dailyForSumsAndZeroFills()
    {
        inbox::OverviewSnapshot s;
        s.days = 3;
        s.today = QDate(2026, 3, 15);
        QVector<DayFigures> a(3), b(3);
        for (int i = 0; i < 3; ++i) {
            a[i].day = b[i].day = s.today.addDays(-i);
        }
        a[0].received = 5;
        b[0].received = 7;
        b[2].failed = 2;
        s.daily.insert(QStringLiteral("a"), a);
        s.daily.insert(QStringLiteral("b"), b);
        const auto all = s.dailyFor(QString());
        QCOMPARE(all.size(), 3);
        QCOMPARE(all.at(0).received, qint64(12));
        QCOMPARE(all.at(2).failed, qint64(2));
        QCOMPARE(all.at(2).day, QDate(2026, 3, 13));
        QCOMPARE(s.dailyFor(QStringLiteral("a")).at(0).received, qint64(5));
        // A source with no counters at all: zeros for every day, not an empty list.
        const auto none = s.dailyFor(QStringLiteral("nobody"));
        QCOMPARE(none.size(), 3);
        QCOMPARE(none.at(1).deliveries(), qint64(0));
        QCOMPARE(none.at(1).day, QDate(2026, 3, 14));
    }

    void formatting()
    {
        QLocale::setDefault(QLocale::c());
        QCOMPARE(inbox::formatAge(5), QStringLiteral("5 s"));
        QCOMPARE(inbox::formatAge(125), QStringLiteral("2 min"));
        QCOMPARE(inbox::formatAge(3 * 3600 + 5 * 60), QStringLiteral("3 h 5 min"));
        QCOMPARE(inbox::formatAge(2 * 86400 + 4 * 3600), QStringLiteral("2 d 4 h"));
        // One wording everywhere: a zero minor unit is left out, a negative span is shown by
        // its size (how far apart two leads came), an age never is.
        QCOMPARE(inbox::formatDuration(3 * 3600 + 59), QStringLiteral("3 h"));
        QCOMPARE(inbox::formatDuration(2 * 86400 + 3599), QStringLiteral("2 d"));
        QCOMPARE(inbox::formatDuration(-125), QStringLiteral("2 min"));
        QCOMPARE(inbox::formatAge(-125), QString());
        QCOMPARE(inbox::formatShare(0), QStringLiteral("0 %"));
        QCOMPARE(inbox::formatShare(0.0345), QStringLiteral("3.5 %"));
        QCOMPARE(inbox::formatShare(0.42), QStringLiteral("42 %"));
    }
};

QTEST_APPLESS_MAIN(TestHealthRule)
#include "tst_healthrule.moc"
