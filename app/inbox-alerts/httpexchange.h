#pragma once
// One HTTP/1.1 request on a connection of its own, written once and never again. Telegram's
// sendMessage has no idempotency key, so a request that may have reached it must not be sent
// a second time by anyone; QNetworkAccessManager does exactly that (it re-sends a request
// once, by itself, when a kept-alive connection closes before the answer, and Qt 6.4 has no
// switch for it). This class sends `Connection: close` on a fresh socket (TLS for https),
// writes the request only once the connection is up, and tells the caller which of these
// happened:
//   an answer          the status and the body (Content-Length, chunked, or up to the close)
//   NotConnected       the connection (or the TLS handshake) failed or timed out before a
//                      byte of the request was written: it certainly did not arrive
//   Timeout, Closed,   the request was written and no whole answer came: it may have arrived
//   Unreadable
// The URL (it carries the token) is never put into an error or a log line.

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <functional>

class QTcpSocket;

namespace inbox::alerts {

class HttpExchange final : public QObject
{
    Q_OBJECT

public:
    struct Result
    {
        enum class Failure { None, NotConnected, Timeout, Closed, Unreadable };
        Failure failure = Failure::None;
        int status = 0; // 0 without a status line
        QByteArray body;
        QString error; // the socket's words, for the log; never the URL
    };
    using Done = std::function<void(const Result &)>;

    // `done` is called once, from the event loop; the exchange deletes itself after it.
    static void post(const QUrl &url, const QByteArray &contentType, const QByteArray &body,
                     int timeoutMs, QObject *context, Done done);

    ~HttpExchange() override;
    Q_DISABLE_COPY_MOVE(HttpExchange)

private:
    HttpExchange(const QUrl &url, QByteArray request, int timeoutMs, QObject *context, Done done);

    void start();
    void onConnected();
    void onReadable();
    void onClosed();
    void onTimeout();
    // Parses m_in: true once a whole answer is there (or, `atClose`, whatever the close ended).
    bool parse(bool atClose);
    void finish(Result::Failure failure, const QString &error = QString());

    QUrl m_url;
    QByteArray m_request;
    Done m_done;
    QTcpSocket *m_socket = nullptr;
    QTimer m_timer;
    QByteArray m_in;
    Result m_result;
    bool m_written = false;
    bool m_finished = false;
};

} // namespace inbox::alerts
