#pragma once

#include <QString>

namespace bench {

// What one wrk run reported (its Lua done() hook prints it as one JSON line).
struct WrkResult
{
    double seconds = 0;
    qint64 requests = 0;     // answers received
    qint64 non2xx = 0;       // of them, status 400 or above (wrk's "status" errors)
    qint64 socketErrors = 0; // connect, read, write errors and timeouts
    double p50Ms = 0;
    double p99Ms = 0;
    double meanMs = 0;
    double maxMs = 0;

    // Deliveries answered 200 per second.
    double rate() const { return seconds > 0 ? double(requests - non2xx) / seconds : 0; }
};

// wrk (Debian's package) posting deliveries to a receiver on loopback: a Lua script, written
// into a temporary file, builds each request as the benchmark's other clients do (the body of
// Deliveries::body, a new key per delivery, `repeatRate` of them repeating one of the last
// 1,000 keys of the same wrk thread; keys tagged per run so runs never collide).
class WrkLoad final
{
public:
    explicit WrkLoad(const QString &binary);

    // wrk's path from PATH; empty when it is not installed.
    static QString find();

    bool run(quint16 port, const QString &path, const QString &tag, double repeatRate,
             int connections, int seconds, WrkResult *result, QString *error) const;

private:
    QString m_binary;
};

} // namespace bench
