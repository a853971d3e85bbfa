#pragma once

#include "polladapter.h"

namespace inbox::poll {

// Wildberries marketplace API, assembly tasks (GET /api/v3/orders): one event per order.
// Secret "token" (token_file / token_env), sent as the Authorization header; base_url defaults
// to the marketplace API's address.
std::unique_ptr<PollAdapter> makeWbAdapter(const AdapterSettings &settings,
                                           QList<SettingProblem> *problems);

} // namespace inbox::poll
