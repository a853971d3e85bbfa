#pragma once

#include <QList>
#include <QPair>
#include <QString>

namespace inbox {
class PgConnection;
}

namespace bench {

// The server `admin` is connected to (its host and port, as libpq reports them) in key=value
// form, followed by `keys` in their order; a key whose value is empty is left out. With a
// password among them the string is never printed.
QString serverConninfo(const inbox::PgConnection &admin,
                       const QList<QPair<const char *, QString>> &keys);

} // namespace bench
