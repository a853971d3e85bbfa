#include "attention/reviewresolver.h"

#include "attention/requeuer.h"
#include "db/consolecontext.h"
#include "support/logging.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace inbox {

ReviewResolver::ReviewResolver(ConsoleContext *context, QObject *parent)
    : QObject(parent), m_channel(new QueryChannel(QStringLiteral("resolve review"), this))
{
    m_channel->setConnectOptions(context->options());
    connect(m_channel, &QueryChannel::replied, this, &ReviewResolver::onReply);
}

ReviewResolver::~ReviewResolver() = default;

Query ReviewResolver::resolveQuery(const QVector<qint64> &ids, ReviewResolution resolution,
                                   const QString &note)
{
    // A blank note is NULL on the server (§4.8a); sent as typed.
    return Query{QStringLiteral("SELECT event_id, outcome FROM inbox.resolve_review($1::bigint[], "
                                "$2, $3)"),
                 {Requeuer::arrayLiteral(ids), reviewResolutionWord(resolution), note}};
}

void ReviewResolver::resolve(const QVector<qint64> &ids, ReviewResolution resolution,
                             const QString &note)
{
    m_error = DbError();
    m_outcomes.clear();
    m_busy = true;
    logger("ui")->info("resolve_review: {} event(s), {}", ids.size(),
                       reviewResolutionWord(resolution).toStdString());
    m_ticket = m_channel->submit(resolveQuery(ids, resolution, note));
}

void ReviewResolver::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_ticket)
        return;
    m_busy = false;
    if (!reply.ok()) {
        m_error = reply.error;
        logger("ui")->warn("resolve_review failed: {}", m_error.oneLine().toStdString());
    } else if (!reply.results.isEmpty()) {
        const Rows &rows = reply.results.front();
        const int id = rows.column(QStringLiteral("event_id"));
        const int word = rows.column(QStringLiteral("outcome"));
        for (const QVariantList &r : rows.rows) {
            Outcome o;
            o.id = r.value(id).toLongLong();
            o.outcome = r.value(word).toString();
            o.kind = parseReviewOutcome(o.outcome);
            m_outcomes << o;
        }
    }
    emit finished();
}

qint64 ReviewResolver::count(ReviewOutcome outcome) const
{
    return std::count_if(m_outcomes.cbegin(), m_outcomes.cend(),
                         [outcome](const Outcome &o) { return o.kind == outcome; });
}

QMap<QString, qint64> ReviewResolver::counts() const
{
    QMap<QString, qint64> out;
    for (const Outcome &o : m_outcomes)
        ++out[o.outcome];
    return out;
}

} // namespace inbox
