#include "attention/reviewresolution.h"

#include "table/wordtable.h"

namespace inbox {

namespace {

// The words, each in one place.
const WordTable<ReviewResolution> kResolutions{
    {ReviewResolution::KeptFirstBody, "kept_first_body"},
    {ReviewResolution::SecondIsNewEvent, "second_is_new_event"},
    {ReviewResolution::HandledByHand, "handled_by_hand"},
};

const WordTable<ReviewOutcome> kOutcomes{
    {ReviewOutcome::Resolved, "resolved"},
    {ReviewOutcome::NotFlagged, "not_flagged"},
    {ReviewOutcome::NotAConflict, "not_a_conflict"},
    {ReviewOutcome::NotFound, "not_found"},
};

} // namespace

QString reviewResolutionWord(ReviewResolution resolution)
{
    return kResolutions.word(resolution);
}

std::optional<ReviewResolution> parseReviewResolution(const QString &word)
{
    return kResolutions.parse(word);
}

QString reviewOutcomeWord(ReviewOutcome outcome)
{
    return kOutcomes.word(outcome);
}

ReviewOutcome parseReviewOutcome(const QString &word)
{
    return kOutcomes.parse(word).value_or(ReviewOutcome::Unrecognised);
}

} // namespace inbox
