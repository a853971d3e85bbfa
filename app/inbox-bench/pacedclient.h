#pragma once

#include <QByteArray>
#include <QString>
#include <QVector>

#include <functional>
#include <random>
#include <utility>

namespace bench {

struct Deliveries;

// What one run of the client saw.
struct PacedResult
{
    qint64 answered = 0; // 200s
    qint64 refused = 0;  // any other status, or a connection lost mid-request
    qint64 late = 0;     // open loop: sent more than 1 ms after its scheduled time
    int connections = 0; // the most connections open at once
    double elapsedS = 0;
    // Per answered delivery, milliseconds: from the scheduled send time (open loop; the
    // send time in a closed loop) to the whole answer, and from the actual send.
    QVector<double> latencyMs;
    QVector<double> serviceMs;

    double rate() const { return elapsedS > 0 ? double(answered) / elapsedS : 0; }
};

// A small HTTP/1.1 load client for the receiver stage: keep-alive connections on plain
// non-blocking sockets, one thread, ppoll. Two modes:
// - open loop (rate > 0): deliveries are scheduled at fixed intervals from the start, and
//   each one's latency is measured from its scheduled time, so a stall of the receiver
//   shows as the waiting of every delivery scheduled during it (no coordinated omission:
//   a delivery that finds every connection busy gets a new one, up to maxConnections, and
//   beyond that waits in the client's queue, and that wait is counted);
// - closed loop (rate 0): every connection sends the next delivery as soon as the last is
//   answered, as wrk does; used to compare the client with wrk, and for the memory run
//   (which needs an exact count of deliveries).
// The deliveries (keys, repeats, bodies) are the ones of `Deliveries` (one session).
class PacedClient final
{
public:
    struct Plan
    {
        int rate = 0;            // deliveries/s; 0: closed loop
        int connections = 16;    // opened at the start
        int maxConnections = 16; // open loop: more are opened while all are busy, up to this
        double seconds = 10;     // how long deliveries are sent (scheduled)
        qint64 maxCount = -1;    // stop after this many deliveries (-1: no limit)
        bool recordLatency = true;
        qint64 progressEvery = 0; // call progress() after every that many answers
        std::function<void(qint64 answered)> progress;
    };

    PacedClient(quint16 port, const QByteArray &path, Deliveries *deliveries);
    // Whole requests from `next` instead of the receiver's deliveries (the dispatch stage's
    // bare client sends what inbox-dispatcher sends: signed, with its headers).
    void setRequests(std::function<QByteArray()> next) { m_requests = std::move(next); }

    // False with *error when a connection cannot be made or answers stop coming.
    bool run(const Plan &plan, PacedResult *result, QString *error);

private:
    QByteArray nextRequest();

    quint16 m_port;
    QByteArray m_path;
    Deliveries *m_deliveries;
    std::mt19937_64 m_rng;
    std::function<QByteArray()> m_requests;
};

} // namespace bench
