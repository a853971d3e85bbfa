-- Migration 24: the contract keeps its word (issue 32; docs/contract.md §12 before this step).
--
-- settings         one row: the deployment's lock timeout (what claim, requeue, stats_now
--                  and the console call stuck), the default attempt budget, and how long a
--                  deal that never reports closing counts as open. configure() changes it
--                  (managers); settings() reads it (every role).
-- source_settings  a per-source attempt budget; set_source_max_attempts() (managers).
--                  accept and accept_many give a new event the budget of its source (or the
--                  deployment's), and so do a rearm and a requeue, which start the count again.
-- schema_version() the applied version, for every role (receivers and workers read no table).
-- lock tokens      claim gives every row it takes a new events.lock_token; heartbeat,
--                  complete, complete_many, fail and flag_review take it and change the event
--                  only while it is still the event's token. A worker restarted under the same
--                  name no longer completes what was taken over from its earlier life. The old
--                  signatures (without the token) are refused with SQLSTATE 0A000.
-- claim            a claim that only failed expired locks notifies 'events'.
-- complete         clears last_error and error_retryable (a done event shows no old error).
-- record_lead      a pair a person rejected is not flagged again for the same person and the
--                  same contact; an open deal matches only within settings.deal_max_age.
-- close_deal       workers mark a deal closed: its leads no longer match by the open deal.
-- messages         a missing argument is "must not be NULL" everywhere.

CREATE TABLE inbox.settings (
    one          boolean PRIMARY KEY DEFAULT true CHECK (one),
    lock_timeout interval NOT NULL DEFAULT interval '5 minutes'
                 CHECK (lock_timeout >= interval '1 second' AND lock_timeout <= interval '1 day'),
    max_attempts int NOT NULL DEFAULT 6 CHECK (max_attempts BETWEEN 1 AND 100),
    deal_max_age interval NOT NULL DEFAULT interval '180 days'
                 CHECK (deal_max_age >= interval '1 day' AND deal_max_age <= interval '10 years'),
    changed_at   timestamptz NOT NULL DEFAULT now(),
    changed_by   text NOT NULL DEFAULT session_user
);
INSERT INTO inbox.settings DEFAULT VALUES;

CREATE TABLE inbox.source_settings (
    source       text COLLATE "C" PRIMARY KEY CHECK (char_length(source) BETWEEN 1 AND 64),
    max_attempts int NOT NULL CHECK (max_attempts BETWEEN 1 AND 100),
    changed_at   timestamptz NOT NULL DEFAULT now(),
    changed_by   text NOT NULL DEFAULT session_user
);

REVOKE ALL ON inbox.settings, inbox.source_settings FROM PUBLIC;
GRANT SELECT ON inbox.settings, inbox.source_settings TO inbox_support;

CREATE FUNCTION inbox.settings()
RETURNS TABLE(lock_timeout interval, max_attempts int, deal_max_age interval)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT s.lock_timeout, s.max_attempts, s.deal_max_age FROM inbox.settings s;
$$;
REVOKE ALL ON FUNCTION inbox.settings() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.settings() TO inbox_ingest, inbox_worker, inbox_support;

CREATE FUNCTION inbox.schema_version()
RETURNS int
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT max(v.version) FROM inbox.schema_version v;
$$;
REVOKE ALL ON FUNCTION inbox.schema_version() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.schema_version() TO inbox_ingest, inbox_worker, inbox_support;

CREATE FUNCTION inbox.configure(p_lock_timeout interval DEFAULT NULL,
                                p_max_attempts int DEFAULT NULL,
                                p_deal_max_age interval DEFAULT NULL)
RETURNS TABLE(lock_timeout interval, max_attempts int, deal_max_age interval)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_old inbox.settings%ROWTYPE;
    v_new inbox.settings%ROWTYPE;
BEGIN
    IF p_lock_timeout IS NOT NULL
       AND (p_lock_timeout < interval '1 second' OR p_lock_timeout > interval '1 day') THEN
        RAISE EXCEPTION 'p_lock_timeout must be between 1 second and 1 day, got %', p_lock_timeout
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_max_attempts IS NOT NULL AND (p_max_attempts < 1 OR p_max_attempts > 100) THEN
        RAISE EXCEPTION 'p_max_attempts must be between 1 and 100, got %', p_max_attempts
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_deal_max_age IS NOT NULL
       AND (p_deal_max_age < interval '1 day' OR p_deal_max_age > interval '10 years') THEN
        RAISE EXCEPTION 'p_deal_max_age must be between 1 day and 10 years, got %', p_deal_max_age
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT * INTO v_old FROM inbox.settings s FOR UPDATE;
    UPDATE inbox.settings s
       SET lock_timeout = coalesce(p_lock_timeout, s.lock_timeout),
           max_attempts = coalesce(p_max_attempts, s.max_attempts),
           deal_max_age = coalesce(p_deal_max_age, s.deal_max_age),
           changed_at = now(), changed_by = session_user
     WHERE (p_lock_timeout IS NOT NULL AND p_lock_timeout <> s.lock_timeout)
        OR (p_max_attempts IS NOT NULL AND p_max_attempts <> s.max_attempts)
        OR (p_deal_max_age IS NOT NULL AND p_deal_max_age <> s.deal_max_age)
    RETURNING s.* INTO v_new;
    IF v_new.one IS NOT NULL THEN
        INSERT INTO inbox.journal (entry, detail, by_person)
        VALUES ('settings_changed',
                jsonb_build_object('lock_timeout', v_new.lock_timeout,
                                   'max_attempts', v_new.max_attempts,
                                   'deal_max_age', v_new.deal_max_age,
                                   'previous', jsonb_build_object(
                                       'lock_timeout', v_old.lock_timeout,
                                       'max_attempts', v_old.max_attempts,
                                       'deal_max_age', v_old.deal_max_age)),
                true);
        PERFORM inbox._notify('events');
    END IF;
    RETURN QUERY SELECT s.lock_timeout, s.max_attempts, s.deal_max_age FROM inbox.settings s;
END;
$$;
REVOKE ALL ON FUNCTION inbox.configure(interval, int, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.configure(interval, int, interval) TO inbox_manager;

CREATE FUNCTION inbox.set_source_max_attempts(p_source text, p_max_attempts int)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_old int;
BEGIN
    IF p_source IS NULL THEN
        RAISE EXCEPTION 'p_source must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_source = '' OR char_length(p_source) > 64 OR p_source ~ '[\x01-\x1f\x7f]' THEN
        RAISE EXCEPTION 'p_source must be 1..64 characters without control characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_max_attempts IS NOT NULL AND (p_max_attempts < 1 OR p_max_attempts > 100) THEN
        RAISE EXCEPTION 'p_max_attempts must be between 1 and 100, got %', p_max_attempts
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT s.max_attempts INTO v_old FROM inbox.source_settings s
     WHERE s.source = p_source FOR UPDATE;
    IF v_old IS NOT DISTINCT FROM p_max_attempts THEN
        RETURN 'unchanged';
    END IF;
    IF p_max_attempts IS NULL THEN
        DELETE FROM inbox.source_settings s WHERE s.source = p_source;
    ELSE
        INSERT INTO inbox.source_settings AS s (source, max_attempts)
        VALUES (p_source, p_max_attempts)
        ON CONFLICT (source) DO UPDATE
           SET max_attempts = excluded.max_attempts, changed_at = now(), changed_by = session_user;
    END IF;
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('source_settings_changed',
            jsonb_build_object('source', p_source, 'max_attempts', p_max_attempts,
                               'previous_max_attempts', v_old),
            true);
    RETURN CASE WHEN p_max_attempts IS NULL THEN 'removed' ELSE 'set' END;
END;
$$;
REVOKE ALL ON FUNCTION inbox.set_source_max_attempts(text, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.set_source_max_attempts(text, int) TO inbox_manager;

-- The budget a new event of p_source gets (and a rearmed or requeued one): for the console
-- and for workers that say "attempt 3 of 8" before the event exists.
CREATE FUNCTION inbox.max_attempts(p_source text)
RETURNS int
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce((SELECT s.max_attempts FROM inbox.source_settings s WHERE s.source = p_source),
                    (SELECT d.max_attempts FROM inbox.settings d));
$$;
REVOKE ALL ON FUNCTION inbox.max_attempts(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.max_attempts(text) TO inbox_ingest, inbox_worker, inbox_support;

-- Lock tokens. One value per claim call (every row the call takes gets it); a sequence, so a
-- later claim's token is always new. Not a secret: it fences, it does not authenticate.
CREATE SEQUENCE inbox.lock_token_seq AS bigint;
REVOKE ALL ON SEQUENCE inbox.lock_token_seq FROM PUBLIC;
ALTER TABLE inbox.events ADD COLUMN lock_token bigint;
-- An event in processing when this step runs has no token: its worker (of the old release)
-- can no longer finish it, so it waits for its lock to expire and is taken over.

ALTER TABLE inbox.leads ADD COLUMN deal_closed_at timestamptz;
CREATE INDEX leads_open_deal_ref_idx ON inbox.leads (deal_ref) WHERE deal_open;
CREATE OR REPLACE FUNCTION inbox.claim(p_worker text, p_limit integer DEFAULT 1, p_lock_timeout interval DEFAULT NULL) RETURNS SETOF inbox.events
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
DECLARE
    v_taken   int := 0;
    v_window  int;
    v_n       int;
    v_sources text[];
    v_failed  boolean := false;
    v_timeout interval := p_lock_timeout;
    v_token   bigint;
    r         record;
BEGIN
    IF p_worker IS NULL OR p_worker = '' OR char_length(p_worker) > 200
       OR p_worker ~ '[\x01-\x1f\x7f]' THEN
        PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    END IF;
    IF p_limit IS NULL THEN
        RAISE EXCEPTION 'p_limit must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_limit < 1 OR p_limit > 1000 THEN
        RAISE EXCEPTION 'p_limit must be between 1 and 1000' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- NULL (the default) is the deployment's lock timeout, the one requeue and stats_now use.
    IF v_timeout IS NULL THEN
        SELECT s.lock_timeout INTO v_timeout FROM inbox.settings s;
    ELSIF v_timeout <= interval '0' THEN
        RAISE EXCEPTION 'p_lock_timeout must be positive' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_window := p_limit * 4 + 64;
    v_token := nextval('inbox.lock_token_seq');

    -- Expired locks. Statement 1: those on their last attempt become 'failed'.
    IF EXISTS (SELECT 1 FROM inbox.event_queue q
                WHERE q.status = 'processing' AND q.locked_at < now() - v_timeout) THEN
        WITH c AS (
            SELECT e.id, e.locked_by AS prev_by, e.locked_at AS prev_at
              FROM (SELECT q.id, q.locked_at
                      FROM inbox.event_queue q
                     WHERE q.status = 'processing' AND q.locked_at < now() - v_timeout
                     ORDER BY q.locked_at, q.id
                     LIMIT v_window) w
              JOIN inbox.events e ON e.id = w.id
             WHERE e.status = 'processing' AND e.locked_at < now() - v_timeout
               AND e.attempts >= e.max_attempts
             ORDER BY w.locked_at, w.id
             LIMIT p_limit
               FOR UPDATE OF e SKIP LOCKED
        ), f AS (
            UPDATE inbox.events e
               SET status = 'failed', locked_by = NULL, locked_at = NULL, lock_token = NULL,
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
            v_failed := true;
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
                     WHERE q.status = 'processing' AND q.locked_at < now() - v_timeout
                     ORDER BY q.locked_at, q.id
                     LIMIT v_window) w
              JOIN inbox.events e ON e.id = w.id
             WHERE e.status = 'processing' AND e.locked_at < now() - v_timeout
               AND e.attempts < e.max_attempts
             ORDER BY w.locked_at, w.id
             LIMIT p_limit
               FOR UPDATE OF e SKIP LOCKED
        ), u AS (
            UPDATE inbox.events e
               SET locked_by = p_worker, locked_at = now(), lock_token = v_token,
                   attempts = e.attempts + 1
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
                   lock_token = v_token, attempts = e.attempts + 1
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

    -- Failing an expired lock is a status change like the others (0024): notify for it too.
    IF (v_taken > 0 OR v_failed) AND coalesce(extract(epoch FROM clock_timestamp())::double precision
                                - nullif(current_setting('inbox.notified_events', true), '')::double precision
                                >= 1.0, true) THEN
        PERFORM inbox._notify('events');
    END IF;
END;
$$;

-- The fenced calls: the event is the worker's while it is processing, locked by that name
-- and still under the token that worker's claim returned.

CREATE FUNCTION inbox.heartbeat(p_event_id bigint, p_worker text, p_lock_token bigint)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    IF p_lock_token IS NULL THEN
        RAISE EXCEPTION 'p_lock_token must not be NULL: pass the lock_token of the claimed row'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    UPDATE inbox.events e SET locked_at = now()
     WHERE e.id = p_event_id AND e.status = 'processing' AND e.locked_by = p_worker
       AND e.lock_token = p_lock_token;
    RETURN FOUND;
END;
$$;

CREATE FUNCTION inbox.complete(p_event_id bigint, p_worker text, p_lock_token bigint,
                               p_result jsonb)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_done   boolean;
    v_status text;
    v_holder text;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_worker IS NULL OR p_worker = '' OR char_length(p_worker) > 200
       OR p_worker ~ '[\x01-\x1f\x7f]' THEN
        PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    END IF;
    IF p_lock_token IS NULL THEN
        RAISE EXCEPTION 'p_lock_token must not be NULL: pass the lock_token of the claimed row'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;

    -- The change, its journal entry and the daily delta in one statement. A done event
    -- carries no error of an earlier attempt (0024).
    WITH u AS (
        UPDATE inbox.events e
           SET status = 'done', done_at = now(), result = p_result, locked_by = NULL,
               locked_at = NULL, lock_token = NULL, last_error = NULL, error_retryable = NULL
         WHERE e.id = p_event_id AND e.status = 'processing' AND e.locked_by = p_worker
           AND e.lock_token = p_lock_token
        RETURNING e.source, e.attempts
    ), j AS (
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        SELECT p_event_id, 'done', p_worker, jsonb_build_object('attempt', u.attempts) FROM u
    ), d AS (
        INSERT INTO inbox.daily_stats (day, source, shard, done)
        SELECT (now() AT TIME ZONE 'UTC')::date, u.source, (pg_backend_pid() % 8)::smallint, 1
          FROM u
    )
    SELECT true INTO v_done FROM u;

    IF v_done THEN
        IF coalesce(extract(epoch FROM clock_timestamp())::double precision
                    - nullif(current_setting('inbox.notified_events', true), '')::double precision
                    >= 1.0, true) THEN
            PERFORM inbox._notify('events');
        END IF;
        RETURN true;
    END IF;

    SELECT e.status, e.locked_by INTO v_status, v_holder FROM inbox.events e WHERE e.id = p_event_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_event_id % does not exist', p_event_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO inbox.journal (event_id, entry, actor, detail)
    VALUES (p_event_id, 'stale_complete', p_worker,
            jsonb_build_object('status', v_status, 'holder', v_holder)
            || CASE WHEN v_status = 'processing' AND v_holder = p_worker
                    THEN jsonb_build_object('stale_token', true) ELSE '{}'::jsonb END);
    RETURN false;
END;
$$;

CREATE FUNCTION inbox.complete_many(p_event_ids bigint[], p_worker text, p_lock_tokens bigint[],
                                    p_results jsonb[])
RETURNS TABLE(ord int, event_id bigint, completed boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_n         integer;
    v_missing   bigint;
    v_done      bigint;
    v_ids       bigint[];
    v_completed boolean[];
BEGIN
    IF p_event_ids IS NULL THEN
        RAISE EXCEPTION 'p_event_ids must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    IF p_lock_tokens IS NULL THEN
        RAISE EXCEPTION 'p_lock_tokens must not be NULL: pass the lock_token of each claimed row'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    v_n := coalesce(cardinality(p_event_ids), 0);
    IF v_n > 1000 THEN
        RAISE EXCEPTION 'p_event_ids: at most 1000 ids per call, got %', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF coalesce(cardinality(p_lock_tokens), 0) <> v_n THEN
        RAISE EXCEPTION 'p_lock_tokens must have as many elements as p_event_ids (% and %)',
            coalesce(cardinality(p_lock_tokens), 0), v_n USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_results IS NOT NULL AND coalesce(cardinality(p_results), 0) <> v_n THEN
        RAISE EXCEPTION 'p_results must have as many elements as p_event_ids (% and %)',
            coalesce(cardinality(p_results), 0), v_n USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF array_position(p_event_ids, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'p_event_ids[%] must not be NULL', array_position(p_event_ids, NULL)
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF array_position(p_lock_tokens, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'p_lock_tokens[%] must not be NULL', array_position(p_lock_tokens, NULL)
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
    -- Only the rows this worker holds, as complete locks only a row it may change, and with
    -- the lock the UPDATE takes (NO KEY UPDATE): see 0017.
    PERFORM 1 FROM inbox.events e
      WHERE e.id IN (SELECT x.id FROM unnest(p_event_ids) AS x(id))
        AND e.status = 'processing' AND e.locked_by = p_worker
      ORDER BY e.id FOR NO KEY UPDATE;

    -- Each outcome in the order given, as complete would give it (0017); an element is
    -- completed only with the event's current token.
    WITH input AS (
        SELECT x.ord::integer AS ord, x.id, x.token,
               CASE WHEN p_results IS NULL THEN NULL ELSE p_results[x.ord] END AS result
          FROM unnest(p_event_ids, p_lock_tokens) WITH ORDINALITY AS x(id, token, ord)
    ), firsts AS (
        SELECT DISTINCT ON (i.id) i.ord, i.id, i.token, i.result
          FROM input i
          JOIN inbox.events e ON e.id = i.id
         ORDER BY i.id, (e.lock_token IS NOT DISTINCT FROM i.token) DESC, i.ord
    ), u AS (
        UPDATE inbox.events e
           SET status = 'done', done_at = now(), result = f.result, locked_by = NULL,
               locked_at = NULL, lock_token = NULL, last_error = NULL, error_retryable = NULL
          FROM firsts f
         WHERE e.id = f.id AND e.status = 'processing' AND e.locked_by = p_worker
           AND e.lock_token = f.token
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
               || CASE WHEN o.status = 'processing' AND o.holder = p_worker
                       THEN jsonb_build_object('stale_token', true) ELSE '{}'::jsonb END
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

CREATE FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_lock_token bigint, p_error text,
                           p_retryable boolean)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_ev    inbox.events%ROWTYPE;
    v_delay interval;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_worker IS NULL OR p_worker = '' OR char_length(p_worker) > 200
       OR p_worker ~ '[\x01-\x1f\x7f]' THEN
        PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    END IF;
    IF p_lock_token IS NULL THEN
        RAISE EXCEPTION 'p_lock_token must not be NULL: pass the lock_token of the claimed row'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_error IS NULL THEN
        RAISE EXCEPTION 'p_error must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF btrim(p_error) = '' THEN
        RAISE EXCEPTION 'p_error must not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_retryable IS NULL THEN
        RAISE EXCEPTION 'p_retryable must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;

    SELECT * INTO v_ev FROM inbox.events e WHERE e.id = p_event_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_event_id % does not exist', p_event_id USING ERRCODE = 'invalid_parameter_value';
    END IF;

    IF v_ev.status <> 'processing' OR v_ev.locked_by IS DISTINCT FROM p_worker
       OR v_ev.lock_token IS DISTINCT FROM p_lock_token THEN
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        VALUES (p_event_id, 'stale_fail', p_worker,
                jsonb_build_object('status', v_ev.status, 'holder', v_ev.locked_by,
                                   'error', left(p_error, 200), 'retryable', p_retryable)
                || CASE WHEN v_ev.status = 'processing' AND v_ev.locked_by = p_worker
                        THEN jsonb_build_object('stale_token', true) ELSE '{}'::jsonb END);
        RETURN 'lost_lock';
    END IF;

    -- Each outcome: the change and its journal entry (and daily delta) in one statement.
    IF p_retryable AND v_ev.attempts < v_ev.max_attempts THEN
        v_delay := inbox._retry_delay(v_ev.attempts) * (0.9 + random() * 0.2);
        WITH u AS (
            UPDATE inbox.events e
               SET status = 'received', next_attempt_at = now() + v_delay,
                   locked_by = NULL, locked_at = NULL, lock_token = NULL, last_error = p_error,
                   error_retryable = true
             WHERE e.id = p_event_id
            RETURNING e.id
        )
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        SELECT u.id, 'retry_scheduled', p_worker,
               jsonb_build_object('attempt', v_ev.attempts, 'error', left(p_error, 200),
                                  'delay_seconds', round(extract(epoch FROM v_delay)::numeric, 1),
                                  'next_attempt_at', now() + v_delay)
          FROM u;
        IF coalesce(extract(epoch FROM clock_timestamp())::double precision
                    - nullif(current_setting('inbox.notified_events', true), '')::double precision
                    >= 1.0, true) THEN
            PERFORM inbox._notify('events');
        END IF;
        RETURN 'received';
    END IF;

    WITH u AS (
        UPDATE inbox.events e
           SET status = 'failed', locked_by = NULL, locked_at = NULL, lock_token = NULL,
               last_error = p_error, error_retryable = p_retryable
         WHERE e.id = p_event_id
        RETURNING e.id, e.source
    ), j AS (
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        SELECT u.id, 'failed', p_worker,
               jsonb_build_object('attempt', v_ev.attempts, 'error', left(p_error, 200),
                                  'retryable', p_retryable,
                                  'reason', CASE WHEN p_retryable THEN 'out_of_attempts' ELSE 'not_retryable' END)
          FROM u
    )
    INSERT INTO inbox.daily_stats (day, source, shard, failed)
    SELECT (now() AT TIME ZONE 'UTC')::date, u.source, (pg_backend_pid() % 8)::smallint, 1 FROM u;
    IF coalesce(extract(epoch FROM clock_timestamp())::double precision
                - nullif(current_setting('inbox.notified_events', true), '')::double precision
                >= 1.0, true) THEN
        PERFORM inbox._notify('events');
    END IF;
    RETURN 'failed';
END;
$$;

CREATE FUNCTION inbox.flag_review(p_event_id bigint, p_worker text, p_lock_token bigint,
                                  p_reason text)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_reason text := btrim(p_reason, E' \t\r\n');
    v_status text;
    v_holder text;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    IF p_lock_token IS NULL THEN
        RAISE EXCEPTION 'p_lock_token must not be NULL: pass the lock_token of the claimed row'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_reason IS NULL THEN
        RAISE EXCEPTION 'p_reason must not be NULL: say what a person should look at'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_reason = '' OR char_length(v_reason) > 200 OR v_reason ~ '[\x01-\x1f\x7f]' THEN
        RAISE EXCEPTION 'p_reason must be 1..200 characters without control characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_reason = 'key conflict' THEN
        RAISE EXCEPTION 'p_reason ''key conflict'' is accept''s own: name the worker''s reason'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    UPDATE inbox.events e
       SET needs_review = v_reason
     WHERE e.id = p_event_id AND e.status = 'processing' AND e.locked_by = p_worker
       AND e.lock_token = p_lock_token;
    IF FOUND THEN
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        VALUES (p_event_id, 'review_flagged', p_worker, jsonb_build_object('reason', v_reason));
        PERFORM inbox._notify('events');
        RETURN true;
    END IF;

    SELECT e.status, e.locked_by INTO v_status, v_holder FROM inbox.events e WHERE e.id = p_event_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_event_id % does not exist', p_event_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO inbox.journal (event_id, entry, actor, detail)
    VALUES (p_event_id, 'stale_flag_review', p_worker,
            jsonb_build_object('status', v_status, 'holder', v_holder, 'reason', v_reason)
            || CASE WHEN v_status = 'processing' AND v_holder = p_worker
                    THEN jsonb_build_object('stale_token', true) ELSE '{}'::jsonb END);
    RETURN false;
END;
$$;

REVOKE ALL ON FUNCTION inbox.heartbeat(bigint, text, bigint),
                       inbox.complete(bigint, text, bigint, jsonb),
                       inbox.complete_many(bigint[], text, bigint[], jsonb[]),
                       inbox.fail(bigint, text, bigint, text, boolean),
                       inbox.flag_review(bigint, text, bigint, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.heartbeat(bigint, text, bigint),
                          inbox.complete(bigint, text, bigint, jsonb),
                          inbox.complete_many(bigint[], text, bigint[], jsonb[]),
                          inbox.fail(bigint, text, bigint, text, boolean),
                          inbox.flag_review(bigint, text, bigint, text) TO inbox_worker;

-- The calls without a token are refused, not kept: a worker of the old release would go on
-- completing what was taken over from its earlier life, the very thing the token stops. The
-- refusal is 0A000 with the new call in the message, and changes nothing.
CREATE OR REPLACE FUNCTION inbox.heartbeat(p_event_id bigint, p_worker text)
RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'inbox.heartbeat without a lock token is refused since schema version 24: call heartbeat(p_event_id, p_worker, p_lock_token) with the lock_token of the claimed row'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = format('event %s, worker %s', p_event_id, p_worker);
END;
$$;

CREATE OR REPLACE FUNCTION inbox.complete(p_event_id bigint, p_worker text,
                                          p_result jsonb DEFAULT NULL)
RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'inbox.complete without a lock token is refused since schema version 24: call complete(p_event_id, p_worker, p_lock_token, p_result) with the lock_token of the claimed row'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = format('event %s, worker %s, result given: %s', p_event_id, p_worker,
                              p_result IS NOT NULL);
END;
$$;

CREATE OR REPLACE FUNCTION inbox.complete_many(p_event_ids bigint[], p_worker text,
                                               p_results jsonb[] DEFAULT NULL)
RETURNS TABLE(ord int, event_id bigint, completed boolean)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    ord := NULL;
    event_id := NULL;
    completed := NULL;
    RAISE EXCEPTION 'inbox.complete_many without lock tokens is refused since schema version 24: call complete_many(p_event_ids, p_worker, p_lock_tokens, p_results) with the lock_token of each claimed row'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = format('%s events, worker %s, results given: %s',
                              cardinality(p_event_ids), p_worker, p_results IS NOT NULL);
END;
$$;

CREATE OR REPLACE FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_error text,
                                      p_retryable boolean DEFAULT true)
RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'inbox.fail without a lock token is refused since schema version 24: call fail(p_event_id, p_worker, p_lock_token, p_error, p_retryable) with the lock_token of the claimed row'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = format('event %s, worker %s, retryable %s, error: %s', p_event_id,
                              p_worker, p_retryable, left(p_error, 200));
END;
$$;

CREATE OR REPLACE FUNCTION inbox.flag_review(p_event_id bigint, p_worker text, p_reason text)
RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION 'inbox.flag_review without a lock token is refused since schema version 24: call flag_review(p_event_id, p_worker, p_lock_token, p_reason) with the lock_token of the claimed row'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = format('event %s, worker %s, reason: %s', p_event_id, p_worker,
                              left(p_reason, 200));
END;
$$;
CREATE OR REPLACE FUNCTION inbox.requeue(p_event_ids bigint[], p_reason text) RETURNS TABLE(event_id bigint, outcome text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    c_max_ids      constant int := 10000;
    v_lock_timeout interval;
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

    -- Stuck means what claim and stats_now mean: a lock older than the deployment's timeout.
    SELECT s.lock_timeout INTO v_lock_timeout FROM inbox.settings s;

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
               locked_by = NULL, locked_at = NULL, lock_token = NULL, last_error = NULL,
               error_retryable = NULL,
               -- The count starts again, with the budget the source has now (0024).
               max_attempts = coalesce((SELECT ss.max_attempts FROM inbox.source_settings ss
                                         WHERE ss.source = e.source),
                                       (SELECT d.max_attempts FROM inbox.settings d))
          FROM cur
         WHERE e.id = cur.id
           AND (cur.status = 'failed'
                OR (cur.status = 'processing' AND cur.locked_at < now() - v_lock_timeout))
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

CREATE OR REPLACE FUNCTION inbox.stats_now(p_lock_timeout interval DEFAULT NULL) RETURNS TABLE(source text, waiting bigint, due bigint, processing bigint, stuck bigint, failed bigint, oldest_waiting timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_lock_timeout interval := p_lock_timeout;
BEGIN
    -- NULL (the default) is the deployment's lock timeout, the one claim and requeue use.
    IF v_lock_timeout IS NULL THEN
        SELECT s.lock_timeout INTO v_lock_timeout FROM inbox.settings s;
    END IF;
    IF v_lock_timeout < interval '0' THEN
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
         WHERE e.status = 'processing' AND e.locked_at < now() - v_lock_timeout
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

CREATE OR REPLACE FUNCTION inbox.record_lead(p_event_id bigint, p_phone text, p_email text, p_name text DEFAULT NULL::text, p_summary text DEFAULT NULL::text, p_deal_ref text DEFAULT NULL::text) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    c_window constant interval := interval '24 hours';
    c_weak_names constant int := 3;
    v_source      text;
    v_external_id text;
    v_lead        bigint;
    v_created     timestamptz := now();
    v_phone       text := inbox.normalize_phone(p_phone);
    v_email       text := inbox.normalize_email(p_email);
    v_name        text := nullif(btrim(p_name), '');
    v_deal_ref    text := nullif(btrim(p_deal_ref), '');
    v_name_key    text := inbox._name_key(p_name);
    v_weak_phone  boolean := false;
    v_weak_email  boolean := false;
    v_flagged     int;
    v_deal_age    interval;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;

    -- KEY SHARE: the event cannot be pruned under us, workers' updates are not blocked.
    SELECT e.source, e.external_id INTO v_source, v_external_id
      FROM inbox.events e WHERE e.id = p_event_id FOR KEY SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_event_id: no event with id %', p_event_id
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT l.id INTO v_lead FROM inbox.leads l WHERE l.event_id = p_event_id;
    IF FOUND THEN
        RETURN v_lead;                         -- a repeat: change nothing
    END IF;

    PERFORM pg_advisory_xact_lock(k)
       FROM (SELECT DISTINCT k
               FROM unnest(ARRAY[hashtextextended('inbox.lead.phone:' || v_phone, 0),
                                 hashtextextended('inbox.lead.email:' || v_email, 0)]) AS k
              WHERE k IS NOT NULL
              ORDER BY k) AS keys;

    INSERT INTO inbox.leads (event_id, source, external_id, created_at, name, phone_raw,
                             phone_norm, email_raw, email_norm, channel, summary, deal_ref, deal_open)
    VALUES (p_event_id, v_source, v_external_id, v_created, v_name, p_phone,
            v_phone, p_email, v_email, v_source, p_summary, v_deal_ref, v_deal_ref IS NOT NULL)
    ON CONFLICT (event_id) DO NOTHING
    RETURNING id INTO v_lead;
    IF v_lead IS NULL THEN
        -- The same event recorded concurrently by another session: that lead stands.
        SELECT l.id INTO v_lead FROM inbox.leads l WHERE l.event_id = p_event_id;
        RETURN v_lead;
    END IF;

    INSERT INTO inbox.journal (event_id, entry, detail)
    VALUES (p_event_id, 'lead_recorded',
            jsonb_build_object('lead_id', v_lead, 'has_phone', v_phone IS NOT NULL,
                               'has_email', v_email IS NOT NULL, 'deal_ref', v_deal_ref));

    -- A contact shared by many different names is weak evidence (index range on the contact).
    IF v_phone IS NOT NULL THEN
        SELECT count(DISTINCT k) >= c_weak_names INTO v_weak_phone
          FROM (SELECT inbox._name_key(l.name) AS k FROM inbox.leads l WHERE l.phone_norm = v_phone) s
         WHERE k IS NOT NULL;
    END IF;
    IF v_email IS NOT NULL THEN
        SELECT count(DISTINCT k) >= c_weak_names INTO v_weak_email
          FROM (SELECT inbox._name_key(l.name) AS k FROM inbox.leads l WHERE l.email_norm = v_email) s
         WHERE k IS NOT NULL;
    END IF;

    SELECT s.deal_max_age INTO v_deal_age FROM inbox.settings s;

    WITH hits AS (
        SELECT l.id FROM inbox.leads l
         WHERE v_phone IS NOT NULL AND l.phone_norm = v_phone AND l.created_at >= v_created - c_window
        UNION
        SELECT l.id FROM inbox.leads l
         WHERE v_phone IS NOT NULL AND l.phone_norm = v_phone AND l.deal_open AND l.created_at >= v_created - v_deal_age
        UNION
        SELECT l.id FROM inbox.leads l
         WHERE v_email IS NOT NULL AND l.email_norm = v_email AND l.created_at >= v_created - c_window
        UNION
        SELECT l.id FROM inbox.leads l
         WHERE v_email IS NOT NULL AND l.email_norm = v_email AND l.deal_open AND l.created_at >= v_created - v_deal_age
    ), m AS (
        SELECT l.id,
               coalesce(l.phone_norm = v_phone, false) AS same_phone,
               coalesce(l.email_norm = v_email, false) AS same_email,
               l.created_at < v_created - c_window AS by_deal,
               k.key AS name_key,
               (v_name_key IS NOT NULL AND k.key IS NOT NULL AND v_name_key <> k.key
                AND NOT starts_with(v_name_key, k.key || ' ')
                AND NOT starts_with(k.key, v_name_key || ' ')) AS names_differ
          FROM hits h
          JOIN inbox.leads l ON l.id = h.id
          CROSS JOIN LATERAL (SELECT inbox._name_key(l.name) AS key) k
         WHERE l.id <> v_lead
    ), kept AS (
        -- Not again what a person already judged (0024): a pair with l rejected, whose other
        -- lead x is this person (the same name key, or both without a name) and matched l by
        -- every contact this lead matches it by. When l has this lead's name too, the
        -- rejection cannot say which of the two this lead is: flagged as before.
        SELECT m.* FROM m
         WHERE m.name_key IS NOT DISTINCT FROM v_name_key
            OR NOT EXISTS (
               SELECT 1
                 FROM inbox.duplicate_candidates r
                 JOIN inbox.leads x
                   ON x.id = CASE WHEN r.lead_id = m.id THEN r.match_lead_id ELSE r.lead_id END
                WHERE r.status = 'rejected'
                  AND (r.lead_id = m.id OR r.match_lead_id = m.id)
                  AND inbox._name_key(x.name) IS NOT DISTINCT FROM v_name_key
                  AND (NOT m.same_phone OR 'same_phone' = ANY (r.reasons))
                  AND (NOT m.same_email OR 'same_email' = ANY (r.reasons)))
    ), scored AS (
        SELECT m.id,
               array_remove(ARRAY[
                   CASE WHEN m.same_phone THEN 'same_phone' END,
                   CASE WHEN m.same_email THEN 'same_email' END,
                   CASE WHEN m.by_deal THEN 'open_deal' END,
                   CASE WHEN m.same_phone AND v_weak_phone THEN 'weak_shared_phone' END,
                   CASE WHEN m.same_email AND v_weak_email THEN 'weak_shared_email' END,
                   CASE WHEN m.names_differ THEN 'names_differ' END], NULL) AS reasons,
               greatest(0.05, least(1.0,
                     CASE WHEN m.same_phone THEN CASE WHEN v_weak_phone THEN 0.2 ELSE 0.6 END ELSE 0 END
                   + CASE WHEN m.same_email THEN CASE WHEN v_weak_email THEN 0.2 ELSE 0.6 END ELSE 0 END)
                   - CASE WHEN m.names_differ THEN 0.3 ELSE 0 END) AS score,
               NOT ((m.same_phone AND NOT v_weak_phone) OR (m.same_email AND NOT v_weak_email)) AS weak
          FROM kept m
    ), ins AS (
        INSERT INTO inbox.duplicate_candidates (lead_id, match_lead_id, reasons, score, weak, created_at)
        SELECT v_lead, s.id, s.reasons, round(s.score, 2)::real, s.weak, v_created
          FROM scored s
         ORDER BY s.id
        ON CONFLICT (lead_id, match_lead_id) DO NOTHING
        RETURNING id, match_lead_id, reasons, score, weak
    )
    INSERT INTO inbox.journal (event_id, entry, detail)
    SELECT p_event_id, 'duplicate_flagged',
           jsonb_build_object('candidate_id', i.id, 'lead_id', v_lead, 'match_lead_id', i.match_lead_id,
                              'reasons', to_jsonb(i.reasons), 'score', i.score, 'weak', i.weak)
      FROM ins i
     ORDER BY i.id;
    GET DIAGNOSTICS v_flagged = ROW_COUNT;

    PERFORM inbox._notify('leads');
    IF v_flagged > 0 THEN
        PERFORM inbox._notify('duplicates');
    END IF;
    RETURN v_lead;
END;
$$;

-- Deals close (0024). A worker that learns a deal is closed (won, lost, cancelled) says so;
-- its leads (and those merged with it, which copied the same deal_ref) stop matching later
-- leads through the open deal. A deal that never reports closing stops matching after
-- settings.deal_max_age.
CREATE FUNCTION inbox.close_deal(p_deal_ref text, p_worker text)
RETURNS int
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_ref text := btrim(p_deal_ref);
    v_n   int;
BEGIN
    IF p_deal_ref IS NULL THEN
        RAISE EXCEPTION 'p_deal_ref must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_ref = '' THEN
        RAISE EXCEPTION 'p_deal_ref must not be blank' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);

    -- In id order, the order decide_duplicate locks two leads in.
    WITH c AS (
        SELECT l.id FROM inbox.leads l
         WHERE l.deal_ref = v_ref AND l.deal_open
         ORDER BY l.id
           FOR UPDATE
    ), u AS (
        UPDATE inbox.leads l SET deal_open = false, deal_closed_at = now()
          FROM c WHERE l.id = c.id
        RETURNING l.id, l.event_id
    ), j AS (
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        SELECT e.id, 'deal_closed', p_worker,
               jsonb_build_object('lead_id', u.id, 'deal_ref', v_ref)
          FROM u
          LEFT JOIN inbox.events e ON e.id = u.event_id
         ORDER BY u.id
    )
    SELECT count(*)::int INTO v_n FROM u;
    IF v_n > 0 THEN
        PERFORM inbox._notify('leads');
    END IF;
    RETURN v_n;
END;
$$;
REVOKE ALL ON FUNCTION inbox.close_deal(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.close_deal(text, text) TO inbox_worker;
CREATE OR REPLACE FUNCTION inbox.accept(p_source text, p_external_id text, p_body bytea, p_content_type text DEFAULT 'application/json'::text, p_occurred_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_kind text DEFAULT NULL::text, p_fingerprint text DEFAULT NULL::text) RETURNS TABLE(event_id bigint, outcome text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    v_fp       text;
    v_id       bigint;
    v_status   text;
    v_fp_old   text;
    v_retry    boolean;
    v_attempts int;
    v_error    text;
    v_deliv    int;
    v_body_id  bigint;
    v_tries    int := 0;
BEGIN
    -- Validation: one expression on the good path; the checks one by one only to name the
    -- first bad argument.
    IF p_source IS NULL OR p_external_id IS NULL OR p_body IS NULL OR p_content_type IS NULL
       OR p_source = '' OR char_length(p_source) > 64 OR p_source ~ '[\x01-\x1f\x7f]'
       OR p_external_id = '' OR char_length(p_external_id) > 1024 OR p_external_id ~ '[\x01-\x1f\x7f]'
       OR p_content_type = '' OR char_length(p_content_type) > 255 OR p_content_type ~ '[\x01-\x1f\x7f]'
       OR (p_kind IS NOT NULL AND (p_kind = '' OR char_length(p_kind) > 128 OR p_kind ~ '[\x01-\x1f\x7f]'))
       OR (p_fingerprint IS NOT NULL AND (p_fingerprint = '' OR char_length(p_fingerprint) > 1024))
       OR (p_occurred_at IS NOT NULL AND NOT isfinite(p_occurred_at)) THEN
        IF p_source IS NULL THEN
            RAISE EXCEPTION 'p_source must not be NULL' USING ERRCODE = 'null_value_not_allowed';
        END IF;
        IF p_external_id IS NULL THEN
            RAISE EXCEPTION 'p_external_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
        END IF;
        IF p_body IS NULL THEN
            RAISE EXCEPTION 'p_body must not be NULL' USING ERRCODE = 'null_value_not_allowed';
        END IF;
        IF p_content_type IS NULL THEN
            RAISE EXCEPTION 'p_content_type must not be NULL' USING ERRCODE = 'null_value_not_allowed';
        END IF;
        IF p_source = '' OR char_length(p_source) > 64 OR p_source ~ '[\x01-\x1f\x7f]' THEN
            RAISE EXCEPTION 'p_source must be 1..64 characters without control characters'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF p_external_id = '' OR char_length(p_external_id) > 1024 OR p_external_id ~ '[\x01-\x1f\x7f]' THEN
            RAISE EXCEPTION 'p_external_id must be 1..1024 characters without control characters'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF p_content_type = '' OR char_length(p_content_type) > 255 OR p_content_type ~ '[\x01-\x1f\x7f]' THEN
            RAISE EXCEPTION 'p_content_type must be 1..255 characters without control characters'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF p_kind IS NOT NULL AND (p_kind = '' OR char_length(p_kind) > 128 OR p_kind ~ '[\x01-\x1f\x7f]') THEN
            RAISE EXCEPTION 'p_kind must be NULL or 1..128 characters without control characters'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF p_fingerprint IS NOT NULL AND (p_fingerprint = '' OR char_length(p_fingerprint) > 1024) THEN
            RAISE EXCEPTION 'p_fingerprint must be NULL or 1..1024 characters'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF p_occurred_at IS NOT NULL AND NOT isfinite(p_occurred_at) THEN
            RAISE EXCEPTION 'p_occurred_at must be a finite time' USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END IF;

    v_fp := coalesce(p_fingerprint, encode(sha256(p_body), 'hex'));

    LOOP
        -- New key: the event, its 'received' entry, its queue row and its ledger deltas in
        -- one statement, which writes them itself instead of the INSERT triggers.
        PERFORM set_config('inbox.rows_inline', 'on', true);
        WITH ins AS (
            INSERT INTO inbox.events AS e (source, external_id, idempotency_key, kind, occurred_at,
                                           body, content_type, fingerprint, max_attempts)
            VALUES (p_source, p_external_id,
                    p_source || ':' || left(encode(sha256(convert_to(p_source || E'\x1f' || p_external_id, 'UTF8')), 'hex'), 32),
                    p_kind, coalesce(p_occurred_at, now()), p_body, p_content_type, v_fp,
                    -- The budget of the source, or the deployment's (0024).
                    coalesce((SELECT s.max_attempts FROM inbox.source_settings s
                               WHERE s.source = p_source),
                             (SELECT d.max_attempts FROM inbox.settings d)))
            -- No conflict target: both unique keys are arbiters. With (source, external_id)
            -- alone, a concurrent first delivery of the same key fails on the
            -- idempotency_key index with 23505 instead of waiting and doing nothing.
            ON CONFLICT DO NOTHING
            RETURNING e.id, e.status, e.received_at, e.next_attempt_at, e.locked_at
        ), j AS (
            INSERT INTO inbox.journal (event_id, entry, detail)
            SELECT ins.id, 'received',
                   jsonb_build_object('bytes', octet_length(p_body), 'fingerprint', v_fp)
            FROM ins
        ), q AS (
            INSERT INTO inbox.event_queue (id, source, status, received_at, next_attempt_at,
                                           locked_at)
            SELECT ins.id, p_source, ins.status, ins.received_at, ins.next_attempt_at,
                   ins.locked_at
              FROM ins
        ), s AS (
            INSERT INTO inbox.status_counts (source, status, shard, n)
            SELECT p_source, ins.status, (pg_backend_pid() % 8)::smallint, 1 FROM ins
        ), d AS (
            INSERT INTO inbox.daily_stats (day, source, shard, received)
            SELECT (now() AT TIME ZONE 'UTC')::date, p_source, (pg_backend_pid() % 8)::smallint, 1
              FROM ins
        )
        SELECT ins.id INTO v_id FROM ins;
        PERFORM set_config('inbox.rows_inline', 'off', true);

        IF v_id IS NOT NULL THEN
            IF random() < 1.0 / 256 THEN
                PERFORM inbox._fold_counters();
            END IF;
            IF coalesce(extract(epoch FROM clock_timestamp())::double precision
                        - nullif(current_setting('inbox.notified_events', true), '')::double precision
                        >= 1.0, true) THEN
                PERFORM inbox._notify('events');
            END IF;
            event_id := v_id;
            outcome := 'new';
            RETURN NEXT;
            RETURN;
        END IF;

        -- Known key: lock the row (waits for a concurrent delivery of the same key).
        SELECT e.id, e.status, e.fingerprint, e.error_retryable, e.attempts, e.last_error
          INTO v_id, v_status, v_fp_old, v_retry, v_attempts, v_error
          FROM inbox.events e
         WHERE e.source = p_source AND e.external_id = p_external_id
           FOR UPDATE;
        EXIT WHEN FOUND;
        -- The row vanished between the two statements (pruned): try the insert again. Only an
        -- idempotency_key taken by another (source, external_id) could repeat this for ever.
        v_tries := v_tries + 1;
        IF v_tries >= 3 THEN
            RAISE EXCEPTION 'idempotency key of (%, %) is taken by another event', p_source, p_external_id
                USING ERRCODE = 'unique_violation';
        END IF;
    END LOOP;

    IF v_fp_old <> v_fp THEN
        UPDATE inbox.events e
           SET deliveries = e.deliveries + 1, last_delivery_at = now(), needs_review = 'key conflict'
         WHERE e.id = v_id
        RETURNING e.deliveries INTO v_deliv;
        INSERT INTO inbox.conflict_bodies AS c (event_id, fingerprint, content_type, body)
        VALUES (v_id, v_fp, p_content_type, p_body)
        ON CONFLICT (event_id, fingerprint) DO NOTHING
        RETURNING c.id INTO v_body_id;
        IF v_body_id IS NULL THEN
            SELECT c.id INTO v_body_id FROM inbox.conflict_bodies c
             WHERE c.event_id = v_id AND c.fingerprint = v_fp;
        END IF;
        INSERT INTO inbox.journal (event_id, entry, detail)
        VALUES (v_id, 'conflict',
                jsonb_build_object('delivery', v_deliv, 'fingerprint', v_fp,
                                   'stored_fingerprint', v_fp_old, 'conflict_body_id', v_body_id,
                                   'bytes', octet_length(p_body)));
        PERFORM inbox._bump_daily(p_source, p_conflicts => 1);
        outcome := 'conflict';
    ELSIF v_status = 'failed' AND v_retry THEN
        WITH u AS (
            UPDATE inbox.events e
               SET deliveries = e.deliveries + 1, last_delivery_at = now(),
                   status = 'received', next_attempt_at = now(), attempts = 0,
                   locked_by = NULL, locked_at = NULL, lock_token = NULL, last_error = NULL,
                   error_retryable = NULL,
                   max_attempts = coalesce((SELECT s.max_attempts FROM inbox.source_settings s
                                             WHERE s.source = p_source),
                                           (SELECT d.max_attempts FROM inbox.settings d))
             WHERE e.id = v_id
            RETURNING e.deliveries
        ), j AS (
            INSERT INTO inbox.journal (event_id, entry, detail)
            SELECT v_id, 'rearmed',
                   jsonb_build_object('delivery', u.deliveries, 'previous_attempts', v_attempts,
                                      'previous_error', left(v_error, 1000))
              FROM u
        ), d AS (
            INSERT INTO inbox.daily_stats (day, source, shard, repeats)
            SELECT (now() AT TIME ZONE 'UTC')::date, p_source, (pg_backend_pid() % 8)::smallint, 1
              FROM u
        )
        SELECT u.deliveries INTO v_deliv FROM u;
        outcome := 'rearmed';
    ELSE
        WITH u AS (
            UPDATE inbox.events e
               SET deliveries = e.deliveries + 1, last_delivery_at = now()
             WHERE e.id = v_id
            RETURNING e.deliveries
        ), j AS (
            INSERT INTO inbox.journal (event_id, entry, detail)
            SELECT v_id, 'duplicate', jsonb_build_object('delivery', u.deliveries, 'status', v_status)
              FROM u
        ), d AS (
            INSERT INTO inbox.daily_stats (day, source, shard, repeats)
            SELECT (now() AT TIME ZONE 'UTC')::date, p_source, (pg_backend_pid() % 8)::smallint, 1
              FROM u
        )
        SELECT u.deliveries INTO v_deliv FROM u;
        outcome := 'duplicate';
    END IF;
    IF outcome <> 'conflict' AND random() < 1.0 / 256 THEN
        PERFORM inbox._fold_counters();
    END IF;

    IF coalesce(extract(epoch FROM clock_timestamp())::double precision
                - nullif(current_setting('inbox.notified_events', true), '')::double precision
                >= 1.0, true) THEN
        PERFORM inbox._notify('events');
    END IF;
    event_id := v_id;
    RETURN NEXT;
END;
$$;
CREATE OR REPLACE FUNCTION inbox.accept_many(p_sources text[], p_external_ids text[], p_bodies bytea[], p_content_types text[] DEFAULT NULL::text[], p_occurred_ats timestamp with time zone[] DEFAULT NULL::timestamp with time zone[], p_kinds text[] DEFAULT NULL::text[], p_fingerprints text[] DEFAULT NULL::text[]) RETURNS TABLE(ord integer, event_id bigint, outcome text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    c_max      constant int := 1000;
    v_n        int := cardinality(p_sources);
    v_bad      record;
    v_ids      bigint[];
    v_outcomes text[];
    v_new_ids  bigint[];
    v_new_ords int[];
    v_dup_ords int[];
    v_dup_ids  bigint[];
    r          record;
    v_id       bigint;
    v_outcome  text;
    v_budget   int;
BEGIN
    IF p_sources IS NULL THEN
        RAISE EXCEPTION 'p_sources must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_external_ids IS NULL THEN
        RAISE EXCEPTION 'p_external_ids must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_bodies IS NULL THEN
        RAISE EXCEPTION 'p_bodies must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF array_ndims(p_sources) > 1 OR array_ndims(p_external_ids) > 1 OR array_ndims(p_bodies) > 1
       OR array_ndims(p_content_types) > 1 OR array_ndims(p_occurred_ats) > 1
       OR array_ndims(p_kinds) > 1 OR array_ndims(p_fingerprints) > 1 THEN
        RAISE EXCEPTION 'the arrays must be one-dimensional' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF cardinality(p_external_ids) <> v_n OR cardinality(p_bodies) <> v_n
       OR cardinality(p_content_types) <> v_n OR cardinality(p_occurred_ats) <> v_n
       OR cardinality(p_kinds) <> v_n OR cardinality(p_fingerprints) <> v_n THEN
        RAISE EXCEPTION 'the arrays must have the same length (p_sources has %)', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_n > c_max THEN
        RAISE EXCEPTION 'at most % deliveries per call, got %', c_max, v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_n = 0 THEN
        RETURN;
    END IF;

    -- Every delivery is checked before anything is written; the first bad one is named.
    SELECT d.i, d.msg, d.code INTO v_bad
      FROM (SELECT x.i,
                   CASE
                     WHEN x.s IS NULL THEN 'p_sources[' || x.i || '] must not be NULL'
                     WHEN x.e IS NULL THEN 'p_external_ids[' || x.i || '] must not be NULL'
                     WHEN x.b IS NULL THEN 'p_bodies[' || x.i || '] must not be NULL'
                     WHEN p_content_types IS NOT NULL AND x.ct IS NULL
                       THEN 'p_content_types[' || x.i || '] must not be NULL'
                     WHEN x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
                       THEN 'p_sources[' || x.i || '] must be 1..64 characters without control characters'
                     WHEN x.e = '' OR char_length(x.e) > 1024 OR x.e ~ '[\x01-\x1f\x7f]'
                       THEN 'p_external_ids[' || x.i || '] must be 1..1024 characters without control characters'
                     WHEN x.ct = '' OR char_length(x.ct) > 255 OR x.ct ~ '[\x01-\x1f\x7f]'
                       THEN 'p_content_types[' || x.i || '] must be 1..255 characters without control characters'
                     WHEN x.k = '' OR char_length(x.k) > 128 OR x.k ~ '[\x01-\x1f\x7f]'
                       THEN 'p_kinds[' || x.i || '] must be NULL or 1..128 characters without control characters'
                     WHEN x.f = '' OR char_length(x.f) > 1024
                       THEN 'p_fingerprints[' || x.i || '] must be NULL or 1..1024 characters'
                     WHEN x.o IS NOT NULL AND NOT isfinite(x.o)
                       THEN 'p_occurred_ats[' || x.i || '] must be a finite time'
                   END AS msg,
                   CASE WHEN x.s IS NULL OR x.e IS NULL OR x.b IS NULL
                             OR (p_content_types IS NOT NULL AND x.ct IS NULL)
                        THEN 'null_value_not_allowed' ELSE 'invalid_parameter_value' END AS code
              FROM unnest(p_sources, p_external_ids, p_bodies, p_content_types, p_occurred_ats,
                          p_kinds, p_fingerprints) WITH ORDINALITY AS x(s, e, b, ct, o, k, f, i)) d
     WHERE d.msg IS NOT NULL
     ORDER BY d.i
     LIMIT 1;
    IF FOUND THEN
        IF v_bad.code = 'null_value_not_allowed' THEN
            RAISE EXCEPTION '%', v_bad.msg USING ERRCODE = 'null_value_not_allowed';
        END IF;
        RAISE EXCEPTION '%', v_bad.msg USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT d.max_attempts INTO v_budget FROM inbox.settings d;

    -- First deliveries of each key, inserted in (source, external_id) order with ids taken in
    -- the order of the deliveries; the 'received' entries, the queue rows and the ledger
    -- deltas in the same statement (which writes them itself instead of the INSERT triggers).
    PERFORM set_config('inbox.rows_inline', 'on', true);
    WITH d AS (
        SELECT x.i::int AS i, x.s COLLATE "C" AS source, x.e COLLATE "C" AS external_id,
               x.b AS body, coalesce(x.ct, 'application/json') AS content_type,
               x.o AS occurred_at, x.k AS kind, coalesce(x.f, encode(sha256(x.b), 'hex')) AS fp
          FROM unnest(p_sources, p_external_ids, p_bodies, p_content_types, p_occurred_ats,
                      p_kinds, p_fingerprints) WITH ORDINALITY AS x(s, e, b, ct, o, k, f, i)
    ), firsts AS (
        SELECT DISTINCT ON (d.source, d.external_id) d.*
          FROM d ORDER BY d.source, d.external_id, d.i
    ), numbered AS MATERIALIZED (
        SELECT f.*, nextval('inbox.events_id_seq') AS id
          FROM (SELECT * FROM firsts ORDER BY firsts.i) f
    ), ins AS (
        INSERT INTO inbox.events AS e (id, source, external_id, idempotency_key, kind,
                                       occurred_at, body, content_type, fingerprint, max_attempts)
        OVERRIDING SYSTEM VALUE
        SELECT n.id, n.source, n.external_id,
               n.source || ':' || left(encode(sha256(convert_to(n.source || E'\x1f' || n.external_id, 'UTF8')), 'hex'), 32),
               n.kind, coalesce(n.occurred_at, now()), n.body, n.content_type, n.fp,
               coalesce(ss.max_attempts, v_budget)
          FROM numbered n
          LEFT JOIN inbox.source_settings ss ON ss.source = n.source
         ORDER BY n.source, n.external_id
        -- Both unique keys are arbiters, as in accept.
        ON CONFLICT DO NOTHING
        RETURNING e.id, e.source, e.status, e.received_at, e.next_attempt_at, e.locked_at
    ), q AS (
        INSERT INTO inbox.event_queue (id, source, status, received_at, next_attempt_at, locked_at)
        SELECT ins.id, ins.source, ins.status, ins.received_at, ins.next_attempt_at, ins.locked_at
          FROM ins
         ORDER BY ins.id
    ), s AS (
        INSERT INTO inbox.status_counts (source, status, shard, n)
        SELECT ins.source, ins.status, (pg_backend_pid() % 8)::smallint, count(*)
          FROM ins
         GROUP BY ins.source, ins.status
    ), j AS (
        INSERT INTO inbox.journal (event_id, entry, detail)
        SELECT n.id, 'received', jsonb_build_object('bytes', octet_length(n.body), 'fingerprint', n.fp)
          FROM ins JOIN numbered n ON n.id = ins.id
         ORDER BY n.id
    ), dr AS (
        INSERT INTO inbox.daily_stats (day, source, shard, received)
        SELECT (now() AT TIME ZONE 'UTC')::date, n.source, (pg_backend_pid() % 8)::smallint,
               count(*)
          FROM ins JOIN numbered n ON n.id = ins.id
         GROUP BY n.source
    )
    SELECT array_agg(n.i ORDER BY n.i), array_agg(n.id ORDER BY n.i)
      INTO v_new_ords, v_new_ids
      FROM ins JOIN numbered n ON n.id = ins.id;
    PERFORM set_config('inbox.rows_inline', 'off', true);

    v_ids := array_fill(NULL::bigint, ARRAY[v_n]);
    v_outcomes := array_fill(NULL::text, ARRAY[v_n]);
    FOR r IN SELECT u.i, u.id FROM unnest(v_new_ords, v_new_ids) AS u(i, id) LOOP
        v_ids[r.i] := r.id;
        v_outcomes[r.i] := 'new';
    END LOOP;

    -- The known keys (and the repeats of new ones): every event row locked in one statement,
    -- in (source, external_id) order. A key whose deliveries here all carry the stored
    -- fingerprint, and whose event is not failed and retryable, is a duplicate each time, as
    -- accept would find it: those are answered in one statement (deliveries, last delivery,
    -- the 'duplicate' entries in the batch's order, one daily delta per source).
    IF v_new_ords IS NULL OR cardinality(v_new_ords) < v_n THEN
        WITH d AS (
            SELECT x.i::int AS i, x.s COLLATE "C" AS source, x.e COLLATE "C" AS external_id,
                   coalesce(x.f, encode(sha256(x.b), 'hex')) AS fp
              FROM unnest(p_sources, p_external_ids, p_bodies, p_fingerprints)
                   WITH ORDINALITY AS x(s, e, b, f, i)
             WHERE v_new_ords IS NULL OR x.i <> ALL (v_new_ords)
        ), lk AS MATERIALIZED (
            SELECT e.id, e.source, e.external_id, e.status, e.fingerprint, e.error_retryable,
                   e.deliveries
              FROM inbox.events e
             WHERE (e.external_id, e.source) IN (SELECT d.external_id, d.source FROM d)
             ORDER BY e.source, e.external_id
               FOR UPDATE OF e
        ), dd AS MATERIALIZED (
            SELECT d.i, l.id, l.source, l.external_id, l.status,
                   l.deliveries + row_number() OVER (PARTITION BY l.id ORDER BY d.i) AS delivery,
                   count(*) OVER (PARTITION BY l.id) AS k
              FROM lk l
              JOIN d ON d.source = l.source AND d.external_id = l.external_id
             WHERE NOT (l.status = 'failed' AND coalesce(l.error_retryable, false))
               AND NOT EXISTS (SELECT 1 FROM d d2
                                WHERE d2.source = l.source AND d2.external_id = l.external_id
                                  AND d2.fp <> l.fingerprint)
        ), u AS (
            UPDATE inbox.events e
               SET deliveries = e.deliveries + c.k, last_delivery_at = now()
              FROM (SELECT dd.id, max(dd.k) AS k FROM dd GROUP BY dd.id) c
             WHERE e.id = c.id
        ), j AS (
            INSERT INTO inbox.journal (event_id, entry, detail)
            SELECT dd.id, 'duplicate', jsonb_build_object('delivery', dd.delivery, 'status', dd.status)
              FROM dd
             ORDER BY dd.source, dd.external_id, dd.i
        ), dr AS (
            INSERT INTO inbox.daily_stats (day, source, shard, repeats)
            SELECT (now() AT TIME ZONE 'UTC')::date, dd.source, (pg_backend_pid() % 8)::smallint,
                   count(*)
              FROM dd
             GROUP BY dd.source
        )
        SELECT array_agg(dd.i), array_agg(dd.id) INTO v_dup_ords, v_dup_ids FROM dd;
        FOR r IN SELECT u.i, u.id FROM unnest(v_dup_ords, v_dup_ids) AS u(i, id) LOOP
            v_ids[r.i] := r.id;
            v_outcomes[r.i] := 'duplicate';
        END LOOP;
    END IF;
    IF random() < 1.0 / 256 THEN
        PERFORM inbox._fold_counters();
    END IF;

    -- Every other delivery (conflicts, rearms, keys that vanished) is what accept makes of
    -- it, key by key in the same order, each key's deliveries in the batch's order.
    FOR r IN
        SELECT x.i::int AS i, x.s, x.e, x.b, x.ct, x.o, x.k, x.f
          FROM unnest(p_sources, p_external_ids, p_bodies, p_content_types, p_occurred_ats,
                      p_kinds, p_fingerprints) WITH ORDINALITY AS x(s, e, b, ct, o, k, f, i)
         WHERE v_outcomes[x.i] IS NULL
         ORDER BY x.s COLLATE "C", x.e COLLATE "C", x.i
    LOOP
        SELECT a.event_id, a.outcome INTO v_id, v_outcome
          FROM inbox.accept(r.s, r.e, r.b, coalesce(r.ct, 'application/json'), r.o, r.k, r.f) a;
        v_ids[r.i] := v_id;
        v_outcomes[r.i] := v_outcome;
    END LOOP;

    IF coalesce(extract(epoch FROM clock_timestamp())::double precision
                - nullif(current_setting('inbox.notified_events', true), '')::double precision
                >= 1.0, true) THEN
        PERFORM inbox._notify('events');
    END IF;
    RETURN QUERY SELECT u.i::int, u.id, u.outcome
                   FROM unnest(v_ids, v_outcomes) WITH ORDINALITY AS u(id, outcome, i)
                  ORDER BY u.i;
END;
$$;
CREATE OR REPLACE FUNCTION inbox._check_name(p_value text, p_arg text, p_max integer) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    IF p_value IS NULL THEN
        RAISE EXCEPTION '% must not be NULL', p_arg USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_value = '' THEN
        RAISE EXCEPTION '% must not be empty', p_arg USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF char_length(p_value) > p_max THEN
        RAISE EXCEPTION '% is longer than % characters', p_arg, p_max
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_value ~ '[\x01-\x1f\x7f]' THEN
        RAISE EXCEPTION '% must not contain control characters', p_arg
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
END;
$$;

CREATE OR REPLACE FUNCTION inbox.begin_action(p_event_id bigint, p_kind text, p_operation_key text) RETURNS TABLE(action_id bigint, state text, result jsonb)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    v_act inbox.actions%ROWTYPE;
    v_id  bigint;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_kind, 'p_kind', 128);
    PERFORM inbox._check_name(p_operation_key, 'p_operation_key', 1024);
    PERFORM 1 FROM inbox.events e WHERE e.id = p_event_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_event_id % does not exist', p_event_id USING ERRCODE = 'invalid_parameter_value';
    END IF;

    LOOP
        INSERT INTO inbox.actions AS a (event_id, kind, operation_key)
        VALUES (p_event_id, p_kind, p_operation_key)
        ON CONFLICT (operation_key) DO NOTHING
        RETURNING a.id INTO v_id;
        IF v_id IS NOT NULL THEN
            INSERT INTO inbox.journal (event_id, entry, detail)
            VALUES (p_event_id, 'action_started',
                    jsonb_build_object('action_id', v_id, 'kind', p_kind,
                                       'operation_key', p_operation_key, 'begun', 1));
            PERFORM inbox._notify('actions');
            action_id := v_id; state := 'started'; result := NULL;
            RETURN NEXT;
            RETURN;
        END IF;
        SELECT * INTO v_act FROM inbox.actions a WHERE a.operation_key = p_operation_key FOR UPDATE;
        EXIT WHEN FOUND;
    END LOOP;

    IF v_act.event_id IS DISTINCT FROM p_event_id OR v_act.kind <> p_kind THEN
        RAISE EXCEPTION 'p_operation_key is already used by action % (event %, kind %)',
                        v_act.id, coalesce(v_act.event_id::text, 'none: an alert message'), v_act.kind
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    IF v_act.state = 'failed' THEN
        -- A definitive failure may be tried again under the same key.
        UPDATE inbox.actions a
           SET state = 'started', begun = a.begun + 1, result = NULL,
               started_at = now(), finished_at = NULL
         WHERE a.id = v_act.id
        RETURNING a.begun INTO v_act.begun;
        INSERT INTO inbox.journal (event_id, entry, detail)
        VALUES (p_event_id, 'action_started',
                jsonb_build_object('action_id', v_act.id, 'kind', p_kind,
                                   'operation_key', p_operation_key, 'begun', v_act.begun));
        PERFORM inbox._notify('actions');
        action_id := v_act.id; state := 'started'; result := NULL;
    ELSE
        INSERT INTO inbox.journal (event_id, entry, detail)
        VALUES (p_event_id, 'action_repeat',
                jsonb_build_object('action_id', v_act.id, 'kind', p_kind,
                                   'operation_key', p_operation_key, 'state', v_act.state));
        action_id := v_act.id;
        state := CASE v_act.state WHEN 'done' THEN 'done' ELSE 'unknown' END;
        result := CASE v_act.state WHEN 'done' THEN v_act.result END;
    END IF;
    RETURN NEXT;
END;
$$;

CREATE OR REPLACE FUNCTION inbox.finish_action(p_action_id bigint, p_ok boolean, p_result jsonb DEFAULT NULL::jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_act inbox.actions%ROWTYPE;
    v_new text;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'p_action_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_ok IS NULL THEN
        RAISE EXCEPTION 'p_ok must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;

    SELECT * INTO v_act FROM inbox.actions a WHERE a.id = p_action_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_action_id % does not exist', p_action_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_act.event_id IS NULL THEN
        RAISE EXCEPTION 'p_action_id % is a message of alert episode %, not an event''s action',
            p_action_id, v_act.episode_id USING ERRCODE = 'invalid_parameter_value';
    END IF;

    v_new := CASE WHEN p_ok THEN 'done' ELSE 'failed' END;
    IF v_act.state = v_new THEN
        RETURN;
    END IF;
    IF v_act.state <> 'started' THEN
        RAISE EXCEPTION 'action % is already %; p_ok contradicts it', p_action_id, v_act.state
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    UPDATE inbox.actions a
       SET state = v_new, result = p_result, finished_at = now()
     WHERE a.id = p_action_id;
    INSERT INTO inbox.journal (event_id, entry, detail)
    VALUES (v_act.event_id, CASE WHEN p_ok THEN 'action_done' ELSE 'action_failed' END,
            jsonb_build_object('action_id', v_act.id, 'kind', v_act.kind,
                               'operation_key', v_act.operation_key, 'begun', v_act.begun));
    PERFORM inbox._notify('actions');
END;
$$;

CREATE OR REPLACE FUNCTION inbox.count_refusals(p_sources text[], p_reasons text[], p_counts integer[], p_statuses integer[]) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
DECLARE
    v_n int;
    v_bad text;
    v_today date := (now() AT TIME ZONE 'UTC')::date;
    v_total bigint;
BEGIN
    IF p_sources IS NULL THEN
        RAISE EXCEPTION 'p_sources must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_reasons IS NULL THEN
        RAISE EXCEPTION 'p_reasons must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_counts IS NULL THEN
        RAISE EXCEPTION 'p_counts must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_statuses IS NULL THEN
        RAISE EXCEPTION 'p_statuses must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    v_n := coalesce(cardinality(p_sources), 0);
    IF array_ndims(p_sources) > 1 OR array_ndims(p_reasons) > 1 OR array_ndims(p_counts) > 1
       OR array_ndims(p_statuses) > 1 OR coalesce(cardinality(p_reasons), 0) <> v_n
       OR coalesce(cardinality(p_counts), 0) <> v_n
       OR coalesce(cardinality(p_statuses), 0) <> v_n THEN
        RAISE EXCEPTION 'the arrays must have the same length (p_sources has %)', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_n > 1000 THEN
        RAISE EXCEPTION 'at most 1000 entries per call, got %', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_n = 0 THEN
        RETURN 0::bigint;
    END IF;

    SELECT CASE WHEN x.s IS NULL THEN 'p_sources[' || x.i || '] must not be NULL'
                WHEN x.r IS NULL THEN 'p_reasons[' || x.i || '] must not be NULL'
                WHEN x.c IS NULL THEN 'p_counts[' || x.i || '] must not be NULL'
                WHEN x.st IS NULL THEN 'p_statuses[' || x.i || '] must not be NULL'
           END
      INTO v_bad
      FROM unnest(p_sources, p_reasons, p_counts, p_statuses) WITH ORDINALITY AS x(s, r, c, st, i)
     WHERE x.s IS NULL OR x.r IS NULL OR x.c IS NULL OR x.st IS NULL
     ORDER BY x.i
     LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT CASE WHEN x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
                  THEN 'p_sources[' || x.i || '] must be 1..64 characters without control characters'
                WHEN x.r !~ '^[a-z][a-z0-9_]{0,31}$'
                  THEN 'p_reasons[' || x.i || '] must be 1..32 of a-z, 0-9 and _ starting with a letter, got ' || left(x.r, 40)
                WHEN x.c < 1 OR x.c > 1000000
                  THEN 'p_counts[' || x.i || '] must be between 1 and 1000000, got ' || x.c
                WHEN x.st < 100 OR x.st > 599
                  THEN 'p_statuses[' || x.i || '] must be an HTTP status 100..599, got ' || x.st
           END
      INTO v_bad
      FROM unnest(p_sources, p_reasons, p_counts, p_statuses) WITH ORDINALITY AS x(s, r, c, st, i)
     WHERE x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
        OR x.r !~ '^[a-z][a-z0-9_]{0,31}$' OR x.c < 1 OR x.c > 1000000 OR x.st < 100
        OR x.st > 599
     ORDER BY x.i
     LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- Key order (day first), so every caller locks rows in one order: the old days, then
    -- today's keys ascending.
    DELETE FROM inbox.refusals r WHERE r.day < v_today - 90;

    INSERT INTO inbox.refusals AS r (day, source, reason, n, first_at, last_at, last_status)
    SELECT v_today, g.s, g.r, g.c, now(), now(), g.st
      FROM (SELECT x.s COLLATE "C" AS s, x.r COLLATE "C" AS r, sum(x.c) AS c,
                   (array_agg(x.st ORDER BY x.i DESC))[1] AS st
              FROM unnest(p_sources, p_reasons, p_counts, p_statuses)
                   WITH ORDINALITY AS x(s, r, c, st, i)
             GROUP BY 1, 2) g
     ORDER BY g.s, g.r
    ON CONFLICT (day, source, reason) DO UPDATE
       SET n = r.n + EXCLUDED.n, last_at = EXCLUDED.last_at, last_status = EXCLUDED.last_status;

    SELECT sum(x.c) INTO v_total FROM unnest(p_counts) AS x(c);
    RETURN v_total;
END;
$_$;
