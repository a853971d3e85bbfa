#include "serverconninfo.h"

#include "db/conninfo.h"
#include "db/pgconnection.h"

#include <QStringList>

#include <libpq-fe.h>

namespace bench {

QString serverConninfo(const inbox::PgConnection &admin,
                       const QList<QPair<const char *, QString>> &keys)
{
    pg_conn *c = admin.raw();
    QList<QPair<const char *, QString>> all{{"host", QString::fromUtf8(PQhost(c))},
                                            {"port", QString::fromUtf8(PQport(c))}};
    all += keys;
    QStringList parts;
    for (const auto &[key, value] : std::as_const(all)) {
        if (!value.isEmpty())
            parts << QString::fromLatin1(key) + QLatin1Char('=') + inbox::quoteConnValue(value);
    }
    return parts.join(QLatin1Char(' '));
}

} // namespace bench
