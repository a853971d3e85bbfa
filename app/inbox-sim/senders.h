#pragma once

#include "bodies.h"
#include "ledger.h"
#include "people.h"
#include "rng.h"

#include <QDateTime>
#include <QVector>

#include <atomic>

namespace inbox::sim {

// One POST to the receiver, `at` seconds after its original was produced.
struct Delivery
{
    Message msg;
    Expect expect = Expect::New;
    double at = 0;
};

struct SenderConfig
{
    // Probability that the receiver answers a delivery too late for the sender, which then
    // sends it again, each sender in its own way. The repeat share follows from it.
    double slowAnswer = 0.03;
    // Spontaneous repeats (a double click, a poller that lost its memory, a manual resend).
    double repeat = 0.03;
    // The CRM that reuses an event id for a different event.
    double reuse = 0.03;
    // Real seconds per simulated minute (poll windows, follow-ups): time runs faster here.
    double secondsPerMinute = 0.3;
};

// Each sender's external-id rule and repeat behaviour, decided when the original is made:
// the plan lists every delivery it will cause.
class Senders final
{
public:
    // idBase: where this process's unique numbers start (see Simulation::idBase).
    Senders(const SenderConfig &config, qint64 idBase) : m_config(config), m_next(idBase) {}

    QVector<Delivery> plan(SourceId source, const Person &person, const QDateTime &now, Rng &rng);

private:
    // The sender resends while its deliveries are answered too slowly, up to maxRepeats;
    // delays[i] is the pause before the i-th resend (the last value repeats).
    void resendWhileSlow(QVector<Delivery> &out, const Message &m, double start, int maxRepeats,
                         const QVector<double> &delays, Rng &rng) const;
    qint64 nextNumber() { return m_next.fetch_add(1); }

    SenderConfig m_config;
    std::atomic<qint64> m_next;
};

} // namespace inbox::sim
