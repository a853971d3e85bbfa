#include "db/consolecontext.h"

#include "db/notificationlistener.h"
#include "db/querychannel.h"
#include "db/readroute.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

#include <memory>
#include <utility>

namespace inbox {

ConsoleContext::ConsoleContext(QObject *parent)
    : QObject(parent), m_listener(new NotificationListener(this)),
      m_readMonitor(new ReadSourceMonitor(this))
{
    connect(m_readMonitor, &ReadSourceMonitor::measured, this, &ConsoleContext::onReadSource);
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
    m_readMonitor->stop();
    DbError error;
    const std::optional<ReadRoute> route = readRouteFor(options, &error);
    m_readsElsewhere = route && route->options.conninfo != options.conninfo;
    m_readsWhere = ReadSource::Where::Standby;
    if (!route) // the Connect screen checks the string first; a bad one reads on the primary
        logger("db")->warn("reads stay on the primary: {}", error.oneLine().toStdString());
    if (m_readsElsewhere) {
        auto fence = std::make_shared<ReplayFence>();
        m_options.fence = fence;
        m_options.fenceRole = ConnectOptions::FenceRole::Advance;
        m_readOptions = route->options;
        m_readOptions.fence = fence;
        m_readOptions.fenceRole = ConnectOptions::FenceRole::Wait;
        m_readMonitor->start(m_options, m_readOptions);
    } else {
        m_options.fence.reset();
        m_options.fenceRole = ConnectOptions::FenceRole::None;
        m_readOptions = m_options;
    }
    m_listener->start(m_options);
    emit connected();
}

void ConsoleContext::setDisconnected()
{
    m_listener->stop();
    m_readMonitor->stop();
    m_connected = false;
    m_online = false;
    emit disconnected();
}

void ConsoleContext::onReadSource(const ReadSource &source)
{
    const ReadSource::Where before = std::exchange(m_readsWhere, source.where);
    emit readSource(source);
    // The screens' connections fell back to the primary while the standby was away; they stay
    // there until reopened: point them at the read options again, and they re-read.
    if (before != ReadSource::Where::Standby && source.where == ReadSource::Where::Standby) {
        logger("db")->info("the standby answers again: reads go back to it");
        emit connected();
    }
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

void ConsoleContext::readThrough(QueryChannel *channel)
{
    whenConnected(channel, [this, channel] { channel->setConnectOptions(m_readOptions); });
}

} // namespace inbox
