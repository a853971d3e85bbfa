#pragma once

#include "db/dberror.h"
#include "fakecrm.h"
#include "ledger.h"
#include "rng.h"

#include <QByteArray>
#include <QString>

#include <atomic>
#include <future>
#include <thread>
#include <vector>

namespace inbox {
class PgConnection;
}

namespace inbox::sim {

struct WorkerConfig
{
    QString conninfo;
    int count = 3;
    int batch = 2;          // p_limit of inbox.claim
    int lockTimeoutS = 300; // p_lock_timeout of inbox.claim
    Faults faults;
    quint64 seed = 2;
    // Empty: every source (inbox.claim). Otherwise only these (inbox.claim_routed): the demo
    // leaves the rest to inbox-dispatcher.
    QStringList sources;
};

// Worker threads, each with its own connection, doing what a real integration does with an
// event: claim it, read the body, enrich the contact (three tries with growing pauses),
// create the CRM entity through begin_action/finish_action with a key made here from the
// event's idempotency key, record the lead, complete or fail. Some of them die mid-job.
class Workers final
{
public:
    Workers(const WorkerConfig &config, FakeCrm &crm, Ledger &ledger);
    ~Workers();
    Q_DISABLE_COPY_MOVE(Workers)

    bool start(DbError *error);
    // Deaths are switched off for the drain at the end of a run, so that what was taken
    // over can finish.
    void allowDeaths(bool allowed) { m_deaths = allowed; }
    // Each worker finishes the job in hand, then stops.
    void stop();

    struct Stats
    {
        qint64 claimed = 0, done = 0, retries = 0, failed = 0, takeovers = 0, deaths = 0,
               lostLocks = 0, needsReview = 0, recovered = 0, errors = 0;
    };
    Stats stats() const;
    qint64 idleRounds() const { return m_idle; }

private:
    struct Job
    {
        qint64 id = 0;
        QString source, externalId, key, kind, contentType;
        QByteArray body;
        int attempts = 0;
        qint64 token = 0; // lock_token of the claimed row: the fence of every later call
    };
    enum class Outcome { Done, Failed, Died, LostLock, Error };
    struct ActionResult
    {
        Outcome outcome = Outcome::Done;
        QString entityId;
    };

    void run(int index, std::promise<DbError> ready);
    Outcome process(PgConnection &db, const QString &worker, const Job &job, Rng &rng);
    ActionResult act(PgConnection &db, const QString &worker, const Job &job, const QString &kind,
                     const QString &phone, const QStringList &offers, Rng &rng);
    bool dies(Rng &rng) const;
    Outcome trouble(PgConnection &db, const QString &worker, const Job &job, const char *step,
                    const DbError &error);
    Outcome failJob(PgConnection &db, const QString &worker, const Job &job, const QString &error,
                    bool retryable);

    WorkerConfig m_config;
    FakeCrm &m_crm;
    Ledger &m_ledger;
    Enricher m_enricher;
    std::vector<std::thread> m_threads;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_deaths{true};
    std::atomic<qint64> m_claimed{0}, m_done{0}, m_retries{0}, m_failed{0}, m_takeovers{0},
        m_died{0}, m_lostLocks{0}, m_review{0}, m_recovered{0}, m_errors{0}, m_idle{0};
};

} // namespace inbox::sim
