#pragma once
// The receiver's figures in the Prometheus text format (/metrics): requests by source,
// outcome and status; refusals by source and reason; the time from a request's first byte
// to its answer; the size of the groups stored; connections closed at a request deadline;
// queue depth, the bytes of bodies buffered against their budget and whether the database
// is up.
// Thread-safe: the HTTP threads and the writers record, the metrics listener renders.

#include "prometheushistogram.h"

#include <QByteArray>
#include <QMap>
#include <QString>

#include <mutex>
#include <tuple>

namespace inbox::front {

class Metrics final
{
public:
    Metrics();

    void answered(const QString &source, const QByteArray &outcome, int status, double seconds);
    void refused(const QString &source, const QByteArray &reason);
    void stored(int groupSize);
    // A connection closed at its request deadline; phase: "headers" or "body".
    void closedAtDeadline(const QByteArray &phase);

    QByteArray render(int queueDepth, bool databaseUp, qint64 bodyBytes, qint64 bodyBudget) const;

private:
    mutable std::mutex m_mutex;
    QMap<std::tuple<QString, QByteArray, int>, quint64> m_requests;
    QMap<std::pair<QString, QByteArray>, quint64> m_refusals;
    QMap<QByteArray, quint64> m_deadlines;
    service::PrometheusHistogram m_latency;
    service::PrometheusHistogram m_groups;
};

} // namespace inbox::front
