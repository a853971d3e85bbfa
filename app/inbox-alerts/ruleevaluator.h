#pragma once
// One evaluation pass over the enabled rules, on the statistics the overview reads (never a
// count over the big tables): for each rule the scopes where its condition holds now get
// inbox.fire_alert (with the figures as the summary), and the rule's open scopes that no
// longer hold get inbox.resolve_alert. What each kind reads (docs/contract.md §4.14):
//
//   stuck           inbox.stats_now(minutes): stuck > 0, per source
//   failed          the journal's 'failed' entries committed since the last pass, per source
//                   and error group, read by journal_pkey ranges only: the ids after the last
//                   one read (journal_to), and the gaps below it. Ids are taken at INSERT, not
//                   at commit, so an id missing below journal_to may still commit (a
//                   transaction still open) or never will (rolled back). A gap is probed
//                   again each pass until every transaction that could have taken its id has
//                   ended: it is armed one pass after it was found (by then the transaction
//                   that took the id has its xid) with the snapshot's xmax, and dropped once
//                   the snapshot's xmin reaches that. So a late commit is counted once, and
//                   nothing read is read again. journal_to and the gaps (journal_gaps) are
//                   kept in the failed episodes' summaries, so a restart goes on where the
//                   last firing left them; with none yet (a first start) it reads the last
//                   15 minutes (a binary search over journal_pkey for where they begin)
//   repeat_share,   inbox.stats_daily read by the overview's own batch (overviewQueries,
//   failure_share   parseOverview) into healthWarnings/judgeJump with the rule's BaselineRule
//   silent_source   the newest event of the source (events_source_received_idx, one probe
//                   each) against gap_minutes, or gap_factor x its usual gap: a day divided
//                   by the median of its new events per day over the earlier days of
//                   stats_daily (days without any left out; at least one minute)
//   duplicates_age  the oldest open candidate pair (duplicate_candidates_open_idx) and
//                   inbox.open_duplicates(), scope '*'
//   destination     (0027) inbox.destinations' row of params.destination (paused, and why),
//                   and the oldest event of the rule's sources still waiting: the sources
//                   with received or processing events by inbox.status_counts, then one
//                   probe of event_queue_source_status_idx per source and status; scope the
//                   destination's name
//   poll_source     (0030) inbox.poll_sources (the rule's sources, or every row): the last
//                   successful poll (or the opening) against minutes, and the state
//                   (stopped: credentials refused) against on_stop; scope the source
//
// A failed episode opens once min_failures failures of its scope came since the scope's last
// message (counted over passes, in the evaluator's memory: a restart counts again from where
// it resumes reading), holds while new failures arrive and until its first message is begun;
// then a pass without new failures of its scope resolves it (after resolve_after).

#include "db/pgconnection.h"

#include <QHash>
#include <QJsonArray>
#include <QMap>
#include <QString>
#include <QVector>

namespace inbox::alerts {

struct EvaluationResult
{
    bool ok = true;
    QString error;
    int rules = 0;
    int opened = 0;
    int resolved = 0;
    QMap<QString, int> firingByRule; // rule name -> open episodes after the pass
    double seconds = 0;
};

// Where the failed rules' reading of the journal stands between passes.
struct FailedCursor
{
    // A journal id range [from, to] not seen yet that may still commit; `until` 0: not armed
    // yet, else dropped once pg_snapshot_xmin reaches it (every older writer has ended).
    struct Gap
    {
        qint64 from = 0;
        qint64 to = 0;
        qint64 until = 0;
    };
    // The failures a failed rule counted for a scope since that scope's episode's last
    // message (or since there was none): min_failures applies to this, not to one pass.
    struct Pending
    {
        int count = 0;
        int atMessage = 0; // the episode's message_no the count started at
        QJsonArray events; // the first five
    };
    qint64 read = -1; // the highest journal id read; -1: not read yet
    QVector<Gap> gaps;
    QHash<QString, Pending> pending; // "rule id|scope"
};

class RuleEvaluator final
{
public:
    explicit RuleEvaluator(PgConnection &connection) : m_connection(connection) {}
    Q_DISABLE_COPY_MOVE(RuleEvaluator)

    EvaluationResult evaluate();

    // Keep firing for: an open episode resolves only once its condition has been false for
    // this long (since the last pass that found it true: the episode's last_seen_at), so a
    // figure wavering at its threshold does not fire and resolve every pass. 0: at once.
    void setResolveAfter(int seconds) { m_resolveAfterS = seconds; }

private:
    PgConnection &m_connection;
    int m_resolveAfterS = 0;
    FailedCursor m_failed;
};

} // namespace inbox::alerts
