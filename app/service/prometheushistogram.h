#pragma once
// What both services' /metrics share of the Prometheus text format (inbox-receiver's Metrics,
// inbox-alerts' AlertsMetrics): a histogram over fixed bucket bounds that renders itself, and
// the escaping of a label value. Not thread-safe: the metrics class that owns a histogram
// guards it with its own mutex.

#include <QByteArray>

#include <vector>

namespace inbox::service {

class PrometheusHistogram final
{
public:
    explicit PrometheusHistogram(std::vector<double> bounds);

    void add(double value);

    // "# HELP", "# TYPE name histogram", the cumulative `_bucket` lines (+Inf last), `_sum`
    // with `sumDigits` significant digits, and `_count`.
    void render(QByteArray *out, const char *name, const char *help, int sumDigits = 12) const;

private:
    std::vector<double> m_bounds;
    std::vector<quint64> m_counts; // per bound, not cumulative; last: +Inf
    double m_sum = 0;
    quint64 m_total = 0;
};

// A label value in the exposition format: backslash, quote and newline escaped.
QByteArray prometheusLabel(const QByteArray &value);

} // namespace inbox::service
