#pragma once
// One [destination NAME]: claims its route's events through inbox.claim_routed, sends each to
// the handler's URL, and records the answer and its outcome through inbox.finish_delivery.
// What it guarantees:
//   - at most `concurrency` requests in flight, at most `rate` started per second;
//   - every request carries the event's idempotency key (Idempotency-Key, webhook-id), the same
//     on every retry, takeover and re-send, and a Standard Webhooks signature when a secret is
//     configured; the body is the stored body byte for byte with its content type;
//   - the locks of the events in flight are extended (heartbeat) while their requests run;
//   - after `breaker_failures` retryable failures in a row the breaker opens: no claims, one
//     probe every `breaker_interval_ms`, and what fails while it is open is released (the
//     attempt given back uncounted), so a dead handler fails nothing;
//   - a Retry-After on 429/503 holds the whole destination that long; a 410 disables it (the
//     database pauses it until a person resumes it); a person's pause stops its claims.
// Everything runs on the dispatcher's thread.

#include "dispatcherconfig.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

class QNetworkAccessManager;
class QNetworkReply;

namespace inbox {
class PgRows;
}

namespace inbox::dispatch {

class DispatchDatabase;
class DispatcherMetrics;

class Destination final : public QObject
{
    Q_OBJECT

public:
    Destination(const DestinationConfig &config, const QString &worker, DispatchDatabase &db,
                DispatcherMetrics &metrics, QObject *parent = nullptr);
    ~Destination() override;
    Q_DISABLE_COPY_MOVE(Destination)

    const QString &name() const { return m_config.name; }
    // Claims and sends what it may now (a notification, the poll timer, an answer).
    void wake();
    // Tells the database the breaker's state and learns whether the destination is paused.
    void report();
    // Extends the lock of every event in flight.
    void heartbeat();
    // No more claims; `idle` once nothing is in flight and every outcome is recorded.
    void stop();
    // The shutdown limit passed: the requests still in flight are aborted and their attempts
    // released, so nothing stays locked.
    void abortAll();
    int inFlight() const { return int(m_flights.size()); }

signals:
    void idle();
    // A claim found events: more are probably arriving.
    void claimedSome();

private:
    enum class Breaker { Closed, Open, HalfOpen };
    struct Flight
    {
        qint64 id = 0;
        qint64 token = 0;
        int attempt = 0;
        int network = 0;
        QElapsedTimer started;
    };
    struct Unrecorded
    {
        qint64 id;
        qint64 token;
        QString outcome;
        int status;
        QString answer;
        int durationMs;
        QString error;
        double seconds;
    };

    // True when the claimed row's event already has a request in flight here (its lock was
    // taken over by this very claim): the flight takes the new token instead of a resend.
    bool adoptIfInFlight(const PgRows &rows, int row);
    void send(const PgRows &rows, int row);
    void answered(QNetworkReply *reply);
    // Records every outcome waiting, in one statement (one commit for all the answers that
    // came in while the previous call ran), then claims for the room they freed.
    void flush();
    bool recordBatch(const QList<Unrecorded> &batch, QString *error);
    bool record(const Unrecorded &u);
    void setState(const QString &state, const QString &error = QString());
    void scheduleWake(qint64 ms);
    void updateMetrics();

    const DestinationConfig m_config;
    const QByteArray m_label;
    const QString m_worker;
    DispatchDatabase &m_db;
    DispatcherMetrics &m_metrics;
    // Qt opens at most six connections to one host per manager: one manager per six requests
    // in flight, so `concurrency` really is the number of requests on the wire.
    std::vector<std::unique_ptr<QNetworkAccessManager>> m_networks;
    std::vector<int> m_networkLoad;
    QHash<QNetworkReply *, Flight> m_flights;
    QList<Unrecorded> m_unrecorded; // answered, outcome not recorded yet
    QTimer m_flushTimer;
    QElapsedTimer m_clock;
    QTimer m_wakeTimer;
    Breaker m_breaker = Breaker::Closed;
    int m_failures = 0;
    qint64 m_probeAt = 0;
    qint64 m_waitUntil = 0;
    qint64 m_nextStart = 0;
    QString m_state = QStringLiteral("closed");
    QString m_lastError;
    bool m_stateReported = false;
    bool m_paused = false;
    bool m_stopping = false;
    bool m_aborting = false;
    bool m_idleSent = false;
    bool m_warnedDb = false;
};

} // namespace inbox::dispatch
