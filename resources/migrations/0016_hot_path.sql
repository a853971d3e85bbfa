-- Migration 16: the hot path's counters take no row lock, and accept_many stores the
-- deliveries that arrived together (see docs/contract.md, "accept_many", "Statistics" and
-- "Guarantees under concurrency").
--
-- Until now every accept, claim, complete, fail and requeue upserted a row of
-- inbox.status_counts and one of inbox.daily_stats, sharded by pg_backend_pid() % 8, and kept
-- both row locks until commit. A transaction that stores several deliveries takes them in
-- the order of its calls: a new key takes (status_counts, then daily_stats), a repeat only
-- daily_stats; two such transactions on backends of the same shard took the two rows in
-- opposite orders and the server aborted one with 40P01 (24 sessions of 20 mixed accepts:
-- 30 % of the transactions, about 1.2 s each for the others).
--
-- The two tables become ledgers: a writer only INSERTs a delta row (no unique key, no index,
-- so no row lock and no wait), and every reader already sums the rows. inbox._fold_counters()
-- folds the committed rows into one row per key (and shard) in one transaction: the rows it
-- deletes and the sums it inserts commit together, so every snapshot sees the same totals
-- before and after. It is called by the writers now and then (about one write in 256, and
-- never waits: it skips the rows another open fold has taken, SKIP LOCKED), so the
-- ledgers stay a few hundred rows long. `shard` is still the writer's backend pid % 8; the
-- fold keeps it, it no longer spreads any lock.

ALTER TABLE inbox.status_counts DROP CONSTRAINT status_counts_pkey;
ALTER TABLE inbox.daily_stats DROP CONSTRAINT daily_stats_pkey;
-- Rows are deleted by every fold: vacuum them often, like the queue.
ALTER TABLE inbox.status_counts SET (autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_cost_delay = 0);
ALTER TABLE inbox.daily_stats SET (autovacuum_vacuum_scale_factor = 0,
    autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_cost_delay = 0);

CREATE FUNCTION inbox._fold_counters() RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    -- Only in read committed: a transaction snapshot older than another fold would get a
    -- serialization failure on the rows that fold deleted.
    IF current_setting('transaction_isolation') <> 'read committed' THEN
        RETURN;
    END IF;
    -- A fold never waits: rows that another fold (still open) has taken are skipped, so two
    -- folds take disjoint rows, and a fold inside a long transaction holds back only its own.
    -- Zero rows are kept: stats_now shows every source that ever had an event.
    WITH t AS (
        SELECT c.ctid AS row_id FROM inbox.status_counts c FOR UPDATE SKIP LOCKED
    ), d AS (
        DELETE FROM inbox.status_counts c USING t WHERE c.ctid = t.row_id
        RETURNING c.source, c.status, c.shard, c.n
    )
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT d.source, d.status, d.shard, sum(d.n) FROM d GROUP BY d.source, d.status, d.shard;
    WITH t AS (
        SELECT s.ctid AS row_id FROM inbox.daily_stats s FOR UPDATE SKIP LOCKED
    ), d AS (
        DELETE FROM inbox.daily_stats s USING t WHERE s.ctid = t.row_id
        RETURNING s.day, s.source, s.shard, s.received, s.repeats, s.conflicts, s.done,
                  s.failed, s.requeued
    )
    INSERT INTO inbox.daily_stats (day, source, shard, received, repeats, conflicts, done,
                                   failed, requeued)
    SELECT d.day, d.source, d.shard, sum(d.received), sum(d.repeats), sum(d.conflicts),
           sum(d.done), sum(d.failed), sum(d.requeued)
      FROM d GROUP BY d.day, d.source, d.shard;
END;
$$;
REVOKE ALL ON FUNCTION inbox._fold_counters() FROM PUBLIC;

CREATE OR REPLACE FUNCTION inbox._bump_daily(p_source text, p_received int DEFAULT 0,
    p_repeats int DEFAULT 0, p_conflicts int DEFAULT 0, p_done int DEFAULT 0,
    p_failed int DEFAULT 0, p_requeued int DEFAULT 0) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.daily_stats (day, source, shard, received, repeats, conflicts, done,
                                   failed, requeued)
    VALUES ((now() AT TIME ZONE 'UTC')::date, p_source, (pg_backend_pid() % 8)::smallint,
            p_received, p_repeats, p_conflicts, p_done, p_failed, p_requeued);
    IF random() < 1.0 / 256 THEN
        PERFORM inbox._fold_counters();
    END IF;
END;
$$;

-- The insert trigger becomes a statement trigger like the other two: one delta per (source,
-- status) per statement, whatever the number of rows.
DROP TRIGGER events_track_status_ins ON inbox.events;
DROP FUNCTION inbox._track_status();

CREATE FUNCTION inbox._track_status_insert() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT n.source, n.status, (pg_backend_pid() % 8)::smallint, count(*)
      FROM new_rows n
     GROUP BY n.source, n.status;
    RETURN NULL;
END;
$$;

REVOKE ALL ON FUNCTION inbox._track_status_insert() FROM PUBLIC;

CREATE TRIGGER events_track_status_ins AFTER INSERT ON inbox.events
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_status_insert();

CREATE OR REPLACE FUNCTION inbox._track_status_update() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT d.source, d.status, (pg_backend_pid() % 8)::smallint, sum(d.delta)
      FROM (SELECT o.source, o.status, -1 AS delta FROM old_rows o
            UNION ALL
            SELECT n.source, n.status, 1 FROM new_rows n) d
     GROUP BY d.source, d.status
    HAVING sum(d.delta) <> 0;
    IF random() < 1.0 / 256 THEN
        PERFORM inbox._fold_counters();
    END IF;
    RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION inbox._track_status_delete() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT o.source, o.status, (pg_backend_pid() % 8)::smallint, -count(*)
      FROM old_rows o
     GROUP BY o.source, o.status;
    RETURN NULL;
END;
$$;

-- The existing rows, folded once.
SELECT inbox._fold_counters();

-- accept_many: the deliveries that arrived together, in one call and one statement per phase.
-- Each delivery gets exactly the outcome that calling accept for each in the given order
-- would give (repeats of one key inside the batch included). The batch's own event rows are
-- written and locked in (source, external_id) order, first the keys it inserts, then the
-- known keys, so two batches that share keys never deadlock, whatever order each lists them
-- in; the event ids of new keys still follow the order of their first deliveries.
CREATE FUNCTION inbox.accept_many(p_sources text[], p_external_ids text[], p_bodies bytea[],
    p_content_types text[] DEFAULT NULL, p_occurred_ats timestamptz[] DEFAULT NULL,
    p_kinds text[] DEFAULT NULL, p_fingerprints text[] DEFAULT NULL)
RETURNS TABLE(ord int, event_id bigint, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
DECLARE
    c_max      constant int := 1000;
    v_n        int := cardinality(p_sources);
    v_bad      record;
    v_ids      bigint[];
    v_outcomes text[];
    v_new_ids  bigint[];
    v_new_ords int[];
    v_counts   jsonb;
    r          record;
    v_id       bigint;
    v_outcome  text;
BEGIN
    IF p_sources IS NULL THEN
        RAISE EXCEPTION 'p_sources must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_external_ids IS NULL THEN
        RAISE EXCEPTION 'p_external_ids must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_bodies IS NULL THEN
        RAISE EXCEPTION 'p_bodies must not be null' USING ERRCODE = 'null_value_not_allowed';
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
                     WHEN x.s IS NULL THEN 'p_sources[' || x.i || '] must not be null'
                     WHEN x.e IS NULL THEN 'p_external_ids[' || x.i || '] must not be null'
                     WHEN x.b IS NULL THEN 'p_bodies[' || x.i || '] must not be null'
                     WHEN p_content_types IS NOT NULL AND x.ct IS NULL
                       THEN 'p_content_types[' || x.i || '] must not be null'
                     WHEN x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
                       THEN 'p_sources[' || x.i || '] must be 1..64 characters without control characters'
                     WHEN x.e = '' OR char_length(x.e) > 1024 OR x.e ~ '[\x01-\x1f\x7f]'
                       THEN 'p_external_ids[' || x.i || '] must be 1..1024 characters without control characters'
                     WHEN x.ct = '' OR char_length(x.ct) > 255 OR x.ct ~ '[\x01-\x1f\x7f]'
                       THEN 'p_content_types[' || x.i || '] must be 1..255 characters without control characters'
                     WHEN x.k = '' OR char_length(x.k) > 128 OR x.k ~ '[\x01-\x1f\x7f]'
                       THEN 'p_kinds[' || x.i || '] must be null or 1..128 characters without control characters'
                     WHEN x.f = '' OR char_length(x.f) > 1024
                       THEN 'p_fingerprints[' || x.i || '] must be null or 1..1024 characters'
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

    -- First deliveries of each key, inserted in (source, external_id) order with ids taken in
    -- the order of the deliveries; the 'received' entries in the same statement.
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
                                       occurred_at, body, content_type, fingerprint)
        OVERRIDING SYSTEM VALUE
        SELECT n.id, n.source, n.external_id,
               n.source || ':' || left(encode(sha256(convert_to(n.source || E'\x1f' || n.external_id, 'UTF8')), 'hex'), 32),
               n.kind, coalesce(n.occurred_at, now()), n.body, n.content_type, n.fp
          FROM numbered n
         ORDER BY n.source, n.external_id
        -- Both unique keys are arbiters, as in accept.
        ON CONFLICT DO NOTHING
        RETURNING e.id
    ), j AS (
        INSERT INTO inbox.journal (event_id, entry, detail)
        SELECT n.id, 'received', jsonb_build_object('bytes', octet_length(n.body), 'fingerprint', n.fp)
          FROM ins JOIN numbered n ON n.id = ins.id
         ORDER BY n.id
    )
    SELECT array_agg(n.i ORDER BY n.i), array_agg(n.id ORDER BY n.i),
           (SELECT jsonb_object_agg(c.source, c.k)
              FROM (SELECT n2.source, count(*) AS k FROM ins JOIN numbered n2 ON n2.id = ins.id
                     GROUP BY n2.source) c)
      INTO v_new_ords, v_new_ids, v_counts
      FROM ins JOIN numbered n ON n.id = ins.id;

    v_ids := array_fill(NULL::bigint, ARRAY[v_n]);
    v_outcomes := array_fill(NULL::text, ARRAY[v_n]);
    FOR r IN SELECT u.i, u.id FROM unnest(v_new_ords, v_new_ids) AS u(i, id) LOOP
        v_ids[r.i] := r.id;
        v_outcomes[r.i] := 'new';
    END LOOP;
    FOR r IN SELECT c.key, c.value::int AS k FROM jsonb_each_text(v_counts) c LOOP
        PERFORM inbox._bump_daily(r.key, p_received => r.k);
    END LOOP;

    -- Every other delivery is what accept makes of it, key by key in the same order, each
    -- key's deliveries in the batch's order.
    FOR r IN
        SELECT x.i::int AS i, x.s, x.e, x.b, x.ct, x.o, x.k, x.f
          FROM unnest(p_sources, p_external_ids, p_bodies, p_content_types, p_occurred_ats,
                      p_kinds, p_fingerprints) WITH ORDINALITY AS x(s, e, b, ct, o, k, f, i)
         WHERE v_new_ords IS NULL OR x.i <> ALL (v_new_ords)
         ORDER BY x.s COLLATE "C", x.e COLLATE "C", x.i
    LOOP
        SELECT a.event_id, a.outcome INTO v_id, v_outcome
          FROM inbox.accept(r.s, r.e, r.b, coalesce(r.ct, 'application/json'), r.o, r.k, r.f) a;
        v_ids[r.i] := v_id;
        v_outcomes[r.i] := v_outcome;
    END LOOP;

    PERFORM inbox._notify('events');
    RETURN QUERY SELECT u.i::int, u.id, u.outcome
                   FROM unnest(v_ids, v_outcomes) WITH ORDINALITY AS u(id, outcome, i)
                  ORDER BY u.i;
END;
$$;

REVOKE ALL ON FUNCTION inbox.accept_many(text[], text[], bytea[], text[], timestamptz[], text[],
                                         text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.accept_many(text[], text[], bytea[], text[], timestamptz[],
                                            text[], text[]) TO inbox_ingest;

-- The hot path's per-call cost (issue 19's profile, BENCHMARKS.md): accept's new key, complete
-- and fail write their journal row and their daily delta in the statement that changes the
-- event (one statement, no PL/pgSQL call of _bump_daily), and claim's statements use the
-- generic plan (with p_limit and the window as parameters the plan cache chose a custom
-- plan on every call, 0.34 ms of planning per claim; the generic plan is the same plan).

ALTER FUNCTION inbox.claim(text, int, interval) SET plan_cache_mode = force_generic_plan;

CREATE OR REPLACE FUNCTION inbox.accept(p_source text, p_external_id text, p_body bytea,
    p_content_type text DEFAULT 'application/json', p_occurred_at timestamptz DEFAULT NULL,
    p_kind text DEFAULT NULL, p_fingerprint text DEFAULT NULL)
RETURNS TABLE(event_id bigint, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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
        -- New key: the event, its 'received' entry and the daily delta in one statement.
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
        ), d AS (
            INSERT INTO inbox.daily_stats (day, source, shard, received)
            SELECT (now() AT TIME ZONE 'UTC')::date, p_source, (pg_backend_pid() % 8)::smallint, 1
              FROM ins
        )
        SELECT ins.id INTO v_id FROM ins;

        IF v_id IS NOT NULL THEN
            IF random() < 1.0 / 256 THEN
                PERFORM inbox._fold_counters();
            END IF;
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
        WITH u AS (
            UPDATE inbox.events e
               SET deliveries = e.deliveries + 1, last_delivery_at = now(),
                   status = 'received', next_attempt_at = now(), attempts = 0,
                   locked_by = NULL, locked_at = NULL, last_error = NULL, error_retryable = NULL
             WHERE e.id = v_id
            RETURNING e.deliveries
        ), j AS (
            INSERT INTO inbox.journal (event_id, entry, detail)
            SELECT v_id, 'rearmed',
                   jsonb_build_object('delivery', u.deliveries, 'previous_attempts', v_attempts,
                                      'previous_error', left(v_error, 1000))
              FROM u
        )
        SELECT u.deliveries INTO v_deliv FROM u;
        PERFORM inbox._bump_daily(p_source, p_repeats => 1);
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
        )
        SELECT u.deliveries INTO v_deliv FROM u;
        PERFORM inbox._bump_daily(p_source, p_repeats => 1);
        outcome := 'duplicate';
    END IF;

    PERFORM inbox._notify('events');
    event_id := v_id;
    RETURN NEXT;
END;
$$;

CREATE OR REPLACE FUNCTION inbox.complete(p_event_id bigint, p_worker text,
    p_result jsonb DEFAULT NULL) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_done     boolean;
    v_status   text;
    v_holder   text;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);

    -- The change, its journal entry and the daily delta in one statement.
    WITH u AS (
        UPDATE inbox.events e
           SET status = 'done', done_at = now(), result = p_result, locked_by = NULL, locked_at = NULL
         WHERE e.id = p_event_id AND e.status = 'processing' AND e.locked_by = p_worker
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

CREATE OR REPLACE FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_error text,
    p_retryable boolean DEFAULT true) RETURNS text
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

    -- Each outcome: the change and its journal entry (and daily delta) in one statement.
    IF p_retryable AND v_ev.attempts < v_ev.max_attempts THEN
        v_delay := inbox._retry_delay(v_ev.attempts) * (0.9 + random() * 0.2);
        WITH u AS (
            UPDATE inbox.events e
               SET status = 'received', next_attempt_at = now() + v_delay,
                   locked_by = NULL, locked_at = NULL, last_error = p_error, error_retryable = true
             WHERE e.id = p_event_id
            RETURNING e.id
        )
        INSERT INTO inbox.journal (event_id, entry, actor, detail)
        SELECT u.id, 'retry_scheduled', p_worker,
               jsonb_build_object('attempt', v_ev.attempts, 'error', left(p_error, 200),
                                  'delay_seconds', round(extract(epoch FROM v_delay)::numeric, 1),
                                  'next_attempt_at', now() + v_delay)
          FROM u;
        PERFORM inbox._notify('events');
        RETURN 'received';
    END IF;

    WITH u AS (
        UPDATE inbox.events e
           SET status = 'failed', locked_by = NULL, locked_at = NULL,
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
    PERFORM inbox._notify('events');
    RETURN 'failed';
END;
$$;
