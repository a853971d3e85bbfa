#pragma once

#include <QEventLoop>
#include <QObject>
#include <QTimer>

namespace bench {

// Runs `trigger` and spins the event loop until `sender` emits `done` (true) or `failed`, or
// the timeout passes (false). The connections are made before the trigger runs, so a signal
// emitted at once is not missed.
template<typename Sender, typename DoneSignal, typename FailSignal, typename Trigger>
bool runUntil(Sender *sender, DoneSignal done, FailSignal failed, Trigger trigger,
              int timeoutMs = 120000)
{
    QEventLoop loop;
    int outcome = 0; // 0 waiting, 1 done, 2 failed or timed out
    const auto c1 = QObject::connect(sender, done, &loop, [&] {
        if (outcome == 0)
            outcome = 1;
        loop.quit();
    });
    const auto c2 = QObject::connect(sender, failed, &loop, [&] {
        if (outcome == 0)
            outcome = 2;
        loop.quit();
    });
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        if (outcome == 0)
            outcome = 2;
        loop.quit();
    });
    trigger();
    if (outcome == 0) {
        timer.start(timeoutMs);
        loop.exec();
    }
    QObject::disconnect(c1);
    QObject::disconnect(c2);
    return outcome == 1;
}

} // namespace bench
