#pragma once

#include "figure.h"
#include "options.h"
#include "samples.h"

#include <QVector>

namespace inbox {
class ConsoleContext;
class PgConnection;
} // namespace inbox

namespace bench {

// The read paths of the console, each timed through its own model or QueryChannel (request
// to rows in the model) and then as the same statements over `plain`, alternating run by run:
// journal first pages (unfiltered, by source, failed, one day, needs review), searches
// (exact external id, idempotency key, prefix; a lead's phone, e-mail and the start of its
// name), deep keyset pages, the overview and the first page of the duplicate queue. Appends
// one figure each; false with the reason on failure.
bool runQueryFigures(const Options &options, inbox::ConsoleContext *context,
                     inbox::PgConnection &plain, const Samples &samples, QVector<Figure> *figures,
                     QString *error);

// A latency figure's verdict: the median within `targetMs` and the console layer adding at
// most kLayerBudgetMs to plain SQL.
constexpr double kLayerBudgetMs = 2.0;
void judgeLatency(Figure *figure, double targetMs);

} // namespace bench
