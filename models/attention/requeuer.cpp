#include "attention/requeuer.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"
#include "journal/journalquery.h"
#include "support/logging.h"

#include <QTimer>
#include <spdlog/spdlog.h>

#include <algorithm>

namespace inbox {

namespace {

// inbox.requeue trims these from the reason and records the rest.
QString trimmedReason(const QString &reason)
{
    qsizetype b = 0, e = reason.size();
    auto blank = [](QChar c) {
        return c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('\r') ||
               c == QLatin1Char('\n');
    };
    while (b < e && blank(reason.at(b)))
        ++b;
    while (e > b && blank(reason.at(e - 1)))
        --e;
    return reason.mid(b, e - b);
}

} // namespace

Requeuer::Requeuer(ConsoleContext *context, QObject *parent) : QObject(parent), m_context(context)
{
    for (int i = 0; i < kLanes; ++i) {
        Lane &lane = m_lanes[std::size_t(i)];
        lane.channel = new QueryChannel(QStringLiteral("requeue %1").arg(i + 1), this);
        lane.channel->setConnectOptions(m_context->options());
        connect(lane.channel, &QueryChannel::replied, this,
                [this, i](const QueryReply &reply) { onReply(i, reply); });
        lane.retry = new QTimer(this);
        lane.retry->setSingleShot(true);
        lane.retry->setInterval(kVerifyRetryMs);
        connect(lane.retry, &QTimer::timeout, this, [this, i] { verify(m_lanes[std::size_t(i)]); });
    }
}

Requeuer::~Requeuer() = default;

QString Requeuer::arrayLiteral(const QVector<qint64> &ids)
{
    QString s;
    s.reserve(ids.size() * 9 + 2);
    s += QLatin1Char('{');
    for (int i = 0; i < ids.size(); ++i) {
        if (i)
            s += QLatin1Char(',');
        s += QString::number(ids.at(i));
    }
    s += QLatin1Char('}');
    return s;
}

Query Requeuer::previewQuery(const QVector<qint64> &ids)
{
    // The same rules as inbox.requeue, read without locking or changing anything; stuck is a
    // lock older than the deployment's lock timeout (inbox.settings, 0024).
    return Query{
        QStringLiteral(
            "SELECT o.outcome, count(*)::int8 AS n, count(*) FILTER (WHERE o.validation)::int8 "
            "AS validation FROM (SELECT CASE WHEN e.id IS NULL THEN 'not_found' "
            "WHEN e.status = 'failed' OR (e.status = 'processing' AND e.locked_at < now() - "
            "(SELECT s.lock_timeout FROM inbox.settings s)) THEN 'requeued' "
            "WHEN e.status = 'done' THEN 'done' "
            "WHEN e.status = 'received' THEN 'already_queued' ELSE 'in_progress' END AS outcome, "
            "coalesce(e.status = 'failed' AND e.error_retryable = false, false) AS validation "
            "FROM (SELECT DISTINCT x.id FROM unnest($1::int8[]) AS x(id)) r "
            "LEFT JOIN inbox.events e ON e.id = r.id) o GROUP BY o.outcome"),
        {arrayLiteral(ids)}};
}

QString Requeuer::outcomeText(RequeueOutcome outcome)
{
    switch (outcome) {
    case RequeueOutcome::Requeued:
        return tr("requeued");
    case RequeueOutcome::Done:
        return tr("left alone: done");
    case RequeueOutcome::InProgress:
        return tr("left alone: in progress");
    case RequeueOutcome::AlreadyQueued:
        return tr("left alone: already queued");
    case RequeueOutcome::NotFound:
        return tr("not found");
    case RequeueOutcome::NotAttempted:
        return tr("not attempted");
    case RequeueOutcome::NotApplied:
        return tr("not requeued (connection lost before it applied)");
    case RequeueOutcome::Unknown:
        return tr("unknown (the journal could not be read)");
    case RequeueOutcome::Unrecognised:
        break;
    }
    return QString();
}

QString Requeuer::outcomeText(const Outcome &outcome)
{
    return outcome.kind == RequeueOutcome::Unrecognised ? outcome.outcome
                                                        : outcomeText(outcome.kind);
}

int Requeuer::batchCount() const
{
    return int((m_ids.size() + kBatch - 1) / kBatch);
}

QVector<qint64> Requeuer::batchIds(int batch) const
{
    return m_ids.mid(qsizetype(batch) * kBatch, kBatch);
}

qint64 Requeuer::count(RequeueOutcome outcome) const
{
    return std::count_if(m_outcomes.cbegin(), m_outcomes.cend(),
                         [outcome](const Outcome &o) { return o.kind == outcome; });
}

QMap<QString, qint64> Requeuer::unrecognised() const
{
    QMap<QString, qint64> out;
    for (const Outcome &o : m_outcomes)
        if (o.kind == RequeueOutcome::Unrecognised)
            ++out[o.outcome];
    return out;
}

void Requeuer::prepare(const QVector<qint64> &ids)
{
    cancel();
    m_seen.clear();
    m_ids.clear();
    for (const qint64 id : ids) {
        if (!m_seen.contains(id)) {
            m_seen.insert(id);
            m_ids << id;
        }
    }
    m_state = State::Previewing;
    m_preview = Preview();
    QVector<Query> batch;
    for (qsizetype i = 0; i < m_ids.size(); i += kPreviewChunk)
        batch << previewQuery(m_ids.mid(i, kPreviewChunk));
    if (batch.isEmpty()) {
        m_state = State::Ready;
        emit previewReady();
        return;
    }
    channel()->setConnectOptions(m_context->options());
    m_lanes.front().ticket = channel()->submit(batch, QueryChannel::Mode::Queue);
    // The other lanes connect while the preview runs, so the run does not wait for them.
    for (std::size_t i = 1; i < m_lanes.size(); ++i) {
        m_lanes[i].channel->setConnectOptions(m_context->options());
        m_lanes[i].channel->submit(Query{QStringLiteral("SELECT 1"), {}},
                                   QueryChannel::Mode::Queue);
    }
}

void Requeuer::prepare(const QVector<JournalFilter> &filters)
{
    cancel();
    m_filters = filters;
    m_filterIndex = 0;
    m_after.reset();
    m_seen.clear();
    m_ids.clear();
    m_state = State::Collecting;
    channel()->setConnectOptions(m_context->options());
    collectNext();
}

void Requeuer::collectNext()
{
    if (m_stopRequested) {
        m_state = State::Idle;
        return;
    }
    if (m_filterIndex >= m_filters.size()) {
        emit collected(int(m_ids.size()));
        const QVector<qint64> ids = m_ids;
        prepare(ids);
        return;
    }
    m_lanes.front().ticket =
        channel()->submit(JournalQuery::idPage(m_filters.at(m_filterIndex), m_after, kCollectPage),
                          QueryChannel::Mode::Queue);
}

void Requeuer::start(const QString &reason)
{
    if (m_state != State::Ready)
        return;
    m_reason = trimmedReason(reason);
    m_outcomes.clear();
    m_batchOutcomes = QVector<QVector<Outcome>>(batchCount());
    m_nextBatch = m_batchesDone = 0;
    m_requeued = m_settledIds = 0;
    m_halted = m_stopRequested = m_stopped = m_lost = false;
    m_error = DbError();
    m_state = State::Running;
    logger("ui")->info("requeue of {} events in {} batches on {} connections", m_ids.size(),
                       batchCount(), kLanes);
    for (Lane &lane : m_lanes) {
        lane.batch = -1;
        lane.verifying = false;
        sendNext(lane);
    }
    finishIfIdle(); // nothing to send at all
}

void Requeuer::stop()
{
    m_stopRequested = true;
    if (m_state == State::Collecting || m_state == State::Previewing)
        cancel();
}

void Requeuer::cancel()
{
    if (m_state == State::Running || m_state == State::Verifying)
        return; // a sent batch is never abandoned: its outcome is still to be told
    for (Lane &lane : m_lanes) {
        lane.channel->cancel();
        lane.retry->stop();
        lane.ticket = 0;
    }
    m_stopRequested = false;
    m_state = State::Idle;
}

void Requeuer::onReply(int laneIndex, const QueryReply &reply)
{
    Lane &lane = m_lanes[std::size_t(laneIndex)];
    if (reply.ticket != lane.ticket)
        return;
    switch (m_state) {
    case State::Collecting:
        onCollected(reply);
        break;
    case State::Previewing:
        onPreview(reply);
        break;
    case State::Running:
    case State::Verifying:
        if (lane.verifying)
            onVerify(lane, reply);
        else
            onBatch(lane, reply);
        break;
    default:
        break;
    }
}

bool Requeuer::failedToRead(const QueryReply &reply)
{
    if (reply.ok())
        return false;
    m_state = State::Idle;
    m_error = reply.error;
    m_context->readFailed(reply.error);
    emit failed(reply.error);
    return true;
}

void Requeuer::onCollected(const QueryReply &reply)
{
    if (failedToRead(reply))
        return;
    const Rows &r = reply.results.value(0);
    for (const QVariantList &v : r.rows) {
        const qint64 id = v.value(0).toLongLong();
        if (!m_seen.contains(id)) {
            m_seen.insert(id);
            m_ids << id;
        }
    }
    if (r.rows.size() < kCollectPage) {
        ++m_filterIndex;
        m_after.reset();
    } else {
        const QVariantList &last = r.rows.last();
        m_after = JournalKey{0, last.value(1).toLongLong(), last.value(0).toLongLong(), {}};
    }
    emit collected(int(m_ids.size()));
    collectNext();
}

void Requeuer::onPreview(const QueryReply &reply)
{
    if (failedToRead(reply))
        return;
    Preview p;
    for (const Rows &r : reply.results) {
        for (const QVariantList &v : r.rows) {
            const qint64 n = v.value(1).toLongLong();
            switch (parseRequeueOutcome(v.value(0).toString())) {
            case RequeueOutcome::Requeued:
                p.requeue += n;
                p.validation += v.value(2).toLongLong();
                break;
            case RequeueOutcome::Done:
                p.done += n;
                break;
            case RequeueOutcome::AlreadyQueued:
                p.alreadyQueued += n;
                break;
            case RequeueOutcome::NotFound:
                p.notFound += n;
                break;
            default: // the preview's own query says in_progress for the rest
                p.inProgress += n;
                break;
            }
        }
    }
    m_preview = p;
    m_state = State::Ready;
    emit previewReady();
}

void Requeuer::sendNext(Lane &lane)
{
    lane.batch = -1;
    if (m_halted || m_stopRequested || m_nextBatch >= batchCount())
        return;
    lane.batch = m_nextBatch++;
    lane.conflictRetries = 0;
    submitBatch(lane);
}

void Requeuer::submitBatch(Lane &lane)
{
    // The backend's pid and clock come first, on the same connection: after a loss they say
    // which backend to wait for and from when the journal is to be read.
    lane.ticket = lane.channel->submit(
        QVector<Query>{
            Query{QStringLiteral("SELECT pg_backend_pid() AS pid, (extract(epoch FROM "
                                 "clock_timestamp()) * 1000000)::int8 AS at_us"),
                  {}},
            Query{QStringLiteral("SELECT r.event_id, r.outcome FROM inbox.requeue($1::int8[], "
                                 "$2::text) AS r"),
                  {arrayLiteral(batchIds(lane.batch)), m_reason}}},
        QueryChannel::Mode::Queue);
}

void Requeuer::onBatch(Lane &lane, const QueryReply &reply)
{
    if (!reply.results.isEmpty() && !reply.results.first().rows.isEmpty()) {
        const QVariantList &v = reply.results.first().rows.first();
        lane.pid = v.value(0).toInt();
        lane.startUs = v.value(1).toLongLong();
    }
    if (reply.ok()) {
        QVector<Outcome> outcomes;
        const Rows &r = reply.results.value(1);
        outcomes.reserve(r.rows.size());
        for (const QVariantList &v : r.rows)
            outcomes << Outcome{v.value(0).toLongLong(), v.value(1).toString()};
        settle(lane, outcomes);
        return;
    }
    if (!reply.error.connectionLost && reply.error.isTransactionConflict() &&
        lane.conflictRetries < kConflictRetries) {
        // The statement was rolled back as a whole: sending it again cannot apply it twice.
        ++lane.conflictRetries;
        logger("ui")->warn("requeue batch {} aborted ({}), sending it again", lane.batch + 1,
                           reply.error.oneLine().toStdString());
        submitBatch(lane);
        return;
    }
    m_halted = true;
    if (m_error.isEmpty())
        m_error = reply.error;
    const QVector<qint64> ids = batchIds(lane.batch);
    if (!reply.error.connectionLost) {
        // The statement failed as a whole (a refusal, a bad argument): nothing of it applied.
        logger("ui")->warn("requeue refused: {}", reply.error.oneLine().toStdString());
        QVector<Outcome> outcomes;
        for (const qint64 id : ids)
            outcomes << Outcome{id, RequeueOutcome::NotAttempted};
        settle(lane, outcomes);
        return;
    }
    m_lost = true;
    m_context->reportPossibleLoss();
    if (reply.results.isEmpty()) {
        // Lost before the first statement ran: inbox.requeue was never sent.
        QVector<Outcome> outcomes;
        for (const qint64 id : ids)
            outcomes << Outcome{id, RequeueOutcome::NotApplied};
        settle(lane, outcomes);
        return;
    }
    logger("ui")->warn("connection lost during requeue batch {}; reading the journal",
                       lane.batch + 1);
    m_state = State::Verifying;
    lane.verifying = true;
    lane.verifyTries = 0;
    verify(lane);
}

void Requeuer::verify(Lane &lane)
{
    ++lane.verifyTries;
    lane.ticket = lane.channel->submit(
        QVector<Query>{
            Query{QStringLiteral("SELECT count(*) FROM pg_stat_activity a WHERE a.pid = "
                                 "$1::int4 AND a.pid <> pg_backend_pid()"),
                  {lane.pid}},
            Query{QStringLiteral(
                      "SELECT DISTINCT j.event_id FROM inbox.journal j WHERE j.event_id = "
                      "ANY($1::int8[]) AND j.entry = 'requeued' AND j.by_person AND j.actor = "
                      "session_user AND j.detail->>'reason' = $2::text AND j.at >= timestamptz "
                      "'epoch' + $3::int8 * interval '1 microsecond'"),
                  {arrayLiteral(batchIds(lane.batch)), m_reason, lane.startUs}}},
        QueryChannel::Mode::Queue);
}

void Requeuer::onVerify(Lane &lane, const QueryReply &reply)
{
    const bool oldBackendGone =
        reply.ok() && reply.results.value(0).rows.value(0).value(0).toLongLong() == 0;
    const QVector<qint64> ids = batchIds(lane.batch);
    QVector<Outcome> outcomes;
    if (!oldBackendGone) {
        if (lane.verifyTries < kVerifyTries) {
            lane.retry->start();
            return;
        }
        for (const qint64 id : ids)
            outcomes << Outcome{id, RequeueOutcome::Unknown};
    } else {
        QSet<qint64> applied;
        for (const QVariantList &v : reply.results.value(1).rows)
            applied.insert(v.value(0).toLongLong());
        for (const qint64 id : ids)
            outcomes << Outcome{id, applied.contains(id) ? RequeueOutcome::Requeued
                                                         : RequeueOutcome::NotApplied};
        logger("ui")->info("after the loss the journal shows {} of {} requeued", applied.size(),
                           ids.size());
    }
    lane.verifying = false;
    settle(lane, outcomes);
}

// The lane's batch has its outcomes: record them, report progress, take the next batch.
void Requeuer::settle(Lane &lane, QVector<Outcome> outcomes)
{
    for (const Outcome &o : std::as_const(outcomes)) {
        if (o.kind == RequeueOutcome::Requeued)
            ++m_requeued;
    }
    m_settledIds += outcomes.size();
    m_batchOutcomes[lane.batch] = std::move(outcomes);
    ++m_batchesDone;
    // Progress first: a stop() from its receiver keeps this lane from taking another batch.
    emit progress(int(m_requeued), int(m_settledIds), int(m_ids.size()));
    sendNext(lane);
    finishIfIdle();
}

void Requeuer::finishIfIdle()
{
    if (m_state != State::Running && m_state != State::Verifying)
        return;
    for (const Lane &lane : m_lanes) {
        if (lane.batch >= 0)
            return;
    }
    // Batches no lane took: not attempted (stopped, refused or after a loss).
    if (m_nextBatch < batchCount() && m_stopRequested && !m_halted)
        m_stopped = true;
    for (int b = m_nextBatch; b < batchCount(); ++b) {
        for (const qint64 id : batchIds(b))
            m_batchOutcomes[b] << Outcome{id, RequeueOutcome::NotAttempted};
    }
    m_nextBatch = batchCount();
    finish();
}

void Requeuer::finish()
{
    m_state = State::Finished;
    for (Lane &lane : m_lanes)
        lane.retry->stop();
    m_outcomes.clear();
    m_outcomes.reserve(m_ids.size());
    for (const QVector<Outcome> &b : std::as_const(m_batchOutcomes))
        m_outcomes += b;
    logger("ui")->info("requeue finished: {} requeued of {}", m_requeued, m_ids.size());
    emit progress(int(m_requeued), int(m_outcomes.size()), int(m_ids.size()));
    emit finished();
}

} // namespace inbox
