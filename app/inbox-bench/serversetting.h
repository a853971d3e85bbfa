#pragma once

#include <QString>

namespace inbox {
class PgConnection;
}

namespace bench {

// A server setting as SHOW prints it ("?" when it cannot be read), for the figures' notes.
QString serverSetting(inbox::PgConnection &db, const char *name);

} // namespace bench
