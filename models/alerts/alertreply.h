#pragma once

#include <functional>

namespace inbox {

class ConsoleContext;
struct DbError;
struct QueryReply;

// How the alert models (rules, episodes) take the reply to their read. True for a good reply:
// the one retry is armed again and `*error` is cleared. A failed read is sent once more through
// `resend` when the connection was lost (ConsoleContext::retryAfter, `*retried`); otherwise the
// failure is kept in `*error` and `failed` is called; false in both cases, and the caller stops.
bool takeAlertReply(ConsoleContext *context, const QueryReply &reply, bool *retried, DbError *error,
                    const std::function<void()> &resend, const std::function<void()> &failed);

} // namespace inbox
