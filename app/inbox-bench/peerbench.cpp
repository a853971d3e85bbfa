#include "peerbench.h"

#include "claimladder.h"
#include "costladder.h"
#include "db/pgconnection.h"
#include "db/sqlparams.h"
#include "deliveries.h"
#include "nodepeers.h"
#include "roundstats.h"
#include "serverconninfo.h"
#include "serversetting.h"
#include "sessionrun.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTextStream>

#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <thread>

namespace bench {

namespace {

const char *const kSource = "inbox_bench";
const char *const kScratch = "inbox_bench_peers_scratch";
const char *const kGwDb = "inbox_bench_graphile_worker";
const char *const kBossDb = "inbox_bench_pg_boss";
constexpr int kBatch = 100;
constexpr qint64 kBacklog = 50000; // queued jobs each claim measurement starts from, at least

// The same server as `admin`, another database, in key=value form (password included: the
// string is never printed).
QString sameServer(const inbox::PgConnection &admin, const QString &dbname)
{
    pg_conn *c = admin.raw();
    return serverConninfo(admin, {{"user", QString::fromUtf8(PQuser(c))},
                                  {"password", QString::fromUtf8(PQpass(c))},
                                  {"dbname", dbname}});
}

using inbox::sql::textArray;

// A bigint[] literal of the ids a claim returned (the first column of `claimed`).
QString idArray(const inbox::PgRows &claimed, int column = 0)
{
    QStringList ids;
    for (int r = 0; r < claimed.rows(); ++r)
        ids << claimed.text(r, column);
    return QLatin1Char('{') + ids.join(QLatin1Char(',')) + QLatin1Char('}');
}

// A bytea[] literal of the bodies (elements "\\x<hex>").
QString byteaArray(const QList<QByteArray> &items)
{
    QStringList hex;
    hex.reserve(items.size());
    for (const QByteArray &b : items)
        hex << QStringLiteral("\"\\\\x%1\"").arg(QString::fromLatin1(b.toHex()));
    return QLatin1Char('{') + hex.join(QLatin1Char(',')) + QLatin1Char('}');
}

// A statement pg-boss sends, as peers.js read it, with the markers where the values go.
struct Captured
{
    QString sql;
    QVector<QString> values; // null QString: SQL NULL
    QString dataMarker;
    QString keyMarker;

    // The parameters with the body (JSON text) and the key in place of the markers.
    QVector<inbox::PgParam> bind(const QString &body, const QString &key) const
    {
        QVector<inbox::PgParam> params;
        params.reserve(values.size());
        for (const QString &v : values) {
            if (v.isNull()) {
                params << inbox::PgParam::null();
            } else if (v == dataMarker) {
                params << inbox::PgParam(body);
            } else {
                QString s = v;
                s.replace(QLatin1Char('"') + dataMarker + QLatin1Char('"'), body);
                s.replace(keyMarker, key);
                params << inbox::PgParam(s);
            }
        }
        return params;
    }
};

Captured captured(const QJsonObject &setup, const char *which)
{
    const QJsonObject o =
        setup.value(QStringLiteral("boss")).toObject().value(QLatin1String(which)).toObject();
    Captured c;
    c.sql = o.value(QStringLiteral("sql")).toString();
    for (const QJsonValue v : o.value(QStringLiteral("values")).toArray())
        c.values << (v.isNull() ? QString() : v.toString());
    c.dataMarker = setup.value(QStringLiteral("data_marker")).toString();
    c.keyMarker = setup.value(QStringLiteral("key_marker")).toString();
    return c;
}

// One row of a table: a system, measured once per round.
struct System
{
    QString name;  // figure name
    QString label; // the row of the Markdown table
    // Measures once; the rate in the table's unit, and what else it counted.
    std::function<bool(double *rate, QJsonObject *extra, QString *error)> measure;
    double target = -1; // the ratio target, for the inbox rows
    QVector<double> rates;
    QJsonArray extras;
};

struct Table
{
    QString title;
    QString unit;
    bool claims = false;     // the backlog is topped up before its round
    QVector<System> systems; // [0] is the bare statement
};

// A count the sessions keep in their Totals.
using Count = std::atomic<qint64> Totals::*;

// Runs `step` on `sessions` sessions for `seconds`. The rate is `counted` per second, times
// `perCount` (the rows one call stores); `keys` are the counts the figure's line also keeps.
bool measureRate(const QString &conninfo, int sessions, int seconds, const Step &step,
                 Count counted, double perCount,
                 std::initializer_list<std::pair<const char *, Count>> keys, double *rate,
                 QJsonObject *extra, QString *error)
{
    Totals totals;
    double elapsed = 0;
    if (!runSessions(conninfo, sessions, seconds, QString(), step, &totals, &elapsed, error))
        return false;
    *rate = double((totals.*counted).load()) * perCount / elapsed;
    for (const auto &[key, count] : keys)
        extra->insert(QLatin1String(key), double((totals.*count).load()));
    return true;
}

// How a system sends deliveries, one or a batch (no key twice): true when they went in.
using SendOne = std::function<bool(inbox::PgConnection &, const QString &id, inbox::DbError *)>;
using SendMany =
    std::function<bool(inbox::PgConnection &, const QStringList &ids, inbox::DbError *)>;
// How a worker claims and completes: how many it did, -1 on an error.
using Work = std::function<qint64(inbox::PgConnection &, const QString &worker, inbox::DbError *)>;
using Measure = std::function<bool(double *rate, QJsonObject *extra, QString *error)>;

// One run of the peers stage. The state its phases share (the peers' databases and
// statements, the scratch schema, the tables with their systems, the rounds' loads and
// backlogs) is kept here under the names the phases use, so that each phase is a member
// function of its own: setUpPeers, setUpScratch, the three table builders, measureRounds
// (with topUp), report, cleanUp. The systems' measure functions keep `this`: a PeerRun is
// never copied or moved.
struct PeerRun
{
    PeerRun(const Options &options, inbox::PgConnection &adminConnection, QVector<Figure> *out)
        : o(options), admin(adminConnection), figures(out), node(o.peersDir),
          scratch(QString::fromLatin1(kScratch)), source(QString::fromLatin1(kSource)),
          rounds(o.rounds)
    {}
    PeerRun(const PeerRun &) = delete;
    PeerRun &operator=(const PeerRun &) = delete;

    bool run(QString *error);

    bool setUpPeers(QString *error);
    bool setUpScratch(QString *error);
    Deliveries freshDeliveries(int sessions);
    Measure sendBatches(int size, const QString &conninfo, const SendMany &call);
    Measure single(const QString &conninfo, const SendOne &call);
    Measure batched(const QString &conninfo, const SendMany &call);
    Measure claiming(const QString &conninfo, const Work &work);
    Measure gwRunner(int localQueue, int completeBatchDelay);
    static QString body(const QString &id);
    void addIngestTable();
    void addBatchTable();
    Work bareWork(int per) const;
    static Work claimThenComplete(const QString &claimSql, const QString &completeSql, int per);
    static Work inboxWork(int per);
    static qint64 inboxBatchWork(inbox::PgConnection &c, const QString &w, inbox::DbError *err);
    void addClaimTables();
    bool topUp(QJsonObject *had, QString *err);
    bool measureRounds(QString *error);
    void report();
    void cleanUp();

    const Options &o;
    inbox::PgConnection &admin;
    QVector<Figure> *figures;
    NodePeers node;
    QJsonObject versions;
    Captured bossSend;
    Captured bossInsert;
    QString task;
    const QString scratch;
    const QString source;
    QVector<LadderStep> ladder;
    QString inboxDb;
    QString gwDb;
    QString bossDb;
    inbox::PgConnection gwAdmin;
    QString runTag;
    int measurement = 0;
    QVector<Table> tables;
    const int rounds;
    QVector<double> loads;
    QJsonArray backlogs;
    QDateTime started;
};

// The phases in their order. Without node or npm the stage is skipped (not failed). A failure
// while setting up returns at once, without the cleanup (what was made so far stays, as it
// always did); once set up, the rounds, the report if they all went well, and the cleanup.
bool PeerRun::run(QString *error)
{
    const QString absent = node.missing();
    if (!absent.isEmpty()) {
        *figures << skippedStage("peers", QStringLiteral("%1 not found").arg(absent),
                                 "Install Node.js 20 and npm to measure graphile-worker and "
                                 "pg-boss beside the inbox.",
                                 QStringLiteral("node and npm present"));
        return true;
    }
    if (!setUpPeers(error) || !setUpScratch(error))
        return false;
    addIngestTable();
    addBatchTable();
    addClaimTables();
    const bool ok = measureRounds(error);
    if (ok)
        report();
    cleanUp();
    return ok;
}

// npm's install, the peers' versions, their two databases made afresh with their schemas, and
// the pg-boss statements peers.js captured.
bool PeerRun::setUpPeers(QString *error)
{
    if (!node.install(error))
        return false;
    if (!node.run(admin, {QStringLiteral("versions")}, &versions, error))
        return false;

    inbox::DbError e;
    for (const char *db : {kGwDb, kBossDb}) {
        const QString name = QString::fromLatin1(db);
        if (!admin.run(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name), &e) ||
            !admin.run(QStringLiteral("CREATE DATABASE %1").arg(name), &e)) {
            *error = QStringLiteral("making the database %1: %2").arg(name, e.message);
            return false;
        }
    }
    std::fprintf(stderr,
                 "  peers: node %s, graphile-worker %s, pg-boss %s; installing their "
                 "schemas ...\n",
                 qPrintable(versions.value(QStringLiteral("node")).toString()),
                 qPrintable(versions.value(QStringLiteral("graphile-worker")).toString()),
                 qPrintable(versions.value(QStringLiteral("pg-boss")).toString()));
    QJsonObject setup;
    if (!node.run(admin,
                  {QStringLiteral("setup"), QStringLiteral("--gw-db"), QString::fromLatin1(kGwDb),
                   QStringLiteral("--boss-db"), QString::fromLatin1(kBossDb)},
                  &setup, error))
        return false;
    bossSend = captured(setup, "send");
    bossInsert = captured(setup, "insert");
    if (bossSend.sql.isEmpty() || bossInsert.sql.isEmpty()) {
        *error = QStringLiteral("peers.js setup gave no pg-boss statements");
        return false;
    }
    task = setup.value(QStringLiteral("task")).toString();
    return true;
}

// The scratch schema with the bare tables and both ladders, the three connection strings,
// graphile-worker's admin connection (for topUp), and the tag of this run's deliveries.
bool PeerRun::setUpScratch(QString *error)
{
    if (!createBareEvents(admin, scratch, error) || !createLadderTables(admin, scratch, error) ||
        !createClaimLadder(admin, scratch, error))
        return false;
    ladder = ladderSteps(scratch);
    inboxDb = o.conninfo;
    gwDb = sameServer(admin, QString::fromLatin1(kGwDb));
    bossDb = sameServer(admin, QString::fromLatin1(kBossDb));
    inbox::DbError e;
    if (!gwAdmin.connect(gwDb, QStringLiteral("inbox-bench peers"), &e)) {
        *error = QStringLiteral("connecting to %1: %2").arg(QString::fromLatin1(kGwDb), e.message);
        return false;
    }

    runTag = QStringLiteral("p%1").arg(QDateTime::currentMSecsSinceEpoch());
    return true;
}

// Deliveries of keys no earlier measurement of this run used.
Deliveries PeerRun::freshDeliveries(int sessions)
{
    return Deliveries(QStringLiteral("%1-%2").arg(runTag).arg(++measurement), o.repeatRate,
                      sessions);
}

// Batches of `size` deliveries (no key twice in one batch: graphile-worker's add_jobs
// refuses that) from --sessions clients: `call` sends them, true when they went in; rows/s.
Measure PeerRun::sendBatches(int size, const QString &conninfo, const SendMany &call)
{
    return [this, size, conninfo, call](double *rate, QJsonObject *extra, QString *err) {
        Deliveries d = freshDeliveries(o.ingestSessions);
        const Step step = [&](inbox::PgConnection &conn, int s, std::mt19937_64 &rng, Totals &t) {
            QStringList ids;
            QSet<QString> seen;
            while (ids.size() < size) {
                bool repeat = false;
                const QString id = d.pick(s, rng, &repeat);
                if (seen.contains(id))
                    continue;
                seen.insert(id);
                ids << id;
                if (repeat)
                    ++t.repeats;
            }
            inbox::DbError callError;
            if (!call(conn, ids, &callError)) {
                t.fail(callError.message);
                return false;
            }
            return true;
        };
        return measureRate(conninfo, o.ingestSessions, o.ingestSeconds, step, &Totals::calls, size,
                           {{"calls", &Totals::calls}, {"repeats", &Totals::repeats}}, rate, extra,
                           err);
    };
}

// One delivery per call: `call` sends it; calls/s.
Measure PeerRun::single(const QString &conninfo, const SendOne &call)
{
    return sendBatches(
        1, conninfo,
        [call](inbox::PgConnection &conn, const QStringList &ids, inbox::DbError *callError) {
            return call(conn, ids.first(), callError);
        });
}

Measure PeerRun::batched(const QString &conninfo, const SendMany &call)
{
    return sendBatches(kBatch, conninfo, call);
}

// Workers: `work` claims up to `per` and completes them, returning how many it did.
Measure PeerRun::claiming(const QString &conninfo, const Work &work)
{
    return [this, conninfo, work](double *rate, QJsonObject *extra, QString *err) {
        const Step step = [&](inbox::PgConnection &conn, int s, std::mt19937_64 &, Totals &t) {
            inbox::DbError workError;
            const qint64 done = work(conn, QStringLiteral("inbox-bench-w%1").arg(s), &workError);
            if (done < 0) {
                t.fail(workError.message);
                return false;
            }
            if (done == 0) {
                ++t.empty;
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            t.fresh += done;
            return true;
        };
        return measureRate(conninfo, o.workers, o.ingestSeconds, step, &Totals::fresh, 1,
                           {{"jobs", &Totals::fresh}, {"empty_claims", &Totals::empty}}, rate,
                           extra, err);
    };
}

// graphile-worker's own runner (Node) for --ingest-seconds; jobs/s as it counted them.
Measure PeerRun::gwRunner(int localQueue, int completeBatchDelay)
{
    return [this, localQueue, completeBatchDelay](double *rate, QJsonObject *extra, QString *err) {
        QStringList args{QStringLiteral("run-gw"),        QStringLiteral("--db"),
                         QString::fromLatin1(kGwDb),      QStringLiteral("--concurrency"),
                         QString::number(o.workers),      QStringLiteral("--seconds"),
                         QString::number(o.ingestSeconds)};
        if (localQueue > 1)
            args << QStringLiteral("--local-queue") << QString::number(localQueue);
        if (completeBatchDelay >= 0)
            args << QStringLiteral("--complete-batch-delay") << QString::number(completeBatchDelay);
        QJsonObject out;
        if (!node.run(admin, args, &out, err, o.ingestSeconds + 120))
            return false;
        const double seconds = out.value(QStringLiteral("seconds")).toDouble();
        *rate = seconds > 0 ? out.value(QStringLiteral("jobs")).toDouble() / seconds : 0;
        extra->insert(QStringLiteral("jobs"), out.value(QStringLiteral("jobs")));
        extra->insert(QStringLiteral("failed"), out.value(QStringLiteral("failed")));
        return true;
    };
}

QString PeerRun::body(const QString &id)
{
    return QString::fromUtf8(Deliveries::body(id));
}

// The first table: one delivery a call, --sessions clients.
void PeerRun::addIngestTable()
{
    const QString bareInsert = QStringLiteral("INSERT INTO %1.events (source, external_id, body, "
                                              "content_type) VALUES ($1, $2, $3, "
                                              "'application/json') ON CONFLICT (source, "
                                              "external_id) DO NOTHING")
                                   .arg(scratch);
    // graphile-worker's own addJob statement (helpers.js).
    const QString gwAddJob = QStringLiteral(
        "select * from graphile_worker.add_job(identifier => $1::text, payload => $2::json, "
        "queue_name => $3::text, run_at => $4::timestamptz, max_attempts => $5::int, job_key => "
        "$6::text, priority => $7::int, flags => $8::text[], job_key_mode => $9::text)");
    const auto gwSingle = [this, gwAddJob](const char *mode) {
        const QString m = QString::fromLatin1(mode);
        return [this, gwAddJob, m](inbox::PgConnection &c, const QString &id, inbox::DbError *err) {
            return c.run(gwAddJob,
                         {inbox::PgParam(task), inbox::PgParam(body(id)), inbox::PgParam::null(),
                          inbox::PgParam::null(), inbox::PgParam::null(), inbox::PgParam(id),
                          inbox::PgParam::null(), inbox::PgParam::null(), inbox::PgParam(m)},
                         err);
        };
    };

    Table t;
    t.title = QStringLiteral("ingest with de-duplication, %1 clients").arg(o.ingestSessions);
    t.unit = QStringLiteral("calls/s");
    t.systems << System{
        QStringLiteral("peers_ingest_bare"),
        QStringLiteral("bare `INSERT ... ON CONFLICT DO NOTHING`, unique "
                       "(source, external_id)"),
        single(inboxDb,
               [this, bareInsert](inbox::PgConnection &c, const QString &id, inbox::DbError *err) {
                   return c.run(bareInsert,
                                {inbox::PgParam(source), inbox::PgParam(id),
                                 inbox::PgParam::bytes(Deliveries::body(id))},
                                err);
               }),
        -1,
        {},
        {}};
    for (const LadderStep &step : ladder)
        t.systems << System{
            QStringLiteral("peers_ingest_ladder_%1").arg(step.name),
            step.label,
            single(inboxDb,
                   [this, sql = step.single](inbox::PgConnection &c, const QString &id,
                                             inbox::DbError *err) {
                       return c.run(sql,
                                    {inbox::PgParam(source), inbox::PgParam(id),
                                     inbox::PgParam::bytes(Deliveries::body(id))},
                                    err);
                   }),
            -1,
            {},
            {}};
    t.systems << System{
        QStringLiteral("peers_ingest_pgboss_send"),
        QStringLiteral("pg-boss `send` with a singleton key (queue policy "
                       "`short`), its SQL"),
        single(bossDb,
               [this](inbox::PgConnection &c, const QString &id, inbox::DbError *err) {
                   return c.run(bossSend.sql, bossSend.bind(body(id), id), err);
               }),
        -1,
        {},
        {}};
    t.systems << System{QStringLiteral("peers_ingest_gw_unsafe_dedupe"),
                        QStringLiteral("graphile-worker `add_job`, `job_key`, "
                                       "`unsafe_dedupe`"),
                        single(gwDb, gwSingle("unsafe_dedupe")),
                        -1,
                        {},
                        {}};
    t.systems << System{
        QStringLiteral("peers_ingest_inbox_accept"),
        QStringLiteral("**`inbox.accept`**"),
        single(inboxDb,
               [this](inbox::PgConnection &c, const QString &id, inbox::DbError *err) {
                   return c.run(QStringLiteral("SELECT outcome FROM "
                                               "inbox.accept($1, $2, $3, "
                                               "'application/json')"),
                                {inbox::PgParam(source), inbox::PgParam(id),
                                 inbox::PgParam::bytes(Deliveries::body(id))},
                                err);
               }),
        0.35,
        {},
        {}};
    t.systems << System{QStringLiteral("peers_ingest_gw_replace"),
                        QStringLiteral("graphile-worker `add_job` with `job_key` (replace)"),
                        single(gwDb, gwSingle("replace")),
                        -1,
                        {},
                        {}};
    tables << t;
}

// The second table: batches of kBatch, --sessions clients.
void PeerRun::addBatchTable()
{
    Table t;
    t.title = QStringLiteral("batches of %1, %2 clients").arg(kBatch).arg(o.ingestSessions);
    t.unit = QStringLiteral("rows/s");
    const QString bareMany =
        QStringLiteral("WITH i AS (INSERT INTO %1.events (source, external_id, body, "
                       "content_type) SELECT x.s, x.e, x.b, 'application/json' FROM "
                       "unnest($1::text[], $2::text[], $3::bytea[]) AS x(s, e, b) ON "
                       "CONFLICT (source, external_id) DO NOTHING RETURNING 1) SELECT "
                       "count(*) FROM i")
            .arg(scratch);
    const auto arrays = [this](const QStringList &ids) {
        QList<QByteArray> bodies;
        for (const QString &id : ids)
            bodies << Deliveries::body(id);
        return QVector<inbox::PgParam>{inbox::PgParam(textArray(QStringList(ids.size(), source))),
                                       inbox::PgParam(textArray(ids)),
                                       inbox::PgParam(byteaArray(bodies))};
    };
    t.systems << System{QStringLiteral("peers_batch_bare"),
                        QStringLiteral("bare multi-row insert"),
                        batched(inboxDb,
                                [bareMany, arrays](inbox::PgConnection &c, const QStringList &ids,
                                                   inbox::DbError *err) {
                                    return c.run(bareMany, arrays(ids), err);
                                }),
                        -1,
                        {},
                        {}};
    for (const LadderStep &step : ladder)
        t.systems << System{
            QStringLiteral("peers_batch_ladder_%1").arg(step.name),
            step.label,
            batched(inboxDb, [arrays, sql = step.many](
                                 inbox::PgConnection &c, const QStringList &ids,
                                 inbox::DbError *err) { return c.run(sql, arrays(ids), err); }),
            -1,
            {},
            {}};
    // graphile-worker's own addJobs statement (helpers.js), the job key set as in add_job.
    t.systems << System{
        QStringLiteral("peers_batch_gw_add_jobs"),
        QStringLiteral("graphile-worker `add_jobs` (with `job_key`)"),
        batched(gwDb,
                [this](inbox::PgConnection &c, const QStringList &ids, inbox::DbError *err) {
                    QStringList specs;
                    for (const QString &id : ids)
                        specs << QStringLiteral("{\"identifier\":\"%1\",\"payload\":%2,"
                                                "\"job_key\":\"%3\"}")
                                     .arg(task, body(id), id);
                    return c.run(
                        QStringLiteral("select * from graphile_worker.add_jobs(array(select "
                                       "json_populate_recordset(null::graphile_worker.job_spec, "
                                       "$1::json)), $2::boolean)"),
                        {inbox::PgParam(QLatin1Char('[') + specs.join(QLatin1Char(',')) +
                                        QLatin1Char(']')),
                         inbox::PgParam::null()},
                        err);
                }),
        -1,
        {},
        {}};
    t.systems << System{
        QStringLiteral("peers_batch_pgboss_insert"),
        QStringLiteral("pg-boss `insert` (with singleton keys), its SQL"),
        batched(bossDb,
                [this](inbox::PgConnection &c, const QStringList &ids, inbox::DbError *err) {
                    // The template is a one-job JSON array; repeat its job per delivery.
                    const QString one = bossInsert.values.value(0);
                    const QString job = one.mid(1, one.size() - 2);
                    QStringList jobs;
                    for (const QString &id : ids) {
                        QString j = job;
                        j.replace(QLatin1Char('"') + bossInsert.dataMarker + QLatin1Char('"'),
                                  body(id));
                        j.replace(bossInsert.keyMarker, id);
                        jobs << j;
                    }
                    QVector<inbox::PgParam> params = bossInsert.bind(QString(), QString());
                    params[0] = inbox::PgParam(QLatin1Char('[') + jobs.join(QLatin1Char(',')) +
                                               QLatin1Char(']'));
                    return c.run(bossInsert.sql, params, err);
                }),
        -1,
        {},
        {}};
    t.systems << System{
        QStringLiteral("peers_batch_inbox_accept_many"),
        QStringLiteral("**`inbox.accept_many`**, 100 per call"),
        batched(inboxDb,
                [arrays](inbox::PgConnection &c, const QStringList &ids, inbox::DbError *err) {
                    return c.run(QStringLiteral("SELECT count(*) FROM "
                                                "inbox.accept_many($1::text[], "
                                                "$2::text[], $3::bytea[])"),
                                 arrays(ids), err);
                }),
        0.45,
        {},
        {}};
    tables << t;
}

// Bare SKIP LOCKED claims of up to `per` in the scratch schema, then one UPDATE for all.
Work PeerRun::bareWork(int per) const
{
    const QString bareClaim = QStringLiteral("UPDATE %1.events SET status = 'processing', "
                                             "locked_by = $1 WHERE id IN (SELECT id FROM "
                                             "%1.events WHERE status = 'received' ORDER BY id "
                                             "LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING id")
                                  .arg(scratch);
    return [this, per, bareClaim](inbox::PgConnection &c, const QString &w,
                                  inbox::DbError *err) -> qint64 {
        const auto claimed = c.exec(bareClaim, {inbox::PgParam(w), inbox::PgParam(per)}, err);
        if (!claimed)
            return -1;
        if (claimed->rows() == 0)
            return 0;
        const bool ok = per == 1
                            ? c.run(QStringLiteral("UPDATE %1.events SET status = 'done', "
                                                   "locked_by = NULL WHERE id = $1 AND "
                                                   "locked_by = $2")
                                        .arg(scratch),
                                    {inbox::PgParam(claimed->text(0, 0)), inbox::PgParam(w)}, err)
                            : c.run(QStringLiteral("UPDATE %1.events SET status = 'done', "
                                                   "locked_by = NULL WHERE id = "
                                                   "ANY($1::bigint[]) AND locked_by = $2")
                                        .arg(scratch),
                                    {inbox::PgParam(idArray(*claimed)), inbox::PgParam(w)}, err);
        return ok ? claimed->rows() : -1;
    };
}

// A claim of up to `per` ($1 worker, $2 limit), then a complete of each ($1 id, $2 worker, and
// $3 the row's lock token when the claim returns one in its second column), every statement
// in a transaction of its own, as workers do.
Work PeerRun::claimThenComplete(const QString &claimSql, const QString &completeSql, int per)
{
    return [claimSql, completeSql, per](inbox::PgConnection &c, const QString &w,
                                        inbox::DbError *err) -> qint64 {
        const auto claimed = c.exec(claimSql, {inbox::PgParam(w), inbox::PgParam(per)}, err);
        if (!claimed)
            return -1;
        const bool tokens = claimed->columns() > 1;
        for (int r = 0; r < claimed->rows(); ++r) {
            QVector<inbox::PgParam> params{inbox::PgParam(claimed->toInt(r, 0)), inbox::PgParam(w)};
            if (tokens)
                params << inbox::PgParam(claimed->toInt(r, 1));
            if (!c.run(completeSql, params, err))
                return -1;
        }
        return claimed->rows();
    };
}

Work PeerRun::inboxWork(int per)
{
    return claimThenComplete(QStringLiteral("SELECT id, lock_token FROM inbox.claim($1, $2)"),
                             QStringLiteral("SELECT inbox.complete($1, $2, $3, NULL)"), per);
}

// claim(w, 10) + one complete_many, where the schema has it (0017).
qint64 PeerRun::inboxBatchWork(inbox::PgConnection &c, const QString &w, inbox::DbError *err)
{
    const auto claimed = c.exec(QStringLiteral("SELECT id, lock_token FROM inbox.claim($1, 10)"),
                                {inbox::PgParam(w)}, err);
    if (!claimed)
        return -1;
    if (claimed->rows() == 0)
        return 0;
    const auto done =
        c.exec(QStringLiteral("SELECT count(*) FILTER (WHERE completed) FROM "
                              "inbox.complete_many($1::bigint[], $2, $3::bigint[], NULL)"),
               {inbox::PgParam(idArray(*claimed)), inbox::PgParam(w),
                inbox::PgParam(idArray(*claimed, 1))},
               err);
    return done ? done->toInt(0, 0) : -1;
}

// The claim tables, one at a time and in tens (--workers), printed as one; topUp fills their
// backlogs before each round's claims.
void PeerRun::addClaimTables()
{
    const QVector<ClaimLadderStep> claimLadder = claimLadderSteps(scratch);
    inbox::DbError e;
    const auto hasCompleteMany =
        admin.exec(QStringLiteral("SELECT to_regprocedure('inbox.complete_many(bigint[], text, "
                                  "bigint[], jsonb[])') IS NOT NULL"),
                   &e);
    const bool completeMany = hasCompleteMany && hasCompleteMany->toBool(0, 0);
    for (const int per : {1, 10}) {
        Table t;
        t.title = per == 1 ? QStringLiteral("claim + complete, %1 workers, one at a time, "
                                            "from at least %2 queued")
                                 .arg(o.workers)
                                 .arg(kBacklog)
                           : QStringLiteral("claim + complete, %1 workers, in tens").arg(o.workers);
        t.unit = QStringLiteral("jobs/s");
        t.claims = true;
        t.systems << System{
            per == 1 ? QStringLiteral("peers_claim1_bare") : QStringLiteral("peers_claim10_bare"),
            per == 1 ? QStringLiteral("bare `SKIP LOCKED` + `UPDATE`, one at a time")
                     : QStringLiteral("bare, 10 at a time"),
            claiming(inboxDb, bareWork(per)),
            -1,
            {},
            {}};
        for (const ClaimLadderStep &step : claimLadder)
            t.systems << System{
                QStringLiteral("peers_claim%1_ladder_%2").arg(per).arg(step.name),
                step.label,
                claiming(inboxDb, claimThenComplete(step.claim, step.complete, per)),
                -1,
                {},
                {}};
        t.systems << System{
            per == 1 ? QStringLiteral("peers_claim1_gw_runner")
                     : QStringLiteral("peers_claim10_gw_local_queue"),
            per == 1 ? QStringLiteral("graphile-worker runner, concurrency %1").arg(o.workers)
                     : QStringLiteral("graphile-worker, local queue of 10"),
            gwRunner(per == 1 ? -1 : 10, -1),
            -1,
            {},
            {}};
        t.systems << System{per == 1 ? QStringLiteral("peers_claim1_inbox")
                                     : QStringLiteral("peers_claim10_inbox"),
                            per == 1 ? QStringLiteral("**`inbox.claim(w,1)` + `inbox.complete`**")
                                     : QStringLiteral("**`inbox.claim(w,10)` + 10 completes**"),
                            claiming(inboxDb, inboxWork(per)),
                            per == 1 ? 0.45 : 0.35,
                            {},
                            {}};
        if (per == 10 && completeMany)
            t.systems << System{QStringLiteral("peers_claim10_inbox_complete_many"),
                                QStringLiteral("**`inbox.claim(w,10)` + `inbox.complete_many`** "
                                               "(0017, not in the issue)"),
                                claiming(inboxDb, inboxBatchWork),
                                0.35,
                                {},
                                {}};
        // Not in the table: graphile-worker's own batching of completions
        // (completeJobBatchDelay 0), what complete_many is to the inbox.
        if (per == 10)
            t.systems << System{QStringLiteral("peers_claim10_gw_batched_complete"),
                                QStringLiteral("graphile-worker, local queue of 10 and "
                                               "`completeJobBatchDelay` 0"),
                                gwRunner(10, 0),
                                -1,
                                {},
                                {}};
        tables << t;
    }
}

// Tops the three claim backlogs up to kBacklog queued jobs; what each had before.
bool PeerRun::topUp(QJsonObject *had, QString *err)
{
    inbox::DbError te;
    const auto count = [&](inbox::PgConnection &c, const QString &sql) -> qint64 {
        const auto r = c.exec(sql, &te);
        return r && r->rows() == 1 ? r->toInt(0, 0) : -1;
    };
    const QByteArray payload = Deliveries::body(QStringLiteral("backlog"));
    const qint64 bare = count(admin, QStringLiteral("SELECT count(*) FROM %1.events WHERE "
                                                    "status = 'received'")
                                         .arg(scratch));
    const qint64 gw = count(gwAdmin, QStringLiteral("SELECT count(*) FROM "
                                                    "graphile_worker._private_jobs WHERE "
                                                    "locked_at IS NULL"));
    const qint64 inboxDue =
        count(admin, QStringLiteral("SELECT count(*) FROM inbox.event_queue WHERE status = "
                                    "'received' AND next_attempt_at <= now()"));
    if (bare < 0 || gw < 0 || inboxDue < 0) {
        *err = QStringLiteral("counting the backlogs: %1").arg(te.message);
        return false;
    }
    had->insert(QStringLiteral("bare"), double(bare));
    had->insert(QStringLiteral("graphile_worker"), double(gw));
    had->insert(QStringLiteral("inbox"), double(inboxDue));
    const QString tag = QStringLiteral("%1-backlog-%2").arg(runTag).arg(++measurement);
    bool ok = true;
    if (bare < kBacklog)
        ok = admin.run(QStringLiteral("INSERT INTO %1.events (source, external_id, body, "
                                      "content_type) SELECT $1, $2 || g, $3, "
                                      "'application/json' FROM generate_series(1, $4) g")
                           .arg(scratch),
                       {inbox::PgParam(source), inbox::PgParam(tag + QLatin1Char('-')),
                        inbox::PgParam::bytes(payload), inbox::PgParam(kBacklog - bare)},
                       &te);
    if (ok && gw < kBacklog)
        ok = gwAdmin.run(
            QStringLiteral("select count(*) from graphile_worker.add_jobs(array(select "
                           "json_populate_recordset(null::graphile_worker.job_spec, (select "
                           "json_agg(json_build_object('identifier', $1::text, 'payload', "
                           "$2::json)) from generate_series(1, $3) g))), false)"),
            {inbox::PgParam(task), inbox::PgParam(QString::fromUtf8(payload)),
             inbox::PgParam(kBacklog - gw)},
            &te);
    for (qint64 n = inboxDue; ok && n < kBacklog; n += 1000) {
        QStringList ids;
        QList<QByteArray> bodies;
        for (int i = 0; i < 1000; ++i) {
            ids << QStringLiteral("%1-%2-%3").arg(tag).arg(n).arg(i);
            bodies << Deliveries::body(ids.last());
        }
        ok = admin.run(QStringLiteral("SELECT count(*) FROM inbox.accept_many($1::text[], "
                                      "$2::text[], $3::bytea[])"),
                       {inbox::PgParam(textArray(QStringList(ids.size(), source))),
                        inbox::PgParam(textArray(ids)), inbox::PgParam(byteaArray(bodies))},
                       &te);
    }
    if (!ok) {
        *err = QStringLiteral("topping the backlogs up: %1").arg(te.message);
        return false;
    }
    return topUpClaimLadder(admin, scratch, kBacklog, tag, err);
}

// --rounds rounds; in each, every table's systems once, in an order rotated by the round, the
// claim tables' backlogs topped up first. Stops at the first failure.
bool PeerRun::measureRounds(QString *error)
{
    bool ok = true;
    started = QDateTime::currentDateTimeUtc();
    for (int r = 0; ok && r < rounds; ++r) {
        loads << loadAverage();
        std::fprintf(stderr, "  peers round %d of %d (load average %.2f)\n", r + 1, rounds,
                     loads.last());
        for (Table &t : tables) {
            if (t.claims && ok) {
                QJsonObject had;
                ok = topUp(&had, error);
                backlogs.append(had);
            }
            const int n = int(t.systems.size());
            for (int k = 0; ok && k < n; ++k) {
                System &s = t.systems[(k + r) % n];
                double rate = 0;
                QJsonObject extra;
                ok = s.measure(&rate, &extra, error);
                if (!ok) {
                    *error = QStringLiteral("%1: %2").arg(s.name, *error);
                    break;
                }
                s.rates << rate;
                extra.insert(QStringLiteral("load_average"), loadAverage());
                s.extras.append(extra);
                std::fprintf(stderr, "    %-34s %10.0f %s\n", qPrintable(s.name), rate,
                             qPrintable(t.unit));
            }
        }
    }
    loads << loadAverage();
    return ok;
}

// The figures (median of the rounds, ratio the median of the per-round ratios to the bare
// statement), and the tables in Markdown on stdout.
void PeerRun::report()
{
    const double loadMin = *std::min_element(loads.begin(), loads.end());
    const double loadMax = *std::max_element(loads.begin(), loads.end());
    QString md;
    QTextStream out(&md);
    out << QStringLiteral("peers stage, %1 UTC: PostgreSQL %2 (fsync=%3, synchronous_commit=%4, "
                          "shared_buffers=%5), node %6, graphile-worker %7, pg-boss %8; %9 "
                          "rounds of %10 s per system, alternating; load average %11-%12\n\n")
               .arg(started.toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                    serverSetting(admin, "server_version"), serverSetting(admin, "fsync"),
                    serverSetting(admin, "synchronous_commit"),
                    serverSetting(admin, "shared_buffers"),
                    versions.value(QStringLiteral("node")).toString(),
                    versions.value(QStringLiteral("graphile-worker")).toString(),
                    versions.value(QStringLiteral("pg-boss")).toString())
               .arg(rounds)
               .arg(o.ingestSeconds)
               .arg(loadMin, 0, 'f', 1)
               .arg(loadMax, 0, 'f', 1);
    for (int ti = 0; ti < tables.size(); ++ti) {
        Table &t = tables[ti];
        const QVector<double> &bare = t.systems.first().rates;
        // The claim tables print as one, as in the issue.
        if (ti != 3)
            out << QStringLiteral("\n| %1 | %2 (median) | ratio (median of rounds) | "
                                  "rounds |\n|---|---:|---:|---|\n")
                       .arg(t.title, t.unit);
        for (System &s : t.systems) {
            QVector<double> ratios;
            QJsonArray rates, bareRates, ratioArray;
            for (int r = 0; r < s.rates.size(); ++r) {
                const double ratio = bare.value(r) > 0 ? s.rates.at(r) / bare.at(r) : 0;
                ratios << ratio;
                rates.append(std::round(s.rates.at(r)));
                bareRates.append(std::round(bare.value(r)));
                ratioArray.append(std::round(ratio * 1000) / 1000);
            }
            const double ratio = median(ratios);
            Figure f;
            f.name = s.name;
            f.latency = false;
            f.value = median(s.rates);
            f.plainValue = median(bare);
            f.unit = t.unit;
            if (s.target > 0) {
                f.target = QStringLiteral(">= %1 of the bare statement, median of the rounds' "
                                          "ratios (issue 19)")
                               .arg(s.target);
                f.met = ratio >= s.target;
            } else {
                f.target = QStringLiteral("none (a peer or the bare statement)");
                f.met = true;
            }
            f.extra.insert(QStringLiteral("ratio_median_of_rounds"),
                           std::round(ratio * 1000) / 1000);
            f.extra.insert(QStringLiteral("rounds"), rates);
            f.extra.insert(QStringLiteral("bare_rounds"), bareRates);
            f.extra.insert(QStringLiteral("ratio_rounds"), ratioArray);
            f.extra.insert(QStringLiteral("runs"), s.extras);
            f.extra.insert(QStringLiteral("seconds"), o.ingestSeconds);
            f.extra.insert(QStringLiteral("table"), t.title);
            f.extra.insert(QStringLiteral("versions"), versions);
            f.extra.insert(QStringLiteral("load_average_min"), loadMin);
            f.extra.insert(QStringLiteral("load_average_max"), loadMax);
            if (t.claims)
                f.extra.insert(QStringLiteral("backlogs_before_rounds"), backlogs);
            for (const QJsonValue v : s.extras) {
                if (v.toObject().value(QStringLiteral("empty_claims")).toDouble() > 0)
                    f.note = QStringLiteral("the queue ran dry in a round (empty claims)");
            }
            *figures << f;
            QStringList perRound;
            for (const double v : s.rates)
                perRound << QString::number(v, 'f', 0);
            out << QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                       .arg(s.label, QString::number(f.value, 'f', 0),
                            QString::number(ratio, 'f', 2), perRound.join(QStringLiteral(", ")));
        }
    }
    std::fprintf(stdout, "%s\n", qPrintable(md));
    std::fflush(stdout);
}

// Leave the server as it was found.
void PeerRun::cleanUp()
{
    inbox::DbError e;
    admin.run(QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE").arg(scratch), &e);
    gwAdmin.close();
    for (const char *db : {kGwDb, kBossDb})
        admin.run(
            QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(QString::fromLatin1(db)),
            &e);
    if (!o.keepIngest) {
        std::fprintf(stderr, "  removing the events the peers stage accepted ...\n");
        if (!admin.run(QStringLiteral("DELETE FROM inbox.events WHERE source = $1"),
                       {inbox::PgParam(kSource)}, &e))
            std::fprintf(stderr, "  could not remove them: %s\n", qPrintable(e.message));
    }
}

} // namespace

bool runPeerFigures(const Options &o, inbox::PgConnection &admin, QVector<Figure> *figures,
                    QString *error)
{
    PeerRun peers(o, admin, figures);
    return peers.run(error);
}

} // namespace bench
