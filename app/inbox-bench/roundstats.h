#pragma once

#include <QVector>

namespace bench {

// The median of a stage's rounds (0 for none): stages report medians, the machine being
// shared and noisy.
double median(QVector<double> v);

// The nearest-rank percentile (0 for none): the smallest value with at least p of the
// samples at or below it; p = 1 gives the largest.
double percentile(QVector<double> v, double p);

// The 1-minute load average (-1 when /proc does not show it), so every round says how busy
// the machine was.
double loadAverage();

} // namespace bench
