#pragma once

#include "db/pgconnection.h"
#include "db/querychannel.h"

#include <QVector>

namespace bench {

// The console's statements run over a bare libpq connection: the same SQL text and the same
// values, sent as text parameters with PQexecParams (the server infers their types, as it
// does for the console's prepared statements). Returns false with the error on failure.
bool runPlain(inbox::PgConnection &conn, const QVector<inbox::Query> &batch, QString *error);

// A QVariant as the text libpq sends (null stays null).
inbox::PgParam toParam(const QVariant &value);

} // namespace bench
