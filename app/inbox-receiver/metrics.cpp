#include "metrics.h"

namespace inbox::front {

namespace {
// A label value in the exposition format: backslash, quote and newline escaped.
QByteArray label(const QByteArray &value)
{
    QByteArray out;
    for (const char c : value) {
        if (c == '\\' || c == '"')
            out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

void renderHistogram(QByteArray *out, const char *name, const char *help,
                     const std::vector<double> &bounds, const std::vector<quint64> &counts,
                     double sum, quint64 total)
{
    *out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + " histogram\n";
    quint64 cumulative = 0;
    for (size_t i = 0; i < bounds.size(); ++i) {
        cumulative += counts[i];
        *out += QByteArray(name) + "_bucket{le=\"" + QByteArray::number(bounds[i], 'g', 6) +
                "\"} " + QByteArray::number(cumulative) + '\n';
    }
    *out += QByteArray(name) + "_bucket{le=\"+Inf\"} " + QByteArray::number(total) + '\n';
    *out += QByteArray(name) + "_sum " + QByteArray::number(sum, 'g', 12) + '\n';
    *out += QByteArray(name) + "_count " + QByteArray::number(total) + '\n';
}
} // namespace

void Metrics::Histogram::add(double value)
{
    size_t i = 0;
    while (i < bounds.size() && value > bounds[i])
        ++i;
    ++counts[i];
    sum += value;
    ++total;
}

Metrics::Metrics()
{
    m_latency.bounds = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                        0.1,    0.25,  0.5,    1,     2.5,  5,     10};
    m_latency.counts.assign(m_latency.bounds.size() + 1, 0);
    m_groups.bounds = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
    m_groups.counts.assign(m_groups.bounds.size() + 1, 0);
}

void Metrics::answered(const QString &source, const QByteArray &outcome, int status, double seconds)
{
    std::lock_guard lock(m_mutex);
    ++m_requests[{source, outcome, status}];
    m_latency.add(seconds);
}

void Metrics::refused(const QString &source, const QByteArray &reason)
{
    std::lock_guard lock(m_mutex);
    ++m_refusals[{source, reason}];
}

void Metrics::stored(int groupSize)
{
    std::lock_guard lock(m_mutex);
    m_groups.add(groupSize);
}

QByteArray Metrics::render(int queueDepth, bool databaseUp) const
{
    std::lock_guard lock(m_mutex);
    QByteArray out;
    out += "# HELP inbox_receiver_requests_total Requests answered, by source, outcome and "
           "HTTP status.\n# TYPE inbox_receiver_requests_total counter\n";
    for (auto it = m_requests.cbegin(); it != m_requests.cend(); ++it) {
        const auto &[source, outcome, status] = it.key();
        out += "inbox_receiver_requests_total{source=\"" + label(source.toUtf8()) +
               "\",outcome=\"" + label(outcome) + "\",status=\"" + QByteArray::number(status) +
               "\"} " + QByteArray::number(it.value()) + '\n';
    }
    out += "# HELP inbox_receiver_refusals_total Deliveries refused before storing, by source "
           "and reason.\n# TYPE inbox_receiver_refusals_total counter\n";
    for (auto it = m_refusals.cbegin(); it != m_refusals.cend(); ++it) {
        out += "inbox_receiver_refusals_total{source=\"" + label(it.key().first.toUtf8()) +
               "\",reason=\"" + label(it.key().second) + "\"} " + QByteArray::number(it.value()) +
               '\n';
    }
    renderHistogram(&out, "inbox_receiver_answer_seconds",
                    "Time from a request's arrival to its answer.", m_latency.bounds,
                    m_latency.counts, m_latency.sum, m_latency.total);
    renderHistogram(&out, "inbox_receiver_group_size",
                    "Deliveries stored by one inbox.accept_many call.", m_groups.bounds,
                    m_groups.counts, m_groups.sum, m_groups.total);
    out += "# HELP inbox_receiver_queue_depth Deliveries waiting for a writer.\n"
           "# TYPE inbox_receiver_queue_depth gauge\ninbox_receiver_queue_depth " +
           QByteArray::number(queueDepth) + '\n';
    out += "# HELP inbox_receiver_database_up 1 when a writer's connection works.\n"
           "# TYPE inbox_receiver_database_up gauge\ninbox_receiver_database_up " +
           QByteArray(databaseUp ? "1" : "0") + '\n';
    return out;
}

} // namespace inbox::front
