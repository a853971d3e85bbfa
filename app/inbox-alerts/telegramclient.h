#pragma once
// Sends messages through the Telegram Bot API's sendMessage (HTML parse mode) on the
// program's own event loop: each attempt is one HttpExchange (a connection of its own, the
// request written once, a timeout per attempt), never QNetworkAccessManager, which re-sends a
// request by itself when a kept-alive connection closes before the answer. Per chat
// one request at a time and at most about one a second. What it does with each answer:
//   200 ok                      delivered, with Telegram's message_id
//   429                         waits parameters.retry_after and tries again (up to
//                               max_retry_after, within send_attempts), then gives up
//   5xx, no connection          tries again after 1, 2, 4... s (send_attempts), then gives up
//                               (no connection: no byte of the request was written)
//   other 4xx                   refused: Telegram certainly did not deliver it
//   timeout, connection closed  unknown: the request was written and may have reached it, and
//                               sendMessage has no idempotency key, so it is never repeated
// The token is only in the request URL; no log line or outcome carries a URL.

#include "alertsconfig.h"
#include "alertsmetrics.h"
#include "httpexchange.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QString>

#include <functional>

namespace inbox::alerts {

struct SendOutcome
{
    enum class Kind { Delivered, Refused, GaveUp, Unknown };
    Kind kind = Kind::Unknown;
    qint64 messageId = 0;
    int status = 0;      // the last HTTP status; 0 without an answer
    QString description; // Telegram's words, or ours for a network outcome
    int attempts = 0;
};

class TelegramClient final : public QObject
{
    Q_OBJECT

public:
    using Done = std::function<void(const SendOutcome &)>;

    TelegramClient(const AlertsConfig &config, AlertsMetrics &metrics, QObject *parent = nullptr);
    ~TelegramClient() override;
    Q_DISABLE_COPY_MOVE(TelegramClient)

    void send(const QString &chat, const QString &html, Done done);
    // Messages queued, waiting to retry or out on the wire.
    int pending() const { return m_pending; }

signals:
    void idle();

private:
    struct Item
    {
        QString chat;
        QString html;
        Done done;
        int attempts = 0;
    };
    struct Chat
    {
        QList<Item> queue;
        bool busy = false;
        QElapsedTimer lastSent;
    };

    void pump(const QString &chat);
    void attempt(const QString &chat);
    void answered(const QString &chat, const HttpExchange::Result &reply, qint64 startedMs);
    void retryLater(const QString &chat, int delayMs);
    void finish(const QString &chat, const SendOutcome &outcome);

    const AlertsConfig &m_config;
    AlertsMetrics &m_metrics;
    QHash<QString, Chat> m_chats;
    QElapsedTimer m_clock;
    int m_pending = 0;
};

} // namespace inbox::alerts
