#pragma once

#include "db/connectplan.h"
#include "db/connectproblem.h"
#include "db/dberror.h"

#include <functional>

struct pg_conn;

namespace inbox {

// The one way the system opens a libpq connection, for a blocking caller (the simulator, the
// benchmark, the command line, PgConnection) and for the console's session worker alike.
// It uses libpq's non-blocking calls, polled with the plan's deadline, so an attempt that
// hangs (an unreachable host, a firewall that drops packets) ends on time and can be
// abandoned when `cancelled` (asked about ten times a second; may be empty) says so. The
// failure is told apart for the person (see connectproblem.h).
//
// On success the connection logs server notices and has the plan's statement_timeout.
// On failure it returns null with the reason in *error and, when asked, *problem.
pg_conn *connectLibpq(const ConnectPlan &plan, const std::function<bool()> &cancelled,
                      DbError *error, ConnectProblem *problem = nullptr);

// Sets the session's statement_timeout (0: none); false with the reason on failure.
bool setStatementTimeout(pg_conn *conn, int ms, DbError *error);

// Server notices go to the log ("db", info), not to whoever's terminal started the program.
void logServerNotices(pg_conn *conn);

} // namespace inbox
