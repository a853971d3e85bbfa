-- Migration 15: the hot path's counters take no row lock (see docs/contract.md, "Statistics",
-- and "Guarantees under concurrency").
--
-- Until now every accept, claim, complete, fail and requeue upserted a row of
-- inbox.status_counts and one of inbox.daily_stats, sharded by pg_backend_pid() % 8, and kept
-- both row locks until commit. A transaction that stores several deliveries takes them in
-- the order of its calls: a new key takes (status_counts, then daily_stats), a repeat only
-- daily_stats; two such transactions on backends of the same shard took the two rows in
-- opposite orders and the server aborted one with 40P01 (24 sessions of 20 mixed accepts:
-- 30 % of the transactions, about 1.2 s each for the others).
--
-- The two tables become ledgers: a writer only INSERTs a delta row (no unique key, no index,
-- so no row lock and no wait), and every reader already sums the rows. inbox._fold_counters()
-- folds the committed rows into one row per key (and shard) in one transaction: the rows it
-- deletes and the sums it inserts commit together, so every snapshot sees the same totals
-- before and after. It is called by the writers now and then (about one write in 256, and
-- never waits: a second folder skips while the first one's transaction is open), so the
-- ledgers stay a few hundred rows long. `shard` is still the writer's backend pid % 8; the
-- fold keeps it, it no longer spreads any lock.

ALTER TABLE inbox.status_counts DROP CONSTRAINT status_counts_pkey;
ALTER TABLE inbox.daily_stats DROP CONSTRAINT daily_stats_pkey;
-- Rows are deleted by every fold: vacuum them often, like the queue.
ALTER TABLE inbox.status_counts SET (autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_cost_delay = 0);
ALTER TABLE inbox.daily_stats SET (autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_cost_delay = 0);

CREATE FUNCTION inbox._fold_counters() RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    -- One folder at a time, and a writer never waits for it: the lock is tried, not taken.
    -- Only in read committed: a transaction snapshot older than the last fold would get a
    -- serialization failure on the rows that fold deleted.
    IF current_setting('transaction_isolation') <> 'read committed'
       OR NOT pg_try_advisory_xact_lock(7317452012) THEN
        RETURN;
    END IF;
    -- Zero rows are kept: stats_now shows every source that ever had an event.
    WITH d AS (
        DELETE FROM inbox.status_counts c RETURNING c.source, c.status, c.shard, c.n
    )
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT d.source, d.status, d.shard, sum(d.n) FROM d GROUP BY d.source, d.status, d.shard;
    WITH d AS (
        DELETE FROM inbox.daily_stats s
        RETURNING s.day, s.source, s.shard, s.received, s.repeats, s.conflicts, s.done,
                  s.failed, s.requeued
    )
    INSERT INTO inbox.daily_stats (day, source, shard, received, repeats, conflicts, done,
                                   failed, requeued)
    SELECT d.day, d.source, d.shard, sum(d.received), sum(d.repeats), sum(d.conflicts),
           sum(d.done), sum(d.failed), sum(d.requeued)
      FROM d GROUP BY d.day, d.source, d.shard;
END;
$$;
REVOKE ALL ON FUNCTION inbox._fold_counters() FROM PUBLIC;

CREATE OR REPLACE FUNCTION inbox._bump_daily(p_source text, p_received int DEFAULT 0,
    p_repeats int DEFAULT 0, p_conflicts int DEFAULT 0, p_done int DEFAULT 0,
    p_failed int DEFAULT 0, p_requeued int DEFAULT 0) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.daily_stats (day, source, shard, received, repeats, conflicts, done,
                                   failed, requeued)
    VALUES ((now() AT TIME ZONE 'UTC')::date, p_source, (pg_backend_pid() % 8)::smallint,
            p_received, p_repeats, p_conflicts, p_done, p_failed, p_requeued);
    IF random() < 1.0 / 256 THEN
        PERFORM inbox._fold_counters();
    END IF;
END;
$$;

-- The insert trigger becomes a statement trigger like the other two: one delta per (source,
-- status) per statement, whatever the number of rows.
DROP TRIGGER events_track_status_ins ON inbox.events;
DROP FUNCTION inbox._track_status();

CREATE FUNCTION inbox._track_status_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT n.source, n.status, (pg_backend_pid() % 8)::smallint, count(*)
      FROM new_rows n
     GROUP BY n.source, n.status;
    RETURN NULL;
END;
$$;

REVOKE ALL ON FUNCTION inbox._track_status_insert() FROM PUBLIC;

CREATE TRIGGER events_track_status_ins AFTER INSERT ON inbox.events
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_status_insert();

CREATE OR REPLACE FUNCTION inbox._track_status_update() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT d.source, d.status, (pg_backend_pid() % 8)::smallint, sum(d.delta)
      FROM (SELECT o.source, o.status, -1 AS delta FROM old_rows o
            UNION ALL
            SELECT n.source, n.status, 1 FROM new_rows n) d
     GROUP BY d.source, d.status
    HAVING sum(d.delta) <> 0;
    IF random() < 1.0 / 256 THEN
        PERFORM inbox._fold_counters();
    END IF;
    RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION inbox._track_status_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT o.source, o.status, (pg_backend_pid() % 8)::smallint, -count(*)
      FROM old_rows o
     GROUP BY o.source, o.status;
    RETURN NULL;
END;
$$;

-- The existing rows, folded once.
SELECT inbox._fold_counters();
