#pragma once
// The dispatcher's work: one Destination per [destination NAME], woken by the contract's
// notifications (NotificationListener), by a poll timer (notifications are not durable), by a
// fast poll while events are arriving (busy_poll_ms: the contract announces a topic at most
// once a second per session), and by their own answers; a heartbeat timer extends the locks of the
// requests in flight and a report timer learns each destination's pause. stop() (SIGTERM) ends the
// claims, waits for the requests in flight up to the shutdown limit, then aborts the rest and
// releases their attempts, so nothing is left locked; `finished` follows.

#include "dispatchdatabase.h"
#include "dispatcherconfig.h"
#include "notificationlistener.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

namespace inbox::dispatch {

class Destination;
class DispatcherMetrics;

class Dispatcher final : public QObject
{
    Q_OBJECT

public:
    Dispatcher(const DispatcherConfig &config, const ConnectOptions &options,
               DispatcherMetrics &metrics, QObject *parent = nullptr);
    ~Dispatcher() override;
    Q_DISABLE_COPY_MOVE(Dispatcher)

    void start();
    void stop();

signals:
    void finished(int code);

private:
    void wakeAll();
    // Events are arriving: claim passes every busy_poll_ms for the next kBusyWindowMs.
    void noteArrivals();
    void destinationIdle();

    const DispatcherConfig &m_config;
    DispatchDatabase m_db;
    NotificationListener m_listener;
    std::vector<std::unique_ptr<Destination>> m_destinations;
    QTimer m_poll;
    QTimer m_busyPoll;
    QElapsedTimer m_lastArrival;
    QTimer m_heartbeat;
    QTimer m_report;
    QTimer m_shutdownLimit;
    int m_idle = 0;
    bool m_stopping = false;
    bool m_finished = false;
};

} // namespace inbox::dispatch
