#pragma once
// inbox-poller's figures for /metrics, per source: the state (0 polling, 1 failing,
// 2 stopped), the last successful poll and the lag behind now (now - polled_to), items stored
// by outcome, requests by status class, errors by kind; and whether the database connection
// works. Written on the poller's thread, read on the metrics server's: one mutex guards all.

#include <QByteArray>
#include <QDateTime>
#include <QMap>
#include <QPair>

#include <mutex>

namespace inbox::poll {

class PollerMetrics final
{
public:
    enum class State { Polling = 0, Failing = 1, Stopped = 2 };

    void addSource(const QByteArray &source);
    void setState(const QByteArray &source, State state);
    // The end of the last window read, as the stored cursor says at start (no poll counted).
    void setPolledTo(const QByteArray &source, const QDateTime &polledTo);
    // A poll read to the end of its window, which ended at `polledTo`.
    void pollDone(const QByteArray &source, const QDateTime &polledTo);
    // What poll_store made of a page's items: new, repeat (duplicate, rearmed), conflict.
    void stored(const QByteArray &source, int fresh, int repeats, int conflicts);
    // `statusClass`: 2xx, 3xx, 4xx, 429, 5xx, or "error" (no answer: timeout, connection).
    void request(const QByteArray &source, const QByteArray &statusClass);
    // `kind`: http, answer (unreadable), cursor, database.
    void error(const QByteArray &source, const QByteArray &kind);
    void setDatabaseUp(bool up);
    bool databaseUp() const;

    QByteArray render() const;

private:
    struct Source
    {
        State state = State::Polling;
        QDateTime lastSuccess;
        QDateTime polledTo;
        quint64 fresh = 0;
        quint64 repeats = 0;
        quint64 conflicts = 0;
        quint64 polls = 0;
    };
    mutable std::mutex m_mutex;
    QMap<QByteArray, Source> m_sources;
    QMap<QPair<QByteArray, QByteArray>, quint64> m_requests;
    QMap<QPair<QByteArray, QByteArray>, quint64> m_errors;
    bool m_databaseUp = false;
};

} // namespace inbox::poll
