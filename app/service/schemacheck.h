#pragma once
// The schema a service needs, checked once at start (issue 32). Every role can read the
// version since 0024 (inbox.schema_version()); a database older than the service needs is a
// refusal whose message names both versions, so the service does not start and then fail on
// every call. A database it cannot reach yet is no refusal: the service starts, its writers
// retry, and the check is not repeated.

#include "db/connectoptions.h"

#include <QString>

namespace inbox::service {

// The version the services (inbox-receiver, inbox-alerts) need: the first one with
// inbox.schema_version() for every role.
constexpr int kNeededSchemaVersion = 24;

// False (and the reason in *error) when the database's schema is older than `needed`; true
// when it is new enough, and when the database could not be reached or asked (*error then
// says why, for a warning).
bool schemaIsNewEnough(const ConnectOptions &options, int needed, const QString &program,
                       QString *error);

} // namespace inbox::service
