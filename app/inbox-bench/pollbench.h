#pragma once

#include "figure.h"
#include "options.h"

#include <QString>
#include <QVector>

namespace inbox {
class PgConnection;
}

namespace bench {

// The poll stage (issue 34): the real inbox-poller reads one window of --poll-postings Ozon
// postings (10,000 by default: 10 pages of 1,000) from the simulator's fake Ozon API into the
// database, a fresh source each round; the time from the poller's start to the window's last
// page committed, and how many pages it took. False with *error when a round failed.
bool runPollFigures(const Options &o, inbox::PgConnection &admin, QVector<Figure> *figures,
                    QString *error);

} // namespace bench
