#include "attention/requeueoutcome.h"

#include <utility>

namespace inbox {

namespace {

// The words, each in one place.
const std::pair<RequeueOutcome, const char *> kWords[] = {
    {RequeueOutcome::Requeued, "requeued"},      {RequeueOutcome::Done, "done"},
    {RequeueOutcome::InProgress, "in_progress"}, {RequeueOutcome::AlreadyQueued, "already_queued"},
    {RequeueOutcome::NotFound, "not_found"},     {RequeueOutcome::NotAttempted, "not_attempted"},
    {RequeueOutcome::NotApplied, "not_applied"}, {RequeueOutcome::Unknown, "unknown"},
};

} // namespace

QString requeueOutcomeWord(RequeueOutcome outcome)
{
    for (const auto &[value, word] : kWords)
        if (value == outcome)
            return QLatin1String(word);
    return QString();
}

RequeueOutcome parseRequeueOutcome(const QString &word)
{
    for (const auto &[value, spelled] : kWords)
        if (word == QLatin1String(spelled))
            return value;
    return RequeueOutcome::Unrecognised;
}

} // namespace inbox
