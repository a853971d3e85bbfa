#pragma once
// The operators' side of inbox-alerts, on loopback by default: GET /healthz (200 while the
// process runs), /readyz (200 while its database connection works, else 503) and /metrics
// (AlertsMetrics). libmicrohttpd's own thread answers, so a probe is answered even while the
// main loop waits on a query or on Telegram.

#include "alertsmetrics.h"
#include "receiverconfig.h"

#include <QString>

struct MHD_Daemon;

namespace inbox::alerts {

class MetricsListener final
{
public:
    MetricsListener(const front::ListenAddress &address, const AlertsMetrics &metrics);
    ~MetricsListener();
    Q_DISABLE_COPY_MOVE(MetricsListener)

    bool start(QString *error);
    int port() const;
    void stop();

    struct Callbacks;

private:
    const front::ListenAddress &m_address;
    const AlertsMetrics &m_metrics;
    MHD_Daemon *m_daemon = nullptr;
};

} // namespace inbox::alerts
