#include "fakemarketplace.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <optional>

namespace inbox::sim {

namespace {

volatile std::sig_atomic_t g_stop = 0;

void onStopSignal(int)
{
    g_stop = 1;
}

constexpr qsizetype kMaxRequest = 1024 * 1024;
constexpr double kErrorShare = 0.03;
constexpr double kSlowShare = 0.03;

QByteArray reason(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 204:
        return "No Content";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
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

// Ozon's error codes are gRPC's.
int ozonCode(int status)
{
    switch (status) {
    case 400:
        return 3; // INVALID_ARGUMENT
    case 401:
        return 16; // UNAUTHENTICATED
    case 404:
        return 5; // NOT_FOUND
    case 429:
        return 8; // RESOURCE_EXHAUSTED
    case 503:
        return 14; // UNAVAILABLE
    default:
        return 13; // INTERNAL
    }
}

bool parseMisbehaviour(const QString &mode, const QString &count, const QString &seconds,
                       int *countOut, int *secondsOut)
{
    static const QStringList modes = {QStringLiteral("429"), QStringLiteral("500"),
                                      QStringLiteral("503"), QStringLiteral("401"),
                                      QStringLiteral("slow")};
    bool countOk = true, secondsOk = true;
    *countOut = count.isEmpty() ? 1 : count.toInt(&countOk);
    *secondsOut = seconds.isEmpty() ? 1 : seconds.toInt(&secondsOk);
    return modes.contains(mode) && countOk && secondsOk && *countOut >= 1 && *secondsOut >= 0 &&
           *secondsOut <= 3600;
}

bool readKey(const QString &file, const char *fallback, QByteArray *out)
{
    if (file.isEmpty()) {
        *out = fallback;
        return true;
    }
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "inbox-sim: cannot read %s: %s\n", qPrintable(file),
                     qPrintable(f.errorString()));
        return false;
    }
    *out = f.readAll().trimmed();
    if (out->isEmpty()) {
        std::fprintf(stderr, "inbox-sim: %s is empty\n", qPrintable(file));
        return false;
    }
    return true;
}

} // namespace

bool FakeMarketplace::parseHardships(bool hard, const QString &without, Hardships *out)
{
    Hardships h{hard, hard, hard, hard};
    for (const QString &name : without.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString n = name.trimmed();
        if (n == QLatin1String("late"))
            h.late = false;
        else if (n == QLatin1String("boundary"))
            h.boundary = false;
        else if (n == QLatin1String("errors"))
            h.errors = false;
        else if (n == QLatin1String("slow"))
            h.slow = false;
        else
            return false;
    }
    *out = h;
    return true;
}

int FakeMarketplace::run(const MarketplaceSettings &settings, quint64 seed)
{
    const qsizetype colon = settings.listen.lastIndexOf(QLatin1Char(':'));
    const QHostAddress address(settings.listen.left(colon));
    bool portOk = false;
    const uint port = settings.listen.mid(colon + 1).toUInt(&portOk);
    Hardships hard;
    if (colon <= 0 || address.isNull() || !portOk || port > 65535 ||
        !parseHardships(settings.hard, settings.without, &hard)) {
        std::fprintf(stderr, "inbox-sim: --fake-marketplace wants ADDRESS:PORT (numeric) and "
                             "--fake-marketplace-without a list of late, boundary, errors, "
                             "slow\n");
        return 64;
    }
    QByteArray ozonKey, wbToken;
    if (!readKey(settings.ozonKeyFile, kDefaultOzonKey, &ozonKey) ||
        !readKey(settings.wbTokenFile, kDefaultWbToken, &wbToken))
        return 2;
    FakeMarketplace fake(settings, hard, seed, ozonKey, wbToken);
    QString problem;
    if (!fake.listen(address, quint16(port), &problem)) {
        std::fprintf(stderr, "inbox-sim: %s\n", qPrintable(problem));
        return 2;
    }
    std::printf("fake marketplace listening on %s:%u\n", qPrintable(address.toString()),
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

FakeMarketplace::FakeMarketplace(const MarketplaceSettings &settings, const Hardships &hardships,
                                 quint64 seed, const QByteArray &ozonKey, const QByteArray &wbToken)
    : m_settings(settings), m_hard(hardships), m_ozonKey(ozonKey), m_wbToken(wbToken),
      m_apis(MarketOrders::Settings{seed, settings.perMinute,
                                    hardships.late ? settings.lateMaxS : 0, 0.25,
                                    QDateTime::currentSecsSinceEpoch(), settings.backfillMinutes,
                                    settings.statusSpeed, settings.live},
             hardships.boundary, settings.lateMaxS, seed ^ 0xb0da7ULL),
      m_crm(FakeCrmQueues::Options{"demo-code", "demo-amo-token", settings.perMinute,
                                   hardships.late ? qMin(settings.lateMaxS, 600) : 0, true},
            seed ^ 0xc0de5ULL,
            QDateTime::currentDateTimeUtc().addSecs(-60 * qint64(settings.backfillMinutes))),
      m_chaos(seed ^ 0xc4a05ULL), m_log(settings.log), m_server(new QTcpServer(this)),
      m_startedS(QDateTime::currentSecsSinceEpoch())
{
    m_clock.start();
    for (Bucket &b : m_buckets)
        b = Bucket{double(settings.burst), 0};
    m_apis.orders().advanceTo(m_startedS);
    m_crm.advance(QDateTime::currentDateTimeUtc());
    connect(m_server, &QTcpServer::newConnection, this, &FakeMarketplace::onConnection);
}

FakeMarketplace::~FakeMarketplace() = default;

bool FakeMarketplace::listen(const QHostAddress &address, quint16 port, QString *problem)
{
    if (!m_log.fileName().isEmpty() && !m_log.open(QIODevice::WriteOnly | QIODevice::Append)) {
        *problem = QStringLiteral("cannot write %1: %2").arg(m_log.fileName(), m_log.errorString());
        return false;
    }
    if (!m_server->listen(address, port)) {
        *problem = QStringLiteral("cannot listen on %1:%2: %3")
                       .arg(address.toString())
                       .arg(port)
                       .arg(m_server->errorString());
        return false;
    }
    return true;
}

quint16 FakeMarketplace::port() const
{
    return m_server->serverPort();
}

void FakeMarketplace::onConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadable(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void FakeMarketplace::onReadable(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    // Requests on a kept-alive connection, one after another, until a slow answer holds it.
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
        bool lengthOk = true;
        const qsizetype length = request.headers.value("content-length", "0").toLongLong(&lengthOk);
        if (request.headers.contains("transfer-encoding") || !lengthOk || length < 0 ||
            length > kMaxRequest) {
            send(socket, Answer{501, R"({"message":"send Content-Length"})", {}, 0});
            socket->disconnectFromHost();
            return;
        }
        if (buffer.size() < headEnd + 4 + length)
            return;
        request.body = buffer.mid(headEnd + 4, length);
        buffer.remove(0, headEnd + 4 + length);
        if (!handle(socket, request))
            return;
    }
}

bool FakeMarketplace::handle(QTcpSocket *socket, const Request &request)
{
    const qsizetype question = request.target.indexOf('?');
    const QByteArray path = question < 0 ? request.target : request.target.left(question);
    if (path.startsWith("/fake/")) {
        send(socket, control(request));
        return true;
    }
    // The CRMs' queues answer in their own shapes, rate limits and credentials included.
    FakeAnswer crm;
    const QUrl url(QString::fromLatin1(request.target));
    if (m_crm.handle(request.method, url.path(), QUrlQuery(url),
                     request.headers.value("authorization"), request.body,
                     QDateTime::currentDateTimeUtc(), &crm)) {
        Answer a{crm.status, crm.body, {}, 0};
        for (const auto &[name, value] : crm.headers)
            a.headers += name + ": " + value + "\r\n";
        record(QJsonObject{
            {QStringLiteral("n"), ++m_logged},
            {QStringLiteral("at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
            {QStringLiteral("api"),
             path.startsWith("/rest/") ? QStringLiteral("bitrix24") : QStringLiteral("amocrm")},
            {QStringLiteral("method"), QString::fromLatin1(request.method)},
            // Never the Bitrix24 path itself: it carries the portal's code.
            {QStringLiteral("target"),
             path.startsWith("/rest/") ? url.fileName() : QString::fromLatin1(request.target)},
            {QStringLiteral("answer"), a.status}});
        send(socket, a);
        return true;
    }
    const std::optional<Market> market = MarketApis::marketOf(path);
    if (!market) {
        send(socket, Answer{404, R"({"message":"no such method"})", {}, 0});
        return true;
    }
    const Answer a = api(*market, request);
    ApiStats &stats = m_stats[int(*market)];
    ++stats.requests;
    ++stats.answers[a.status];
    if (a.status == 429)
        ++stats.rateLimited;
    record(QJsonObject{
        {QStringLiteral("n"), ++m_logged},
        {QStringLiteral("at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("api"), QLatin1String(marketName(*market))},
        {QStringLiteral("method"), QString::fromLatin1(request.method)},
        {QStringLiteral("target"), QString::fromLatin1(request.target)},
        {QStringLiteral("body"), QString::fromUtf8(request.body.left(2000))},
        {QStringLiteral("answer"), a.status},
        {QStringLiteral("delay_s"), a.delayS}});
    if (a.delayS <= 0) {
        send(socket, a);
        return true;
    }
    // Slow: the answer is made now and sent later, on a connection that takes nothing else.
    disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
    QTimer::singleShot(a.delayS * 1000, socket, [this, socket, a] {
        Answer late = a;
        late.headers += "Connection: close\r\n";
        send(socket, late);
        socket->disconnectFromHost();
    });
    return false;
}

FakeMarketplace::Answer FakeMarketplace::api(Market market, const Request &request)
{
    Misbehaviour &m = m_misbehave[int(market)];
    QString mode;
    int seconds = 0;
    if (m.count > 0) {
        mode = m.mode;
        seconds = m.seconds;
        if (--m.count == 0)
            m = Misbehaviour{};
    }
    if (mode == QLatin1String("401"))
        return failure(market, 401, QStringLiteral("token revoked"));

    const bool authorized =
        market == Market::Ozon
            ? request.headers.value("client-id") == m_settings.ozonClientId.toUtf8() &&
                  request.headers.value("api-key") == m_ozonKey
            : request.headers.value("authorization") == m_wbToken;
    if (!authorized)
        return failure(market, 401,
                       market == Market::Ozon
                           ? QStringLiteral("Client-Id and Api-Key headers are required")
                           : QStringLiteral("invalid token"));

    int retryAfterS = 0;
    double remaining = 0;
    if (mode == QLatin1String("429"))
        return failure(market, 429, QStringLiteral("too many requests"), std::max(1, seconds));
    if (!take(market, &retryAfterS, &remaining))
        return failure(market, 429, QStringLiteral("too many requests"), retryAfterS);
    if (mode == QLatin1String("500") || mode == QLatin1String("503"))
        return failure(market, mode.toInt(), QStringLiteral("internal error"), seconds);

    int delayS = mode == QLatin1String("slow") ? seconds : 0;
    const double draw = std::uniform_real_distribution<double>(0, 1)(m_chaos);
    if (mode.isEmpty() && m_hard.errors && draw < kErrorShare)
        return failure(market, draw < kErrorShare / 2 ? 503 : 500, QStringLiteral("internal error"),
                       2);
    if (mode.isEmpty() && m_hard.slow && draw >= kErrorShare && draw < kErrorShare + kSlowShare)
        delayS = std::uniform_int_distribution<int>(1, 4)(m_chaos);

    const MarketAnswer answer = m_apis.answer(request.method, request.target, request.body,
                                              QDateTime::currentSecsSinceEpoch());
    if (answer.status != 200)
        return failure(market, answer.status, answer.refusal);
    Answer a{200, answer.body, {}, 0};
    if (market == Market::Wb)
        a.headers += "X-Ratelimit-Remaining: " + QByteArray::number(int(remaining)) + "\r\n";
    a.delayS = delayS;
    return a;
}

FakeMarketplace::Answer FakeMarketplace::failure(Market market, int status, const QString &message,
                                                 int retryAfterS) const
{
    Answer a;
    a.status = status;
    if (market == Market::Ozon) {
        a.body = MarketApis::compact(QJsonObject{{QStringLiteral("code"), ozonCode(status)},
                                                 {QStringLiteral("message"), message},
                                                 {QStringLiteral("details"), QJsonArray{}}});
        if (status == 429 || status == 503)
            a.headers = "Retry-After: " + QByteArray::number(retryAfterS) + "\r\n";
        return a;
    }
    a.body = MarketApis::compact(QJsonObject{
        {QStringLiteral("title"), QString::fromLatin1(reason(status)).toLower()},
        {QStringLiteral("detail"), message},
        {QStringLiteral("code"), QStringLiteral("fake-%1").arg(status)},
        {QStringLiteral("requestId"), QStringLiteral("fake-%1").arg(m_logged + 1)},
        {QStringLiteral("origin"), QStringLiteral("s2s-api-auth-marketplace")},
        {QStringLiteral("status"), status},
        {QStringLiteral("statusText"), QString::fromLatin1(reason(status))},
        {QStringLiteral("timestamp"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate)}});
    if (status == 429) {
        // What WB sends with a 429: when to try again, the burst, and when it is full again.
        const double perSecond = m_settings.limitPerMinute / 60.0;
        a.headers = "X-Ratelimit-Retry: " + QByteArray::number(retryAfterS) +
                    "\r\nX-Ratelimit-Limit: " + QByteArray::number(m_settings.burst) +
                    "\r\nX-Ratelimit-Reset: " +
                    QByteArray::number(int(std::ceil(m_settings.burst / perSecond))) +
                    "\r\nX-Ratelimit-Remaining: 0\r\n";
    } else if (status == 503) {
        a.headers = "Retry-After: " + QByteArray::number(retryAfterS) + "\r\n";
    }
    return a;
}

bool FakeMarketplace::take(Market market, int *retryAfterS, double *remaining)
{
    Bucket &b = m_buckets[int(market)];
    const qint64 nowMs = m_clock.elapsed();
    const double perMs = m_settings.limitPerMinute / 60000.0;
    b.tokens = std::min(double(m_settings.burst), b.tokens + double(nowMs - b.lastMs) * perMs);
    b.lastMs = nowMs;
    if (b.tokens >= 1) {
        b.tokens -= 1;
        *remaining = b.tokens;
        return true;
    }
    *remaining = 0;
    *retryAfterS = std::max(1, int(std::ceil((1 - b.tokens) / perMs / 1000.0)));
    return false;
}

FakeMarketplace::Answer FakeMarketplace::control(const Request &request)
{
    const QUrl url(QString::fromLatin1(request.target));
    const qint64 nowS = QDateTime::currentSecsSinceEpoch();
    if (url.path() == QLatin1String("/fake/stats")) {
        m_apis.orders().advanceTo(nowS);
        return Answer{200, statsJson(), {}, 0};
    }
    if (url.path() == QLatin1String("/fake/crm-keys")) {
        const QDateTime now = QDateTime::currentDateTimeUtc();
        m_crm.advance(now);
        QByteArray out;
        const auto lines = [&](const char *api, const QList<FakeCrmQueues::MadeKey> &made) {
            for (const FakeCrmQueues::MadeKey &m : made) {
                if (m.visibleAt <= now)
                    out += MarketApis::compact(
                               QJsonObject{{QStringLiteral("api"), QLatin1String(api)},
                                           {QStringLiteral("key"), m.key},
                                           {QStringLiteral("visible_at"),
                                            m.visibleAt.toString(Qt::ISODateWithMs)}}) +
                           '\n';
            }
        };
        lines("bitrix24", m_crm.bitrixMade());
        lines("amocrm", m_crm.amoMade());
        return Answer{200, out, "Content-Type: application/x-ndjson\r\n", 0};
    }
    if (url.path() == QLatin1String("/fake/orders")) {
        m_apis.orders().advanceTo(nowS);
        return Answer{200, ordersLines(nowS), "Content-Type: application/x-ndjson\r\n", 0};
    }
    if (url.path() != QLatin1String("/fake/misbehave"))
        return Answer{404, R"({"message":"no such control"})", {}, 0};
    const QUrlQuery q(url);
    const QString api = q.queryItemValue(QStringLiteral("api"));
    Misbehaviour m;
    m.mode = q.queryItemValue(QStringLiteral("mode"));
    if (!parseMisbehaviour(m.mode, q.queryItemValue(QStringLiteral("count")),
                           q.queryItemValue(QStringLiteral("seconds")), &m.count, &m.seconds) ||
        (!api.isEmpty() && api != QLatin1String("ozon") && api != QLatin1String("wb")))
        return Answer{
            400, R"({"message":"api=ozon|wb, mode=429|500|503|401|slow, count, seconds"})", {}, 0};
    if (api != QLatin1String("wb"))
        m_misbehave[int(Market::Ozon)] = m;
    if (api != QLatin1String("ozon"))
        m_misbehave[int(Market::Wb)] = m;
    return Answer{200, R"({"ok":true})", {}, 0};
}

QByteArray FakeMarketplace::ordersLines(qint64 nowS) const
{
    QByteArray out;
    for (const MarketOrder &o : m_apis.orders().orders()) {
        if (o.visibleS > nowS)
            continue;
        QJsonArray statuses;
        for (const MarketStatus &s : o.statuses) {
            if (s.atS <= nowS)
                statuses.append(QJsonObject{{QStringLiteral("status"), s.status},
                                            {QStringLiteral("at"), MarketApis::iso(s.atS)}});
        }
        // The key is text: a WB id past 2^53 must survive any reader.
        out += MarketApis::compact(
                   QJsonObject{{QStringLiteral("api"), QLatin1String(marketName(o.market))},
                               {QStringLiteral("key"), o.key},
                               {QStringLiteral("created_at"), MarketApis::iso(o.createdS)},
                               {QStringLiteral("visible_at"), MarketApis::iso(o.visibleS)},
                               {QStringLiteral("late"), o.late},
                               {QStringLiteral("injected"), o.injected},
                               {QStringLiteral("statuses"), statuses}}) +
               '\n';
    }
    return out;
}

QByteArray FakeMarketplace::statsJson() const
{
    QJsonObject perApi;
    for (const Market market : {Market::Ozon, Market::Wb}) {
        const ApiStats &s = m_stats[int(market)];
        QJsonObject answers;
        for (auto it = s.answers.cbegin(); it != s.answers.cend(); ++it)
            answers.insert(QString::number(it.key()), it.value());
        perApi.insert(QLatin1String(marketName(market)),
                      QJsonObject{{QStringLiteral("requests"), s.requests},
                                  {QStringLiteral("answers"), answers},
                                  {QStringLiteral("rate_limited"), s.rateLimited},
                                  {QStringLiteral("orders"), m_apis.orders().count(market)}});
    }
    perApi.insert(QStringLiteral("started_at"), MarketApis::iso(m_startedS));
    return MarketApis::compact(perApi);
}

void FakeMarketplace::send(QTcpSocket *socket, const Answer &a)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(a.status) + ' ' + reason(a.status) + "\r\n";
    if (!a.headers.contains("Content-Type:"))
        head += "Content-Type: application/json\r\n";
    head += "Content-Length: " + QByteArray::number(a.body.size()) + "\r\n" + a.headers + "\r\n";
    socket->write(head + a.body);
}

void FakeMarketplace::record(const QJsonObject &line)
{
    if (!m_log.isOpen())
        return;
    m_log.write(MarketApis::compact(line) + '\n');
    m_log.flush();
}

} // namespace inbox::sim
