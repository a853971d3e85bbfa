#include "dispatchermetrics.h"

namespace inbox::dispatch {

namespace {
void gauge(QByteArray *out, const char *name, const char *help, const QMap<QByteArray, int> &m)
{
    *out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + " gauge\n";
    for (auto it = m.cbegin(); it != m.cend(); ++it)
        *out += QByteArray(name) + "{destination=\"" + service::prometheusLabel(it.key()) + "\"} " +
                QByteArray::number(it.value()) + '\n';
}
} // namespace

DispatcherMetrics::DispatcherMetrics()
    : m_seconds({0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30})
{}

void DispatcherMetrics::delivered(const QByteArray &destination, const QByteArray &outcome,
                                  double seconds)
{
    std::lock_guard lock(m_mutex);
    ++m_deliveries[{destination, outcome}];
    m_seconds.add(seconds);
}

void DispatcherMetrics::setInFlight(const QByteArray &destination, int n)
{
    std::lock_guard lock(m_mutex);
    m_inFlight[destination] = n;
}

void DispatcherMetrics::setBreaker(const QByteArray &destination, int state)
{
    std::lock_guard lock(m_mutex);
    m_breaker[destination] = state;
}

void DispatcherMetrics::setPaused(const QByteArray &destination, bool paused)
{
    std::lock_guard lock(m_mutex);
    m_paused[destination] = paused ? 1 : 0;
}

void DispatcherMetrics::setBacklog(const QByteArray &destination, qint64 received,
                                   qint64 processing)
{
    std::lock_guard lock(m_mutex);
    m_backlog[destination] = {received, processing};
}

void DispatcherMetrics::setDatabaseUp(bool up)
{
    std::lock_guard lock(m_mutex);
    m_databaseUp = up;
}

bool DispatcherMetrics::databaseUp() const
{
    std::lock_guard lock(m_mutex);
    return m_databaseUp;
}

QByteArray DispatcherMetrics::render() const
{
    std::lock_guard lock(m_mutex);
    QByteArray out;
    out += "# HELP inbox_dispatcher_deliveries_total HTTP requests finished, by destination and "
           "what the contract made of them.\n# TYPE inbox_dispatcher_deliveries_total counter\n";
    for (auto it = m_deliveries.cbegin(); it != m_deliveries.cend(); ++it)
        out += "inbox_dispatcher_deliveries_total{destination=\"" +
               service::prometheusLabel(it.key().first) + "\",outcome=\"" + it.key().second +
               "\"} " + QByteArray::number(it.value()) + '\n';
    m_seconds.render(&out, "inbox_dispatcher_request_seconds",
                     "Time from sending a request to a handler to its answer (or its failure).", 6);
    gauge(&out, "inbox_dispatcher_in_flight", "Requests in flight.", m_inFlight);
    gauge(&out, "inbox_dispatcher_breaker_state",
          "0 closed, 1 open, 2 half open (probing), 3 waiting for Retry-After, 4 disabled (410).",
          m_breaker);
    gauge(&out, "inbox_dispatcher_paused", "1 while the destination is paused.", m_paused);
    out += "# HELP inbox_dispatcher_backlog Events of the destination's sources received (due or "
           "waiting for a retry) and processing, by any dispatcher.\n"
           "# TYPE inbox_dispatcher_backlog gauge\n";
    for (auto it = m_backlog.cbegin(); it != m_backlog.cend(); ++it) {
        const QByteArray label = service::prometheusLabel(it.key());
        out += "inbox_dispatcher_backlog{destination=\"" + label + "\",status=\"received\"} " +
               QByteArray::number(it.value().first) + '\n';
        out += "inbox_dispatcher_backlog{destination=\"" + label + "\",status=\"processing\"} " +
               QByteArray::number(it.value().second) + '\n';
    }
    out += "# HELP inbox_dispatcher_database_up 1 while the dispatcher's connection works.\n"
           "# TYPE inbox_dispatcher_database_up gauge\n";
    out += QByteArray("inbox_dispatcher_database_up ") + (m_databaseUp ? "1" : "0") + '\n';
    return out;
}

} // namespace inbox::dispatch
