#pragma once
// How a service's connections reach the database (inbox-receiver's writers and refusal
// ledger, inbox-alerts' evaluator), the same for each: the configuration's `database`,
// `database_password_file` and statement_timeout_ms, the connection's own application_name
// (so pg_stat_activity tells them apart), and 5 s to connect.

#include "db/connectoptions.h"

#include <QString>

namespace inbox::service {

// `Config`: a service's configuration (ReceiverConfig, AlertsConfig) with conninfo, password
// and statementTimeoutMs.
template<typename Config>
ConnectOptions serviceConnectOptions(const Config &config, const QString &applicationName)
{
    ConnectOptions options;
    options.conninfo = config.conninfo;
    options.password = config.password;
    options.applicationName = applicationName;
    options.statementTimeoutMs = config.statementTimeoutMs;
    options.connectTimeoutS = 5;
    return options;
}

} // namespace inbox::service
