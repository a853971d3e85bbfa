#pragma once
// The senders' side of the receiver: a libmicrohttpd daemon that parses HTTP/1.1 (request
// line, headers, Content-Length or chunked bodies) within explicit limits, routes each POST
// to its source, checks the source's network and body limit, asks the source's adapter for
// the delivery and answers a refusal at once. An accepted delivery is handed to the
// DeliveryWriter and its connection suspended (no thread waits for the commit); the writer's
// answer resumes it.
//
// Limits (ReceiverConfig): connections in all and per IP, memory for the request line and
// headers per connection (beyond it MHD answers 431 itself), an idle timeout, whole-request
// deadlines for the headers and the body (RequestDeadlines), the body limit per source (413)
// and one budget for all bodies buffered at once (BodyBudget, 503). Every refusal is counted
// per source and reason for the database (RefusalLedger) as well as for /metrics.
//
// Framing (RFC 9112 §6): MHD reads only the first Content-Length and the first
// Transfer-Encoding, so the front looks at every header line itself before it takes a body:
// more than one Content-Length (even equal ones), Content-Length with Transfer-Encoding,
// more than one Host, and any Transfer-Encoding but a single "chunked" are answered at once
// (400, or 501 for a coding it does not know) and the connection closed, so no byte after
// them is ever read as a request.

#include "bodybudget.h"
#include "deliverywriter.h"
#include "metrics.h"
#include "receiverconfig.h"
#include "refusalledger.h"
#include "requestdeadlines.h"

#include <QString>

#include <atomic>

struct MHD_Connection;
struct MHD_Daemon;

namespace inbox::front {

class HttpFront final
{
public:
    // Every answer but a 200 is also counted in `refusals` (source, reason, status).
    HttpFront(const ReceiverConfig &config, DeliveryWriter &writer, Metrics &metrics,
              RefusalLedger &refusals, BodyBudget &bodies);
    ~HttpFront();
    Q_DISABLE_COPY_MOVE(HttpFront)

    bool start(QString *error);
    // The port actually bound (for listen = ...:0).
    int port() const;
    // Stops accepting new connections; connections already open are still served.
    void quiesce();
    // Requests begun and not yet finished (answered and sent, or abandoned).
    int inFlight() const { return m_inFlight.load(); }
    void stop();

    // The libmicrohttpd callbacks' way back in; not for other callers.
    struct Callbacks;

private:
    // True: MHD_YES.
    bool handle(MHD_Connection *connection, const char *url, const char *method,
                const char *version, const char *uploadData, size_t *uploadSize, void *context);

    const ReceiverConfig &m_config;
    DeliveryWriter &m_writer;
    Metrics &m_metrics;
    RefusalLedger &m_refusals;
    BodyBudget &m_bodies;
    RequestDeadlines m_deadlines;
    MHD_Daemon *m_daemon = nullptr;
    std::atomic<int> m_inFlight{0};
};

} // namespace inbox::front
