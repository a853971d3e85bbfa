#pragma once

#include <QStringList>

// `inbox-console report ...`: the Report's command-line twin (issue 35). `report import FILE`
// reads a CRM export with the console's reader, lists every line it could not read, stores the
// baseline through inbox.import_baseline and prints its figures; `report compare` prints a
// baseline and the inbox's re-measure of a period side by side, and writes them as CSV.
// Exit codes as the other commands: 0 done, 1 the work failed, 2 no database, 64 bad usage.
namespace inbox::cli {

// `arguments` are the program's, "report" included (wherever it stands).
int report(const QStringList &arguments);

} // namespace inbox::cli
