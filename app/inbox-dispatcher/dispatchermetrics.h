#pragma once
// inbox-dispatcher's figures for /metrics: deliveries by destination and outcome, the latency
// of the handlers' answers, requests in flight, each destination's breaker state and pause,
// and whether the database connection works. Written on the dispatcher's thread, read on the
// metrics server's: every member is guarded by one mutex.

#include "prometheushistogram.h"

#include <QByteArray>
#include <QMap>
#include <QPair>

#include <mutex>

namespace inbox::dispatch {

class DispatcherMetrics final
{
public:
    DispatcherMetrics();

    // `outcome`: what the contract made of it (done, received, failed, released, lost_lock,
    // unrecorded).
    void delivered(const QByteArray &destination, const QByteArray &outcome, double seconds);
    void setInFlight(const QByteArray &destination, int n);
    // 0 closed, 1 open, 2 half open (probing), 3 waiting (Retry-After), 4 disabled (410).
    void setBreaker(const QByteArray &destination, int state);
    void setPaused(const QByteArray &destination, bool paused);
    // The route's events waiting (received, also those whose retry is not due yet) and being
    // delivered, by any dispatcher (inbox.route_backlog: by source only).
    void setBacklog(const QByteArray &destination, qint64 received, qint64 processing);
    void setDatabaseUp(bool up);
    bool databaseUp() const;

    QByteArray render() const;

private:
    mutable std::mutex m_mutex;
    QMap<QPair<QByteArray, QByteArray>, quint64> m_deliveries;
    QMap<QByteArray, int> m_inFlight;
    QMap<QByteArray, int> m_breaker;
    QMap<QByteArray, int> m_paused;
    QMap<QByteArray, QPair<qint64, qint64>> m_backlog;
    service::PrometheusHistogram m_seconds;
    bool m_databaseUp = false;
};

} // namespace inbox::dispatch
