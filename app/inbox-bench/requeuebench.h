#pragma once

#include "figure.h"
#include "options.h"

namespace inbox {
class ConsoleContext;
class PgConnection;
} // namespace inbox

namespace bench {

// Requeue of N failed events through the console's Requeuer (models/requeuer.h), as the
// requeue dialog drives it: prepare(ids) (the preview, not part of the figure, reported
// beside it) then start(reason) to finished(), inbox.requeue in batches of Requeuer::kBatch
// ids. Plain: the same statements per batch over libpq. For scale, a bare UPDATE of the same
// rows in the same batches (no journal, no counters) is reported too. Before every run the
// events are set back to failed as the superuser; at the end they get their original state
// back. Appends one figure; false with the reason.
bool runRequeueFigure(const Options &options, inbox::ConsoleContext *context,
                      inbox::PgConnection &admin, inbox::PgConnection &plain,
                      QVector<Figure> *figures, QString *error);

} // namespace bench
