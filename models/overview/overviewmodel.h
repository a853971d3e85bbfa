#pragma once

#include "db/dberror.h"
#include "overview/overviewdata.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace inbox {

class ConsoleContext;
class QueryChannel;

// The overview's data: reads the maintained counters (stats_daily, stats_now,
// open_duplicates and one probe of the due queue) on its own QueryChannel and keeps the last
// snapshot. Live, but never more than one read per minimum interval (2 s): a busy ingest
// notifies every second per session, and the figures need not follow every one.
class OverviewModel final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDays = 15; // today and the 14 days before it (the baseline)

    explicit OverviewModel(ConsoleContext *context, QObject *parent = nullptr);
    ~OverviewModel() override;
    Q_DISABLE_COPY_MOVE(OverviewModel)

    bool hasSnapshot() const { return m_hasSnapshot; }
    const OverviewSnapshot &snapshot() const { return m_snapshot; }
    const DbError &lastError() const { return m_error; }
    bool isBusy() const { return m_inFlight; }

    // Reads now (F5, reconnect). Supersedes a read in flight.
    void refresh();
    // Reads soon: at once when the last read is older than the minimum interval, else when
    // it is. What the live signals call.
    void requestRefresh();
    void setMinimumInterval(int ms) { m_minIntervalMs = ms; }
    // While the screen is shown, the figures are also read every kActivePollMs: the server
    // sends a topic at most once a second per session, so the last change of a burst may
    // never be announced. Hidden, every kIdlePollMs. The reads are small (counters).
    void setActive(bool active);
    static constexpr int kActivePollMs = 2000;
    static constexpr int kIdlePollMs = 30000;
    int minimumInterval() const { return m_minIntervalMs; }

signals:
    void updated();
    void failed(const inbox::DbError &error);
    void cleared();
    void busyChanged(bool busy);

private:
    void onConnected();
    void onDisconnected();
    void onReply(const QueryReply &reply);

    ConsoleContext *m_context;
    QueryChannel *m_channel;
    QTimer m_throttle;
    void onTick();

    QTimer m_slowTick; // covers a notification the server coalesced away, and ages that grow
    QElapsedTimer m_sinceStart;
    OverviewSnapshot m_snapshot;
    DbError m_error;
    int m_minIntervalMs = 2000;
    bool m_hasSnapshot = false;
    bool m_inFlight = false;
    bool m_again = false;
};

} // namespace inbox
