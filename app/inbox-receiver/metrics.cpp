#include "metrics.h"

namespace inbox::front {

Metrics::Metrics()
    : m_latency({0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}),
      m_groups({1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
{}

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

void Metrics::closedAtDeadline(const QByteArray &phase)
{
    std::lock_guard lock(m_mutex);
    ++m_deadlines[phase];
}

QByteArray Metrics::render(int queueDepth, bool databaseUp, qint64 bodyBytes,
                           qint64 bodyBudget) const
{
    std::lock_guard lock(m_mutex);
    QByteArray out;
    out += "# HELP inbox_receiver_requests_total Requests answered, by source, outcome and "
           "HTTP status.\n# TYPE inbox_receiver_requests_total counter\n";
    for (auto it = m_requests.cbegin(); it != m_requests.cend(); ++it) {
        const auto &[source, outcome, status] = it.key();
        out += "inbox_receiver_requests_total{source=\"" +
               service::prometheusLabel(source.toUtf8()) + "\",outcome=\"" +
               service::prometheusLabel(outcome) + "\",status=\"" + QByteArray::number(status) +
               "\"} " + QByteArray::number(it.value()) + '\n';
    }
    out += "# HELP inbox_receiver_refusals_total Deliveries refused before storing, by source "
           "and reason.\n# TYPE inbox_receiver_refusals_total counter\n";
    for (auto it = m_refusals.cbegin(); it != m_refusals.cend(); ++it) {
        out += "inbox_receiver_refusals_total{source=\"" +
               service::prometheusLabel(it.key().first.toUtf8()) + "\",reason=\"" +
               service::prometheusLabel(it.key().second) + "\"} " + QByteArray::number(it.value()) +
               '\n';
    }
    out += "# HELP inbox_receiver_deadline_closed_total Connections closed because a request's "
           "headers or body did not arrive within its deadline.\n"
           "# TYPE inbox_receiver_deadline_closed_total counter\n";
    for (const char *phase : {"headers", "body"})
        out += QByteArrayLiteral("inbox_receiver_deadline_closed_total{phase=\"") + phase + "\"} " +
               QByteArray::number(m_deadlines.value(QByteArray(phase))) + '\n';
    m_latency.render(&out, "inbox_receiver_answer_seconds",
                     "Time from a request's arrival to its answer.");
    m_groups.render(&out, "inbox_receiver_group_size",
                    "Deliveries stored by one inbox.accept_many call.");
    out += "# HELP inbox_receiver_queue_depth Deliveries waiting for a writer.\n"
           "# TYPE inbox_receiver_queue_depth gauge\ninbox_receiver_queue_depth " +
           QByteArray::number(queueDepth) + '\n';
    out += "# HELP inbox_receiver_body_bytes Bytes of request bodies buffered now.\n"
           "# TYPE inbox_receiver_body_bytes gauge\ninbox_receiver_body_bytes " +
           QByteArray::number(bodyBytes) + '\n';
    out += "# HELP inbox_receiver_body_budget_bytes The most body bytes buffered at once "
           "(body_memory); beyond it, 503.\n"
           "# TYPE inbox_receiver_body_budget_bytes gauge\ninbox_receiver_body_budget_bytes " +
           QByteArray::number(bodyBudget) + '\n';
    out += "# HELP inbox_receiver_database_up 1 when a writer's connection works.\n"
           "# TYPE inbox_receiver_database_up gauge\ninbox_receiver_database_up " +
           QByteArray(databaseUp ? "1" : "0") + '\n';
    return out;
}

} // namespace inbox::front
