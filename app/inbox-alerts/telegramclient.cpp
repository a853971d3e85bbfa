#include "telegramclient.h"

#include "support/logging.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QUrl>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace inbox::alerts {

namespace {
constexpr int kChatSpacingMs = 1000; // Telegram: about one message a second per chat
// Added to a 429's retry_after: the retry must not come before the time Telegram named, and
// the fake's and Telegram's clocks may round the other way.
constexpr int kRetryAfterMarginMs = 100;
} // namespace

TelegramClient::TelegramClient(const AlertsConfig &config, AlertsMetrics &metrics, QObject *parent)
    : QObject(parent), m_config(config), m_metrics(metrics)
{
    m_clock.start();
}

TelegramClient::~TelegramClient() = default;

void TelegramClient::send(const QString &chat, const QString &html, Done done)
{
    ++m_pending;
    m_chats[chat].queue.append(Item{chat, html, std::move(done), 0});
    pump(chat);
}

void TelegramClient::pump(const QString &chatId)
{
    Chat &chat = m_chats[chatId];
    if (chat.busy || chat.queue.isEmpty())
        return;
    chat.busy = true;
    const qint64 wait =
        chat.lastSent.isValid() ? std::max<qint64>(0, kChatSpacingMs - chat.lastSent.elapsed()) : 0;
    if (wait > 0)
        QTimer::singleShot(int(wait), Qt::PreciseTimer, this, [this, chatId] { attempt(chatId); });
    else
        attempt(chatId);
}

void TelegramClient::attempt(const QString &chatId)
{
    Chat &chat = m_chats[chatId];
    Item &item = chat.queue.first();
    ++item.attempts;
    chat.lastSent.start();
    const QUrl url(m_config.apiBase + QStringLiteral("/bot") + QString::fromLatin1(m_config.token) +
                   QStringLiteral("/sendMessage"));
    const QJsonObject body{{QStringLiteral("chat_id"), item.chat},
                           {QStringLiteral("text"), item.html},
                           {QStringLiteral("parse_mode"), QStringLiteral("HTML")},
                           {QStringLiteral("disable_web_page_preview"), true}};
    const qint64 started = m_clock.elapsed();
    HttpExchange::post(url, QByteArrayLiteral("application/json"),
                       QJsonDocument(body).toJson(QJsonDocument::Compact),
                       m_config.sendTimeoutS * 1000, this,
                       [this, chatId, started](const HttpExchange::Result &result) {
                           answered(chatId, result, started);
                       });
}

void TelegramClient::answered(const QString &chatId, const HttpExchange::Result &reply,
                              qint64 startedMs)
{
    using Failure = HttpExchange::Result::Failure;
    const auto log = logger("telegram");
    Chat &chat = m_chats[chatId];
    Item &item = chat.queue.first();
    const double seconds = double(m_clock.elapsed() - startedMs) / 1000.0;
    const int status = reply.failure == Failure::None ? reply.status : 0;
    m_metrics.telegram(seconds, status);
    const QJsonObject json = QJsonDocument::fromJson(reply.body).object();
    const QString description = json.value(QStringLiteral("description")).toString().left(300);
    const bool attemptsLeft = item.attempts < m_config.sendAttempts;

    SendOutcome outcome;
    outcome.status = status;
    outcome.attempts = item.attempts;
    outcome.description = description;
    if (status == 200 && json.value(QStringLiteral("ok")).toBool()) {
        outcome.kind = SendOutcome::Kind::Delivered;
        outcome.messageId = json.value(QStringLiteral("result"))
                                .toObject()
                                .value(QStringLiteral("message_id"))
                                .toInteger();
        finish(chatId, outcome);
        return;
    }
    if (status == 429) {
        const int retryAfter = json.value(QStringLiteral("parameters"))
                                   .toObject()
                                   .value(QStringLiteral("retry_after"))
                                   .toInt(1);
        if (attemptsLeft && retryAfter <= m_config.maxRetryAfterS) {
            log->warn("chat {}: 429, retrying after {} s as asked (attempt {} of {})",
                      chatId.toStdString(), retryAfter, item.attempts, m_config.sendAttempts);
            // Never before the time Telegram named: a precise timer and a margin.
            retryLater(chatId, std::max(retryAfter, 0) * 1000 + kRetryAfterMarginMs);
            return;
        }
        outcome.kind = SendOutcome::Kind::GaveUp;
        finish(chatId, outcome);
        return;
    }
    // No byte of the request was written: it certainly did not arrive.
    const bool notSent = reply.failure == Failure::NotConnected;
    if (status >= 500 || notSent) {
        if (attemptsLeft) {
            const int delay = 1000 << std::min(item.attempts - 1, 5);
            log->warn("chat {}: {}, retrying in {} ms (attempt {} of {})", chatId.toStdString(),
                      status ? "HTTP " + std::to_string(status)
                             : "no connection (" + reply.error.toStdString() + ")",
                      delay, item.attempts, m_config.sendAttempts);
            retryLater(chatId, delay);
            return;
        }
        outcome.kind = SendOutcome::Kind::GaveUp;
        if (outcome.description.isEmpty())
            outcome.description = notSent ? QStringLiteral("no connection to the Bot API")
                                          : QStringLiteral("server error");
        finish(chatId, outcome);
        return;
    }
    if (status >= 400) {
        outcome.kind = SendOutcome::Kind::Refused;
        finish(chatId, outcome);
        return;
    }
    // A timeout, a connection closed after the request, an unreadable answer: it may have
    // arrived, and it is never sent again.
    outcome.kind = SendOutcome::Kind::Unknown;
    outcome.status = reply.status;
    outcome.description = reply.failure == Failure::Timeout
                              ? QStringLiteral("no answer within %1 s").arg(m_config.sendTimeoutS)
                          : reply.failure == Failure::Closed
                              ? QStringLiteral("connection closed before the answer")
                              : QStringLiteral("unreadable answer (HTTP %1)").arg(reply.status);
    finish(chatId, outcome);
}

void TelegramClient::retryLater(const QString &chatId, int delayMs)
{
    QTimer::singleShot(delayMs, Qt::PreciseTimer, this, [this, chatId] { attempt(chatId); });
}

void TelegramClient::finish(const QString &chatId, const SendOutcome &outcome)
{
    Chat &chat = m_chats[chatId];
    const Item item = chat.queue.takeFirst();
    chat.busy = false;
    --m_pending;
    item.done(outcome);
    pump(chatId);
    if (m_pending == 0)
        emit idle();
}

} // namespace inbox::alerts
