#pragma once

#include "db/database.h"
#include "db/dberror.h"
#include "duplicates/decisionoutcome.h"

#include <QDateTime>
#include <QMetaType>
#include <QObject>

namespace inbox {

class QueryChannel;
struct QueryReply;

// What became of one decision, with the pair's state read right after it.
struct DecisionResult
{
    qint64 candidateId = 0;
    Decision decision = Decision::Merge;
    // The server's word: merged, rejected, undone, already_decided, not_decided,
    // lead_already_merged, not_found; or, for undo, changed_since (the pair is no longer in
    // the state my decision left it: someone else changed it, so it is not undone). Empty
    // when the outcome is unknown (connection lost) or an error stopped it. Kept as it came
    // for the log and for showing a word this version does not know.
    QString outcome;
    // The same word parsed once (setOutcome keeps the two together): what callers branch on.
    DecisionOutcome outcomeKind = DecisionOutcome::None;
    // The pair as it is now: who decided what and when (also after already_decided). The
    // status word as it came, and parsed once (setStatus keeps the two together).
    QString statusWord;
    PairStatus status = PairStatus::Unknown;
    QString decidedBy;
    QDateTime decidedAt;
    QString note;
    bool stateKnown = false;
    DbError error;
    // The connection went away while the decision ran: it may or may not have happened.
    // The state above was read again afterwards when stateKnown is true.
    bool outcomeUnknown = false;
    qint64 elapsedUs = 0; // request to reply, on the GUI thread's clock

    void setOutcome(const QString &word)
    {
        outcome = word;
        outcomeKind = parseDecisionOutcome(word);
    }
    void setOutcome(DecisionOutcome kind)
    {
        outcome = decisionOutcomeWord(kind);
        outcomeKind = kind;
    }
    void setStatus(const QString &word)
    {
        statusWord = word;
        status = parsePairStatus(word);
    }
    void setStatus(PairStatus kind)
    {
        statusWord = pairStatusWord(kind);
        status = kind;
    }
    bool applied() const
    {
        return outcomeKind == DecisionOutcome::Merged || outcomeKind == DecisionOutcome::Rejected ||
               outcomeKind == DecisionOutcome::Undone;
    }
};

// Runs decide_duplicate on a channel of its own, in Queue mode: a decision is never
// cancelled by a newer request (a superseding read must not cancel a merge half-sent), and
// decisions run in the order they were made.
class DuplicateDecider final : public QObject
{
    Q_OBJECT
public:
    explicit DuplicateDecider(QObject *parent = nullptr);
    ~DuplicateDecider() override;

    void setConnectOptions(const ConnectOptions &options);
    // `decision`: Merge or Reject (undo goes through undoMine).
    void decide(qint64 candidateId, Decision decision, const QString &note = QString());
    // The same with the contract's word (merge or reject), for callers that hold the word;
    // any other word is refused with a warning in the log and nothing is sent.
    void decide(qint64 candidateId, const QString &decision, const QString &note = QString());
    // Undoes my decision on the pair, only while it still stands as I left it (`myStatus`,
    // decided by this session's user); otherwise the outcome is changed_since.
    void undoMine(qint64 candidateId, PairStatus myStatus, const QString &note = QString());
    bool isBusy() const { return m_running > 0; }

    // After a lost connection the pair is read again until the database can tell the outcome:
    // first at once, then after a growing pause (kVerifyFirstMs doubling up to kVerifyMaxMs)
    // for kVerifyTries reads in all (about two minutes), then the outcome stays unknown.
    static constexpr int kVerifyFirstMs = 250;
    static constexpr int kVerifyMaxMs = 5000;
    static constexpr int kVerifyTries = 30;

signals:
    // Once per decision, when its outcome is known (or after a loss, could not be learnt).
    void finished(const inbox::DecisionResult &result);
    // The connection went away while a decision ran; finished() follows once the database
    // says whether it was applied. For showing the loss at once.
    void connectionLost(const inbox::DecisionResult &result);
    void busyChanged(bool busy);

private:
    enum class Phase {
        Deciding,  // decide_duplicate runs
        Rereading, // not applied: reading who decided what and when
        Verifying, // the connection was lost: reading where the pair stands now
    };
    struct Job
    {
        quint64 ticket = 0;
        DecisionResult result;
        qint64 startedNs = 0;
        Phase phase = Phase::Deciding;
        int backendPid = 0; // the session that ran the decision: gone before the state counts
        int verifyTries = 0;
    };
    void start(const DecisionResult &seed, const QString &sql, const QVariantList &params);
    void reread(Job job, Phase phase);
    void onVerified(Job job, const QueryReply &reply);
    void finish(Job &job);
    void onReply(const QueryReply &reply);

    QueryChannel *m_channel;
    QVector<Job> m_jobs;
    int m_running = 0;
};

} // namespace inbox

Q_DECLARE_METATYPE(inbox::DecisionResult)
