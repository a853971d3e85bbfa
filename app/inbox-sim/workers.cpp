#include "workers.h"

#include "bodies.h"
#include "db/pgconnection.h"
#include "extract.h"
#include "pause.h"
#include "support/logging.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>

#include <spdlog/spdlog.h>

namespace inbox::sim {

namespace {

QString json(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace

Workers::Workers(const WorkerConfig &config, FakeCrm &crm, Ledger &ledger)
    : m_config(config), m_crm(crm), m_ledger(ledger), m_enricher(config.faults)
{}

Workers::~Workers()
{
    stop();
}

bool Workers::start(DbError *error)
{
    std::vector<std::future<DbError>> ready;
    for (int i = 0; i < m_config.count; ++i) {
        std::promise<DbError> p;
        ready.push_back(p.get_future());
        m_threads.emplace_back(&Workers::run, this, i, std::move(p));
    }
    bool ok = true;
    for (auto &f : ready) {
        const DbError e = f.get();
        if (!e.isEmpty() && ok) {
            if (error)
                *error = e;
            ok = false;
        }
    }
    if (!ok)
        stop();
    return ok;
}

void Workers::stop()
{
    m_stop = true;
    for (std::thread &t : m_threads) {
        if (t.joinable())
            t.join();
    }
    m_threads.clear();
}

Workers::Stats Workers::stats() const
{
    Stats s;
    s.claimed = m_claimed;
    s.done = m_done;
    s.retries = m_retries;
    s.failed = m_failed;
    s.takeovers = m_takeovers;
    s.deaths = m_died;
    s.lostLocks = m_lostLocks;
    s.needsReview = m_review;
    s.recovered = m_recovered;
    s.errors = m_errors;
    return s;
}

bool Workers::dies(Rng &rng) const
{
    // Three places a job can be cut short; the rate is per job.
    return m_deaths && rng.chance(m_config.faults.workerDeath / 3);
}

void Workers::run(int index, std::promise<DbError> ready)
{
    static const auto log = logger("sim");
    Rng rng(m_config.seed * 1000003ULL + quint64(index));
    int incarnation = 1;
    QString worker = QStringLiteral("sim-w%1.%2").arg(index + 1).arg(incarnation);
    PgConnection db;
    DbError error;
    if (!db.connect(m_config.conninfo, QStringLiteral("inbox-sim ") + worker, &error)) {
        ready.set_value(error);
        return;
    }
    ready.set_value(DbError());

    const QString columns = QStringLiteral(
        "SELECT id, source, external_id, idempotency_key, kind, content_type, body, attempts, "
        "locked_by, lock_token FROM ");
    const QString claim =
        m_config.sources.isEmpty()
            ? columns + QStringLiteral("inbox.claim($1, $2, make_interval(secs => $3))")
            : columns + QStringLiteral("inbox.claim_routed($1, $2, $4::text[], NULL, "
                                       "make_interval(secs => $3))");
    // A text[] literal of names the simulator itself chose (letters and underscores).
    const QString sources =
        QLatin1Char('{') + m_config.sources.join(QLatin1Char(',')) + QLatin1Char('}');
    Backoff backoff;
    while (!m_stop) {
        if (!db.isOpen()) {
            if (!db.connect(m_config.conninfo, QStringLiteral("inbox-sim ") + worker, &error)) {
                log->warn("{}: cannot reconnect: {}", worker.toStdString(),
                          error.oneLine().toStdString());
                pause(m_stop, backoff.next());
                continue;
            }
            backoff.reset();
        }
        const std::optional<PgRows> rows =
            m_config.sources.isEmpty()
                ? db.exec(claim, {worker, m_config.batch, m_config.lockTimeoutS}, &error)
                : db.exec(claim, {worker, m_config.batch, m_config.lockTimeoutS, sources}, &error);
        if (!rows) {
            ++m_errors;
            log->warn("{}: claim failed: {}", worker.toStdString(), error.oneLine().toStdString());
            if (db.isBroken())
                db.close();
            pause(m_stop, 500);
            continue;
        }
        if (rows->rows() == 0) {
            ++m_idle;
            pause(m_stop, int(rng.between(100, 250)));
            continue;
        }
        bool died = false;
        for (int r = 0; r < rows->rows() && !died; ++r) {
            Job job;
            job.id = rows->toInt(r, 0);
            job.source = rows->text(r, 1);
            job.externalId = rows->text(r, 2);
            job.key = rows->text(r, 3);
            job.kind = rows->text(r, 4);
            job.contentType = rows->text(r, 5);
            job.body = QByteArray::fromHex(rows->raw(r, 6).mid(2)); // bytea text form: \x...
            job.attempts = int(rows->toInt(r, 7));
            job.token = rows->toInt(r, 9);
            ++m_claimed;
            if (job.attempts > 1)
                ++m_takeovers; // a retry or a takeover; the journal tells which
            const Outcome o = process(db, worker, job, rng);
            if (o == Outcome::Died) {
                died = true;
                ++m_died;
                m_ledger.workerDied(worker);
                log->info("{} died holding event {} (and the rest of its batch)",
                          worker.toStdString(), job.id);
            } else if (o == Outcome::Error && db.isBroken()) {
                died = true; // the connection went away; its locks will expire
                m_ledger.workerDied(worker);
            }
        }
        if (died) {
            // The process is gone: its connection drops, its locks stay until they expire.
            db.close();
            worker = QStringLiteral("sim-w%1.%2").arg(index + 1).arg(++incarnation);
            pause(m_stop, 300);
        }
    }
}

Workers::Outcome Workers::failJob(PgConnection &db, const QString &worker, const Job &job,
                                  const QString &error, bool retryable)
{
    DbError e;
    const std::optional<PgRows> r = db.exec(QStringLiteral("SELECT inbox.fail($1, $2, $3, $4, $5)"),
                                            {job.id, worker, job.token, error, retryable}, &e);
    if (!r) {
        ++m_errors;
        return Outcome::Error;
    }
    const QString status = r->text(0, 0);
    if (status == QLatin1String("failed"))
        ++m_failed;
    else if (status == QLatin1String("received"))
        ++m_retries;
    else
        ++m_lostLocks;
    return Outcome::Failed;
}

Workers::Outcome Workers::trouble(PgConnection &db, const QString &worker, const Job &job,
                                  const char *step, const DbError &error)
{
    ++m_errors;
    logger("sim")->warn("{}: {} for event {} failed: {}", worker.toStdString(), step, job.id,
                        error.oneLine().toStdString());
    if (db.isBroken())
        return Outcome::Error; // the lock stays until it expires; the run loop reconnects
    // An unexpected refusal: give the event back for a later attempt rather than hold it.
    failJob(db, worker, job,
            QStringLiteral("worker error in %1: %2").arg(QLatin1String(step), error.oneLine()),
            true);
    return Outcome::Failed;
}

Workers::ActionResult Workers::act(PgConnection &db, const QString &worker, const Job &job,
                                   const QString &kind, const QString &phone,
                                   const QStringList &offers, Rng &rng)
{
    // The operation key is made here, by the orchestrator, from the event's idempotency key:
    // the same on every attempt, takeover and requeue of this event.
    const QString operationKey = kind + QLatin1Char(':') + job.key;
    DbError e;
    const std::optional<PgRows> begun = db.exec(
        QStringLiteral("SELECT action_id, state, result FROM inbox.begin_action($1, $2, $3)"),
        {job.id, kind, operationKey}, &e);
    if (!begun || begun->rows() != 1)
        return {trouble(db, worker, job, "begin_action", e), {}};
    const qint64 actionId = begun->toInt(0, 0);
    const QString state = begun->text(0, 1);
    const auto finish = [&](bool ok, const QJsonObject &result) {
        return db.run(QStringLiteral("SELECT inbox.finish_action($1, $2, $3::jsonb)"),
                      {actionId, ok, json(result)}, &e);
    };
    if (state == QLatin1String("done")) {
        const QJsonObject result = QJsonDocument::fromJson(begun->raw(0, 2)).object();
        return {Outcome::Done, result.value(QStringLiteral("entity_id")).toString()};
    }
    if (state == QLatin1String("unknown")) {
        // Started before and never finished (a timeout, a dead worker): the CRM may have it.
        // Look it up by the inbox key before creating anything.
        if (const std::optional<QString> found = m_crm.find(job.key)) {
            ++m_recovered;
            if (!finish(true, {{QStringLiteral("entity_id"), *found},
                               {QStringLiteral("found_by_lookup"), true}}))
                return {trouble(db, worker, job, "finish_action", e), {}};
            return {Outcome::Done, *found};
        }
    }

    const FakeCrm::Answer answer = m_crm.create({kind, job.key, phone, offers}, rng);
    if (dies(rng))
        return {Outcome::Died, {}}; // after the CRM acted, before the inbox heard of it
    switch (answer.result) {
    case FakeCrm::Result::Created:
        if (!finish(true, {{QStringLiteral("entity_id"), answer.entityId}}))
            return {trouble(db, worker, job, "finish_action", e), {}};
        return {Outcome::Done, answer.entityId};
    case FakeCrm::Result::Outage:
        finish(false, {{QStringLiteral("error"), answer.error}});
        return {failJob(db, worker, job, answer.error, true), {}};
    case FakeCrm::Result::Rejected:
        finish(false, {{QStringLiteral("error"), answer.error}});
        return {failJob(db, worker, job, answer.error, false), {}};
    case FakeCrm::Result::Timeout:
        // Outcome unknown: the action stays started, the next attempt looks it up.
        return {failJob(db, worker, job, answer.error, true), {}};
    }
    return {Outcome::Error, {}};
}

Workers::Outcome Workers::process(PgConnection &db, const QString &worker, const Job &job, Rng &rng)
{
    if (dies(rng))
        return Outcome::Died; // right after the claim
    QElapsedTimer clock;
    clock.start();
    DbError e;

    const Extracted x = extract(job.source, job.contentType, job.body);
    if (!x.parsed)
        return failJob(db, worker, job, QStringLiteral("unreadable body: ") + x.error, false);

    const Source *src = sourceByName(job.source);
    QJsonObject result;
    if (src && src->leads) {
        // Enrichment: three tries with growing pauses; without it the lead is still kept.
        std::optional<QString> enriched;
        static const int pauses[] = {40, 80, 160};
        for (int t = 0; t < 3 && !enriched; ++t) {
            enriched = m_enricher.lookup(x.phone, x.email, rng);
            if (!enriched && t < 2)
                std::this_thread::sleep_for(std::chrono::milliseconds(pauses[t]));
        }
        if (enriched) {
            result.insert(QStringLiteral("enrichment"), *enriched);
        } else {
            // The lead is kept; a person finds it under "Needs review" (and in the result).
            const QString reason = QString::fromLatin1(kEnrichmentFailed);
            const std::optional<PgRows> flagged =
                db.exec(QStringLiteral("SELECT inbox.flag_review($1, $2, $3, $4)"),
                        {job.id, worker, job.token, reason}, &e);
            if (!flagged)
                return trouble(db, worker, job, "flag_review", e);
            if (!flagged->toBool(0, 0)) {
                ++m_lostLocks;
                return Outcome::LostLock;
            }
            result.insert(QStringLiteral("needs_review"), reason);
            ++m_review;
        }
    }
    // A long job keeps its lock alive; a lost lock means someone else has the event now.
    if (clock.elapsed() > m_config.lockTimeoutS * 1000 / 3) {
        const std::optional<PgRows> hb = db.exec(
            QStringLiteral("SELECT inbox.heartbeat($1, $2, $3)"), {job.id, worker, job.token}, &e);
        if (!hb)
            return trouble(db, worker, job, "heartbeat", e);
        if (!hb->toBool(0, 0)) {
            ++m_lostLocks;
            return Outcome::LostLock;
        }
    }

    QString entityId;
    if (src && src->action) {
        const ActionResult a =
            act(db, worker, job, QString::fromLatin1(src->action), x.phone, x.offers, rng);
        if (a.outcome != Outcome::Done)
            return a.outcome;
        entityId = a.entityId;
        result.insert(QStringLiteral("entity_id"), entityId);
    }

    if (src && src->leads) {
        const std::optional<PgRows> lead =
            db.exec(QStringLiteral("SELECT inbox.record_lead($1, $2, $3, $4, $5, $6)"),
                    {job.id, x.phone.isEmpty() ? PgParam::null() : PgParam(x.phone),
                     x.email.isEmpty() ? PgParam::null() : PgParam(x.email),
                     x.name.isEmpty() ? PgParam::null() : PgParam(x.name),
                     x.summary.isEmpty() ? PgParam::null() : PgParam(x.summary),
                     entityId.isEmpty() ? PgParam::null() : PgParam(entityId)},
                    &e);
        if (!lead)
            return trouble(db, worker, job, "record_lead", e);
        result.insert(QStringLiteral("lead_id"), lead->toInt(0, 0));
    }

    if (dies(rng))
        return Outcome::Died; // everything done but the complete
    const std::optional<PgRows> done =
        db.exec(QStringLiteral("SELECT inbox.complete($1, $2, $3, $4::jsonb)"),
                {job.id, worker, job.token, json(result)}, &e);
    if (!done)
        return trouble(db, worker, job, "complete", e);
    if (!done->toBool(0, 0)) {
        ++m_lostLocks; // fenced: someone took it over meanwhile
        return Outcome::LostLock;
    }
    ++m_done;
    return Outcome::Done;
}

} // namespace inbox::sim
