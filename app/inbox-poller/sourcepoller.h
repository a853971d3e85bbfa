#pragma once
// One [source NAME]'s loop, on the poller's thread:
//
//   open (poll_open: the stored cursor) -> the adapter's request -> the rate limit -> HTTP ->
//   the adapter reads the page -> poll_store (its items and the cursor after them, in one
//   transaction) -> the next page at once, or the next poll after `interval`
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
// stop() (SIGTERM) lets the request in flight finish and stores its page; `idle` follows.

#include "pollerconfig.h"
#include "pollermetrics.h"
#include "pollpacing.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <memory>

class QNetworkAccessManager;
class QNetworkReply;

namespace inbox::poll {

class PollDatabase;

class SourcePoller final : public QObject
{
    Q_OBJECT

public:
    SourcePoller(const SourceConfig &config, std::unique_ptr<PollAdapter> adapter, PollDatabase &db,
                 PollerMetrics &metrics, QNetworkAccessManager &network, QObject *parent = nullptr);
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
    void step();
    void schedule(qint64 ms);
    void answered(QNetworkReply *reply, const QJsonObject &requestCursor);
    void storePage(const PolledPage &page);
    // Records a failure (log, metrics, poll_failed) and waits `waitMs` (< 0: the back-off).
    void fail(const QByteArray &kind, const QString &what, int httpStatus, bool stopSource,
              qint64 waitMs = -1);
    void finishIfStopping();
    QByteArray name() const { return m_name; }

    const SourceConfig &m_config;
    const QByteArray m_name;
    std::unique_ptr<PollAdapter> m_adapter;
    PollDatabase &m_db;
    PollerMetrics &m_metrics;
    QNetworkAccessManager &m_network;
    TokenBucket m_bucket;
    QElapsedTimer m_clock;
    QTimer m_timer;
    QPointer<QNetworkReply> m_reply;
    QJsonObject m_cursor;
    bool m_opened = false;
    bool m_dead = false; // stopped by 401/403 or refused by the database: no more requests
    bool m_stopping = false;
    bool m_aborting = false;
    bool m_idleSent = false;
    bool m_timedOut = false; // the request in flight was aborted by its timeout
    int m_failures = 0;      // in a row, of requests and of the database
};

} // namespace inbox::poll
