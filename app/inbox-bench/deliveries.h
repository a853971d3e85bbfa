#pragma once

#include <QByteArray>
#include <QString>

#include <random>
#include <vector>

namespace inbox {
class PgConnection;
}

namespace bench {

// The deliveries of one measurement: mostly a new external id of this session and run,
// sometimes (repeatRate) one sent before with the same body, as a sender retrying after a
// slow answer. Each session draws only from its own numbers (its thread owns its slot).
struct Deliveries
{
    QString tag; // unique per measurement
    double repeatRate = 0.03;
    std::vector<std::vector<qint64>> sent; // per session: the last numbers sent
    std::vector<qint64> next;

    Deliveries(const QString &t, double rate, int sessions);
    // The external id and whether it repeats one.
    QString pick(int s, std::mt19937_64 &rng, bool *repeat);
    // A lead of about 300 bytes of JSON naming the external id.
    static QByteArray body(const QString &externalId);
};

// The bare statements' table, in a fresh schema `schema`: the inbox's (source, external_id)
// key and the columns a claim needs, nothing else. False with *error when it fails.
bool createBareEvents(inbox::PgConnection &admin, const QString &schema, QString *error);

} // namespace bench
