#pragma once
// The operators' side, on its own listener (loopback by default): GET /healthz (200 while the
// process serves), /readyz (200 only while a writer's database connection works, else 503)
// and /metrics (Prometheus text format). Kept off the senders' port so a scrape or a probe
// never competes with deliveries and the figures are not public.

#include "deliverywriter.h"
#include "metrics.h"
#include "receiverconfig.h"

#include <QString>

struct MHD_Daemon;

namespace inbox::front {

class MetricsServer final
{
public:
    MetricsServer(const ReceiverConfig &config, const DeliveryWriter &writer,
                  const Metrics &metrics);
    ~MetricsServer();
    Q_DISABLE_COPY_MOVE(MetricsServer)

    bool start(QString *error);
    int port() const;
    void stop();

    struct Callbacks;

private:
    const ReceiverConfig &m_config;
    const DeliveryWriter &m_writer;
    const Metrics &m_metrics;
    MHD_Daemon *m_daemon = nullptr;
};

} // namespace inbox::front
