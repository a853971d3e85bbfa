#include "overview/healthrule.h"

#include <algorithm>

namespace inbox {

double median(QVector<double> values)
{
    if (values.isEmpty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 ? values.at(n / 2) : (values.at(n / 2 - 1) + values.at(n / 2)) / 2.0;
}

JumpVerdict judgeJump(const ShareSample &today, const QVector<ShareSample> &history,
                      const BaselineRule &rule)
{
    JumpVerdict v;
    v.today = today.share;
    v.enoughVolume = today.volume >= rule.minVolume;
    QVector<double> shares;
    for (const ShareSample &day : history) {
        if (day.volume >= rule.minVolume)
            shares << day.share;
    }
    v.baselineDays = int(shares.size());
    v.hasBaseline = v.baselineDays >= rule.minBaselineDays;
    if (v.hasBaseline) {
        v.baseline = median(shares);
        v.threshold = std::max(rule.factor * v.baseline, v.baseline + rule.minRise);
    } else {
        v.threshold = rule.ceiling;
    }
    v.jump = v.enoughVolume && today.share > v.threshold;
    return v;
}

QVector<HealthWarning> healthWarnings(const OverviewSnapshot &snapshot, const BaselineRule &repeats,
                                      const BaselineRule &failures)
{
    QVector<HealthWarning> out;
    for (auto it = snapshot.daily.cbegin(); it != snapshot.daily.cend(); ++it) {
        const QVector<DayFigures> &days = it.value();
        if (days.isEmpty())
            continue;
        QVector<ShareSample> repeatHistory, failureHistory;
        for (int i = 1; i < days.size(); ++i) {
            repeatHistory << ShareSample{days.at(i).repeatShare(), days.at(i).deliveries()};
            failureHistory << ShareSample{days.at(i).failureShare(), days.at(i).outcomes()};
        }
        const DayFigures &today = days.first();
        const JumpVerdict r =
            judgeJump({today.repeatShare(), today.deliveries()}, repeatHistory, repeats);
        if (r.jump) {
            out << HealthWarning{it.key(), HealthWarning::Metric::RepeatShare, r, today.repeats,
                                 today.deliveries()};
        }
        const JumpVerdict f =
            judgeJump({today.failureShare(), today.outcomes()}, failureHistory, failures);
        if (f.jump) {
            out << HealthWarning{it.key(), HealthWarning::Metric::FailureShare, f, today.failed,
                                 today.outcomes()};
        }
    }
    return out;
}

} // namespace inbox
