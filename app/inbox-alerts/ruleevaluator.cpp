#include "ruleevaluator.h"

#include "db/pgexec.h"
#include "overview/healthrule.h"
#include "overview/overviewdata.h"
#include "support/logging.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace inbox::alerts {

namespace {

constexpr int kDays = 15;             // today and the 14 days a baseline may use
constexpr int kLookbackMinutes = 15;  // failures before a first start that still count
constexpr qint64 kReadChunk = 200000; // journal ids one statement reads past journal_to
constexpr int kMaxGaps = 10000;       // journal gaps kept in memory
constexpr int kKeptGaps = 100;        // of them, kept in a summary for a restart (8000 bytes)

struct Rule
{
    qint64 id = 0;
    QString name;
    QString kind;
    QJsonObject params;
    QStringList sources; // empty: all
    bool covers(const QString &source) const
    {
        return sources.isEmpty() || sources.contains(source);
    }
};

struct OpenEpisode
{
    QString scope;
    int messageNo = 0;
    double quietS = 0; // since the last pass that found the condition true
};

struct FailedGroup
{
    QString source;
    QString group;
    int count = 0;
    QJsonArray events; // the first five
};

BaselineRule baselineOf(const QJsonObject &p)
{
    BaselineRule r;
    r.factor = p.value(QLatin1String("factor")).toDouble(r.factor);
    r.minRise = p.value(QLatin1String("min_rise")).toDouble(r.minRise);
    r.minVolume = qint64(p.value(QLatin1String("min_volume")).toDouble(double(r.minVolume)));
    r.minBaselineDays = p.value(QLatin1String("min_baseline_days")).toInt(r.minBaselineDays);
    r.ceiling = p.value(QLatin1String("ceiling")).toDouble(r.ceiling);
    return r;
}

double round4(double v)
{
    return std::round(v * 10000.0) / 10000.0;
}

// The failed entries of journal_pkey ranges, in one snapshot: the ids after $1 (at most $3 of
// them) and the gaps $2 ([[from, to, until], ...]). Returns the last id read, the snapshot's
// xmin and xmax, the ids of those ranges still missing as gaps (each with its until; 0 for a
// new one), and the failures per source and error group with their first five events (the
// source by one events_pkey probe each).
const char *const kFailedSql =
    "WITH snap AS MATERIALIZED (SELECT pg_snapshot_xmin(s)::text::bigint AS xmin,"
    " pg_snapshot_xmax(s)::text::bigint AS xmax FROM pg_current_snapshot() s),"
    " top AS MATERIALIZED (SELECT least(coalesce((SELECT max(id) FROM inbox.journal), $1),"
    " $1 + $3) AS m),"
    " cand AS MATERIALIZED (SELECT row_number() OVER () AS k, lo, hi, until FROM ("
    "  SELECT (g ->> 0)::bigint AS lo, (g ->> 1)::bigint AS hi, (g ->> 2)::bigint AS until"
    "  FROM jsonb_array_elements($2::jsonb) g"
    "  UNION ALL SELECT $1 + 1, m, 0 FROM top WHERE m > $1) c),"
    " seen AS MATERIALIZED (SELECT c.k, j.id, CASE WHEN j.entry = 'failed' THEN j.event_id END"
    "  AS ev, CASE WHEN j.entry = 'failed' THEN coalesce(nullif(btrim(left(split_part("
    "  j.detail ->> 'error', ':', 1), 80)), ''), j.detail ->> 'reason', 'failed') END AS grp"
    "  FROM cand c JOIN inbox.journal j ON j.id >= c.lo AND j.id <= c.hi),"
    " fails AS (SELECT (SELECT e.source FROM inbox.events e WHERE e.id = s.ev) AS source, s.grp,"
    "  count(*) AS n, (array_agg(s.ev ORDER BY s.id))[1:5] AS ev"
    "  FROM seen s WHERE s.grp IS NOT NULL GROUP BY 1, 2),"
    " gaps AS (SELECT lower(r) AS lo, upper(r) - 1 AS hi, c.until FROM cand c"
    "  LEFT JOIN (SELECT k, range_agg(int8range(id, id, '[]')) AS got FROM seen GROUP BY k) g"
    "  USING (k) CROSS JOIN LATERAL unnest(int8multirange(int8range(c.lo, c.hi, '[]'))"
    "  - coalesce(g.got, '{}'::int8multirange)) r)"
    " SELECT (SELECT m FROM top), (SELECT xmin FROM snap), (SELECT xmax FROM snap),"
    " (SELECT coalesce(jsonb_agg(jsonb_build_array(lo, hi, until) ORDER BY lo), '[]')"
    "  FROM gaps)::text,"
    " (SELECT coalesce(jsonb_agg(jsonb_build_array(source, grp, n, ev)), '[]') FROM fails)::text";

using Gap = FailedCursor::Gap;

QJsonArray gapsToJson(const QVector<Gap> &gaps)
{
    QJsonArray a;
    for (const Gap &g : gaps)
        a.append(QJsonArray{g.from, g.to, g.until});
    return a;
}

QVector<Gap> gapsFromJson(const QJsonArray &a)
{
    QVector<Gap> gaps;
    for (const QJsonValue &v : a) {
        const QJsonArray g = v.toArray();
        if (g.size() == 3)
            gaps.append({qint64(g.at(0).toDouble()), qint64(g.at(1).toDouble()),
                         qint64(g.at(2).toDouble())});
    }
    return gaps;
}

// One pass's statements on the evaluator's connection: the first error ends the pass and is
// its result.
struct Pass
{
    PgConnection &connection;
    EvaluationResult result;

    bool run(const Query &q, Rows *rows)
    {
        DbError error;
        if (execParams(connection.raw(), q, rows, &error))
            return true;
        fail(error.oneLine());
        return false;
    }
    void fail(const QString &why)
    {
        result.ok = false;
        result.error = why;
    }
};

// What the failed rules read in one pass: the groups, how far the journal was read, and the
// gaps still open below that.
struct FailedRead
{
    QVector<FailedGroup> groups;
    FailedCursor cursor; // after this pass
    QJsonArray gapsJson; // the newest kKeptGaps of its gaps, for the summaries
};

using Holds = QMap<QString, QJsonObject>; // scope -> summary

bool readRules(Pass &pass, QVector<Rule> *rules)
{
    Rows rows;
    if (!pass.run({QStringLiteral("SELECT id, name, kind, params::text,"
                                  " array_to_json(sources)::text FROM inbox.alert_rules"
                                  " WHERE enabled AND removed_at IS NULL ORDER BY id"),
                   {}},
                  &rows))
        return false;
    for (const QVariantList &r : rows.rows) {
        Rule rule;
        rule.id = r.at(0).toLongLong();
        rule.name = r.at(1).toString();
        rule.kind = r.at(2).toString();
        rule.params = QJsonDocument::fromJson(r.at(3).toString().toUtf8()).object();
        for (const QJsonValue &s : QJsonDocument::fromJson(r.at(4).toString().toUtf8()).array())
            rule.sources.append(s.toString());
        rules->append(rule);
    }
    return true;
}

bool readOpenEpisodes(Pass &pass, QHash<qint64, QVector<OpenEpisode>> *open)
{
    Rows rows;
    if (!pass.run({QStringLiteral("SELECT rule_id, scope_key, message_no,"
                                  " extract(epoch FROM now() - last_seen_at)::float8"
                                  " FROM inbox.alert_episodes WHERE resolved_at IS NULL"),
                   {}},
                  &rows))
        return false;
    for (const QVariantList &r : rows.rows)
        (*open)[r.at(0).toLongLong()].append(
            {r.at(1).toString(), r.at(2).toInt(), r.at(3).toDouble()});
    return true;
}

// The overview's own batch, for the share and silence rules.
bool readOverview(Pass &pass, std::optional<OverviewSnapshot> *snapshot)
{
    QVector<Rows> results;
    for (const Query &q : overviewQueries(kDays)) {
        Rows one;
        if (!pass.run(q, &one))
            return false;
        results.append(one);
    }
    QString why;
    *snapshot = parseOverview(results, kDays, &why);
    if (!*snapshot) {
        pass.fail(QStringLiteral("the overview's figures did not parse: ") + why);
        return false;
    }
    return true;
}

// stats_now once per distinct `minutes` in a pass: minutes -> (source, stuck).
using StuckCache = QHash<int, QVector<QPair<QString, qint64>>>;

bool stuckHolds(Pass &pass, const Rule &rule, StuckCache *cache, Holds *holds)
{
    const int minutes = rule.params.value(QLatin1String("minutes")).toInt(30);
    if (!cache->contains(minutes)) {
        Rows s;
        if (!pass.run({QStringLiteral("SELECT source, stuck, processing FROM"
                                      " inbox.stats_now(make_interval(mins => $1))"),
                       {minutes}},
                      &s))
            return false;
        auto &list = (*cache)[minutes];
        for (const QVariantList &r : s.rows)
            list.append({r.at(0).toString(), r.at(1).toLongLong()});
    }
    for (const auto &[source, stuck] : cache->value(minutes)) {
        if (stuck > 0 && rule.covers(source))
            holds->insert(source, QJsonObject{{QStringLiteral("stuck"), stuck},
                                              {QStringLiteral("minutes"), minutes}});
    }
    return true;
}

Holds shareHolds(const Rule &rule, const OverviewSnapshot &snapshot)
{
    const bool repeats = rule.kind == QLatin1String("repeat_share");
    const BaselineRule mine = baselineOf(rule.params);
    const QVector<HealthWarning> warnings =
        repeats ? healthWarnings(snapshot, mine, BaselineRule::failures())
                : healthWarnings(snapshot, BaselineRule::repeats(), mine);
    const HealthWarning::Metric metric =
        repeats ? HealthWarning::Metric::RepeatShare : HealthWarning::Metric::FailureShare;
    Holds holds;
    for (const HealthWarning &w : warnings) {
        if (w.metric != metric || !rule.covers(w.source))
            continue;
        holds.insert(w.source,
                     QJsonObject{{QStringLiteral("share"), round4(w.verdict.today)},
                                 {QStringLiteral("baseline"), round4(w.verdict.baseline)},
                                 {QStringLiteral("has_baseline"), w.verdict.hasBaseline},
                                 {QStringLiteral("baseline_days"), w.verdict.baselineDays},
                                 {QStringLiteral("threshold"), round4(w.verdict.threshold)},
                                 {QStringLiteral("count"), w.todayCount},
                                 {QStringLiteral("volume"), w.todayVolume}});
    }
    return holds;
}

// How long `source` may be silent: gap_minutes, or gap_factor times its usual gap; nothing
// while no usual gap is known.
std::optional<double> allowedSilenceS(const Rule &rule, const OverviewSnapshot &snapshot,
                                      const QString &source)
{
    if (rule.params.contains(QLatin1String("gap_minutes")))
        return rule.params.value(QLatin1String("gap_minutes")).toDouble() * 60.0;
    const QVector<DayFigures> days = snapshot.dailyFor(source);
    QVector<double> perDay;
    for (int i = 1; i < days.size(); ++i) {
        if (days.at(i).received > 0)
            perDay.append(double(days.at(i).received));
    }
    if (perDay.isEmpty())
        return std::nullopt;
    const double usualGapS = 86400.0 / median(perDay);
    return std::max(60.0, rule.params.value(QLatin1String("gap_factor")).toDouble(3) * usualGapS);
}

bool silenceHolds(Pass &pass, const Rule &rule, const OverviewSnapshot &snapshot, Holds *holds)
{
    for (const QString &source : snapshot.sources()) {
        if (!rule.covers(source))
            continue;
        const std::optional<double> allowed = allowedSilenceS(rule, snapshot, source);
        if (!allowed)
            continue; // no usual gap known yet
        const double allowedS = *allowed;
        Rows last;
        if (!pass.run({QStringLiteral("SELECT extract(epoch FROM now() - max(received_at))"
                                      " FROM inbox.events WHERE source = $1"),
                       {source}},
                      &last))
            return false;
        const QVariant silent = last.rows.value(0).value(0);
        if (silent.isNull() || silent.toDouble() <= allowedS)
            continue;
        holds->insert(
            source,
            QJsonObject{{QStringLiteral("silent_minutes"), std::floor(silent.toDouble() / 60.0)},
                        {QStringLiteral("allowed_minutes"), std::round(allowedS / 6.0) / 10.0}});
    }
    return true;
}

bool duplicatesAgeHolds(Pass &pass, const Rule &rule, Holds *holds)
{
    Rows d;
    if (!pass.run({QStringLiteral("SELECT extract(epoch FROM now() - min(created_at)),"
                                  " inbox.open_duplicates() FROM inbox.duplicate_candidates"
                                  " WHERE status = 'open'"),
                   {}},
                  &d))
        return false;
    const QVariant age = d.rows.value(0).value(0);
    const int hours = rule.params.value(QLatin1String("hours")).toInt(24);
    if (!age.isNull() && age.toDouble() >= hours * 3600.0)
        holds->insert(
            QStringLiteral("*"),
            QJsonObject{{QStringLiteral("oldest_hours"), std::floor(age.toDouble() / 360.0) / 10.0},
                        {QStringLiteral("open"), d.rows.value(0).value(1).toLongLong()},
                        {QStringLiteral("hours"), hours}});
    return true;
}

// A destination rule (0027): its destination is paused (by a person, or by a 410 Gone the
// dispatcher reported) and on_pause says a pause fires, or the oldest event of the rule's
// sources still waiting (received or processing) was received more than backlog_minutes ago.
// The sources with anything waiting come from the status counters (one small table), then
// one probe of event_queue_source_status_idx per source and status: never a scan of the
// queue. The scope is the destination's name.
const char *const kDestinationSql =
    "WITH src AS MATERIALIZED (SELECT c.source, sum(c.n) AS n FROM inbox.status_counts c"
    "  WHERE c.status IN ('received', 'processing') AND ($2::text IS NULL OR c.source IN"
    "  (SELECT jsonb_array_elements_text($2::jsonb))) GROUP BY c.source HAVING sum(c.n) > 0),"
    " oldest AS (SELECT min(o.at) AS at FROM src"
    "  CROSS JOIN LATERAL unnest(ARRAY['received', 'processing']) st(status)"
    "  CROSS JOIN LATERAL (SELECT min(q.received_at) AS at FROM inbox.event_queue q"
    "  WHERE q.source = src.source AND q.status = st.status) o)"
    " SELECT coalesce(d.paused, false), d.state, d.paused_by, d.paused_reason,"
    " extract(epoch FROM now() - d.paused_at)::float8,"
    " (SELECT coalesce(sum(n), 0) FROM src)::bigint,"
    " extract(epoch FROM now() - (SELECT at FROM oldest))::float8"
    " FROM (SELECT 1) one LEFT JOIN inbox.destinations d ON d.name = $1";

bool destinationHolds(Pass &pass, const Rule &rule, Holds *holds)
{
    const QString name = rule.params.value(QLatin1String("destination")).toString();
    const int minutes = rule.params.value(QLatin1String("backlog_minutes")).toInt(30);
    const bool onPause = rule.params.value(QLatin1String("on_pause")).toBool(true);
    const QVariant sources =
        rule.sources.isEmpty()
            ? QVariant()
            : QVariant(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(rule.sources))
                                             .toJson(QJsonDocument::Compact)));
    Rows d;
    if (!pass.run({QString::fromLatin1(kDestinationSql), {name, sources}}, &d))
        return false;
    const QVariantList &row = d.rows.value(0);
    const bool paused = row.value(0).toBool();
    const QVariant oldestS = row.value(6);
    const bool aged = !oldestS.isNull() && oldestS.toDouble() >= minutes * 60.0;
    if (!aged && !(paused && onPause))
        return true;
    QJsonObject summary{{QStringLiteral("destination"), name},
                        {QStringLiteral("paused"), paused},
                        {QStringLiteral("aged"), aged},
                        {QStringLiteral("waiting"), row.value(5).toLongLong()},
                        {QStringLiteral("backlog_minutes"), minutes}};
    if (!oldestS.isNull())
        summary.insert(QStringLiteral("oldest_minutes"), std::floor(oldestS.toDouble() / 60.0));
    if (paused) {
        summary.insert(QStringLiteral("state"), row.value(1).toString());
        summary.insert(QStringLiteral("paused_by"), row.value(2).toString());
        summary.insert(QStringLiteral("paused_reason"), row.value(3).toString().left(200));
        summary.insert(QStringLiteral("paused_minutes"),
                       std::floor(row.value(4).toDouble() / 60.0));
    }
    holds->insert(name, summary);
    return true;
}

// A poll_source rule (0030): per polled source (inbox.poll_sources, one small table, a row per
// source a poller has opened; the rule's sources restrict it), the last successful poll (or
// the opening, for a source never polled successfully) is older than `minutes`, or the source
// is stopped (its credentials refused) and on_stop says that fires at once. Scope: the source.
// Only a schema of 30 or later holds such a rule, so an older one is never asked for this.
const char *const kPollSourceSql =
    "SELECT p.source, p.state, p.last_success_at IS NULL,"
    " extract(epoch FROM now() - coalesce(p.last_success_at, p.opened_at))::float8,"
    " to_char(coalesce(p.last_success_at, p.opened_at) AT TIME ZONE 'UTC',"
    " 'YYYY-MM-DD HH24:MI'), p.failures, p.last_error, p.last_http_status,"
    " extract(epoch FROM now() - p.stopped_at)::float8"
    " FROM inbox.poll_sources p WHERE $1::text IS NULL OR p.source IN"
    " (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY p.source";

// The poller's error text goes into a chat: one line, and short (the row keeps 2000).
constexpr int kPollErrorChars = 200;

bool pollSourceHolds(Pass &pass, const Rule &rule, Holds *holds)
{
    const int minutes = rule.params.value(QLatin1String("minutes")).toInt(30);
    const bool onStop = rule.params.value(QLatin1String("on_stop")).toBool(true);
    const QVariant sources =
        rule.sources.isEmpty()
            ? QVariant()
            : QVariant(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(rule.sources))
                                             .toJson(QJsonDocument::Compact)));
    Rows d;
    if (!pass.run({QString::fromLatin1(kPollSourceSql), {sources}}, &d))
        return false;
    for (const QVariantList &row : d.rows) {
        const QString state = row.value(1).toString();
        const bool stopped = state == QLatin1String("stopped");
        const double sinceS = row.value(3).toDouble();
        const bool stale = sinceS >= minutes * 60.0;
        if (!stale && !(stopped && onStop))
            continue;
        QJsonObject summary{{QStringLiteral("source"), row.value(0).toString()},
                            {QStringLiteral("state"), state},
                            {QStringLiteral("stale"), stale},
                            {QStringLiteral("never"), row.value(2).toBool()},
                            {QStringLiteral("since"), row.value(4).toString()},
                            {QStringLiteral("since_minutes"), std::floor(sinceS / 60.0)},
                            {QStringLiteral("minutes"), minutes},
                            {QStringLiteral("failures"), row.value(5).toLongLong()}};
        if (!row.value(6).isNull()) {
            QString error = row.value(6).toString().simplified();
            if (error.size() > kPollErrorChars)
                error = error.left(kPollErrorChars - 1) + QChar(0x2026);
            summary.insert(QStringLiteral("last_error"), error);
        }
        if (!row.value(7).isNull())
            summary.insert(QStringLiteral("http_status"), row.value(7).toInt());
        if (stopped)
            summary.insert(QStringLiteral("stopped_minutes"),
                           std::floor(row.value(8).toDouble() / 60.0));
        holds->insert(row.value(0).toString(), summary);
    }
    return true;
}

// min_failures counts since the scope's last message: this pass's failures are added to
// what was counted before (reset when a message of the scope's episode was begun since, or
// when its episode resolved). An open episode holds on any new failure; a new one opens once
// the count reaches min_failures.
Holds failedHolds(const Rule &rule, FailedRead *failed, const QVector<OpenEpisode> &open)
{
    const int least = rule.params.value(QLatin1String("min_failures")).toInt(1);
    const QString prefix = QString::number(rule.id) + QLatin1Char('|');
    auto &pending = failed->cursor.pending;
    QHash<QString, int> openAt; // scope -> message_no
    for (const OpenEpisode &e : open)
        openAt.insert(e.scope, e.messageNo);
    // Forget the counts of scopes whose episode resolved, and restart those whose episode
    // has sent a message since.
    for (auto it = pending.begin(); it != pending.end();) {
        if (!it.key().startsWith(prefix)) {
            ++it;
            continue;
        }
        const QString scope = it.key().mid(prefix.size());
        const auto at = openAt.constFind(scope);
        if (at == openAt.cend() && it->atMessage > 0) {
            it = pending.erase(it); // its episode resolved
            continue;
        }
        if (at != openAt.cend() && *at != it->atMessage)
            *it = FailedCursor::Pending{0, *at, {}};
        ++it;
    }
    Holds holds;
    for (const FailedGroup &g : failed->groups) {
        if (!rule.covers(g.source))
            continue;
        const QString scope = (g.source + QLatin1Char('|') + g.group).left(300);
        FailedCursor::Pending &p = pending[prefix + scope];
        p.atMessage = openAt.value(scope, 0);
        p.count += g.count;
        for (const QJsonValue &ev : g.events) {
            if (p.events.size() < 5)
                p.events.append(ev);
        }
        if (!openAt.contains(scope) && p.count < least)
            continue;
        holds.insert(scope, QJsonObject{{QStringLiteral("failures"), p.count},
                                        {QStringLiteral("source"), g.source},
                                        {QStringLiteral("error_group"), g.group},
                                        {QStringLiteral("events"), p.events},
                                        {QStringLiteral("journal_to"), failed->cursor.read},
                                        {QStringLiteral("journal_gaps"), failed->gapsJson}});
    }
    return holds;
}

// Fires what holds; resolves what was open and holds no longer.
bool fireAndResolve(Pass &pass, const Rule &rule, const Holds &holds,
                    const QVector<OpenEpisode> &open, int resolveAfterS)
{
    int firing = 0;
    for (auto it = holds.cbegin(); it != holds.cend(); ++it) {
        Rows f;
        if (!pass.run(
                {QStringLiteral("SELECT episode_id, outcome FROM inbox.fire_alert($1, $2,"
                                " $3::jsonb)"),
                 {rule.id, it.key(),
                  QString::fromUtf8(QJsonDocument(it.value()).toJson(QJsonDocument::Compact))}},
                &f))
            return false;
        const QString outcome = f.rows.value(0).value(1).toString();
        if (outcome == QLatin1String("opened"))
            ++pass.result.opened;
        if (outcome != QLatin1String("rule_inactive"))
            ++firing;
    }
    for (const OpenEpisode &e : open) {
        if (holds.contains(e.scope))
            continue;
        if (rule.kind == QLatin1String("failed") && e.messageNo == 0) {
            ++firing; // kept until its first message is begun
            continue;
        }
        if (e.quietS < resolveAfterS) {
            ++firing; // not quiet for long enough yet
            continue;
        }
        Rows r;
        if (!pass.run({QStringLiteral("SELECT outcome FROM inbox.resolve_alert($1, $2)"),
                       {rule.id, e.scope}},
                      &r))
            return false;
        if (r.rows.value(0).value(0).toString() == QLatin1String("resolved"))
            ++pass.result.resolved;
    }
    if (firing > 0)
        pass.result.firingByRule.insert(rule.name, firing);
    return true;
}

// Where the latest failed episode left the reading; without one (a first start), the
// entries of the last kLookbackMinutes, found by a binary search over journal_pkey (ids grow
// with time): about 20 index probes, never a scan.
bool findFailedStart(Pass &pass, FailedCursor *cursor)
{
    Rows w;
    if (!pass.run(
            {QStringLiteral("SELECT (SELECT e.summary FROM inbox.alert_episodes e"
                            " JOIN inbox.alert_rules r ON r.id = e.rule_id WHERE r.kind = 'failed'"
                            " AND e.summary ? 'journal_to' ORDER BY (e.summary ->> 'journal_to')"
                            "::bigint DESC, e.last_seen_at DESC LIMIT 1)::text,"
                            " (SELECT min(id) FROM inbox.journal), (SELECT max(id) FROM "
                            "inbox.journal)"),
             {}},
            &w))
        return false;
    const QVariantList &row = w.rows.value(0);
    if (!row.value(0).isNull()) {
        const QJsonObject kept = QJsonDocument::fromJson(row.value(0).toString().toUtf8()).object();
        cursor->read = qint64(kept.value(QLatin1String("journal_to")).toDouble());
        cursor->gaps = gapsFromJson(kept.value(QLatin1String("journal_gaps")).toArray());
        return true;
    }
    if (row.value(1).isNull()) {
        cursor->read = 0; // an empty journal
        return true;
    }
    qint64 lo = row.value(1).toLongLong();
    qint64 hi = row.value(2).toLongLong() + 1; // first id at or after the cut
    while (lo < hi) {
        const qint64 mid = lo + (hi - lo) / 2;
        Rows probe;
        if (!pass.run({QStringLiteral("SELECT id, at < now() - make_interval(mins => $2)"
                                      " FROM inbox.journal WHERE id >= $1 ORDER BY id"
                                      " LIMIT 1"),
                       {mid, kLookbackMinutes}},
                      &probe))
            return false;
        if (probe.rows.isEmpty() || !probe.rows.first().at(1).toBool())
            hi = mid;
        else
            lo = probe.rows.first().at(0).toLongLong() + 1;
    }
    cursor->read = lo - 1;
    return true;
}

// The failures committed since the last pass, once per pass for every failed rule.
bool readFailures(Pass &pass, FailedCursor *start, FailedRead *read)
{
    if (start->read < 0 && !findFailedStart(pass, start))
        return false;
    // Chunk by chunk up to the newest id (kReadChunk ids a statement), the first with the
    // gaps: one statement is one snapshot, so what is still missing in its ranges comes
    // back as gaps, and the first's xmin and xmax arm and drop the old ones.
    // The planner cannot see how small the ranges are (they come from the statement's
    // own rows), so it costs the statement as a scan of the journal and compiles it with
    // JIT: about a second a pass for a few milliseconds of work (measured on 2 million
    // entries: 1270 ms with JIT, 8 ms without). This connection is the evaluator's own.
    Rows jit;
    if (!pass.run({QStringLiteral("SELECT set_config('jit', 'off', false)"), {}}, &jit))
        return false;
    QMap<QString, FailedGroup> groups; // "source|group"
    QVector<Gap> left;
    qint64 xmin = 0, xmax = 0;
    qint64 from = start->read;
    for (int chunk = 0;; ++chunk) {
        Rows f;
        const QJsonArray probe = chunk == 0 ? gapsToJson(start->gaps) : QJsonArray();
        if (!pass.run(
                {QString::fromLatin1(kFailedSql),
                 {from, QString::fromUtf8(QJsonDocument(probe).toJson(QJsonDocument::Compact)),
                  kReadChunk}},
                &f))
            return false;
        const QVariantList &row = f.rows.value(0);
        const qint64 to = row.value(0).toLongLong();
        if (chunk == 0) {
            xmin = row.value(1).toLongLong();
            xmax = row.value(2).toLongLong();
        }
        left << gapsFromJson(QJsonDocument::fromJson(row.value(3).toString().toUtf8()).array());
        for (const QJsonValue &v :
             QJsonDocument::fromJson(row.value(4).toString().toUtf8()).array()) {
            const QJsonArray a = v.toArray();
            if (a.at(0).isNull())
                continue; // the event is gone
            FailedGroup &g = groups[a.at(0).toString() + QLatin1Char('|') + a.at(1).toString()];
            g.source = a.at(0).toString();
            g.group = a.at(1).toString();
            g.count += a.at(2).toInt();
            for (const QJsonValue &ev : a.at(3).toArray()) {
                if (g.events.size() < 5)
                    g.events.append(ev);
            }
        }
        const bool more = to == from + kReadChunk;
        from = to;
        if (!more)
            break;
    }
    read->cursor.read = from;
    read->groups = groups.values().toVector();
    read->cursor.gaps.clear();
    for (Gap g : left) {
        // A gap found by an earlier pass: the transaction that took its id (if any is
        // still open) has its xid by now, below this snapshot's xmax.
        if (g.until == 0 && g.from <= start->read)
            g.until = xmax;
        if (g.until > 0 && xmin >= g.until)
            continue; // every transaction that could fill it has ended: rolled back
        read->cursor.gaps.append(g);
    }
    if (read->cursor.gaps.size() > kMaxGaps) {
        // Bounded memory; only a flood of writers open for many passes gets here.
        logger("alerts")->warn("failed rule: {} journal gaps still open, the oldest {} given "
                               "up (a failure committed there later is not counted)",
                               read->cursor.gaps.size(), read->cursor.gaps.size() - kMaxGaps);
        read->cursor.gaps.remove(0, read->cursor.gaps.size() - kMaxGaps);
    }
    // What a restart needs, kept in the summaries (the newest gaps when there are many).
    read->gapsJson = gapsToJson(read->cursor.gaps.mid(
        std::max<qsizetype>(0, read->cursor.gaps.size() - qsizetype(kKeptGaps))));
    return true;
}

} // namespace

EvaluationResult RuleEvaluator::evaluate()
{
    QElapsedTimer timer;
    timer.start();
    Pass pass{m_connection, {}};
    const auto done = [&] {
        pass.result.seconds = double(timer.nsecsElapsed()) / 1e9;
        return pass.result;
    };

    QVector<Rule> rules;
    QHash<qint64, QVector<OpenEpisode>> open;
    if (!readRules(pass, &rules) || !readOpenEpisodes(pass, &open))
        return done();
    pass.result.rules = int(rules.size());
    QSet<QString> kinds;
    for (const Rule &rule : rules)
        kinds.insert(rule.kind);

    // What several rules share is read once per pass.
    std::optional<OverviewSnapshot> snapshot;
    if ((kinds.contains(QStringLiteral("repeat_share")) ||
         kinds.contains(QStringLiteral("failure_share")) ||
         kinds.contains(QStringLiteral("silent_source"))) &&
        !readOverview(pass, &snapshot))
        return done();
    FailedRead failed{{}, m_failed, {}};
    if (kinds.contains(QStringLiteral("failed")) && !readFailures(pass, &m_failed, &failed))
        return done();

    StuckCache stuck;
    for (const Rule &rule : rules) {
        Holds holds;
        bool ok = true;
        if (rule.kind == QLatin1String("stuck"))
            ok = stuckHolds(pass, rule, &stuck, &holds);
        else if (rule.kind == QLatin1String("failed"))
            holds = failedHolds(rule, &failed, open.value(rule.id));
        else if (rule.kind == QLatin1String("repeat_share") ||
                 rule.kind == QLatin1String("failure_share"))
            holds = shareHolds(rule, *snapshot);
        else if (rule.kind == QLatin1String("silent_source"))
            ok = silenceHolds(pass, rule, *snapshot, &holds);
        else if (rule.kind == QLatin1String("duplicates_age"))
            ok = duplicatesAgeHolds(pass, rule, &holds);
        else if (rule.kind == QLatin1String("destination"))
            ok = destinationHolds(pass, rule, &holds);
        else if (rule.kind == QLatin1String("poll_source"))
            ok = pollSourceHolds(pass, rule, &holds);
        if (!ok || !fireAndResolve(pass, rule, holds, open.value(rule.id), m_resolveAfterS))
            return done();
    }
    m_failed = failed.cursor;
    return done();
}

} // namespace inbox::alerts
