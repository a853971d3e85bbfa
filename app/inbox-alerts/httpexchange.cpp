#include "httpexchange.h"

#include <QNetworkProxy>
#include <QSslSocket>
#include <QTcpSocket>

namespace inbox::alerts {

namespace {
constexpr qsizetype kMaxAnswer = 1024 * 1024; // Telegram's answers are a few hundred bytes
}

void HttpExchange::post(const QUrl &url, const QByteArray &contentType, const QByteArray &body,
                        int timeoutMs, QObject *context, Done done)
{
    const bool https = url.scheme() == QLatin1String("https");
    const int port = url.port(https ? 443 : 80);
    QByteArray target = url.path(QUrl::FullyEncoded).toLatin1();
    if (target.isEmpty())
        target = "/";
    if (url.hasQuery())
        target += '?' + url.query(QUrl::FullyEncoded).toLatin1();
    QByteArray host = url.host(QUrl::FullyEncoded).toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']';
    if (port != (https ? 443 : 80))
        host += ':' + QByteArray::number(port);
    QByteArray request = "POST " + target + " HTTP/1.1\r\nHost: " + host +
                         "\r\nContent-Type: " + contentType +
                         "\r\nContent-Length: " + QByteArray::number(body.size()) +
                         "\r\nAccept: application/json\r\nConnection: close\r\n\r\n" + body;
    auto *exchange = new HttpExchange(url, std::move(request), timeoutMs, context, std::move(done));
    exchange->start();
}

HttpExchange::HttpExchange(const QUrl &url, QByteArray request, int timeoutMs, QObject *context,
                           Done done)
    : QObject(context), m_url(url), m_request(std::move(request)), m_done(std::move(done))
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(timeoutMs);
    connect(&m_timer, &QTimer::timeout, this, &HttpExchange::onTimeout);
}

HttpExchange::~HttpExchange() = default;

void HttpExchange::start()
{
    const bool https = m_url.scheme() == QLatin1String("https");
    const quint16 port = quint16(m_url.port(https ? 443 : 80));
    if (https) {
        auto *ssl = new QSslSocket(this);
        m_socket = ssl;
        connect(ssl, &QSslSocket::encrypted, this, &HttpExchange::onConnected);
    } else {
        m_socket = new QTcpSocket(this);
        connect(m_socket, &QTcpSocket::connected, this, &HttpExchange::onConnected);
    }
    m_socket->setProxy(QNetworkProxy::NoProxy);
    connect(m_socket, &QTcpSocket::readyRead, this, &HttpExchange::onReadable);
    connect(m_socket, &QTcpSocket::disconnected, this, &HttpExchange::onClosed);
    connect(m_socket, &QTcpSocket::errorOccurred, this, &HttpExchange::onClosed);
    m_timer.start();
    if (https)
        static_cast<QSslSocket *>(m_socket)->connectToHostEncrypted(m_url.host(), port);
    else
        m_socket->connectToHost(m_url.host(), port);
}

void HttpExchange::onConnected()
{
    if (m_finished || m_written)
        return;
    // From here on the request may reach the server: whatever happens, it is not written again.
    m_written = true;
    m_socket->write(m_request);
}

void HttpExchange::onReadable()
{
    if (m_finished)
        return;
    m_in += m_socket->readAll();
    if (m_in.size() > kMaxAnswer) {
        finish(Result::Failure::Unreadable, QStringLiteral("answer larger than 1 MiB"));
        return;
    }
    if (parse(false))
        finish(Result::Failure::None);
}

void HttpExchange::onClosed()
{
    if (m_finished)
        return;
    const QString why = m_socket->errorString();
    if (!m_written) {
        finish(Result::Failure::NotConnected, why);
        return;
    }
    m_in += m_socket->readAll();
    if (parse(true))
        finish(Result::Failure::None);
    else if (m_in.isEmpty())
        finish(Result::Failure::Closed, why);
    else
        finish(Result::Failure::Unreadable, QStringLiteral("incomplete answer"));
}

void HttpExchange::onTimeout()
{
    if (m_finished)
        return;
    finish(m_written ? Result::Failure::Timeout : Result::Failure::NotConnected,
           QStringLiteral("no answer within %1 ms").arg(m_timer.interval()));
}

bool HttpExchange::parse(bool atClose)
{
    for (;;) {
        const qsizetype headEnd = m_in.indexOf("\r\n\r\n");
        if (headEnd < 0)
            return false;
        const QList<QByteArray> lines = m_in.left(headEnd).split('\n');
        const QList<QByteArray> statusLine = lines.value(0).trimmed().split(' ');
        if (!statusLine.value(0).startsWith("HTTP/1."))
            return false;
        bool ok = false;
        const int status = statusLine.value(1).toInt(&ok);
        if (!ok)
            return false;
        qsizetype length = -1;
        bool chunked = false;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            const QByteArray name = line.left(colon).trimmed().toLower();
            const QByteArray value = line.mid(colon + 1).trimmed();
            if (name == "content-length")
                length = value.toLongLong();
            else if (name == "transfer-encoding" && value.toLower().contains("chunked"))
                chunked = true;
        }
        if (status >= 100 && status < 200) {
            m_in.remove(0, headEnd + 4); // 100 Continue and the like: the answer follows
            continue;
        }
        m_result.status = status;
        const QByteArray rest = m_in.mid(headEnd + 4);
        if (chunked) {
            QByteArray body;
            qsizetype at = 0;
            for (;;) {
                const qsizetype eol = rest.indexOf("\r\n", at);
                if (eol < 0)
                    return false;
                bool sizeOk = false;
                const qsizetype size =
                    rest.mid(at, eol - at).split(';').value(0).trimmed().toLongLong(&sizeOk, 16);
                if (!sizeOk)
                    return false;
                if (size == 0) {
                    m_result.body = body;
                    return true;
                }
                if (rest.size() < eol + 2 + size + 2)
                    return false;
                body += rest.mid(eol + 2, size);
                at = eol + 2 + size + 2;
            }
        }
        if (length >= 0) {
            if (rest.size() < length)
                return false;
            m_result.body = rest.left(length);
            return true;
        }
        if (!atClose)
            return false; // the body ends with the connection
        m_result.body = rest;
        return true;
    }
}

void HttpExchange::finish(Result::Failure failure, const QString &error)
{
    m_finished = true;
    m_timer.stop();
    m_result.failure = failure;
    if (failure != Result::Failure::None) {
        m_result.error = error;
        if (failure != Result::Failure::Unreadable)
            m_result.status = 0;
    }
    if (m_socket) {
        disconnect(m_socket, nullptr, this, nullptr);
        m_socket->abort();
    }
    const Done done = std::move(m_done);
    const Result result = m_result;
    deleteLater();
    done(result);
}

} // namespace inbox::alerts
