#pragma once

#include "polladapter.h"

namespace inbox::poll {

// amoCRM's events API, v4 (GET /api/v4/events): what happened to leads, contacts and
// companies, read in windows of created_at. Secrets: "token" (a long-lived token or an OAuth
// access token, sent as "Authorization: Bearer ..."). Options: "entity" (lead, contact,
// company...; several separated by commas; empty: all) and "types" (event types, e.g.
// lead_added,lead_status_changed; empty: all).
std::unique_ptr<PollAdapter> makeAmoCrmAdapter(const AdapterSettings &settings,
                                               QList<SettingProblem> *problems);

} // namespace inbox::poll
