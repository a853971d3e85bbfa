#pragma once

#include "polladapter.h"

namespace inbox::poll {

// Bitrix24's offline events (event.offline.get / event.offline.clear): what a portal the
// receiver cannot reach by webhook queues for the application. Secrets: "webhook_url" (the
// REST address with its code, https://portal.bitrix24.ru/rest/1/abc.../: a secret, read from
// a file). Options: "process_id" (default "inbox-<source>"), "source" (set by the poller).
std::unique_ptr<PollAdapter> makeBitrix24Adapter(const AdapterSettings &settings,
                                                 QList<SettingProblem> *problems);

} // namespace inbox::poll
