-- 0022: a session folds the counter ledgers at most once every 5 seconds, and claim never
-- compiles its plan with JIT (issue 19, fourth pass). Same results, totals, readers and
-- callers.
--
-- The writers call inbox._fold_counters() about once in 256 counter writes (0016). Each fold
-- reads the whole of status_counts and daily_stats and rewrites every row it finds, so it
-- leaves as many dead rows as the ledgers had; autovacuum comes at most once a minute. At
-- 5,000 accepts a second that is some 20 folds a second, each walking thousands of pages of
-- dead rows (after a few minutes of pgbench, daily_stats held 5,600 pages for 1,100 live
-- rows): the cost grew with the square of the rate. perf on the server (BENCHMARKS.md,
-- "Where accept's time goes on schema 21") put the fold's seq scans alone at 7 % of accept's
-- time. pgbench of inbox.accept, 8 clients, 15-s runs alternated with the body of 0016:
-- 4,605 and 4,252 accepts/s before, 6,179 and 5,262 with this limit (1 s gave 5,406 and
-- 4,462; no fold at all 6,714 and 6,288).
--
-- The limit is per session (a transaction-independent setting, like the notify limit): with
-- n busy sessions the ledgers are folded about n times in 5 s, and they hold at most about
-- 5 s of deltas of the busiest session plus one row per key and shard. Readers sum the rows
-- as before, so every figure stays exact. The first call of a session always folds.
--
-- The fold itself is unchanged and keeps its body under a new name, _fold_counters_now(),
-- which folds whenever it is called (for the owner's maintenance); _fold_counters(), the
-- name the writers call, becomes the limit in front of it.

ALTER FUNCTION inbox._fold_counters() RENAME TO _fold_counters_now;

CREATE FUNCTION inbox._fold_counters() RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_now double precision := extract(epoch FROM clock_timestamp())::double precision;
BEGIN
    -- At most once every 5 s in a session: each fold rewrites every row, so folding more often
    -- only makes dead rows for the next fold to walk.
    IF v_now - coalesce(nullif(current_setting('inbox.folded_at', true), '')::double precision,
                        0) < 5.0 THEN
        RETURN;
    END IF;
    PERFORM set_config('inbox.folded_at', v_now::text, false);
    PERFORM inbox._fold_counters_now();
END;
$$;
REVOKE ALL ON FUNCTION inbox._fold_counters() FROM PUBLIC;

-- claim's plans are generic (0012: plan_cache_mode), so their estimated cost grows with the
-- due queue, not with the 10 or 100 rows a claim takes. With 1.5 million due events the
-- estimate passed jit_above_cost (100,000 by default) and every claim spent about 80 ms
-- compiling 26 functions with LLVM (EXPLAIN ANALYZE: "JIT: Functions: 26 ... Total 82 ms"),
-- just when a backlog wants claims to be fast. pgbench of claim(w,10) and 10 completes,
-- 4 clients, 1.5 million due: 13.8 and 13.7 rounds a second with JIT, 19.5 and 19.6 without.
ALTER FUNCTION inbox.claim(text, integer, interval) SET jit = off;
