#pragma once

#include "db/connectoptions.h"
#include "db/dberror.h"

#include <optional>

namespace inbox {

// The connection the console's reads use when a profile names a standby to read from
// (ConnectOptions::readFrom): that string, completed with every key of the primary's it leaves
// out (dbname, user, sslmode...), so "host=db2" is enough. Unless it names
// target_session_attrs itself, the primary's hosts follow the standby's with
// target_session_attrs=prefer-standby: with the standby down, libpq reaches the primary and
// reads go on there (the status bar says so); `target_session_attrs=standby` in the string
// makes reads fail instead. Without readFrom, the primary's options unchanged.
struct ReadRoute
{
    ConnectOptions options;
    bool fallsBackToPrimary = false;
};

// nullopt with the reason when either string cannot be parsed.
std::optional<ReadRoute> readRouteFor(const ConnectOptions &primary, DbError *error);

} // namespace inbox
