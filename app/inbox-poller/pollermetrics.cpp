#include "pollermetrics.h"

#include "prometheushistogram.h"

namespace inbox::poll {

namespace {
QByteArray label(const QByteArray &source)
{
    return "source=\"" + service::prometheusLabel(source) + '"';
}
void header(QByteArray *out, const char *name, const char *type, const char *help)
{
    *out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
}
} // namespace

void PollerMetrics::addSource(const QByteArray &source)
{
    std::lock_guard lock(m_mutex);
    m_sources[source];
}

void PollerMetrics::setState(const QByteArray &source, State state)
{
    std::lock_guard lock(m_mutex);
    m_sources[source].state = state;
}

void PollerMetrics::setPolledTo(const QByteArray &source, const QDateTime &polledTo)
{
    std::lock_guard lock(m_mutex);
    m_sources[source].polledTo = polledTo;
}

void PollerMetrics::pollDone(const QByteArray &source, const QDateTime &polledTo)
{
    std::lock_guard lock(m_mutex);
    Source &s = m_sources[source];
    s.lastSuccess = QDateTime::currentDateTimeUtc();
    s.polledTo = polledTo;
    ++s.polls;
}

void PollerMetrics::stored(const QByteArray &source, int fresh, int repeats, int conflicts)
{
    std::lock_guard lock(m_mutex);
    Source &s = m_sources[source];
    s.fresh += quint64(fresh);
    s.repeats += quint64(repeats);
    s.conflicts += quint64(conflicts);
}

void PollerMetrics::request(const QByteArray &source, const QByteArray &statusClass)
{
    std::lock_guard lock(m_mutex);
    ++m_requests[{source, statusClass}];
}

void PollerMetrics::error(const QByteArray &source, const QByteArray &kind)
{
    std::lock_guard lock(m_mutex);
    ++m_errors[{source, kind}];
}

void PollerMetrics::setDatabaseUp(bool up)
{
    std::lock_guard lock(m_mutex);
    m_databaseUp = up;
}

bool PollerMetrics::databaseUp() const
{
    std::lock_guard lock(m_mutex);
    return m_databaseUp;
}

QByteArray PollerMetrics::render() const
{
    std::lock_guard lock(m_mutex);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QByteArray out;
    header(&out, "inbox_poller_source_state", "gauge",
           "0 polling, 1 failing (retrying), 2 stopped (401/403: until the poller restarts).");
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it)
        out += "inbox_poller_source_state{" + label(it.key()) + "} " +
               QByteArray::number(int(it.value().state)) + '\n';
    header(&out, "inbox_poller_last_success_timestamp_seconds", "gauge",
           "When the source's last poll was read to the end of its window (0: not yet).");
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it)
        out += "inbox_poller_last_success_timestamp_seconds{" + label(it.key()) + "} " +
               QByteArray::number(it.value().lastSuccess.isValid()
                                      ? it.value().lastSuccess.toSecsSinceEpoch()
                                      : 0) +
               '\n';
    header(&out, "inbox_poller_lag_seconds", "gauge",
           "Now minus the end of the last window polled to its end (absent before the first).");
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it) {
        if (it.value().polledTo.isValid())
            out += "inbox_poller_lag_seconds{" + label(it.key()) + "} " +
                   QByteArray::number(double(it.value().polledTo.msecsTo(now)) / 1000.0, 'f', 3) +
                   '\n';
    }
    header(&out, "inbox_poller_polls_total", "counter",
           "Polls read to the end of their window by this process.");
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it)
        out += "inbox_poller_polls_total{" + label(it.key()) + "} " +
               QByteArray::number(it.value().polls) + '\n';
    header(&out, "inbox_poller_items_total", "counter",
           "Items stored, by what the contract made of them: new, repeat (seen before, "
           "journalled), conflict (same key, other content: kept for review).");
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it) {
        const QByteArray l = label(it.key());
        out += "inbox_poller_items_total{" + l + ",outcome=\"new\"} " +
               QByteArray::number(it.value().fresh) + '\n';
        out += "inbox_poller_items_total{" + l + ",outcome=\"repeat\"} " +
               QByteArray::number(it.value().repeats) + '\n';
        out += "inbox_poller_items_total{" + l + ",outcome=\"conflict\"} " +
               QByteArray::number(it.value().conflicts) + '\n';
    }
    header(&out, "inbox_poller_requests_total", "counter",
           "HTTP requests by status class (2xx, 3xx, 4xx, 429, 5xx; error: no answer).");
    for (auto it = m_requests.cbegin(); it != m_requests.cend(); ++it)
        out += "inbox_poller_requests_total{" + label(it.key().first) + ",class=\"" +
               it.key().second + "\"} " + QByteArray::number(it.value()) + '\n';
    header(&out, "inbox_poller_errors_total", "counter",
           "Failures by kind: http (an answer other than 200, or none), answer (unreadable), "
           "cursor (unreadable), database (a page not stored).");
    for (auto it = m_errors.cbegin(); it != m_errors.cend(); ++it)
        out += "inbox_poller_errors_total{" + label(it.key().first) + ",kind=\"" + it.key().second +
               "\"} " + QByteArray::number(it.value()) + '\n';
    header(&out, "inbox_poller_database_up", "gauge", "1 while the poller's connection works.");
    out += QByteArray("inbox_poller_database_up ") + (m_databaseUp ? "1" : "0") + '\n';
    return out;
}

} // namespace inbox::poll
