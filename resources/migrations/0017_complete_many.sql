-- 0017: inbox.complete_many, the completion of a claimed batch in one call (issue 19).
--
-- A worker that claims ten events with claim(w, 10) completed them with ten calls of
-- complete: ten round trips, ten UPDATEs, ten statement-trigger runs. inbox-bench's peers
-- stage put claim(w, 10) + 10 completes at 0.17 of the bare statement, behind
-- graphile-worker's local queue (0.25) and far behind graphile-worker batching its
-- completions (0.44). complete_many does what calling complete for each id in order in one
-- transaction would do, with one UPDATE of all the events it may complete, one journal
-- INSERT and one daily delta per source:
-- - the rows it may complete are locked first, in ascending id, the order requeue locks in:
--   completing a batch one by one in another order while an operator requeues the same
--   (stuck) events deadlocks;
-- - an id given twice is completed by its first occurrence; the later ones are fenced
--   (`stale_complete` with status `done`), as a second complete would be;
-- - an unknown id refuses the whole call (22023) and nothing is written, as the failing
--   complete would abort the caller's transaction.

CREATE FUNCTION inbox.complete_many(p_event_ids bigint[], p_worker text,
    p_results jsonb[] DEFAULT NULL)
    RETURNS TABLE (ord integer, event_id bigint, completed boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_n         integer;
    v_missing   bigint;
    v_done      bigint;
    v_ids       bigint[];
    v_completed boolean[];
BEGIN
    IF p_event_ids IS NULL THEN
        RAISE EXCEPTION 'p_event_ids must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    v_n := coalesce(cardinality(p_event_ids), 0);
    IF v_n > 1000 THEN
        RAISE EXCEPTION 'p_event_ids: at most 1000 ids per call, got %', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_results IS NOT NULL AND coalesce(cardinality(p_results), 0) <> v_n THEN
        RAISE EXCEPTION 'p_results must have as many elements as p_event_ids (% and %)',
            coalesce(cardinality(p_results), 0), v_n USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF array_position(p_event_ids, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'p_event_ids[%] must not be null', array_position(p_event_ids, NULL)
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_n = 0 THEN
        RETURN;
    END IF;

    -- An unknown id refuses the call before any write. Then the events are locked in
    -- ascending id, the order requeue locks them in, so the two never deadlock.
    SELECT min(x.id) INTO v_missing
      FROM unnest(p_event_ids) AS x(id)
     WHERE NOT EXISTS (SELECT 1 FROM inbox.events e WHERE e.id = x.id);
    IF v_missing IS NOT NULL THEN
        RAISE EXCEPTION 'p_event_id % does not exist', v_missing
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- Only the rows this worker holds, as complete locks only a row it may change (a row
    -- another worker holds is fenced without waiting for it), and with the lock the UPDATE
    -- takes (NO KEY UPDATE): FOR UPDATE would also block the journal's foreign-key check
    -- (KEY SHARE) of another worker's stale_complete entry for one of these rows, and two
    -- workers fencing each other's events deadlocked on that.
    PERFORM 1 FROM inbox.events e
      WHERE e.id IN (SELECT x.id FROM unnest(p_event_ids) AS x(id))
        AND e.status = 'processing' AND e.locked_by = p_worker
      ORDER BY e.id FOR NO KEY UPDATE;

    -- Each outcome in the order given: the first occurrence of an id the worker holds is
    -- completed; every other element is fenced with the state that complete would have seen
    -- (a repeat of a completed id sees it done, with no holder). One statement: the change,
    -- the journal entries (done and stale_complete) and one daily delta per source.
    WITH input AS (
        SELECT x.ord::integer AS ord, x.id,
               CASE WHEN p_results IS NULL THEN NULL ELSE p_results[x.ord] END AS result
          FROM unnest(p_event_ids) WITH ORDINALITY AS x(id, ord)
    ), firsts AS (
        SELECT DISTINCT ON (i.id) i.ord, i.id, i.result FROM input i ORDER BY i.id, i.ord
    ), u AS (
        UPDATE inbox.events e
           SET status = 'done', done_at = now(), result = f.result, locked_by = NULL,
               locked_at = NULL
          FROM firsts f
         WHERE e.id = f.id AND e.status = 'processing' AND e.locked_by = p_worker
        RETURNING e.id, e.source, e.attempts
    ), o AS (
        SELECT i.ord, i.id, (u.id IS NOT NULL AND f.ord = i.ord) AS completed,
               CASE WHEN u.id IS NOT NULL THEN 'done' ELSE e.status END AS status,
               CASE WHEN u.id IS NOT NULL THEN NULL ELSE e.locked_by END AS holder
          FROM input i
          JOIN firsts f ON f.id = i.id
          JOIN inbox.events e ON e.id = i.id
          LEFT JOIN u ON u.id = i.id
    ), j AS (
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        SELECT u.id, 'done', p_worker, jsonb_build_object('attempt', u.attempts) FROM u
        UNION ALL
        SELECT o.id, 'stale_complete', p_worker,
               jsonb_build_object('status', o.status, 'holder', o.holder)
          FROM o WHERE NOT o.completed
    ), d AS (
        INSERT INTO inbox.daily_stats (day, source, shard, done)
        SELECT (now() AT TIME ZONE 'UTC')::date, u.source, (pg_backend_pid() % 8)::smallint,
               count(*)
          FROM u GROUP BY u.source
    )
    SELECT array_agg(o.id ORDER BY o.ord), array_agg(o.completed ORDER BY o.ord),
           count(*) FILTER (WHERE o.completed)
      INTO v_ids, v_completed, v_done
      FROM o;

    IF v_done > 0 THEN
        PERFORM inbox._notify('events');
    END IF;
    RETURN QUERY
        SELECT x.ord::integer, x.id, x.completed
          FROM unnest(v_ids, v_completed) WITH ORDINALITY AS x(id, completed, ord);
END;
$$;
REVOKE ALL ON FUNCTION inbox.complete_many(bigint[], text, jsonb[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.complete_many(bigint[], text, jsonb[]) TO inbox_worker;
