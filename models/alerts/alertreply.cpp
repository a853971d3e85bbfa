#include "alerts/alertreply.h"

#include "db/consolecontext.h"
#include "db/querychannel.h"

namespace inbox {

bool takeAlertReply(ConsoleContext *context, const QueryReply &reply, bool *retried, DbError *error,
                    const std::function<void()> &resend, const std::function<void()> &failed)
{
    if (!reply.ok()) {
        if (context->retryAfter(reply.error, retried)) {
            resend();
            return false;
        }
        *error = reply.error;
        failed();
        return false;
    }
    *retried = false;
    *error = {};
    return true;
}

} // namespace inbox
