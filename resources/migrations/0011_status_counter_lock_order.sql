-- Migration 11: the status counters are written in one fixed order.
--
-- The statement-level triggers of 0004 upsert one inbox.status_counts row per (source,
-- status) that a statement changed, in the order their GROUP BY hands the groups over, which
-- can differ from statement to statement. Counter rows are sharded by backend pid (8
-- shards), so two sessions share a shard one time in eight; two statements that touch the
-- same two counter rows in opposite orders then wait for each other, and the server aborts
-- one of them with a deadlock (40P01). The console requeues on two sessions at once, so this
-- is no longer rare. Writing the rows in (source, status) order makes every transaction take
-- these row locks in the same order: one waits for the other, neither is aborted.

CREATE OR REPLACE FUNCTION inbox._track_status_update() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts AS c (source, status, shard, n)
    SELECT d.source, d.status, (pg_backend_pid() % 8)::smallint, sum(d.delta)
      FROM (SELECT o.source, o.status, -1 AS delta FROM old_rows o
            UNION ALL
            SELECT n.source, n.status, 1 FROM new_rows n) d
     GROUP BY d.source, d.status
    HAVING sum(d.delta) <> 0
     ORDER BY d.source, d.status
    ON CONFLICT (source, status, shard) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION inbox._track_status_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts AS c (source, status, shard, n)
    SELECT o.source, o.status, (pg_backend_pid() % 8)::smallint, -count(*)
      FROM old_rows o
     GROUP BY o.source, o.status
     ORDER BY o.source, o.status
    ON CONFLICT (source, status, shard) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
END;
$$;
