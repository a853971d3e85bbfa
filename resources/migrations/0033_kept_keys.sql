-- Migration 33: keys for ever, bodies by policy (issue 36, first step). Until now prune
-- deleted a done event and the database forgot its key: a very late repeat of the key was a
-- new event and its actions could start again (docs/contract.md §4.10). From this step on
-- the key stays when the event goes.
--
-- kept_keys             one compact row per pruned event: its key, its old id, the
--                       fingerprint of its first delivery, kind, final status, first seen,
--                       done, deliveries and when it was pruned. prune fills it in the
--                       statement that deletes the events, so a key is never both gone and
--                       not kept in any committed state.
-- source_retention      a source's own retention: keep for ever, or N days after done;
--                       sources without a row keep prune's horizon, as before.
-- set_source_retention  managers: set or remove a source's retention, journaled.
-- _kept_repeat          internal: a delivery of a kept key, answered as a repeat.
-- accept, accept_many   a delivery that would create an event first checks kept_keys (one
--                       index probe, after the insert, so that a prune committing while the
--                       insert waited for it is seen); a kept key is answered 'duplicate', or
--                       'conflict' when the fingerprint differs, journaled 'pruned_repeat',
--                       and no event is created. A repeat of a live key does not look there.
-- prune                 honours source_retention and keeps the keys of what it deletes.
--
-- Nothing is backfilled: the keys pruned before this step are forgotten for good.

CREATE TABLE inbox.kept_keys (
    source           text COLLATE "C" NOT NULL,
    external_id      text COLLATE "C" NOT NULL,
    event_id         bigint NOT NULL,          -- the pruned event's id; no FK, it is gone
    fingerprint      text NOT NULL,            -- of the first delivery, as events.fingerprint
    kind             text,
    status           text NOT NULL,            -- the final status (prune takes done events)
    received_at      timestamptz NOT NULL,     -- first seen
    done_at          timestamptz,
    deliveries       int NOT NULL,             -- every delivery, including those after prune
    last_delivery_at timestamptz NOT NULL,
    pruned_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT kept_keys_pkey PRIMARY KEY (source, external_id)
);

CREATE TABLE inbox.source_retention (
    source     text COLLATE "C" NOT NULL,
    keep       boolean NOT NULL,               -- true: prune never takes this source's events
    days       int,                            -- else: done events older than this many days go
    changed_at timestamptz NOT NULL DEFAULT now(),
    changed_by text NOT NULL DEFAULT session_user,
    CONSTRAINT source_retention_pkey PRIMARY KEY (source),
    CONSTRAINT source_retention_source_check CHECK (char_length(source) BETWEEN 1 AND 64),
    CONSTRAINT source_retention_days_check
        CHECK ((keep AND days IS NULL) OR (NOT keep AND days BETWEEN 1 AND 36500))
);

REVOKE ALL ON inbox.kept_keys, inbox.source_retention FROM PUBLIC;
GRANT SELECT ON inbox.kept_keys, inbox.source_retention TO inbox_support;

-- A delivery of a kept key: the key's row counts it, one 'pruned_repeat' entry (event_id NULL:
-- there is no event to attach it to) and the daily repeat or conflict. The conflicting body
-- is not stored (conflict_bodies belong to an event). No row when the key is not kept.
CREATE FUNCTION inbox._kept_repeat(p_source text, p_external_id text, p_body bytea, p_fp text)
RETURNS TABLE(event_id bigint, outcome text)
LANGUAGE plpgsql
SET search_path = pg_catalog, pg_temp
AS $$
#variable_conflict use_column
DECLARE
    v_k inbox.kept_keys%ROWTYPE;
BEGIN
    UPDATE inbox.kept_keys k
       SET deliveries = k.deliveries + 1, last_delivery_at = now()
     WHERE k.source = p_source AND k.external_id = p_external_id
    RETURNING k.* INTO v_k;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    outcome := CASE WHEN v_k.fingerprint <> p_fp THEN 'conflict' ELSE 'duplicate' END;
    INSERT INTO inbox.journal (event_id, entry, detail)
    VALUES (NULL, 'pruned_repeat',
            jsonb_build_object('source', p_source, 'external_id', p_external_id,
                               'pruned_event_id', v_k.event_id, 'outcome', outcome,
                               'delivery', v_k.deliveries, 'status', v_k.status,
                               'fingerprint', p_fp, 'stored_fingerprint', v_k.fingerprint,
                               'bytes', octet_length(p_body), 'pruned_at', v_k.pruned_at));
    PERFORM inbox._bump_daily(p_source, p_repeats => (outcome = 'duplicate')::int,
                              p_conflicts => (outcome = 'conflict')::int);
    event_id := v_k.event_id;
    RETURN NEXT;
END;
$$;
REVOKE ALL ON FUNCTION inbox._kept_repeat(text, text, bytea, text) FROM PUBLIC;

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
    v_outcome  text;
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
            -- 0033: a new event unless the key was kept by a prune. The one probe a new key
            -- pays, after the insert and in a statement of its own: when the insert waited for
            -- a prune that deleted this key's event, that prune has committed by now and this
            -- statement's snapshot sees the key it kept. A probe before the insert could miss
            -- it and a new event would follow.
            PERFORM 1 FROM inbox.kept_keys k
             WHERE k.source = p_source AND k.external_id = p_external_id;
            IF FOUND THEN
                -- Take the insert back (its entry, queue row and status delta go with the
                -- row; the daily 'received' gets its -1) and answer as a repeat.
                WITH del AS (
                    DELETE FROM inbox.events e WHERE e.id = v_id RETURNING e.source
                )
                INSERT INTO inbox.daily_stats (day, source, shard, received)
                SELECT (now() AT TIME ZONE 'UTC')::date, del.source,
                       (pg_backend_pid() % 8)::smallint, -1
                  FROM del;
                SELECT r.event_id, r.outcome INTO v_id, v_outcome
                  FROM inbox._kept_repeat(p_source, p_external_id, p_body, v_fp) r;
                IF v_outcome IS NULL THEN
                    RAISE EXCEPTION 'kept key of (%, %) vanished', p_source, p_external_id
                        USING ERRCODE = 'internal_error';
                END IF;
                IF coalesce(extract(epoch FROM clock_timestamp())::double precision
                            - nullif(current_setting('inbox.notified_events', true), '')::double precision
                            >= 1.0, true) THEN
                    PERFORM inbox._notify('events');
                END IF;
                event_id := v_id;
                outcome := v_outcome;
                RETURN NEXT;
                RETURN;
            END IF;
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
        -- The row vanished between the two statements (pruned): try the insert again, which
        -- finds the key kept (0033). Only an
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
    v_kept_ords int[];
    v_kept_ids  bigint[];
    v_kept_keys text[];
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

    -- 0033: the new keys that a prune kept (one index probe each, after the insert, for the
    -- reason given in accept) are no new events: their rows are taken back and every delivery
    -- of such a key is answered by _kept_repeat below, in the batch's order.
    IF v_new_ords IS NOT NULL THEN
        SELECT array_agg(u.i ORDER BY u.i), array_agg(u.id ORDER BY u.i),
               array_agg(p_sources[u.i] || E'\x1f' || p_external_ids[u.i])
          INTO v_kept_ords, v_kept_ids, v_kept_keys
          FROM unnest(v_new_ords, v_new_ids) AS u(i, id)
         WHERE EXISTS (SELECT 1 FROM inbox.kept_keys k
                        WHERE k.source = p_sources[u.i] AND k.external_id = p_external_ids[u.i]);
        IF v_kept_ords IS NOT NULL THEN
            WITH del AS (
                DELETE FROM inbox.events e WHERE e.id = ANY (v_kept_ids) RETURNING e.source
            )
            INSERT INTO inbox.daily_stats (day, source, shard, received)
            SELECT (now() AT TIME ZONE 'UTC')::date, del.source, (pg_backend_pid() % 8)::smallint,
                   -count(*)
              FROM del
             GROUP BY del.source;
            SELECT array_agg(u.i ORDER BY u.i), array_agg(u.id ORDER BY u.i)
              INTO v_new_ords, v_new_ids
              FROM unnest(v_new_ords, v_new_ids) AS u(i, id)
             WHERE u.i <> ALL (v_kept_ords);
        END IF;
    END IF;

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
    -- it (a kept key's, what _kept_repeat makes of it), key by key in the same order, each key's deliveries in the batch's order.
    FOR r IN
        SELECT x.i::int AS i, x.s, x.e, x.b, x.ct, x.o, x.k, x.f
          FROM unnest(p_sources, p_external_ids, p_bodies, p_content_types, p_occurred_ats,
                      p_kinds, p_fingerprints) WITH ORDINALITY AS x(s, e, b, ct, o, k, f, i)
         WHERE v_outcomes[x.i] IS NULL
         ORDER BY x.s COLLATE "C", x.e COLLATE "C", x.i
    LOOP
        IF v_kept_keys IS NOT NULL AND r.s || E'\x1f' || r.e = ANY (v_kept_keys) THEN
            SELECT a.event_id, a.outcome INTO v_id, v_outcome
              FROM inbox._kept_repeat(r.s, r.e, r.b, coalesce(r.f, encode(sha256(r.b), 'hex'))) a;
        ELSE
            SELECT a.event_id, a.outcome INTO v_id, v_outcome
              FROM inbox.accept(r.s, r.e, r.b, coalesce(r.ct, 'application/json'), r.o, r.k, r.f) a;
        END IF;
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

-- prune keeps the key of every event it deletes, in the same statement, and honours a
-- source's own retention. A source set to 'keep' loses nothing; a source with days uses them
-- instead of p_older_than; the others use p_older_than, as before.
CREATE OR REPLACE FUNCTION inbox.prune(p_older_than interval DEFAULT interval '90 days')
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    v_now    timestamptz := now();
    v_before timestamptz;
    v_cuts   jsonb;
    v_policy jsonb;
    v_count  bigint;
    v_kept   bigint;
BEGIN
    IF p_older_than IS NULL THEN
        RAISE EXCEPTION 'p_older_than must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_older_than < interval '1 day' THEN
        RAISE EXCEPTION 'p_older_than must be at least 1 day, got %', p_older_than
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_before := v_now - p_older_than;

    -- Each source's own horizon, read once: '-infinity' for keep, so nothing is before it.
    SELECT jsonb_object_agg(r.source, CASE WHEN r.keep THEN '-infinity'::timestamptz
                                           ELSE v_now - make_interval(days => r.days) END),
           jsonb_object_agg(r.source, CASE WHEN r.keep THEN to_jsonb('keep'::text)
                                           ELSE to_jsonb(r.days) END)
      INTO v_cuts, v_policy
      FROM inbox.source_retention r;

    -- The events and their keys in one statement: the key is kept from the moment the event
    -- is gone, for every other session (docs/contract.md §9). A key kept already stays as it
    -- was kept.
    WITH del AS (
        DELETE FROM inbox.events e
         WHERE e.status = 'done'
           AND e.done_at < coalesce((v_cuts ->> e.source)::timestamptz, v_before)
        RETURNING e.id, e.source, e.external_id, e.fingerprint, e.kind, e.status, e.received_at,
                  e.done_at, e.deliveries, e.last_delivery_at
    ), k AS (
        INSERT INTO inbox.kept_keys AS k (source, external_id, event_id, fingerprint, kind,
                                          status, received_at, done_at, deliveries,
                                          last_delivery_at, pruned_at)
        SELECT del.source, del.external_id, del.id, del.fingerprint, del.kind, del.status,
               del.received_at, del.done_at, del.deliveries, del.last_delivery_at, v_now
          FROM del
         ORDER BY del.source, del.external_id
        ON CONFLICT (source, external_id) DO NOTHING
        RETURNING 1
    )
    SELECT (SELECT count(*) FROM del), (SELECT count(*) FROM k) INTO v_count, v_kept;

    INSERT INTO inbox.journal (event_id, entry, detail, by_person)
    VALUES (NULL, 'pruned',
            jsonb_build_object('count', v_count, 'older_than', p_older_than::text,
                               'done_before', v_before, 'kept', v_kept,
                               'retention', coalesce(v_policy, '{}'::jsonb)),
            true);
    IF v_count > 0 THEN
        PERFORM inbox._notify('events');
    END IF;
    RETURN v_count;
END;
$$;

-- Managers: a source's retention. p_keep: never pruned. p_days: done events go that many days
-- after done, whatever prune's horizon. Neither: the setting is removed and prune's horizon
-- applies. Returns 'set', 'removed' or 'unchanged'.
CREATE FUNCTION inbox.set_source_retention(p_source text, p_days int DEFAULT NULL,
                                           p_keep boolean DEFAULT false)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    v_old inbox.source_retention%ROWTYPE;
BEGIN
    IF p_source IS NULL THEN
        RAISE EXCEPTION 'p_source must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_keep IS NULL THEN
        RAISE EXCEPTION 'p_keep must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_source = '' OR char_length(p_source) > 64 OR p_source ~ '[\x01-\x1f\x7f]' THEN
        RAISE EXCEPTION 'p_source must be 1..64 characters without control characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_keep AND p_days IS NOT NULL THEN
        RAISE EXCEPTION 'p_days must be NULL when p_keep, got %', p_days
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_days IS NOT NULL AND (p_days < 1 OR p_days > 36500) THEN
        RAISE EXCEPTION 'p_days must be between 1 and 36500, got %', p_days
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT * INTO v_old FROM inbox.source_retention r WHERE r.source = p_source FOR UPDATE;
    IF (NOT FOUND AND NOT p_keep AND p_days IS NULL)
       OR (FOUND AND v_old.keep = p_keep AND v_old.days IS NOT DISTINCT FROM p_days) THEN
        RETURN 'unchanged';
    END IF;
    IF NOT p_keep AND p_days IS NULL THEN
        DELETE FROM inbox.source_retention r WHERE r.source = p_source;
    ELSE
        INSERT INTO inbox.source_retention AS r (source, keep, days)
        VALUES (p_source, p_keep, p_days)
        ON CONFLICT (source) DO UPDATE
           SET keep = excluded.keep, days = excluded.days, changed_at = now(),
               changed_by = session_user;
    END IF;
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('source_retention_changed',
            jsonb_build_object('source', p_source,
                               'retention', CASE WHEN p_keep THEN to_jsonb('keep'::text)
                                                 ELSE to_jsonb(p_days) END,
                               'previous', CASE WHEN v_old.source IS NULL THEN NULL
                                                WHEN v_old.keep THEN to_jsonb('keep'::text)
                                                ELSE to_jsonb(v_old.days) END),
            true);
    RETURN CASE WHEN NOT p_keep AND p_days IS NULL THEN 'removed' ELSE 'set' END;
END;
$$;
REVOKE ALL ON FUNCTION inbox.set_source_retention(text, int, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.set_source_retention(text, int, boolean) TO inbox_manager;
