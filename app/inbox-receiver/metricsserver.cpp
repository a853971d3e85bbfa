#include "metricsserver.h"

#include <microhttpd.h>

namespace inbox::front {

namespace {
MHD_Result reply(MHD_Connection *connection, unsigned status, const QByteArray &body,
                 const char *type)
{
    MHD_Response *response = MHD_create_response_from_buffer(
        size_t(body.size()), const_cast<char *>(body.constData()), MHD_RESPMEM_MUST_COPY);
    if (!response)
        return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, type);
    const MHD_Result queued = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return queued;
}
} // namespace

struct MetricsServer::Callbacks
{
    static MHD_Result handle(void *cls, MHD_Connection *connection, const char *url,
                             const char *method, const char *, const char *, size_t *uploadSize,
                             void **context)
    {
        auto *server = static_cast<MetricsServer *>(cls);
        if (!*context) { // headers only so far; answer once the request is whole
            *context = server;
            return MHD_YES;
        }
        if (*uploadSize > 0) {
            *uploadSize = 0; // a body here means nothing
            return MHD_YES;
        }
        const QByteArray path(url);
        if (qstrcmp(method, MHD_HTTP_METHOD_GET) != 0 && qstrcmp(method, MHD_HTTP_METHOD_HEAD) != 0)
            return reply(connection, MHD_HTTP_METHOD_NOT_ALLOWED, "GET only\n", "text/plain");
        if (path == "/healthz")
            return reply(connection, MHD_HTTP_OK, "ok\n", "text/plain");
        if (path == "/readyz") {
            const bool up = server->m_ready();
            return reply(connection, up ? MHD_HTTP_OK : MHD_HTTP_SERVICE_UNAVAILABLE,
                         up ? "ready\n" : "database unavailable\n", "text/plain");
        }
        if (path == "/metrics")
            return reply(connection, MHD_HTTP_OK, server->m_render(), "text/plain; version=0.0.4");
        return reply(connection, MHD_HTTP_NOT_FOUND, "/healthz, /readyz or /metrics\n",
                     "text/plain");
    }
};

MetricsServer::MetricsServer(const ListenAddress &address, unsigned connectionLimit,
                             std::function<bool()> ready, std::function<QByteArray()> render)
    : m_address(address), m_connectionLimit(connectionLimit), m_ready(std::move(ready)),
      m_render(std::move(render))
{}

MetricsServer::~MetricsServer()
{
    stop();
}

bool MetricsServer::start(QString *error)
{
    unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD;
    if (m_address.v6)
        flags |= MHD_USE_IPv6;
    m_daemon = MHD_start_daemon(
        flags, 0, nullptr, nullptr, &Callbacks::handle, this, MHD_OPTION_SOCK_ADDR,
        reinterpret_cast<const sockaddr *>(&m_address.address), MHD_OPTION_CONNECTION_LIMIT,
        m_connectionLimit, MHD_OPTION_CONNECTION_TIMEOUT, 10u, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        size_t(16 * 1024), MHD_OPTION_END);
    if (!m_daemon) {
        *error =
            QStringLiteral("cannot listen on %1 for the metrics (in use?)").arg(m_address.text);
        return false;
    }
    return true;
}

int MetricsServer::port() const
{
    if (!m_daemon)
        return 0;
    const MHD_DaemonInfo *info = MHD_get_daemon_info(m_daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

void MetricsServer::stop()
{
    if (m_daemon)
        MHD_stop_daemon(m_daemon);
    m_daemon = nullptr;
}

} // namespace inbox::front
