#pragma once

#include "polladapter.h"

namespace inbox::poll {

// Ozon Seller API, FBS postings (POST /v3/posting/fbs/list): one event per posting and status.
// Secrets "client_id" and "api_key" (client_id_file, api_key_file); base_url defaults to
// Ozon's own API address.
std::unique_ptr<PollAdapter> makeOzonAdapter(const AdapterSettings &settings,
                                             QList<SettingProblem> *problems);

} // namespace inbox::poll
