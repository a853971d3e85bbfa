#pragma once

#include <QString>

#include <optional>

namespace inbox {

// What a person decides on a pair, as inbox.decide_duplicate spells it.
enum class Decision { Merge, Reject, Undo };

// What became of a decision, parsed once from the contract's word (docs/contract.md,
// decide_duplicate) so the screens branch on values, not on strings.
enum class DecisionOutcome {
    None,              // no word: the connection was lost, or an error stopped it
    Merged,            // applied
    Rejected,          // applied
    Undone,            // applied
    AlreadyDecided,    // someone decided first; mine is not applied
    NotDecided,        // undo of a pair that is open
    LeadAlreadyMerged, // lead B is linked by another decision
    NotFound,          // the pair does not exist (any more)
    ChangedSince,      // undo refused: the pair is no longer as my decision left it
    Unknown,           // a word this version does not know: never taken for success
};

// A pair's state as inbox.duplicate_candidates.status spells it, parsed once where the row is
// read so the screens compare values, not words.
enum class PairStatus {
    Open,
    Merged,
    Rejected,
    Unknown, // a word this version does not know (or none): never taken for open
};

// "merge", "reject", "undo".
QString decisionWord(Decision decision);
std::optional<Decision> parseDecision(const QString &word);
// The word as the contract spells it; empty for None and Unknown.
QString decisionOutcomeWord(DecisionOutcome outcome);
// An empty word is None; a word not in the contract is Unknown.
DecisionOutcome parseDecisionOutcome(const QString &word);
// "open", "merged", "rejected"; empty for Unknown.
QString pairStatusWord(PairStatus status);
// A word not in the contract (or an empty one) is Unknown.
PairStatus parsePairStatus(const QString &word);

} // namespace inbox
