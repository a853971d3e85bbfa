#pragma once

#include <QByteArray>
#include <QString>

namespace inbox {
class PgConnection;
}

namespace bench {

// A login for a service the benchmark starts, as an operator would make it: member of `role`
// (inbox_ingest for the receiver, inbox_worker for the dispatcher) and nothing else, with a
// fresh random password in *password. An earlier login of that name is dropped first.
bool makeLogin(inbox::PgConnection &admin, const char *login, const char *role,
               QByteArray *password, QString *error);

// Drops the login; says so on stderr when it cannot.
void dropLogin(inbox::PgConnection &admin, const char *login);

} // namespace bench
