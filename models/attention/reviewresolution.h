#pragma once

#include <QString>

#include <optional>

namespace inbox {

// How a person answers an event's needs_review (inbox.resolve_review, contract §4.8a), and
// what became of each event; the words are spelled once, in reviewresolution.cpp.
enum class ReviewResolution {
    KeptFirstBody,    // kept_first_body: key conflict only; the stored body is the event
    SecondIsNewEvent, // second_is_new_event: key conflict only; each other body a new event
    HandledByHand,    // handled_by_hand: any reason; the note says what was done
};

enum class ReviewOutcome {
    Resolved,     // resolved
    NotFlagged,   // not_flagged: needs_review was already NULL
    NotAConflict, // not_a_conflict: a conflict resolution on a worker's reason
    NotFound,     // not_found
    Unrecognised, // a word this version does not know: never taken for success
};

// The reason inbox.accept gives a key conflict; the conflict resolutions apply only to it.
inline QString keyConflictReason()
{
    return QStringLiteral("key conflict");
}

QString reviewResolutionWord(ReviewResolution resolution);
std::optional<ReviewResolution> parseReviewResolution(const QString &word);
// The word as the contract spells it; empty for Unrecognised.
QString reviewOutcomeWord(ReviewOutcome outcome);
ReviewOutcome parseReviewOutcome(const QString &word);

} // namespace inbox
