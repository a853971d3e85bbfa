#pragma once
// A fake Telegram Bot API on loopback, for the tests and the demo (inbox-sim --fake-telegram):
// POST /bot<token>/sendMessage answers like Telegram does (the token checked, chat_id and
// text required, parse_mode HTML checked for balanced tags and escaped '&' and '<', at most
// 4096 characters of text after the markup), and every request that reached it is one JSON
// line in the log file ({"n", "at", "chat_id", "text", "parse_mode", "answer",
// "message_id"}), so a test or the demo reads what arrived and how it was answered.
//
// It can be told to misbehave for the next N sendMessage requests, at start
// (--fake-telegram-misbehave MODE[:N[:RETRY_AFTER]]) or at any time with
//   GET /fake/misbehave?mode=429|500|400|hang|close|down&count=N&retry_after=S
// 429 answers Too Many Requests with parameters.retry_after; 500 an internal error; 400 a
// refusal; hang reads the request and never answers (past the caller's timeout); close reads
// it and closes the connection without a word; down stops listening for N seconds (every
// connection refused) and then listens again on the same port. Only an answer of 200
// delivered the message. A test can also be called after each 200 is written and before it
// leaves (setAfterDelivered), to do something at exactly that moment.

#include <QByteArray>
#include <QFile>
#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace inbox::sim {

class FakeTelegram final : public QObject
{
    Q_OBJECT

public:
    struct Misbehaviour
    {
        QString mode; // empty: behave
        int count = 0;
        int retryAfter = 1;
    };

    FakeTelegram(const QByteArray &token, const QString &logPath, QObject *parent = nullptr);
    ~FakeTelegram() override;
    Q_DISABLE_COPY_MOVE(FakeTelegram)

    // inbox-sim --fake-telegram: listens, prints "fake telegram listening on ADDRESS:PORT",
    // serves until SIGINT/SIGTERM. 0 after a clean stop, 2 when it cannot listen, 64 usage.
    static int run(const QString &listen, const QByteArray &token, const QString &logPath,
                   const QString &misbehave);

    bool listen(const QHostAddress &address, quint16 port, QString *error);
    quint16 port() const;
    void misbehave(const Misbehaviour &m);
    // Called with the log line of each delivered message, after its 200 is written to the
    // socket and before the event loop sends it.
    void setAfterDelivered(std::function<void(const QJsonObject &)> f)
    {
        m_afterDelivered = std::move(f);
    }
    // Also print one line a request to stdout (inbox-sim --fake-telegram does: the demo's
    // telegram.out is what "arrived in Telegram" for a person to read).
    void setEcho(bool echo) { m_echo = echo; }

    // "MODE[:N[:RETRY_AFTER]]" as the command line gives it; false for an unknown mode.
    static bool parseMisbehaviour(const QString &text, Misbehaviour *out);
    // Telegram's HTML parse mode: tags balanced and known, '&' an entity, no stray '<'.
    // The visible length (entities count as one character) goes to *visible.
    static bool checkHtml(const QString &text, int *visible, QString *problem);

private:
    void onConnection();
    void onReadable(QTcpSocket *socket);
    // Handles one whole request; false when the connection is to be left hanging or closed.
    bool handle(QTcpSocket *socket, const QByteArray &method, const QByteArray &target,
                const QByteArray &body);
    void answer(QTcpSocket *socket, int status, const QByteArray &json);
    void record(const QJsonObject &line);

    QByteArray m_token;
    QFile m_log;
    QTcpServer *m_server = nullptr;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    Misbehaviour m_misbehave;
    qint64 m_sequence = 0;
    qint64 m_nextMessageId = 1;
    bool m_echo = false;
    QHostAddress m_address;
    quint16 m_port = 0;
    std::function<void(const QJsonObject &)> m_afterDelivered;
};

} // namespace inbox::sim
