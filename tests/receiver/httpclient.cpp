#include "httpclient.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstring>

QByteArray HttpReply::header(const QByteArray &lowerCaseName) const
{
    for (const QByteArray &line : head.split('\n')) {
        const int colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == lowerCaseName)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

QByteArray HttpClient::post(const QByteArray &path, const QByteArray &body,
                            const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    QByteArray request = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    for (const auto &[name, value] : headers)
        request += name + ": " + value + "\r\n";
    request += "Content-Length: " + QByteArray::number(body.size()) +
               "\r\nConnection: close\r\n\r\n" + body;
    return request;
}

int HttpClient::connectTo(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(quint16(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

bool HttpClient::sendAll(int fd, const QByteArray &bytes)
{
    qsizetype sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n =
            ::send(fd, bytes.constData() + sent, size_t(bytes.size() - sent), MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        sent += n;
    }
    return true;
}

HttpReply HttpClient::readReply(int fd, int timeoutMs)
{
    HttpReply reply;
    QByteArray data;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    qsizetype headEnd = -1;
    qint64 length = -1;
    for (;;) {
        if (headEnd < 0) {
            headEnd = data.indexOf("\r\n\r\n");
            if (headEnd >= 0) {
                reply.head = data.left(headEnd);
                const QList<QByteArray> words = reply.head.split(' ');
                reply.status = words.size() > 1 ? words.at(1).toInt() : 0;
                const QByteArray declared = reply.header("content-length");
                length = declared.isEmpty() ? -1 : declared.toLongLong();
            }
        }
        if (headEnd >= 0 && length >= 0 && data.size() - headEnd - 4 >= length)
            break;
        const int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                                 deadline - std::chrono::steady_clock::now())
                                 .count());
        if (left <= 0)
            break;
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, left) <= 0)
            break;
        char buffer[16384];
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) {
            reply.closedByServer = true;
            break;
        }
        data.append(buffer, n);
    }
    if (headEnd < 0) {
        HttpReply none;
        none.closedByServer = reply.closedByServer;
        return none;
    }
    reply.body = data.mid(headEnd + 4);
    if (length >= 0)
        reply.body.truncate(length);
    return reply;
}

HttpReply HttpClient::exchange(int port, const QByteArray &request, int timeoutMs)
{
    const int fd = connectTo(port);
    if (fd < 0)
        return {};
    HttpReply reply;
    if (sendAll(fd, request))
        reply = readReply(fd, timeoutMs);
    ::close(fd);
    return reply;
}

HttpReply HttpClient::get(int port, const QByteArray &path, int timeoutMs)
{
    return exchange(port,
                    "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                    timeoutMs);
}
