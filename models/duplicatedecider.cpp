#include "duplicatedecider.h"

#include "logging.h"
#include "querychannel.h"

#include <QElapsedTimer>
#include <spdlog/spdlog.h>

namespace inbox {

namespace {

qint64 nowNs()
{
    static QElapsedTimer clock;
    if (!clock.isValid())
        clock.start();
    return clock.nsecsElapsed();
}

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
    start(
        seed, QStringLiteral("SELECT inbox.decide_duplicate($1, $2, $3) AS outcome"),
        {candidateId, decision, note.trimmed().isEmpty() ? QVariant() : QVariant(note.trimmed())});
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
                       " ELSE 'changed_since' END AS outcome"
                       " FROM inbox.duplicate_candidates d WHERE d.id = $1"),
        {candidateId, myStatus, note.trimmed().isEmpty() ? QVariant() : QVariant(note.trimmed())});
}

void DuplicateDecider::start(const DecisionResult &seed, const QString &sql,
                             const QVariantList &params)
{
    Job job;
    job.result = seed;
    job.startedNs = nowNs();
    job.ticket =
        m_channel->submit(QVector<Query>{Query{sql, params}, Query{kStateSql, {seed.candidateId}}},
                          QueryChannel::Mode::Queue);
    m_jobs << job;
    if (m_running++ == 0)
        emit busyChanged(true);
    logger("ui")->info("duplicate {} of pair {} requested", seed.decision.toStdString(),
                       seed.candidateId);
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

    auto readState = [&r](const QVector<Rows> &results, int index) {
        const Rows &state = results.value(index);
        if (state.rows.isEmpty())
            return;
        const QVariantList &row = state.rows.first();
        r.status = row.value(0).toString();
        r.decidedBy = row.value(1).toString();
        r.decidedAt = row.value(2).toDateTime();
        r.note = row.value(3).toString();
        r.stateKnown = true;
    };

    if (job.verifying) {
        // The state after a lost connection: enough to tell the person where things stand.
        if (reply.ok())
            readState(reply.results, 0);
        else
            r.error = reply.error;
    } else if (reply.ok()) {
        const Rows &first = reply.results.value(0);
        // No row: the pair is gone (undo of an id that no longer exists).
        r.outcome = first.rows.isEmpty() ? QStringLiteral("not_found")
                                         : first.rows.first().value(0).toString();
        readState(reply.results, 1);
    } else if (reply.results.isEmpty() && reply.error.connectionLost) {
        // Lost before or during the decision: it may have been applied. Read the pair again
        // (the channel reconnects for the next batch) and say what is known, never guess.
        r.error = reply.error;
        r.outcomeUnknown = true;
        job.verifying = true;
        job.ticket =
            m_channel->submit(Query{kStateSql, {r.candidateId}}, QueryChannel::Mode::Queue);
        m_jobs << job;
        return;
    } else {
        r.error = reply.error;
        if (!reply.results.isEmpty()) // the decision ran, the state read failed
            r.outcome = reply.results.first().rows.value(0).value(0).toString();
    }
    r.elapsedUs = (nowNs() - job.startedNs) / 1000;
    logger("ui")->info("duplicate {} of pair {}: {}{}", r.decision.toStdString(), r.candidateId,
                       r.outcome.isEmpty() ? std::string("unknown") : r.outcome.toStdString(),
                       r.error.isEmpty() ? std::string()
                                         : " (" + r.error.oneLine().toStdString() + ")");
    if (--m_running == 0)
        emit busyChanged(false);
    emit finished(r);
}

} // namespace inbox
