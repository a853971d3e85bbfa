#include "duplicates/duplicatecounters.h"

#include "db/querychannel.h"

#include <QDateTime>

namespace inbox {

DuplicateCounters::DuplicateCounters(QObject *parent)
    : QObject(parent), m_channel(new QueryChannel(QStringLiteral("duplicate-counters"), this))
{
    connect(m_channel, &QueryChannel::replied, this, &DuplicateCounters::onReply);
}

DuplicateCounters::~DuplicateCounters() = default;

void DuplicateCounters::setConnectOptions(const ConnectOptions &options)
{
    m_channel->setConnectOptions(options);
    m_haveOptions = true;
}

void DuplicateCounters::refresh()
{
    if (!m_haveOptions)
        return;
    // "Today" is the person's own day, so the start of the local day goes to the server.
    const QDateTime startOfDay = QDate::currentDate().startOfDay().toUTC();
    m_channel->submit(QVector<Query>{
        Query{QStringLiteral("SELECT inbox.open_duplicates() AS open,"
                             " (SELECT count(*) FROM inbox.duplicate_candidates d"
                             "   WHERE d.decided_at >= $1 AND d.decided_by = session_user) AS mine,"
                             " (SELECT count(*) FROM inbox.duplicate_candidates d"
                             "   WHERE d.decided_at >= $1) AS everyone"),
              {startOfDay}},
        // The channels a lead can come from are the event sources; status_counts has one
        // small row per source and status, so this never reads the leads.
        Query{QStringLiteral("SELECT DISTINCT c.source FROM inbox.status_counts c ORDER BY 1"),
              {}}});
}

void DuplicateCounters::clear()
{
    m_channel->cancel();
    m_valid = false;
    m_open = m_mine = m_all = 0;
    emit changed();
}

void DuplicateCounters::onReply(const QueryReply &reply)
{
    if (!reply.ok()) {
        emit failed(reply.error);
        return;
    }
    const Rows &c = reply.results.value(0);
    if (c.rows.isEmpty())
        return;
    m_open = c.rows.first().value(0).toLongLong();
    m_mine = c.rows.first().value(1).toLongLong();
    m_all = c.rows.first().value(2).toLongLong();
    m_channels.clear();
    for (const QVariantList &row : reply.results.value(1).rows)
        m_channels << row.value(0).toString();
    m_valid = true;
    emit changed();
}

} // namespace inbox
