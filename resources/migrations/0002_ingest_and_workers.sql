-- Migration 2: the ingest and worker half of the contract (see docs/contract.md):
-- inbox.accept for receivers; claim, heartbeat, complete, fail, begin_action and
-- finish_action for workers.
--
-- Conventions: SECURITY DEFINER with a pinned search_path, every object schema-qualified,
-- arguments validated before anything is written (22004 for a missing value, 22023 for an
-- invalid one, the message names the argument). Journal actor: the worker name for worker
-- entries, the session user otherwise (the default of inbox.journal.actor).

-- A conflicting delivery's body is stored once per distinct fingerprint of that event.
CREATE UNIQUE INDEX conflict_bodies_event_fingerprint_key
    ON inbox.conflict_bodies (event_id, fingerprint);

-- Argument checks shared by the functions below. Raises; never writes.
CREATE FUNCTION inbox._check_name(p_value text, p_arg text, p_max int)
RETURNS void LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_value IS NULL THEN
        RAISE EXCEPTION '% must not be null', p_arg USING ERRCODE = 'null_value_not_allowed';
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
REVOKE ALL ON FUNCTION inbox._check_name(text, text, int) FROM PUBLIC;

-- ---------------------------------------------------------------------------------------
-- Ingest
-- ---------------------------------------------------------------------------------------
-- The common case (a new key) is one INSERT ... ON CONFLICT DO NOTHING that also writes the
-- journal row in the same statement. A known key falls through to a locked read of the
-- existing row, so concurrent deliveries of one key serialise on that row: exactly one of
-- them is 'new' and every one is counted in deliveries.
CREATE FUNCTION inbox.accept(p_source text, p_external_id text, p_body bytea,
                             p_content_type text DEFAULT 'application/json',
                             p_occurred_at timestamptz DEFAULT NULL,
                             p_kind text DEFAULT NULL,
                             p_fingerprint text DEFAULT NULL)
RETURNS TABLE(event_id bigint, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_fp       text;
    v_key      text;
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
    -- Validation (cheap checks inline: this runs inside webhook handlers).
    IF p_source IS NULL THEN
        RAISE EXCEPTION 'p_source must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_external_id IS NULL THEN
        RAISE EXCEPTION 'p_external_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_body IS NULL THEN
        RAISE EXCEPTION 'p_body must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_content_type IS NULL THEN
        RAISE EXCEPTION 'p_content_type must not be null' USING ERRCODE = 'null_value_not_allowed';
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
        RAISE EXCEPTION 'p_kind must be null or 1..128 characters without control characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_fingerprint IS NOT NULL AND (p_fingerprint = '' OR char_length(p_fingerprint) > 1024) THEN
        RAISE EXCEPTION 'p_fingerprint must be null or 1..1024 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_occurred_at IS NOT NULL AND NOT isfinite(p_occurred_at) THEN
        RAISE EXCEPTION 'p_occurred_at must be a finite time' USING ERRCODE = 'invalid_parameter_value';
    END IF;

    v_fp := coalesce(p_fingerprint, encode(sha256(p_body), 'hex'));

    LOOP
        -- New key: the event and its 'received' entry in one statement.
        WITH ins AS (
            INSERT INTO inbox.events AS e (source, external_id, idempotency_key, kind, occurred_at,
                                           body, content_type, fingerprint)
            VALUES (p_source, p_external_id,
                    p_source || ':' || left(encode(sha256(convert_to(p_source || E'\x1f' || p_external_id, 'UTF8')), 'hex'), 32),
                    p_kind, coalesce(p_occurred_at, now()), p_body, p_content_type, v_fp)
            -- No conflict target: both unique keys are arbiters. With (source, external_id)
            -- alone, a concurrent first delivery of the same key fails on the
            -- idempotency_key index with 23505 instead of waiting and doing nothing.
            ON CONFLICT DO NOTHING
            RETURNING e.id
        ), j AS (
            INSERT INTO inbox.journal (event_id, entry, detail)
            SELECT ins.id, 'received',
                   jsonb_build_object('bytes', octet_length(p_body), 'fingerprint', v_fp)
            FROM ins
        )
        SELECT ins.id INTO v_id FROM ins;

        IF v_id IS NOT NULL THEN
            PERFORM inbox._bump_daily(p_source, p_received => 1);
            PERFORM inbox._notify('events');
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
        UPDATE inbox.events e
           SET deliveries = e.deliveries + 1, last_delivery_at = now(),
               status = 'received', next_attempt_at = now(), attempts = 0,
               locked_by = NULL, locked_at = NULL, last_error = NULL, error_retryable = NULL
         WHERE e.id = v_id
        RETURNING e.deliveries INTO v_deliv;
        INSERT INTO inbox.journal (event_id, entry, detail)
        VALUES (v_id, 'rearmed',
                jsonb_build_object('delivery', v_deliv, 'previous_attempts', v_attempts,
                                   'previous_error', left(v_error, 1000)));
        PERFORM inbox._bump_daily(p_source, p_repeats => 1);
        outcome := 'rearmed';
    ELSE
        UPDATE inbox.events e
           SET deliveries = e.deliveries + 1, last_delivery_at = now()
         WHERE e.id = v_id
        RETURNING e.deliveries INTO v_deliv;
        INSERT INTO inbox.journal (event_id, entry, detail)
        VALUES (v_id, 'duplicate', jsonb_build_object('delivery', v_deliv, 'status', v_status));
        PERFORM inbox._bump_daily(p_source, p_repeats => 1);
        outcome := 'duplicate';
    END IF;

    PERFORM inbox._notify('events');
    event_id := v_id;
    RETURN NEXT;
END;
$$;

-- ---------------------------------------------------------------------------------------
-- Workers
-- ---------------------------------------------------------------------------------------

-- Retry delay after attempt n (1-based): 10 s, 1 min, 5 min, 30 min, 2 h, then 6 h.
CREATE FUNCTION inbox._retry_delay(p_attempt int)
RETURNS interval LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT (ARRAY[interval '10 seconds', interval '1 minute', interval '5 minutes',
                  interval '30 minutes', interval '2 hours', interval '6 hours'])
           [least(greatest(p_attempt, 1), 6)];
$$;
REVOKE ALL ON FUNCTION inbox._retry_delay(int) FROM PUBLIC;

-- Stuck locks first (their event was due before it was first claimed, and its worker is
-- gone), oldest lock first; then due 'received' events, earliest due first. A stuck event
-- that already used its last attempt is not claimed again (a job that kills its worker would
-- otherwise loop for ever): it becomes 'failed' for a person, journaled as such.
CREATE FUNCTION inbox.claim(p_worker text, p_limit int DEFAULT 1,
                            p_lock_timeout interval DEFAULT '5 minutes')
RETURNS SETOF inbox.events
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_taken   int := 0;
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

    -- Expired locks. Statement 1: those on their last attempt become 'failed'.
    IF EXISTS (SELECT 1 FROM inbox.events e
                WHERE e.status = 'processing' AND e.locked_at < now() - p_lock_timeout) THEN
        WITH c AS (
            SELECT e.id, e.locked_by AS prev_by, e.locked_at AS prev_at
              FROM inbox.events e
             WHERE e.status = 'processing' AND e.locked_at < now() - p_lock_timeout
               AND e.attempts >= e.max_attempts
             ORDER BY e.locked_at, e.id
             LIMIT p_limit
               FOR UPDATE SKIP LOCKED
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
              FROM inbox.events e
             WHERE e.status = 'processing' AND e.locked_at < now() - p_lock_timeout
               AND e.attempts < e.max_attempts
             ORDER BY e.locked_at, e.id
             LIMIT p_limit
               FOR UPDATE SKIP LOCKED
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
              FROM inbox.events e
             WHERE e.status = 'received' AND e.next_attempt_at <= now()
             ORDER BY e.next_attempt_at, e.id
             LIMIT p_limit - v_taken
               FOR UPDATE SKIP LOCKED
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

CREATE FUNCTION inbox.heartbeat(p_event_id bigint, p_worker text)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    UPDATE inbox.events e SET locked_at = now()
     WHERE e.id = p_event_id AND e.status = 'processing' AND e.locked_by = p_worker;
    RETURN FOUND;
END;
$$;

-- Fenced: only the worker that holds the lock of a 'processing' event may finish it.
CREATE FUNCTION inbox.complete(p_event_id bigint, p_worker text, p_result jsonb DEFAULT NULL)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_source   text;
    v_attempts int;
    v_status   text;
    v_holder   text;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);

    UPDATE inbox.events e
       SET status = 'done', done_at = now(), result = p_result, locked_by = NULL, locked_at = NULL
     WHERE e.id = p_event_id AND e.status = 'processing' AND e.locked_by = p_worker
    RETURNING e.source, e.attempts INTO v_source, v_attempts;

    IF FOUND THEN
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        VALUES (p_event_id, 'done', p_worker, jsonb_build_object('attempt', v_attempts));
        PERFORM inbox._bump_daily(v_source, p_done => 1);
        PERFORM inbox._notify('events');
        RETURN true;
    END IF;

    SELECT e.status, e.locked_by INTO v_status, v_holder FROM inbox.events e WHERE e.id = p_event_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_event_id % does not exist', p_event_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    INSERT INTO inbox.journal (event_id, entry, actor, detail)
    VALUES (p_event_id, 'stale_complete', p_worker,
            jsonb_build_object('status', v_status, 'holder', v_holder));
    RETURN false;
END;
$$;

CREATE FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_error text, p_retryable boolean DEFAULT true)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_ev    inbox.events%ROWTYPE;
    v_delay interval;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    IF p_error IS NULL THEN
        RAISE EXCEPTION 'p_error must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF btrim(p_error) = '' THEN
        RAISE EXCEPTION 'p_error must not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_retryable IS NULL THEN
        RAISE EXCEPTION 'p_retryable must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;

    SELECT * INTO v_ev FROM inbox.events e WHERE e.id = p_event_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_event_id % does not exist', p_event_id USING ERRCODE = 'invalid_parameter_value';
    END IF;

    IF v_ev.status <> 'processing' OR v_ev.locked_by IS DISTINCT FROM p_worker THEN
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        VALUES (p_event_id, 'stale_fail', p_worker,
                jsonb_build_object('status', v_ev.status, 'holder', v_ev.locked_by,
                                   'error', left(p_error, 200), 'retryable', p_retryable));
        RETURN 'lost_lock';
    END IF;

    IF p_retryable AND v_ev.attempts < v_ev.max_attempts THEN
        v_delay := inbox._retry_delay(v_ev.attempts) * (0.9 + random() * 0.2);
        UPDATE inbox.events e
           SET status = 'received', next_attempt_at = now() + v_delay,
               locked_by = NULL, locked_at = NULL, last_error = p_error, error_retryable = true
         WHERE e.id = p_event_id;
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        VALUES (p_event_id, 'retry_scheduled', p_worker,
                jsonb_build_object('attempt', v_ev.attempts, 'error', left(p_error, 200),
                                   'delay_seconds', round(extract(epoch FROM v_delay)::numeric, 1),
                                   'next_attempt_at', now() + v_delay));
        PERFORM inbox._notify('events');
        RETURN 'received';
    END IF;

    UPDATE inbox.events e
       SET status = 'failed', locked_by = NULL, locked_at = NULL,
           last_error = p_error, error_retryable = p_retryable
     WHERE e.id = p_event_id;
    INSERT INTO inbox.journal (event_id, entry, actor, detail)
    VALUES (p_event_id, 'failed', p_worker,
            jsonb_build_object('attempt', v_ev.attempts, 'error', left(p_error, 200),
                               'retryable', p_retryable,
                               'reason', CASE WHEN p_retryable THEN 'out_of_attempts' ELSE 'not_retryable' END));
    PERFORM inbox._bump_daily(v_ev.source, p_failed => 1);
    PERFORM inbox._notify('events');
    RETURN 'failed';
END;
$$;

-- ---------------------------------------------------------------------------------------
-- Outgoing actions
-- ---------------------------------------------------------------------------------------
CREATE FUNCTION inbox.begin_action(p_event_id bigint, p_kind text, p_operation_key text)
RETURNS TABLE(action_id bigint, state text, result jsonb)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_act inbox.actions%ROWTYPE;
    v_id  bigint;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be null' USING ERRCODE = 'null_value_not_allowed';
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

    IF v_act.event_id <> p_event_id OR v_act.kind <> p_kind THEN
        RAISE EXCEPTION 'p_operation_key is already used by action % (event %, kind %)',
                        v_act.id, v_act.event_id, v_act.kind
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

-- Finishing moves 'started' to 'done' or 'failed'. Repeating the same outcome is a no-op;
-- contradicting a finished outcome (done then failed, failed then done) is refused, so the
-- stored result a repeat relies on never changes behind its back.
CREATE FUNCTION inbox.finish_action(p_action_id bigint, p_ok boolean, p_result jsonb DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_act inbox.actions%ROWTYPE;
    v_new text;
BEGIN
    IF p_action_id IS NULL THEN
        RAISE EXCEPTION 'p_action_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_ok IS NULL THEN
        RAISE EXCEPTION 'p_ok must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;

    SELECT * INTO v_act FROM inbox.actions a WHERE a.id = p_action_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_action_id % does not exist', p_action_id USING ERRCODE = 'invalid_parameter_value';
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

-- ---------------------------------------------------------------------------------------
-- Grants
-- ---------------------------------------------------------------------------------------
REVOKE ALL ON FUNCTION inbox.accept(text, text, bytea, text, timestamptz, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION inbox.claim(text, int, interval) FROM PUBLIC;
REVOKE ALL ON FUNCTION inbox.heartbeat(bigint, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION inbox.complete(bigint, text, jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION inbox.fail(bigint, text, text, boolean) FROM PUBLIC;
REVOKE ALL ON FUNCTION inbox.begin_action(bigint, text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION inbox.finish_action(bigint, boolean, jsonb) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION inbox.accept(text, text, bytea, text, timestamptz, text, text) TO inbox_ingest;
GRANT EXECUTE ON FUNCTION inbox.claim(text, int, interval) TO inbox_worker;
GRANT EXECUTE ON FUNCTION inbox.heartbeat(bigint, text) TO inbox_worker;
GRANT EXECUTE ON FUNCTION inbox.complete(bigint, text, jsonb) TO inbox_worker;
GRANT EXECUTE ON FUNCTION inbox.fail(bigint, text, text, boolean) TO inbox_worker;
GRANT EXECUTE ON FUNCTION inbox.begin_action(bigint, text, text) TO inbox_worker;
GRANT EXECUTE ON FUNCTION inbox.finish_action(bigint, boolean, jsonb) TO inbox_worker;
