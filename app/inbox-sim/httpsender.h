#pragma once

#include "frontdoor.h"
#include "ledger.h"
#include "rng.h"
#include "senders.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QThread>
#include <QVector>

#include <atomic>

class QNetworkAccessManager;
class QNetworkReply;

namespace inbox::sim {

class Staller;

// The senders over HTTP: every delivery is a real POST to the receiver, in its sender's
// format (Telegram's update with the secret header, a Standard Webhooks signature over the
// CRM's events, YooKassa's notification, form posts with their key, JSON from the pollers),
// answered by the receiver's 200 with the inbox's outcome. Each sender waits its own timeout
// and resends by its own rule (Senders::rule): a resend here is a real repeat because the
// answer really came too late, or not at all. Runs on its own thread with an event loop;
// each source has its own QNetworkAccessManager (its own keep-alive connections, as every
// real sender has), so many requests are in flight at once.
class HttpSender final : public QObject
{
public:
    struct Stats
    {
        qint64 requests = 0;        // POSTs sent (first sends and resends)
        qint64 answered = 0;        // answered 200 (stored)
        qint64 timedOut = 0;        // no answer within the sender's timeout
        qint64 unavailable = 0;     // 5xx (503 while the database is away)
        qint64 networkErrors = 0;   // refused or broken connections
        qint64 refused = 0;         // 4xx: the receiver refused the delivery (a simulator bug)
        qint64 resends = 0;         // resends after a timeout, 5xx or connection error
        qint64 resendsAnswered = 0; // of them answered 200
        qint64 givenUp = 0;         // deliveries whose sender stopped resending at its limit
        qint64 plannedRepeatsAnswered = 0; // answered 200, planned as repeats or conflicts
    };

    HttpSender(const FrontDoor &door, double secondsPerMinute, Ledger &ledger, Staller *staller,
               quint64 seed);
    ~HttpSender() override;
    Q_DISABLE_COPY_MOVE(HttpSender)

    void start();
    // Thread-safe: sends `d` d.at seconds from now.
    void schedule(const Delivery &d);
    // Stops taking new deliveries, lets those in flight finish for up to graceMs, aborts the
    // rest and stops the thread. Planned deliveries not yet due are dropped (never sent).
    void stop(int graceMs);

    Stats stats() const;
    qint64 inFlight() const { return m_inFlight; }
    // Planned deliveries that were never sent (not yet due when the run stopped).
    qint64 dropped() const { return m_scheduled - m_firstSends; }

private:
    void send(const Delivery &d, int attempt);
    void finished(QNetworkReply *reply, const Delivery &d, int attempt, bool timedOut);
    void resend(const Delivery &d, int attempt);
    QNetworkAccessManager *manager(const QString &source);

    const FrontDoor &m_door;
    double m_minute;
    Ledger &m_ledger;
    Staller *m_staller;
    Rng m_rng; // the sender thread only
    QThread m_thread;
    static constexpr int kManagersPerSource = 4; // 24 connections per source at most
    QHash<QString, QVector<QNetworkAccessManager *>> m_managers; // the sender thread only
    quint64 m_turn = 0;                                          // the sender thread only
    QSet<QNetworkReply *> m_replies;                             // the sender thread only
    std::atomic<bool> m_open{true};
    std::atomic<qint64> m_inFlight{0}, m_scheduled{0}, m_firstSends{0};
    std::atomic<qint64> m_requests{0}, m_answered{0}, m_timedOut{0}, m_unavailable{0},
        m_networkErrors{0}, m_refused{0}, m_resends{0}, m_resendsAnswered{0}, m_givenUp{0},
        m_plannedAnswered{0};
};

} // namespace inbox::sim
