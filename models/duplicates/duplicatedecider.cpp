#include "duplicates/duplicatedecider.h"

#include "db/querychannel.h"
#include "support/logging.h"
#include "support/monotonic.h"

#include <QTimer>

#include <spdlog/spdlog.h>

namespace inbox {

namespace {

// The pair's state after the decision: who decided what and when.
const QString kStateSql = QStringLiteral("SELECT d.status, d.decided_by, d.decided_at, d.note"
                                         " FROM inbox.duplicate_candidates d WHERE d.id = $1");
// Ahead of the decision, on the same connection: after a loss, the backend to wait for.
const QString kPidSql = QStringLiteral("SELECT pg_backend_pid() AS pid");
// Is the backend that ran the decision still there (a lost network, not a server restart:
// it may still commit)? Its outcome counts only once it is gone.
const QString kAliveSql =
    QStringLiteral("SELECT count(*) FROM pg_stat_activity a WHERE a.pid = $1::int4"
                   " AND a.pid <> pg_backend_pid()");

// A row of kStateSql (status, decided_by, decided_at, note): the pair as the database has it.
void takeState(const QVariantList &row, DecisionResult &r)
{
    r.setStatus(row.value(0).toString());
    r.decidedBy = row.value(1).toString();
    r.decidedAt = row.value(2).toDateTime();
    r.note = row.value(3).toString();
    r.stateKnown = true;
}

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
    const std::optional<Decision> parsed = parseDecision(decision);
    if (!parsed || *parsed == Decision::Undo) {
        logger("ui")->warn("duplicate decision '{}' of pair {} refused: not merge or reject",
                           decision.toStdString(), candidateId);
        return;
    }
    decide(candidateId, *parsed, note);
}

void DuplicateDecider::decide(qint64 candidateId, Decision decision, const QString &note)
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
          {candidateId, decisionWord(decision),
           seed.note.isEmpty() ? QVariant() : QVariant(seed.note)});
}

void DuplicateDecider::undoMine(qint64 candidateId, PairStatus myStatus, const QString &note)
{
    DecisionResult seed;
    seed.candidateId = candidateId;
    seed.decision = Decision::Undo;
    // The check and the undo are one statement; decide_duplicate then locks the pair. The
    // gap between this check and that lock is a few microseconds of one statement.
    start(seed,
          QStringLiteral("SELECT CASE WHEN d.status = $2 AND d.decided_by = session_user"
                         " THEN inbox.decide_duplicate(d.id, 'undo', $3)"
                         " ELSE 'changed_since' END AS outcome, session_user AS me, now() AS at"
                         " FROM inbox.duplicate_candidates d WHERE d.id = $1"),
          {candidateId, pairStatusWord(myStatus),
           note.trimmed().isEmpty() ? QVariant() : QVariant(note.trimmed())});
}

void DuplicateDecider::start(const DecisionResult &seed, const QString &sql,
                             const QVariantList &params)
{
    Job job;
    job.result = seed;
    job.startedNs = monotonicNs();
    job.ticket = m_channel->submit(QVector<Query>{Query{kPidSql, {}}, Query{sql, params}},
                                   QueryChannel::Mode::Queue);
    m_jobs << job;
    if (m_running++ == 0)
        emit busyChanged(true);
    logger("ui")->info("duplicate {} of pair {} requested",
                       decisionWord(seed.decision).toStdString(), seed.candidateId);
}

void DuplicateDecider::reread(Job job, Phase phase)
{
    job.phase = phase;
    if (phase == Phase::Verifying) {
        ++job.verifyTries;
        job.ticket = m_channel->submit(QVector<Query>{Query{kAliveSql, {job.backendPid}},
                                                      Query{kStateSql, {job.result.candidateId}}},
                                       QueryChannel::Mode::Queue);
    } else {
        job.ticket = m_channel->submit(Query{kStateSql, {job.result.candidateId}},
                                       QueryChannel::Mode::Queue);
    }
    m_jobs << job;
}

void DuplicateDecider::onVerified(Job job, const QueryReply &reply)
{
    DecisionResult &r = job.result;
    const bool oldBackendGone =
        reply.ok() && reply.results.value(0).rows.value(0).value(0).toLongLong() == 0;
    const Rows &state = reply.results.value(1);
    if (oldBackendGone && !state.rows.isEmpty()) {
        takeState(state.rows.first(), r);
    } else if (oldBackendGone && reply.ok()) {
        r.setOutcome(DecisionOutcome::NotFound);
    } else if (job.verifyTries < kVerifyTries) {
        // The server is not back yet, or the old session may still commit: ask again later.
        const int pause = qMin(kVerifyMaxMs, kVerifyFirstMs << qMin(job.verifyTries - 1, 8));
        QTimer::singleShot(pause, this, [this, job] { reread(job, Phase::Verifying); });
        return;
    } else if (!reply.ok()) {
        r.error = reply.error;
    }
    finish(job);
}

void DuplicateDecider::finish(Job &job)
{
    DecisionResult &r = job.result;
    r.elapsedUs = (monotonicNs() - job.startedNs) / 1000;
    logger("ui")->info(
        "duplicate {} of pair {}: {}{}", decisionWord(r.decision).toStdString(), r.candidateId,
        r.outcome.isEmpty() ? (r.stateKnown ? "unknown, pair now " + r.statusWord.toStdString()
                                            : std::string("unknown"))
                            : r.outcome.toStdString(),
        r.error.isEmpty() ? std::string() : " (" + r.error.oneLine().toStdString() + ")");
    if (--m_running == 0)
        emit busyChanged(false);
    emit finished(r);
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

    if (job.phase == Phase::Verifying) {
        onVerified(job, reply);
        return;
    }
    if (job.phase == Phase::Rereading) {
        // Who decided what and when, after someone else's decision.
        const Rows &state = reply.results.value(0);
        if (reply.ok() && !state.rows.isEmpty())
            takeState(state.rows.first(), r);
    } else if (reply.ok()) {
        const Rows &first = reply.results.value(1);
        if (first.rows.isEmpty()) {
            r.setOutcome(DecisionOutcome::NotFound); // undo of a pair that no longer exists
        } else {
            const QVariantList &row = first.rows.first();
            r.setOutcome(row.value(0).toString());
            if (r.applied()) {
                // What the function wrote: known without reading it back.
                const bool undone = r.outcomeKind == DecisionOutcome::Undone;
                r.setStatus(undone                                     ? PairStatus::Open
                            : r.outcomeKind == DecisionOutcome::Merged ? PairStatus::Merged
                                                                       : PairStatus::Rejected);
                r.decidedBy = undone ? QString() : row.value(1).toString();
                r.decidedAt = undone ? QDateTime() : row.value(2).toDateTime();
                if (undone)
                    r.note.clear();
                r.stateKnown = true;
            } else if (r.outcomeKind != DecisionOutcome::NotFound) {
                // Not applied because of the pair's state (or a word this version does not
                // know): read who decided what and when.
                r.note.clear();
                reread(job, Phase::Rereading);
                return;
            }
        }
    } else if (reply.error.connectionLost) {
        // Lost before or during the decision: it may have been applied. Never sent again;
        // the pair is read once the session that ran it is gone (the channel reconnects for
        // the next batch), and the outcome told is what the database shows, never a guess.
        r.error = reply.error;
        r.outcomeUnknown = true;
        r.note.clear();
        job.backendPid = reply.results.value(0).rows.value(0).value(0).toInt();
        logger("ui")->warn("connection lost during duplicate {} of pair {}; reading it again",
                           decisionWord(r.decision).toStdString(), r.candidateId);
        emit connectionLost(r);
        reread(job, Phase::Verifying);
        return;
    } else {
        r.error = reply.error;
    }
    finish(job);
}

} // namespace inbox
