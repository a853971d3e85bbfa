#include "webhookhandler.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QMessageAuthenticationCode>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

WebhookHandler::WebhookHandler(const QByteArray &key, QObject *parent)
    : QObject(parent), m_key(key), m_started(QDateTime::currentMSecsSinceEpoch())
{}

WebhookHandler::~WebhookHandler()
{
    close();
}

bool WebhookHandler::listen(quint16 port)
{
    m_server = new QTcpServer(this);
    connect(m_server, &QTcpServer::newConnection, this, &WebhookHandler::accepted);
    if (!m_server->listen(QHostAddress::LocalHost, port))
        return false;
    m_port = m_server->serverPort();
    return true;
}

void WebhookHandler::close()
{
    if (m_server) {
        m_server->close();
        delete m_server;
        m_server = nullptr;
    }
    const QList<QTcpSocket *> sockets = m_buffers.keys();
    for (QTcpSocket *s : sockets) {
        s->disconnect(this);
        s->abort();
        s->deleteLater();
    }
    m_buffers.clear();
}

QHash<QByteArray, int> WebhookHandler::byKey() const
{
    QHash<QByteArray, int> out;
    for (const Request &r : requests)
        ++out[r.headers.value("idempotency-key")];
    return out;
}

void WebhookHandler::accepted()
{
    while (QTcpSocket *s = m_server->nextPendingConnection()) {
        m_buffers.insert(s, QByteArray());
        connect(s, &QTcpSocket::readyRead, this, [this, s] { readable(s); });
        connect(s, &QTcpSocket::disconnected, this, [this, s] {
            m_buffers.remove(s);
            s->deleteLater();
        });
    }
}

void WebhookHandler::readable(QTcpSocket *socket)
{
    QByteArray &in = m_buffers[socket];
    in += socket->readAll();
    for (;;) {
        const qsizetype end = in.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        Request r;
        const QList<QByteArray> lines = in.left(end).split('\n');
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                r.headers.insert(line.left(colon).trimmed().toLower(),
                                 line.mid(colon + 1).trimmed());
        }
        const qsizetype length = r.headers.value("content-length", "0").toLongLong();
        if (in.size() < end + 4 + length)
            return;
        r.body = in.mid(end + 4, length);
        in.remove(0, end + 4 + length);
        r.atMs = QDateTime::currentMSecsSinceEpoch() - m_started;
        QMessageAuthenticationCode mac(QCryptographicHash::Sha256, m_key);
        mac.addData(r.headers.value("webhook-id") + '.' + r.headers.value("webhook-timestamp") +
                    '.' + r.body);
        const QByteArray expected = "v1," + mac.result().toBase64();
        for (const QByteArray &sig : r.headers.value("webhook-signature").split(' '))
            r.signatureOk = r.signatureOk || sig == expected;
        requests.append(r);
        const Answer a = answer(r);
        if (a.status == 0)
            continue; // hung: this connection never answers again
        QByteArray out = "HTTP/1.1 " + QByteArray::number(a.status) +
                         " X\r\nContent-Length: " + QByteArray::number(a.body.size()) + "\r\n";
        for (const auto &h : a.headers)
            out += h.first + ": " + h.second + "\r\n";
        out += "\r\n" + a.body;
        if (a.delayMs > 0)
            QTimer::singleShot(a.delayMs, socket, [socket, out] { socket->write(out); });
        else
            socket->write(out);
    }
}
