#pragma once

#include <QString>

namespace inbox {
class PgConnection;
}

namespace bench {

// The events of one source the dispatch stage drains: `count` new events with external ids
// "<tag>-1" .. "<tag>-<count>" and the bodies of Deliveries::body, accepted through
// inbox.accept_many in batches, then a CHECKPOINT so the drain does not pay for the fill's
// dirty pages. Its time in *seconds. False with *error when a call fails.
bool fillBacklog(inbox::PgConnection &conn, const char *source, const QString &tag, qint64 count,
                 double *seconds, QString *error);

// The events of `source` not yet done (received or processing), from the status counters:
// cheap enough to ask every 50 ms. -1 with *error when the call fails.
qint64 backlogOf(inbox::PgConnection &conn, const char *source, QString *error);

} // namespace bench
