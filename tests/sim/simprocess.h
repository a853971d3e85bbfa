#pragma once
// What the simulator's tests share: inbox-sim run to its end with its exit code and output,
// one number read from the test's database, and one figure read from the simulator's report.

#include "programrun.h"

#include <QString>
#include <QStringList>

using SimResult = ProgramRun;

class SimProcess final
{
public:
    // Runs INBOX_SIM_BINARY with `args` until it ends; after timeoutMs it is killed.
    static SimResult run(const QStringList &args, int timeoutMs);
    // The one value of `sql`'s one row on `conninfo`; -1 (and a warning) otherwise.
    static qint64 scalar(const QString &conninfo, const QString &sql);
    // The number before `what` in the simulator's output ("(\d+) what"), the last one (the
    // final report's) where it stands more than once; -1 if absent.
    static qint64 figure(const QString &out, const QString &what);
};
