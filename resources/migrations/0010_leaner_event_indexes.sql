-- Migration 10: two fewer indexes on inbox.events, with every query still served.
--
-- A status change is never a HOT update (status is indexed and in the predicates of the
-- partial indexes), so every accept, claim, complete, fail and requeue writes one entry into
-- each full index of inbox.events; the benchmark's requeue of 10,000 events and accept's
-- throughput are bound by that (BENCHMARKS.md).
--
-- 1. The key (source, external_id) and the search index (external_id) become one unique
--    index on (external_id, source). It still enforces the contract's key (uniqueness is
--    about the pair, whatever the column order; ON CONFLICT (source, external_id) infers
--    it), and with external_id leading it also serves the journal's search by external id
--    without a source (exact, and prefix through COLLATE "C"), by external id and source,
--    and the sort by external id. One random-position entry less per row change.
-- 2. events_failed_idx (received_at, id) WHERE status = 'failed' repeats the 'failed' range
--    of events_open_status_idx (status, received_at, id) WHERE status <> 'done' from 0006,
--    which the planner uses for status = 'failed' (it proves the predicate). One entry less
--    for every event that fails.
--
-- The unique index is built inside the migration's transaction (writers wait while it is
-- built: about a minute on ten million events on this machine).

ALTER TABLE inbox.events
    ADD CONSTRAINT events_external_id_source_key UNIQUE (external_id, source);
ALTER TABLE inbox.events DROP CONSTRAINT events_source_external_id_key;
DROP INDEX inbox.events_external_id_idx;
DROP INDEX inbox.events_failed_idx;
