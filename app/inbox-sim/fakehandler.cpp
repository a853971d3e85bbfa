#include "fakehandler.h"

#include "support/webhooksignature.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>

namespace inbox::sim {

namespace {

volatile std::sig_atomic_t g_stop = 0;

void onStopSignal(int)
{
    g_stop = 1;
}

constexpr qsizetype kMaxRequest = 8 * 1024 * 1024;
// Standard Webhooks' tolerance for the signed timestamp, either way.
constexpr qint64 kTimestampToleranceS = 5 * 60;
constexpr int kChaosOutageEveryMs = 10 * 60 * 1000;
constexpr int kChaosOutageS = 60;

QByteArray reason(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 410:
        return "Gone";
    case 422:
        return "Unprocessable Content";
    case 429:
        return "Too Many Requests";
    case 501:
        return "Not Implemented";
    case 503:
        return "Service Unavailable";
    default:
        return "Internal Server Error";
    }
}

QByteArray json(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

qint64 wallClockUs()
{
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

QByteArray error(const QString &message)
{
    return json(QJsonObject{{QStringLiteral("error"), message}});
}

} // namespace

int FakeHandler::run(const QString &listen, const QString &secretFile, const QString &logPath,
                     const QString &misbehave, bool chaos, quint64 seed)
{
    const qsizetype colon = listen.lastIndexOf(QLatin1Char(':'));
    const QHostAddress address(listen.left(colon));
    bool portOk = false;
    const uint port = listen.mid(colon + 1).toUInt(&portOk);
    Misbehaviour misbehaviour;
    if (colon <= 0 || address.isNull() || !portOk || port > 65535 ||
        (!misbehave.isEmpty() && !parseMisbehaviour(misbehave, &misbehaviour))) {
        std::fprintf(stderr, "inbox-sim: --fake-handler wants ADDRESS:PORT (numeric) and "
                             "--fake-handler-misbehave "
                             "500|503|422|429|410|slow|hang|close|down[:N[:S]]\n");
        return 64;
    }
    QByteArray secret;
    if (!secretFile.isEmpty()) {
        QFile f(secretFile);
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "inbox-sim: cannot read %s: %s\n", qPrintable(secretFile),
                         qPrintable(f.errorString()));
            return 2;
        }
        secret = f.readAll().trimmed();
        if (!secret.startsWith("whsec_") || !WebhookSignature::decodeSecret(secret)) {
            std::fprintf(stderr, "inbox-sim: %s does not hold a whsec_ secret\n",
                         qPrintable(secretFile));
            return 2;
        }
    }
    FakeHandler fake(secret, logPath);
    QString problem;
    if (!fake.listen(address, quint16(port), &problem)) {
        std::fprintf(stderr, "inbox-sim: %s\n", qPrintable(problem));
        return 2;
    }
    fake.misbehave(misbehaviour);
    fake.setChaos(chaos, seed);
    std::printf("fake handler listening on %s:%u\n", qPrintable(address.toString()),
                unsigned(fake.port()));
    std::fflush(stdout);
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &fake, [] {
        if (g_stop)
            QCoreApplication::quit();
    });
    poll.start(100);
    QCoreApplication::exec();
    return 0;
}

FakeHandler::FakeHandler(const QByteArray &secret, const QString &logPath, QObject *parent)
    : QObject(parent), m_key(WebhookSignature::decodeSecret(secret).value_or(QByteArray())),
      m_log(logPath), m_server(new QTcpServer(this)), m_chaosOutage(new QTimer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &FakeHandler::onConnection);
    connect(m_chaosOutage, &QTimer::timeout, this, [this] { goDown(kChaosOutageS); });
}

FakeHandler::~FakeHandler() = default;

bool FakeHandler::listen(const QHostAddress &address, quint16 port, QString *problem)
{
    if (!m_log.fileName().isEmpty() && !m_log.open(QIODevice::WriteOnly | QIODevice::Append)) {
        *problem = QStringLiteral("cannot write %1: %2").arg(m_log.fileName(), m_log.errorString());
        return false;
    }
    m_address = address;
    if (!m_server->listen(address, port)) {
        *problem = QStringLiteral("cannot listen on %1:%2: %3")
                       .arg(address.toString())
                       .arg(port)
                       .arg(m_server->errorString());
        return false;
    }
    m_port = m_server->serverPort();
    return true;
}

quint16 FakeHandler::port() const
{
    return m_port;
}

void FakeHandler::misbehave(const Misbehaviour &m)
{
    if (m.mode == QLatin1String("down")) {
        goDown(m.seconds);
        return;
    }
    m_misbehave = m;
}

void FakeHandler::setChaos(bool on, quint64 seed)
{
    m_chaos = on;
    m_rng.seed(seed);
    if (on)
        m_chaosOutage->start(kChaosOutageEveryMs);
    else
        m_chaosOutage->stop();
}

bool FakeHandler::parseMisbehaviour(const QString &text, Misbehaviour *out)
{
    static const QStringList modes = {
        QStringLiteral("500"),  QStringLiteral("503"),   QStringLiteral("422"),
        QStringLiteral("429"),  QStringLiteral("410"),   QStringLiteral("slow"),
        QStringLiteral("hang"), QStringLiteral("close"), QStringLiteral("down")};
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.isEmpty() || !modes.contains(parts.at(0)) || parts.size() > 3)
        return false;
    Misbehaviour m;
    m.mode = parts.at(0);
    bool countOk = true, secondsOk = true;
    m.count = parts.size() > 1 ? parts.at(1).toInt(&countOk) : 1;
    m.seconds = parts.size() > 2 ? parts.at(2).toInt(&secondsOk) : 1;
    if (!countOk || !secondsOk || m.count < 1 || m.seconds < 0 || m.seconds > 3600)
        return false;
    *out = m;
    return true;
}

void FakeHandler::goDown(int seconds)
{
    // Nothing listens on the port, then the same port again: every connection is refused.
    m_server->close();
    QTimer::singleShot(seconds * 1000, this, [this] {
        if (!m_server->listen(m_address, m_port))
            std::fprintf(stderr, "fake handler: cannot listen again on %u: %s\n", unsigned(m_port),
                         qPrintable(m_server->errorString()));
    });
}

void FakeHandler::onConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadable(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void FakeHandler::onReadable(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    // Requests on a kept-alive connection, one after another.
    for (;;) {
        const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
        if (headEnd < 0) {
            if (buffer.size() > kMaxRequest)
                socket->abort();
            return;
        }
        Request request;
        const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        request.method = requestLine.value(0);
        request.target = requestLine.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            if (colon > 0)
                request.headers.insert(line.left(colon).trimmed().toLower(),
                                       line.mid(colon + 1).trimmed());
        }
        if (request.headers.contains("transfer-encoding")) {
            answer(socket, 501, error(QStringLiteral("send Content-Length")),
                   "Connection: close\r\n");
            socket->disconnectFromHost();
            return;
        }
        bool lengthOk = true;
        const qsizetype length = request.headers.value("content-length", "0").toLongLong(&lengthOk);
        if (!lengthOk || length < 0 || length > kMaxRequest) {
            socket->abort();
            return;
        }
        if (buffer.size() < headEnd + 4 + length)
            return;
        request.body = buffer.mid(headEnd + 4, length);
        request.atUs = wallClockUs();
        buffer.remove(0, headEnd + 4 + length);
        if (!handle(socket, request))
            return;
    }
}

bool FakeHandler::handle(QTcpSocket *socket, const Request &request)
{
    if (request.target.startsWith("/fake/"))
        return handleControl(socket, request);
    if (request.method != "POST") {
        answer(socket, 400, error(QStringLiteral("POST only")));
        return true;
    }
    ++m_stats.requests;
    const QByteArray key = request.headers.value("idempotency-key");
    QJsonObject headers;
    for (auto it = request.headers.cbegin(); it != request.headers.cend(); ++it) {
        if (it.key().startsWith("x-inbox-"))
            headers.insert(QString::fromLatin1(it.key()), QString::fromUtf8(it.value()));
    }
    QJsonObject line{
        {QStringLiteral("n"), m_stats.requests},
        {QStringLiteral("at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("key"), QString::fromUtf8(key)},
        {QStringLiteral("signature"), checkSignature(request)},
        {QStringLiteral("headers"), headers}};

    if (line.value(QStringLiteral("signature")).toString().startsWith(QLatin1String("bad"))) {
        ++m_stats.badSignatures;
        line.insert(QStringLiteral("answer"), 401);
        record(line);
        answer(socket, 401, error(line.value(QStringLiteral("signature")).toString()));
        return true;
    }
    if (key.isEmpty()) {
        line.insert(QStringLiteral("answer"), 400);
        record(line);
        answer(socket, 400, error(QStringLiteral("no Idempotency-Key")));
        return true;
    }
    const Misbehaviour m = next();
    if (!m.mode.isEmpty()) {
        ++m_stats.misbehaved;
        return misbehaveOn(socket, m, line);
    }
    const bool duplicate = m_processed.contains(key);
    if (duplicate) {
        ++m_stats.duplicates;
    } else {
        m_processed.insert(key);
        ++m_stats.processed;
        if (m_receipts.size() < kMaxReceipts)
            m_receipts.append({key, request.headers.value("x-inbox-event-id"), request.atUs});
        else
            ++m_receiptsDropped;
    }
    line.insert(QStringLiteral("answer"), 200);
    line.insert(QStringLiteral("duplicate"), duplicate);
    record(line);
    answer(
        socket, 200,
        json(QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("duplicate"), duplicate}}));
    return true;
}

bool FakeHandler::handleControl(QTcpSocket *socket, const Request &request)
{
    const QUrl url(QString::fromLatin1(request.target));
    if (url.path() == QLatin1String("/fake/stats")) {
        answer(socket, 200,
               json(QJsonObject{{QStringLiteral("requests"), m_stats.requests},
                                {QStringLiteral("processed"), m_stats.processed},
                                {QStringLiteral("duplicates"), m_stats.duplicates},
                                {QStringLiteral("bad_signatures"), m_stats.badSignatures},
                                {QStringLiteral("misbehaved"), m_stats.misbehaved}}));
        return true;
    }
    if (url.path() == QLatin1String("/fake/received")) {
        answer(socket, 200, takeReceipts());
        return true;
    }
    if (url.path() != QLatin1String("/fake/misbehave")) {
        answer(socket, 404, error(QStringLiteral("no such control")));
        return true;
    }
    const QUrlQuery q(url);
    const QString mode = q.queryItemValue(QStringLiteral("mode"));
    Misbehaviour m;
    if (!mode.isEmpty() &&
        !parseMisbehaviour(QStringLiteral("%1:%2:%3")
                               .arg(mode,
                                    q.hasQueryItem(QStringLiteral("count"))
                                        ? q.queryItemValue(QStringLiteral("count"))
                                        : QStringLiteral("1"),
                                    q.hasQueryItem(QStringLiteral("seconds"))
                                        ? q.queryItemValue(QStringLiteral("seconds"))
                                        : QStringLiteral("1")),
                           &m)) {
        answer(socket, 400, error(QStringLiteral("unknown misbehaviour")));
        return true;
    }
    answer(socket, 200, json(QJsonObject{{QStringLiteral("ok"), true}}));
    misbehave(m);
    return true;
}

QByteArray FakeHandler::takeReceipts()
{
    QJsonArray list;
    for (const Receipt &r : std::as_const(m_receipts)) {
        QJsonObject o{{QStringLiteral("key"), QString::fromUtf8(r.key)},
                      {QStringLiteral("at_us"), double(r.atUs)}};
        if (!r.eventId.isEmpty())
            o.insert(QStringLiteral("event_id"), r.eventId.toDouble());
        list.append(o);
    }
    const QByteArray body =
        json(QJsonObject{{QStringLiteral("received"), list},
                         {QStringLiteral("dropped"), double(m_receiptsDropped)}});
    m_receipts.clear();
    m_receiptsDropped = 0;
    return body;
}

FakeHandler::Misbehaviour FakeHandler::next()
{
    if (m_misbehave.count > 0) {
        const Misbehaviour m = m_misbehave;
        if (--m_misbehave.count == 0)
            m_misbehave = Misbehaviour{};
        return m;
    }
    if (!m_chaos)
        return {};
    const double draw = std::uniform_real_distribution<double>(0, 1)(m_rng);
    if (draw < 0.04)
        return {QStringLiteral("500"), 1, 1};
    if (draw < 0.05)
        return {QStringLiteral("422"), 1, 1};
    if (draw < 0.08)
        return {QStringLiteral("slow"), 1, std::uniform_int_distribution<int>(2, 8)(m_rng)};
    return {};
}

bool FakeHandler::misbehaveOn(QTcpSocket *socket, const Misbehaviour &m, QJsonObject line)
{
    line.insert(QStringLiteral("answer"), m.mode);
    record(line);
    if (m.mode == QLatin1String("hang")) {
        // Keep the socket, never answer: the caller's timeout has to end it.
        disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
        return false;
    }
    if (m.mode == QLatin1String("close")) {
        socket->abort();
        return false;
    }
    if (m.mode == QLatin1String("slow")) {
        // The request is processed, only the answer is late: a caller that gave up before it
        // sends the same key again and is told "duplicate".
        const QByteArray key = line.value(QStringLiteral("key")).toString().toUtf8();
        const bool duplicate = m_processed.contains(key);
        if (!duplicate) {
            m_processed.insert(key);
            ++m_stats.processed;
        }
        disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
        QTimer::singleShot(m.seconds * 1000, socket, [this, socket, duplicate] {
            answer(socket, 200,
                   json(QJsonObject{{QStringLiteral("ok"), true},
                                    {QStringLiteral("duplicate"), duplicate}}),
                   "Connection: close\r\n");
            socket->disconnectFromHost();
        });
        return false;
    }
    const QByteArray retryAfter = "Retry-After: " + QByteArray::number(m.seconds) + "\r\n";
    if (m.mode == QLatin1String("429"))
        answer(socket, 429, error(QStringLiteral("slow down")), retryAfter);
    else if (m.mode == QLatin1String("503"))
        answer(socket, 503, error(QStringLiteral("maintenance")), retryAfter);
    else if (m.mode == QLatin1String("422"))
        answer(socket, 422, error(QStringLiteral("field \"phone\" is not a phone number")));
    else if (m.mode == QLatin1String("410"))
        answer(socket, 410, error(QStringLiteral("this endpoint is gone")));
    else
        answer(socket, 500, error(QStringLiteral("internal error")));
    return true;
}

QString FakeHandler::checkSignature(const Request &request) const
{
    if (m_key.isEmpty())
        return QStringLiteral("unchecked");
    const QByteArray id = request.headers.value("webhook-id");
    const QByteArray timestamp = request.headers.value("webhook-timestamp");
    const QByteArray signature = request.headers.value("webhook-signature");
    if (id.isEmpty() || timestamp.isEmpty() || signature.isEmpty())
        return QStringLiteral("bad: webhook-id, webhook-timestamp or webhook-signature missing");
    bool ok = false;
    const qint64 at = timestamp.toLongLong(&ok);
    if (!ok || std::llabs(QDateTime::currentSecsSinceEpoch() - at) > kTimestampToleranceS)
        return QStringLiteral("bad: webhook-timestamp is not within 5 minutes of now");
    if (!WebhookSignature::matches(m_key, id, timestamp, request.body, signature))
        return QStringLiteral("bad: no webhook-signature entry matches");
    return QStringLiteral("ok");
}

void FakeHandler::answer(QTcpSocket *socket, int status, const QByteArray &body,
                         const QByteArray &extraHeaders)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) + "\r\n";
    head += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) +
            "\r\n" + extraHeaders + "\r\n";
    socket->write(head + body);
}

void FakeHandler::record(const QJsonObject &line)
{
    if (!m_log.isOpen())
        return;
    m_log.write(json(line) + '\n');
    m_log.flush();
}

} // namespace inbox::sim
