-- Migration 12: the queue's state gets a narrow table of its own, so that a status change
-- is a HOT update of inbox.events.
--
-- Every claim, complete, fail and requeue changes inbox.events.status. Four indexes of 0001
-- and 0006 have status in their key or predicate (the claim queue, running work, and the
-- journal's two open-status indexes), so none of these changes could be a HOT update: each
-- wrote a new entry into all nine indexes that a row of the queue is in, six of them over
-- the whole table (BENCHMARKS.md: a requeue of 10,000 events is bound by that, and at ten
-- million events most of those index pages are not in memory).
--
-- Here those four indexes move to inbox.event_queue: one narrow row per event that is not
-- done (received, processing or failed; a small share of a healthy table), kept in step
-- with inbox.events by statement triggers in the same transaction, so the two always agree
-- in any snapshot. inbox.events keeps every column of the contract and the status of record;
-- event_queue only serves the searches by status. With no index left on a column that the
-- queue changes, and a fillfactor that leaves room on each page, a status change of
-- inbox.events writes its new row version on the same page and no index entry at all.
--
-- inbox.events' fillfactor applies to pages written from now on; pages that are full keep
-- non-HOT updates until they are rewritten (VACUUM FULL or a fresh fill).
-- event_queue has no foreign key to inbox.events: a row check per insert would cost more
-- than the triggers, and prune removes only done events, which have no queue row.

CREATE TABLE inbox.event_queue (
    id              bigint PRIMARY KEY,
    source          text COLLATE "C" NOT NULL,
    status          text NOT NULL CHECK (status IN ('received', 'processing', 'failed')),
    received_at     timestamptz NOT NULL,
    next_attempt_at timestamptz NOT NULL,
    locked_at       timestamptz
);

-- Writers wait from here to the commit, so that no change falls between the copy below and
-- the triggers that take over from it (readers wait only for the index drops at the end).
LOCK TABLE inbox.events IN SHARE ROW EXCLUSIVE MODE;

-- The events that are not done, read through 0006's partial index before it goes.
INSERT INTO inbox.event_queue (id, source, status, received_at, next_attempt_at, locked_at)
SELECT e.id, e.source, e.status, e.received_at, e.next_attempt_at, e.locked_at
  FROM inbox.events e
 WHERE e.status <> 'done';

-- Every event passes through this table (insert, two or three updates, delete), so dead rows
-- pile up at the head of the claim index fast: vacuum and analyze it every few thousand
-- changes instead of at a share of its (small) size.
ALTER TABLE inbox.event_queue SET (autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 5000, autovacuum_analyze_scale_factor = 0,
    autovacuum_analyze_threshold = 5000, autovacuum_vacuum_cost_delay = 0);

-- The claim queue: due events, oldest first.
CREATE INDEX event_queue_due_idx ON inbox.event_queue (next_attempt_at, id)
    WHERE status = 'received';
-- Running work and takeover of stuck locks.
CREATE INDEX event_queue_processing_idx ON inbox.event_queue (locked_at, id)
    WHERE status = 'processing';
-- The journal's status filters and the needs-attention lists, newest first, keyset paged.
CREATE INDEX event_queue_status_idx ON inbox.event_queue (status, received_at DESC, id DESC);
CREATE INDEX event_queue_source_status_idx
    ON inbox.event_queue (source, status, received_at DESC, id DESC);

DROP INDEX inbox.events_due_idx;
DROP INDEX inbox.events_processing_idx;
DROP INDEX inbox.events_open_status_idx;
DROP INDEX inbox.events_open_source_status_idx;
ALTER TABLE inbox.events SET (fillfactor = 90);

-- Inserted events that are not done get their queue row.
CREATE FUNCTION inbox._queue_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.event_queue (id, source, status, received_at, next_attempt_at, locked_at)
    SELECT n.id, n.source, n.status, n.received_at, n.next_attempt_at, n.locked_at
      FROM new_rows n
     WHERE n.status <> 'done';
    RETURN NULL;
END;
$$;

-- Updated events: a done one leaves the queue; any other gets its queue row written, but
-- only where a queued column changed (a repeat delivery changes none of them).
CREATE FUNCTION inbox._queue_update() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    DELETE FROM inbox.event_queue q
     USING new_rows n
     WHERE q.id = n.id AND n.status = 'done';
    INSERT INTO inbox.event_queue AS q (id, source, status, received_at, next_attempt_at,
                                        locked_at)
    SELECT n.id, n.source, n.status, n.received_at, n.next_attempt_at, n.locked_at
      FROM new_rows n
      JOIN old_rows o ON o.id = n.id
     WHERE n.status <> 'done'
       AND (o.status, o.source, o.received_at, o.next_attempt_at, o.locked_at)
           IS DISTINCT FROM (n.status, n.source, n.received_at, n.next_attempt_at, n.locked_at)
     ORDER BY n.id
    ON CONFLICT (id) DO UPDATE
       SET source = excluded.source, status = excluded.status,
           received_at = excluded.received_at, next_attempt_at = excluded.next_attempt_at,
           locked_at = excluded.locked_at;
    RETURN NULL;
END;
$$;

CREATE FUNCTION inbox._queue_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    DELETE FROM inbox.event_queue q USING old_rows o WHERE q.id = o.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER events_queue_ins AFTER INSERT ON inbox.events
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._queue_insert();
CREATE TRIGGER events_queue_upd AFTER UPDATE ON inbox.events
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._queue_update();
CREATE TRIGGER events_queue_del AFTER DELETE ON inbox.events
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._queue_delete();
-- (A TRUNCATE of inbox.events fires none of these: the simulator's fill truncates both.)
REVOKE ALL ON FUNCTION inbox._queue_insert(), inbox._queue_update(), inbox._queue_delete()
    FROM PUBLIC;

-- The claim and the overview's figures read the queue through inbox.event_queue.
--
-- The claim takes a window of candidates from the queue's index, oldest first, then locks
-- their inbox.events rows (SKIP LOCKED) and checks the status there again: a queue row read
-- before a concurrent change committed is only a candidate. Locks are taken on inbox.events
-- first and on the queue row only by the trigger of the same UPDATE, in every function, so
-- the two tables add no deadlock. The window has its own LIMIT so that the planner cannot
-- start from inbox.events (with stale statistics of the fast-changing queue it did: a seq
-- scan of the events per claim). It holds p_limit * 4 + 64 candidates: a claim comes back
-- short only when more of them than that are held by claims in flight, and the next call
-- takes the rest. Expired locks on their last attempt are found within the oldest window
-- of expired locks.

CREATE OR REPLACE FUNCTION inbox.claim(p_worker text, p_limit int DEFAULT 1,
                            p_lock_timeout interval DEFAULT '5 minutes')
RETURNS SETOF inbox.events
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_taken   int := 0;
    v_window  int;
    v_n       int;
    v_sources text[];
    r         record;
BEGIN
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    IF p_limit IS NULL THEN
        RAISE EXCEPTION 'p_limit must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_limit < 1 OR p_limit > 1000 THEN
        RAISE EXCEPTION 'p_limit must be between 1 and 1000' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_lock_timeout IS NULL THEN
        RAISE EXCEPTION 'p_lock_timeout must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_lock_timeout <= interval '0' THEN
        RAISE EXCEPTION 'p_lock_timeout must be positive' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_window := p_limit * 4 + 64;

    -- Expired locks. Statement 1: those on their last attempt become 'failed'.
    IF EXISTS (SELECT 1 FROM inbox.event_queue q
                WHERE q.status = 'processing' AND q.locked_at < now() - p_lock_timeout) THEN
        WITH c AS (
            SELECT e.id, e.locked_by AS prev_by, e.locked_at AS prev_at
              FROM (SELECT q.id, q.locked_at
                      FROM inbox.event_queue q
                     WHERE q.status = 'processing' AND q.locked_at < now() - p_lock_timeout
                     ORDER BY q.locked_at, q.id
                     LIMIT v_window) w
              JOIN inbox.events e ON e.id = w.id
             WHERE e.status = 'processing' AND e.locked_at < now() - p_lock_timeout
               AND e.attempts >= e.max_attempts
             ORDER BY w.locked_at, w.id
             LIMIT p_limit
               FOR UPDATE OF e SKIP LOCKED
        ), f AS (
            UPDATE inbox.events e
               SET status = 'failed', locked_by = NULL, locked_at = NULL,
                   last_error = 'lock of ' || c.prev_by || ' expired on the last attempt',
                   error_retryable = true
              FROM c
             WHERE e.id = c.id
            RETURNING e.id, e.source, e.attempts, c.prev_by, c.prev_at
        ), j AS (
            INSERT INTO inbox.journal (event_id, entry, actor, detail)
            SELECT f.id, 'failed', p_worker,
                   jsonb_build_object('reason', 'lock_expired', 'attempt', f.attempts,
                                      'previous_holder', f.prev_by, 'previous_locked_at', f.prev_at,
                                      'retryable', true)
              FROM f
        )
        SELECT array_agg(f.source) INTO v_sources FROM f;
        IF v_sources IS NOT NULL THEN
            FOR r IN SELECT s.source, count(*)::int AS n FROM unnest(v_sources) AS s(source)
                      GROUP BY s.source LOOP
                PERFORM inbox._bump_daily(r.source, p_failed => r.n);
            END LOOP;
        END IF;

        -- Statement 2: the others are taken over, the previous holder journaled.
        RETURN QUERY
        WITH c AS (
            SELECT e.id, e.locked_by AS prev_by, e.locked_at AS prev_at
              FROM (SELECT q.id, q.locked_at
                      FROM inbox.event_queue q
                     WHERE q.status = 'processing' AND q.locked_at < now() - p_lock_timeout
                     ORDER BY q.locked_at, q.id
                     LIMIT v_window) w
              JOIN inbox.events e ON e.id = w.id
             WHERE e.status = 'processing' AND e.locked_at < now() - p_lock_timeout
               AND e.attempts < e.max_attempts
             ORDER BY w.locked_at, w.id
             LIMIT p_limit
               FOR UPDATE OF e SKIP LOCKED
        ), u AS (
            UPDATE inbox.events e
               SET locked_by = p_worker, locked_at = now(), attempts = e.attempts + 1
              FROM c
             WHERE e.id = c.id
            RETURNING e.*
        ), j AS (
            INSERT INTO inbox.journal (event_id, entry, actor, detail)
            SELECT u.id, 'takeover', p_worker,
                   jsonb_build_object('previous_holder', c.prev_by, 'previous_locked_at', c.prev_at,
                                      'attempt', u.attempts)
              FROM u JOIN c ON c.id = u.id
        )
        SELECT u.* FROM u JOIN c ON c.id = u.id ORDER BY c.prev_at, c.id;
        GET DIAGNOSTICS v_taken = ROW_COUNT;
    END IF;

    IF v_taken < p_limit THEN
        RETURN QUERY
        WITH c AS (
            SELECT e.id
              FROM (SELECT q.id, q.next_attempt_at
                      FROM inbox.event_queue q
                     WHERE q.status = 'received' AND q.next_attempt_at <= now()
                     ORDER BY q.next_attempt_at, q.id
                     LIMIT v_window) w
              JOIN inbox.events e ON e.id = w.id
             WHERE e.status = 'received' AND e.next_attempt_at <= now()
             ORDER BY w.next_attempt_at, w.id
             LIMIT p_limit - v_taken
               FOR UPDATE OF e SKIP LOCKED
        ), u AS (
            UPDATE inbox.events e
               SET status = 'processing', locked_by = p_worker, locked_at = now(),
                   attempts = e.attempts + 1
              FROM c
             WHERE e.id = c.id
            RETURNING e.*
        ), j AS (
            INSERT INTO inbox.journal (event_id, entry, actor, detail)
            SELECT u.id, 'claimed', p_worker, jsonb_build_object('attempt', u.attempts)
              FROM u
        )
        SELECT * FROM u ORDER BY u.next_attempt_at, u.id;
        GET DIAGNOSTICS v_n = ROW_COUNT;
        v_taken := v_taken + v_n;
    END IF;

    IF v_taken > 0 THEN
        PERFORM inbox._notify('events');
    END IF;
END;
$$;

CREATE OR REPLACE FUNCTION inbox.stats_now(p_lock_timeout interval DEFAULT interval '5 minutes')
RETURNS TABLE(source text, waiting bigint, due bigint, processing bigint, stuck bigint,
              failed bigint, oldest_waiting timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_lock_timeout IS NULL THEN
        RAISE EXCEPTION 'p_lock_timeout must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_lock_timeout < interval '0' THEN
        RAISE EXCEPTION 'p_lock_timeout must not be negative, got %', p_lock_timeout
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    WITH counts AS (
        SELECT c.source,
               sum(c.n) FILTER (WHERE c.status = 'received')::bigint AS waiting,
               sum(c.n) FILTER (WHERE c.status = 'processing')::bigint AS processing,
               sum(c.n) FILTER (WHERE c.status = 'failed')::bigint AS failed
          FROM inbox.status_counts c
         GROUP BY c.source
    ), later AS (
        SELECT e.source, count(*) AS n
          FROM inbox.event_queue e
         WHERE e.status = 'received' AND e.next_attempt_at > now()
         GROUP BY e.source
    ), stuck AS (
        SELECT e.source, count(*) AS n
          FROM inbox.event_queue e
         WHERE e.status = 'processing' AND e.locked_at < now() - p_lock_timeout
         GROUP BY e.source
    )
    SELECT c.source::text,
           coalesce(c.waiting, 0),
           greatest(coalesce(c.waiting, 0) - coalesce(l.n, 0), 0),
           coalesce(c.processing, 0),
           coalesce(s.n, 0),
           coalesce(c.failed, 0),
           o.next_attempt_at
      FROM counts c
      LEFT JOIN later l ON l.source = c.source
      LEFT JOIN stuck s ON s.source = c.source
      LEFT JOIN LATERAL (
            SELECT e.next_attempt_at
              FROM inbox.event_queue e
             WHERE c.waiting > 0      -- a source with nothing waiting does not walk the queue
               AND e.status = 'received' AND e.source = c.source AND e.next_attempt_at <= now()
             ORDER BY e.next_attempt_at, e.id
             LIMIT 1) o ON true
     ORDER BY c.source;
END;
$$;
