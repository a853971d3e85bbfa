#pragma once
// The operators' side of a service, on its own listener (loopback by default): GET /healthz
// (200 while the process serves), /readyz (200 only while `ready` says its database connection
// works, else 503) and /metrics (Prometheus text format, from `render`). Kept off the senders'
// port so a scrape or a probe never competes with deliveries and the figures are not public;
// libmicrohttpd's own thread answers, so a probe is answered while the service is busy.
// inbox-receiver and inbox-alerts both serve theirs with it.

#include "receiverconfig.h"

#include <QByteArray>
#include <QString>

#include <functional>

struct MHD_Daemon;

namespace inbox::front {

class MetricsServer final
{
public:
    // `ready` and `render` are called on libmicrohttpd's thread.
    MetricsServer(const ListenAddress &address, unsigned connectionLimit,
                  std::function<bool()> ready, std::function<QByteArray()> render);
    ~MetricsServer();
    Q_DISABLE_COPY_MOVE(MetricsServer)

    bool start(QString *error);
    int port() const;
    void stop();

    struct Callbacks;

private:
    const ListenAddress &m_address;
    const unsigned m_connectionLimit;
    const std::function<bool()> m_ready;
    const std::function<QByteArray()> m_render;
    MHD_Daemon *m_daemon = nullptr;
};

} // namespace inbox::front
