#include "db/readsourcemonitor.h"

#include "db/querychannel.h"
#include "db/replaywait.h"

#include <utility>

namespace inbox {

namespace {
ConnectOptions withoutFence(ConnectOptions options)
{
    options.fenceRole = ConnectOptions::FenceRole::None;
    options.fence.reset();
    return options;
}
} // namespace

ReadSourceMonitor::ReadSourceMonitor(QObject *parent)
    : QObject(parent), m_primary(new QueryChannel(QStringLiteral("lag-primary"), this)),
      m_read(new QueryChannel(QStringLiteral("lag-read"), this))
{
    qRegisterMetaType<inbox::ReadSource>();
    m_timer.setInterval(kPollMs);
    connect(&m_timer, &QTimer::timeout, this, &ReadSourceMonitor::tick);
    connect(m_primary, &QueryChannel::replied, this, &ReadSourceMonitor::onPrimary);
    connect(m_read, &QueryChannel::replied, this, &ReadSourceMonitor::onRead);
}

ReadSourceMonitor::~ReadSourceMonitor() = default;

void ReadSourceMonitor::start(const ConnectOptions &primary, const ConnectOptions &read)
{
    m_readOptions = withoutFence(read);
    m_primary->setConnectOptions(withoutFence(primary));
    m_read->setConnectOptions(m_readOptions);
    m_busy = false;
    m_timer.start();
    tick();
}

void ReadSourceMonitor::stop()
{
    m_timer.stop();
    m_primary->cancel();
    m_read->cancel();
    m_busy = false;
}

void ReadSourceMonitor::tick()
{
    if (m_busy) // a slow standby: one measurement at a time
        return;
    m_busy = true;
    m_primary->submit(replaywait::primaryPosition());
}

void ReadSourceMonitor::onPrimary(const QueryReply &reply)
{
    if (!reply.ok() || reply.results.isEmpty() || reply.results.first().rows.isEmpty()) {
        m_busy = false; // the primary's own loss is the connection banner's to tell
        return;
    }
    const qint64 position = reply.results.first().rows.first().first().toLongLong();
    m_read->submit(replaywait::untilReplayed(position, kLagBoundMs));
}

void ReadSourceMonitor::onRead(const QueryReply &reply)
{
    m_busy = false;
    ReadSource source;
    // The standby's shutdown ends the open connection: the next one finds the fallback (or
    // finds nothing), which is what to tell.
    if (reply.error.connectionLost && !std::exchange(m_retried, true)) {
        tick();
        return;
    }
    m_retried = false;
    if (!reply.ok() || reply.results.isEmpty() || reply.results.first().rows.isEmpty()) {
        source.where = ReadSource::Where::Unreachable;
        source.error = reply.error;
        emit measured(source);
        return;
    }
    const QVariantList &row = reply.results.first().rows.first();
    source.where = row.at(0).toBool() ? ReadSource::Where::Standby : ReadSource::Where::Primary;
    source.caughtUp = row.at(1).toBool();
    source.lagMs = row.at(2).toDouble();
    source.behindBytes = row.at(3).toLongLong();
    if (source.where == ReadSource::Where::Primary)
        m_read->setConnectOptions(m_readOptions); // look for the standby again next time
    emit measured(source);
}

} // namespace inbox
