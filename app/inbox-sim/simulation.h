#pragma once

#include "options.h"

#include <atomic>

namespace inbox::sim {

// Set by SIGINT/SIGTERM: --live stops cleanly, --run stops early and still checks itself.
extern std::atomic<bool> g_interrupted;

// Set by SIGUSR1 (slow-receiver) and SIGUSR2 (normal): a running --live or --run switches its
// scenario, and takes the request back to None.
enum class ScenarioRequest { None, SlowReceiver, Normal };
extern std::atomic<ScenarioRequest> g_scenarioRequest;

// --live and --run: senders, workers and the fake CRM; for --run the self-check at the end.
// Returns the process exit code.
int runTraffic(const Options &options);
// --history / --bulk.
int runFill(const Options &options);
// --check.
int runCheck(const Options &options);

} // namespace inbox::sim
