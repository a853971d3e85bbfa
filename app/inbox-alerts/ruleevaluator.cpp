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

} // namespace

QJsonArray RuleEvaluator::gapsToJson(const QVector<JournalGap> &gaps)
{
    QJsonArray a;
    for (const JournalGap &g : gaps)
        a.append(QJsonArray{g.from, g.to, g.until});
    return a;
}

QVector<RuleEvaluator::JournalGap> RuleEvaluator::gapsFromJson(const QJsonArray &a)
{
    QVector<JournalGap> gaps;
    for (const QJsonValue &v : a) {
        const QJsonArray g = v.toArray();
        if (g.size() == 3)
            gaps.append({qint64(g.at(0).toDouble()), qint64(g.at(1).toDouble()),
                         qint64(g.at(2).toDouble())});
    }
    return gaps;
}

EvaluationResult RuleEvaluator::evaluate()
{
    QElapsedTimer timer;
    timer.start();
    EvaluationResult result;
    DbError error;
    const auto run = [&](const Query &q, Rows *rows) {
        if (execParams(m_connection.raw(), q, rows, &error))
            return true;
        result.ok = false;
        result.error = error.oneLine();
        return false;
    };
    const auto done = [&] {
        result.seconds = double(timer.nsecsElapsed()) / 1e9;
        return result;
    };

    Rows rows;
    if (!run({QStringLiteral("SELECT id, name, kind, params::text, array_to_json(sources)::text"
                             " FROM inbox.alert_rules WHERE enabled AND removed_at IS NULL"
                             " ORDER BY id"),
              {}},
             &rows))
        return done();
    QVector<Rule> rules;
    for (const QVariantList &r : rows.rows) {
        Rule rule;
        rule.id = r.at(0).toLongLong();
        rule.name = r.at(1).toString();
        rule.kind = r.at(2).toString();
        rule.params = QJsonDocument::fromJson(r.at(3).toString().toUtf8()).object();
        for (const QJsonValue &s : QJsonDocument::fromJson(r.at(4).toString().toUtf8()).array())
            rule.sources.append(s.toString());
        rules.append(rule);
    }
    result.rules = int(rules.size());

    Rows openRows;
    if (!run({QStringLiteral("SELECT rule_id, scope_key, message_no,"
                             " extract(epoch FROM now() - last_seen_at)::float8"
                             " FROM inbox.alert_episodes WHERE resolved_at IS NULL"),
              {}},
             &openRows))
        return done();
    QHash<qint64, QVector<OpenEpisode>> open;
    for (const QVariantList &r : openRows.rows)
        open[r.at(0).toLongLong()].append(
            {r.at(1).toString(), r.at(2).toInt(), r.at(3).toDouble()});

    QSet<QString> kinds;
    for (const Rule &rule : rules)
        kinds.insert(rule.kind);

    // The overview's own batch, once per pass, for the share and silence rules.
    std::optional<OverviewSnapshot> snapshot;
    if (kinds.contains(QStringLiteral("repeat_share")) ||
        kinds.contains(QStringLiteral("failure_share")) ||
        kinds.contains(QStringLiteral("silent_source"))) {
        QVector<Rows> results;
        for (const Query &q : overviewQueries(kDays)) {
            Rows one;
            if (!run(q, &one))
                return done();
            results.append(one);
        }
        QString why;
        snapshot = parseOverview(results, kDays, &why);
        if (!snapshot) {
            result.ok = false;
            result.error = QStringLiteral("the overview's figures did not parse: ") + why;
            return done();
        }
    }

    // The failures committed since the last pass, once per pass for every failed rule.
    QVector<FailedGroup> failures;
    qint64 failedTo = m_failedRead;
    QVector<JournalGap> failedGaps = m_failedGaps;
    QJsonArray failedGapsJson;
    if (kinds.contains(QStringLiteral("failed"))) {
        if (m_failedRead < 0) {
            // Where the latest failed episode left the reading; without one (a first start),
            // the entries of the last kLookbackMinutes, found by a binary search over
            // journal_pkey (ids grow with time): about 20 index probes, never a scan.
            Rows w;
            if (!run({QStringLiteral(
                          "SELECT (SELECT e.summary FROM inbox.alert_episodes e"
                          " JOIN inbox.alert_rules r ON r.id = e.rule_id WHERE r.kind = 'failed'"
                          " AND e.summary ? 'journal_to' ORDER BY (e.summary ->> 'journal_to')"
                          "::bigint DESC, e.last_seen_at DESC LIMIT 1)::text,"
                          " (SELECT min(id) FROM inbox.journal), (SELECT max(id) FROM "
                          "inbox.journal)"),
                      {}},
                     &w))
                return done();
            const QVariantList &row = w.rows.value(0);
            if (!row.value(0).isNull()) {
                const QJsonObject kept =
                    QJsonDocument::fromJson(row.value(0).toString().toUtf8()).object();
                m_failedRead = qint64(kept.value(QLatin1String("journal_to")).toDouble());
                m_failedGaps = gapsFromJson(kept.value(QLatin1String("journal_gaps")).toArray());
            } else if (row.value(1).isNull()) {
                m_failedRead = 0; // an empty journal
            } else {
                qint64 lo = row.value(1).toLongLong();
                qint64 hi = row.value(2).toLongLong() + 1; // first id at or after the cut
                while (lo < hi) {
                    const qint64 mid = lo + (hi - lo) / 2;
                    Rows probe;
                    if (!run({QStringLiteral("SELECT id, at < now() - make_interval(mins => $2)"
                                             " FROM inbox.journal WHERE id >= $1 ORDER BY id"
                                             " LIMIT 1"),
                              {mid, kLookbackMinutes}},
                             &probe))
                        return done();
                    if (probe.rows.isEmpty() || !probe.rows.first().at(1).toBool())
                        hi = mid;
                    else
                        lo = probe.rows.first().at(0).toLongLong() + 1;
                }
                m_failedRead = lo - 1;
            }
        }
        // Chunk by chunk up to the newest id (kReadChunk ids a statement), the first with the
        // gaps: one statement is one snapshot, so what is still missing in its ranges comes
        // back as gaps, and the first's xmin and xmax arm and drop the old ones.
        // The planner cannot see how small the ranges are (they come from the statement's
        // own rows), so it costs the statement as a scan of the journal and compiles it with
        // JIT: about a second a pass for a few milliseconds of work (measured on 2 million
        // entries: 1270 ms with JIT, 8 ms without). This connection is the evaluator's own.
        Rows jit;
        if (!run({QStringLiteral("SELECT set_config('jit', 'off', false)"), {}}, &jit))
            return done();
        QMap<QString, FailedGroup> groups; // "source|group"
        QVector<JournalGap> left;
        qint64 xmin = 0, xmax = 0;
        qint64 from = m_failedRead;
        for (int chunk = 0;; ++chunk) {
            Rows f;
            const QJsonArray probe = chunk == 0 ? gapsToJson(m_failedGaps) : QJsonArray();
            if (!run({QString::fromLatin1(kFailedSql),
                      {from, QString::fromUtf8(QJsonDocument(probe).toJson(QJsonDocument::Compact)),
                       kReadChunk}},
                     &f))
                return done();
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
        failedTo = from;
        failures = groups.values().toVector();
        failedGaps.clear();
        for (JournalGap g : left) {
            // A gap found by an earlier pass: the transaction that took its id (if any is
            // still open) has its xid by now, below this snapshot's xmax.
            if (g.until == 0 && g.from <= m_failedRead)
                g.until = xmax;
            if (g.until > 0 && xmin >= g.until)
                continue; // every transaction that could fill it has ended: rolled back
            failedGaps.append(g);
        }
        if (failedGaps.size() > kMaxGaps) {
            // Bounded memory; only a flood of writers open for many passes gets here.
            logger("alerts")->warn("failed rule: {} journal gaps still open, the oldest {} given "
                                   "up (a failure committed there later is not counted)",
                                   failedGaps.size(), failedGaps.size() - kMaxGaps);
            failedGaps.remove(0, failedGaps.size() - kMaxGaps);
        }
        // What a restart needs, kept in the summaries (the newest gaps when there are many).
        failedGapsJson = gapsToJson(
            failedGaps.mid(std::max<qsizetype>(0, failedGaps.size() - qsizetype(kKeptGaps))));
    }

    QHash<int, QVector<QPair<QString, qint64>>> stuckByMinutes; // minutes -> (source, stuck)

    for (const Rule &rule : rules) {
        QMap<QString, QJsonObject> holds; // scope -> summary
        if (rule.kind == QLatin1String("stuck")) {
            const int minutes = rule.params.value(QLatin1String("minutes")).toInt(30);
            if (!stuckByMinutes.contains(minutes)) {
                Rows s;
                if (!run({QStringLiteral("SELECT source, stuck, processing FROM"
                                         " inbox.stats_now(make_interval(mins => $1))"),
                          {minutes}},
                         &s))
                    return done();
                auto &list = stuckByMinutes[minutes];
                for (const QVariantList &r : s.rows)
                    list.append({r.at(0).toString(), r.at(1).toLongLong()});
            }
            for (const auto &[source, stuck] : stuckByMinutes.value(minutes)) {
                if (stuck > 0 && rule.covers(source))
                    holds.insert(source, QJsonObject{{QStringLiteral("stuck"), stuck},
                                                     {QStringLiteral("minutes"), minutes}});
            }
        } else if (rule.kind == QLatin1String("failed")) {
            const int least = rule.params.value(QLatin1String("min_failures")).toInt(1);
            for (const FailedGroup &g : failures) {
                if (!rule.covers(g.source) || g.count < least)
                    continue;
                holds.insert((g.source + QLatin1Char('|') + g.group).left(300),
                             QJsonObject{{QStringLiteral("failures"), g.count},
                                         {QStringLiteral("source"), g.source},
                                         {QStringLiteral("error_group"), g.group},
                                         {QStringLiteral("events"), g.events},
                                         {QStringLiteral("journal_to"), failedTo},
                                         {QStringLiteral("journal_gaps"), failedGapsJson}});
            }
        } else if (rule.kind == QLatin1String("repeat_share") ||
                   rule.kind == QLatin1String("failure_share")) {
            const bool repeats = rule.kind == QLatin1String("repeat_share");
            const BaselineRule mine = baselineOf(rule.params);
            const QVector<HealthWarning> warnings =
                repeats ? healthWarnings(*snapshot, mine, BaselineRule::failures())
                        : healthWarnings(*snapshot, BaselineRule::repeats(), mine);
            const HealthWarning::Metric metric =
                repeats ? HealthWarning::Metric::RepeatShare : HealthWarning::Metric::FailureShare;
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
        } else if (rule.kind == QLatin1String("silent_source")) {
            for (const QString &source : snapshot->sources()) {
                if (!rule.covers(source))
                    continue;
                double allowedS = 0;
                if (rule.params.contains(QLatin1String("gap_minutes"))) {
                    allowedS = rule.params.value(QLatin1String("gap_minutes")).toDouble() * 60.0;
                } else {
                    const QVector<DayFigures> days = snapshot->dailyFor(source);
                    QVector<double> perDay;
                    for (int i = 1; i < days.size(); ++i) {
                        if (days.at(i).received > 0)
                            perDay.append(double(days.at(i).received));
                    }
                    if (perDay.isEmpty())
                        continue; // no usual gap known yet
                    const double usualGapS = 86400.0 / median(perDay);
                    allowedS =
                        std::max(60.0, rule.params.value(QLatin1String("gap_factor")).toDouble(3) *
                                           usualGapS);
                }
                Rows last;
                if (!run({QStringLiteral("SELECT extract(epoch FROM now() - max(received_at))"
                                         " FROM inbox.events WHERE source = $1"),
                          {source}},
                         &last))
                    return done();
                const QVariant silent = last.rows.value(0).value(0);
                if (silent.isNull() || silent.toDouble() <= allowedS)
                    continue;
                holds.insert(source, QJsonObject{{QStringLiteral("silent_minutes"),
                                                  std::floor(silent.toDouble() / 60.0)},
                                                 {QStringLiteral("allowed_minutes"),
                                                  std::round(allowedS / 6.0) / 10.0}});
            }
        } else if (rule.kind == QLatin1String("duplicates_age")) {
            Rows d;
            if (!run({QStringLiteral("SELECT extract(epoch FROM now() - min(created_at)),"
                                     " inbox.open_duplicates() FROM inbox.duplicate_candidates"
                                     " WHERE status = 'open'"),
                      {}},
                     &d))
                return done();
            const QVariant age = d.rows.value(0).value(0);
            const int hours = rule.params.value(QLatin1String("hours")).toInt(24);
            if (!age.isNull() && age.toDouble() >= hours * 3600.0)
                holds.insert(
                    QStringLiteral("*"),
                    QJsonObject{
                        {QStringLiteral("oldest_hours"), std::floor(age.toDouble() / 360.0) / 10.0},
                        {QStringLiteral("open"), d.rows.value(0).value(1).toLongLong()},
                        {QStringLiteral("hours"), hours}});
        }

        // Fire what holds; resolve what was open and does not.
        int firing = 0;
        for (auto it = holds.cbegin(); it != holds.cend(); ++it) {
            Rows f;
            if (!run(
                    {QStringLiteral("SELECT episode_id, outcome FROM inbox.fire_alert($1, $2,"
                                    " $3::jsonb)"),
                     {rule.id, it.key(),
                      QString::fromUtf8(QJsonDocument(it.value()).toJson(QJsonDocument::Compact))}},
                    &f))
                return done();
            const QString outcome = f.rows.value(0).value(1).toString();
            if (outcome == QLatin1String("opened"))
                ++result.opened;
            if (outcome != QLatin1String("rule_inactive"))
                ++firing;
        }
        for (const OpenEpisode &e : open.value(rule.id)) {
            if (holds.contains(e.scope))
                continue;
            if (rule.kind == QLatin1String("failed") && e.messageNo == 0) {
                ++firing; // kept until its first message is begun
                continue;
            }
            if (e.quietS < m_resolveAfterS) {
                ++firing; // not quiet for long enough yet
                continue;
            }
            Rows r;
            if (!run({QStringLiteral("SELECT outcome FROM inbox.resolve_alert($1, $2)"),
                      {rule.id, e.scope}},
                     &r))
                return done();
            if (r.rows.value(0).value(0).toString() == QLatin1String("resolved"))
                ++result.resolved;
        }
        if (firing > 0)
            result.firingByRule.insert(rule.name, firing);
    }
    m_failedRead = failedTo;
    m_failedGaps = failedGaps;
    return done();
}

} // namespace inbox::alerts
