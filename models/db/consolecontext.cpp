#include "db/consolecontext.h"

#include "db/notificationlistener.h"

namespace inbox {

ConsoleContext::ConsoleContext(QObject *parent)
    : QObject(parent), m_listener(new NotificationListener(this))
{
    connect(m_listener, &NotificationListener::changed, this, &ConsoleContext::changed);
    connect(m_listener, &NotificationListener::connectionDown, this,
            [this](const DbError &error, int retry) {
                m_online = false;
                emit connectionDown(error, retry);
            });
    connect(m_listener, &NotificationListener::connectionUp, this, [this](bool afterLoss) {
        m_online = true;
        emit connectionUp();
        // Notifications are not durable: what happened while we were away is only in the
        // tables, so everything shown is read again.
        if (afterLoss)
            emit reread();
    });
}

ConsoleContext::~ConsoleContext() = default;

void ConsoleContext::setConnected(const ConnectOptions &options, const ServerInfo &info)
{
    m_options = options; // the password, if typed, stays in memory for reconnects only
    m_info = info;
    m_connected = true;
    m_online = true;
    m_listener->start(m_options);
    emit connected();
}

void ConsoleContext::setDisconnected()
{
    m_listener->stop();
    m_connected = false;
    m_online = false;
    emit disconnected();
}

void ConsoleContext::reportPossibleLoss()
{
    m_listener->checkNow();
}

void ConsoleContext::readFailed(const DbError &error)
{
    if (error.connectionLost)
        reportPossibleLoss();
}

bool ConsoleContext::retryAfter(const DbError &error, bool *retried)
{
    readFailed(error);
    if (!error.connectionLost || *retried)
        return false;
    *retried = true;
    return true;
}

} // namespace inbox
