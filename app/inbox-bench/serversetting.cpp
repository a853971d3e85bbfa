#include "serversetting.h"

#include "db/pgconnection.h"

namespace bench {

QString serverSetting(inbox::PgConnection &db, const char *name)
{
    inbox::DbError e;
    const auto r =
        db.exec(QStringLiteral("SELECT current_setting($1)"), {inbox::PgParam(name)}, &e);
    return r && r->rows() == 1 ? r->text(0, 0) : QStringLiteral("?");
}

} // namespace bench
