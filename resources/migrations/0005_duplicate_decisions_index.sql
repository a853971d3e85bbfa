-- Migration 5: the possible-duplicate screen's counters ("decided today: by me / by everyone").
-- Decided pairs accumulate for ever; without this index counting today's decisions would walk
-- every candidate row. A range on decided_at with decided_by in the index keeps both counts an
-- index-only scan over today's decisions. Undo clears decided_at, so an undone decision drops
-- out of the range by itself.
CREATE INDEX duplicate_candidates_decided_idx ON inbox.duplicate_candidates (decided_at, decided_by)
    WHERE decided_at IS NOT NULL;
