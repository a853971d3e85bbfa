#pragma once

#include "dberror.h"
#include "journalfilter.h"

#include <QHash>
#include <QObject>
#include <QVector>

class QTimer;

namespace inbox {

class ConsoleContext;
class QueryChannel;
struct QueryReply;

// Requeues events through inbox.requeue only, on its own connection.
//
// 1. prepare(ids) or prepare(filters): the ids are fixed (for filters they are collected in
//    keyset pages) and a preview counts, without changing anything, what inbox.requeue would
//    do with each one right now: requeue it (failed, or processing with a lock older than
//    the function's five minutes) or leave it alone (done, in progress, already queued, not
//    found). previewReady().
// 2. start(reason): inbox.requeue in batches of kBatch ids, one statement each, queued one
//    after the other; progress() after each. stop() ends the run between batches: what was
//    not sent is reported `not_attempted`.
// 3. A batch whose reply says the connection was lost is never sent again. Once the old
//    backend is gone (pg_stat_activity), the journal tells what it applied: `requeued`
//    entries by this user with this reason since the run started, for that batch's ids; the
//    rest are `not_applied`. The run ends there. If the journal cannot be read for a minute
//    the batch's ids are reported `unknown`.
// finished() in every case; outcomes() then holds one outcome per id.
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
        qint64 id = 0;
        QString outcome; // requeued, done, in_progress, already_queued, not_found,
                         // not_attempted, not_applied, unknown
    };

    static constexpr int kBatch = 1000;       // ids per inbox.requeue call
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
    int batchesDone() const { return m_nextBatch; }
    bool wasStopped() const { return m_stopped; }
    bool connectionWasLost() const { return m_lost; }
    const DbError &error() const { return m_error; }
    const QVector<Outcome> &outcomes() const { return m_outcomes; }
    QHash<QString, qint64> counts() const;
    qint64 count(const QString &outcome) const { return counts().value(outcome); }

    static QString outcomeText(const QString &outcome);
    static QString arrayLiteral(const QVector<qint64> &ids);
    static Query previewQuery(const QVector<qint64> &ids);

signals:
    void collected(int ids);
    void previewReady();
    void progress(int requeuedSoFar, int processed, int total);
    void finished();
    void failed(const inbox::DbError &error); // before the run: collecting or previewing

private:
    void onReply(const QueryReply &reply);
    void collectNext();
    // Collecting and previewing change nothing: a failure there ends the run with the error.
    bool failedToRead(const QueryReply &reply);
    void onCollected(const QueryReply &reply);
    void onPreview(const QueryReply &reply);
    void sendBatch();
    void onBatch(const QueryReply &reply);
    void verify();
    void onVerify(const QueryReply &reply);
    void finishRest(const QString &outcome);
    void finish();
    QVector<qint64> batchIds(int batch) const;

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    QTimer *m_retry;
    State m_state = State::Idle;
    quint64 m_ticket = 0;
    QVector<JournalFilter> m_filters;
    int m_filterIndex = 0;
    std::optional<JournalKey> m_after;
    QSet<qint64> m_seen;
    QVector<qint64> m_ids;
    Preview m_preview;
    QString m_reason;
    int m_nextBatch = 0;
    bool m_stopRequested = false, m_stopped = false, m_lost = false;
    qint64 m_runStartUs = 0;
    int m_lostPid = 0;
    int m_verifyTries = 0;
    DbError m_error;
    QVector<Outcome> m_outcomes;
};

} // namespace inbox
