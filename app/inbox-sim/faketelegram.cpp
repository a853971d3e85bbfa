#include "faketelegram.h"

#include <QCoreApplication>
#include <QTimer>

#include <QDateTime>
#include <QJsonDocument>
#include <QStringList>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrl>
#include <QUrlQuery>

#include <csignal>
#include <cstdio>

namespace inbox::sim {

namespace {

volatile std::sig_atomic_t g_stop = 0;

void onStopSignal(int)
{
    g_stop = 1;
}

constexpr int kMaxText = 4096;
constexpr qsizetype kMaxRequest = 1024 * 1024;

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
    case 429:
        return "Too Many Requests";
    default:
        return "Internal Server Error";
    }
}

QByteArray refusal(int code, const QString &description)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("ok"), false},
                                     {QStringLiteral("error_code"), code},
                                     {QStringLiteral("description"), description}})
        .toJson(QJsonDocument::Compact);
}

} // namespace

int FakeTelegram::run(const QString &listen, const QByteArray &token, const QString &logPath,
                      const QString &misbehave)
{
    const qsizetype colon = listen.lastIndexOf(QLatin1Char(':'));
    const QHostAddress address(listen.left(colon));
    bool portOk = false;
    const uint port = listen.mid(colon + 1).toUInt(&portOk);
    Misbehaviour misbehaviour;
    if (colon <= 0 || address.isNull() || !portOk || port > 65535 ||
        (!misbehave.isEmpty() && !parseMisbehaviour(misbehave, &misbehaviour))) {
        std::fprintf(stderr, "inbox-sim: --fake-telegram wants ADDRESS:PORT (numeric) and "
                             "--fake-telegram-misbehave 429|500|400|hang|close|down[:N[:S]]\n");
        return 64;
    }
    FakeTelegram fake(token, logPath);
    fake.setEcho(true);
    QString error;
    if (!fake.listen(address, quint16(port), &error)) {
        std::fprintf(stderr, "inbox-sim: %s\n", qPrintable(error));
        return 2;
    }
    fake.misbehave(misbehaviour);
    std::printf("fake telegram listening on %s:%u\n", qPrintable(address.toString()),
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

FakeTelegram::FakeTelegram(const QByteArray &token, const QString &logPath, QObject *parent)
    : QObject(parent), m_token(token), m_log(logPath), m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &FakeTelegram::onConnection);
}

FakeTelegram::~FakeTelegram() = default;

bool FakeTelegram::listen(const QHostAddress &address, quint16 port, QString *error)
{
    if (!m_log.fileName().isEmpty() && !m_log.open(QIODevice::WriteOnly | QIODevice::Append)) {
        *error = QStringLiteral("cannot write %1: %2").arg(m_log.fileName(), m_log.errorString());
        return false;
    }
    m_address = address;
    if (!m_server->listen(address, port)) {
        *error = QStringLiteral("cannot listen on %1:%2: %3")
                     .arg(address.toString())
                     .arg(port)
                     .arg(m_server->errorString());
        return false;
    }
    m_port = m_server->serverPort();
    return true;
}

quint16 FakeTelegram::port() const
{
    return m_port;
}

void FakeTelegram::misbehave(const Misbehaviour &m)
{
    if (m.mode != QLatin1String("down")) {
        m_misbehave = m;
        return;
    }
    // Down for m.count seconds: nothing listens on the port, then the same port again.
    m_server->close();
    QTimer::singleShot(m.count * 1000, this, [this] {
        if (!m_server->listen(m_address, m_port))
            std::fprintf(stderr, "fake telegram: cannot listen again on %u: %s\n", unsigned(m_port),
                         qPrintable(m_server->errorString()));
    });
}

bool FakeTelegram::parseMisbehaviour(const QString &text, Misbehaviour *out)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    static const QStringList modes = {QStringLiteral("429"),   QStringLiteral("500"),
                                      QStringLiteral("400"),   QStringLiteral("hang"),
                                      QStringLiteral("close"), QStringLiteral("down")};
    if (parts.isEmpty() || !modes.contains(parts.at(0)))
        return false;
    Misbehaviour m;
    m.mode = parts.at(0);
    m.count = parts.size() > 1 ? parts.at(1).toInt() : 1;
    m.retryAfter = parts.size() > 2 ? parts.at(2).toInt() : 1;
    if (m.count < 1 || m.retryAfter < 0)
        return false;
    *out = m;
    return true;
}

bool FakeTelegram::checkHtml(const QString &text, int *visible, QString *problem)
{
    static const QStringList known = {
        QStringLiteral("b"),    QStringLiteral("strong"),     QStringLiteral("i"),
        QStringLiteral("em"),   QStringLiteral("u"),          QStringLiteral("ins"),
        QStringLiteral("s"),    QStringLiteral("strike"),     QStringLiteral("del"),
        QStringLiteral("code"), QStringLiteral("pre"),        QStringLiteral("a"),
        QStringLiteral("span"), QStringLiteral("tg-spoiler"), QStringLiteral("blockquote")};
    QStringList open;
    int count = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('<')) {
            const qsizetype end = text.indexOf(QLatin1Char('>'), i);
            if (end < 0) {
                *problem = QStringLiteral("unclosed start tag at byte offset %1").arg(i);
                return false;
            }
            QString tag = text.mid(i + 1, end - i - 1);
            const bool closing = tag.startsWith(QLatin1Char('/'));
            if (closing)
                tag.remove(0, 1);
            const QString name = tag.section(QLatin1Char(' '), 0, 0).toLower();
            if (!known.contains(name)) {
                *problem = QStringLiteral("unsupported start tag \"%1\" at byte offset %2")
                               .arg(name)
                               .arg(i);
                return false;
            }
            if (closing) {
                if (open.isEmpty() || open.last() != name) {
                    *problem = QStringLiteral("unexpected end tag at byte offset %1").arg(i);
                    return false;
                }
                open.removeLast();
            } else {
                open.append(name);
            }
            i = end;
        } else if (c == QLatin1Char('&')) {
            const qsizetype end = text.indexOf(QLatin1Char(';'), i);
            const QString entity = end < 0 ? QString() : text.mid(i + 1, end - i - 1);
            static const QStringList entities = {QStringLiteral("lt"), QStringLiteral("gt"),
                                                 QStringLiteral("amp"), QStringLiteral("quot")};
            if (!entities.contains(entity) && !entity.startsWith(QLatin1Char('#'))) {
                *problem = QStringLiteral("unsupported entity at byte offset %1").arg(i);
                return false;
            }
            ++count;
            i = end;
        } else if (c == QLatin1Char('>')) {
            ++count; // Telegram tolerates a bare '>'
        } else {
            ++count;
        }
    }
    if (!open.isEmpty()) {
        *problem =
            QStringLiteral("can't find end tag corresponding to start tag \"%1\"").arg(open.last());
        return false;
    }
    *visible = count;
    return true;
}

void FakeTelegram::onConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadable(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void FakeTelegram::onReadable(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    // Requests on a kept-alive connection one after another.
    for (;;) {
        const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
        if (headEnd < 0) {
            if (buffer.size() > kMaxRequest)
                socket->abort();
            return;
        }
        const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        qsizetype length = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        }
        if (length < 0 || length > kMaxRequest) {
            socket->abort();
            return;
        }
        if (buffer.size() < headEnd + 4 + length)
            return;
        const QByteArray body = buffer.mid(headEnd + 4, length);
        buffer.remove(0, headEnd + 4 + length);
        if (!handle(socket, requestLine.value(0), requestLine.value(1), body))
            return;
    }
}

bool FakeTelegram::handle(QTcpSocket *socket, const QByteArray &method, const QByteArray &target,
                          const QByteArray &body)
{
    const QUrl url(QString::fromLatin1(target));
    const QString path = url.path();
    if (path == QLatin1String("/fake/misbehave")) {
        const QUrlQuery q(url);
        Misbehaviour m;
        m.mode = q.queryItemValue(QStringLiteral("mode"));
        m.count = q.hasQueryItem(QStringLiteral("count"))
                      ? q.queryItemValue(QStringLiteral("count")).toInt()
                      : 1;
        m.retryAfter = q.hasQueryItem(QStringLiteral("retry_after"))
                           ? q.queryItemValue(QStringLiteral("retry_after")).toInt()
                           : 1;
        Misbehaviour checked;
        if (!m.mode.isEmpty() &&
            !parseMisbehaviour(
                QStringLiteral("%1:%2:%3").arg(m.mode).arg(m.count).arg(m.retryAfter), &checked)) {
            answer(socket, 400, refusal(400, QStringLiteral("unknown misbehaviour")));
            return true;
        }
        answer(socket, 200, QByteArrayLiteral("{\"ok\":true}"));
        misbehave(m.mode.isEmpty() ? Misbehaviour{} : checked);
        return true;
    }
    const QString prefix = QStringLiteral("/bot");
    if (!path.startsWith(prefix) || !path.endsWith(QLatin1String("/sendMessage"))) {
        answer(socket, 404, refusal(404, QStringLiteral("Not Found")));
        return true;
    }
    const QByteArray token = path.mid(prefix.size(), path.size() - prefix.size() - 12).toUtf8();
    if (token != m_token) {
        answer(socket, 401, refusal(401, QStringLiteral("Unauthorized")));
        return true;
    }
    if (method != "POST") {
        answer(socket, 400, refusal(400, QStringLiteral("Bad Request: POST only here")));
        return true;
    }
    const QJsonObject request = QJsonDocument::fromJson(body).object();
    const QString chat =
        request.value(QStringLiteral("chat_id")).isString()
            ? request.value(QStringLiteral("chat_id")).toString()
            : QString::number(request.value(QStringLiteral("chat_id")).toInteger());
    const QString text = request.value(QStringLiteral("text")).toString();
    const QString parseMode = request.value(QStringLiteral("parse_mode")).toString();
    QJsonObject line{
        {QStringLiteral("n"), ++m_sequence},
        {QStringLiteral("at"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
        {QStringLiteral("chat_id"), chat},
        {QStringLiteral("text"), text},
        {QStringLiteral("parse_mode"), parseMode}};

    if (m_misbehave.count > 0) {
        const Misbehaviour m = m_misbehave;
        if (--m_misbehave.count == 0)
            m_misbehave = Misbehaviour{};
        line.insert(QStringLiteral("answer"), m.mode);
        record(line);
        if (m.mode == QLatin1String("hang")) {
            // Keep the socket, never answer: the caller's transfer timeout has to end it.
            disconnect(socket, &QTcpSocket::readyRead, this, nullptr);
            return false;
        }
        if (m.mode == QLatin1String("close")) {
            socket->abort();
            return false;
        }
        if (m.mode == QLatin1String("429")) {
            QJsonObject o{{QStringLiteral("ok"), false},
                          {QStringLiteral("error_code"), 429},
                          {QStringLiteral("description"),
                           QStringLiteral("Too Many Requests: retry after %1").arg(m.retryAfter)},
                          {QStringLiteral("parameters"),
                           QJsonObject{{QStringLiteral("retry_after"), m.retryAfter}}}};
            answer(socket, 429, QJsonDocument(o).toJson(QJsonDocument::Compact));
        } else if (m.mode == QLatin1String("400")) {
            answer(socket, 400, refusal(400, QStringLiteral("Bad Request: chat not found")));
        } else {
            answer(socket, 500, refusal(500, QStringLiteral("Internal Server Error")));
        }
        return true;
    }

    QString problem;
    int visible = 0;
    if (chat.isEmpty() || chat == QLatin1String("0"))
        problem = QStringLiteral("Bad Request: chat_id is empty");
    else if (text.isEmpty())
        problem = QStringLiteral("Bad Request: message text is empty");
    else if (parseMode == QLatin1String("HTML") && !checkHtml(text, &visible, &problem))
        problem = QStringLiteral("Bad Request: can't parse entities: ") + problem;
    else if ((parseMode == QLatin1String("HTML") ? visible : int(text.size())) > kMaxText)
        problem = QStringLiteral("Bad Request: message is too long");
    if (!problem.isEmpty()) {
        line.insert(QStringLiteral("answer"), 400);
        line.insert(QStringLiteral("description"), problem);
        record(line);
        answer(socket, 400, refusal(400, problem));
        return true;
    }
    const qint64 id = m_nextMessageId++;
    line.insert(QStringLiteral("answer"), 200);
    line.insert(QStringLiteral("message_id"), id);
    record(line);
    const QJsonObject result{{QStringLiteral("message_id"), id},
                             {QStringLiteral("date"), QDateTime::currentSecsSinceEpoch()},
                             {QStringLiteral("chat"), QJsonObject{{QStringLiteral("id"), chat}}},
                             {QStringLiteral("text"), text}};
    answer(
        socket, 200,
        QJsonDocument(QJsonObject{{QStringLiteral("ok"), true}, {QStringLiteral("result"), result}})
            .toJson(QJsonDocument::Compact));
    if (m_afterDelivered)
        m_afterDelivered(line);
    return true;
}

void FakeTelegram::answer(QTcpSocket *socket, int status, const QByteArray &json)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) + "\r\n";
    head += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(json.size()) +
            "\r\nConnection: keep-alive\r\n\r\n";
    socket->write(head + json);
}

void FakeTelegram::record(const QJsonObject &line)
{
    if (m_echo) {
        // One line: the text's line breaks shown as " | ".
        QString text = line.value(QStringLiteral("text")).toString();
        text.replace(QLatin1Char('\n'), QStringLiteral(" | "));
        std::printf("%s chat %s, answer %s: %s\n",
                    qPrintable(line.value(QStringLiteral("at")).toString()),
                    qPrintable(line.value(QStringLiteral("chat_id")).toString()),
                    qPrintable(line.value(QStringLiteral("answer")).toVariant().toString()),
                    qPrintable(text));
        std::fflush(stdout);
    }
    if (!m_log.isOpen())
        return;
    m_log.write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
    m_log.flush();
}

} // namespace inbox::sim
