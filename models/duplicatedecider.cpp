#include "duplicatedecider.h"

#include "logging.h"
#include "monotonic.h"
#include "querychannel.h"

#include <spdlog/spdlog.h>

namespace inbox {

namespace {

// The pair's state after the decision: who decided what and when.
const QString kStateSql = QStringLiteral("SELECT d.status, d.decided_by, d.decided_at, d.note"
                                         " FROM inbox.duplicate_candidates d WHERE d.id = $1");

} // namespace

DuplicateDecider::DuplicateDecider(QObject *parent)
    : QObject(parent), m_channel(new QueryChannel(QStringLiteral("duplicate-decide"), this))
{
    qRegisterMetaType<inbox::DecisionResult>();
    connect(m_channel, &QueryChannel::replied, this, &DuplicateDecider::onReply);
}

DuplicateDecider::~DuplicateDecider() = default;

void DuplicateDecider::setConnectOptions(const ConnectOptions &options)
{
    // Nothing may be outstanding here: setConnectOptions cancels, and a cancelled decision
    // would leave the person without an answer. The page only reconnects when idle.
    m_channel->setConnectOptions(options);
}

void DuplicateDecider::decide(qint64 candidateId, const QString &decision, const QString &note)
{
    DecisionResult seed;
    seed.candidateId = candidateId;
    seed.decision = decision;
    seed.note = note.trimmed();
    // now() is the transaction's time, the very decided_at the function writes; with the
    // session user it tells who decided what and when without a second round trip.
    start(seed,
          QStringLiteral("SELECT inbox.decide_duplicate($1, $2, $3) AS outcome,"
                         " session_user AS me, now() AS at"),
          {candidateId, decision, seed.note.isEmpty() ? QVariant() : QVariant(seed.note)});
}

void DuplicateDecider::undoMine(qint64 candidateId, const QString &myStatus, const QString &note)
{
    DecisionResult seed;
    seed.candidateId = candidateId;
    seed.decision = QStringLiteral("undo");
    // The check and the undo are one statement; decide_duplicate then locks the pair. The
    // gap between this check and that lock is a few microseconds of one statement.
    start(
        seed,
        QStringLiteral("SELECT CASE WHEN d.status = $2 AND d.decided_by = session_user"
                       " THEN inbox.decide_duplicate(d.id, 'undo', $3)"
                       " ELSE 'changed_since' END AS outcome, session_user AS me, now() AS at"
                       " FROM inbox.duplicate_candidates d WHERE d.id = $1"),
        {candidateId, myStatus, note.trimmed().isEmpty() ? QVariant() : QVariant(note.trimmed())});
}

void DuplicateDecider::start(const DecisionResult &seed, const QString &sql,
                             const QVariantList &params)
{
    Job job;
    job.result = seed;
    job.startedNs = monotonicNs();
    job.ticket = m_channel->submit(Query{sql, params}, QueryChannel::Mode::Queue);
    m_jobs << job;
    if (m_running++ == 0)
        emit busyChanged(true);
    logger("ui")->info("duplicate {} of pair {} requested", seed.decision.toStdString(),
                       seed.candidateId);
}

void DuplicateDecider::reread(Job job, Phase phase)
{
    job.phase = phase;
    job.ticket =
        m_channel->submit(Query{kStateSql, {job.result.candidateId}}, QueryChannel::Mode::Queue);
    m_jobs << job;
}

void DuplicateDecider::onReply(const QueryReply &reply)
{
    int at = -1;
    for (int i = 0; i < m_jobs.size(); ++i)
        if (m_jobs.at(i).ticket == reply.ticket)
            at = i;
    if (at < 0)
        return;
    Job job = m_jobs.takeAt(at);
    DecisionResult &r = job.result;

    if (job.phase != Phase::Deciding) {
        // Who decided what and when: after someone else's decision, or a lost connection.
        const Rows &state = reply.results.value(0);
        if (reply.ok() && !state.rows.isEmpty()) {
            const QVariantList &row = state.rows.first();
            r.status = row.value(0).toString();
            r.decidedBy = row.value(1).toString();
            r.decidedAt = row.value(2).toDateTime();
            r.note = row.value(3).toString();
            r.stateKnown = true;
        } else if (!reply.ok() && job.phase == Phase::Verifying) {
            r.error = reply.error;
        }
    } else if (reply.ok()) {
        const Rows &first = reply.results.value(0);
        if (first.rows.isEmpty()) {
            r.outcome = QStringLiteral("not_found"); // undo of a pair that no longer exists
        } else {
            const QVariantList &row = first.rows.first();
            r.outcome = row.value(0).toString();
            if (r.applied()) {
                // What the function wrote: known without reading it back.
                const bool undone = r.outcome == QLatin1String("undone");
                r.status = undone ? QStringLiteral("open") : r.outcome;
                r.decidedBy = undone ? QString() : row.value(1).toString();
                r.decidedAt = undone ? QDateTime() : row.value(2).toDateTime();
                if (undone)
                    r.note.clear();
                r.stateKnown = true;
            } else if (r.outcome != QLatin1String("not_found")) {
                // Not applied because of the pair's state: read who decided what and when.
                r.note.clear();
                reread(job, Phase::Rereading);
                return;
            }
        }
    } else if (reply.error.connectionLost) {
        // Lost before or during the decision: it may have been applied. Read the pair again
        // (the channel reconnects for the next batch) and say what is known, never guess.
        r.error = reply.error;
        r.outcomeUnknown = true;
        r.note.clear();
        reread(job, Phase::Verifying);
        return;
    } else {
        r.error = reply.error;
    }
    r.elapsedUs = (monotonicNs() - job.startedNs) / 1000;
    logger("ui")->info("duplicate {} of pair {}: {}{}", r.decision.toStdString(), r.candidateId,
                       r.outcome.isEmpty() ? std::string("unknown") : r.outcome.toStdString(),
                       r.error.isEmpty() ? std::string()
                                         : " (" + r.error.oneLine().toStdString() + ")");
    if (--m_running == 0)
        emit busyChanged(false);
    emit finished(r);
}

} // namespace inbox
