#include "requeuer.h"

#include "consolecontext.h"
#include "logging.h"
#include "querychannel.h"

#include <QTimer>
#include <spdlog/spdlog.h>

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

const QString kNotAttempted = QStringLiteral("not_attempted");

} // namespace

Requeuer::Requeuer(ConsoleContext *context, QObject *parent)
    : QObject(parent), m_context(context),
      m_channel(new QueryChannel(QStringLiteral("requeue"), this)), m_retry(new QTimer(this))
{
    m_retry->setSingleShot(true);
    m_retry->setInterval(kVerifyRetryMs);
    connect(m_retry, &QTimer::timeout, this, &Requeuer::verify);
    connect(m_channel, &QueryChannel::replied, this, &Requeuer::onReply);
    m_channel->setConnectOptions(m_context->options());
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
    // The same rules as inbox.requeue (0004), read without locking or changing anything;
    // its lock timeout is a constant five minutes.
    return Query{
        QStringLiteral(
            "SELECT o.outcome, count(*)::int8 AS n, count(*) FILTER (WHERE o.validation)::int8 "
            "AS validation FROM (SELECT CASE WHEN e.id IS NULL THEN 'not_found' "
            "WHEN e.status = 'failed' OR (e.status = 'processing' AND e.locked_at < now() - "
            "interval '5 minutes') THEN 'requeued' WHEN e.status = 'done' THEN 'done' "
            "WHEN e.status = 'received' THEN 'already_queued' ELSE 'in_progress' END AS outcome, "
            "coalesce(e.status = 'failed' AND e.error_retryable = false, false) AS validation "
            "FROM (SELECT DISTINCT x.id FROM unnest($1::int8[]) AS x(id)) r "
            "LEFT JOIN inbox.events e ON e.id = r.id) o GROUP BY o.outcome"),
        {arrayLiteral(ids)}};
}

QString Requeuer::outcomeText(const QString &outcome)
{
    if (outcome == QLatin1String("requeued"))
        return tr("requeued");
    if (outcome == QLatin1String("done"))
        return tr("left alone: done");
    if (outcome == QLatin1String("in_progress"))
        return tr("left alone: in progress");
    if (outcome == QLatin1String("already_queued"))
        return tr("left alone: already queued");
    if (outcome == QLatin1String("not_found"))
        return tr("not found");
    if (outcome == QLatin1String("not_attempted"))
        return tr("not attempted");
    if (outcome == QLatin1String("not_applied"))
        return tr("not requeued (connection lost before it applied)");
    if (outcome == QLatin1String("unknown"))
        return tr("unknown (the journal could not be read)");
    return outcome;
}

int Requeuer::batchCount() const
{
    return int((m_ids.size() + kBatch - 1) / kBatch);
}

QVector<qint64> Requeuer::batchIds(int batch) const
{
    return m_ids.mid(qsizetype(batch) * kBatch, kBatch);
}

QHash<QString, qint64> Requeuer::counts() const
{
    QHash<QString, qint64> out;
    for (const Outcome &o : m_outcomes)
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
    m_channel->setConnectOptions(m_context->options());
    m_ticket = m_channel->submit(batch, QueryChannel::Mode::Queue);
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
    m_channel->setConnectOptions(m_context->options());
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
    m_ticket =
        m_channel->submit(JournalQuery::idPage(m_filters.at(m_filterIndex), m_after, kCollectPage),
                          QueryChannel::Mode::Queue);
}

void Requeuer::start(const QString &reason)
{
    if (m_state != State::Ready)
        return;
    m_reason = trimmedReason(reason);
    m_outcomes.clear();
    m_outcomes.reserve(m_ids.size());
    m_nextBatch = 0;
    m_stopRequested = m_stopped = m_lost = false;
    m_runStartUs = 0;
    m_error = DbError();
    m_state = State::Running;
    logger("ui")->info("requeue of {} events in {} batches", m_ids.size(), batchCount());
    sendBatch();
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
    m_channel->cancel();
    m_retry->stop();
    m_ticket = 0;
    m_stopRequested = false;
    m_state = State::Idle;
}

void Requeuer::onReply(const QueryReply &reply)
{
    if (reply.ticket != m_ticket)
        return;
    switch (m_state) {
    case State::Collecting:
        onCollected(reply);
        break;
    case State::Previewing:
        onPreview(reply);
        break;
    case State::Running:
        onBatch(reply);
        break;
    case State::Verifying:
        onVerify(reply);
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
    if (reply.error.connectionLost)
        m_context->reportPossibleLoss();
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
            const QString o = v.value(0).toString();
            const qint64 n = v.value(1).toLongLong();
            if (o == QLatin1String("requeued")) {
                p.requeue += n;
                p.validation += v.value(2).toLongLong();
            } else if (o == QLatin1String("done")) {
                p.done += n;
            } else if (o == QLatin1String("already_queued")) {
                p.alreadyQueued += n;
            } else if (o == QLatin1String("not_found")) {
                p.notFound += n;
            } else {
                p.inProgress += n;
            }
        }
    }
    m_preview = p;
    m_state = State::Ready;
    emit previewReady();
}

void Requeuer::sendBatch()
{
    if (m_nextBatch >= batchCount()) {
        finish();
        return;
    }
    if (m_stopRequested) {
        m_stopped = true;
        finishRest(kNotAttempted);
        finish();
        return;
    }
    const QVector<qint64> ids = batchIds(m_nextBatch);
    // The backend's pid and clock come first, on the same connection: after a loss they say
    // which backend to wait for and from when the journal is to be read.
    m_ticket = m_channel->submit(
        QVector<Query>{
            Query{QStringLiteral("SELECT pg_backend_pid() AS pid, (extract(epoch FROM "
                                 "clock_timestamp()) * 1000000)::int8 AS at_us"),
                  {}},
            Query{QStringLiteral("SELECT r.event_id, r.outcome FROM inbox.requeue($1::int8[], "
                                 "$2::text) AS r"),
                  {arrayLiteral(ids), m_reason}}},
        QueryChannel::Mode::Queue);
}

void Requeuer::onBatch(const QueryReply &reply)
{
    if (!reply.results.isEmpty() && !reply.results.first().rows.isEmpty()) {
        const QVariantList &v = reply.results.first().rows.first();
        m_lostPid = v.value(0).toInt();
        if (m_runStartUs == 0)
            m_runStartUs = v.value(1).toLongLong();
    }
    if (reply.ok()) {
        const Rows &r = reply.results.value(1);
        for (const QVariantList &v : r.rows)
            m_outcomes << Outcome{v.value(0).toLongLong(), v.value(1).toString()};
        ++m_nextBatch;
        emit progress(int(count(QStringLiteral("requeued"))), int(m_outcomes.size()),
                      int(m_ids.size()));
        sendBatch();
        return;
    }
    m_error = reply.error;
    if (!reply.error.connectionLost) {
        // The statement failed as a whole (a refusal, a bad argument): nothing of it applied.
        logger("ui")->warn("requeue refused: {}", reply.error.oneLine().toStdString());
        finishRest(kNotAttempted);
        finish();
        return;
    }
    m_lost = true;
    m_context->reportPossibleLoss();
    if (reply.results.isEmpty()) {
        // Lost before the first statement ran: inbox.requeue was never sent.
        for (const qint64 id : batchIds(m_nextBatch))
            m_outcomes << Outcome{id, QStringLiteral("not_applied")};
        ++m_nextBatch;
        finishRest(kNotAttempted);
        finish();
        return;
    }
    logger("ui")->warn("connection lost during requeue batch {}; reading the journal",
                       m_nextBatch + 1);
    m_state = State::Verifying;
    m_verifyTries = 0;
    verify();
}

void Requeuer::verify()
{
    ++m_verifyTries;
    m_ticket = m_channel->submit(
        QVector<Query>{
            Query{QStringLiteral("SELECT count(*) FROM pg_stat_activity a WHERE a.pid = "
                                 "$1::int4 AND a.pid <> pg_backend_pid()"),
                  {m_lostPid}},
            Query{QStringLiteral(
                      "SELECT DISTINCT j.event_id FROM inbox.journal j WHERE j.event_id = "
                      "ANY($1::int8[]) AND j.entry = 'requeued' AND j.by_person AND j.actor = "
                      "session_user AND j.detail->>'reason' = $2::text AND j.at >= timestamptz "
                      "'epoch' + $3::int8 * interval '1 microsecond'"),
                  {arrayLiteral(batchIds(m_nextBatch)), m_reason, m_runStartUs}}},
        QueryChannel::Mode::Queue);
}

void Requeuer::onVerify(const QueryReply &reply)
{
    const bool oldBackendGone =
        reply.ok() && reply.results.value(0).rows.value(0).value(0).toLongLong() == 0;
    if (!oldBackendGone) {
        if (m_verifyTries < kVerifyTries) {
            m_retry->start();
            return;
        }
        for (const qint64 id : batchIds(m_nextBatch))
            m_outcomes << Outcome{id, QStringLiteral("unknown")};
    } else {
        QSet<qint64> applied;
        for (const QVariantList &v : reply.results.value(1).rows)
            applied.insert(v.value(0).toLongLong());
        for (const qint64 id : batchIds(m_nextBatch))
            m_outcomes << Outcome{id, applied.contains(id) ? QStringLiteral("requeued")
                                                           : QStringLiteral("not_applied")};
        logger("ui")->info("after the loss the journal shows {} of {} requeued", applied.size(),
                           batchIds(m_nextBatch).size());
    }
    ++m_nextBatch;
    finishRest(kNotAttempted);
    finish();
}

void Requeuer::finishRest(const QString &outcome)
{
    for (int b = m_nextBatch; b < batchCount(); ++b) {
        for (const qint64 id : batchIds(b))
            m_outcomes << Outcome{id, outcome};
    }
    m_nextBatch = batchCount();
}

void Requeuer::finish()
{
    m_state = State::Finished;
    m_retry->stop();
    logger("ui")->info("requeue finished: {} requeued of {}", count(QStringLiteral("requeued")),
                       m_ids.size());
    emit progress(int(count(QStringLiteral("requeued"))), int(m_outcomes.size()),
                  int(m_ids.size()));
    emit finished();
}

} // namespace inbox
