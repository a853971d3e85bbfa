#include "ingestbench.h"

#include "db/pgconnection.h"
#include "deliveries.h"
#include "serversetting.h"
#include "sessionrun.h"

#include <QCoreApplication>
#include <QDateTime>

#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

namespace bench {

namespace {

const char *const kSource = "inbox_bench";
const char *const kScratch = "inbox_bench_scratch";
constexpr int kBatch = 100; // deliveries per accept_many call

// One run of the ingest figures, a stage per figure (as PeerRun): single accepts (with and
// without synchronous commit), batches of accept_many, and workers claiming and completing;
// each against its bare statement on a scratch table. cleanUp() leaves the database as found.
class IngestRun final
{
public:
    IngestRun(const Options &o, inbox::PgConnection &admin, QVector<Figure> *figures,
              QString *error)
        : m_o(o), m_admin(admin), m_figures(figures), m_error(error),
          m_fsync(serverSetting(admin, "fsync")),
          m_syncCommit(serverSetting(admin, "synchronous_commit")),
          m_scratch(QString::fromLatin1(kScratch)), m_conninfo(o.conninfo),
          m_runTag(QStringLiteral("b%1").arg(QDateTime::currentMSecsSinceEpoch()))
    {}

    bool run()
    {
        std::fprintf(stderr, "  ingest: server fsync=%s synchronous_commit=%s\n",
                     qPrintable(m_fsync), qPrintable(m_syncCommit));
        if (!createBareEvents(m_admin, m_scratch, m_error))
            return false;
        const bool ok =
            acceptFigure(QStringLiteral("accept_per_s"), QString(), m_syncCommit) &&
            acceptFigure(QStringLiteral("accept_per_s_sync_off"),
                         QStringLiteral("SET synchronous_commit = off"), QStringLiteral("off")) &&
            batchFigure() && workerFigure();
        cleanUp();
        return ok;
    }

private:
    // One ingest measurement: accept (true) or the bare insert, with a session setup.
    bool ingest(bool accept, const QString &setup, Totals *totals, double *rate)
    {
        Deliveries d(QStringLiteral("%1-%2").arg(m_runTag).arg(++m_measurement), m_o.repeatRate,
                     m_o.ingestSessions);
        const QString sql =
            accept ? QStringLiteral("SELECT outcome FROM inbox.accept($1, $2, $3, "
                                    "'application/json')")
                   : QStringLiteral("INSERT INTO %1.events (source, external_id, body, "
                                    "content_type) VALUES ($1, $2, $3, 'application/json') "
                                    "ON CONFLICT (source, external_id) DO NOTHING")
                         .arg(m_scratch);
        const Step step = [&](inbox::PgConnection &conn, int s, std::mt19937_64 &rng, Totals &t) {
            bool repeat = false;
            const QString id = d.pick(s, rng, &repeat);
            inbox::DbError err;
            const auto r = conn.exec(sql,
                                     {inbox::PgParam(kSource), inbox::PgParam(id),
                                      inbox::PgParam::bytes(Deliveries::body(id))},
                                     &err);
            if (!r) {
                t.fail(err.message);
                return false;
            }
            if (repeat)
                ++t.repeats;
            if (accept ? r->text(0, 0) == QLatin1String("new") : r->affected() == 1)
                ++t.fresh;
            return true;
        };
        double elapsed = 0;
        std::fprintf(stderr, "  %s for %d s from %d sessions%s ...\n",
                     accept ? "inbox.accept" : "bare insert", m_o.ingestSeconds, m_o.ingestSessions,
                     setup.isEmpty() ? "" : " (synchronous_commit off)");
        if (!runSessions(m_conninfo, m_o.ingestSessions, m_o.ingestSeconds, setup, step, totals,
                         &elapsed, m_error))
            return false;
        *rate = double(totals->calls.load()) / elapsed;
        return true;
    }

    bool acceptFigure(const QString &name, const QString &setup, const QString &commitMode)
    {
        Totals bare, acc;
        double bareRate = 0, accRate = 0;
        if (!ingest(false, setup, &bare, &bareRate) || !ingest(true, setup, &acc, &accRate))
            return false;
        Figure f;
        f.name = name;
        f.latency = false;
        f.value = accRate;
        f.plainValue = bareRate;
        f.unit = QStringLiteral("calls/s");
        const bool withinBare = f.ratio() >= 1.0 / 2.5;
        if (setup.isEmpty()) {
            f.target = QStringLiteral(">= bare insert / 2.5");
            f.met = withinBare;
        } else {
            f.target = QStringLiteral(">= 10000/s and >= bare insert / 2.5");
            f.met = withinBare && accRate >= 10000.0;
        }
        f.extra.insert(QStringLiteral("fsync"), m_fsync);
        f.extra.insert(QStringLiteral("synchronous_commit"), commitMode);
        f.extra.insert(QStringLiteral("sessions"), m_o.ingestSessions);
        f.extra.insert(QStringLiteral("seconds"), m_o.ingestSeconds);
        f.extra.insert(QStringLiteral("calls"), double(acc.calls.load()));
        f.extra.insert(QStringLiteral("repeats"), double(acc.repeats.load()));
        f.extra.insert(QStringLiteral("new"), double(acc.fresh.load()));
        f.extra.insert(QStringLiteral("bare_calls"), double(bare.calls.load()));
        *m_figures << f;
        return true;
    }

    // Batches: inbox.accept_many of kBatch deliveries per call (the same mix of new keys and
    // repeats) against a bare multi-row insert of the same arrays.
    bool batches(bool contract, Totals *totals, double *rate)
    {
        Deliveries d(QStringLiteral("%1-%2").arg(m_runTag).arg(++m_measurement), m_o.repeatRate,
                     m_o.ingestSessions);
        const QString sql =
            contract ? QStringLiteral("SELECT count(*) FILTER (WHERE outcome = 'new') FROM "
                                      "inbox.accept_many($1::text[], $2::text[], $3::bytea[])")
                     : QStringLiteral("WITH i AS (INSERT INTO %1.events (source, external_id, "
                                      "body, content_type) SELECT x.s, x.e, x.b, "
                                      "'application/json' FROM unnest($1::text[], $2::text[], "
                                      "$3::bytea[]) AS x(s, e, b) ON CONFLICT (source, "
                                      "external_id) DO NOTHING RETURNING 1) "
                                      "SELECT count(*) FROM i")
                           .arg(m_scratch);
        const Step step = [&](inbox::PgConnection &conn, int s, std::mt19937_64 &rng, Totals &t) {
            QStringList sources, ids, bodies;
            for (int i = 0; i < kBatch; ++i) {
                bool repeat = false;
                const QString id = d.pick(s, rng, &repeat);
                if (repeat)
                    ++t.repeats;
                sources << QString::fromLatin1(kSource);
                ids << id;
                // Elements of a bytea[] literal: "\\x<hex>" (the backslash escaped).
                bodies << QStringLiteral("\"\\\\x%1\"")
                              .arg(QString::fromLatin1(Deliveries::body(id).toHex()));
            }
            const auto literal = [](const QStringList &items) {
                return QLatin1Char('{') + items.join(QLatin1Char(',')) + QLatin1Char('}');
            };
            inbox::DbError err;
            const auto r =
                conn.exec(sql,
                          {inbox::PgParam(literal(sources)), inbox::PgParam(literal(ids)),
                           inbox::PgParam(literal(bodies))},
                          &err);
            if (!r) {
                t.fail(err.message);
                return false;
            }
            t.fresh += r->toInt(0, 0);
            return true;
        };
        double elapsed = 0;
        std::fprintf(stderr, "  %s, %d per call, for %d s from %d sessions ...\n",
                     contract ? "inbox.accept_many" : "bare multi-row insert", kBatch,
                     m_o.ingestSeconds, m_o.ingestSessions);
        if (!runSessions(m_conninfo, m_o.ingestSessions, m_o.ingestSeconds, QString(), step, totals,
                         &elapsed, m_error))
            return false;
        *rate = double(totals->calls.load()) * kBatch / elapsed;
        return true;
    }

    bool batchFigure()
    {
        Totals bare, many;
        double bareRate = 0, manyRate = 0;
        if (!batches(false, &bare, &bareRate) || !batches(true, &many, &manyRate))
            return false;
        {
            Figure f;
            f.name = QStringLiteral("accept_many_per_s");
            f.latency = false;
            f.value = manyRate;
            f.plainValue = bareRate;
            f.unit = QStringLiteral("rows/s");
            f.target = QStringLiteral(">= 0.45 of the bare multi-row insert (issue 19)");
            f.met = f.ratio() >= 0.45;
            f.extra.insert(QStringLiteral("per_call"), kBatch);
            f.extra.insert(QStringLiteral("sessions"), m_o.ingestSessions);
            f.extra.insert(QStringLiteral("seconds"), m_o.ingestSeconds);
            f.extra.insert(QStringLiteral("fsync"), m_fsync);
            f.extra.insert(QStringLiteral("synchronous_commit"), m_syncCommit);
            f.extra.insert(QStringLiteral("calls"), double(many.calls.load()));
            f.extra.insert(QStringLiteral("repeats"), double(many.repeats.load()));
            f.extra.insert(QStringLiteral("new"), double(many.fresh.load()));
            *m_figures << f;
        }
        return true;
    }

    // Workers: claim one, complete it; the bare pair on the scratch rows inserted above.
    bool workers(bool contract, Totals *totals, double *rate)
    {
        const QString claimSql =
            contract ? QStringLiteral("SELECT id, lock_token FROM inbox.claim($1, 1)")
                     : QStringLiteral("UPDATE %1.events SET status = 'processing', locked_by = "
                                      "$1 WHERE id = (SELECT id FROM %1.events WHERE status = "
                                      "'received' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) "
                                      "RETURNING id")
                           .arg(m_scratch);
        const QString completeSql =
            contract ? QStringLiteral("SELECT inbox.complete($1, $2, $3, NULL)")
                     : QStringLiteral("UPDATE %1.events SET status = 'done', locked_by = NULL "
                                      "WHERE id = $1 AND locked_by = $2")
                           .arg(m_scratch);
        const Step step = [&](inbox::PgConnection &conn, int s, std::mt19937_64 &, Totals &t) {
            const QString worker = QStringLiteral("inbox-bench-w%1").arg(s);
            inbox::DbError err;
            const auto claimed = conn.exec(claimSql, {inbox::PgParam(worker)}, &err);
            if (!claimed) {
                t.fail(err.message);
                return false;
            }
            if (claimed->rows() == 0) {
                ++t.empty;
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
                return true;
            }
            QVector<inbox::PgParam> params{inbox::PgParam(claimed->toInt(0, 0)),
                                           inbox::PgParam(worker)};
            if (contract) // the lock token claim returned, the fence of complete (0024)
                params.push_back(inbox::PgParam(claimed->toInt(0, 1)));
            if (!conn.run(completeSql, params, &err)) {
                t.fail(err.message);
                return false;
            }
            ++t.fresh;
            return true;
        };
        double elapsed = 0;
        std::fprintf(stderr, "  %s for %d s from %d workers ...\n",
                     contract ? "inbox.claim + inbox.complete" : "bare claim + update",
                     m_o.ingestSeconds, m_o.workers);
        if (!runSessions(m_conninfo, m_o.workers, m_o.ingestSeconds, QString(), step, totals,
                         &elapsed, m_error))
            return false;
        *rate = double(totals->fresh.load()) / elapsed;
        return true;
    }

    bool workerFigure()
    {
        Totals bare, contract;
        double bareRate = 0, rate = 0;
        if (!workers(false, &bare, &bareRate) || !workers(true, &contract, &rate))
            return false;
        {
            Figure f;
            f.name = QStringLiteral("claim_complete_per_s");
            f.latency = false;
            f.value = rate;
            f.plainValue = bareRate;
            f.unit = QStringLiteral("events/s");
            f.target = QStringLiteral("none set (informational)");
            f.met = true;
            f.extra.insert(QStringLiteral("workers"), m_o.workers);
            f.extra.insert(QStringLiteral("fsync"), m_fsync);
            f.extra.insert(QStringLiteral("synchronous_commit"), m_syncCommit);
            f.extra.insert(QStringLiteral("empty_claims"), double(contract.empty.load()));
            if (contract.empty.load() > 0 || bare.empty.load() > 0)
                f.note = QStringLiteral("the queue ran dry during the run (empty claims): the "
                                        "rate is bounded by what was accepted");
            *m_figures << f;
        }
        return true;
    }

    void cleanUp()
    {
        inbox::DbError e;
        // Leave the database as it was found (the daily counters keep what accept added).
        m_admin.run(QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE").arg(m_scratch), &e);
        if (!m_o.keepIngest) {
            std::fprintf(stderr, "  removing the events the ingest stage accepted ...\n");
            if (!m_admin.run(QStringLiteral("DELETE FROM inbox.events WHERE source = $1"),
                             {inbox::PgParam(kSource)}, &e))
                std::fprintf(stderr, "  could not remove them: %s\n", qPrintable(e.message));
        }
    }

    const Options &m_o;
    inbox::PgConnection &m_admin;
    QVector<Figure> *m_figures;
    QString *m_error;
    const QString m_fsync;
    const QString m_syncCommit;
    const QString m_scratch;
    const QString m_conninfo;
    const QString m_runTag;
    int m_measurement = 0;
};

} // namespace

bool runIngestFigures(const Options &o, inbox::PgConnection &admin, QVector<Figure> *figures,
                      QString *error)
{
    return IngestRun(o, admin, figures, error).run();
}

} // namespace bench
