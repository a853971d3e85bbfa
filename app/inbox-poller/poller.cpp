#include "poller.h"

#include "pollermetrics.h"
#include "sourcepoller.h"

#include "support/logging.h"

#include <spdlog/spdlog.h>

namespace inbox::poll {

Poller::Poller(const PollerConfig &config, const ConnectOptions &options, PollerMetrics &metrics,
               QObject *parent)
    : QObject(parent), m_config(config), m_db(options, config.worker)
{
    for (const SourceConfig &s : config.sources) {
        QList<SettingProblem> problems;
        // The configuration was checked with the same call: it cannot fail here.
        std::unique_ptr<PollAdapter> adapter = makeAdapter(s.adapter, s.settings, &problems);
        Q_ASSERT(adapter);
        m_sources.push_back(std::make_unique<SourcePoller>(s, std::move(adapter), m_db, options,
                                                           config.worker, metrics, m_network));
        connect(m_sources.back().get(), &SourcePoller::idle, this, &Poller::sourceIdle);
    }
    m_shutdownLimit.setSingleShot(true);
    connect(&m_shutdownLimit, &QTimer::timeout, this, [this] {
        logger("poller")->warn("shutdown limit of {} s reached: aborting the requests still in "
                               "flight (their pages are fetched again on the next start)",
                               m_config.shutdownTimeoutS);
        for (const auto &s : m_sources)
            s->abort();
    });
}

Poller::~Poller() = default;

void Poller::start()
{
    for (const auto &s : m_sources)
        s->start();
}

void Poller::stop()
{
    if (m_stopping)
        return;
    m_stopping = true;
    logger("poller")->info("stopping: no new requests; the pages in flight are stored (up to {} s)",
                           m_config.shutdownTimeoutS);
    m_shutdownLimit.start(m_config.shutdownTimeoutS * 1000);
    for (const auto &s : m_sources)
        s->stop();
}

void Poller::sourceIdle()
{
    if (++m_idle < int(m_sources.size()) || m_finished)
        return;
    m_finished = true;
    m_shutdownLimit.stop();
    emit finished(0);
}

} // namespace inbox::poll
