#pragma once

#include <QString>

#include <atomic>
#include <functional>
#include <mutex>
#include <random>

namespace inbox {
class PgConnection;
}

namespace bench {

// What the sessions of one measurement counted; shared by their threads.
struct Totals
{
    std::atomic<qint64> calls{0};
    std::atomic<qint64> repeats{0};
    std::atomic<qint64> fresh{0}; // accept: outcome new / bare: a row inserted / jobs done
    std::atomic<qint64> empty{0}; // claims that found nothing due
    std::atomic<int> failures{0};
    QString firstError;
    std::mutex errorMutex;

    void fail(const QString &message);
};

// One session's work for one call; false stops that session.
using Step = std::function<bool(inbox::PgConnection &, int session, std::mt19937_64 &, Totals &)>;

// Runs `sessions` threads, each with its own connection (and `setup` statement, if any),
// released together, each calling `step` until `seconds` have passed. The elapsed time is
// measured from the release to the last thread's end.
bool runSessions(const QString &conninfo, int sessions, int seconds, const QString &setup,
                 const Step &step, Totals *totals, double *elapsedS, QString *error);

} // namespace bench
