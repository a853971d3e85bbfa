-- Migration 25: the back door (issue 33). What inbox-dispatcher needs to deliver events to
-- HTTP destinations through the contract, and what an operator and the console see of it.
--
-- destinations      one row per destination a dispatcher has reported: the state its circuit
--                   breaker is in, its last error, and whether a person (or a 410 Gone from the
--                   handler) paused it. Support and above read it.
-- delivery_attempts one row per HTTP request a dispatcher made for an event: the attempt, the
--                   status (NULL: no answer), the first bytes of the answer, how long it took,
--                   and what the contract made of it. The console's event detail reads it.
-- claim_routed      claim (same fencing, same takeover and expiry rules) restricted to some
--                   sources and kinds: each destination claims only what it takes.
-- finish_delivery   records the attempt and applies its outcome in one call: complete, fail
--                   (retryable or not), or release (the attempt is given back uncounted, for a
--                   destination whose breaker is open: a dead handler fails nothing).
-- report_destination the dispatcher's breaker state; answers whether the destination is paused.
--                   A 'disabled' report (410 Gone) pauses the destination until a person resumes.
-- pause_destination / resume_destination   operators, journaled with the person and reason.
-- route_backlog     a route's received and processing events, from the status counters.

CREATE TABLE inbox.destinations (
    name          text COLLATE "C" PRIMARY KEY
                  CHECK (char_length(name) BETWEEN 1 AND 64 AND name !~ '[\x01-\x1f\x7f]'),
    state         text NOT NULL DEFAULT 'closed'
                  CHECK (state IN ('closed', 'open', 'half_open', 'waiting', 'disabled')),
    last_error    text,
    reported_by   text,
    reported_at   timestamptz,
    paused        boolean NOT NULL DEFAULT false,
    paused_by     text,
    paused_reason text,
    paused_at     timestamptz,
    CHECK (paused = (paused_at IS NOT NULL))
);

CREATE TABLE inbox.delivery_attempts (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id     bigint NOT NULL REFERENCES inbox.events (id) ON DELETE CASCADE,
    destination  text COLLATE "C" NOT NULL,
    worker       text NOT NULL,
    attempt      int NOT NULL,
    at           timestamptz NOT NULL DEFAULT clock_timestamp(),
    http_status  int CHECK (http_status BETWEEN 100 AND 599),
    duration_ms  int CHECK (duration_ms >= 0),
    outcome      text NOT NULL CHECK (outcome IN ('done', 'retry', 'reject', 'release')),
    answer       text CHECK (char_length(answer) <= 4000),
    error        text,
    applied      text NOT NULL CHECK (applied IN ('done', 'received', 'failed', 'released',
                                                  'lost_lock'))
);
CREATE INDEX delivery_attempts_event_idx ON inbox.delivery_attempts (event_id, id);
-- The console's Handlers tab reads each destination's latest requests backwards by id: a
-- bounded read however long the table grows.
CREATE INDEX delivery_attempts_destination_idx ON inbox.delivery_attempts (destination, id);

REVOKE ALL ON inbox.destinations, inbox.delivery_attempts FROM PUBLIC;
GRANT SELECT ON inbox.destinations, inbox.delivery_attempts TO inbox_support;

-- claim with a route. The body is claim's (0024) with two filters; NULL means any. Sources are
-- filtered in the queue window (event_queue carries the source and has its index), kinds on
-- the event, also inside the window, so a window full of other kinds never hides a due event
-- of this destination behind it. With p_order_separator (one character, e.g. ':') the events
-- of one source whose external ids share the part before it ("order-17:created",
-- "order-17:paid") go out in id order: an event is not claimed while an earlier one of its
-- group is received (due or waiting for its retry) or processing. A failed one no longer holds
-- its group back: it waits for a person.
CREATE FUNCTION inbox.claim_routed(p_worker text, p_limit int, p_sources text[], p_kinds text[],
                                   p_order_separator text DEFAULT NULL,
                                   p_lock_timeout interval DEFAULT NULL)
RETURNS SETOF inbox.events
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
SET plan_cache_mode = force_generic_plan
SET jit = off
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
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    IF p_limit IS NULL THEN
        RAISE EXCEPTION 'p_limit must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_limit < 1 OR p_limit > 1000 THEN
        RAISE EXCEPTION 'p_limit must be between 1 and 1000' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF cardinality(p_sources) = 0 OR array_position(p_sources, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'p_sources must be NULL (any source) or a list without NULLs'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF cardinality(p_kinds) = 0 OR array_position(p_kinds, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'p_kinds must be NULL (any kind) or a list without NULLs'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_order_separator IS NOT NULL AND (char_length(p_order_separator) <> 1
                                          OR p_order_separator !~ '^[\x21-\x7e]$') THEN
        RAISE EXCEPTION 'p_order_separator must be one printable ASCII character'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_timeout IS NULL THEN
        SELECT s.lock_timeout INTO v_timeout FROM inbox.settings s;
    ELSIF v_timeout <= interval '0' THEN
        RAISE EXCEPTION 'p_lock_timeout must be positive' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_window := p_limit * 4 + 64;
    v_token := nextval('inbox.lock_token_seq');

    IF EXISTS (SELECT 1 FROM inbox.event_queue q
                WHERE q.status = 'processing' AND q.locked_at < now() - v_timeout
                  AND (p_sources IS NULL OR q.source = ANY (p_sources))) THEN
        WITH c AS (
            SELECT e.id, e.locked_by AS prev_by, e.locked_at AS prev_at
              FROM (SELECT q.id, q.locked_at
                      FROM inbox.event_queue q
                     WHERE q.status = 'processing' AND q.locked_at < now() - v_timeout
                       AND (p_sources IS NULL OR q.source = ANY (p_sources))
                       AND (p_kinds IS NULL OR EXISTS (SELECT 1 FROM inbox.events k
                                                        WHERE k.id = q.id
                                                          AND k.kind = ANY (p_kinds)))
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

        RETURN QUERY
        WITH c AS (
            SELECT e.id, e.locked_by AS prev_by, e.locked_at AS prev_at
              FROM (SELECT q.id, q.locked_at
                      FROM inbox.event_queue q
                     WHERE q.status = 'processing' AND q.locked_at < now() - v_timeout
                       AND (p_sources IS NULL OR q.source = ANY (p_sources))
                       AND (p_kinds IS NULL OR EXISTS (SELECT 1 FROM inbox.events k
                                                        WHERE k.id = q.id
                                                          AND k.kind = ANY (p_kinds)))
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
                       AND (p_sources IS NULL OR q.source = ANY (p_sources))
                       AND (p_kinds IS NULL OR EXISTS (SELECT 1 FROM inbox.events k
                                                        WHERE k.id = q.id
                                                          AND k.kind = ANY (p_kinds)))
                       -- The group's earlier events, found by a range of the unique key
                       -- (external_id, source), C collation: prefix || separator up to the
                       -- next character.
                       AND (p_order_separator IS NULL OR NOT EXISTS (
                             SELECT 1 FROM inbox.events k
                               JOIN inbox.events p
                                 ON p.source = k.source
                                AND p.external_id >= split_part(k.external_id, p_order_separator, 1)
                                                     || p_order_separator
                                AND p.external_id < split_part(k.external_id, p_order_separator, 1)
                                                    || chr(ascii(p_order_separator) + 1)
                                AND p.id < k.id
                                AND p.status IN ('received', 'processing')
                              WHERE k.id = q.id AND strpos(k.external_id, p_order_separator) > 0))
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

    IF (v_taken > 0 OR v_failed) AND coalesce(extract(epoch FROM clock_timestamp())::double precision
                                - nullif(current_setting('inbox.notified_events', true), '')::double precision
                                >= 1.0, true) THEN
        PERFORM inbox._notify('events');
    END IF;
END;
$$;
REVOKE ALL ON FUNCTION inbox.claim_routed(text, int, text[], text[], text, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.claim_routed(text, int, text[], text[], text, interval)
    TO inbox_worker;

-- One HTTP request's record and its outcome, in one transaction, so that the console never
-- shows an outcome without the answer that caused it. 'done' is complete, 'retry' and
-- 'reject' are fail (retryable or not), 'release' gives the attempt back uncounted.
CREATE FUNCTION inbox.finish_delivery(p_event_id bigint, p_worker text, p_lock_token bigint,
                                      p_destination text, p_outcome text, p_http_status int,
                                      p_answer text, p_duration_ms int, p_error text)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_ev      inbox.events%ROWTYPE;
    v_applied text;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    IF p_lock_token IS NULL THEN
        RAISE EXCEPTION 'p_lock_token must not be NULL: pass the lock_token of the claimed row'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_destination, 'p_destination', 64);
    IF p_outcome IS NULL THEN
        RAISE EXCEPTION 'p_outcome must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_outcome NOT IN ('done', 'retry', 'reject', 'release') THEN
        RAISE EXCEPTION 'p_outcome must be done, retry, reject or release, got %', p_outcome
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_http_status IS NOT NULL AND (p_http_status < 100 OR p_http_status > 599) THEN
        RAISE EXCEPTION 'p_http_status must be between 100 and 599, got %', p_http_status
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_outcome <> 'done' AND (p_error IS NULL OR btrim(p_error) = '') THEN
        RAISE EXCEPTION 'p_error must not be empty for outcome %', p_outcome
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_duration_ms IS NOT NULL AND p_duration_ms < 0 THEN
        RAISE EXCEPTION 'p_duration_ms must not be negative' USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT * INTO v_ev FROM inbox.events e WHERE e.id = p_event_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_event_id % does not exist', p_event_id
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    IF p_outcome = 'done' THEN
        v_applied := CASE WHEN inbox.complete(p_event_id, p_worker, p_lock_token,
                                              jsonb_build_object('destination', p_destination,
                                                                 'http_status', p_http_status))
                          THEN 'done' ELSE 'lost_lock' END;
    ELSIF p_outcome IN ('retry', 'reject') THEN
        v_applied := inbox.fail(p_event_id, p_worker, p_lock_token, p_error, p_outcome = 'retry');
    ELSIF v_ev.status = 'processing' AND v_ev.locked_by = p_worker
          AND v_ev.lock_token = p_lock_token THEN
        -- Released: due again at once (the dispatcher claims it only when its breaker lets a
        -- request through), the attempt not counted.
        UPDATE inbox.events e
           SET status = 'received', locked_by = NULL, locked_at = NULL, lock_token = NULL,
               attempts = greatest(e.attempts - 1, 0), next_attempt_at = now(),
               last_error = p_error, error_retryable = true
         WHERE e.id = p_event_id;
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        VALUES (p_event_id, 'released', p_worker,
                jsonb_build_object('destination', p_destination, 'attempt', v_ev.attempts,
                                   'error', left(p_error, 200)));
        v_applied := 'released';
    ELSE
        v_applied := 'lost_lock';
    END IF;

    INSERT INTO inbox.delivery_attempts (event_id, destination, worker, attempt, http_status,
                                         duration_ms, outcome, answer, error, applied)
    VALUES (p_event_id, p_destination, p_worker, v_ev.attempts, p_http_status, p_duration_ms,
            p_outcome, left(p_answer, 4000), left(p_error, 1000), v_applied);
    RETURN v_applied;
END;
$$;
REVOKE ALL ON FUNCTION inbox.finish_delivery(bigint, text, bigint, text, text, int, text, int, text)
    FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.finish_delivery(bigint, text, bigint, text, text, int, text, int, text)
    TO inbox_worker;

CREATE FUNCTION inbox.report_destination(p_worker text, p_destination text, p_state text,
                                         p_error text)
RETURNS TABLE(paused boolean, paused_by text, paused_reason text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_old inbox.destinations%ROWTYPE;
BEGIN
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    PERFORM inbox._check_name(p_destination, 'p_destination', 64);
    IF p_state IS NULL THEN
        RAISE EXCEPTION 'p_state must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_state NOT IN ('closed', 'open', 'half_open', 'waiting', 'disabled') THEN
        RAISE EXCEPTION 'p_state must be closed, open, half_open, waiting or disabled, got %',
            p_state USING ERRCODE = 'invalid_parameter_value';
    END IF;

    INSERT INTO inbox.destinations AS d (name) VALUES (p_destination)
    ON CONFLICT (name) DO NOTHING;
    SELECT * INTO v_old FROM inbox.destinations d WHERE d.name = p_destination FOR UPDATE;
    -- A destination a 410 disabled shows 'disabled' for as long as it stays paused, whatever
    -- the breaker reports meanwhile.
    UPDATE inbox.destinations d
       SET state = CASE WHEN d.state = 'disabled' AND d.paused THEN 'disabled' ELSE p_state END,
           last_error = coalesce(p_error, d.last_error),
           reported_by = p_worker, reported_at = now()
     WHERE d.name = p_destination;
    IF v_old.state = 'disabled' AND v_old.paused THEN
        NULL; -- disabled until a person resumes it: nothing the breaker says is news
    ELSIF p_state IN ('open', 'disabled') AND v_old.state IS DISTINCT FROM p_state THEN
        INSERT INTO inbox.journal (entry, actor, detail)
        VALUES (CASE p_state WHEN 'open' THEN 'destination_breaker_opened'
                             ELSE 'destination_disabled' END,
                p_worker,
                jsonb_build_object('destination', p_destination, 'previous_state', v_old.state,
                                   'error', left(p_error, 200)));
    ELSIF p_state = 'closed' AND v_old.state IN ('open', 'half_open') THEN
        INSERT INTO inbox.journal (entry, actor, detail)
        VALUES ('destination_breaker_closed', p_worker,
                jsonb_build_object('destination', p_destination, 'previous_state', v_old.state));
    END IF;
    -- A 410 Gone pauses the destination until a person resumes it (Standard Webhooks: the
    -- endpoint is gone), and a restarted dispatcher must not start sending to it again.
    IF p_state = 'disabled' AND NOT v_old.paused THEN
        UPDATE inbox.destinations d
           SET paused = true, paused_by = p_worker, paused_at = now(),
               paused_reason = coalesce(left(p_error, 200), 'disabled by the handler')
         WHERE d.name = p_destination;
        PERFORM inbox._notify('destinations');
    END IF;
    RETURN QUERY SELECT d.paused, d.paused_by, d.paused_reason
                   FROM inbox.destinations d WHERE d.name = p_destination;
END;
$$;
REVOKE ALL ON FUNCTION inbox.report_destination(text, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.report_destination(text, text, text, text) TO inbox_worker;

CREATE FUNCTION inbox.pause_destination(p_destination text, p_reason text)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_old inbox.destinations%ROWTYPE;
BEGIN
    PERFORM inbox._check_name(p_destination, 'p_destination', 64);
    IF p_reason IS NULL THEN
        RAISE EXCEPTION 'p_reason must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF btrim(p_reason) = '' THEN
        RAISE EXCEPTION 'p_reason must not be blank' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT * INTO v_old FROM inbox.destinations d WHERE d.name = p_destination FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'destination % is not known: no dispatcher has reported it', p_destination
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_old.paused THEN
        RETURN 'unchanged';
    END IF;
    UPDATE inbox.destinations d
       SET paused = true, paused_by = session_user, paused_at = now(), paused_reason = p_reason
     WHERE d.name = p_destination;
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('destination_paused',
            jsonb_build_object('destination', p_destination, 'reason', p_reason), true);
    PERFORM inbox._notify('destinations');
    RETURN 'paused';
END;
$$;
REVOKE ALL ON FUNCTION inbox.pause_destination(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.pause_destination(text, text) TO inbox_operator;

CREATE FUNCTION inbox.resume_destination(p_destination text, p_reason text)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_old inbox.destinations%ROWTYPE;
BEGIN
    PERFORM inbox._check_name(p_destination, 'p_destination', 64);
    IF p_reason IS NULL THEN
        RAISE EXCEPTION 'p_reason must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF btrim(p_reason) = '' THEN
        RAISE EXCEPTION 'p_reason must not be blank' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT * INTO v_old FROM inbox.destinations d WHERE d.name = p_destination FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'destination % is not known: no dispatcher has reported it', p_destination
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT v_old.paused THEN
        RETURN 'unchanged';
    END IF;
    UPDATE inbox.destinations d
       SET paused = false, paused_by = NULL, paused_at = NULL, paused_reason = NULL,
           state = CASE WHEN d.state = 'disabled' THEN 'closed' ELSE d.state END
     WHERE d.name = p_destination;
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('destination_resumed',
            jsonb_build_object('destination', p_destination, 'reason', p_reason,
                               'paused_by', v_old.paused_by, 'paused_reason', v_old.paused_reason),
            true);
    PERFORM inbox._notify('destinations');
    RETURN 'resumed';
END;
$$;
REVOKE ALL ON FUNCTION inbox.resume_destination(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.resume_destination(text, text) TO inbox_operator;

-- A route's backlog for the dispatcher's /metrics, from the status counters (§7: nothing counts
-- the events table). By source only: the counters know no kinds, so a destination that also
-- filters by kind sees the backlog of its sources.
CREATE FUNCTION inbox.route_backlog(p_sources text[])
RETURNS TABLE(received bigint, processing bigint)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce(sum(c.n) FILTER (WHERE c.status = 'received'), 0)::bigint,
           coalesce(sum(c.n) FILTER (WHERE c.status = 'processing'), 0)::bigint
      FROM inbox.status_counts c
     WHERE p_sources IS NULL OR c.source = ANY (p_sources);
$$;
REVOKE ALL ON FUNCTION inbox.route_backlog(text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.route_backlog(text[]) TO inbox_worker, inbox_support;
