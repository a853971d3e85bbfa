#pragma once

#include "attention/requeueoutcome.h"
#include "db/dberror.h"
#include "journal/journalfilter.h"

#include <QMap>
#include <QObject>
#include <QSet>
#include <QVector>

#include <array>
#include <optional>
#include <utility>

class QTimer;

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// Requeues events through inbox.requeue only, on its own connections.
//
// 1. prepare(ids) or prepare(filters): the ids are fixed (for filters they are collected in
//    keyset pages) and a preview counts, without changing anything, what inbox.requeue would
//    do with each one right now: requeue it (failed, or processing with a lock older than
//    the deployment's lock timeout) or leave it alone (done, in progress, already queued, not
//    found). previewReady().
// 2. start(reason): inbox.requeue in batches of kBatch ids, one statement each, on kLanes
//    connections at once (each lane takes the next batch not yet sent); progress() after
//    each. The batches are disjoint, so the lanes never wait for each other's row locks, and
//    the work per row is CPU-bound, so a second lane uses the server's second core. A batch
//    aborted by a deadlock or serialization failure applied nothing and is sent again (at
//    most kConflictRetries times). stop() ends the run between batches: batches in flight
//    finish, what was not sent is reported `not_attempted`.
// 3. A batch whose reply says the connection was lost is never sent again, and no lane
//    sends another batch. Once that lane's old backend is gone (pg_stat_activity), the
//    journal tells what the batch applied: `requeued` entries by this user with this reason
//    since the batch began, for its ids; the rest are `not_applied`. If the journal cannot be
//    read for a minute the batch's ids are reported `unknown`. The run ends when every lane
//    knows the outcome of its last batch.
// finished() in every case; outcomes() (empty until then) holds one outcome per id, batch by
// batch in the order of ids() (within a batch by ascending id, as inbox.requeue answers).
class Requeuer final : public QObject
{
    Q_OBJECT
public:
    enum class State { Idle, Collecting, Previewing, Ready, Running, Verifying, Finished };
    struct Preview
    {
        qint64 requeue = 0, done = 0, inProgress = 0, alreadyQueued = 0, notFound = 0;
        qint64 validation = 0; // of those to requeue: validation failures (not retryable)
        qint64 leftAlone() const { return done + inProgress + alreadyQueued + notFound; }
        qint64 total() const { return requeue + leftAlone(); }
    };
    struct Outcome
    {
        Outcome() = default;
        Outcome(qint64 eventId, RequeueOutcome what)
            : id(eventId), outcome(requeueOutcomeWord(what)), kind(what)
        {}
        // From the server's word, parsed here once.
        Outcome(qint64 eventId, const QString &word)
            : id(eventId), outcome(word), kind(parseRequeueOutcome(word))
        {}
        qint64 id = 0;
        QString outcome; // the word: requeued, done, in_progress, already_queued, not_found,
                         // not_attempted, not_applied, unknown; or one this version does not know
        RequeueOutcome kind = RequeueOutcome::Unrecognised; // the word parsed
    };

    static constexpr int kBatch = 1000; // ids per inbox.requeue call
    static constexpr int kLanes = 2;    // connections requeuing at once
    static constexpr int kConflictRetries = 3;
    static constexpr int kCollectPage = 5000; // ids per keyset page when collecting
    static constexpr int kPreviewChunk = 10000;
    static constexpr int kVerifyRetryMs = 500;
    static constexpr int kVerifyTries = 120;

    explicit Requeuer(ConsoleContext *context, QObject *parent = nullptr);
    ~Requeuer() override;

    void prepare(const QVector<qint64> &ids);
    void prepare(const QVector<JournalFilter> &filters);
    void start(const QString &reason);
    void stop();   // between batches (or while collecting/previewing: abandons)
    void cancel(); // drop everything, nothing more is sent

    State state() const { return m_state; }
    const Preview &preview() const { return m_preview; }
    const QVector<qint64> &ids() const { return m_ids; }
    int batchCount() const;
    int batchesDone() const { return m_batchesDone; }
    bool wasStopped() const { return m_stopped; }
    bool connectionWasLost() const { return m_lost; }
    const DbError &error() const { return m_error; }
    const QVector<Outcome> &outcomes() const { return m_outcomes; }
    qint64 count(RequeueOutcome outcome) const;
    // The same by the word (kept for callers that hold words).
    qint64 count(const QString &outcome) const { return count(parseRequeueOutcome(outcome)); }
    // The words this version does not know among the outcomes, each with its count.
    QMap<QString, qint64> unrecognised() const;

    static QString outcomeText(RequeueOutcome outcome);
    // For one event: a word this version does not know is shown as it came.
    static QString outcomeText(const Outcome &outcome);
    static QString arrayLiteral(const QVector<qint64> &ids);
    static Query previewQuery(const QVector<qint64> &ids);

signals:
    void collected(int ids);
    void previewReady();
    void progress(int requeuedSoFar, int processed, int total);
    void finished();
    void failed(const inbox::DbError &error); // before the run: collecting or previewing

private:
    // One connection and the batch it is working on.
    struct Lane
    {
        QueryChannel *channel = nullptr;
        QTimer *retry = nullptr; // next look at the journal after a loss
        quint64 ticket = 0;
        int batch = -1; // in flight (or being verified); -1 when idle
        bool verifying = false;
        int conflictRetries = 0;
        int pid = 0;        // the backend that ran the batch
        qint64 startUs = 0; // the server's clock just before the batch
        int verifyTries = 0;
    };

    void onReply(int lane, const QueryReply &reply);
    void collectNext();
    // Collecting and previewing change nothing: a failure there ends the run with the error.
    bool failedToRead(const QueryReply &reply);
    void onCollected(const QueryReply &reply);
    void onPreview(const QueryReply &reply);
    void sendNext(Lane &lane);
    void submitBatch(Lane &lane);
    void onBatch(Lane &lane, const QueryReply &reply);
    void verify(Lane &lane);
    void onVerify(Lane &lane, const QueryReply &reply);
    void settle(Lane &lane, QVector<Outcome> outcomes);
    void finishIfIdle();
    void finish();
    QVector<qint64> batchIds(int batch) const;
    QueryChannel *channel() const { return m_lanes.front().channel; }

    ConsoleContext *m_context;
    std::array<Lane, kLanes> m_lanes;
    State m_state = State::Idle;
    QVector<JournalFilter> m_filters;
    int m_filterIndex = 0;
    std::optional<JournalKey> m_after;
    QSet<qint64> m_seen;
    QVector<qint64> m_ids;
    Preview m_preview;
    QString m_reason;
    int m_nextBatch = 0;   // the next batch no lane has taken yet
    int m_batchesDone = 0; // batches whose outcome is known
    bool m_halted = false; // a refusal or a loss: no lane takes another batch
    bool m_stopRequested = false, m_stopped = false, m_lost = false;
    DbError m_error;
    QVector<QVector<Outcome>> m_batchOutcomes; // per batch, filled as batches settle
    qint64 m_requeued = 0, m_settledIds = 0;   // for progress() while the run goes on
    QVector<Outcome> m_outcomes;               // the batches in order, made by finish()
};

} // namespace inbox
