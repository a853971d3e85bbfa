#pragma once
// Whole-request deadlines for the HTTP front, which libmicrohttpd 0.9.75 does not have (its
// connection timeout is an idle timeout that every byte resets, so one byte every few
// seconds holds a connection for ever). Each connection is in one phase: its headers due by
// a deadline, its body due by another, or none (the request is with the writer, or its
// answer is being sent: the idle timeout covers a client that does not read). A thread of
// its own checks the deadlines a few times a second and shuts a late connection's socket
// down (shutdown(2), never close: the descriptor stays libmicrohttpd's), so the server's own
// loop sees the end of the stream and closes the connection as it would any other.
//
// The HTTP threads report each connection's transitions; `closed` must come before the
// descriptor is closed (libmicrohttpd's MHD_CONNECTION_NOTIFY_CLOSED does), so a shutdown
// never reaches a descriptor number that a new connection reuses. Thread-safe.

#include <QByteArray>
#include <QtGlobal>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace inbox::front {

class RequestDeadlines final
{
public:
    // `expired` is called on the deadlines' thread, with "headers" or "body", under the
    // registry's lock (so it must not call back in), just before the socket is shut down.
    RequestDeadlines(int headerTimeoutS, int bodyTimeoutS,
                     std::function<void(const QByteArray &phase)> expired);
    ~RequestDeadlines();
    Q_DISABLE_COPY_MOVE(RequestDeadlines)

    void start();
    void stop();

    // A new connection: its first request's headers are due.
    void opened(const void *connection, int fd);
    // The headers arrived: the body is due.
    void headersDone(const void *connection);
    // The body arrived: no deadline while the request is stored and answered.
    void bodyDone(const void *connection);
    // A request ended: on a kept-alive connection the next one's headers are due.
    void requestEnded(const void *connection);
    void closed(const void *connection);

private:
    using Clock = std::chrono::steady_clock;
    enum class Phase { Headers, Body, None };
    struct Tracked
    {
        int fd = -1;
        Phase phase = Phase::Headers;
        Clock::time_point due;
    };

    void set(const void *connection, Phase phase);
    void run();

    const std::chrono::seconds m_headerTimeout;
    const std::chrono::seconds m_bodyTimeout;
    const std::function<void(const QByteArray &)> m_expired;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::unordered_map<const void *, Tracked> m_connections;
    std::thread m_thread;
};

} // namespace inbox::front
