#include "attention/requeueoutcome.h"

#include "table/wordtable.h"

namespace inbox {

namespace {

// The words, each in one place.
const WordTable<RequeueOutcome> kWords{
    {RequeueOutcome::Requeued, "requeued"},      {RequeueOutcome::Done, "done"},
    {RequeueOutcome::InProgress, "in_progress"}, {RequeueOutcome::AlreadyQueued, "already_queued"},
    {RequeueOutcome::NotFound, "not_found"},     {RequeueOutcome::NotAttempted, "not_attempted"},
    {RequeueOutcome::NotApplied, "not_applied"}, {RequeueOutcome::Unknown, "unknown"},
};

} // namespace

QString requeueOutcomeWord(RequeueOutcome outcome)
{
    return kWords.word(outcome);
}

RequeueOutcome parseRequeueOutcome(const QString &word)
{
    return kWords.parse(word).value_or(RequeueOutcome::Unrecognised);
}

} // namespace inbox
