#include "pacedclient.h"

#include "deliveries.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <random>
#include <vector>

namespace bench {

namespace {

using Clock = std::chrono::steady_clock;

double msBetween(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double, std::milli>(b - a).count();
}

struct Connection
{
    int fd = -1;
    bool busy = false;
    bool closeAfter = false;
    QByteArray out;
    qsizetype written = 0;
    QByteArray in;
    Clock::time_point scheduled;
    Clock::time_point sent;
};

int openConnection(quint16 port, QString *error)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        *error = QStringLiteral("socket: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return -1;
    }
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&a), sizeof a) != 0) {
        *error = QStringLiteral("connect to 127.0.0.1:%1: %2")
                     .arg(port)
                     .arg(QString::fromLocal8Bit(std::strerror(errno)));
        ::close(fd);
        return -1;
    }
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

// A whole response at the front of `in`: its length, status and whether the server closes;
// 0 while incomplete. Only Content-Length bodies (what the receiver sends).
qsizetype responseLength(const QByteArray &in, int *status, bool *close)
{
    const qsizetype end = in.indexOf("\r\n\r\n");
    if (end < 0)
        return 0;
    const QByteArray head = in.left(end).toLower();
    *status = head.mid(9, 3).toInt();
    *close = head.contains("\r\nconnection: close");
    qsizetype length = 0;
    const qsizetype at = head.indexOf("\r\ncontent-length:");
    if (at >= 0) {
        const qsizetype lineEnd = head.indexOf("\r\n", at + 2);
        length = head.mid(at + 17, lineEnd < 0 ? -1 : lineEnd - at - 17).trimmed().toLongLong();
    }
    const qsizetype total = end + 4 + length;
    return in.size() >= total ? total : 0;
}

} // namespace

PacedClient::PacedClient(quint16 port, const QByteArray &path, Deliveries *deliveries)
    : m_port(port), m_path(path), m_deliveries(deliveries),
      m_rng(quint64(Clock::now().time_since_epoch().count()))
{}

QByteArray PacedClient::nextRequest()
{
    if (m_requests)
        return m_requests();
    bool repeat = false;
    const QByteArray body = Deliveries::body(m_deliveries->pick(0, m_rng, &repeat));
    return "POST " + m_path + " HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(m_port) +
           "\r\nContent-Type: application/json\r\nContent-Length: " +
           QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

bool PacedClient::run(const Plan &plan, PacedResult *result, QString *error)
{
    std::vector<Connection> conns(size_t(std::max(1, plan.connections)));
    for (Connection &c : conns) {
        c.fd = openConnection(m_port, error);
        if (c.fd < 0) {
            for (Connection &o : conns)
                if (o.fd >= 0)
                    ::close(o.fd);
            return false;
        }
    }
    bool ok = true;
    const bool open = plan.rate > 0;
    const auto interval = open ? std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(1.0 / plan.rate))
                               : Clock::duration::zero();
    const auto t0 = Clock::now();
    const auto stopSending = t0 + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(plan.seconds));
    // No answer for 30 s while deliveries wait is a failure, not a figure.
    constexpr auto kStall = std::chrono::seconds(30);
    auto lastAnswer = t0;
    std::deque<Clock::time_point> pending; // scheduled, not yet sent (open loop)
    qint64 issued = 0;                     // scheduled (open) or sent (closed)
    qint64 nextProgress = plan.progressEvery;
    const auto mayIssue = [&](Clock::time_point now) {
        return now < stopSending && (plan.maxCount < 0 || issued < plan.maxCount);
    };
    const auto send = [&](Connection &c, Clock::time_point scheduled, Clock::time_point now) {
        c.out = nextRequest();
        c.written = 0;
        c.busy = true;
        c.scheduled = scheduled;
        c.sent = now;
        if (open && msBetween(scheduled, now) > 1.0)
            ++result->late;
        const ssize_t n = ::send(c.fd, c.out.constData(), size_t(c.out.size()), MSG_NOSIGNAL);
        if (n > 0)
            c.written = n;
    };
    std::vector<pollfd> fds;
    std::vector<Connection *> polled;
    while (true) {
        auto now = Clock::now();
        if (open) {
            while (mayIssue(now) && t0 + issued * interval <= now) {
                pending.push_back(t0 + issued * interval);
                ++issued;
            }
        }
        for (Connection &c : conns) {
            if (c.busy)
                continue;
            if (open) {
                if (pending.empty())
                    break;
                send(c, pending.front(), now);
                pending.pop_front();
            } else if (mayIssue(now)) {
                ++issued;
                send(c, now, now);
            }
        }
        // Open loop: a delivery due while every connection waits gets a new connection, up
        // to maxConnections, as a sender opens more when answers are slow. Beyond that it
        // waits in `pending`, and the wait is part of its latency.
        while (open && !pending.empty() && int(conns.size()) < plan.maxConnections) {
            Connection c;
            c.fd = openConnection(m_port, error);
            if (c.fd < 0) {
                ok = false;
                break;
            }
            conns.push_back(std::move(c));
            send(conns.back(), pending.front(), now);
            pending.pop_front();
        }
        if (!ok)
            break;
        result->connections = std::max(result->connections, int(conns.size()));
        bool anyBusy = false;
        for (const Connection &c : conns)
            anyBusy = anyBusy || c.busy;
        if (!anyBusy && pending.empty() && !mayIssue(now))
            break;
        if (now - lastAnswer > kStall) {
            *error = QStringLiteral("the receiver stopped answering (%1 answered)")
                         .arg(result->answered);
            ok = false;
            break;
        }
        fds.clear();
        polled.clear();
        for (Connection &c : conns) {
            if (!c.busy)
                continue;
            short events = POLLIN;
            if (c.written < c.out.size())
                events |= POLLOUT;
            fds.push_back({c.fd, events, 0});
            polled.push_back(&c);
        }
        timespec timeout{0, 100 * 1000 * 1000};
        if (open && mayIssue(now)) {
            const auto wait =
                std::chrono::duration_cast<std::chrono::nanoseconds>(t0 + issued * interval - now);
            const qint64 ns = std::max<qint64>(0, qint64(wait.count()));
            timeout.tv_sec = time_t(ns / 1000000000);
            timeout.tv_nsec = long(ns % 1000000000);
        }
        const int ready = ::ppoll(fds.data(), nfds_t(fds.size()), &timeout, nullptr);
        if (ready < 0 && errno != EINTR) {
            *error = QStringLiteral("ppoll: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
            ok = false;
            break;
        }
        if (ready <= 0)
            continue;
        now = Clock::now();
        for (size_t i = 0; i < fds.size(); ++i) {
            Connection &c = *polled[i];
            if ((fds[i].revents & POLLOUT) && c.written < c.out.size()) {
                const ssize_t n = ::send(c.fd, c.out.constData() + c.written,
                                         size_t(c.out.size() - c.written), MSG_NOSIGNAL);
                if (n > 0)
                    c.written += n;
            }
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            char buffer[16384];
            bool lost = false;
            while (true) {
                const ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
                if (n > 0) {
                    c.in.append(buffer, n);
                    continue;
                }
                lost = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
                break;
            }
            int status = 0;
            bool closes = false;
            const qsizetype length = responseLength(c.in, &status, &closes);
            if (length > 0) {
                c.in.remove(0, length);
                c.busy = false;
                lastAnswer = now;
                if (status == 200) {
                    ++result->answered;
                    if (plan.recordLatency) {
                        result->latencyMs << msBetween(c.scheduled, now);
                        result->serviceMs << msBetween(c.sent, now);
                    }
                } else {
                    ++result->refused;
                }
                if (plan.progress && plan.progressEvery > 0 && result->answered >= nextProgress) {
                    plan.progress(result->answered);
                    nextProgress += plan.progressEvery;
                }
                lost = lost || closes;
            } else if (lost && c.busy) {
                ++result->refused;
                c.busy = false;
            }
            if (lost) {
                ::close(c.fd);
                c.in.clear();
                c.fd = openConnection(m_port, error);
                if (c.fd < 0) {
                    ok = false;
                    break;
                }
            }
        }
        if (!ok)
            break;
    }
    result->elapsedS = std::chrono::duration<double>(Clock::now() - t0).count();
    for (Connection &c : conns)
        if (c.fd >= 0)
            ::close(c.fd);
    return ok;
}

} // namespace bench
