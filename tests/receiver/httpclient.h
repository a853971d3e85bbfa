#pragma once
// A blocking HTTP/1.1 client over a plain socket for the receiver tests: it sends exactly the
// bytes it is given (so hostile requests are possible) and reads one answer. Usable from any
// thread (no Qt event loop).

#include <QByteArray>
#include <QList>

#include <utility>

struct HttpReply
{
    int status = 0; // 0: no answer (refused, closed or timed out)
    QByteArray head;
    QByteArray body;
    bool closedByServer = false; // the server closed the connection (not a timeout)
    QByteArray header(const QByteArray &lowerCaseName) const;
};

class HttpClient final
{
public:
    // A POST with Content-Length, Connection: close and the given extra headers.
    static QByteArray post(const QByteArray &path, const QByteArray &body,
                           const QList<std::pair<QByteArray, QByteArray>> &headers = {});
    static HttpReply exchange(int port, const QByteArray &request, int timeoutMs = 10000);
    static HttpReply get(int port, const QByteArray &path, int timeoutMs = 5000);

    // A connected socket to 127.0.0.1:port (-1 on failure), for tests that send by hand.
    static int connectTo(int port);
    static bool sendAll(int fd, const QByteArray &bytes);
    static HttpReply readReply(int fd, int timeoutMs);
};
