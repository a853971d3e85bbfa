#include "sessionrun.h"

#include "db/pgconnection.h"

#include <QDateTime>

#include <chrono>
#include <future>
#include <thread>
#include <vector>

namespace bench {

void Totals::fail(const QString &message)
{
    std::lock_guard<std::mutex> lock(errorMutex);
    if (failures++ == 0)
        firstError = message;
}

bool runSessions(const QString &conninfo, int sessions, int seconds, const QString &setup,
                 const Step &step, Totals *totals, double *elapsedS, QString *error)
{
    std::promise<void> go;
    std::shared_future<void> start = go.get_future().share();
    std::atomic<int> ready{0};
    std::vector<std::thread> threads;
    for (int s = 0; s < sessions; ++s) {
        threads.emplace_back([&, s] {
            inbox::PgConnection conn;
            inbox::DbError e;
            const bool connected = conn.connect(conninfo, QStringLiteral("inbox-bench"), &e) &&
                                   (setup.isEmpty() || conn.run(setup, &e));
            if (!connected)
                totals->fail(e.message);
            ++ready;
            start.wait();
            if (!connected)
                return;
            std::mt19937_64 rng(quint64(s) * 7919u + quint64(QDateTime::currentMSecsSinceEpoch()));
            const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
            while (std::chrono::steady_clock::now() < end) {
                if (!step(conn, s, rng, *totals))
                    return;
                ++totals->calls;
            }
        });
    }
    while (ready.load() < sessions)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const auto t0 = std::chrono::steady_clock::now();
    go.set_value();
    for (std::thread &t : threads)
        t.join();
    *elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (totals->failures.load() > 0) {
        *error = totals->firstError;
        return false;
    }
    return true;
}

} // namespace bench
