#pragma once

#include "figure.h"
#include "options.h"

namespace inbox {
class PgConnection;
}

namespace bench {

// Requeue of N failed events. The console's Requeuer (models/requeuer.h) was not in the
// repository when this was written, so the figure is inbox.requeue itself over libpq in
// batches of 1000 ids (the batch size the Requeuer's header announces); the plain
// counterpart is a bare UPDATE of the same rows in the same batches (no journal, no
// bookkeeping). Before each run the events are set back to failed as the superuser; at the
// end they get their original state back. Appends one figure; false with the reason.
bool runRequeueFigure(const Options &options, inbox::PgConnection &admin, QVector<Figure> *figures,
                      QString *error);

} // namespace bench
