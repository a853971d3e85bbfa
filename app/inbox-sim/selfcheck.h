#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

#include <cstdio>

namespace inbox {
class PgConnection;
}

namespace inbox::sim {

class Ledger;
class FakeCrm;

struct CheckResult
{
    QString name; // fixed names, printed and used by tests
    bool passed = false;
    QString detail; // what was counted, or the first offending rows
};

// The simulator checks itself, from the database and from what it knows it did:
//   no_double_deal        no event produced two CRM entities (fake CRM and inbox.actions)
//   every_event_accounted every accepted event is done, failed or visibly waiting
//   repeats_counted       the repeats sent equal the repeats the inbox counted, and every
//                         delivery came out as expected (new / repeat / conflict)
//   journal_complete      nothing sent is missing from the journal: one 'received' per event,
//                         one duplicate/conflict/rearmed entry per further delivery, a 'done'
//                         or 'failed' entry behind the final states
//   counters_agree        inbox.status_counts equals a real count of the events
class SelfCheck final
{
public:
    // After a run: the events this run sent (the ledger), the fake CRM, the dead workers.
    static QVector<CheckResult> afterRun(PgConnection &db, const Ledger &ledger,
                                         const FakeCrm &crm);
    // --check: the whole database, from the database alone (ledger checks are skipped).
    static QVector<CheckResult> database(PgConnection &db);

    static bool allPassed(const QVector<CheckResult> &results);
    static QStringList failedNames(const QVector<CheckResult> &results);
    static void print(const QVector<CheckResult> &results, FILE *out);
};

} // namespace inbox::sim
