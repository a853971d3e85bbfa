#pragma once

#include "figure.h"
#include "options.h"

#include <QString>
#include <QVector>

namespace inbox {
class PgConnection;
}

namespace bench {

// The report stage (issue 35): a Bitrix24-shaped export of about --report-rows rows (100,000 by
// default) written by `inbox-sim --crm-export`, imported --rounds times by the real
// `inbox-console report import` (read, store, print the figures): the whole command's wall
// time and its peak resident set (VmHWM, sampled while it runs), and the same steps in this process
// (reading the file, import_baseline, baseline_summary) to say where the time goes. Then the
// re-measure of the last 30 UTC days over the inbox the benchmark filled (`events` events):
// inbox.remeasure and inbox.remeasure_reasons --runs times, and `inbox-console report compare`
// --rounds times. The baselines it stored are deleted again (their journal entries stay).
bool runReportFigures(const Options &o, inbox::PgConnection &admin, qint64 events,
                      QVector<Figure> *figures, QString *error);

} // namespace bench
