#pragma once
// What one HTTP answer means for the event and for its destination, as pure functions, so the
// rules of issue 33 are tested without a network:
//   2xx                                  Done     complete
//   410 Gone                             Gone     the destination is disabled (Standard
//                                                 Webhooks); the event is given back uncounted
//   408, 425, 429, 5xx, no answer        Retry    fail, retryable, on the contract's schedule
//   (timeout, refused, reset), 1xx, 3xx           (redirects are not followed: a moved handler
//                                                 is a configuration to fix, not an event to drop)
//   any other 4xx (400, 404, 409, 422)   Reject   fail, not retryable
// Only Retry counts towards the circuit breaker: a handler that answers 422 is alive.

#include <QByteArray>
#include <QDateTime>

#include <optional>

namespace inbox::dispatch {

class DeliveryRules final
{
public:
    enum class Verdict { Done, Reject, Retry, Gone };

    // `status` 0: no answer at all.
    static Verdict classify(int status);

    // Whether a Retry-After on this status slows the whole destination (429 and 503 only).
    static bool honoursRetryAfter(int status) { return status == 429 || status == 503; }

    // Retry-After as seconds from `now`: delta-seconds ("120") or an HTTP-date ("Wed, 21 Oct
    // 2015 07:28:00 GMT"; a past date is 0). nullopt when it is neither.
    static std::optional<qint64> retryAfterSeconds(const QByteArray &value, const QDateTime &now);
};

} // namespace inbox::dispatch
