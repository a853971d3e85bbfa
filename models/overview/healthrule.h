#pragma once

#include "overview/overviewdata.h"

#include <QString>
#include <QVector>

namespace inbox {

// When is today's share "a jump against the recent baseline"? One rule for the repeat share
// and the failure share, with its knobs in one place.
//
//   baseline  = the median share of the earlier days (up to 14) that had at least
//               minVolume of volume; quiet days are noise and are left out
//   threshold = max(factor x baseline, baseline + minRise)        with >= minBaselineDays days
//             = ceiling                                           with fewer (a new source)
//   jump      = today's volume >= minVolume and today's share > threshold
//
// The median, not the mean, so one bad day in the window does not hide the next one; the
// factor catches a share that doubles, the added points keep a 1 % -> 2.5 % wobble quiet; the
// minimum volume keeps the first few deliveries after midnight (UTC) from raising an alarm.
struct BaselineRule
{
    double factor = 2.0;
    double minRise = 0.05; // share points (0.05 = 5 percentage points)
    qint64 minVolume = 50;
    int minBaselineDays = 3;
    double ceiling = 0.20; // used while there is no baseline yet

    // Repeats: out of the day's deliveries. Normally a few percent.
    static BaselineRule repeats() { return BaselineRule{}; }
    // Failures: out of the day's outcomes (done + failed); a smaller volume already says much.
    static BaselineRule failures()
    {
        BaselineRule r;
        r.minVolume = 20;
        return r;
    }
};

// One day's share and the volume it was measured on.
struct ShareSample
{
    double share = 0.0;
    qint64 volume = 0;
};

struct JumpVerdict
{
    bool jump = false;
    bool enoughVolume = false;
    bool hasBaseline = false; // false: the ceiling was used
    double today = 0.0;
    double baseline = 0.0; // the median, when hasBaseline
    int baselineDays = 0;
    double threshold = 0.0;
};

// THE rule (see above). `history` holds the earlier days, any order, today excluded.
JumpVerdict judgeJump(const ShareSample &today, const QVector<ShareSample> &history,
                      const BaselineRule &rule);

// Median of the values (the mean of the two middle ones for an even count); 0 when empty.
double median(QVector<double> values);

// A warning for the overview: this source's share jumped today.
struct HealthWarning
{
    enum class Metric { RepeatShare, FailureShare };
    QString source; // empty: all sources together
    Metric metric = Metric::RepeatShare;
    JumpVerdict verdict;
    qint64 todayCount = 0;  // repeats or failures today
    qint64 todayVolume = 0; // deliveries or outcomes today
};

// Applies judgeJump to every source's day 0 (today) against days 1..n. Sources in name order,
// repeat share before failure share.
QVector<HealthWarning> healthWarnings(const OverviewSnapshot &snapshot,
                                      const BaselineRule &repeats = BaselineRule::repeats(),
                                      const BaselineRule &failures = BaselineRule::failures());

} // namespace inbox
