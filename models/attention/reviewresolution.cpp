#include "attention/reviewresolution.h"

#include <utility>

namespace inbox {

namespace {

// The words, each in one place.
const std::pair<ReviewResolution, const char *> kResolutions[] = {
    {ReviewResolution::KeptFirstBody, "kept_first_body"},
    {ReviewResolution::SecondIsNewEvent, "second_is_new_event"},
    {ReviewResolution::HandledByHand, "handled_by_hand"},
};

const std::pair<ReviewOutcome, const char *> kOutcomes[] = {
    {ReviewOutcome::Resolved, "resolved"},
    {ReviewOutcome::NotFlagged, "not_flagged"},
    {ReviewOutcome::NotAConflict, "not_a_conflict"},
    {ReviewOutcome::NotFound, "not_found"},
};

} // namespace

QString reviewResolutionWord(ReviewResolution resolution)
{
    for (const auto &[value, word] : kResolutions)
        if (value == resolution)
            return QLatin1String(word);
    return QString();
}

std::optional<ReviewResolution> parseReviewResolution(const QString &word)
{
    for (const auto &[value, spelled] : kResolutions)
        if (word == QLatin1String(spelled))
            return value;
    return std::nullopt;
}

QString reviewOutcomeWord(ReviewOutcome outcome)
{
    for (const auto &[value, word] : kOutcomes)
        if (value == outcome)
            return QLatin1String(word);
    return QString();
}

ReviewOutcome parseReviewOutcome(const QString &word)
{
    for (const auto &[value, spelled] : kOutcomes)
        if (word == QLatin1String(spelled))
            return value;
    return ReviewOutcome::Unrecognised;
}

} // namespace inbox
