#pragma once
// inbox-sim --check-polled URL: the pull door's self-check. It asks the simulator's fake APIs
// at URL (inbox-sim --fake-marketplace) what they made (GET /fake/orders, /fake/crm-keys) and
// compares it with the inbox's events of the sources inbox-poller stores them under
// (--polled-sources), as of each source's polled_to (what was visible a second before the end
// of the last window read must be there; the APIs' windows are whole seconds):
//   bitrix24, amocrm      every key made and visible before polled_to is an event; no event
//                         has a key the fake never made
//   wb                    the same for the orders, and each has at least one status event
//                         ("<id>/<supplierStatus>/<wbStatus>"), of a status the order had
//   ozon                  every posting visible before polled_to has an event
//                         ("<posting>/<status>", one per status the poller saw); no event
//                         names a posting or a status the fake never had
// Keys are unique in the inbox, so a posting or order stored twice would show as a key the
// fake never made. Prints one line per API and the first missing keys; exit 0 when nothing is
// missing or unknown, 1 otherwise (a source not yet polled to the end of a window included),
// 2 when the fake or the database cannot be reached.

namespace inbox::sim {

struct Options;

int runPollCheck(const Options &options);

} // namespace inbox::sim
