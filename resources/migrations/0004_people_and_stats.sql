-- Migration 4: what people do (requeue, prune), the statistics the overview reads, and the
-- final grants of every role (see docs/contract.md).

-- Status counters, statement-level for UPDATE and DELETE (replacing 0001's row triggers).
-- A row trigger upserts the same inbox.status_counts row once per changed event; inside one
-- transaction every upsert adds a version of that row that cannot be pruned yet, so each
-- next upsert walks a longer chain: a 10,000-event requeue took 7 s (quadratic), and a prune
-- of a million done events would not finish. Here each statement adds up its transition
-- tables and writes one delta per (source, status): -1 for every old row, +1 for every new
-- row, so rows whose status did not change cancel out without a join. INSERT keeps 0001's
-- row trigger (accept inserts one row per statement).
DROP TRIGGER events_track_status_upd ON inbox.events;
DROP TRIGGER events_track_status_del ON inbox.events;

CREATE FUNCTION inbox._track_status_update() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts AS c (source, status, shard, n)
    SELECT d.source, d.status, (pg_backend_pid() % 8)::smallint, sum(d.delta)
      FROM (SELECT o.source, o.status, -1 AS delta FROM old_rows o
            UNION ALL
            SELECT n.source, n.status, 1 FROM new_rows n) d
     GROUP BY d.source, d.status
    HAVING sum(d.delta) <> 0
    ON CONFLICT (source, status, shard) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
END;
$$;

CREATE FUNCTION inbox._track_status_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts AS c (source, status, shard, n)
    SELECT o.source, o.status, (pg_backend_pid() % 8)::smallint, -count(*)
      FROM old_rows o
     GROUP BY o.source, o.status
    ON CONFLICT (source, status, shard) DO UPDATE SET n = c.n + excluded.n;
    RETURN NULL;
END;
$$;

CREATE TRIGGER events_track_status_upd AFTER UPDATE ON inbox.events
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_status_update();
CREATE TRIGGER events_track_status_del AFTER DELETE ON inbox.events
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_status_delete();
REVOKE ALL ON FUNCTION inbox._track_status_update(), inbox._track_status_delete() FROM PUBLIC;


-- Puts failed and stuck events back in the queue, one row per distinct id (ascending) saying
-- what happened to it:
--   requeued        it was failed, or processing with a lock older than 5 minutes (stuck)
--   done            it is done; left alone
--   in_progress     a worker holds a fresh lock; left alone
--   already_queued  it is received (waiting or scheduled for a retry); left alone
--   not_found       no such event
-- A requeued event keeps id, source, external_id, idempotency_key, body, deliveries and its
-- journal; it becomes received, due now, attempts 0, no lock, no last error (the previous
-- status and error go into the journal entry, with the person, the reason and a batch id
-- shared by the whole call).
--
-- Set-based: the rows are locked in id order (FOR UPDATE, so two operators requeuing
-- overlapping sets queue up instead of deadlocking), the lock returns each row's latest
-- committed version, and one UPDATE ... FROM decides on those values. An event a worker
-- claims concurrently is therefore either claimed first (then we see its fresh lock and say
-- in_progress) or requeued first (the claim skips it while locked, then sees it received).
-- Of two operators requeuing the same failed event, the second sees it received and is told
-- already_queued: each event is requeued at most once and every caller is told the truth.
CREATE FUNCTION inbox.requeue(p_event_ids bigint[], p_reason text)
RETURNS TABLE(event_id bigint, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    c_max_ids      constant int := 10000;
    c_lock_timeout constant interval := interval '5 minutes';
    v_batch    uuid := gen_random_uuid();
    v_reason   text := btrim(p_reason, E' \t\r\n');
    v_ids      bigint[];
    v_outcomes text[];
    v_counts   jsonb;
    r          record;
BEGIN
    IF p_event_ids IS NULL THEN
        RAISE EXCEPTION 'p_event_ids must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF array_position(p_event_ids, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'p_event_ids must not contain NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF cardinality(p_event_ids) > c_max_ids THEN
        RAISE EXCEPTION 'p_event_ids: at most % ids per call, got %', c_max_ids, cardinality(p_event_ids)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_reason IS NULL THEN
        RAISE EXCEPTION 'p_reason must not be NULL: say why' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason = '' THEN
        RAISE EXCEPTION 'p_reason must not be blank: say why' USING ERRCODE = 'invalid_parameter_value';
    END IF;

    WITH req AS (
        SELECT DISTINCT x.id FROM unnest(p_event_ids) AS x(id)
    ), cur AS MATERIALIZED (
        SELECT e.id, e.source, e.status, e.locked_at, e.locked_by, e.attempts, e.last_error
          FROM req
          JOIN inbox.events e ON e.id = req.id
         ORDER BY e.id
           FOR UPDATE OF e
    ), upd AS (
        UPDATE inbox.events e
           SET status = 'received', next_attempt_at = now(), attempts = 0,
               locked_by = NULL, locked_at = NULL, last_error = NULL, error_retryable = NULL
          FROM cur
         WHERE e.id = cur.id
           AND (cur.status = 'failed'
                OR (cur.status = 'processing' AND cur.locked_at < now() - c_lock_timeout))
        RETURNING e.id, e.source, cur.status AS prev_status, cur.last_error AS prev_error,
                  cur.attempts AS prev_attempts, cur.locked_by AS prev_locked_by
    ), jr AS (
        INSERT INTO inbox.journal (event_id, entry, detail, by_person)
        SELECT u.id, 'requeued',
               jsonb_build_object('reason', v_reason, 'batch', v_batch,
                                  'previous_status', u.prev_status,
                                  'previous_error', left(u.prev_error, 1000),
                                  'previous_attempts', u.prev_attempts,
                                  'previous_locked_by', u.prev_locked_by),
               true
          FROM upd u
    )
    SELECT array_agg(req.id ORDER BY req.id),
           array_agg(CASE WHEN upd.id IS NOT NULL THEN 'requeued'
                          WHEN cur.id IS NULL THEN 'not_found'
                          WHEN cur.status = 'done' THEN 'done'
                          WHEN cur.status = 'received' THEN 'already_queued'
                          ELSE 'in_progress' END ORDER BY req.id),
           (SELECT jsonb_object_agg(s.source, s.n)
              FROM (SELECT u.source, count(*) AS n FROM upd u GROUP BY u.source) s)
      INTO v_ids, v_outcomes, v_counts
      FROM req
      LEFT JOIN cur ON cur.id = req.id
      LEFT JOIN upd ON upd.id = req.id;

    -- One statistics bump per source (a handful), not per event.
    FOR r IN SELECT s.key, s.value::int AS n FROM jsonb_each_text(v_counts) s LOOP
        PERFORM inbox._bump_daily(r.key, p_requeued => r.n);
    END LOOP;
    IF v_counts IS NOT NULL THEN
        PERFORM inbox._notify('events');
    END IF;

    RETURN QUERY SELECT u.id, u.outcome FROM unnest(v_ids, v_outcomes) AS u(id, outcome);
END;
$$;

-- Owner only (no grant): removes done events finished before the horizon; their journal,
-- actions and conflict bodies go with them (ON DELETE CASCADE). Leads stay, with their
-- source and external id. One 'pruned' journal entry (event_id NULL) records the count.
CREATE FUNCTION inbox.prune(p_older_than interval DEFAULT interval '90 days')
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_before timestamptz;
    v_count  bigint;
BEGIN
    IF p_older_than IS NULL THEN
        RAISE EXCEPTION 'p_older_than must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_older_than < interval '1 day' THEN
        RAISE EXCEPTION 'p_older_than must be at least 1 day, got %', p_older_than
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_before := now() - p_older_than;

    DELETE FROM inbox.events e WHERE e.status = 'done' AND e.done_at < v_before;
    GET DIAGNOSTICS v_count = ROW_COUNT;

    INSERT INTO inbox.journal (event_id, entry, detail, by_person)
    VALUES (NULL, 'pruned',
            jsonb_build_object('count', v_count, 'older_than', p_older_than::text, 'done_before', v_before),
            true);
    IF v_count > 0 THEN
        PERFORM inbox._notify('events');
    END IF;
    RETURN v_count;
END;
$$;

-- Per UTC day and source, the last p_days days including today: the sharded counters of
-- inbox.daily_stats summed. Newest day first.
CREATE FUNCTION inbox.stats_daily(p_days int DEFAULT 14)
RETURNS TABLE(day date, source text, received bigint, repeats bigint, conflicts bigint,
              done bigint, failed bigint, requeued bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_days IS NULL THEN
        RAISE EXCEPTION 'p_days must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_days < 1 OR p_days > 3660 THEN
        RAISE EXCEPTION 'p_days must be between 1 and 3660, got %', p_days
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    SELECT d.day, d.source::text, sum(d.received)::bigint, sum(d.repeats)::bigint,
           sum(d.conflicts)::bigint, sum(d.done)::bigint, sum(d.failed)::bigint,
           sum(d.requeued)::bigint
      FROM inbox.daily_stats d
     WHERE d.day > (now() AT TIME ZONE 'UTC')::date - p_days
     GROUP BY d.day, d.source
     ORDER BY d.day DESC, d.source;
END;
$$;

-- The state now, per source that ever had an event:
--   waiting     received (due now or scheduled for a retry)     status_counts
--   due         waiting minus those scheduled in the future     events_due_idx, future part
--   processing  held by a worker                                status_counts
--   stuck       processing with a lock older than p_lock_timeout  events_processing_idx
--   failed      waiting for a person                            status_counts
--   oldest_waiting  since when the longest-due event has waited (its next_attempt_at)
-- Only the counters and index ranges that are small by nature are read: never a count over
-- the events table.
CREATE FUNCTION inbox.stats_now(p_lock_timeout interval DEFAULT interval '5 minutes')
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
          FROM inbox.events e
         WHERE e.status = 'received' AND e.next_attempt_at > now()
         GROUP BY e.source
    ), stuck AS (
        SELECT e.source, count(*) AS n
          FROM inbox.events e
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
              FROM inbox.events e
             WHERE c.waiting > 0      -- a source with nothing waiting does not walk the queue
               AND e.status = 'received' AND e.source = c.source AND e.next_attempt_at <= now()
             ORDER BY e.next_attempt_at, e.id
             LIMIT 1) o ON true
     ORDER BY c.source;
END;
$$;

-- Open duplicate candidates (the partial index duplicate_candidates_open_idx).
CREATE FUNCTION inbox.open_duplicates()
RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT count(*) FROM inbox.duplicate_candidates d WHERE d.status = 'open';
$$;

REVOKE ALL ON FUNCTION inbox.requeue(bigint[], text), inbox.prune(interval), inbox.stats_daily(int),
    inbox.stats_now(interval), inbox.open_duplicates() FROM PUBLIC;

-- ===========================================================================================
-- Roles and grants: the whole matrix, in one place.
--
--   role            schema  tables          functions (EXECUTE)
--   inbox_ingest    USAGE   -               accept
--   inbox_worker    USAGE   -               claim, heartbeat, complete, fail, begin_action,
--                                           finish_action, record_lead
--   inbox_support   USAGE   SELECT on all   stats_daily, stats_now, open_duplicates
--   inbox_operator  (inherits support)      + requeue
--   inbox_manager   (inherits operator)     + decide_duplicate
--   PUBLIC          -       -               normalize_phone, normalize_email (pure)
--   owner only                              prune, _bump_daily, _track_status, _notify,
--                                           _name_key
--
-- Nobody but the owner has INSERT, UPDATE, DELETE or TRUNCATE on any inbox table (nor
-- REFERENCES, TRIGGER or sequence rights): every write goes through a SECURITY DEFINER
-- function with a pinned search_path, and the journal is therefore append-only for all of
-- them. The ingest/worker grants are made in 0002, next to their functions.
-- ===========================================================================================
REVOKE ALL ON ALL TABLES IN SCHEMA inbox FROM PUBLIC, inbox_ingest, inbox_worker, inbox_support,
    inbox_operator, inbox_manager;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA inbox FROM PUBLIC, inbox_ingest, inbox_worker, inbox_support,
    inbox_operator, inbox_manager;
GRANT USAGE ON SCHEMA inbox TO inbox_support;
GRANT SELECT ON ALL TABLES IN SCHEMA inbox TO inbox_support;
-- Tables added by later migrations (same owner) are readable by support as well.
ALTER DEFAULT PRIVILEGES IN SCHEMA inbox GRANT SELECT ON TABLES TO inbox_support;

GRANT EXECUTE ON FUNCTION inbox.stats_daily(int), inbox.stats_now(interval),
    inbox.open_duplicates() TO inbox_support;
GRANT EXECUTE ON FUNCTION inbox.requeue(bigint[], text) TO inbox_operator;
