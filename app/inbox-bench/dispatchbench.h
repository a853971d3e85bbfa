#pragma once

#include "figure.h"
#include "options.h"

#include <QString>
#include <QVector>

namespace inbox {
class PgConnection;
}

namespace bench {

// The dispatch stage (issue 33): inbox-dispatcher draining a backlog to a fake handler that
// answers 200 at once, beside a bare client sending the same signed requests to the same
// handler; the time from an accept's commit to the handler at a steady rate; its memory over
// a drain. False with *error when a measurement failed.
bool runDispatchFigures(const Options &o, inbox::PgConnection &admin, QVector<Figure> *figures,
                        QString *error);

} // namespace bench
