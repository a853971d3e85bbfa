#pragma once
// The poller's work: one SourcePoller per [source NAME], sharing one database connection
// (PollDatabase: poll_open, poll_failed) and one QNetworkAccessManager on the main thread; each
// source stores its pages on a thread and connection of its own (PageStore). stop() (SIGTERM) lets
// each source finish the request in flight and store its page, up to the shutdown limit, then
// aborts what is left (those pages are fetched again by the next start); `finished` follows.

#include "polldatabase.h"
#include "pollerconfig.h"

#include <QNetworkAccessManager>
#include <QObject>
#include <QTimer>

#include <memory>
#include <vector>

namespace inbox::poll {

class PollerMetrics;
class SourcePoller;

class Poller final : public QObject
{
    Q_OBJECT

public:
    Poller(const PollerConfig &config, const ConnectOptions &options, PollerMetrics &metrics,
           QObject *parent = nullptr);
    ~Poller() override;
    Q_DISABLE_COPY_MOVE(Poller)

    void start();
    void stop();

signals:
    void finished(int code);

private:
    void sourceIdle();

    const PollerConfig &m_config;
    PollDatabase m_db;
    QNetworkAccessManager m_network;
    std::vector<std::unique_ptr<SourcePoller>> m_sources;
    QTimer m_shutdownLimit;
    int m_idle = 0;
    bool m_stopping = false;
    bool m_finished = false;
};

} // namespace inbox::poll
