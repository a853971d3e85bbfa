#pragma once
// A real HTTP/1.1 handler for the dispatcher's tests, in the test's event loop: keep-alive,
// Content-Length bodies, every request recorded with its headers and body, and each one's
// Standard Webhooks signature checked here with an HMAC of its own (QMessageAuthenticationCode,
// not the dispatcher's code). What it answers is up to the test (`answer`); an answer with
// status 0 is never sent (a hung handler).

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QMap>
#include <QObject>

#include <functional>

class QTcpServer;
class QTcpSocket;

class WebhookHandler final : public QObject
{
    Q_OBJECT

public:
    struct Request
    {
        QMap<QByteArray, QByteArray> headers; // names in lower case
        QByteArray body;
        bool signatureOk = false;
        qint64 atMs = 0; // since the handler started
    };
    struct Answer
    {
        int status = 200; // 0: never answer
        QByteArray body;
        QList<QPair<QByteArray, QByteArray>> headers;
        int delayMs = 0; // the answer goes this long after the request (a slow handler)
    };

    explicit WebhookHandler(const QByteArray &key, QObject *parent = nullptr);
    ~WebhookHandler() override;
    Q_DISABLE_COPY_MOVE(WebhookHandler)

    // Listens on 127.0.0.1:`port` (0: any free port); false when it cannot.
    bool listen(quint16 port = 0);
    void close(); // stops listening and drops every connection
    quint16 port() const { return m_port; }

    std::function<Answer(const Request &)> answer = [](const Request &) {
        return Answer{};
    };
    QList<Request> requests;
    // How many requests carried each Idempotency-Key.
    QHash<QByteArray, int> byKey() const;

private:
    void accepted();
    void readable(QTcpSocket *socket);

    QByteArray m_key;
    QTcpServer *m_server = nullptr;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    quint16 m_port = 0;
    qint64 m_started = 0;
};
