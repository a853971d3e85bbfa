#pragma once

#include <QString>
#include <QVector>

namespace inbox {
class PgConnection;
}

namespace bench {

// The cost ladder of issue 19: the rows a new key makes inbox.accept write, added one kind at
// a time, as plain SQL (one statement, no function, no trigger) into copies of the inbox's own
// tables (their columns, defaults, checks, indexes and the journal's foreign key) in a scratch
// schema. Measured in the same rounds as the bare insert and inbox.accept, the steps say what
// each guarantee costs and how much of accept's price is the rows themselves.
struct LadderStep
{
    QString name;   // figure name suffix
    QString label;  // the row of the Markdown table
    QString single; // $1 source, $2 external id, $3 body; returns the rows inserted (a call of a
                    // PL/pgSQL function the ladder made)
    QString many;   // $1 text[] sources, $2 text[] external ids, $3 bytea[] bodies
};

// Makes the copies in `schema` (which must exist) and one function per step and form.
bool createLadderTables(inbox::PgConnection &admin, const QString &schema, QString *error);

// Four steps: the event row; + its `received` journal row; + its queue row; + its status and
// daily ledger rows (every row accept writes for a new key).
QVector<LadderStep> ladderSteps(const QString &schema);

} // namespace bench
