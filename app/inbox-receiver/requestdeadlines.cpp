#include "requestdeadlines.h"

#include <sys/socket.h>

namespace inbox::front {

namespace {

// How often the deadlines are checked: a late connection lives at most this much longer.
constexpr auto kTick = std::chrono::milliseconds(200);

} // namespace

RequestDeadlines::RequestDeadlines(int headerTimeoutS, int bodyTimeoutS,
                                   std::function<void(const QByteArray &)> expired)
    : m_headerTimeout(headerTimeoutS), m_bodyTimeout(bodyTimeoutS), m_expired(std::move(expired))
{}

RequestDeadlines::~RequestDeadlines()
{
    stop();
}

void RequestDeadlines::start()
{
    m_thread = std::thread([this] { run(); });
}

void RequestDeadlines::stop()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void RequestDeadlines::opened(const void *connection, int fd)
{
    std::lock_guard lock(m_mutex);
    Tracked &t = m_connections[connection];
    t.fd = fd;
    t.phase = Phase::Headers;
    t.due = Clock::now() + m_headerTimeout;
}

void RequestDeadlines::set(const void *connection, Phase phase)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_connections.find(connection);
    if (it == m_connections.end())
        return;
    it->second.phase = phase;
    if (phase == Phase::Headers)
        it->second.due = Clock::now() + m_headerTimeout;
    else if (phase == Phase::Body)
        it->second.due = Clock::now() + m_bodyTimeout;
}

void RequestDeadlines::headersDone(const void *connection)
{
    set(connection, Phase::Body);
}

void RequestDeadlines::bodyDone(const void *connection)
{
    set(connection, Phase::None);
}

void RequestDeadlines::requestEnded(const void *connection)
{
    set(connection, Phase::Headers);
}

void RequestDeadlines::closed(const void *connection)
{
    std::lock_guard lock(m_mutex);
    m_connections.erase(connection);
}

void RequestDeadlines::run()
{
    std::unique_lock lock(m_mutex);
    while (!m_stopping) {
        m_wake.wait_for(lock, kTick);
        const Clock::time_point now = Clock::now();
        for (auto &[connection, t] : m_connections) {
            if (t.phase == Phase::None || now < t.due)
                continue;
            // Counted first, so whoever sees the connection end also sees it counted.
            m_expired(t.phase == Phase::Headers ? QByteArrayLiteral("headers")
                                                : QByteArrayLiteral("body"));
            // Under the lock: `closed` cannot have run, so the descriptor is still this
            // connection's.
            ::shutdown(t.fd, SHUT_RDWR);
            t.phase = Phase::None;
        }
    }
}

} // namespace inbox::front
