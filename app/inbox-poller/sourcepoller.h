#pragma once
// One [source NAME]'s loop, on the poller's thread:
//
//   open (poll_open: the stored cursor) -> the adapter's request -> the rate limit -> HTTP ->
//   the adapter reads the page -> poll_store (its items and the cursor after them, in one
//   transaction, on the source's PageStore thread) -> the next page, or the next poll after
//   `interval`
//
// Reading ahead: while a page is stored, the next page's request (from the cursor after that
// page) is already sent and its answer read, when the adapter's requests only read
// (readsAhead) and the rate limit allows it at once. Its answer waits until the page before is
// committed, so pages are stored in order; if that store fails, the answer read ahead is
// dropped with it and both pages are fetched again.
//
// What each HTTP outcome does:
//   200, 204       the page is read (204 as an empty answer); an unreadable one is a failure
//                  (nothing stored)
//   429            waits for Retry-After (seconds or an HTTP date; else the back-off)
//   5xx, no answer (timeout, refused, reset), 3xx, other 4xx
//                  a failure: tried again after 1 s, doubling up to 5 minutes
//   401, 403       the source stops until the poller restarts (a restart is how a person
//                  says the credentials are fixed); the log, /metrics and the database say so
// Every failure is recorded with inbox.poll_failed. When poll_store fails (the database is
// away) the cursor stays where it was, so the same page is fetched again later: a cursor
// never moves past items that are not stored. A window that ended more than one interval ago
// (the poller was down, or a long API outage) is followed at once by the next.
// stop() (SIGTERM) lets the request in flight finish and stores its page (and the page being
// stored, and one read ahead of it); `idle` follows.

#include "pagestore.h"
#include "pollerconfig.h"
#include "pollermetrics.h"
#include "pollpacing.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace inbox::poll {

class PollDatabase;
struct StoreOutcome;

class SourcePoller final : public QObject
{
    Q_OBJECT

public:
    // `db` is the poller's shared connection (poll_open, poll_failed); the source's pages are
    // stored on a connection of its own, opened with `options` as `worker`.
    SourcePoller(const SourceConfig &config, std::unique_ptr<PollAdapter> adapter, PollDatabase &db,
                 const ConnectOptions &options, const QString &worker, PollerMetrics &metrics,
                 QNetworkAccessManager &network, QObject *parent = nullptr);
    ~SourcePoller() override;
    Q_DISABLE_COPY_MOVE(SourcePoller)

    void start();
    // No new request; the one in flight is finished and its page stored, then `idle`.
    void stop();
    // The shutdown limit passed: the request in flight is aborted (its page is fetched again
    // by the next start), then `idle`.
    void abort();

signals:
    void idle();

private:
    // An HTTP answer as read: a page, or a failure to record.
    struct Answer
    {
        PolledPage page;
        QByteArray failure; // empty: the page is read; else the metrics' kind (http, answer)
        QString what;
        int httpStatus = 0;
        bool stopSource = false;
        qint64 waitMs = -1; // a failure's wait (< 0: the back-off)
    };

    void step();
    void schedule(qint64 ms);
    // Sends the request that follows `cursor`. Read ahead, nothing is reported and nothing is
    // scheduled when it cannot go out at once. Returns whether it went out.
    bool send(const QJsonObject &cursor, bool readAhead);
    void answered(QNetworkReply *reply, const QJsonObject &requestCursor);
    Answer readAnswer(QNetworkReply *reply, int status, const QJsonObject &requestCursor) const;
    void handle(const Answer &answer);
    void storePage(const PolledPage &page);
    void stored(const PolledPage &page, const StoreOutcome &outcome);
    // The request or answer read ahead of a page that was not stored: it follows a cursor
    // that was never committed.
    void dropReadAhead();
    // Records a failure (log, metrics, poll_failed) and waits `waitMs` (< 0: the back-off).
    void fail(const QByteArray &kind, const QString &what, int httpStatus, bool stopSource,
              qint64 waitMs = -1);
    void finishIfStopping();
    QByteArray name() const { return m_name; }

    const SourceConfig &m_config;
    const QByteArray m_name;
    std::unique_ptr<PollAdapter> m_adapter;
    PollDatabase &m_db;
    PageStore m_store;
    PollerMetrics &m_metrics;
    QNetworkAccessManager &m_network;
    TokenBucket m_bucket;
    QElapsedTimer m_clock;
    QTimer m_timer;
    QPointer<QNetworkReply> m_reply;
    QJsonObject m_cursor;         // the stored cursor
    bool m_storing = false;       // a page is being stored
    std::optional<Answer> m_held; // read ahead while the page before is stored
    bool m_opened = false;
    bool m_dead = false; // stopped by 401/403 or refused by the database: no more requests
    bool m_stopping = false;
    bool m_aborting = false;
    bool m_idleSent = false;
    bool m_timedOut = false; // the request in flight was aborted by its timeout
    int m_failures = 0;      // in a row, of requests and of the database
};

} // namespace inbox::poll
