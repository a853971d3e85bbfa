#pragma once
// The receiver's figures in the Prometheus text format (/metrics): requests by source,
// outcome and status; refusals by source and reason; the time from a request's first byte
// to its answer; the size of the groups stored; queue depth and whether the database is up.
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

    QByteArray render(int queueDepth, bool databaseUp) const;

private:
    mutable std::mutex m_mutex;
    QMap<std::tuple<QString, QByteArray, int>, quint64> m_requests;
    QMap<std::pair<QString, QByteArray>, quint64> m_refusals;
    service::PrometheusHistogram m_latency;
    service::PrometheusHistogram m_groups;
};

} // namespace inbox::front
