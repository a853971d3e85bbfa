#pragma once
// inbox-alerts' figures in the Prometheus text format (/metrics): evaluation passes and how
// long the last took, the episodes firing now by rule, messages by outcome (sent, failed,
// unknown), Telegram's answer time, and whether the database is up. Thread-safe: the main
// loop records, the metrics listener's thread renders.

#include "prometheushistogram.h"

#include <QByteArray>
#include <QMap>
#include <QString>

#include <mutex>

namespace inbox::alerts {

class AlertsMetrics final
{
public:
    AlertsMetrics();

    void evaluated(double seconds, bool ok);
    void firing(const QMap<QString, int> &byRule); // the rule names with open episodes
    void message(const QByteArray &outcome);       // "sent", "failed" or "unknown"
    void telegram(double seconds, int status);     // status 0: no HTTP answer
    void setDatabaseUp(bool up);
    bool databaseUp() const;

    QByteArray render() const;

private:
    mutable std::mutex m_mutex;
    quint64 m_evaluations = 0;
    quint64 m_evaluationFailures = 0;
    double m_lastEvaluationS = 0;
    QMap<QString, int> m_firing;
    QMap<QByteArray, quint64> m_messages;
    QMap<int, quint64> m_answers;
    service::PrometheusHistogram m_telegramSeconds;
    bool m_databaseUp = false;
};

} // namespace inbox::alerts
