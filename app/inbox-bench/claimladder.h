#pragma once

#include <QString>
#include <QVector>

namespace inbox {
class PgConnection;
}

namespace bench {

// The claim side of the cost ladder (issue 19): the rows that inbox.claim and inbox.complete
// write for one event, added one kind at a time, as one plain SQL statement each (in a
// PL/pgSQL function, so its plan is made once a session) over copies of the inbox's tables
// in a scratch schema. Each step has tables of its own, so one step's claims never walk
// another step's rows. Measured in the same rounds as the bare claim and inbox.claim, the
// steps say what the rows cost and how much of the contract's price is the rows themselves.
struct ClaimLadderStep
{
    QString name;     // figure name suffix
    QString label;    // the row of the Markdown table
    QString claim;    // $1 worker, $2 limit; the ids taken, one a row
    QString complete; // $1 event id, $2 worker; true when the event was this worker's
};

// Makes the steps' tables and functions in `schema` (which must exist).
bool createClaimLadder(inbox::PgConnection &admin, const QString &schema, QString *error);

// Three steps: the event and its queue row; + the `claimed` and `done` journal rows; + the
// status and daily ledger rows (every row claim and complete write for a fresh event).
QVector<ClaimLadderStep> claimLadderSteps(const QString &schema);

// Tops every step's queue up to `backlog` due events; `tag` makes the new external ids unique.
bool topUpClaimLadder(inbox::PgConnection &admin, const QString &schema, qint64 backlog,
                      const QString &tag, QString *error);

} // namespace bench
