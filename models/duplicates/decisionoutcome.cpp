#include "duplicates/decisionoutcome.h"

#include "table/wordtable.h"

namespace inbox {

namespace {

// The contract's words, each in one place.
const WordTable<Decision> kDecisions{
    {Decision::Merge, "merge"},
    {Decision::Reject, "reject"},
    {Decision::Undo, "undo"},
};

const WordTable<DecisionOutcome> kOutcomes{
    {DecisionOutcome::Merged, "merged"},
    {DecisionOutcome::Rejected, "rejected"},
    {DecisionOutcome::Undone, "undone"},
    {DecisionOutcome::AlreadyDecided, "already_decided"},
    {DecisionOutcome::NotDecided, "not_decided"},
    {DecisionOutcome::LeadAlreadyMerged, "lead_already_merged"},
    {DecisionOutcome::NotFound, "not_found"},
    {DecisionOutcome::ChangedSince, "changed_since"},
};

const WordTable<PairStatus> kPairStatuses{
    {PairStatus::Open, "open"},
    {PairStatus::Merged, "merged"},
    {PairStatus::Rejected, "rejected"},
};

} // namespace

QString decisionWord(Decision decision)
{
    return kDecisions.word(decision);
}

std::optional<Decision> parseDecision(const QString &word)
{
    return kDecisions.parse(word);
}

QString decisionOutcomeWord(DecisionOutcome outcome)
{
    return kOutcomes.word(outcome);
}

DecisionOutcome parseDecisionOutcome(const QString &word)
{
    if (word.isEmpty())
        return DecisionOutcome::None;
    return kOutcomes.parse(word).value_or(DecisionOutcome::Unknown);
}

QString pairStatusWord(PairStatus status)
{
    return kPairStatuses.word(status);
}

PairStatus parsePairStatus(const QString &word)
{
    return kPairStatuses.parse(word).value_or(PairStatus::Unknown);
}

} // namespace inbox
