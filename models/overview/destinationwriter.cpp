#include "overview/destinationwriter.h"

#include "db/querychannel.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

namespace inbox {

DestinationWriter::DestinationWriter(QObject *parent)
    : QObject(parent), m_channel(new QueryChannel(QStringLiteral("destination-write"), this))
{
    qRegisterMetaType<inbox::DestinationChange>();
    connect(m_channel, &QueryChannel::replied, this, &DestinationWriter::onReply);
}

DestinationWriter::~DestinationWriter() = default;

void DestinationWriter::setConnectOptions(const ConnectOptions &options)
{
    m_channel->setConnectOptions(options);
}

void DestinationWriter::pause(const QString &destination, const QString &reason)
{
    DestinationChange seed;
    seed.pause = true;
    seed.destination = destination;
    start(seed, Query{QStringLiteral("SELECT inbox.pause_destination($1::text, $2::text)"),
                      {destination, reason.trimmed()}});
}

void DestinationWriter::resume(const QString &destination, const QString &reason)
{
    DestinationChange seed;
    seed.pause = false;
    seed.destination = destination;
    start(seed, Query{QStringLiteral("SELECT inbox.resume_destination($1::text, $2::text)"),
                      {destination, reason.trimmed()}});
}

void DestinationWriter::start(const DestinationChange &seed, const Query &query)
{
    m_jobs << qMakePair(m_channel->submit(query, QueryChannel::Mode::Queue), seed);
    logger("ui")->info("{} of destination {} requested", seed.pause ? "pause" : "resume",
                       seed.destination.toStdString());
}

void DestinationWriter::onReply(const QueryReply &reply)
{
    for (int i = 0; i < m_jobs.size(); ++i) {
        if (m_jobs.at(i).first != reply.ticket)
            continue;
        DestinationChange change = m_jobs.takeAt(i).second;
        if (reply.ok())
            change.outcome = reply.results.value(0).rows.value(0).value(0).toString();
        else
            change.error = reply.error;
        logger("ui")->info("{} of destination {}: {}", change.pause ? "pause" : "resume",
                           change.destination.toStdString(),
                           change.ok() ? change.outcome.toStdString()
                                       : change.error.oneLine().toStdString());
        emit finished(change);
        return;
    }
}

} // namespace inbox
