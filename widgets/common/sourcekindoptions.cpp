#include "common/sourcekindoptions.h"

#include "common/multiselectbutton.h"
#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "journal/journalquery.h"

#include <QSignalBlocker>

namespace inbox {

SourceKindOptions::SourceKindOptions(const QString &channelName, ConsoleContext *context,
                                     MultiSelectButton *sources, MultiSelectButton *kinds,
                                     QObject *parent)
    : QObject(parent), m_context(context), m_sources(sources), m_kinds(kinds),
      m_channel(new QueryChannel(channelName, this))
{
    connect(m_channel, &QueryChannel::replied, this, &SourceKindOptions::onReply);
    connect(m_context, &ConsoleContext::connected, this, [this] {
        m_channel->setConnectOptions(m_context->readOptions());
        load();
    });
    connect(m_context, &ConsoleContext::reread, this, &SourceKindOptions::load);
}

void SourceKindOptions::start()
{
    if (m_context->isConnected()) {
        m_channel->setConnectOptions(m_context->readOptions());
        load();
    }
}

void SourceKindOptions::load()
{
    if (!m_context->isConnected())
        return;
    m_channel->submit(QVector<Query>{JournalQuery::sources(), JournalQuery::kinds()});
}

void SourceKindOptions::onReply(const QueryReply &reply)
{
    if (!reply.ok()) {
        if (reply.error.connectionLost)
            m_context->reportPossibleLoss();
        return;
    }
    const QSignalBlocker b1(m_sources), b2(m_kinds);
    m_sources->setOptions(MultiSelectButton::plainOptions(reply.results.value(0).rows));
    m_kinds->setOptions(MultiSelectButton::plainOptions(reply.results.value(1).rows));
}

} // namespace inbox
