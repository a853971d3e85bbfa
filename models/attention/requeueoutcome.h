#pragma once

#include <QString>

namespace inbox {

// What became of one event in a requeue run, parsed once from inbox.requeue's word (or the
// Requeuer's own, for ids it could not send or learn about) so callers branch on values.
enum class RequeueOutcome {
    Requeued,      // requeued
    Done,          // done: left alone
    InProgress,    // in_progress: left alone
    AlreadyQueued, // already_queued: left alone
    NotFound,      // not_found
    NotAttempted,  // not_attempted: stopped, refused or after a loss
    NotApplied,    // not_applied: the connection was lost before it applied
    Unknown,       // unknown: the journal could not be read after a loss
    Unrecognised,  // a word this version does not know: never taken for success
};

// The word as the contract spells it; empty for Unrecognised.
QString requeueOutcomeWord(RequeueOutcome outcome);
RequeueOutcome parseRequeueOutcome(const QString &word);

} // namespace inbox
