#include "bulkfill.h"

#include "db/pgconnection.h"
#include "db/sqlparams.h"
#include "history.h"
#include "rng.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QRegularExpression>

#include <atomic>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace inbox::sim {

namespace {

// SQL with named parameters ${name}, turned into $1, $2... in order of first use.
class Statement final
{
public:
    explicit Statement(QString sql) : m_sql(std::move(sql)) {}
    Statement &bind(const QString &name, const PgParam &value)
    {
        m_values.insert(name, value);
        return *this;
    }
    bool exec(PgConnection &db, DbError *error, std::optional<PgRows> *rows = nullptr) const
    {
        static const QRegularExpression token(QStringLiteral("\\$\\{([a-z_0-9]+)\\}"));
        QString sql;
        QVector<PgParam> params;
        QHash<QString, int> index;
        qsizetype last = 0;
        for (auto it = token.globalMatch(m_sql); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            const QString name = m.captured(1);
            if (!index.contains(name)) {
                if (!m_values.contains(name)) {
                    if (error)
                        *error =
                            DbError::plain(QStringLiteral("internal: unbound ${%1}").arg(name));
                    return false;
                }
                params << m_values.value(name);
                index.insert(name, int(params.size()));
            }
            sql += m_sql.mid(last, m.capturedStart() - last) + QLatin1Char('$') +
                   QString::number(index.value(name));
            last = m.capturedEnd();
        }
        sql += m_sql.mid(last);
        if (qEnvironmentVariableIsSet("INBOX_SIM_DUMP")) {
            // Diagnostics: the statement as psql's PREPARE/EXECUTE would take it.
            QFile dump(qEnvironmentVariable("INBOX_SIM_DUMP"));
            if (dump.open(QIODevice::Append)) {
                QStringList values;
                for (const PgParam &p : params)
                    values << (p.isNull() ? QStringLiteral("NULL")
                                          : QLatin1Char('\'') +
                                                QString::fromUtf8(p.value()).replace(
                                                    QLatin1Char('\''), QStringLiteral("''")) +
                                                QLatin1Char('\''));
                dump.write((QStringLiteral("PREPARE s AS ") + sql +
                            QStringLiteral(";\nEXPLAIN (ANALYZE, COSTS OFF) EXECUTE s(") +
                            values.join(QStringLiteral(", ")) +
                            QStringLiteral(");\nDEALLOCATE s;\n"))
                               .toUtf8());
            }
        }
        std::optional<PgRows> r = db.exec(sql, params, error);
        const bool ok = r.has_value();
        if (rows)
            *rows = std::move(r);
        return ok;
    }

private:
    QString m_sql;
    QHash<QString, PgParam> m_values;
};

// A step's SQL, embedded from resources/sim/bulkfill (app/inbox-sim/CMakeLists.txt).
QString sqlFile(const char *name)
{
    QFile file(QStringLiteral(":/sim/bulkfill/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("inbox-sim: the embedded %s is missing", name);
    return QString::fromUtf8(file.readAll());
}

QString numberArray(const QVector<qint64> &items)
{
    QStringList parts;
    for (const qint64 v : items)
        parts << QString::number(v);
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

bool runScript(PgConnection &db, const QString &script, const QHash<QString, PgParam> &bindings,
               DbError *error)
{
    for (const QString &piece : script.split(QStringLiteral(";\n"), Qt::SkipEmptyParts)) {
        if (piece.trimmed().isEmpty())
            continue;
        Statement st(piece);
        for (auto it = bindings.cbegin(); it != bindings.cend(); ++it)
            st.bind(it.key(), it.value());
        if (!st.exec(db, error))
            return false;
    }
    return true;
}

PastConfig pastConfig(const FillRequest &request, double now, qint64 firstEvent)
{
    PastConfig pc;
    pc.events = request.events;
    pc.days = request.days;
    pc.now = now;
    // The fills' own range of external-id numbers, from the event ids this fill took from the
    // sequence (fills are serialised by their table locks): never the same for two fills, even
    // started in the same second, and the same for the same --seed on an empty database. Below
    // the range of the clock-based bases of earlier fills (10^13 and up in 2026).
    pc.idBase = 1000000000000LL + firstEvent;
    Rng rng(request.seed);
    pc.personSeed = rng.between(0, 999999999);
    pc.offices = qMax<qint64>(40, request.events / 600);
    QDateTime incident = QDateTime::fromSecsSinceEpoch(qint64(now), Qt::UTC)
                             .addDays(-qMin(4, qMax(0, int(request.days) - 1)));
    incident.setTime(QTime(11, 0)); // 14:00 in Moscow: the receiver was slow that afternoon
    pc.incidentFrom = double(incident.toSecsSinceEpoch());
    pc.incidentTo = pc.incidentFrom + 9000;
    pc.firstEventId = firstEvent;
    return pc;
}

// One chunk's rows into the five tables.
bool copyChunk(PgConnection &db, const PastChunk &c, const QString &copyOptions, DbError *error)
{
    return db.copyIn(
               QStringLiteral("COPY inbox.events (id, source, external_id, idempotency_key, kind, "
                              "status, attempts, max_attempts, last_error, error_retryable, "
                              "occurred_at, received_at, deliveries, last_delivery_at, "
                              "next_attempt_at, locked_by, locked_at, done_at, result, "
                              "needs_review, body, content_type, fingerprint)") +
                   copyOptions,
               c.events, error) &&
           // Never FREEZE: PostgreSQL 15 cannot COPY FREEZE into a partitioned table (0034).
           db.copyIn(QStringLiteral(
                         "COPY inbox.journal (id, event_id, at, entry, actor, detail, by_person)"
                         " FROM STDIN (FORMAT binary)"),
                     c.journal, error) &&
           db.copyIn(QStringLiteral(
                         "COPY inbox.actions (id, event_id, kind, operation_key, state, result, "
                         "begun, started_at, finished_at)") +
                         copyOptions,
                     c.actions, error) &&
           db.copyIn(QStringLiteral(
                         "COPY inbox.leads (id, event_id, source, external_id, created_at, name, "
                         "phone_raw, phone_norm, email_raw, email_norm, channel, summary, "
                         "deal_ref, deal_open)") +
                         copyOptions,
                     c.leads, error) &&
           (c.nConflicts == 0 ||
            db.copyIn(QStringLiteral("COPY inbox.conflict_bodies (id, event_id, at, fingerprint, "
                                     "content_type, body)") +
                          copyOptions,
                      c.conflicts, error));
}

// What a chunk adds to the report and to the counters.
void addChunk(const PastChunk &c, FillReport *report, QHash<QString, PastChunk::Daily> *dailyIn,
              QHash<QString, qint64> *statusIn)
{
    FillReport &out = *report;
    QHash<QString, PastChunk::Daily> &daily = *dailyIn;
    QHash<QString, qint64> &status = *statusIn;
    out.events += c.nEvents;
    out.journal += c.nJournal;
    out.actions += c.nActions;
    out.leads += c.nLeads;
    out.conflicts += c.nConflicts;
    for (auto it = c.daily.cbegin(); it != c.daily.cend(); ++it) {
        PastChunk::Daily &d = daily[it.key()];
        d.received += it->received;
        d.repeats += it->repeats;
        d.conflicts += it->conflicts;
        d.done += it->done;
        d.failed += it->failed;
        d.requeued += it->requeued;
    }
    for (auto it = c.status.cbegin(); it != c.status.cend(); ++it)
        status[it.key()] += it.value();
}

// Counters, as _bump_daily and the status trigger would have kept them; the queue rows; the
// sequences after the ids taken.
bool writeCounters(PgConnection &db, const QHash<QString, PastChunk::Daily> &daily,
                   const QHash<QString, qint64> &status, qint64 firstEvent, qint64 events,
                   const Past &past, DbError *error)
{
    QStringList days, dailySources;
    QVector<qint64> received, repeats, conflicts, doneCount, failed, requeued;
    for (auto it = daily.cbegin(); it != daily.cend(); ++it) {
        days << it.key().section(QLatin1Char('\t'), 0, 0);
        dailySources << it.key().section(QLatin1Char('\t'), 1, 1);
        received << it->received;
        repeats << it->repeats;
        conflicts << it->conflicts;
        doneCount << it->done;
        failed << it->failed;
        requeued << it->requeued;
    }
    QStringList statusSources, statuses;
    QVector<qint64> counts;
    for (auto it = status.cbegin(); it != status.cend(); ++it) {
        statusSources << it.key().section(QLatin1Char('\t'), 0, 0);
        statuses << it.key().section(QLatin1Char('\t'), 1, 1);
        counts << it.value();
    }
    return db.run(QStringLiteral(
                      "INSERT INTO inbox.daily_stats AS d (day, source, shard, received, repeats, "
                      "conflicts, done, failed, requeued) "
                      "SELECT x.day, x.source, 0, x.received, x.repeats, x.conflicts, x.done, "
                      "x.failed, "
                      "x.requeued FROM unnest($1::date[], $2::text[], $3::bigint[], $4::bigint[], "
                      "$5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[]) "
                      "AS x(day, source, received, repeats, conflicts, done, failed, requeued)"),
                  {sql::textArray(days), sql::textArray(dailySources), numberArray(received),
                   numberArray(repeats), numberArray(conflicts), numberArray(doneCount),
                   numberArray(failed), numberArray(requeued)},
                  error) &&
           db.run(QStringLiteral(
                      "INSERT INTO inbox.status_counts AS c (source, status, shard, n) "
                      "SELECT x.source, x.status, 0, x.n "
                      "FROM unnest($1::text[], $2::text[], $3::bigint[]) AS x(source, status, n)"),
                  {sql::textArray(statusSources), sql::textArray(statuses), numberArray(counts)},
                  error) &&
           // The queue rows of the events that are not done (the triggers that write them are
           // off for the fill).
           db.run(QStringLiteral(
                      "INSERT INTO inbox.event_queue (id, source, status, received_at, "
                      "next_attempt_at, locked_at) SELECT e.id, e.source, e.status, e.received_at, "
                      "e.next_attempt_at, e.locked_at FROM inbox.events e "
                      "WHERE e.id >= $1 AND e.status <> 'done'"),
                  {firstEvent}, error) &&
           // The sequences continue after the ids taken here.
           // (is_called = false: the next nextval returns exactly the value given, even when
           // no id of a kind was taken).
           db.run(QStringLiteral("SELECT setval('inbox.events_id_seq', $1, false), "
                                 "setval('inbox.journal_id_seq', $2, false), "
                                 "setval('inbox.actions_id_seq', $3, false), "
                                 "setval('inbox.leads_id_seq', $4, false), "
                                 "setval('inbox.conflict_bodies_id_seq', $5, false)"),
                  {firstEvent + events, qint64(past.nextJournal), qint64(past.nextAction),
                   qint64(past.nextLead), qint64(past.nextConflict)},
                  error);
}

// One fill, phase by phase, in the order the statements run: the role check, the lock (and
// the truncation of empty tables), the ids, the indexes dropped, the rows streamed, the
// counters, the candidate pairs and decisions, the indexes rebuilt and the commit. State
// that one phase leaves for a later one is kept in members, so each phase reads as a step.
class FillRun final
{
public:
    FillRun(const FillRequest &request, DbError *error,
            const std::function<void(const QString &)> &progress)
        : m_request(request), m_error(error), m_progress(progress)
    {
        m_clock.start();
    }
    Q_DISABLE_COPY_MOVE(FillRun)

    bool run(FillReport *report)
    {
        if (!connect() || !lockAndTruncate() || !makeJournalDays() || !takeIds() ||
            !dropIndexes() || !streamChunks() ||
            !writeCounters(m_db, m_daily, m_status, m_firstEvent, m_request.events, *m_past,
                           &m_e) ||
            !pairsAndDecisions() || !rebuildAndCommit())
            return fail(m_e);
        // Fresh statistics of every table written: the console's estimates read
        // pg_class.reltuples, and a table left to autovacuum keeps no statistics for up to a
        // minute after the fill (the queue's gave the failed events' first page at 10M a
        // 250-ms plan instead of 2 ms until autovacuum came).
        if (!m_db.run(QStringLiteral(
                          "ANALYZE inbox.events, inbox.event_queue, inbox.journal, inbox.actions, "
                          "inbox.leads, inbox.conflict_bodies, inbox.duplicate_candidates, "
                          "inbox.daily_stats, inbox.status_counts"),
                      &m_e))
            return fail(m_e);
        m_out.seconds = double(m_clock.elapsed()) / 1000.0;
        if (report)
            *report = m_out;
        return true;
    }

private:
    void say(const QString &line) const
    {
        if (m_progress)
            m_progress(line);
    }

    bool fail(const DbError &err)
    {
        if (m_error)
            *m_error = err;
        DbError ignored;
        m_db.run(QStringLiteral("ROLLBACK"), &ignored);
        return false;
    }

    // Who are we. The tables are written directly, which only their owner (or a superuser)
    // may do. A superuser (or a role allowed to set it) writes with triggers and foreign-key
    // checks off (session_replication_role = replica): the rows are consistent by
    // construction and the fill writes the status counters itself. Otherwise the status
    // trigger alone is disabled, inside the transaction.
    bool connect()
    {
        if (!m_db.connect(m_request.conninfo, QStringLiteral("inbox-sim fill"), &m_e))
            return false;
        const std::optional<PgRows> who = m_db.exec(
            QStringLiteral(
                "SELECT current_setting('is_superuser') = 'on' "
                "       OR has_parameter_privilege(current_user, 'session_replication_role', "
                "'SET'), "
                "       pg_has_role(current_user, (SELECT nspowner FROM pg_namespace "
                "                                   WHERE nspname = 'inbox'), 'USAGE'), "
                "       extract(epoch FROM now()), "
                "       (SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = "
                "'inbox.events'::regclass)"),
            &m_e);
        if (!who)
            return false;
        m_replica = who->toBool(0, 0);
        const bool owner = who->toBool(0, 1);
        m_now = m_request.now > 0 ? m_request.now : who->text(0, 2).toDouble();
        m_existing = who->toInt(0, 3);
        if (!owner && !m_replica) {
            m_e = DbError::plain(QStringLiteral(
                "--history and --bulk write the inbox tables directly and need the schema owner "
                "(connect as the role that ran the migrations, e.g. user=postgres)"));
            return false;
        }
        m_out.bypassedTriggers = m_replica;
        return true;
    }

    // The transaction, its settings and its table locks; empty tables truncated.
    bool lockAndTruncate()
    {
        // A load bigger than what is there: the secondary indexes are dropped and rebuilt at
        // the end (building an index once is far cheaper than updating it for every row).
        // Inside this one transaction: if anything fails, the indexes are back as they were.
        bool ok = true;
        const qint64 rebuildMin =
            qEnvironmentVariableIsSet("INBOX_SIM_REBUILD_MIN")
                ? qEnvironmentVariable("INBOX_SIM_REBUILD_MIN").toLongLong(&ok)
                : 200000;
        m_out.rebuiltIndexes =
            ok && m_request.events >= rebuildMin && m_request.events > m_existing / 2;
        if (!m_db.run(settings(), &m_e))
            return false;
        // Into empty tables (the demo's and the benchmark's first fill): TRUNCATE them, which
        // loses nothing, so that COPY may write the rows already frozen (no later rewrite of
        // every page to set hint bits or to freeze) and, on a server with wal_level =
        // minimal, without WAL. Only when every table of the fill is empty: a journal with
        // entries of pruned events is not touched.
        if (m_out.rebuiltIndexes) {
            const std::optional<PgRows> empty = m_db.exec(sqlFile("all_empty.sql"), &m_e);
            if (!empty)
                return false;
            m_out.frozen = empty->toBool(0, 0);
            if (m_out.frozen && !m_db.run(QStringLiteral("TRUNCATE inbox.events, inbox.journal, "
                                                         "inbox.actions, inbox.leads, "
                                                         "inbox.conflict_bodies, "
                                                         "inbox.duplicate_candidates, "
                                                         "inbox.event_queue, "
                                                         "inbox.delivery_attempts"),
                                          &m_e))
                return false;
            if (m_out.frozen)
                say(QStringLiteral("fill: the tables are empty: truncated, rows written frozen"));
        }
        m_copyOptions = m_out.frozen ? QStringLiteral(" FROM STDIN (FORMAT binary, FREEZE)")
                                     : QStringLiteral(" FROM STDIN (FORMAT binary)");
        return true;
    }

    QString settings() const
    {
        // Index builds use a second core (parallel btree builds) while no row is being
        // composed. The candidate pairs hash the shared contacts and their leads (tens of MB
        // at a million events); the memory is there for ten times that.
        QString sql = QStringLiteral("BEGIN; SET LOCAL jit = off; SET LOCAL work_mem = '1GB'; "
                                     "SET LOCAL maintenance_work_mem = '1GB'; "
                                     "SET LOCAL max_parallel_maintenance_workers = 2; "
                                     "SET LOCAL synchronous_commit = off; ");
        // The fill writes the status counters and the queue rows itself: the triggers that
        // would are off (all of them, so that a trigger added later cannot be forgotten here).
        sql += m_replica ? QStringLiteral("SET LOCAL session_replication_role = replica; ")
                         : QStringLiteral("ALTER TABLE inbox.events DISABLE TRIGGER USER; ");
        // Writers wait until the fill commits (readers do not, unless the indexes are
        // rebuilt): the ids below are taken from the sequences in blocks.
        sql += m_out.rebuiltIndexes
                   ? QStringLiteral("LOCK TABLE inbox.events, inbox.journal, inbox.actions, "
                                    "inbox.leads, inbox.conflict_bodies, "
                                    "inbox.duplicate_candidates IN ACCESS EXCLUSIVE MODE")
                   : QStringLiteral("LOCK TABLE inbox.events, inbox.journal, inbox.actions, "
                                    "inbox.leads, inbox.conflict_bodies, "
                                    "inbox.duplicate_candidates IN SHARE ROW EXCLUSIVE MODE");
        return sql;
    }

    // The journal's day partitions (0034) for every day the fill writes, so that its entries
    // land in days prune can drop whole rather than in the default partition.
    bool makeJournalDays()
    {
        return m_db.run(QStringLiteral("SELECT inbox.journal_partitions_ensure("
                                       "(now() AT TIME ZONE 'UTC')::date - %1, NULL)")
                            .arg(int(std::ceil(m_request.days)) + 1),
                        &m_e);
    }

    // The first id of each kind this fill writes.
    bool takeIds()
    {
        const std::optional<PgRows> seqs =
            m_db.exec(QStringLiteral(
                          "SELECT nextval('inbox.events_id_seq'), nextval('inbox.journal_id_seq'), "
                          "nextval('inbox.actions_id_seq'), nextval('inbox.leads_id_seq'), "
                          "nextval('inbox.conflict_bodies_id_seq'), "
                          "(SELECT coalesce(max(id), 0) FROM inbox.duplicate_candidates)"),
                      &m_e);
        if (!seqs)
            return false;
        m_firstEvent = seqs->toInt(0, 0);
        m_firstJournal = seqs->toInt(0, 1);
        m_firstAction = seqs->toInt(0, 2);
        m_firstLead = seqs->toInt(0, 3);
        m_firstConflict = seqs->toInt(0, 4);
        m_leadFrom = m_firstLead - 1;
        m_candidateFrom = seqs->toInt(0, 5);
        return true;
    }

    // Rebuilt before the candidate pairs: the contact indexes their query reads. Everything
    // else is rebuilt after the pairs, the decisions and their journal entries are written,
    // so those rows go into the indexes' bulk build rather than one by one.
    bool dropIndexes()
    {
        if (!m_out.rebuiltIndexes)
            return true;
        const QStringList pairIndexes = {QStringLiteral("leads.leads_phone_idx"),
                                         QStringLiteral("leads.leads_email_idx")};
        const std::optional<PgRows> idx = m_db.exec(sqlFile("indexes.sql"), &m_e);
        if (!idx)
            return false;
        QStringList names;
        for (int r = 0; r < idx->rows(); ++r) {
            if (!m_db.run(idx->text(r, 0), &m_e))
                return false;
            (pairIndexes.contains(idx->text(r, 2)) ? m_recreateFirst : m_recreate)
                << idx->text(r, 1);
            names << idx->text(r, 2);
        }
        say(QStringLiteral("fill: %1 events into a table of ~%2: %3 indexes and keys dropped, "
                           "rebuilt at the end (%4)")
                .arg(m_request.events)
                .arg(m_existing)
                .arg(names.size())
                .arg(names.join(QStringLiteral(", "))));
        return true;
    }

    // Generator threads compose chunks; this thread streams them into the tables.
    bool streamChunks()
    {
        m_past = std::make_unique<Past>(pastConfig(m_request, m_now, m_firstEvent));
        m_past->nextJournal = m_firstJournal;
        m_past->nextAction = m_firstAction;
        m_past->nextLead = m_firstLead;
        m_past->nextConflict = m_firstConflict;
        m_chunks = (m_request.events + kChunkSize - 1) / kChunkSize;
        startGenerators();
        qint64 lastReport = 0;
        for (qint64 done = 0; done < m_chunks; ++done) {
            const PastChunk c = takeReady();
            if (!copyChunk(m_db, c, m_copyOptions, &m_e)) {
                stopGenerators();
                return false;
            }
            addChunk(c, &m_out, &m_daily, &m_status);
            if (m_out.events - lastReport >= 200000 || done + 1 == m_chunks) {
                lastReport = m_out.events;
                say(QStringLiteral(
                        "fill: %1 of %2 events, %3 journal entries, %4 actions, %5 leads (%6 s)")
                        .arg(m_out.events)
                        .arg(m_request.events)
                        .arg(m_out.journal)
                        .arg(m_out.actions)
                        .arg(m_out.leads)
                        .arg(double(m_clock.elapsed()) / 1000.0, 0, 'f', 1));
            }
        }
        stopGenerators();
        m_out.loadSeconds = double(m_clock.elapsed()) / 1000.0;
        return true;
    }

    void startGenerators()
    {
        const int generators = qBound(1, m_request.sessions, 8);
        for (int i = 0; i < generators; ++i)
            m_threads.emplace_back([this] { generate(); });
    }

    // A generator thread. A chunk's seed depends on the chunk only, not on the thread that
    // happens to take it: the same --seed gives the same statuses, kinds and counts again
    // (on an empty database the same ids and external ids too; times follow the clock).
    void generate()
    {
        while (!m_stop) {
            const qint64 n = m_nextChunk.fetch_add(1);
            if (n >= m_chunks)
                return;
            const qint64 from = n * kChunkSize;
            PastChunk c = m_past->chunk(from, qMin(m_request.events, from + kChunkSize),
                                        m_request.seed * 1000003ULL + quint64(n) * 7919ULL);
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [&] { return m_stop || m_ready.size() < 3; });
            if (m_stop)
                return;
            m_ready.push_back(std::move(c));
            m_changed.notify_all();
        }
    }

    PastChunk takeReady()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return !m_ready.empty(); });
        PastChunk c = std::move(m_ready.front());
        m_ready.pop_front();
        m_changed.notify_all();
        return c;
    }

    void stopGenerators()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_changed.notify_all();
        for (std::thread &t : m_threads)
            t.join();
        m_threads.clear();
    }

    bool rebuild(const QStringList &statements)
    {
        for (const QString &sql : statements) {
            QElapsedTimer t;
            t.start();
            if (!m_db.run(sql, &m_e))
                return false;
            m_indexSeconds += double(t.elapsed()) / 1000.0;
            say(QStringLiteral("fill: %1 (%2 s)")
                    .arg(sql.left(100))
                    .arg(double(t.elapsed()) / 1000.0, 0, 'f', 1));
        }
        return true;
    }

    // Possible duplicates among the new leads (record_lead's rules), then a manager's
    // decisions on the older pairs.
    bool pairsAndDecisions()
    {
        if (!rebuild(m_recreateFirst))
            return false;
        QElapsedTimer tail;
        tail.start();
        QHash<QString, PgParam> b;
        b.insert(QStringLiteral("lead_from"), m_leadFrom);
        b.insert(QStringLiteral("candidate_from"), m_candidateFrom);
        b.insert(QStringLiteral("now"), m_now);
        b.insert(QStringLiteral("integration"), QStringLiteral("integration"));
        b.insert(QStringLiteral("manager"), QStringLiteral("olga.manager"));
        // The manager's choices are drawn from --seed (02_decide.sql), not from random().
        b.insert(QStringLiteral("seed"), qint64(m_request.seed % 2147483647ULL));
        Statement st(sqlFile("01_candidates.sql"));
        for (auto it = b.cbegin(); it != b.cend(); ++it)
            st.bind(it.key(), it.value());
        std::optional<PgRows> r;
        if (!st.exec(m_db, &m_e, &r))
            return false;
        m_out.candidates = r->affected();
        const double pairSeconds = double(tail.elapsed()) / 1000.0;
        if (!runScript(m_db, sqlFile("02_decide.sql"), b, &m_e) ||
            !runScript(m_db, sqlFile("03_decide_apply.sql"), b, &m_e) ||
            (m_replica && !runScript(m_db, sqlFile("04_open_count.sql"), b, &m_e)))
            return false;
        say(QStringLiteral("fill: %1 duplicate candidates flagged (%2 s), a manager's decisions "
                           "(%3 s)")
                .arg(m_out.candidates)
                .arg(pairSeconds, 0, 'f', 1)
                .arg(double(tail.elapsed()) / 1000.0 - pairSeconds, 0, 'f', 1));
        return true;
    }

    // The other indexes and keys, the triggers back on, the screens told, the commit.
    bool rebuildAndCommit()
    {
        if (!rebuild(m_recreate))
            return false;
        if (m_out.rebuiltIndexes)
            say(QStringLiteral("fill: %1 indexes and keys rebuilt (%2 s)")
                    .arg(m_recreateFirst.size() + m_recreate.size())
                    .arg(m_indexSeconds, 0, 'f', 1));
        return (m_replica ||
                m_db.run(QStringLiteral("ALTER TABLE inbox.events ENABLE TRIGGER USER"), &m_e)) &&
               m_db.run(QStringLiteral("SELECT inbox._notify('events'), inbox._notify('leads'), "
                                       "inbox._notify('duplicates')"),
                        &m_e) &&
               m_db.run(QStringLiteral("COMMIT"), &m_e);
    }

    static constexpr qint64 kChunkSize = 20000;

    const FillRequest &m_request;
    DbError *m_error;
    const std::function<void(const QString &)> m_progress;
    QElapsedTimer m_clock;
    PgConnection m_db;
    DbError m_e;
    FillReport m_out;

    // From the role check and the lock.
    bool m_replica = false;
    double m_now = 0;
    qint64 m_existing = 0;
    QString m_copyOptions;

    // The ids this fill starts from.
    qint64 m_firstEvent = 0, m_firstJournal = 0, m_firstAction = 0, m_firstLead = 0,
           m_firstConflict = 0, m_leadFrom = 0, m_candidateFrom = 0;

    // The dropped indexes' statements: the pairs' contact indexes first, the rest last.
    QStringList m_recreateFirst, m_recreate;
    double m_indexSeconds = 0;

    // The rows: the generators' shared state, and what the chunks add to the counters.
    std::unique_ptr<Past> m_past;
    qint64 m_chunks = 0;
    std::atomic<qint64> m_nextChunk{0};
    std::atomic<bool> m_stop{false};
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<PastChunk> m_ready;
    std::vector<std::thread> m_threads;
    QHash<QString, PastChunk::Daily> m_daily;
    QHash<QString, qint64> m_status;
};

} // namespace

bool BulkFill::run(const FillRequest &request, FillReport *report, DbError *error,
                   const std::function<void(const QString &)> &progress)
{
    if (request.events <= 0 || request.days <= 0) {
        if (error)
            *error = DbError::plain(QStringLiteral("nothing to fill"));
        return false;
    }
    FillRun fill(request, error, progress);
    return fill.run(report);
}

std::optional<bool> BulkFill::isEmpty(PgConnection &db, DbError *error)
{
    const std::optional<PgRows> r =
        db.exec(QStringLiteral("SELECT NOT EXISTS (SELECT 1 FROM inbox.events)"), error);
    if (!r)
        return std::nullopt;
    return r->toBool(0, 0);
}

} // namespace inbox::sim
