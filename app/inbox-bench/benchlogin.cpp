#include "benchlogin.h"

#include "db/pgconnection.h"

#include <QRandomGenerator>

#include <cstdio>

namespace bench {

bool makeLogin(inbox::PgConnection &admin, const char *login, const char *role,
               QByteArray *password, QString *error)
{
    *password = QByteArray::number(QRandomGenerator::system()->generate64(), 16) +
                QByteArray::number(QRandomGenerator::system()->generate64(), 16);
    inbox::DbError e;
    const auto ddl =
        admin.exec(QStringLiteral("SELECT format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', "
                                  "$1::text, $2::text, $3::text)"),
                   {inbox::PgParam(login), inbox::PgParam(QString::fromLatin1(*password)),
                    inbox::PgParam(role)},
                   &e);
    if (!ddl ||
        !admin.run(QStringLiteral("DROP ROLE IF EXISTS %1").arg(QLatin1String(login)), &e) ||
        !admin.run(ddl->text(0, 0), &e)) {
        *error = QStringLiteral("making the login %1: %2").arg(QLatin1String(login), e.message);
        return false;
    }
    return true;
}

void dropLogin(inbox::PgConnection &admin, const char *login)
{
    inbox::DbError e;
    if (!admin.run(QStringLiteral("DROP ROLE IF EXISTS %1").arg(QLatin1String(login)), &e))
        std::fprintf(stderr, "  could not drop the login %s: %s\n", login, qPrintable(e.message));
}

} // namespace bench
