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

constexpr int kDays = 15;            // today and the 14 days a baseline may use
constexpr int kLookbackMinutes = 15; // failures before a first start that still count

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

struct FailedEntry
{
    QString source;
    QString group;
    qint64 eventId = 0;
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

} // namespace

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

    // The new failures since the watermark, once per pass for every failed rule.
    QVector<FailedEntry> failures;
    qint64 failedTo = m_failedWatermark;
    if (kinds.contains(QStringLiteral("failed"))) {
        if (m_failedWatermark < 0) {
            // Where the last failed episode stopped reading; without one (a first start), the
            // entries of the last kLookbackMinutes, found by a binary search over journal_pkey
            // (ids grow with time): about 20 index probes, never a scan.
            Rows w;
            if (!run({QStringLiteral("SELECT (SELECT max((e.summary ->> 'journal_to')::bigint)"
                                     " FROM inbox.alert_episodes e JOIN inbox.alert_rules r"
                                     " ON r.id = e.rule_id WHERE r.kind = 'failed'),"
                                     " (SELECT min(id) FROM inbox.journal), (SELECT max(id) FROM "
                                     "inbox.journal)"),
                      {}},
                     &w))
                return done();
            const QVariantList &row = w.rows.value(0);
            if (!row.value(0).isNull()) {
                m_failedWatermark = row.value(0).toLongLong();
            } else if (row.value(1).isNull()) {
                m_failedWatermark = 0; // an empty journal
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
                m_failedWatermark = lo - 1;
            }
            failedTo = m_failedWatermark;
        }
        Rows f;
        // journal_pkey range: only the entries written since the last pass are read.
        if (!run({QStringLiteral(
                      "SELECT j.id, e.source, coalesce(nullif(btrim(left(split_part("
                      "j.detail ->> 'error', ':', 1), 80)), ''), j.detail ->> 'reason', 'failed'),"
                      " j.event_id FROM inbox.journal j JOIN inbox.events e ON e.id = j.event_id"
                      " WHERE j.id > $1 AND j.entry = 'failed' ORDER BY j.id LIMIT 20000"),
                  {m_failedWatermark}},
                 &f))
            return done();
        for (const QVariantList &r : f.rows) {
            failedTo = std::max(failedTo, r.at(0).toLongLong());
            failures.append({r.at(1).toString(), r.at(2).toString(), r.at(3).toLongLong()});
        }
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
            QMap<QString, QPair<int, QJsonArray>> groups;
            for (const FailedEntry &f : failures) {
                if (!rule.covers(f.source))
                    continue;
                auto &g = groups[f.source + QLatin1Char('|') + f.group];
                ++g.first;
                if (g.second.size() < 5)
                    g.second.append(f.eventId);
            }
            for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
                if (it.value().first >= least)
                    holds.insert(
                        it.key().left(300),
                        QJsonObject{
                            {QStringLiteral("failures"), it.value().first},
                            {QStringLiteral("source"), it.key().section(QLatin1Char('|'), 0, 0)},
                            {QStringLiteral("error_group"), it.key().section(QLatin1Char('|'), 1)},
                            {QStringLiteral("events"), it.value().second},
                            {QStringLiteral("journal_to"), failedTo}});
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
    m_failedWatermark = failedTo;
    return done();
}

} // namespace inbox::alerts
