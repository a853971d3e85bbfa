-- Migration 28: finish_deliveries, the outcomes of many deliveries in one call (issue 33).
--
-- inbox-dispatcher records the answers that came in while its previous call ran in one
-- statement, but that statement called finish_delivery once per event, and each of those
-- called complete: per event two PL/pgSQL calls with their checks, a journal INSERT, a
-- daily_stats upsert and a notification. Draining 20,000 events to a handler that answers at
-- once, the dispatcher's server session spent 320 us per event in finish_delivery (complete
-- 193 us of it) out of about 560 us in all, more than the dispatcher and the handler
-- together: the database session was the bottleneck of the back door.
--
-- finish_deliveries takes the same arguments as arrays, one element per delivery, and gives
-- each element exactly what finish_delivery would give it, in the order given:
--   - the 'done' elements go to complete_many in one call (one journal INSERT, one
--     daily_stats row per source, one notification) with {destination, http_status} as each
--     event's result, as finish_delivery passes to complete;
--   - the other outcomes (retry, reject, release: rare on a healthy handler) go through
--     finish_delivery one by one, unchanged;
--   - the attempts of the 'done' elements are inserted in one INSERT.
-- Every event of the call is locked first, in ascending id (FOR UPDATE, the lock
-- finish_delivery takes), so the call never deadlocks with requeue or complete_many, which
-- lock in the same order. An unknown id or a bad element refuses the whole call before any
-- write, with the element's index in the message.
--
-- Both finish_deliveries and complete_many run with generic plans (plan_cache_mode, as
-- claim_routed since 0025): their statements have one good shape whatever the batch, and
-- planning them again for every call was most of a small batch's cost. Draining 20,000 events
-- (batches of about 7), complete_many took 2.10 ms a call with custom plans and 1.09 ms with
-- generic ones; the dispatcher's server session spent 458 us of CPU per event, against 511-625
-- us with finish_delivery per event.

CREATE FUNCTION inbox.finish_deliveries(p_worker text, p_destination text,
                                        p_event_ids bigint[], p_lock_tokens bigint[],
                                        p_outcomes text[], p_http_statuses int[],
                                        p_answers text[], p_durations_ms int[],
                                        p_errors text[])
RETURNS TABLE(ord int, event_id bigint, applied text)
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
    v_n       int;
    v_bad     bigint;
    v_missing bigint;
    v_done    int[];
    v_applied text[];
    r         record;
    v_ids     bigint[];
    v_tokens  bigint[];
    v_results jsonb[];
BEGIN
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    PERFORM inbox._check_name(p_destination, 'p_destination', 64);
    IF p_event_ids IS NULL OR p_lock_tokens IS NULL OR p_outcomes IS NULL THEN
        RAISE EXCEPTION 'p_event_ids, p_lock_tokens and p_outcomes must not be NULL'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    v_n := coalesce(cardinality(p_event_ids), 0);
    IF v_n > 1000 THEN
        RAISE EXCEPTION 'p_event_ids: at most 1000 deliveries per call, got %', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF coalesce(cardinality(p_lock_tokens), 0) <> v_n
       OR coalesce(cardinality(p_outcomes), 0) <> v_n
       OR (p_http_statuses IS NOT NULL AND coalesce(cardinality(p_http_statuses), 0) <> v_n)
       OR (p_answers IS NOT NULL AND coalesce(cardinality(p_answers), 0) <> v_n)
       OR (p_durations_ms IS NOT NULL AND coalesce(cardinality(p_durations_ms), 0) <> v_n)
       OR (p_errors IS NOT NULL AND coalesce(cardinality(p_errors), 0) <> v_n) THEN
        RAISE EXCEPTION 'every array must have as many elements as p_event_ids (%); '
                        'p_http_statuses, p_answers, p_durations_ms and p_errors may be NULL', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_n = 0 THEN
        RETURN;
    END IF;

    -- Each element checked as finish_delivery checks its arguments, the first bad one named.
    SELECT min(x.ord) INTO v_bad
      FROM unnest(p_event_ids, p_lock_tokens, p_outcomes)
           WITH ORDINALITY AS x(id, token, outcome, ord)
     WHERE x.id IS NULL OR x.token IS NULL OR x.outcome IS NULL
        OR x.outcome NOT IN ('done', 'retry', 'reject', 'release')
        OR (x.outcome <> 'done'
            AND coalesce(btrim(p_errors[x.ord]), '') = '')
        OR (p_http_statuses[x.ord] IS NOT NULL
            AND (p_http_statuses[x.ord] < 100 OR p_http_statuses[x.ord] > 599))
        OR p_durations_ms[x.ord] < 0;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION 'delivery % is not valid: it needs an event id, a lock token, an outcome '
                        '(done, retry, reject or release), an error unless done, a status between '
                        '100 and 599 or NULL, and a duration that is not negative', v_bad
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF (SELECT count(DISTINCT x) FROM unnest(p_event_ids) AS x) <> v_n THEN
        RAISE EXCEPTION 'p_event_ids must not name an event twice'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT min(x.id) INTO v_missing
      FROM unnest(p_event_ids) AS x(id)
     WHERE NOT EXISTS (SELECT 1 FROM inbox.events e WHERE e.id = x.id);
    IF v_missing IS NOT NULL THEN
        RAISE EXCEPTION 'p_event_id % does not exist', v_missing
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    PERFORM 1 FROM inbox.events e
      WHERE e.id IN (SELECT x FROM unnest(p_event_ids) AS x)
      ORDER BY e.id FOR UPDATE;

    v_applied := array_fill(NULL::text, ARRAY[v_n]);
    SELECT array_agg(x.ord::int ORDER BY x.ord) INTO v_done
      FROM unnest(p_outcomes) WITH ORDINALITY AS x(outcome, ord)
     WHERE x.outcome = 'done';

    IF v_done IS NOT NULL THEN
        -- complete_many answers element by element, in the order given (k), which is the
        -- order of v_done; each answer goes back to its delivery's place.
        SELECT array_agg(p_event_ids[x.d] ORDER BY x.k), array_agg(p_lock_tokens[x.d] ORDER BY x.k),
               array_agg(jsonb_build_object('destination', p_destination,
                                            'http_status', p_http_statuses[x.d]) ORDER BY x.k)
          INTO v_ids, v_tokens, v_results
          FROM unnest(v_done) WITH ORDINALITY AS x(d, k);
        FOR r IN SELECT c.ord, c.completed
                   FROM inbox.complete_many(v_ids, p_worker, v_tokens, v_results) AS c
        LOOP
            v_applied[v_done[r.ord]] := CASE WHEN r.completed THEN 'done' ELSE 'lost_lock' END;
        END LOOP;

        INSERT INTO inbox.delivery_attempts (event_id, destination, worker, attempt,
                                             http_status, duration_ms, outcome, answer, error,
                                             applied)
        SELECT e.id, p_destination, p_worker, e.attempts, p_http_statuses[d],
               p_durations_ms[d], 'done', left(p_answers[d], 4000), left(p_errors[d], 1000),
               v_applied[d]
          FROM unnest(v_done) WITH ORDINALITY AS x(d, k)
          JOIN inbox.events e ON e.id = p_event_ids[x.d]
         ORDER BY x.k;
    END IF;

    FOR i IN 1 .. v_n LOOP
        IF p_outcomes[i] <> 'done' THEN
            v_applied[i] := inbox.finish_delivery(p_event_ids[i], p_worker, p_lock_tokens[i],
                                                  p_destination, p_outcomes[i],
                                                  p_http_statuses[i], p_answers[i],
                                                  p_durations_ms[i], p_errors[i]);
        END IF;
    END LOOP;

    RETURN QUERY
        SELECT x.ord::int, x.id, v_applied[x.ord::int]
          FROM unnest(p_event_ids) WITH ORDINALITY AS x(id, ord)
         ORDER BY x.ord;
END;
$$;
REVOKE ALL ON FUNCTION inbox.finish_deliveries(text, text, bigint[], bigint[], text[], int[],
                                               text[], int[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.finish_deliveries(text, text, bigint[], bigint[], text[], int[],
                                                  text[], int[], text[]) TO inbox_worker;

ALTER FUNCTION inbox.complete_many(bigint[], text, bigint[], jsonb[])
    SET plan_cache_mode = force_generic_plan;
