#include "overview/overviewmodel.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

namespace inbox {

OverviewModel::OverviewModel(ConsoleContext *context, QObject *parent)
    : QObject(parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("overview"), this))
{
    m_throttle.setSingleShot(true);
    connect(&m_throttle, &QTimer::timeout, this, &OverviewModel::refresh);
    m_slowTick.setInterval(kIdlePollMs);
    connect(&m_slowTick, &QTimer::timeout, this, &OverviewModel::onTick);

    connect(m_channel, &QueryChannel::replied, this, &OverviewModel::onReply);
    connect(m_context, &ConsoleContext::disconnected, this, &OverviewModel::onDisconnected);
    connect(m_context, &ConsoleContext::reread, this, &OverviewModel::refresh);
    connect(m_context, &ConsoleContext::changed, this, &OverviewModel::requestRefresh);
    m_context->whenConnected(this, &OverviewModel::onConnected);
}

OverviewModel::~OverviewModel() = default;

void OverviewModel::setActive(bool active)
{
    m_slowTick.setInterval(active ? kActivePollMs : kIdlePollMs);
    // Coming into view: show current figures, not the ones from the last idle read.
    if (active)
        requestRefresh();
}

void OverviewModel::onTick()
{
    // A read that a notification caused a moment ago makes this one unnecessary.
    if (m_sinceStart.isValid() && m_sinceStart.elapsed() < m_slowTick.interval() / 2)
        return;
    requestRefresh();
}

void OverviewModel::onConnected()
{
    m_channel->setConnectOptions(m_context->readOptions());
    m_slowTick.start();
    refresh();
}

void OverviewModel::onDisconnected()
{
    m_throttle.stop();
    m_slowTick.stop();
    m_channel->cancel();
    m_again = false;
    if (m_inFlight) {
        m_inFlight = false;
        emit busyChanged(false);
    }
    m_snapshot = OverviewSnapshot();
    m_hasSnapshot = false;
    m_error = DbError();
    emit cleared();
}

void OverviewModel::requestRefresh()
{
    if (!m_context->isConnected())
        return;
    if (m_inFlight) {
        m_again = true; // one more read when this one is back, never a queue of them
        return;
    }
    const qint64 since = m_sinceStart.isValid() ? m_sinceStart.elapsed() : m_minIntervalMs;
    if (since >= m_minIntervalMs)
        refresh();
    else if (!m_throttle.isActive())
        m_throttle.start(int(m_minIntervalMs - since));
}

void OverviewModel::refresh()
{
    if (!m_context->isConnected())
        return;
    m_throttle.stop();
    m_again = false;
    m_sinceStart.start();
    m_channel->submit(overviewQueries(kDays));
    if (!m_inFlight) {
        m_inFlight = true;
        emit busyChanged(true);
    }
}

void OverviewModel::onReply(const QueryReply &reply)
{
    m_inFlight = false;
    emit busyChanged(false);
    if (!reply.ok()) {
        m_error = reply.error;
        logger("ui")->warn("overview read failed: {}", reply.error.oneLine().toStdString());
        m_context->readFailed(reply.error);
        emit failed(reply.error);
    } else {
        QString why;
        std::optional<OverviewSnapshot> s = parseOverview(reply.results, kDays, &why);
        if (!s) {
            m_error = DbError::plain(why);
            emit failed(m_error);
        } else {
            s->elapsedUs = reply.elapsedUs;
            m_snapshot = *s;
            m_hasSnapshot = true;
            m_error = DbError();
            emit updated();
        }
    }
    if (m_again)
        requestRefresh();
}

} // namespace inbox
