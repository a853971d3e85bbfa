#include "alertsmetrics.h"

namespace inbox::alerts {

AlertsMetrics::AlertsMetrics() : m_telegramSeconds({0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30})
{
    for (const char *outcome : {"sent", "failed", "unknown"})
        m_messages.insert(outcome, 0);
}

void AlertsMetrics::evaluated(double seconds, bool ok)
{
    std::lock_guard lock(m_mutex);
    ++m_evaluations;
    if (!ok)
        ++m_evaluationFailures;
    m_lastEvaluationS = seconds;
}

void AlertsMetrics::firing(const QMap<QString, int> &byRule)
{
    std::lock_guard lock(m_mutex);
    for (auto it = m_firing.begin(); it != m_firing.end(); ++it)
        it.value() = 0; // a rule that stopped firing shows 0, not a stale figure
    for (auto it = byRule.cbegin(); it != byRule.cend(); ++it)
        m_firing[it.key()] = it.value();
}

void AlertsMetrics::message(const QByteArray &outcome)
{
    std::lock_guard lock(m_mutex);
    ++m_messages[outcome];
}

void AlertsMetrics::telegram(double seconds, int status)
{
    std::lock_guard lock(m_mutex);
    ++m_answers[status];
    m_telegramSeconds.add(seconds);
}

void AlertsMetrics::setDatabaseUp(bool up)
{
    std::lock_guard lock(m_mutex);
    m_databaseUp = up;
}

bool AlertsMetrics::databaseUp() const
{
    std::lock_guard lock(m_mutex);
    return m_databaseUp;
}

QByteArray AlertsMetrics::render() const
{
    std::lock_guard lock(m_mutex);
    QByteArray out;
    out += "# HELP inbox_alerts_evaluations_total Evaluation passes (rules read, episodes fired "
           "and resolved).\n# TYPE inbox_alerts_evaluations_total counter\n";
    out += "inbox_alerts_evaluations_total " + QByteArray::number(m_evaluations) + '\n';
    out += "# HELP inbox_alerts_evaluation_failures_total Passes that stopped on a database "
           "error.\n# TYPE inbox_alerts_evaluation_failures_total counter\n";
    out +=
        "inbox_alerts_evaluation_failures_total " + QByteArray::number(m_evaluationFailures) + '\n';
    out += "# HELP inbox_alerts_evaluation_seconds How long the last pass's evaluation took.\n"
           "# TYPE inbox_alerts_evaluation_seconds gauge\n";
    out +=
        "inbox_alerts_evaluation_seconds " + QByteArray::number(m_lastEvaluationS, 'g', 6) + '\n';
    out += "# HELP inbox_alerts_episodes_firing Open episodes by rule.\n"
           "# TYPE inbox_alerts_episodes_firing gauge\n";
    for (auto it = m_firing.cbegin(); it != m_firing.cend(); ++it)
        out += "inbox_alerts_episodes_firing{rule=\"" +
               service::prometheusLabel(it.key().toUtf8()) + "\"} " +
               QByteArray::number(it.value()) + '\n';
    out += "# HELP inbox_alerts_messages_total Alert messages finished, by outcome.\n"
           "# TYPE inbox_alerts_messages_total counter\n";
    for (auto it = m_messages.cbegin(); it != m_messages.cend(); ++it)
        out += "inbox_alerts_messages_total{outcome=\"" + it.key() + "\"} " +
               QByteArray::number(it.value()) + '\n';
    out += "# HELP inbox_alerts_telegram_answers_total Bot API answers by HTTP status (0: none: "
           "timeout or connection error).\n# TYPE inbox_alerts_telegram_answers_total counter\n";
    for (auto it = m_answers.cbegin(); it != m_answers.cend(); ++it)
        out += "inbox_alerts_telegram_answers_total{status=\"" + QByteArray::number(it.key()) +
               "\"} " + QByteArray::number(it.value()) + '\n';
    m_telegramSeconds.render(&out, "inbox_alerts_telegram_seconds",
                             "Time from sending a request to the Bot API to its answer.", 6);
    out += "# HELP inbox_alerts_database_up 1 while the evaluator's connection works.\n"
           "# TYPE inbox_alerts_database_up gauge\n";
    out += QByteArray("inbox_alerts_database_up ") + (m_databaseUp ? "1" : "0") + '\n';
    return out;
}

} // namespace inbox::alerts
