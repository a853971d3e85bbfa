#pragma once

#include "rng.h"

#include <QHash>
#include <QMutex>
#include <QString>
#include <QStringList>
#include <QVector>

#include <atomic>
#include <optional>

namespace inbox::sim {

// How often things go wrong (probabilities per call). All zero with --no-faults.
struct Faults
{
    double crmOutage = 0.03;    // 503: retryable
    double crmTimeout = 0.03;   // no answer within the caller's timeout: outcome unknown
    double enrichFail = 0.2;    // one enrichment try fails
    double workerDeath = 0.004; // a worker dies in the middle of a job
    int crmTimeoutMs = 250;     // how long the caller waits for the CRM
};

// The CRM the workers create deals, orders and payments in, inside the simulator. Like a
// real one it does not deduplicate: calling create twice makes two deals. Each entity
// carries the inbox key it was made for (a custom field), so a caller whose earlier call
// timed out can look it up before creating again.
class FakeCrm final
{
public:
    enum class Result { Created, Outage, Timeout, Rejected };
    struct Answer
    {
        Result result = Result::Created;
        QString entityId; // set when created (and known to the caller)
        QString error;
    };
    struct Request
    {
        QString kind;        // crm.create_deal, crm.create_order, crm.register_payment
        QString externalRef; // the event's idempotency key
        QString phone;       // as written (deals)
        QStringList offers;  // articles (orders)
    };

    explicit FakeCrm(const Faults &faults, const QString &idPrefix);

    Answer create(const Request &request, Rng &rng);
    std::optional<QString> find(const QString &externalRef) const;

    // For the self-check: refs that got more than one entity, and how many were made.
    QVector<QPair<QString, int>> refsWithSeveral() const;
    qint64 created() const;
    qint64 calls() const { return m_calls; }
    qint64 outages() const { return m_outages; }
    qint64 timeouts() const { return m_timeouts; }
    qint64 rejected() const { return m_rejected; }

private:
    Faults m_faults;
    QString m_prefix;
    mutable QMutex m_mutex;
    QHash<QString, QStringList> m_byRef;
    qint64 m_next = 0;
    std::atomic<qint64> m_calls{0}, m_outages{0}, m_timeouts{0}, m_rejected{0};
};

// What a worker tells a person when the enricher gave nothing after three tries (the reason
// it gives inbox.flag_review; the history writes the same words).
constexpr const char *kEnrichmentFailed = "enrichment failed after 3 tries";

// The enrichment service (region by phone, company by e-mail domain): flaky on purpose.
class Enricher final
{
public:
    explicit Enricher(const Faults &faults) : m_faults(faults) {}
    // One try; nullopt when the service failed.
    std::optional<QString> lookup(const QString &phone, const QString &email, Rng &rng) const;

private:
    Faults m_faults;
};

} // namespace inbox::sim
