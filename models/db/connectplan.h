#pragma once

#include "db/connectoptions.h"
#include "db/conninfo.h"
#include "db/dberror.h"

#include <optional>

class QSqlDatabase;

namespace inbox {

// What every program of the system does before it opens a connection: the connection string
// parsed once and completed with the options (application_name and connect_timeout unless
// the string names them; the password typed in a window wins over one in the string). The
// same plan feeds libpq (openLibpq) and Qt SQL's PostgreSQL driver (applyTo), so a profile
// means the same in the console's reading connections and in its session.
class ConnectPlan final
{
public:
    // nullopt with the reason when the string cannot be parsed, or when an option value
    // holds ';': Qt SQL's driver turns every ';' of its options into a space, so such a value
    // would reach one connection unharmed and another changed; it is refused everywhere.
    static std::optional<ConnectPlan> make(const ConnectOptions &options, DbError *error);

    const ConnInfo &info() const { return m_info; }
    // Seconds the whole attempt may take (0: no limit); at least 2, as libpq rounds.
    int connectTimeoutS() const { return m_connectTimeoutS; }
    // The statement_timeout every connection of the plan gets (0: none).
    int statementTimeoutMs() const { return m_statementTimeoutMs; }

    // Gives a QPSQL QSqlDatabase (not yet open) these settings.
    void applyTo(QSqlDatabase &db) const;

private:
    ConnectPlan() = default;

    ConnInfo m_info;
    int m_connectTimeoutS = 0;
    int m_statementTimeoutMs = 0;
};

} // namespace inbox
