#include "dispatcher.h"

#include "destination.h"
#include "dispatchermetrics.h"

#include "support/logging.h"

#include <spdlog/spdlog.h>

namespace inbox::dispatch {

namespace {
// Longer than the contract's one-second throttle of a session's notifications, so a steady
// stream keeps the fast poll going between two of them.
constexpr qint64 kBusyWindowMs = 1500;
} // namespace

Dispatcher::Dispatcher(const DispatcherConfig &config, const ConnectOptions &options,
                       DispatcherMetrics &metrics, QObject *parent)
    : QObject(parent), m_config(config), m_db(options), m_listener(options)
{
    for (const DestinationConfig &d : config.destinations) {
        m_destinations.push_back(std::make_unique<Destination>(d, config.worker, m_db, metrics));
        connect(m_destinations.back().get(), &Destination::idle, this,
                &Dispatcher::destinationIdle);
        connect(m_destinations.back().get(), &Destination::claimedSome, this,
                &Dispatcher::noteArrivals);
    }
    m_busyPoll.setSingleShot(true);
    m_busyPoll.setInterval(config.busyPollMs);
    connect(&m_busyPoll, &QTimer::timeout, this, [this] {
        wakeAll();
        if (m_lastArrival.isValid() && m_lastArrival.elapsed() < kBusyWindowMs)
            m_busyPoll.start();
    });
    m_poll.setInterval(config.pollIntervalMs);
    connect(&m_poll, &QTimer::timeout, this, &Dispatcher::wakeAll);
    m_heartbeat.setInterval(config.heartbeatIntervalMs);
    connect(&m_heartbeat, &QTimer::timeout, this, [this] {
        for (const auto &d : m_destinations)
            d->heartbeat();
    });
    // A person's pause reaches a running dispatcher by the 'destinations' notification, and
    // at the latest by this report.
    m_report.setInterval(5000);
    connect(&m_report, &QTimer::timeout, this, [this] {
        for (const auto &d : m_destinations)
            d->report();
    });
    connect(&m_listener, &NotificationListener::notified, this, [this](const QString &topic) {
        if (topic == QLatin1String("destinations")) {
            for (const auto &d : m_destinations)
                d->report();
        }
        noteArrivals();
        wakeAll();
    });
    m_shutdownLimit.setSingleShot(true);
    connect(&m_shutdownLimit, &QTimer::timeout, this, [this] {
        logger("dispatcher")
            ->warn("shutdown limit of {} s reached: aborting the requests still in flight and "
                   "releasing their events",
                   m_config.shutdownTimeoutS);
        for (const auto &d : m_destinations)
            d->abortAll();
    });
}

Dispatcher::~Dispatcher() = default;

void Dispatcher::start()
{
    m_listener.start();
    m_poll.start();
    m_heartbeat.start();
    m_report.start();
    for (const auto &d : m_destinations)
        d->report();
    wakeAll();
}

void Dispatcher::wakeAll()
{
    if (m_stopping)
        return;
    for (const auto &d : m_destinations)
        d->wake();
}

void Dispatcher::noteArrivals()
{
    if (m_config.busyPollMs <= 0 || m_stopping)
        return;
    m_lastArrival.start();
    if (!m_busyPoll.isActive())
        m_busyPoll.start();
}

void Dispatcher::stop()
{
    if (m_stopping)
        return;
    m_stopping = true;
    m_poll.stop();
    m_busyPoll.stop();
    m_report.stop();
    int inFlight = 0;
    for (const auto &d : m_destinations)
        inFlight += d->inFlight();
    logger("dispatcher")
        ->info("stopping: no more claims, {} requests in flight (up to {} s)", inFlight,
               m_config.shutdownTimeoutS);
    m_shutdownLimit.start(m_config.shutdownTimeoutS * 1000);
    for (const auto &d : m_destinations)
        d->stop();
}

void Dispatcher::destinationIdle()
{
    if (++m_idle < int(m_destinations.size()) || m_finished)
        return;
    m_finished = true;
    m_heartbeat.stop();
    m_shutdownLimit.stop();
    emit finished(0);
}

} // namespace inbox::dispatch
