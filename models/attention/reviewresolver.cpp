#include "attention/reviewresolver.h"

#include "attention/requeuer.h"
#include "db/consolecontext.h"
#include "support/logging.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

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

Query ReviewResolver::newEventsQuery(const QVector<qint64> &ids)
{
    // journal_event_idx; for an event the resolution just resolved, its newest entry is the one
    // it wrote (onNewEvents takes only those).
    return Query{QStringLiteral("SELECT DISTINCT ON (j.event_id) j.event_id, "
                                "j.detail -> 'new_event_ids' AS new_event_ids "
                                "FROM inbox.journal j WHERE j.event_id = ANY ($1::bigint[]) "
                                "AND j.entry = 'review_resolved' ORDER BY j.event_id, j.id DESC"),
                 {Requeuer::arrayLiteral(ids)}};
}

void ReviewResolver::resolve(const QVector<qint64> &ids, ReviewResolution resolution,
                             const QString &note)
{
    m_error = DbError();
    m_outcomes.clear();
    m_newEventIds.clear();
    m_busy = true;
    logger("ui")->info("resolve_review: {} event(s), {}", ids.size(),
                       reviewResolutionWord(resolution).toStdString());
    m_ids = ids;
    m_resolution = resolution;
    m_ticket = m_channel->submit(resolveQuery(ids, resolution, note));
}

void ReviewResolver::onReply(const QueryReply &reply)
{
    if (reply.ticket == m_readTicket && m_readTicket != 0) {
        onNewEvents(reply);
        return;
    }
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
        // The resolution has committed; the dialog names the new events once they are read.
        if (m_resolution == ReviewResolution::SecondIsNewEvent &&
            count(ReviewOutcome::Resolved) > 0) {
            m_busy = true;
            m_readTicket = m_channel->submit(newEventsQuery(m_ids), QueryChannel::Mode::Queue);
            return;
        }
    }
    emit finished();
}

void ReviewResolver::onNewEvents(const QueryReply &reply)
{
    m_readTicket = 0;
    m_busy = false;
    if (!reply.ok() || reply.results.isEmpty()) {
        // The resolution stands (it committed); only the new events' ids are not known.
        logger("ui")->warn("resolve_review: could not read the new events: {}",
                           reply.error.oneLine().toStdString());
        emit finished();
        return;
    }
    const Rows &rows = reply.results.front();
    QSet<qint64> resolved;
    for (const Outcome &o : m_outcomes)
        if (o.kind == ReviewOutcome::Resolved)
            resolved.insert(o.id);
    const int event = rows.column(QStringLiteral("event_id"));
    const int made = rows.column(QStringLiteral("new_event_ids"));
    for (const QVariantList &r : rows.rows) {
        if (!resolved.contains(r.value(event).toLongLong()))
            continue; // an older resolution's entry: not this call's
        const QJsonArray ids = QJsonDocument::fromJson(r.value(made).toByteArray()).array();
        for (const QJsonValue &id : ids)
            m_newEventIds << qint64(id.toDouble());
    }
    std::sort(m_newEventIds.begin(), m_newEventIds.end());
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
