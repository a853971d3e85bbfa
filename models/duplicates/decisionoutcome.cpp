#include "duplicates/decisionoutcome.h"

#include <utility>

namespace inbox {

namespace {

// The contract's words, each in one place.
const std::pair<Decision, const char *> kDecisions[] = {
    {Decision::Merge, "merge"},
    {Decision::Reject, "reject"},
    {Decision::Undo, "undo"},
};

const std::pair<DecisionOutcome, const char *> kOutcomes[] = {
    {DecisionOutcome::Merged, "merged"},
    {DecisionOutcome::Rejected, "rejected"},
    {DecisionOutcome::Undone, "undone"},
    {DecisionOutcome::AlreadyDecided, "already_decided"},
    {DecisionOutcome::NotDecided, "not_decided"},
    {DecisionOutcome::LeadAlreadyMerged, "lead_already_merged"},
    {DecisionOutcome::NotFound, "not_found"},
    {DecisionOutcome::ChangedSince, "changed_since"},
};

} // namespace

QString decisionWord(Decision decision)
{
    for (const auto &[value, word] : kDecisions)
        if (value == decision)
            return QLatin1String(word);
    return QString();
}

std::optional<Decision> parseDecision(const QString &word)
{
    for (const auto &[value, spelled] : kDecisions)
        if (word == QLatin1String(spelled))
            return value;
    return std::nullopt;
}

QString decisionOutcomeWord(DecisionOutcome outcome)
{
    for (const auto &[value, word] : kOutcomes)
        if (value == outcome)
            return QLatin1String(word);
    return QString();
}

DecisionOutcome parseDecisionOutcome(const QString &word)
{
    if (word.isEmpty())
        return DecisionOutcome::None;
    for (const auto &[value, spelled] : kOutcomes)
        if (word == QLatin1String(spelled))
            return value;
    return DecisionOutcome::Unknown;
}

} // namespace inbox
