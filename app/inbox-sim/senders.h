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
    // crm_forms: the lead's fields, so that a resend over HTTP is signed anew (its own sent_at
    // and signature) as the form CRM does.
    bool hasForm = false;
    bodies::FormFields form{};
};

// How a sender waits for the receiver's 200 and when it sends again (over HTTP): each
// waits `timeoutMs`, and after a timeout, a 5xx or a connection error it resends after
// delays[i] seconds (the last value repeats, each with +-20 % jitter), at most `retries`
// times. The values follow what the real senders do, scaled where the simulation's clock is
// (a poller's "next fetch in 10 minutes" is 10 simulated minutes).
struct SendRule
{
    int timeoutMs = 3000;
    int retries = 2;
    QVector<double> delays;
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
    // The sender's timeout and resend rule; secondsPerMinute as in SenderConfig.
    static SendRule rule(SourceId source, double secondsPerMinute);

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
