-- Migration 29: the pull door (issue 34). What inbox-poller needs to store the items of APIs
-- that push nothing (marketplace postings, CRM events) through the contract, keeping its
-- position in the same transaction as the items it covers, and what the console sees of it.
--
-- poll_sources  one row per polled source (the events' source): the adapter that reads it, its
--               cursor (the adapter's own JSON: a window end, an offset, a cursor, a process
--               id), its state (polling, failing, stopped), the last successful poll and its
--               figures, the running totals and the last error. Support and above read it.
-- poll_open     registers a source on a poller's start and hands back its cursor; a stopped
--               source polls again (a restart is how a person says the token is fixed).
-- poll_store    one page: its items through accept_many and the cursor after them, in one
--               transaction, so a crash re-fetches a page and never skips one.
-- poll_failed   one failed request or unreadable answer; p_stop (a 401/403) stops the source.
--
-- Two pollers on one source are harmless, not useful: poll_store locks the source's row, so
-- their pages are stored one after the other, and an item both fetch is one event and a
-- repeat. The later cursor wins; it can only move a source back over ground already covered.

CREATE TABLE inbox.poll_sources (
    source          text COLLATE "C" PRIMARY KEY
                    CHECK (char_length(source) BETWEEN 1 AND 64 AND source !~ '[\x01-\x1f\x7f]'),
    adapter         text NOT NULL CHECK (adapter ~ '^[a-z0-9_]{1,32}$'),
    cursor          jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(cursor) = 'object'),
    state           text NOT NULL DEFAULT 'polling'
                    CHECK (state IN ('polling', 'failing', 'stopped')),
    poller          text,                -- the worker name of the last poller that wrote
    opened_at       timestamptz NOT NULL DEFAULT now(),
    last_page_at    timestamptz,         -- the last page stored
    last_success_at timestamptz,         -- the last poll read to the end of its window
    polled_to       timestamptz,         -- that window's end: the source's lag is now - this
    -- The poll in progress (pages stored since the last poll ended), then the last one done.
    current_items   int NOT NULL DEFAULT 0,
    current_new     int NOT NULL DEFAULT 0,
    current_repeats int NOT NULL DEFAULT 0,
    current_conflicts int NOT NULL DEFAULT 0,
    last_items      int,
    last_new        int,
    last_repeats    int,
    last_conflicts  int,
    last_duration_ms bigint,             -- from the poll's first page to its last
    current_started_at timestamptz,      -- the first page of the poll in progress
    polls           bigint NOT NULL DEFAULT 0,
    items           bigint NOT NULL DEFAULT 0,
    new_events      bigint NOT NULL DEFAULT 0,
    repeats         bigint NOT NULL DEFAULT 0,
    conflicts       bigint NOT NULL DEFAULT 0,
    failures        int NOT NULL DEFAULT 0 CHECK (failures >= 0), -- in a row; 0 after a page
    last_error      text CHECK (char_length(last_error) <= 2000),
    last_error_at   timestamptz,
    last_http_status int CHECK (last_http_status BETWEEN 100 AND 599),
    stopped_at      timestamptz,
    CHECK ((state = 'stopped') = (stopped_at IS NOT NULL))
);

REVOKE ALL ON inbox.poll_sources FROM PUBLIC;
GRANT SELECT ON inbox.poll_sources TO inbox_support;

CREATE FUNCTION inbox._check_poll_args(p_poller text, p_source text)
RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM inbox._check_name(p_poller, 'p_poller', 200);
    IF p_source IS NULL THEN
        RAISE EXCEPTION 'p_source must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF char_length(p_source) NOT BETWEEN 1 AND 64 OR p_source ~ '[\x01-\x1f\x7f]' THEN
        RAISE EXCEPTION 'p_source must be 1..64 characters without control characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
END;
$$;
REVOKE ALL ON FUNCTION inbox._check_poll_args(text, text) FROM PUBLIC;

CREATE FUNCTION inbox.poll_open(p_poller text, p_source text, p_adapter text)
RETURNS TABLE(cursor jsonb, state text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_old inbox.poll_sources%ROWTYPE;
BEGIN
    PERFORM inbox._check_poll_args(p_poller, p_source);
    IF p_adapter IS NULL THEN
        RAISE EXCEPTION 'p_adapter must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_adapter !~ '^[a-z0-9_]{1,32}$' THEN
        RAISE EXCEPTION 'p_adapter must be 1..32 characters of a-z, 0-9 and _'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    INSERT INTO inbox.poll_sources AS s (source, adapter, poller) VALUES (p_source, p_adapter, p_poller)
    ON CONFLICT (source) DO NOTHING;
    SELECT * INTO v_old FROM inbox.poll_sources s WHERE s.source = p_source FOR UPDATE;
    -- Another adapter's cursor means nothing to this one, and reading it as this one's could
    -- skip a window: refuse, and let a person decide (a new source name starts afresh).
    IF v_old.adapter <> p_adapter THEN
        RAISE EXCEPTION 'source % is polled by adapter %, not %', p_source, v_old.adapter,
            p_adapter USING ERRCODE = 'invalid_parameter_value',
            HINT = 'Give the new adapter another source name, or delete the source''s row in '
                   'inbox.poll_sources as the schema owner to start it afresh.';
    END IF;
    UPDATE inbox.poll_sources s
       SET poller = p_poller, opened_at = now(),
           state = CASE WHEN s.state = 'stopped' THEN 'polling' ELSE s.state END,
           stopped_at = NULL
     WHERE s.source = p_source;
    IF v_old.state = 'stopped' THEN
        INSERT INTO inbox.journal (entry, actor, detail)
        VALUES ('poll_resumed', p_poller,
                jsonb_build_object('source', p_source, 'stopped_at', v_old.stopped_at,
                                   'last_error', left(v_old.last_error, 200)));
        PERFORM inbox._notify('poll_sources');
    END IF;
    RETURN QUERY SELECT s.cursor, s.state FROM inbox.poll_sources s WHERE s.source = p_source;
END;
$$;
REVOKE ALL ON FUNCTION inbox.poll_open(text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.poll_open(text, text, text) TO inbox_ingest;

CREATE FUNCTION inbox.poll_store(p_poller text, p_source text, p_external_ids text[],
                                 p_bodies bytea[], p_occurred_ats timestamptz[],
                                 p_kinds text[], p_fingerprints text[], p_cursor jsonb,
                                 p_poll_done boolean, p_window_end timestamptz)
RETURNS TABLE(ord int, event_id bigint, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
#variable_conflict use_column
DECLARE
    v_source    inbox.poll_sources%ROWTYPE;
    v_n         int;
    v_ords      int[];
    v_ids       bigint[];
    v_outcomes  text[];
    v_new       int;
    v_repeats   int;
    v_conflicts int;
BEGIN
    PERFORM inbox._check_poll_args(p_poller, p_source);
    IF p_external_ids IS NULL THEN
        RAISE EXCEPTION 'p_external_ids must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_bodies IS NULL THEN
        RAISE EXCEPTION 'p_bodies must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_cursor IS NULL THEN
        RAISE EXCEPTION 'p_cursor must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF jsonb_typeof(p_cursor) <> 'object' THEN
        RAISE EXCEPTION 'p_cursor must be a JSON object' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_poll_done IS NULL THEN
        RAISE EXCEPTION 'p_poll_done must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_poll_done AND (p_window_end IS NULL OR NOT isfinite(p_window_end)) THEN
        RAISE EXCEPTION 'p_window_end must be a finite time when p_poll_done'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_n := coalesce(array_length(p_external_ids, 1), 0);

    -- The source's row first: pages of one source are stored one at a time, and a source
    -- nobody opened is a mistake, not a new source.
    SELECT * INTO v_source FROM inbox.poll_sources s WHERE s.source = p_source FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'source % is not open: call inbox.poll_open first', p_source
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- accept_many checks every array (lengths, at most 1000, each delivery by accept's rules)
    -- before it writes anything; its messages name the element.
    IF v_n > 0 THEN
        SELECT array_agg(a.ord ORDER BY a.ord), array_agg(a.event_id ORDER BY a.ord),
               array_agg(a.outcome ORDER BY a.ord)
          INTO v_ords, v_ids, v_outcomes
          FROM inbox.accept_many(array_fill(p_source, ARRAY[v_n]), p_external_ids, p_bodies,
                                 NULL, p_occurred_ats, p_kinds, p_fingerprints) a;
    END IF;
    SELECT (count(*) FILTER (WHERE o = 'new'))::int,
           (count(*) FILTER (WHERE o IN ('duplicate', 'rearmed')))::int,
           (count(*) FILTER (WHERE o = 'conflict'))::int
      INTO v_new, v_repeats, v_conflicts
      FROM unnest(coalesce(v_outcomes, '{}'::text[])) o;

    UPDATE inbox.poll_sources s
       SET cursor = p_cursor, poller = p_poller, last_page_at = now(),
           current_started_at = coalesce(s.current_started_at, now()),
           current_items = s.current_items + v_n, current_new = s.current_new + v_new,
           current_repeats = s.current_repeats + v_repeats,
           current_conflicts = s.current_conflicts + v_conflicts,
           items = s.items + v_n, new_events = s.new_events + v_new,
           repeats = s.repeats + v_repeats, conflicts = s.conflicts + v_conflicts,
           failures = 0,
           state = CASE WHEN s.state = 'failing' THEN 'polling' ELSE s.state END
     WHERE s.source = p_source;
    IF v_source.state = 'failing' THEN
        INSERT INTO inbox.journal (entry, actor, detail)
        VALUES ('poll_recovered', p_poller,
                jsonb_build_object('source', p_source, 'failures', v_source.failures,
                                   'last_error', left(v_source.last_error, 200)));
        PERFORM inbox._notify('poll_sources');
    END IF;
    IF p_poll_done THEN
        UPDATE inbox.poll_sources s
           SET polls = s.polls + 1, last_success_at = now(), polled_to = p_window_end,
               last_items = s.current_items, last_new = s.current_new,
               last_repeats = s.current_repeats, last_conflicts = s.current_conflicts,
               last_duration_ms = (extract(epoch FROM now() - s.current_started_at) * 1000)::bigint,
               current_items = 0, current_new = 0, current_repeats = 0, current_conflicts = 0,
               current_started_at = NULL
         WHERE s.source = p_source;
    END IF;
    RETURN QUERY SELECT u.o, u.i, u.r
                   FROM unnest(coalesce(v_ords, '{}'::int[]), coalesce(v_ids, '{}'::bigint[]),
                               coalesce(v_outcomes, '{}'::text[])) AS u(o, i, r)
                  ORDER BY u.o;
END;
$$;
REVOKE ALL ON FUNCTION inbox.poll_store(text, text, text[], bytea[], timestamptz[], text[],
                                        text[], jsonb, boolean, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.poll_store(text, text, text[], bytea[], timestamptz[], text[],
                                           text[], jsonb, boolean, timestamptz) TO inbox_ingest;

CREATE FUNCTION inbox.poll_failed(p_poller text, p_source text, p_error text,
                                  p_http_status int, p_stop boolean)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_old inbox.poll_sources%ROWTYPE;
BEGIN
    PERFORM inbox._check_poll_args(p_poller, p_source);
    IF p_error IS NULL THEN
        RAISE EXCEPTION 'p_error must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_error = '' THEN
        RAISE EXCEPTION 'p_error must not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_http_status IS NOT NULL AND p_http_status NOT BETWEEN 100 AND 599 THEN
        RAISE EXCEPTION 'p_http_status must be NULL or 100..599, got %', p_http_status
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_stop IS NULL THEN
        RAISE EXCEPTION 'p_stop must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT * INTO v_old FROM inbox.poll_sources s WHERE s.source = p_source FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'source % is not open: call inbox.poll_open first', p_source
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    UPDATE inbox.poll_sources s
       SET failures = least(s.failures, 2147483646) + 1, last_error = left(p_error, 2000),
           last_error_at = now(), last_http_status = p_http_status, poller = p_poller,
           state = CASE WHEN p_stop OR s.state = 'stopped' THEN 'stopped' ELSE 'failing' END,
           stopped_at = CASE WHEN p_stop OR s.state = 'stopped'
                             THEN coalesce(s.stopped_at, now()) END
     WHERE s.source = p_source;
    -- The journal says when a source starts failing and when it stops, not every retry: a
    -- marketplace down for an hour is two entries, and the row keeps the count.
    IF p_stop AND v_old.state <> 'stopped' THEN
        INSERT INTO inbox.journal (entry, actor, detail)
        VALUES ('poll_stopped', p_poller,
                jsonb_build_object('source', p_source, 'http_status', p_http_status,
                                   'error', left(p_error, 200)));
        PERFORM inbox._notify('poll_sources');
    ELSIF NOT p_stop AND v_old.state = 'polling' THEN
        INSERT INTO inbox.journal (entry, actor, detail)
        VALUES ('poll_failing', p_poller,
                jsonb_build_object('source', p_source, 'http_status', p_http_status,
                                   'error', left(p_error, 200)));
        PERFORM inbox._notify('poll_sources');
    END IF;
END;
$$;
REVOKE ALL ON FUNCTION inbox.poll_failed(text, text, text, int, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.poll_failed(text, text, text, int, boolean) TO inbox_ingest;
