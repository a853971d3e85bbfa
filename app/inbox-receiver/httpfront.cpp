#include "httpfront.h"

#include "support/logging.h"

#include <microhttpd.h>
#include <spdlog/spdlog.h>

#include <unistd.h>

#include <chrono>

namespace inbox::front {

namespace {

using Clock = std::chrono::steady_clock;

// One request, from its request line (libmicrohttpd's URI log callback) to its completion.
struct RequestState
{
    Clock::time_point started = Clock::now();
    QByteArray rawUri;
    bool begun = false;
    const SourceConfig *source = nullptr;
    QByteArray pathRest;
    sockaddr_storage forwarded{};
    bool hasForwarded = false;
    QByteArray body;
    bool tooLarge = false;
    bool overBudget = false; // the bodies' budget was spent: the rest is read and dropped
    qint64 budgeted = 0;     // bytes of `body` taken from the budget
    // Written by a writer thread before it resumes the connection.
    WriteResult result;
    std::atomic<bool> ready{false};
};

QByteArray jsonError(const QByteArray &reason)
{
    return "{\"error\":\"" + reason + "\"}\n";
}

MHD_Result respond(MHD_Connection *connection, unsigned status, const QByteArray &body,
                   int retryAfterS = 0, const char *allow = nullptr)
{
    MHD_Response *response = MHD_create_response_from_buffer(
        size_t(body.size()), const_cast<char *>(body.constData()), MHD_RESPMEM_MUST_COPY);
    if (!response)
        return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
    if (retryAfterS > 0)
        MHD_add_response_header(response, MHD_HTTP_HEADER_RETRY_AFTER,
                                QByteArray::number(retryAfterS).constData());
    if (allow)
        MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, allow);
    const MHD_Result queued = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return queued;
}

MHD_Result collectHeader(void *cls, MHD_ValueKind, const char *key, size_t keySize,
                         const char *value, size_t valueSize)
{
    auto *headers = static_cast<QList<std::pair<QByteArray, QByteArray>> *>(cls);
    headers->append(
        {QByteArray(key, qsizetype(keySize)).toLower(), QByteArray(value, qsizetype(valueSize))});
    return MHD_YES;
}

// The header lines that frame a request, counted over every line (MHD's lookups return the
// first one only).
struct FramingHeaders
{
    int contentLength = 0;
    int host = 0;
    int transferEncoding = 0;
    QByteArray transferCodings; // every Transfer-Encoding line's value, joined with ','
};

MHD_Result countFramingHeader(void *cls, MHD_ValueKind, const char *key, size_t keySize,
                              const char *value, size_t valueSize)
{
    auto *headers = static_cast<FramingHeaders *>(cls);
    const QByteArray name = QByteArray(key, qsizetype(keySize)).toLower();
    if (name == "content-length") {
        ++headers->contentLength;
    } else if (name == "host") {
        ++headers->host;
    } else if (name == "transfer-encoding") {
        if (headers->transferEncoding++ > 0)
            headers->transferCodings += ',';
        headers->transferCodings += QByteArray(value, qsizetype(valueSize));
    }
    return MHD_YES;
}

struct FramingProblem
{
    unsigned status = 0; // 0: none
    QByteArray reason;
};

// RFC 9112 §6.1-6.3 and §3.2: what the request's framing headers allow. MHD itself already
// answered a Content-Length that is not one decimal number (a list "5, 5" included) and a
// missing Host in HTTP/1.1.
FramingProblem framingProblem(MHD_Connection *connection, const char *version)
{
    FramingHeaders h;
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, countFramingHeader, &h);
    if (h.host > 1)
        return {MHD_HTTP_BAD_REQUEST, "duplicate_host"};
    // Two lengths, equal or not, or a length beside a coding: the request-smuggling shapes.
    if (h.contentLength > 1 || (h.contentLength > 0 && h.transferEncoding > 0))
        return {MHD_HTTP_BAD_REQUEST, "ambiguous_length"};
    if (h.transferEncoding == 0)
        return {};
    // HTTP/1.0 has no transfer codings: the framing is faulty (§6.1).
    if (qstrcmp(version, MHD_HTTP_VERSION_1_0) == 0)
        return {MHD_HTTP_BAD_REQUEST, "bad_transfer_encoding"};
    int chunked = 0;
    for (const QByteArray &item : h.transferCodings.split(',')) {
        const QByteArray coding = item.trimmed().toLower();
        if (coding.isEmpty())
            continue;
        if (coding != "chunked")
            return {MHD_HTTP_NOT_IMPLEMENTED, "transfer_coding"}; // gzip, identity, ...
        ++chunked;
    }
    // Exactly the one value MHD reads as chunked; "chunked, chunked" or two lines are not.
    if (h.transferEncoding != 1 || chunked != 1 ||
        qstricmp(h.transferCodings.constData(), "chunked") != 0)
        return {MHD_HTTP_BAD_REQUEST, "bad_transfer_encoding"};
    return {};
}

int statusOf(::receiver::Refusal refusal)
{
    switch (refusal) {
    case ::receiver::Refusal::Unauthorized:
        return 401;
    case ::receiver::Refusal::Forbidden:
        return 403;
    case ::receiver::Refusal::NoKey:
    case ::receiver::Refusal::Malformed:
        return 400;
    case ::receiver::Refusal::None:
        break;
    }
    return 200;
}

const sockaddr *peerOf(MHD_Connection *connection)
{
    const MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : nullptr;
}

void mhdLog(void *, const char *format, va_list args)
{
    char text[512];
    vsnprintf(text, sizeof text, format, args);
    QByteArray line(text);
    while (line.endsWith('\n'))
        line.chop(1);
    // Debug: a scan of malformed requests must not flood the journal.
    logger("http")->debug("libmicrohttpd: {}", line.constData());
}

} // namespace

struct HttpFront::Callbacks
{
    static void *uriLog(void *cls, const char *uri, MHD_Connection *)
    {
        auto *front = static_cast<HttpFront *>(cls);
        front->m_inFlight.fetch_add(1);
        auto *state = new RequestState;
        state->rawUri = uri;
        return state;
    }

    static void completed(void *cls, MHD_Connection *connection, void **context,
                          MHD_RequestTerminationCode)
    {
        auto *front = static_cast<HttpFront *>(cls);
        auto *state = static_cast<RequestState *>(*context);
        if (!state)
            return;
        front->m_bodies.give(state->budgeted);
        front->m_deadlines.requestEnded(connection);
        delete state;
        *context = nullptr;
        front->m_inFlight.fetch_sub(1);
    }

    static void connectionEvent(void *cls, MHD_Connection *connection, void **,
                                MHD_ConnectionNotificationCode code)
    {
        auto *front = static_cast<HttpFront *>(cls);
        if (code == MHD_CONNECTION_NOTIFY_STARTED) {
            const MHD_ConnectionInfo *info =
                MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
            front->m_deadlines.opened(connection, info ? int(info->connect_fd) : -1);
        } else {
            // Before MHD closes the descriptor.
            front->m_deadlines.closed(connection);
        }
    }

    static MHD_Result handle(void *cls, MHD_Connection *connection, const char *url,
                             const char *method, const char *version, const char *uploadData,
                             size_t *uploadSize, void **context)
    {
        auto *front = static_cast<HttpFront *>(cls);
        auto *state = static_cast<RequestState *>(*context);
        if (!state)
            return MHD_NO; // cannot happen: the URI log callback made it
        return front->handle(connection, url, method, version, uploadData, uploadSize, state)
                   ? MHD_YES
                   : MHD_NO;
    }
};

HttpFront::HttpFront(const ReceiverConfig &config, DeliveryWriter &writer, Metrics &metrics,
                     RefusalLedger &refusals, BodyBudget &bodies)
    : m_config(config), m_writer(writer), m_metrics(metrics), m_refusals(refusals),
      m_bodies(bodies),
      m_deadlines(config.headerTimeoutS, config.bodyTimeoutS,
                  [&metrics](const QByteArray &phase) { metrics.closedAtDeadline(phase); })
{}

HttpFront::~HttpFront()
{
    stop();
}

bool HttpFront::handle(MHD_Connection *connection, const char *url, const char *method,
                       const char *version, const char *uploadData, size_t *uploadSize,
                       void *context)
{
    auto *state = static_cast<RequestState *>(context);
    const auto log = logger("http");
    const auto seconds = [state] {
        return std::chrono::duration<double>(Clock::now() - state->started).count();
    };
    const auto refuse = [&](const QString &source, unsigned status, const QByteArray &reason,
                            int retryAfter = 0, const char *allow = nullptr) {
        m_metrics.answered(
            source, status == 503 ? QByteArrayLiteral("unavailable") : QByteArrayLiteral("refused"),
            int(status), seconds());
        // No source: an unknown path, one bucket whatever the path.
        m_refusals.count(state->source ? source : QString(), reason, int(status));
        return respond(connection, status, jsonError(reason), retryAfter, allow) == MHD_YES;
    };

    if (!state->begun) {
        state->begun = true;
        m_deadlines.headersDone(connection);
        const sockaddr *peer = peerOf(connection);
        // Behind a trusted proxy the sender is the address the proxy appended; a request
        // through it without one is checked as the proxy's (and so usually refused).
        if (!m_config.trustedProxies.isEmpty() && m_config.trustedProxies.allows(peer)) {
            const char *forwarded =
                MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "X-Forwarded-For");
            if (forwarded && NetworkList::forwardedFor(QByteArray(forwarded), &state->forwarded))
                state->hasForwarded = true;
        }
        if (state->hasForwarded)
            peer = reinterpret_cast<const sockaddr *>(&state->forwarded);
        state->source = m_config.route(QByteArray(url), &state->pathRest);
        // Refused at once, before any body byte is read: MHD closes the connection after an
        // answer queued now, so the bytes that follow are never taken for a request.
        const FramingProblem framing = framingProblem(connection, version);
        if (framing.status != 0) {
            const QString name = state->source ? state->source->rules.source : QStringLiteral("-");
            log->warn("refused source={} reason={} peer={}", name.toStdString(),
                      framing.reason.constData(), NetworkList::peerText(peer).constData());
            m_metrics.refused(name, framing.reason);
            return refuse(name, framing.status, framing.reason);
        }
        if (!state->source) {
            log->debug("404 for path {} from {}", QByteArray(url).left(200).constData(),
                       NetworkList::peerText(peer).constData());
            return refuse(QStringLiteral("-"), MHD_HTTP_NOT_FOUND, "unknown_path");
        }
        const QString &source = state->source->rules.source;
        if (qstrcmp(method, MHD_HTTP_METHOD_POST) != 0)
            return refuse(source, MHD_HTTP_METHOD_NOT_ALLOWED, "method_not_allowed", 0,
                          MHD_HTTP_METHOD_POST);
        if (!state->source->networks.allows(peer)) {
            log->warn("refused source={} reason=network peer={}", source.toStdString(),
                      NetworkList::peerText(peer).constData());
            m_metrics.refused(source, "network");
            return refuse(source, MHD_HTTP_FORBIDDEN, "network");
        }
        if (const char *length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                                             MHD_HTTP_HEADER_CONTENT_LENGTH)) {
            bool ok = false;
            const qint64 declared = QByteArray(length).trimmed().toLongLong(&ok);
            if (ok && declared > state->source->bodyLimit) {
                log->warn("refused source={} reason=body_limit peer={} size={}",
                          source.toStdString(), NetworkList::peerText(peer).constData(), declared);
                m_metrics.refused(source, "body_limit");
                return refuse(source, MHD_HTTP_CONTENT_TOO_LARGE, "body_limit");
            }
            if (ok && !m_bodies.wouldFit(declared)) {
                log->warn("refused source={} reason=body_memory peer={} size={} buffered={}",
                          source.toStdString(), NetworkList::peerText(peer).constData(), declared,
                          m_bodies.used());
                m_metrics.refused(source, "body_memory");
                return refuse(source, MHD_HTTP_SERVICE_UNAVAILABLE, "body_memory",
                              m_config.retryAfterS);
            }
        }
        return true;
    }

    const QString &source = state->source->rules.source;
    if (state->ready.load()) {
        const WriteResult &r = state->result;
        m_metrics.answered(source, r.outcome, r.status, seconds());
        if (r.status != 200) {
            // The writer's refusal (the inbox refused what the adapter took) or 503.
            m_refusals.count(source,
                             r.status == 503 ? QByteArrayLiteral("unavailable")
                                             : QByteArrayLiteral("inbox_refused"),
                             r.status);
        }
        MHD_Result queued;
        if (r.status == 200)
            queued = respond(connection, 200,
                             "{\"event_id\":" + QByteArray::number(r.eventId) + ",\"outcome\":\"" +
                                 r.outcome + "\"}\n");
        else if (r.status == 503)
            queued = respond(connection, 503, jsonError("unavailable"), m_config.retryAfterS);
        else
            queued = respond(connection, unsigned(r.status), jsonError(r.outcome));
        return queued == MHD_YES;
    }

    if (*uploadSize > 0) {
        // A chunked body has no declared length, and a declared one may be a lie: count as it
        // comes, keep nothing beyond a limit (the rest is read and dropped, then refused).
        const qint64 n = qint64(*uploadSize);
        *uploadSize = 0;
        if (state->tooLarge || state->overBudget)
            return true;
        if (state->body.size() + n > state->source->bodyLimit)
            state->tooLarge = true;
        else if (!m_bodies.take(n))
            state->overBudget = true;
        if (state->tooLarge || state->overBudget) {
            m_bodies.give(state->budgeted);
            state->budgeted = 0;
            state->body = QByteArray();
            return true;
        }
        state->budgeted += n;
        state->body.append(uploadData, qsizetype(n));
        return true;
    }

    // The body has ended: no deadline while the request is stored and answered.
    m_deadlines.bodyDone(connection);

    const sockaddr *peer = state->hasForwarded
                               ? reinterpret_cast<const sockaddr *>(&state->forwarded)
                               : peerOf(connection);
    if (state->tooLarge) {
        log->warn("refused source={} reason=body_limit peer={} size>{}", source.toStdString(),
                  NetworkList::peerText(peer).constData(), state->source->bodyLimit);
        m_metrics.refused(source, "body_limit");
        return refuse(source, MHD_HTTP_CONTENT_TOO_LARGE, "body_limit");
    }
    if (state->overBudget) {
        log->warn("refused source={} reason=body_memory peer={} buffered={}", source.toStdString(),
                  NetworkList::peerText(peer).constData(), m_bodies.used());
        m_metrics.refused(source, "body_memory");
        return refuse(source, MHD_HTTP_SERVICE_UNAVAILABLE, "body_memory", m_config.retryAfterS);
    }

    ::receiver::HttpRequest request;
    request.method = method;
    request.path = url;
    request.pathRest = state->pathRest;
    const int question = state->rawUri.indexOf('?');
    if (question >= 0)
        request.query = state->rawUri.mid(question + 1);
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, collectHeader, &request.headers);
    request.body = state->body;
    request.receivedAt = QDateTime::currentDateTimeUtc();
    const ::receiver::Extraction extraction = ::receiver::extract(state->source->rules, request);
    if (extraction.refusal != ::receiver::Refusal::None) {
        log->warn("refused source={} reason={} peer={} size={}", source.toStdString(),
                  extraction.reason.constData(), NetworkList::peerText(peer).constData(),
                  state->body.size());
        m_metrics.refused(source, extraction.reason);
        return refuse(source, unsigned(statusOf(extraction.refusal)), extraction.reason);
    }

    // Suspended before it is queued: the writer may answer before this function returns.
    MHD_suspend_connection(connection);
    PendingDelivery pending;
    pending.source = source;
    pending.body = state->body;
    pending.delivery = extraction.delivery;
    pending.done = [state, connection](const WriteResult &result) {
        state->result = result;
        state->ready.store(true);
        MHD_resume_connection(connection);
    };
    if (!m_writer.submit(std::move(pending))) {
        WriteResult unavailable;
        unavailable.status = 503;
        unavailable.outcome = "unavailable";
        state->result = unavailable;
        state->ready.store(true);
        MHD_resume_connection(connection);
    }
    return true;
}

bool HttpFront::start(QString *error)
{
    unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    if (m_config.listen.v6)
        flags |= MHD_USE_IPv6;
    m_daemon = MHD_start_daemon(
        flags, 0, nullptr, nullptr, &Callbacks::handle, this, MHD_OPTION_SOCK_ADDR,
        reinterpret_cast<const sockaddr *>(&m_config.listen.address), MHD_OPTION_CONNECTION_LIMIT,
        unsigned(m_config.maxConnections), MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        unsigned(m_config.maxConnectionsPerIp), MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        size_t(m_config.headerMemory), MHD_OPTION_CONNECTION_TIMEOUT,
        unsigned(m_config.connectionTimeoutS), MHD_OPTION_THREAD_POOL_SIZE,
        unsigned(m_config.threads), MHD_OPTION_STRICT_FOR_CLIENT, 1, MHD_OPTION_URI_LOG_CALLBACK,
        &Callbacks::uriLog, this, MHD_OPTION_NOTIFY_COMPLETED, &Callbacks::completed, this,
        MHD_OPTION_NOTIFY_CONNECTION, &Callbacks::connectionEvent, this, MHD_OPTION_EXTERNAL_LOGGER,
        &mhdLog, nullptr, MHD_OPTION_END);
    if (m_daemon)
        m_deadlines.start();
    if (!m_daemon) {
        *error = QStringLiteral("cannot listen on %1 (in use, or not this host's address?)")
                     .arg(m_config.listen.text);
        return false;
    }
    return true;
}

int HttpFront::port() const
{
    if (!m_daemon)
        return 0;
    const MHD_DaemonInfo *info = MHD_get_daemon_info(m_daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

void HttpFront::quiesce()
{
    if (!m_daemon)
        return;
    const MHD_socket listening = MHD_quiesce_daemon(m_daemon);
    if (listening != MHD_INVALID_SOCKET)
        ::close(listening);
}

void HttpFront::stop()
{
    if (m_daemon)
        MHD_stop_daemon(m_daemon);
    m_daemon = nullptr;
    m_deadlines.stop();
}

} // namespace inbox::front
