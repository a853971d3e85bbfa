#pragma once
// Senders in threads for the receiver tests under load: each sends deliveries one after
// another until stop(), and every answer goes into a ledger, so a test can compare what the
// clients saw answered 200 with what the database holds.

#include <QByteArray>
#include <QHash>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

struct Ledger
{
    std::mutex mutex;
    QHash<QByteArray, QByteArray> answered200; // key -> body
    int other = 0;                             // answered, not 200
    int unanswered = 0;                        // refused connection, closed, timed out

    int answeredCount()
    {
        std::lock_guard lock(mutex);
        return int(answered200.size());
    }
};

class SenderLoad final
{
public:
    // `clients` threads posting JSON deliveries {"id": "c<client>-<n>", ...} to `path`.
    SenderLoad(int port, const QByteArray &path, int clients);
    ~SenderLoad() { stop(); }
    Q_DISABLE_COPY_MOVE(SenderLoad)

    // True once `count` deliveries in all were answered 200 within timeoutMs.
    bool waitAnswered(int count, int timeoutMs = 20000);
    // Every sender has ended: the ledger is final.
    void stop();
    Ledger &ledger() { return m_ledger; }

private:
    Ledger m_ledger;
    std::atomic<bool> m_stop{false};
    std::vector<std::thread> m_threads;
};
