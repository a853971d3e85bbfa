-- resources/schema/current.sql: the whole current schema of the inbox database, as
-- pg_dump writes it after the program's migrator applied every step to an empty
-- database. Written by scripts/dump-schema.sh and checked by tst_schema; do not edit
-- it: change the schema with a new step in resources/migrations.
--
-- PostgreSQL database dump
--



SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: inbox; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA inbox;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: alert_rules; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.alert_rules (
    id bigint NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C",
    kind text NOT NULL,
    params jsonb NOT NULL,
    severity text NOT NULL,
    sources text[] COLLATE pg_catalog."C",
    chat_ids text[] NOT NULL COLLATE pg_catalog."C",
    repeat_interval interval NOT NULL,
    send_resolved boolean NOT NULL,
    enabled boolean NOT NULL,
    silenced_until timestamp with time zone,
    silence_note text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    created_by text DEFAULT SESSION_USER NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by text DEFAULT SESSION_USER NOT NULL,
    removed_at timestamp with time zone,
    removed_by text,
    CONSTRAINT alert_rules_chat_ids_check CHECK (((cardinality(chat_ids) >= 1) AND (cardinality(chat_ids) <= 10))),
    CONSTRAINT alert_rules_check CHECK (((removed_at IS NULL) OR (NOT enabled))),
    CONSTRAINT alert_rules_kind_check CHECK ((kind = ANY (ARRAY['stuck'::text, 'failed'::text, 'repeat_share'::text, 'failure_share'::text, 'silent_source'::text, 'duplicates_age'::text, 'destination'::text, 'poll_source'::text]))),
    CONSTRAINT alert_rules_name_check CHECK (((char_length(name) >= 1) AND (char_length(name) <= 100))),
    CONSTRAINT alert_rules_params_check CHECK ((jsonb_typeof(params) = 'object'::text)),
    CONSTRAINT alert_rules_repeat_interval_check CHECK ((repeat_interval >= '00:01:00'::interval)),
    CONSTRAINT alert_rules_severity_check CHECK ((severity = ANY (ARRAY['info'::text, 'warning'::text, 'critical'::text]))),
    CONSTRAINT alert_rules_sources_check CHECK (((cardinality(sources) >= 1) AND (cardinality(sources) <= 100)))
);


--
-- Name: _alert_close_episodes(inbox.alert_rules, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_close_episodes(p_rule inbox.alert_rules, p_reason text) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_n int := 0;
    e   record;
BEGIN
    FOR e IN
        UPDATE inbox.alert_episodes a
           SET resolved_at = now(), resolved_reason = p_reason
         WHERE a.rule_id = p_rule.id AND a.resolved_at IS NULL
        RETURNING a.id, a.scope_key, a.fired_at, a.message_no
    LOOP
        PERFORM inbox._alert_settle(e.id);
        INSERT INTO inbox.journal (entry, detail)
        VALUES ('alert_resolved',
                jsonb_build_object('rule_id', p_rule.id, 'rule_name', p_rule.name,
                                   'episode_id', e.id, 'scope_key', e.scope_key,
                                   'reason', p_reason, 'fired_at', e.fired_at,
                                   'messages', e.message_no));
        v_n := v_n + 1;
    END LOOP;
    RETURN v_n;
END;
$$;


--
-- Name: _alert_flag(jsonb, text, text, boolean); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_flag(p_params jsonb, p_kind text, p_key text, p_default boolean) RETURNS boolean
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v jsonb := p_params -> p_key;
BEGIN
    IF v IS NULL OR jsonb_typeof(v) = 'null' THEN
        RETURN p_default;
    END IF;
    IF jsonb_typeof(v) <> 'boolean' THEN
        RAISE EXCEPTION 'p_params.%: a % rule wants true or false, got %', p_key, p_kind, v::text
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN v::text::boolean;
END;
$$;


--
-- Name: _alert_key_chat(text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_key_chat(p_key text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT split_part(p_key, ':', 4);
$$;


--
-- Name: _alert_key_no(text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_key_no(p_key text) RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT split_part(p_key, ':', 3)::int;
$$;


--
-- Name: alert_episodes; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.alert_episodes (
    id bigint NOT NULL,
    rule_id bigint NOT NULL,
    scope_key text NOT NULL COLLATE pg_catalog."C",
    fired_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    summary jsonb,
    message_no integer DEFAULT 0 NOT NULL,
    last_sent_at timestamp with time zone,
    resolved_at timestamp with time zone,
    resolved_reason text,
    resolved_message_no integer,
    last_reached_at timestamp with time zone,
    acknowledged_at timestamp with time zone,
    acknowledged_by text,
    acknowledge_note text,
    settled_at timestamp with time zone,
    CONSTRAINT alert_episodes_acknowledged_by CHECK (((acknowledged_at IS NULL) = (acknowledged_by IS NULL))),
    CONSTRAINT alert_episodes_check CHECK (((resolved_at IS NULL) = (resolved_reason IS NULL))),
    CONSTRAINT alert_episodes_check1 CHECK (((message_no = 0) = (last_sent_at IS NULL))),
    CONSTRAINT alert_episodes_message_no_check CHECK ((message_no >= 0)),
    CONSTRAINT alert_episodes_resolved_reason_check CHECK ((resolved_reason = ANY (ARRAY['cleared'::text, 'rule_disabled'::text, 'rule_removed'::text]))),
    CONSTRAINT alert_episodes_scope_key_check CHECK (((char_length(scope_key) >= 1) AND (char_length(scope_key) <= 300))),
    CONSTRAINT alert_episodes_settled_resolved CHECK (((settled_at IS NULL) OR (resolved_at IS NOT NULL)))
);


--
-- Name: _alert_message_kind(inbox.alert_episodes, integer); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_message_kind(e inbox.alert_episodes, p_no integer) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT CASE WHEN p_no = e.resolved_message_no THEN 'resolved'
                WHEN p_no = 1 THEN 'fired' ELSE 'repeat' END;
$$;


--
-- Name: _alert_next_message(inbox.alert_episodes, inbox.alert_rules); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_next_message(e inbox.alert_episodes, r inbox.alert_rules) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT CASE
        WHEN NOT r.enabled OR r.removed_at IS NOT NULL OR r.silenced_until > now() THEN NULL
        WHEN e.resolved_at IS NULL AND e.message_no = 0 THEN 'fired'
        WHEN e.resolved_at IS NULL
             AND coalesce(e.last_reached_at, e.acknowledged_at) IS NOT NULL
             AND greatest(e.last_sent_at, e.last_reached_at, e.acknowledged_at)
                 <= now() - r.repeat_interval THEN 'repeat'
        WHEN e.resolved_at IS NOT NULL AND e.resolved_reason = 'cleared' AND r.send_resolved
             AND e.message_no > 0 AND e.resolved_message_no IS NULL THEN 'resolved'
    END;
$$;


--
-- Name: _alert_owes(inbox.alert_episodes, inbox.alert_rules); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_owes(e inbox.alert_episodes, r inbox.alert_rules) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT e.resolved_at IS NULL
        OR EXISTS (SELECT 1 FROM inbox.actions a WHERE a.episode_id = e.id AND a.state = 'started')
        OR (r.enabled AND r.removed_at IS NULL AND (
               EXISTS (SELECT 1 FROM inbox.actions a
                        WHERE a.episode_id = e.id AND a.state = 'failed'
                          AND inbox._alert_key_chat(a.operation_key) = ANY (r.chat_ids)
                          AND (e.acknowledged_at IS NULL OR e.acknowledged_at < a.finished_at)
                          AND NOT EXISTS (
                              SELECT 1 FROM inbox.actions b
                               WHERE b.episode_id = e.id
                                 AND inbox._alert_key_chat(b.operation_key)
                                     = inbox._alert_key_chat(a.operation_key)
                                 AND inbox._alert_key_no(b.operation_key)
                                     > inbox._alert_key_no(a.operation_key)))
            OR EXISTS (SELECT 1 FROM unnest(r.chat_ids) AS c(chat)
                        WHERE inbox._alert_resolved_owed(e, r, c.chat)
                          AND (e.resolved_message_no IS NULL
                               OR NOT EXISTS (SELECT 1 FROM inbox.actions a
                                               WHERE a.operation_key = 'alert:' || e.id || ':'
                                                     || e.resolved_message_no || ':' || c.chat)))));
$$;


--
-- Name: _alert_param(jsonb, text, text, boolean, numeric, numeric, numeric); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_param(p_params jsonb, p_kind text, p_key text, p_whole boolean, p_lo numeric, p_hi numeric, p_default numeric) RETURNS numeric
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v jsonb := p_params -> p_key;
    n numeric;
BEGIN
    IF v IS NULL OR jsonb_typeof(v) = 'null' THEN
        RETURN p_default;
    END IF;
    IF jsonb_typeof(v) <> 'number' THEN
        RAISE EXCEPTION 'p_params.%: a % rule wants a number, got %', p_key, p_kind, v::text
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    n := v::text::numeric;
    IF p_whole AND n <> trunc(n) THEN
        RAISE EXCEPTION 'p_params.%: a % rule wants a whole number, got %', p_key, p_kind, n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF n < p_lo OR n > p_hi THEN
        RAISE EXCEPTION 'p_params.% must be between % and %, got %', p_key, p_lo, p_hi, n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN n;
END;
$$;


--
-- Name: _alert_params(text, jsonb); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_params(p_kind text, p_params jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_params  jsonb := coalesce(p_params, '{}'::jsonb);
    v_allowed text[];
    v_key     text;
    v_share_volume numeric;
    v_dest    jsonb;
BEGIN
    IF jsonb_typeof(v_params) <> 'object' THEN
        RAISE EXCEPTION 'p_params must be a JSON object, got %', jsonb_typeof(v_params)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_allowed := CASE p_kind
        WHEN 'stuck' THEN ARRAY['minutes']
        WHEN 'failed' THEN ARRAY['min_failures']
        WHEN 'repeat_share' THEN ARRAY['factor', 'min_rise', 'min_volume', 'min_baseline_days', 'ceiling']
        WHEN 'failure_share' THEN ARRAY['factor', 'min_rise', 'min_volume', 'min_baseline_days', 'ceiling']
        WHEN 'silent_source' THEN ARRAY['gap_factor', 'gap_minutes']
        WHEN 'duplicates_age' THEN ARRAY['hours']
        WHEN 'destination' THEN ARRAY['destination', 'backlog_minutes', 'on_pause']
        WHEN 'poll_source' THEN ARRAY['minutes', 'on_stop']
    END;
    FOR v_key IN SELECT k FROM jsonb_object_keys(v_params) AS k ORDER BY k LOOP
        IF NOT v_key = ANY (v_allowed) THEN
            RAISE EXCEPTION 'p_params: a % rule has no parameter "%" (it has %)', p_kind, v_key,
                array_to_string(v_allowed, ', ') USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END LOOP;
    CASE p_kind
    WHEN 'stuck' THEN
        RETURN jsonb_build_object('minutes',
            inbox._alert_param(v_params, p_kind, 'minutes', true, 1, 10080, 30));
    WHEN 'failed' THEN
        RETURN jsonb_build_object('min_failures',
            inbox._alert_param(v_params, p_kind, 'min_failures', true, 1, 100000, 1));
    WHEN 'repeat_share', 'failure_share' THEN
        -- The defaults are those of BaselineRule::repeats() and ::failures()
        -- (models/overview/healthrule.h): the evaluator feeds these into that code.
        v_share_volume := CASE p_kind WHEN 'repeat_share' THEN 50::numeric ELSE 20::numeric END;
        RETURN jsonb_build_object(
            'factor', inbox._alert_param(v_params, p_kind, 'factor', false, 1, 100, 2.0),
            'min_rise', inbox._alert_param(v_params, p_kind, 'min_rise', false, 0, 1, 0.05),
            'min_volume', inbox._alert_param(v_params, p_kind, 'min_volume', true, 1, 1000000000,
                                             v_share_volume),
            'min_baseline_days', inbox._alert_param(v_params, p_kind, 'min_baseline_days', true,
                                                    1, 14, 3),
            'ceiling', inbox._alert_param(v_params, p_kind, 'ceiling', false, 0, 1, 0.20));
    WHEN 'silent_source' THEN
        IF v_params ? 'gap_factor' AND v_params ? 'gap_minutes' THEN
            RAISE EXCEPTION 'p_params: a silent_source rule takes gap_factor (times the usual gap) or gap_minutes (a fixed gap), not both'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF v_params ? 'gap_minutes' THEN
            RETURN jsonb_build_object('gap_minutes',
                inbox._alert_param(v_params, p_kind, 'gap_minutes', true, 1, 43200, NULL));
        END IF;
        RETURN jsonb_build_object('gap_factor',
            inbox._alert_param(v_params, p_kind, 'gap_factor', false, 1, 1000, 3));
    WHEN 'duplicates_age' THEN
        RETURN jsonb_build_object('hours',
            inbox._alert_param(v_params, p_kind, 'hours', true, 1, 8760, 24));
    WHEN 'poll_source' THEN
        RETURN jsonb_build_object(
            'minutes', inbox._alert_param(v_params, p_kind, 'minutes', true, 1, 10080, 30),
            'on_stop', inbox._alert_flag(v_params, p_kind, 'on_stop', true));
    ELSE -- destination
        v_dest := v_params -> 'destination';
        IF v_dest IS NULL OR jsonb_typeof(v_dest) = 'null' THEN
            RAISE EXCEPTION 'p_params.destination must name the destination the rule watches (as the dispatcher reports it)'
                USING ERRCODE = 'null_value_not_allowed';
        END IF;
        IF jsonb_typeof(v_dest) <> 'string' THEN
            RAISE EXCEPTION 'p_params.destination: a destination rule wants a destination''s name (a string), got %',
                v_dest::text USING ERRCODE = 'invalid_parameter_value';
        END IF;
        -- The rules of inbox.destinations.name.
        PERFORM inbox._check_name(v_dest #>> '{}', 'p_params.destination', 64);
        RETURN jsonb_build_object(
            'destination', v_dest,
            'backlog_minutes', inbox._alert_param(v_params, p_kind, 'backlog_minutes', true,
                                                  1, 10080, 30),
            'on_pause', inbox._alert_flag(v_params, p_kind, 'on_pause', true));
    END CASE;
END;
$$;


--
-- Name: _alert_resolved_owed(inbox.alert_episodes, inbox.alert_rules, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_resolved_owed(e inbox.alert_episodes, r inbox.alert_rules, p_chat text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT coalesce(e.resolved_reason = 'cleared', false) AND r.send_resolved
       AND EXISTS (SELECT 1 FROM inbox.actions a
                    WHERE a.episode_id = e.id AND a.state = 'done'
                      AND inbox._alert_key_chat(a.operation_key) = p_chat
                      AND inbox._alert_key_no(a.operation_key) IS DISTINCT FROM e.resolved_message_no
                      AND a.started_at < e.resolved_at);
$$;


--
-- Name: _alert_rule_json(inbox.alert_rules); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_rule_json(r inbox.alert_rules) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT jsonb_build_object('name', r.name, 'kind', r.kind, 'params', r.params,
                              'severity', r.severity, 'sources', to_jsonb(r.sources),
                              'chat_ids', to_jsonb(r.chat_ids),
                              'repeat_interval', r.repeat_interval::text,
                              'send_resolved', r.send_resolved, 'enabled', r.enabled);
$$;


--
-- Name: _alert_settle(bigint); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._alert_settle(p_episode_id bigint) RETURNS boolean
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_id bigint;
BEGIN
    UPDATE inbox.alert_episodes e
       SET settled_at = now()
      FROM inbox.alert_rules r
     WHERE e.id = p_episode_id AND r.id = e.rule_id AND e.settled_at IS NULL
       AND e.resolved_at IS NOT NULL AND NOT inbox._alert_owes(e, r)
    RETURNING e.id INTO v_id;
    RETURN v_id IS NOT NULL;
END;
$$;


--
-- Name: _baseline_chains(bigint, interval, text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._baseline_chains(p_baseline_id bigint, p_window interval, p_kind text DEFAULT NULL::text, p_key text DEFAULT NULL::text) RETURNS TABLE(kind text, key text, line integer, source text, created_at timestamp with time zone, first_line integer, pos bigint)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET jit TO 'off'
    SET work_mem TO '64MB'
    AS $$
    -- One sort: both windows have the same partition and order. A group starts where brk is
    -- 1; the running max of (row number << 32 | line) over the starts so far is the current
    -- group's start, which gives its first line and each row's place in it.
    WITH e AS (
        SELECT k.kind, k.pkey COLLATE "C" AS pkey, k.key, r.line, r.source::text AS source,
               r.created_at, k.kind <> 'external_id' AS windowed
          FROM inbox.baseline_rows r
         CROSS JOIN LATERAL (
               SELECT 'external_id'::text AS kind, r.source || E'\x1f' || r.external_id AS pkey,
                      r.external_id::text AS key
                WHERE r.external_id IS NOT NULL
               UNION ALL
               SELECT 'phone', v.v, v.v FROM unnest(r.phone_norms) AS v(v)
               UNION ALL
               SELECT 'email', v.v, v.v FROM unnest(r.email_norms) AS v(v)) k
         WHERE r.baseline_id = p_baseline_id AND (p_kind IS NULL OR k.kind = p_kind)
           AND (p_key IS NULL OR k.key = p_key)
    ), b AS (
        SELECT e.*, row_number() OVER w AS rn,
               CASE WHEN NOT e.windowed AND lag(e.line) OVER w IS NOT NULL THEN 0
                    WHEN e.windowed AND e.created_at - lag(e.created_at) OVER w <= p_window
                      THEN 0
                    ELSE 1 END AS brk
          FROM e
        WINDOW w AS (PARTITION BY e.kind, e.pkey ORDER BY e.created_at, e.line)
    ), c AS (
        SELECT b.*, max(CASE WHEN b.brk = 1 THEN (b.rn << 32) | b.line END)
                        OVER (PARTITION BY b.kind, b.pkey ORDER BY b.created_at, b.line) AS start
          FROM b
    )
    SELECT c.kind, c.key, c.line, c.source, c.created_at, (c.start & 4294967295)::int,
           c.rn - (c.start >> 32) + 1
      FROM c;
$$;


--
-- Name: _baseline_dups(bigint, interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._baseline_dups(p_baseline_id bigint, p_window interval) RETURNS TABLE(line integer, d_ext boolean, d_phone boolean, d_email boolean)
    LANGUAGE sql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET jit TO 'off'
    SET work_mem TO '64MB'
    AS $$
    -- kind: 1 external id (source and id), 2 phone, 3 e-mail.
    WITH e AS (
        SELECT 1 AS kind, (r.source || E'\x1f' || r.external_id) COLLATE "C" AS pkey, r.line,
               r.created_at
          FROM inbox.baseline_rows r
         WHERE r.baseline_id = p_baseline_id AND r.external_id IS NOT NULL
        UNION ALL
        SELECT 2, unnest(r.phone_norms) COLLATE "C", r.line, r.created_at
          FROM inbox.baseline_rows r
         WHERE r.baseline_id = p_baseline_id
        UNION ALL
        SELECT 3, unnest(r.email_norms) COLLATE "C", r.line, r.created_at
          FROM inbox.baseline_rows r
         WHERE r.baseline_id = p_baseline_id
    ), b AS (
        SELECT e.kind, e.line,
               CASE WHEN e.kind = 1 THEN lag(e.line) OVER w IS NOT NULL
                    ELSE coalesce(e.created_at - lag(e.created_at) OVER w <= p_window, false)
               END AS dup
          FROM e
        WINDOW w AS (PARTITION BY e.kind, e.pkey ORDER BY e.created_at, e.line)
    )
    SELECT b.line, bool_or(b.kind = 1 AND b.dup), bool_or(b.kind = 2 AND b.dup),
           bool_or(b.kind = 3 AND b.dup)
      FROM b
     WHERE b.dup
     GROUP BY b.line;
$$;


--
-- Name: _baseline_rows_have_baseline(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._baseline_rows_have_baseline() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_missing bigint;
BEGIN
    SELECT n.baseline_id INTO v_missing
      FROM new_rows n
     WHERE NOT EXISTS (SELECT 1 FROM inbox.baselines b WHERE b.id = n.baseline_id)
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'baseline_rows: baseline % does not exist', v_missing
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
END;
$$;


--
-- Name: _baselines_delete_rows(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._baselines_delete_rows() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    DELETE FROM inbox.baseline_rows r USING old_rows o WHERE r.baseline_id = o.id;
    RETURN NULL;
END;
$$;


--
-- Name: _bump_daily(text, integer, integer, integer, integer, integer, integer); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._bump_daily(p_source text, p_received integer DEFAULT 0, p_repeats integer DEFAULT 0, p_conflicts integer DEFAULT 0, p_done integer DEFAULT 0, p_failed integer DEFAULT 0, p_requeued integer DEFAULT 0) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: _candidate_channels(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._candidate_channels() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    SELECT l.channel INTO NEW.lead_channel FROM inbox.leads l WHERE l.id = NEW.lead_id;
    SELECT l.channel INTO NEW.match_channel FROM inbox.leads l WHERE l.id = NEW.match_lead_id;
    RETURN NEW;
END;
$$;


--
-- Name: _check_baseline(bigint, interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._check_baseline(p_baseline_id bigint, p_window interval) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    IF p_baseline_id IS NULL THEN
        RAISE EXCEPTION 'p_baseline_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_window IS NULL THEN
        RAISE EXCEPTION 'p_window must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_window <= interval '0' OR p_window > interval '90 days' THEN
        RAISE EXCEPTION 'p_window must be more than 0 and at most 90 days, got %', p_window
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM inbox.baselines b WHERE b.id = p_baseline_id) THEN
        RAISE EXCEPTION 'p_baseline_id: there is no baseline %', p_baseline_id
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
END;
$$;


--
-- Name: _check_name(text, text, integer); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._check_name(p_value text, p_arg text, p_max integer) RETURNS void
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


--
-- Name: _check_period(date, date); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._check_period(p_from date, p_to date) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    IF p_from IS NULL THEN
        RAISE EXCEPTION 'p_from must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_to IS NULL THEN
        RAISE EXCEPTION 'p_to must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_to < p_from THEN
        RAISE EXCEPTION 'p_to must not be before p_from, got % .. %', p_from, p_to
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_to - p_from >= 3660 THEN
        RAISE EXCEPTION 'p_to must be less than 3660 days after p_from, got % .. %', p_from, p_to
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
END;
$$;


--
-- Name: _check_poll_args(text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._check_poll_args(p_poller text, p_source text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: _fold_counters(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._fold_counters() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_now double precision := extract(epoch FROM clock_timestamp())::double precision;
BEGIN
    -- At most once every 5 s in a session: each fold rewrites every row, so folding more often
    -- only makes dead rows for the next fold to walk.
    IF v_now - coalesce(nullif(current_setting('inbox.folded_at', true), '')::double precision,
                        0) < 5.0 THEN
        RETURN;
    END IF;
    PERFORM set_config('inbox.folded_at', v_now::text, false);
    PERFORM inbox._fold_counters_now();
END;
$$;


--
-- Name: _fold_counters_now(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._fold_counters_now() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: _kept_repeat(text, text, bytea, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._kept_repeat(p_source text, p_external_id text, p_body bytea, p_fp text) RETURNS TABLE(event_id bigint, outcome text)
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
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


--
-- Name: _name_key(text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._name_key(p_name text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
    SELECT pg_catalog.substring(
               pg_catalog.translate(
                   pg_catalog.lower(
                       pg_catalog.btrim(pg_catalog.regexp_replace(p_name, E'\\s+', ' ', 'g'))),
                   'ё', 'е'),
               '.+');
$$;


--
-- Name: _notify(text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._notify(p_topic text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_setting text := 'inbox.notified_' || p_topic;
    v_last    text := current_setting(v_setting, true);
    v_now     double precision := extract(epoch FROM clock_timestamp());
BEGIN
    IF v_last IS NULL OR v_last = '' OR v_now - v_last::double precision >= 1.0 THEN
        PERFORM pg_notify('inbox', p_topic);
        PERFORM set_config(v_setting, v_now::text, false);
    END IF;
END;
$$;


--
-- Name: _queue_delete(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._queue_delete() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    DELETE FROM inbox.event_queue q USING old_rows o WHERE q.id = o.id;
    RETURN NULL;
END;
$$;


--
-- Name: _queue_insert(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._queue_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    INSERT INTO inbox.event_queue (id, source, status, received_at, next_attempt_at, locked_at)
    SELECT n.id, n.source, n.status, n.received_at, n.next_attempt_at, n.locked_at
      FROM new_rows n
     WHERE n.status <> 'done';
    RETURN NULL;
END;
$$;


--
-- Name: _queue_update(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._queue_update() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: _retry_delay(integer); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._retry_delay(p_attempt integer) RETURNS interval
    LANGUAGE sql IMMUTABLE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT (ARRAY[interval '10 seconds', interval '1 minute', interval '5 minutes',
                  interval '30 minutes', interval '2 hours', interval '6 hours'])
           [least(greatest(p_attempt, 1), 6)];
$$;


--
-- Name: _track_open_duplicates(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._track_open_duplicates() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_delta bigint;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT count(*) INTO v_delta FROM new_rows n WHERE n.status = 'open';
    ELSIF TG_OP = 'DELETE' THEN
        SELECT -count(*) INTO v_delta FROM old_rows o WHERE o.status = 'open';
    ELSE
        SELECT (SELECT count(*) FROM new_rows n WHERE n.status = 'open')
             - (SELECT count(*) FROM old_rows o WHERE o.status = 'open')
          INTO v_delta;
    END IF;
    IF v_delta <> 0 THEN
        INSERT INTO inbox.duplicate_counts AS c (shard, open)
        VALUES ((pg_backend_pid() % 8)::smallint, v_delta)
        ON CONFLICT (shard) DO UPDATE SET open = c.open + excluded.open;
    END IF;
    RETURN NULL;
END;
$$;


--
-- Name: _track_status_delete(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._track_status_delete() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT o.source, o.status, (pg_backend_pid() % 8)::smallint, -count(*)
      FROM old_rows o
     GROUP BY o.source, o.status;
    RETURN NULL;
END;
$$;


--
-- Name: _track_status_insert(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._track_status_insert() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    INSERT INTO inbox.status_counts (source, status, shard, n)
    SELECT n.source, n.status, (pg_backend_pid() % 8)::smallint, count(*)
      FROM new_rows n
     GROUP BY n.source, n.status;
    RETURN NULL;
END;
$$;


--
-- Name: _track_status_update(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._track_status_update() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: _utc_midnight(date); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox._utc_midnight(p_day date) RETURNS timestamp with time zone
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$ SELECT p_day::timestamp AT TIME ZONE 'UTC' $$;


--
-- Name: accept(text, text, bytea, text, timestamp with time zone, text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.accept(p_source text, p_external_id text, p_body bytea, p_content_type text DEFAULT 'application/json'::text, p_occurred_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_kind text DEFAULT NULL::text, p_fingerprint text DEFAULT NULL::text) RETURNS TABLE(event_id bigint, outcome text)
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
                ), taken_back_entries AS (
                    DELETE FROM inbox.journal j WHERE j.event_id = v_id AND j.at >= now()
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


--
-- Name: accept_many(text[], text[], bytea[], text[], timestamp with time zone[], text[], text[]); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.accept_many(p_sources text[], p_external_ids text[], p_bodies bytea[], p_content_types text[] DEFAULT NULL::text[], p_occurred_ats timestamp with time zone[] DEFAULT NULL::timestamp with time zone[], p_kinds text[] DEFAULT NULL::text[], p_fingerprints text[] DEFAULT NULL::text[]) RETURNS TABLE(ord integer, event_id bigint, outcome text)
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
            ), taken_back_entries AS (
                DELETE FROM inbox.journal j WHERE j.event_id = ANY (v_kept_ids) AND j.at >= now()
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


--
-- Name: acknowledge_alert(bigint, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.acknowledge_alert(p_episode_id bigint, p_note text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_note text := nullif(btrim(p_note, E' \t\r\n'), '');
    v_ep   inbox.alert_episodes%ROWTYPE;
    v_name text;
    v_settled boolean;
BEGIN
    IF p_episode_id IS NULL THEN
        RAISE EXCEPTION 'p_episode_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF char_length(v_note) > 2000 THEN
        RAISE EXCEPTION 'p_note: at most 2000 characters' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT * INTO v_ep FROM inbox.alert_episodes a WHERE a.id = p_episode_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_episode_id: no alert episode %', p_episode_id
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_ep.settled_at IS NOT NULL THEN
        RETURN 'nothing_owed';
    END IF;
    UPDATE inbox.alert_episodes a
       SET acknowledged_at = now(), acknowledged_by = session_user, acknowledge_note = v_note
     WHERE a.id = p_episode_id;
    v_settled := inbox._alert_settle(p_episode_id);
    SELECT r.name INTO v_name FROM inbox.alert_rules r WHERE r.id = v_ep.rule_id;
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('alert_acknowledged',
            jsonb_strip_nulls(jsonb_build_object(
                'rule_id', v_ep.rule_id, 'rule_name', v_name, 'episode_id', p_episode_id,
                'scope_key', v_ep.scope_key, 'note', v_note, 'settled', v_settled)),
            true);
    PERFORM inbox._notify('alerts');
    RETURN 'acknowledged';
END;
$$;


--
-- Name: baseline_daily(bigint, interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.baseline_daily(p_baseline_id bigint, p_window interval DEFAULT '24:00:00'::interval) RETURNS TABLE(day date, source text, rows bigint, dup_external_id bigint, dup_phone bigint, dup_email bigint, duplicates bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    PERFORM inbox._check_baseline(p_baseline_id, p_window);
    RETURN QUERY
    WITH m AS (
        SELECT d.line, d.d_ext, d.d_phone, d.d_email
          FROM inbox._baseline_dups(p_baseline_id, p_window) d
    )
    SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.source::text, count(*),
           count(*) FILTER (WHERE m.d_ext), count(*) FILTER (WHERE m.d_phone),
           count(*) FILTER (WHERE m.d_email), count(m.line)
      FROM inbox.baseline_rows r
      LEFT JOIN m ON m.line = r.line
     WHERE r.baseline_id = p_baseline_id
     GROUP BY 1, 2
     ORDER BY 1, 2;
END;
$$;


--
-- Name: baseline_group_rows(bigint, text, text, integer, interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.baseline_group_rows(p_baseline_id bigint, p_kind text, p_key text, p_first_line integer, p_window interval DEFAULT '24:00:00'::interval) RETURNS TABLE(pos bigint, line integer, source text, external_id text, created_at timestamp with time zone, phones text[], emails text[], name text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    PERFORM inbox._check_baseline(p_baseline_id, p_window);
    IF p_kind IS NULL THEN
        RAISE EXCEPTION 'p_kind must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_kind NOT IN ('external_id', 'phone', 'email') THEN
        RAISE EXCEPTION 'p_kind must be external_id, phone or email, got %', p_kind
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_key IS NULL THEN
        RAISE EXCEPTION 'p_key must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_first_line IS NULL THEN
        RAISE EXCEPTION 'p_first_line must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    RETURN QUERY
    SELECT c.pos, r.line, r.source::text, r.external_id::text, r.created_at, r.phones, r.emails,
           r.name
      FROM inbox._baseline_chains(p_baseline_id, p_window, p_kind, p_key) c
      JOIN inbox.baseline_rows r ON r.baseline_id = p_baseline_id AND r.line = c.line
     WHERE c.first_line = p_first_line
     ORDER BY c.pos;
END;
$$;


--
-- Name: baseline_groups(bigint, interval, text, integer); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.baseline_groups(p_baseline_id bigint, p_window interval DEFAULT '24:00:00'::interval, p_kind text DEFAULT NULL::text, p_limit integer DEFAULT 1000) RETURNS TABLE(kind text, key text, first_line integer, rows bigint, sources text[], first_at timestamp with time zone, last_at timestamp with time zone)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    PERFORM inbox._check_baseline(p_baseline_id, p_window);
    IF p_kind NOT IN ('external_id', 'phone', 'email') THEN
        RAISE EXCEPTION 'p_kind must be external_id, phone, email or NULL, got %', p_kind
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_limit IS NULL THEN
        RAISE EXCEPTION 'p_limit must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_limit < 1 OR p_limit > 100000 THEN
        RAISE EXCEPTION 'p_limit must be between 1 and 100000, got %', p_limit
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    SELECT c.kind, c.key, c.first_line, count(*),
           array_agg(DISTINCT c.source ORDER BY c.source), min(c.created_at), max(c.created_at)
      FROM inbox._baseline_chains(p_baseline_id, p_window, p_kind) c
     GROUP BY c.kind, c.key, c.first_line
    HAVING count(*) > 1
     ORDER BY count(*) DESC, c.kind, c.key, c.first_line
     LIMIT p_limit;
END;
$$;


--
-- Name: baseline_list(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.baseline_list() RETURNS TABLE(id bigint, name text, file_name text, layout_name text, imported_by text, imported_at timestamp with time zone, period_first timestamp with time zone, period_last timestamp with time zone, row_count integer, unreadable_lines integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT b.id, b.name, b.file_name, b.layout_name, b.imported_by, b.imported_at,
           b.period_first, b.period_last, b.row_count, b.unreadable_lines
      FROM inbox.baselines b
     ORDER BY b.imported_at DESC, b.id DESC;
$$;


--
-- Name: baseline_summary(bigint, interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.baseline_summary(p_baseline_id bigint, p_window interval DEFAULT '24:00:00'::interval) RETURNS TABLE(source text, rows bigint, dup_external_id bigint, dup_phone bigint, dup_email bigint, duplicates bigint, share_external_id numeric, share_phone numeric, share_email numeric, share numeric)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    PERFORM inbox._check_baseline(p_baseline_id, p_window);
    RETURN QUERY
    WITH m AS (
        SELECT d.line, d.d_ext, d.d_phone, d.d_email
          FROM inbox._baseline_dups(p_baseline_id, p_window) d
    ), s AS (
        SELECT r.source::text AS source, count(*) AS n,
               count(*) FILTER (WHERE m.d_ext) AS d_ext,
               count(*) FILTER (WHERE m.d_phone) AS d_phone,
               count(*) FILTER (WHERE m.d_email) AS d_email,
               count(m.line) AS d_any
          FROM inbox.baseline_rows r
          LEFT JOIN m ON m.line = r.line
         WHERE r.baseline_id = p_baseline_id
         GROUP BY r.source
    )
    SELECT s.source, s.n, s.d_ext, s.d_phone, s.d_email, s.d_any,
           round(s.d_ext::numeric / s.n, 4), round(s.d_phone::numeric / s.n, 4),
           round(s.d_email::numeric / s.n, 4), round(s.d_any::numeric / s.n, 4)
      FROM s
     ORDER BY s.source;
END;
$$;


--
-- Name: begin_action(bigint, text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.begin_action(p_event_id bigint, p_kind text, p_operation_key text) RETURNS TABLE(action_id bigint, state text, result jsonb)
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


--
-- Name: begin_alert_message(bigint, integer, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.begin_alert_message(p_episode_id bigint, p_message_no integer, p_chat_id text) RETURNS TABLE(action_id bigint, state text, result jsonb, operation_key text, message text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    v_ep   inbox.alert_episodes%ROWTYPE;
    v_rule inbox.alert_rules%ROWTYPE;
    v_next text;
    v_kind text;
    v_key  text;
    v_act  inbox.actions%ROWTYPE;
    v_id   bigint;
BEGIN
    IF p_episode_id IS NULL THEN
        RAISE EXCEPTION 'p_episode_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_message_no IS NULL THEN
        RAISE EXCEPTION 'p_message_no must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_chat_id, 'p_chat_id', 33);
    -- The episode row first: two evaluators beginning the same message take turns here, and
    -- the second finds the first's action.
    SELECT * INTO v_ep FROM inbox.alert_episodes a WHERE a.id = p_episode_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_episode_id: no alert episode %', p_episode_id
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT * INTO v_rule FROM inbox.alert_rules r WHERE r.id = v_ep.rule_id;
    IF NOT p_chat_id = ANY (v_rule.chat_ids) THEN
        RAISE EXCEPTION 'p_chat_id: rule % does not send to chat %', v_rule.id, p_chat_id
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_key := 'alert:' || p_episode_id || ':' || p_message_no || ':' || p_chat_id;
    IF p_message_no = v_ep.message_no + 1 THEN
        v_next := inbox._alert_next_message(v_ep, v_rule);
        IF v_next IS NULL
           OR (v_next = 'resolved' AND NOT inbox._alert_resolved_owed(v_ep, v_rule, p_chat_id)) THEN
            RAISE EXCEPTION 'p_message_no: message % of episode % is not due', p_message_no, p_episode_id
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        UPDATE inbox.alert_episodes a
           SET message_no = p_message_no, last_sent_at = now(),
               resolved_message_no = CASE WHEN v_next = 'resolved' THEN p_message_no END
         WHERE a.id = p_episode_id
        RETURNING * INTO v_ep;
    ELSIF p_message_no = v_ep.message_no AND p_message_no > 0 THEN
        IF p_message_no = v_ep.resolved_message_no
           AND NOT inbox._alert_resolved_owed(v_ep, v_rule, p_chat_id)
           AND NOT EXISTS (SELECT 1 FROM inbox.actions a WHERE a.operation_key = v_key) THEN
            RAISE EXCEPTION 'p_message_no: message % of episode % is not due', p_message_no, p_episode_id
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
    ELSIF p_message_no < 1 OR p_message_no > v_ep.message_no
          OR NOT EXISTS (SELECT 1 FROM inbox.actions a WHERE a.operation_key = v_key) THEN
        RAISE EXCEPTION 'p_message_no: episode % is at message %, so only % or % can be begun, got %',
            p_episode_id, v_ep.message_no, greatest(v_ep.message_no, 1), v_ep.message_no + 1,
            p_message_no USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_kind := inbox._alert_message_kind(v_ep, p_message_no);

    INSERT INTO inbox.actions AS a (episode_id, kind, operation_key)
    VALUES (p_episode_id, 'alert.telegram', v_key)
    ON CONFLICT (operation_key) DO NOTHING
    RETURNING a.id INTO v_id;
    IF v_id IS NOT NULL THEN
        INSERT INTO inbox.journal (entry, detail)
        VALUES ('action_started',
                jsonb_build_object('action_id', v_id, 'kind', 'alert.telegram',
                                   'operation_key', v_key, 'begun', 1,
                                   'episode_id', p_episode_id, 'message', v_kind));
        PERFORM inbox._notify('actions');
        action_id := v_id; state := 'started'; result := NULL;
        operation_key := v_key; message := v_kind;
        RETURN NEXT;
        RETURN;
    END IF;
    SELECT * INTO v_act FROM inbox.actions a WHERE a.operation_key = v_key FOR UPDATE;
    IF v_act.episode_id IS DISTINCT FROM p_episode_id THEN
        RAISE EXCEPTION 'operation key % is already used by action % (event %, kind %)',
            v_key, v_act.id, v_act.event_id, v_act.kind USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_act.state = 'failed' THEN
        UPDATE inbox.actions a
           SET state = 'started', begun = a.begun + 1, result = NULL,
               started_at = now(), finished_at = NULL
         WHERE a.id = v_act.id
        RETURNING a.begun INTO v_act.begun;
        INSERT INTO inbox.journal (entry, detail)
        VALUES ('action_started',
                jsonb_build_object('action_id', v_act.id, 'kind', v_act.kind,
                                   'operation_key', v_key, 'begun', v_act.begun,
                                   'episode_id', p_episode_id, 'message', v_kind));
        PERFORM inbox._notify('actions');
        action_id := v_act.id; state := 'started'; result := NULL;
    ELSE
        INSERT INTO inbox.journal (entry, detail)
        VALUES ('action_repeat',
                jsonb_build_object('action_id', v_act.id, 'kind', v_act.kind,
                                   'operation_key', v_key, 'state', v_act.state,
                                   'episode_id', p_episode_id, 'message', v_kind));
        action_id := v_act.id;
        state := CASE v_act.state WHEN 'done' THEN 'done' ELSE 'unknown' END;
        result := CASE v_act.state WHEN 'done' THEN v_act.result END;
    END IF;
    operation_key := v_key; message := v_kind;
    RETURN NEXT;
END;
$$;


--
-- Name: begin_baseline_copy(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.begin_baseline_copy() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    -- A copy left by an earlier failed attempt in the same transaction is started afresh.
    DROP TABLE IF EXISTS pg_temp.baseline_copy;
    -- Columns as import_baseline's arrays: phones and e-mails one string per row, several
    -- values separated by line breaks. No constraint: import_baseline_copy checks every
    -- row and names the line of the first bad one, which a constraint's error would not.
    CREATE TEMP TABLE baseline_copy (
        line        int,
        source      text COLLATE "C",
        external_id text COLLATE "C",
        created_at  timestamptz,
        phones      text,
        emails      text,
        name        text
    ) ON COMMIT DROP;
    GRANT INSERT ON pg_temp.baseline_copy TO inbox_manager;
END;
$$;


--
-- Name: events; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.events (
    id bigint NOT NULL,
    source text NOT NULL COLLATE pg_catalog."C",
    external_id text NOT NULL COLLATE pg_catalog."C",
    idempotency_key text NOT NULL COLLATE pg_catalog."C",
    kind text,
    status text DEFAULT 'received'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    max_attempts integer DEFAULT 6 NOT NULL,
    last_error text,
    error_retryable boolean,
    occurred_at timestamp with time zone NOT NULL,
    received_at timestamp with time zone DEFAULT now() NOT NULL,
    deliveries integer DEFAULT 1 NOT NULL,
    last_delivery_at timestamp with time zone DEFAULT now() NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_by text,
    locked_at timestamp with time zone,
    done_at timestamp with time zone,
    result jsonb,
    needs_review text,
    body bytea NOT NULL,
    content_type text NOT NULL,
    fingerprint text NOT NULL,
    lock_token bigint,
    CONSTRAINT events_max_attempts_check CHECK ((max_attempts > 0)),
    CONSTRAINT events_status_check CHECK ((status = ANY (ARRAY['received'::text, 'processing'::text, 'done'::text, 'failed'::text])))
)
WITH (fillfactor='90');


--
-- Name: claim(text, integer, interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.claim(p_worker text, p_limit integer DEFAULT 1, p_lock_timeout interval DEFAULT NULL::interval) RETURNS SETOF inbox.events
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


--
-- Name: claim_routed(text, integer, text[], text[], text, interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.claim_routed(p_worker text, p_limit integer, p_sources text[], p_kinds text[], p_order_separator text DEFAULT NULL::text, p_lock_timeout interval DEFAULT NULL::interval) RETURNS SETOF inbox.events
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $_$
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
$_$;


--
-- Name: close_deal(text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.close_deal(p_deal_ref text, p_worker text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: complete(bigint, text, jsonb); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.complete(p_event_id bigint, p_worker text, p_result jsonb DEFAULT NULL::jsonb) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    RAISE EXCEPTION 'inbox.complete without a lock token is refused since schema version 24: call complete(p_event_id, p_worker, p_lock_token, p_result) with the lock_token of the claimed row'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = format('event %s, worker %s, result given: %s', p_event_id, p_worker,
                              p_result IS NOT NULL);
END;
$$;


--
-- Name: complete(bigint, text, bigint, jsonb); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.complete(p_event_id bigint, p_worker text, p_lock_token bigint, p_result jsonb) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: complete_many(bigint[], text, jsonb[]); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.complete_many(p_event_ids bigint[], p_worker text, p_results jsonb[] DEFAULT NULL::jsonb[]) RETURNS TABLE(ord integer, event_id bigint, completed boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: complete_many(bigint[], text, bigint[], jsonb[]); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.complete_many(p_event_ids bigint[], p_worker text, p_lock_tokens bigint[], p_results jsonb[]) RETURNS TABLE(ord integer, event_id bigint, completed boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
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


--
-- Name: configure(interval, integer, interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.configure(p_lock_timeout interval DEFAULT NULL::interval, p_max_attempts integer DEFAULT NULL::integer, p_deal_max_age interval DEFAULT NULL::interval) RETURNS TABLE(lock_timeout interval, max_attempts integer, deal_max_age interval)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: count_refusals(text[], text[], integer[], integer[]); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.count_refusals(p_sources text[], p_reasons text[], p_counts integer[], p_statuses integer[]) RETURNS bigint
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


--
-- Name: decide_duplicate(bigint, text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.decide_duplicate(p_candidate_id bigint, p_decision text, p_note text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    c       inbox.duplicate_candidates%ROWTYPE;
    v_new   inbox.leads%ROWTYPE;
    v_match inbox.leads%ROWTYPE;
    v_entry text;
    v_outcome text;
    v_prev_status text;
    v_note  text := nullif(btrim(p_note), '');
BEGIN
    IF p_candidate_id IS NULL THEN
        RAISE EXCEPTION 'p_candidate_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_decision IS NULL THEN
        RAISE EXCEPTION 'p_decision must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_decision NOT IN ('merge', 'reject', 'undo') THEN
        RAISE EXCEPTION 'p_decision must be merge, reject or undo, not "%"', p_decision
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT * INTO c FROM inbox.duplicate_candidates d WHERE d.id = p_candidate_id FOR UPDATE;
    IF NOT FOUND THEN
        RETURN 'not_found';
    END IF;
    IF p_decision IN ('merge', 'reject') AND c.status <> 'open' THEN
        RETURN 'already_decided';
    END IF;
    IF p_decision = 'undo' AND c.status = 'open' THEN
        RETURN 'not_decided';
    END IF;

    PERFORM 1 FROM inbox.leads l WHERE l.id IN (c.lead_id, c.match_lead_id) ORDER BY l.id FOR UPDATE;
    SELECT * INTO v_new FROM inbox.leads l WHERE l.id = c.lead_id;
    SELECT * INTO v_match FROM inbox.leads l WHERE l.id = c.match_lead_id;
    v_prev_status := c.status;

    IF p_decision = 'merge' THEN
        IF v_new.merged_into IS NOT NULL THEN
            RETURN 'lead_already_merged';
        END IF;
        UPDATE inbox.leads l
           SET merged_into = v_match.id, deal_ref = v_match.deal_ref, deal_open = v_match.deal_open
         WHERE l.id = v_new.id;
        UPDATE inbox.duplicate_candidates d
           SET status = 'merged', decided_by = session_user, decided_at = now(), note = v_note,
               undo_state = jsonb_build_object('lead_id', v_new.id,
                                               'merged_into', v_new.merged_into,
                                               'deal_ref', v_new.deal_ref,
                                               'deal_open', v_new.deal_open)
         WHERE d.id = c.id;
        v_entry := 'duplicate_merged';
        v_outcome := 'merged';
    ELSIF p_decision = 'reject' THEN
        UPDATE inbox.duplicate_candidates d
           SET status = 'rejected', decided_by = session_user, decided_at = now(), note = v_note,
               undo_state = '{}'::jsonb
         WHERE d.id = c.id;
        v_entry := 'duplicate_rejected';
        v_outcome := 'rejected';
    ELSE
        IF c.status = 'merged' THEN
            UPDATE inbox.leads l
               SET merged_into = (c.undo_state ->> 'merged_into')::bigint,
                   deal_ref = c.undo_state ->> 'deal_ref',
                   deal_open = (c.undo_state ->> 'deal_open')::boolean
             WHERE l.id = c.lead_id;
        END IF;
        UPDATE inbox.duplicate_candidates d
           SET status = 'open', decided_by = NULL, decided_at = NULL, note = NULL, undo_state = NULL
         WHERE d.id = c.id;
        v_entry := 'duplicate_undone';
        v_outcome := 'undone';
    END IF;

    -- On both leads' events; an event pruned since keeps the entry with event_id NULL.
    INSERT INTO inbox.journal (event_id, entry, detail, by_person)
    SELECT e.id, v_entry,
           jsonb_build_object('candidate_id', c.id, 'lead_id', c.lead_id, 'match_lead_id', c.match_lead_id,
                              'this_lead_id', l.id, 'previous_status', v_prev_status, 'note', v_note),
           true
      FROM inbox.leads l
      LEFT JOIN inbox.events e ON e.id = l.event_id
     WHERE l.id IN (c.lead_id, c.match_lead_id)
     ORDER BY l.id;

    PERFORM inbox._notify('duplicates');
    IF p_decision = 'merge' OR v_prev_status = 'merged' THEN
        PERFORM inbox._notify('leads');
    END IF;
    RETURN v_outcome;
END;
$$;


--
-- Name: delete_baseline(bigint); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.delete_baseline(p_baseline_id bigint) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    b inbox.baselines;
BEGIN
    IF p_baseline_id IS NULL THEN
        RAISE EXCEPTION 'p_baseline_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    DELETE FROM inbox.baselines x WHERE x.id = p_baseline_id RETURNING x.* INTO b;
    IF b.id IS NULL THEN
        RETURN false;
    END IF;
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('baseline_deleted',
            jsonb_build_object('baseline_id', b.id, 'name', b.name, 'file_name', b.file_name,
                               'rows', b.row_count, 'imported_by', b.imported_by,
                               'imported_at', b.imported_at),
            true);
    PERFORM inbox._notify('baselines');
    RETURN true;
END;
$$;


--
-- Name: due_alert_messages(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.due_alert_messages() RETURNS TABLE(episode_id bigint, rule_id bigint, message_no integer, message text, chat_id text, action_id bigint, action_state text, action_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    -- The unsettled episodes (alert_episodes_unsettled_idx) and their actions, one probe of
    -- actions_episode_idx each: the settled ones, however many, are not read.
    WITH ep AS MATERIALIZED (
        SELECT e.id AS eid, e, r, (r.enabled AND r.removed_at IS NULL
                      AND (r.silenced_until IS NULL OR r.silenced_until <= now())) AS active
          FROM inbox.alert_episodes e
          JOIN inbox.alert_rules r ON r.id = e.rule_id
         WHERE e.settled_at IS NULL),
    act AS MATERIALIZED (
        SELECT a.id, a.episode_id, inbox._alert_key_no(a.operation_key) AS no,
               inbox._alert_key_chat(a.operation_key) AS chat, a.state, a.started_at,
               a.finished_at
          FROM ep CROSS JOIN LATERAL (SELECT * FROM inbox.actions x
                                       WHERE x.episode_id = ep.eid) a)
    -- Begun and never finished, of any episode and rule: in flight, or an unknown outcome to
    -- record (action_at: when it was begun) ...
    SELECT (ep.e).id, (ep.e).rule_id, act.no, inbox._alert_message_kind(ep.e, act.no), act.chat,
           act.id, act.state, act.started_at
      FROM ep JOIN act ON act.episode_id = (ep.e).id
     WHERE act.state = 'started'
    UNION ALL
    -- ... failed for certain and still owed (to try again; action_at: when it failed) ...
    SELECT (ep.e).id, (ep.e).rule_id, act.no, inbox._alert_message_kind(ep.e, act.no), act.chat,
           act.id, act.state, act.finished_at
      FROM ep JOIN act ON act.episode_id = (ep.e).id
     WHERE act.state = 'failed' AND ep.active AND act.chat = ANY ((ep.r).chat_ids)
       AND ((ep.e).acknowledged_at IS NULL OR (ep.e).acknowledged_at < act.finished_at)
       AND NOT EXISTS (SELECT 1 FROM act b
                        WHERE b.episode_id = act.episode_id AND b.chat = act.chat
                          AND b.no > act.no)
    UNION ALL
    -- ... the current message to the chats it has not been begun for (an evaluator stopped
    -- between chats, a chat added), while the episode is open or it is the resolved message
    -- and owed to the chat ...
    SELECT (ep.e).id, (ep.e).rule_id, (ep.e).message_no,
           inbox._alert_message_kind(ep.e, (ep.e).message_no), c.chat,
           NULL::bigint, NULL::text, NULL::timestamptz
      FROM ep CROSS JOIN LATERAL unnest((ep.r).chat_ids) AS c(chat)
     WHERE ep.active AND (ep.e).message_no > 0
       AND NOT EXISTS (SELECT 1 FROM act
                        WHERE act.episode_id = (ep.e).id AND act.no = (ep.e).message_no
                          AND act.chat = c.chat)
       AND ((ep.e).resolved_at IS NULL
            OR ((ep.e).resolved_message_no = (ep.e).message_no
                AND inbox._alert_resolved_owed(ep.e, ep.r, c.chat)))
    UNION ALL
    -- ... and the next message, to every chat (the resolved one to those it is owed to), once
    -- it is due.
    SELECT (ep.e).id, (ep.e).rule_id, (ep.e).message_no + 1, n.kind, c.chat,
           NULL::bigint, NULL::text, NULL::timestamptz
      FROM ep CROSS JOIN LATERAL (SELECT inbox._alert_next_message(ep.e, ep.r) AS kind) n
     CROSS JOIN LATERAL unnest((ep.r).chat_ids) AS c(chat)
     WHERE n.kind IS NOT NULL
       AND (n.kind <> 'resolved' OR inbox._alert_resolved_owed(ep.e, ep.r, c.chat))
     ORDER BY 1, 3, 5;
$$;


--
-- Name: fail(bigint, text, text, boolean); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_error text, p_retryable boolean DEFAULT true) RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    RAISE EXCEPTION 'inbox.fail without a lock token is refused since schema version 24: call fail(p_event_id, p_worker, p_lock_token, p_error, p_retryable) with the lock_token of the claimed row'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = format('event %s, worker %s, retryable %s, error: %s', p_event_id,
                              p_worker, p_retryable, left(p_error, 200));
END;
$$;


--
-- Name: fail(bigint, text, bigint, text, boolean); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_lock_token bigint, p_error text, p_retryable boolean) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: finish_action(bigint, boolean, jsonb); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.finish_action(p_action_id bigint, p_ok boolean, p_result jsonb DEFAULT NULL::jsonb) RETURNS void
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


--
-- Name: finish_alert_message(bigint, boolean, jsonb); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.finish_alert_message(p_action_id bigint, p_ok boolean, p_result jsonb DEFAULT NULL::jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_act  inbox.actions%ROWTYPE;
    v_ep   inbox.alert_episodes%ROWTYPE;
    v_rule inbox.alert_rules%ROWTYPE;
    v_new  text;
    v_no   int;
    v_chat text;
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
    IF v_act.episode_id IS NULL THEN
        RAISE EXCEPTION 'p_action_id % is an action of event %, not an alert message',
            p_action_id, v_act.event_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- The same rules as finish_action.
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
    IF p_ok THEN
        UPDATE inbox.alert_episodes e
           SET last_reached_at = greatest(e.last_reached_at,
                                          CASE WHEN p_result ->> 'outcome' = 'unknown'
                                               THEN v_act.started_at ELSE now() END)
         WHERE e.id = v_act.episode_id;
    END IF;
    PERFORM inbox._alert_settle(v_act.episode_id);
    SELECT * INTO v_ep FROM inbox.alert_episodes e WHERE e.id = v_act.episode_id;
    SELECT * INTO v_rule FROM inbox.alert_rules r WHERE r.id = v_ep.rule_id;
    v_no := inbox._alert_key_no(v_act.operation_key);
    v_chat := inbox._alert_key_chat(v_act.operation_key);
    INSERT INTO inbox.journal (entry, detail)
    VALUES (CASE WHEN p_ok THEN 'alert_sent' ELSE 'alert_send_failed' END,
            jsonb_strip_nulls(jsonb_build_object(
                'action_id', v_act.id, 'operation_key', v_act.operation_key,
                'begun', v_act.begun, 'rule_id', v_rule.id, 'rule_name', v_rule.name,
                'severity', v_rule.severity, 'episode_id', v_ep.id,
                'scope_key', v_ep.scope_key, 'message_no', v_no,
                'message', inbox._alert_message_kind(v_ep, v_no), 'chat_id', v_chat,
                'result', p_result)));
    PERFORM inbox._notify('alerts');
END;
$$;


--
-- Name: finish_deliveries(text, text, bigint[], bigint[], text[], integer[], text[], integer[], text[]); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.finish_deliveries(p_worker text, p_destination text, p_event_ids bigint[], p_lock_tokens bigint[], p_outcomes text[], p_http_statuses integer[], p_answers text[], p_durations_ms integer[], p_errors text[]) RETURNS TABLE(ord integer, event_id bigint, applied text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    SET plan_cache_mode TO 'force_generic_plan'
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


--
-- Name: finish_delivery(bigint, text, bigint, text, text, integer, text, integer, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.finish_delivery(p_event_id bigint, p_worker text, p_lock_token bigint, p_destination text, p_outcome text, p_http_status integer, p_answer text, p_duration_ms integer, p_error text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: fire_alert(bigint, text, jsonb); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.fire_alert(p_rule_id bigint, p_scope_key text, p_summary jsonb DEFAULT NULL::jsonb) RETURNS TABLE(episode_id bigint, outcome text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    v_rule inbox.alert_rules%ROWTYPE;
    v_id   bigint;
BEGIN
    IF p_rule_id IS NULL THEN
        RAISE EXCEPTION 'p_rule_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_scope_key, 'p_scope_key', 300);
    IF p_summary IS NOT NULL AND octet_length(p_summary::text) > 8000 THEN
        RAISE EXCEPTION 'p_summary: at most 8000 bytes of JSON' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- FOR SHARE: a manager's edit of the rule in progress is waited for, so an episode is never
    -- opened for a rule that was just disabled; two evaluators do not wait for each other here.
    SELECT * INTO v_rule FROM inbox.alert_rules r WHERE r.id = p_rule_id FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_rule_id: no alert rule %', p_rule_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT v_rule.enabled THEN
        episode_id := NULL; outcome := 'rule_inactive';
        RETURN NEXT;
        RETURN;
    END IF;
    LOOP
        -- A second evaluator's insert waits for the first's commit on the unique index, then
        -- finds its episode open and keeps it.
        INSERT INTO inbox.alert_episodes AS a (rule_id, scope_key, summary)
        VALUES (p_rule_id, p_scope_key, p_summary)
        ON CONFLICT (rule_id, scope_key) WHERE resolved_at IS NULL DO NOTHING
        RETURNING a.id INTO v_id;
        IF v_id IS NOT NULL THEN
            INSERT INTO inbox.journal (entry, detail)
            VALUES ('alert_fired',
                    jsonb_build_object(
                        'rule_id', p_rule_id, 'rule_name', v_rule.name, 'kind', v_rule.kind,
                        'severity', v_rule.severity, 'episode_id', v_id,
                        'scope_key', p_scope_key, 'summary', p_summary));
            PERFORM inbox._notify('alerts');
            episode_id := v_id; outcome := 'opened';
            RETURN NEXT;
            RETURN;
        END IF;
        UPDATE inbox.alert_episodes a
           SET last_seen_at = now(), summary = coalesce(p_summary, a.summary)
         WHERE a.rule_id = p_rule_id AND a.scope_key = p_scope_key AND a.resolved_at IS NULL
        RETURNING a.id INTO v_id;
        IF v_id IS NOT NULL THEN
            episode_id := v_id; outcome := 'firing';
            RETURN NEXT;
            RETURN;
        END IF;
        -- Resolved between the two statements: open a new one.
    END LOOP;
END;
$$;


--
-- Name: flag_review(bigint, text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.flag_review(p_event_id bigint, p_worker text, p_reason text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    RAISE EXCEPTION 'inbox.flag_review without a lock token is refused since schema version 24: call flag_review(p_event_id, p_worker, p_lock_token, p_reason) with the lock_token of the claimed row'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = format('event %s, worker %s, reason: %s', p_event_id, p_worker,
                              left(p_reason, 200));
END;
$$;


--
-- Name: flag_review(bigint, text, bigint, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.flag_review(p_event_id bigint, p_worker text, p_lock_token bigint, p_reason text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: heartbeat(bigint, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.heartbeat(p_event_id bigint, p_worker text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
BEGIN
    RAISE EXCEPTION 'inbox.heartbeat without a lock token is refused since schema version 24: call heartbeat(p_event_id, p_worker, p_lock_token) with the lock_token of the claimed row'
        USING ERRCODE = 'feature_not_supported',
              DETAIL = format('event %s, worker %s', p_event_id, p_worker);
END;
$$;


--
-- Name: heartbeat(bigint, text, bigint); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.heartbeat(p_event_id bigint, p_worker text, p_lock_token bigint) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: import_baseline(text, text, text, integer, integer[], text[], text[], timestamp with time zone[], text[], text[], text[]); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.import_baseline(p_name text, p_file_name text, p_layout_name text, p_unreadable_lines integer, p_lines integer[], p_sources text[], p_external_ids text[], p_created_ats timestamp with time zone[], p_phones text[], p_emails text[], p_names text[]) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_n   int;
    v_bad text;
    v_id  bigint;
    v_first timestamptz;
    v_last  timestamptz;
    v_null_at bigint;
    v_bad_at  bigint;
BEGIN
    IF p_name IS NULL THEN
        RAISE EXCEPTION 'p_name must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF btrim(p_name) = '' OR char_length(btrim(p_name)) > 200 THEN
        RAISE EXCEPTION 'p_name must be 1..200 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_file_name IS NULL THEN
        RAISE EXCEPTION 'p_file_name must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_file_name = '' OR char_length(p_file_name) > 1000 THEN
        RAISE EXCEPTION 'p_file_name must be 1..1000 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF char_length(p_layout_name) > 200 THEN
        RAISE EXCEPTION 'p_layout_name must be at most 200 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_unreadable_lines IS NULL THEN
        RAISE EXCEPTION 'p_unreadable_lines must not be NULL'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_unreadable_lines < 0 THEN
        RAISE EXCEPTION 'p_unreadable_lines must not be negative, got %', p_unreadable_lines
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_lines IS NULL THEN
        RAISE EXCEPTION 'p_lines must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_sources IS NULL THEN
        RAISE EXCEPTION 'p_sources must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_external_ids IS NULL THEN
        RAISE EXCEPTION 'p_external_ids must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_created_ats IS NULL THEN
        RAISE EXCEPTION 'p_created_ats must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_phones IS NULL THEN
        RAISE EXCEPTION 'p_phones must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_emails IS NULL THEN
        RAISE EXCEPTION 'p_emails must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_names IS NULL THEN
        RAISE EXCEPTION 'p_names must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    v_n := coalesce(cardinality(p_lines), 0);
    IF array_ndims(p_lines) > 1 OR array_ndims(p_sources) > 1 OR array_ndims(p_external_ids) > 1
       OR array_ndims(p_created_ats) > 1 OR array_ndims(p_phones) > 1
       OR array_ndims(p_emails) > 1 OR array_ndims(p_names) > 1
       OR coalesce(cardinality(p_sources), 0) <> v_n
       OR coalesce(cardinality(p_external_ids), 0) <> v_n
       OR coalesce(cardinality(p_created_ats), 0) <> v_n
       OR coalesce(cardinality(p_phones), 0) <> v_n
       OR coalesce(cardinality(p_emails), 0) <> v_n
       OR coalesce(cardinality(p_names), 0) <> v_n THEN
        RAISE EXCEPTION 'the arrays must have the same length (p_lines has %)', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_n = 0 OR v_n > 1000000 THEN
        RAISE EXCEPTION 'p_lines must hold 1..1000000 rows, got %', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- One pass finds whether any row lacks a value or has a bad one, and the period; the
    -- statements that name the first such row run only when there is one (0032: the three
    -- passes of 0031 over 100,000 rows cost about 0.3 s).
    SELECT min(x.i) FILTER (WHERE x.l IS NULL OR x.s IS NULL OR x.c IS NULL),
           min(x.i) FILTER (WHERE x.l < 1 OR x.s = '' OR char_length(x.s) > 64
                                  OR x.s ~ '[\x01-\x1f\x7f]' OR char_length(x.e) > 1024),
           min(x.c), max(x.c)
      INTO v_null_at, v_bad_at, v_first, v_last
      FROM unnest(p_lines, p_sources, p_external_ids, p_created_ats) WITH ORDINALITY
           AS x(l, s, e, c, i);
    IF v_null_at IS NOT NULL THEN
        SELECT CASE WHEN x.l IS NULL THEN 'p_lines[' || x.i || '] must not be NULL'
                    WHEN x.s IS NULL THEN 'p_sources[' || x.i || '] must not be NULL'
                    WHEN x.c IS NULL THEN 'p_created_ats[' || x.i || '] must not be NULL'
               END
          INTO v_bad
          FROM unnest(p_lines, p_sources, p_created_ats) WITH ORDINALITY AS x(l, s, c, i)
         WHERE x.l IS NULL OR x.s IS NULL OR x.c IS NULL
         ORDER BY x.i
         LIMIT 1;
        IF v_bad IS NOT NULL THEN
            RAISE EXCEPTION '%', v_bad USING ERRCODE = 'null_value_not_allowed';
        END IF;
    END IF;
    IF v_bad_at IS NOT NULL THEN
        SELECT CASE WHEN x.l < 1 THEN 'p_lines[' || x.i || '] must be positive, got ' || x.l
                    WHEN x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
                      THEN 'p_sources[' || x.i || '] must be 1..64 characters without control characters'
                    WHEN char_length(x.e) > 1024
                      THEN 'p_external_ids[' || x.i || '] must be at most 1024 characters'
               END
          INTO v_bad
          FROM unnest(p_lines, p_sources, p_external_ids) WITH ORDINALITY AS x(l, s, e, i)
         WHERE x.l < 1 OR x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
            OR char_length(x.e) > 1024
         ORDER BY x.i
         LIMIT 1;
        IF v_bad IS NOT NULL THEN
            RAISE EXCEPTION '%', v_bad USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END IF;
    SELECT 'p_lines has line ' || x.l || ' more than once'
      INTO v_bad
      FROM unnest(p_lines) AS x(l)
     GROUP BY x.l
    HAVING count(*) > 1
     ORDER BY x.l
     LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'invalid_parameter_value';
    END IF;

    INSERT INTO inbox.baselines (name, file_name, layout_name, period_first, period_last,
                                 row_count, unreadable_lines)
    VALUES (btrim(p_name), p_file_name, nullif(btrim(p_layout_name), ''), v_first, v_last, v_n,
            p_unreadable_lines)
    RETURNING id INTO v_id;

    -- Phones and e-mails arrive one string per row, several values separated by line breaks
    -- (which no phone or address contains). Most rows have one, which is normalized without a
    -- subquery; each value is normalized once.
    INSERT INTO inbox.baseline_rows (baseline_id, line, source, external_id, created_at, phones,
                                     emails, name, phone_norms, email_norms)
    SELECT v_id, x.l, x.s, nullif(btrim(x.e), ''), x.c,
           CASE WHEN coalesce(btrim(x.ph), '') = '' THEN '{}'::text[]
                WHEN strpos(x.ph, E'\n') = 0 THEN ARRAY[x.ph]
                ELSE ARRAY(SELECT v.v FROM unnest(string_to_array(x.ph, E'\n'))
                                  WITH ORDINALITY AS v(v, o)
                            WHERE btrim(v.v) <> '' ORDER BY v.o) END,
           CASE WHEN coalesce(btrim(x.em), '') = '' THEN '{}'::text[]
                WHEN strpos(x.em, E'\n') = 0 THEN ARRAY[x.em]
                ELSE ARRAY(SELECT v.v FROM unnest(string_to_array(x.em, E'\n'))
                                  WITH ORDINALITY AS v(v, o)
                            WHERE btrim(v.v) <> '' ORDER BY v.o) END,
           nullif(btrim(x.n), ''),
           CASE WHEN coalesce(btrim(x.ph), '') = '' THEN '{}'::text[]
                WHEN strpos(x.ph, E'\n') = 0
                  THEN array_remove(ARRAY[inbox.normalize_phone(x.ph)], NULL)
                ELSE ARRAY(SELECT DISTINCT n.n FROM unnest(string_to_array(x.ph, E'\n')) AS v(v)
                                  CROSS JOIN LATERAL inbox.normalize_phone(v.v) AS n(n)
                            WHERE n.n IS NOT NULL ORDER BY n.n) END,
           CASE WHEN coalesce(btrim(x.em), '') = '' THEN '{}'::text[]
                WHEN strpos(x.em, E'\n') = 0
                  THEN array_remove(ARRAY[inbox.normalize_email(x.em)], NULL)
                ELSE ARRAY(SELECT DISTINCT n.n FROM unnest(string_to_array(x.em, E'\n')) AS v(v)
                                  CROSS JOIN LATERAL inbox.normalize_email(v.v) AS n(n)
                            WHERE n.n IS NOT NULL ORDER BY n.n) END
      FROM unnest(p_lines, p_sources, p_external_ids, p_created_ats, p_phones, p_emails, p_names)
           AS x(l, s, e, c, ph, em, n);

    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('baseline_imported',
            jsonb_build_object('baseline_id', v_id, 'name', btrim(p_name), 'file_name',
                               p_file_name, 'layout_name', nullif(btrim(p_layout_name), ''),
                               'rows', v_n, 'unreadable_lines', p_unreadable_lines,
                               'period_first', v_first, 'period_last', v_last),
            true);
    PERFORM inbox._notify('baselines');
    RETURN v_id;
END;
$$;


--
-- Name: import_baseline_copy(text, text, text, integer); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.import_baseline_copy(p_name text, p_file_name text, p_layout_name text, p_unreadable_lines integer) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_table   regclass := to_regclass('pg_temp.baseline_copy');
    v_n       bigint;
    v_id      bigint;
    v_first   timestamptz;
    v_last    timestamptz;
    v_no_line bigint;
    v_null_at int;
    v_bad_at  int;
    v_line    int;
    v_bad     text;
BEGIN
    IF p_name IS NULL THEN
        RAISE EXCEPTION 'p_name must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF btrim(p_name) = '' OR char_length(btrim(p_name)) > 200 THEN
        RAISE EXCEPTION 'p_name must be 1..200 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_file_name IS NULL THEN
        RAISE EXCEPTION 'p_file_name must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_file_name = '' OR char_length(p_file_name) > 1000 THEN
        RAISE EXCEPTION 'p_file_name must be 1..1000 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF char_length(p_layout_name) > 200 THEN
        RAISE EXCEPTION 'p_layout_name must be at most 200 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_unreadable_lines IS NULL THEN
        RAISE EXCEPTION 'p_unreadable_lines must not be NULL'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_unreadable_lines < 0 THEN
        RAISE EXCEPTION 'p_unreadable_lines must not be negative, got %', p_unreadable_lines
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- Only the table begin_baseline_copy made (owned by this function's owner), never one of
    -- the same name the caller made: the caller's table could hold anything.
    IF v_table IS NULL OR NOT EXISTS (SELECT 1 FROM pg_class c
                                       WHERE c.oid = v_table
                                         AND c.relowner = (SELECT r.oid FROM pg_roles r
                                                            WHERE r.rolname = current_user)) THEN
        RAISE EXCEPTION 'nothing was copied: call inbox.begin_baseline_copy() and COPY the rows'
                        ' into pg_temp.baseline_copy in this transaction first'
            USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;

    -- One pass finds the count, the period and whether a row lacks a value or has a bad one;
    -- the statements that name the first such line run only when there is one.
    SELECT count(*), count(*) FILTER (WHERE c.line IS NULL),
           min(c.line) FILTER (WHERE c.source IS NULL OR c.created_at IS NULL),
           min(c.line) FILTER (WHERE c.line < 1 OR c.source = '' OR char_length(c.source) > 64
                                     OR c.source ~ '[\x01-\x1f\x7f]'
                                     OR char_length(c.external_id) > 1024),
           min(c.created_at), max(c.created_at)
      INTO v_n, v_no_line, v_null_at, v_bad_at, v_first, v_last
      FROM pg_temp.baseline_copy c;
    IF v_n = 0 OR v_n > 1000000 THEN
        RAISE EXCEPTION 'the copy must hold 1..1000000 rows, got %', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_no_line > 0 THEN
        RAISE EXCEPTION '% copied row(s) have no line number', v_no_line
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_null_at IS NOT NULL THEN
        SELECT CASE WHEN c.source IS NULL THEN 'line ' || c.line || ': source must not be NULL'
                    ELSE 'line ' || c.line || ': created_at must not be NULL' END
          INTO v_bad
          FROM pg_temp.baseline_copy c
         WHERE c.line = v_null_at AND (c.source IS NULL OR c.created_at IS NULL)
         LIMIT 1;
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_bad_at IS NOT NULL THEN
        SELECT CASE WHEN c.line < 1 THEN 'line numbers must be positive, got ' || c.line
                    WHEN c.source = '' OR char_length(c.source) > 64 OR c.source ~ '[\x01-\x1f\x7f]'
                      THEN 'line ' || c.line
                           || ': source must be 1..64 characters without control characters'
                    ELSE 'line ' || c.line || ': external_id must be at most 1024 characters'
               END
          INTO v_bad
          FROM pg_temp.baseline_copy c
         WHERE c.line = v_bad_at
           AND (c.line < 1 OR c.source = '' OR char_length(c.source) > 64
                OR c.source ~ '[\x01-\x1f\x7f]' OR char_length(c.external_id) > 1024)
         LIMIT 1;
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT c.line INTO v_line
      FROM pg_temp.baseline_copy c
     GROUP BY c.line
    HAVING count(*) > 1
     ORDER BY c.line
     LIMIT 1;
    IF v_line IS NOT NULL THEN
        RAISE EXCEPTION 'line % was copied more than once', v_line
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    INSERT INTO inbox.baselines (name, file_name, layout_name, period_first, period_last,
                                 row_count, unreadable_lines)
    VALUES (btrim(p_name), p_file_name, nullif(btrim(p_layout_name), ''), v_first, v_last, v_n,
            p_unreadable_lines)
    RETURNING id INTO v_id;

    -- The rows and their keys exactly as import_baseline (0032) makes them.
    INSERT INTO inbox.baseline_rows (baseline_id, line, source, external_id, created_at, phones,
                                     emails, name, phone_norms, email_norms)
    SELECT v_id, x.line, x.source, nullif(btrim(x.external_id), ''), x.created_at,
           CASE WHEN coalesce(btrim(x.phones), '') = '' THEN '{}'::text[]
                WHEN strpos(x.phones, E'\n') = 0 THEN ARRAY[x.phones]
                ELSE ARRAY(SELECT v.v FROM unnest(string_to_array(x.phones, E'\n'))
                                  WITH ORDINALITY AS v(v, o)
                            WHERE btrim(v.v) <> '' ORDER BY v.o) END,
           CASE WHEN coalesce(btrim(x.emails), '') = '' THEN '{}'::text[]
                WHEN strpos(x.emails, E'\n') = 0 THEN ARRAY[x.emails]
                ELSE ARRAY(SELECT v.v FROM unnest(string_to_array(x.emails, E'\n'))
                                  WITH ORDINALITY AS v(v, o)
                            WHERE btrim(v.v) <> '' ORDER BY v.o) END,
           nullif(btrim(x.name), ''),
           CASE WHEN coalesce(btrim(x.phones), '') = '' THEN '{}'::text[]
                WHEN strpos(x.phones, E'\n') = 0
                  THEN array_remove(ARRAY[inbox.normalize_phone(x.phones)], NULL)
                ELSE ARRAY(SELECT DISTINCT n.n FROM unnest(string_to_array(x.phones, E'\n')) AS v(v)
                                  CROSS JOIN LATERAL inbox.normalize_phone(v.v) AS n(n)
                            WHERE n.n IS NOT NULL ORDER BY n.n) END,
           CASE WHEN coalesce(btrim(x.emails), '') = '' THEN '{}'::text[]
                WHEN strpos(x.emails, E'\n') = 0
                  THEN array_remove(ARRAY[inbox.normalize_email(x.emails)], NULL)
                ELSE ARRAY(SELECT DISTINCT n.n FROM unnest(string_to_array(x.emails, E'\n')) AS v(v)
                                  CROSS JOIN LATERAL inbox.normalize_email(v.v) AS n(n)
                            WHERE n.n IS NOT NULL ORDER BY n.n) END
      FROM pg_temp.baseline_copy x;

    DROP TABLE pg_temp.baseline_copy;

    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('baseline_imported',
            jsonb_build_object('baseline_id', v_id, 'name', btrim(p_name), 'file_name',
                               p_file_name, 'layout_name', nullif(btrim(p_layout_name), ''),
                               'rows', v_n, 'unreadable_lines', p_unreadable_lines,
                               'period_first', v_first, 'period_last', v_last),
            true);
    PERFORM inbox._notify('baselines');
    RETURN v_id;
END;
$$;


--
-- Name: journal_partitions(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.journal_partitions() RETURNS TABLE(partition regclass, ends_at timestamp with time zone, bytes bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
    SELECT c.oid::regclass,
           CASE WHEN c.relname ~ '^journal_before_\d{8}$'
                THEN inbox._utc_midnight(to_date(right(c.relname, 8), 'YYYYMMDD'))
                ELSE inbox._utc_midnight(to_date(right(c.relname, 8), 'YYYYMMDD') + 1) END,
           pg_total_relation_size(c.oid)
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'inbox.journal'::regclass
       AND c.relname ~ '^journal_(before_)?\d{8}$'
     ORDER BY 2
$_$;


--
-- Name: journal_partitions_ensure(date, date); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.journal_partitions_ensure(p_from date DEFAULT NULL::date, p_to date DEFAULT NULL::date) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
DECLARE
    v_today  date := (now() AT TIME ZONE 'UTC')::date;
    v_from   date := coalesce(p_from, v_today);
    v_to     date := coalesce(p_to, v_today + 14);
    v_before date;
    v_day    date;
    v_name   text;
    v_made   int := 0;
BEGIN
    IF v_to < v_from THEN
        RAISE EXCEPTION 'p_to (%) must not be before p_from (%)', v_to, v_from
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_to - v_from > 3660 THEN
        RAISE EXCEPTION 'at most 3661 days at once, got %', v_to - v_from + 1
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- Two callers would make the same partition: one waits for the other.
    PERFORM pg_advisory_xact_lock(hashtext('inbox.journal_partitions'));
    -- Days before the upgrade's partition's bound are in it already.
    SELECT max(to_date(substring(c.relname FROM '^journal_before_(\d{8})$'), 'YYYYMMDD'))
      INTO v_before
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'inbox.journal'::regclass;
    FOR v_day IN SELECT d::date FROM generate_series(v_from, v_to, interval '1 day') d LOOP
        CONTINUE WHEN v_day < v_before;
        v_name := 'journal_' || to_char(v_day, 'YYYYMMDD');
        CONTINUE WHEN to_regclass('inbox.' || v_name) IS NOT NULL;
        CONTINUE WHEN EXISTS (SELECT 1 FROM inbox.journal_default d
                               WHERE d.at >= inbox._utc_midnight(v_day)
                                 AND d.at < inbox._utc_midnight(v_day + 1));
        EXECUTE format('CREATE TABLE inbox.%I PARTITION OF inbox.journal '
                       'FOR VALUES FROM (%L) TO (%L)',
                       v_name, inbox._utc_midnight(v_day), inbox._utc_midnight(v_day + 1));
        v_made := v_made + 1;
    END LOOP;
    RETURN v_made;
END;
$_$;


--
-- Name: max_attempts(text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.max_attempts(p_source text) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT coalesce((SELECT s.max_attempts FROM inbox.source_settings s WHERE s.source = p_source),
                    (SELECT d.max_attempts FROM inbox.settings d));
$$;


--
-- Name: normalize_email(text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.normalize_email(p_email text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE SECURITY DEFINER PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
DECLARE
    e        text;
    v_at     int;
    v_local  text;
    v_domain text;
BEGIN
    IF p_email IS NULL THEN
        RETURN NULL;
    END IF;
    e := lower(btrim(p_email, E' \t\r\n'));
    IF strpos(e, '<') > 0 AND e ~ '<[^<>]*>' THEN
        e := substring(e FROM '<([^<>]*)>');   -- 'Name <address>'
    END IF;
    e := btrim(e, E' \t\r\n');
    IF starts_with(e, 'mailto:') THEN
        e := substr(e, 8);
    END IF;
    IF e !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:].]+$' THEN
        RETURN NULL;
    END IF;
    v_at := strpos(e, '@');                    -- the only '@' (the pattern above)
    v_local := left(e, v_at - 1);
    v_domain := rtrim(substr(e, v_at + 1), '.');
    IF v_domain IN ('gmail.com', 'googlemail.com') THEN
        v_local := replace(split_part(v_local, '+', 1), '.', '');
        v_domain := 'gmail.com';
    ELSIF v_domain IN ('ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua') THEN
        v_domain := 'yandex.ru';
    END IF;
    IF v_local = ''
       OR v_local IN ('unknown', 'noreply', 'no-reply', 'no_reply', 'donotreply', 'do-not-reply',
                      'do_not_reply', 'mailer-daemon', 'none', 'null', 'nomail', 'no-email', 'noemail')
       OR (v_local = 'test' AND v_domain LIKE 'test%')
       OR v_domain IN ('example.com', 'example.org', 'example.net')
       OR v_domain LIKE '%.invalid' OR v_domain LIKE '%.example' THEN
        RETURN NULL;
    END IF;
    RETURN v_local || '@' || v_domain;
END;
$_$;


--
-- Name: normalize_phone(text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.normalize_phone(p_phone text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE SECURITY DEFINER PARALLEL SAFE
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
DECLARE
    d text;
    n int;
BEGIN
    IF p_phone IS NULL THEN
        RETURN NULL;
    END IF;
    -- Only digits and ' +-().': no extension marker can be there (none of those characters is
    -- a case variant of a letter of the pattern), and the digits are what is left without
    -- the punctuation. Otherwise the extension is cut as in 0003 and every character that is
    -- not a digit is dropped (the inner translate lists them).
    IF translate(p_phone, '0123456789 +-().', '') = '' THEN
        d := translate(p_phone, ' +-().', '');
    ELSE
        d := regexp_replace(p_phone, '(доб|ext|вн|x|#).*$', '', 'i');
        d := translate(d, translate(d, '0123456789', ''), '');
    END IF;
    -- International call prefixes: 00 (most of the world) and 810 (Russia's old one).
    IF starts_with(d, '00') THEN
        d := substr(d, 3);
    ELSIF starts_with(d, '810') AND length(d) > 11 THEN
        d := substr(d, 4);
    END IF;
    n := length(d);
    IF n = 11 AND starts_with(d, '8') THEN
        d := '7' || substr(d, 2);              -- Russian trunk prefix 8
    ELSIF n = 10 AND starts_with(d, '9') THEN
        d := '7' || d;                         -- bare Russian mobile
        n := 11;
    END IF;
    -- Too short or too long; all one digit ('0000000000'); a Russian number whose ten
    -- national digits are all one digit ('+7 (000) 000-00-00', '79999999999').
    IF n < 8 OR n > 15 OR translate(d, left(d, 1), '') = ''
       OR (n = 11 AND starts_with(d, '7') AND translate(substr(d, 3), substr(d, 2, 1), '') = '')
    THEN
        RETURN NULL;
    END IF;
    RETURN d;
END;
$_$;


--
-- Name: open_duplicates(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.open_duplicates() RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT coalesce(sum(c.open), 0)::bigint FROM inbox.duplicate_counts c;
$$;


--
-- Name: pause_destination(text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.pause_destination(p_destination text, p_reason text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: poll_failed(text, text, text, integer, boolean); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.poll_failed(p_poller text, p_source text, p_error text, p_http_status integer, p_stop boolean) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: poll_open(text, text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.poll_open(p_poller text, p_source text, p_adapter text) RETURNS TABLE(cursor jsonb, state text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
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
$_$;


--
-- Name: poll_store(text, text, text[], bytea[], timestamp with time zone[], text[], text[], jsonb, boolean, timestamp with time zone); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.poll_store(p_poller text, p_source text, p_external_ids text[], p_bodies bytea[], p_occurred_ats timestamp with time zone[], p_kinds text[], p_fingerprints text[], p_cursor jsonb, p_poll_done boolean, p_window_end timestamp with time zone) RETURNS TABLE(ord integer, event_id bigint, outcome text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: prune(interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.prune(p_older_than interval DEFAULT '90 days'::interval) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
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


--
-- Name: prune_alerts(interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.prune_alerts(p_older_than interval DEFAULT '90 days'::interval) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_ids     bigint[];
    v_actions bigint;
BEGIN
    IF p_older_than IS NULL THEN
        RAISE EXCEPTION 'p_older_than must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_older_than < interval '1 day' THEN
        RAISE EXCEPTION 'p_older_than must be at least 1 day, got %', p_older_than
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    UPDATE inbox.alert_episodes e
       SET settled_at = now()
      FROM inbox.alert_rules r
     WHERE r.id = e.rule_id AND e.settled_at IS NULL AND e.resolved_at IS NOT NULL
       AND NOT inbox._alert_owes(e, r);
    SELECT array_agg(e.id) INTO v_ids FROM (
        SELECT e.id FROM inbox.alert_episodes e
         WHERE e.settled_at < now() - p_older_than
         ORDER BY e.settled_at LIMIT 10000
           FOR UPDATE SKIP LOCKED) e;
    IF v_ids IS NULL THEN
        RETURN 0::bigint;
    END IF;
    DELETE FROM inbox.actions a WHERE a.episode_id = ANY (v_ids);
    GET DIAGNOSTICS v_actions = ROW_COUNT;
    DELETE FROM inbox.alert_episodes e WHERE e.id = ANY (v_ids);
    INSERT INTO inbox.journal (entry, detail)
    VALUES ('alerts_pruned',
            jsonb_build_object('episodes', cardinality(v_ids), 'actions', v_actions,
                               'older_than', p_older_than::text));
    PERFORM inbox._notify('alerts');
    RETURN cardinality(v_ids)::bigint;
END;
$$;


--
-- Name: prune_journal(interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.prune_journal(p_older_than interval DEFAULT '90 days'::interval) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_horizon interval;
    v_before  timestamptz;
    v_dropped jsonb := '[]'::jsonb;
    v_count   int := 0;
    v_bytes   bigint := 0::bigint;
    v_default bigint := 0::bigint;
    v_made    int := 0;
    v_busy    boolean := true;
    v_part    record;
BEGIN
    IF p_older_than IS NULL THEN
        RAISE EXCEPTION 'p_older_than must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_older_than < interval '1 day' THEN
        RAISE EXCEPTION 'p_older_than must be at least 1 day, got %', p_older_than
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT greatest(p_older_than, max(make_interval(days => r.days)) FILTER (WHERE NOT r.keep))
      INTO v_horizon
      FROM inbox.source_retention r;
    v_horizon := coalesce(v_horizon, p_older_than);
    v_before := now() - v_horizon;

    FOR v_try IN 1..5 LOOP
        BEGIN
            PERFORM set_config('lock_timeout', '200ms', true);
            -- ONLY: the parent is what every writer and reader passes, and what DROP needs.
            -- Locking the partitions too would wait for autovacuum on today's, which is
            -- busy most of a busy day and never yields to a wait shorter than
            -- deadlock_timeout.
            LOCK TABLE ONLY inbox.journal IN ACCESS EXCLUSIVE MODE;
            FOR v_part IN SELECT p.partition, p.bytes FROM inbox.journal_partitions() p
                           WHERE p.ends_at <= v_before LOOP
                v_bytes := v_bytes + v_part.bytes;
                v_count := v_count + 1;
                v_dropped := v_dropped || to_jsonb(v_part.partition::text);
                EXECUTE format('DROP TABLE %s', v_part.partition);
            END LOOP;
            DELETE FROM inbox.journal_default d WHERE d.at < v_before;
            GET DIAGNOSTICS v_default = ROW_COUNT;
            v_made := inbox.journal_partitions_ensure();
            v_busy := false;
            EXIT;
        EXCEPTION WHEN lock_not_available OR deadlock_detected THEN
            v_dropped := '[]'::jsonb;
            v_count := 0;
            v_bytes := 0::bigint;
            v_default := 0::bigint;
            PERFORM pg_sleep(0.1 * v_try);
        END;
    END LOOP;

    INSERT INTO inbox.journal (event_id, entry, detail, by_person)
    VALUES (NULL, 'journal_pruned',
            jsonb_build_object('older_than', p_older_than::text, 'before', v_before,
                               'dropped', v_dropped, 'bytes', v_bytes,
                               'default_deleted', v_default, 'made', v_made, 'busy', v_busy),
            true);
    RETURN v_count;
END;
$$;


--
-- Name: record_lead(bigint, text, text, text, text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.record_lead(p_event_id bigint, p_phone text, p_email text, p_name text DEFAULT NULL::text, p_summary text DEFAULT NULL::text, p_deal_ref text DEFAULT NULL::text) RETURNS bigint
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


--
-- Name: remeasure(date, date); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.remeasure(p_from date, p_to date) RETURNS TABLE(source text, received bigint, repeats bigint, conflicts bigint, deliveries bigint, flagged bigint, merged bigint, rejected bigint, still_open bigint, refused bigint, failed bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_lo timestamptz;
    v_hi timestamptz;
BEGIN
    PERFORM inbox._check_period(p_from, p_to);
    v_lo := p_from::timestamp AT TIME ZONE 'UTC';
    v_hi := (p_to + 1)::timestamp AT TIME ZONE 'UTC';
    RETURN QUERY
    WITH d AS (
        SELECT x.source, sum(x.received) AS received, sum(x.repeats) AS repeats,
               sum(x.conflicts) AS conflicts, sum(x.failed) AS failed
          FROM inbox.daily_stats x
         WHERE x.day BETWEEN p_from AND p_to
         GROUP BY x.source
    ), c AS (
        SELECT coalesce(x.lead_channel, '') COLLATE "C" AS source, count(*) AS flagged,
               count(*) FILTER (WHERE x.status = 'merged') AS merged,
               count(*) FILTER (WHERE x.status = 'rejected') AS rejected,
               count(*) FILTER (WHERE x.status = 'open') AS still_open
          FROM inbox.duplicate_candidates x
         WHERE x.created_at >= v_lo AND x.created_at < v_hi
         GROUP BY 1
    ), f AS (
        SELECT x.source, sum(x.n) AS refused
          FROM inbox.refusals x
         WHERE x.day BETWEEN p_from AND p_to
         GROUP BY x.source
    ), s AS (
        SELECT d.source FROM d UNION SELECT c.source FROM c UNION SELECT f.source FROM f
    )
    SELECT s.source::text, coalesce(d.received, 0)::bigint, coalesce(d.repeats, 0)::bigint,
           coalesce(d.conflicts, 0)::bigint,
           (coalesce(d.received, 0) + coalesce(d.repeats, 0) + coalesce(d.conflicts, 0))::bigint,
           coalesce(c.flagged, 0), coalesce(c.merged, 0), coalesce(c.rejected, 0),
           coalesce(c.still_open, 0), coalesce(f.refused, 0)::bigint,
           coalesce(d.failed, 0)::bigint
      FROM s
      LEFT JOIN d ON d.source = s.source
      LEFT JOIN c ON c.source = s.source
      LEFT JOIN f ON f.source = s.source
     ORDER BY s.source;
END;
$$;


--
-- Name: remeasure_reasons(date, date); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.remeasure_reasons(p_from date, p_to date) RETURNS TABLE(source text, kind text, reason text, error text, n bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_lo timestamptz;
    v_hi timestamptz;
BEGIN
    PERFORM inbox._check_period(p_from, p_to);
    v_lo := p_from::timestamp AT TIME ZONE 'UTC';
    v_hi := (p_to + 1)::timestamp AT TIME ZONE 'UTC';
    RETURN QUERY
    SELECT x.source::text, 'refused'::text, x.reason::text, NULL::text, sum(x.n)::bigint
      FROM inbox.refusals x
     WHERE x.day BETWEEN p_from AND p_to
     GROUP BY x.source, x.reason
    UNION ALL
    SELECT q.source::text, 'failed'::text,
           CASE WHEN e.last_error LIKE 'lock of % expired on the last attempt' THEN 'lock_expired'
                WHEN e.error_retryable IS false THEN 'not_retryable'
                ELSE 'out_of_attempts' END,
           left(e.last_error, 200), count(*)
      FROM inbox.event_queue q
      JOIN inbox.events e ON e.id = q.id
     WHERE q.status = 'failed' AND q.received_at >= v_lo AND q.received_at < v_hi
     GROUP BY 1, 3, 4
     ORDER BY 1, 2, 5 DESC, 3, 4;
END;
$$;


--
-- Name: remove_alert_rule(bigint, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.remove_alert_rule(p_id bigint, p_note text DEFAULT NULL::text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_note   text := nullif(btrim(p_note, E' \t\r\n'), '');
    v_rule   inbox.alert_rules%ROWTYPE;
    v_closed int;
BEGIN
    IF p_id IS NULL THEN
        RAISE EXCEPTION 'p_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF char_length(v_note) > 2000 THEN
        RAISE EXCEPTION 'p_note: at most 2000 characters' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT * INTO v_rule FROM inbox.alert_rules r WHERE r.id = p_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_id: no alert rule %', p_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_rule.removed_at IS NOT NULL THEN
        RETURN 'already_removed';
    END IF;
    UPDATE inbox.alert_rules r
       SET enabled = false, removed_at = now(), removed_by = session_user
     WHERE r.id = p_id;
    v_closed := inbox._alert_close_episodes(v_rule, 'rule_removed');
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('alert_rule_removed',
            jsonb_strip_nulls(jsonb_build_object('rule_id', p_id,
                                                 'rule', inbox._alert_rule_json(v_rule),
                                                 'note', v_note, 'closed_episodes', v_closed)),
            true);
    PERFORM inbox._notify('alerts');
    RETURN 'removed';
END;
$$;


--
-- Name: report_destination(text, text, text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.report_destination(p_worker text, p_destination text, p_state text, p_error text) RETURNS TABLE(paused boolean, paused_by text, paused_reason text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: requeue(bigint[], text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.requeue(p_event_ids bigint[], p_reason text) RETURNS TABLE(event_id bigint, outcome text)
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


--
-- Name: resolve_alert(bigint, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.resolve_alert(p_rule_id bigint, p_scope_key text) RETURNS TABLE(episode_id bigint, outcome text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    v_name text;
    e      record;
BEGIN
    IF p_rule_id IS NULL THEN
        RAISE EXCEPTION 'p_rule_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_scope_key, 'p_scope_key', 300);
    SELECT r.name INTO v_name FROM inbox.alert_rules r WHERE r.id = p_rule_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_rule_id: no alert rule %', p_rule_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    UPDATE inbox.alert_episodes a
       SET resolved_at = now(), resolved_reason = 'cleared'
     WHERE a.rule_id = p_rule_id AND a.scope_key = p_scope_key AND a.resolved_at IS NULL
    RETURNING a.id, a.fired_at, a.message_no INTO e;
    IF NOT FOUND THEN
        episode_id := NULL; outcome := 'not_firing';
        RETURN NEXT;
        RETURN;
    END IF;
    PERFORM inbox._alert_settle(e.id);
    INSERT INTO inbox.journal (entry, detail)
    VALUES ('alert_resolved',
            jsonb_build_object('rule_id', p_rule_id, 'rule_name', v_name, 'episode_id', e.id,
                               'scope_key', p_scope_key, 'reason', 'cleared',
                               'fired_at', e.fired_at, 'messages', e.message_no));
    PERFORM inbox._notify('alerts');
    episode_id := e.id; outcome := 'resolved';
    RETURN NEXT;
END;
$$;


--
-- Name: resolve_review(bigint[], text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.resolve_review(p_event_ids bigint[], p_resolution text, p_note text DEFAULT NULL::text) RETURNS TABLE(event_id bigint, outcome text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
#variable_conflict use_column
DECLARE
    c_max_ids constant int := 10000;
    v_batch   uuid := gen_random_uuid();
    v_note    text := nullif(btrim(p_note, E' \t\r\n'), '');
    v_new     bigint[];
    v_outcome text;
    v_split   bigint;
    v_split_outcome text;
    r         record;
    b         record;
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
    IF p_resolution IS NULL THEN
        RAISE EXCEPTION 'p_resolution must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_resolution NOT IN ('kept_first_body', 'second_is_new_event', 'handled_by_hand') THEN
        RAISE EXCEPTION 'p_resolution must be kept_first_body, second_is_new_event or handled_by_hand, got %',
            p_resolution USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_resolution = 'handled_by_hand' AND v_note IS NULL THEN
        RAISE EXCEPTION 'p_note must say what was done by hand' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF char_length(v_note) > 2000 THEN
        RAISE EXCEPTION 'p_note: at most 2000 characters' USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- Rows are locked in id order, as requeue does, so two resolutions never deadlock.
    PERFORM 1 FROM inbox.events e WHERE e.id = ANY (p_event_ids) ORDER BY e.id FOR UPDATE;
    FOR r IN
        SELECT req.id AS req_id, e.id, e.source, e.external_id, e.needs_review
          FROM (SELECT DISTINCT x.id FROM unnest(p_event_ids) AS x(id)) req
          LEFT JOIN inbox.events e ON e.id = req.id
         ORDER BY req.id
    LOOP
        v_new := NULL;
        IF r.id IS NULL THEN
            v_outcome := 'not_found';
        ELSIF r.needs_review IS NULL THEN
            v_outcome := 'not_flagged';
        ELSIF p_resolution <> 'handled_by_hand' AND r.needs_review <> 'key conflict' THEN
            v_outcome := 'not_a_conflict';
        ELSE
            v_outcome := 'resolved';
            IF p_resolution = 'second_is_new_event' THEN
                v_new := ARRAY[]::bigint[];
                FOR b IN
                    SELECT c.id, c.body, c.content_type FROM inbox.conflict_bodies c
                     WHERE c.event_id = r.id ORDER BY c.id
                LOOP
                    SELECT a.event_id, a.outcome INTO v_split, v_split_outcome
                      FROM inbox.accept(r.source, r.external_id || '#conflict-' || b.id,
                                        b.body, b.content_type) a;
                    v_new := v_new || v_split;
                    IF v_split_outcome = 'new' THEN
                        -- Not by_person: the person's action is the review_resolved entry,
                        -- which names the new events; this one says where the event came from.
                        INSERT INTO inbox.journal (event_id, entry, detail)
                        VALUES (v_split, 'split_from_conflict',
                                jsonb_build_object('event_id', r.id, 'conflict_body_id', b.id,
                                                   'batch', v_batch));
                    END IF;
                END LOOP;
            END IF;
            UPDATE inbox.events e SET needs_review = NULL WHERE e.id = r.id;
            INSERT INTO inbox.journal (event_id, entry, detail, by_person)
            VALUES (r.id, 'review_resolved',
                    jsonb_strip_nulls(jsonb_build_object(
                        'resolution', p_resolution, 'note', v_note, 'batch', v_batch,
                        'previous_reason', r.needs_review, 'new_event_ids', to_jsonb(v_new))),
                    true);
        END IF;
        event_id := r.req_id;
        outcome := v_outcome;
        RETURN NEXT;
    END LOOP;
    PERFORM inbox._notify('events');
END;
$$;


--
-- Name: resume_destination(text, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.resume_destination(p_destination text, p_reason text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: route_backlog(text[]); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.route_backlog(p_sources text[]) RETURNS TABLE(received bigint, processing bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT coalesce(sum(c.n) FILTER (WHERE c.status = 'received'), 0)::bigint,
           coalesce(sum(c.n) FILTER (WHERE c.status = 'processing'), 0)::bigint
      FROM inbox.status_counts c
     WHERE p_sources IS NULL OR c.source = ANY (p_sources);
$$;


--
-- Name: schema_version(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.schema_version() RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT max(v.version) FROM inbox.schema_version v;
$$;


--
-- Name: set_alert_rule(bigint, text, text, jsonb, text, text[], text[], interval, boolean, boolean); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.set_alert_rule(p_id bigint, p_name text, p_kind text, p_params jsonb, p_severity text, p_sources text[], p_chat_ids text[], p_repeat_interval interval DEFAULT '04:00:00'::interval, p_send_resolved boolean DEFAULT true, p_enabled boolean DEFAULT true) RETURNS bigint
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $_$
DECLARE
    v_name    text := btrim(p_name, E' \t\r\n');
    v_params  jsonb;
    v_sources text[];
    v_chats   text[];
    v_old     inbox.alert_rules%ROWTYPE;
    v_new     inbox.alert_rules%ROWTYPE;
    v_other   bigint;
    v_closed  int := 0;
BEGIN
    IF p_name IS NULL THEN
        RAISE EXCEPTION 'p_name must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_name = '' OR char_length(v_name) > 100 OR v_name ~ '[\x01-\x1f\x7f]' THEN
        RAISE EXCEPTION 'p_name must be 1..100 characters without control characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_kind IS NULL THEN
        RAISE EXCEPTION 'p_kind must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_kind NOT IN ('stuck', 'failed', 'repeat_share', 'failure_share', 'silent_source',
                      'duplicates_age', 'destination', 'poll_source') THEN
        RAISE EXCEPTION 'p_kind must be stuck, failed, repeat_share, failure_share, silent_source, duplicates_age, destination or poll_source, got %',
            p_kind USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_params := inbox._alert_params(p_kind, p_params);
    -- A misspelt name would never fire on a pause: the destination must be one a dispatcher
    -- has reported, as pause_destination wants.
    IF p_kind = 'destination' AND NOT EXISTS (
           SELECT 1 FROM inbox.destinations d WHERE d.name = v_params ->> 'destination') THEN
        RAISE EXCEPTION 'p_params.destination: destination % is not known: no dispatcher has reported it',
            v_params ->> 'destination' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_severity IS NULL THEN
        RAISE EXCEPTION 'p_severity must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_severity NOT IN ('info', 'warning', 'critical') THEN
        RAISE EXCEPTION 'p_severity must be info, warning or critical, got %', p_severity
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_sources IS NOT NULL THEN
        IF array_position(p_sources, NULL) IS NOT NULL THEN
            RAISE EXCEPTION 'p_sources must not contain NULL (NULL for the whole list means all sources)'
                USING ERRCODE = 'null_value_not_allowed';
        END IF;
        IF array_ndims(p_sources) > 1 THEN
            RAISE EXCEPTION 'p_sources must be a one-dimensional array'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        SELECT array_agg(DISTINCT s COLLATE "C" ORDER BY s COLLATE "C") INTO v_sources
          FROM unnest(p_sources) AS s;
        IF v_sources IS NULL THEN
            RAISE EXCEPTION 'p_sources must not be empty: pass NULL for all sources'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF cardinality(v_sources) > 100 THEN
            RAISE EXCEPTION 'p_sources: at most 100 sources, got %', cardinality(v_sources)
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF EXISTS (SELECT 1 FROM unnest(v_sources) AS s
                    WHERE s = '' OR char_length(s) > 64 OR s ~ '[\x01-\x1f\x7f]') THEN
            RAISE EXCEPTION 'p_sources: each source must be 1..64 characters without control characters'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END IF;
    IF p_chat_ids IS NULL THEN
        RAISE EXCEPTION 'p_chat_ids must not be NULL: say who hears the rule'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF array_position(p_chat_ids, NULL) IS NOT NULL THEN
        RAISE EXCEPTION 'p_chat_ids must not contain NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF array_ndims(p_chat_ids) > 1 THEN
        RAISE EXCEPTION 'p_chat_ids must be a one-dimensional array'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT array_agg(c ORDER BY first_at) INTO v_chats
      FROM (SELECT btrim(c) COLLATE "C" AS c, min(o) AS first_at
              FROM unnest(p_chat_ids) WITH ORDINALITY AS u(c, o) GROUP BY btrim(c)) d;
    IF v_chats IS NULL OR cardinality(v_chats) > 10 THEN
        RAISE EXCEPTION 'p_chat_ids must name 1..10 chats, got %', coalesce(cardinality(v_chats), 0)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT 1 FROM unnest(v_chats) AS c
                WHERE c !~ '^(-?[0-9]{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$') THEN
        RAISE EXCEPTION 'p_chat_ids: each must be a Telegram chat id (digits, "-" for a group) or a channel''s @username, got %',
            (SELECT c FROM unnest(v_chats) AS c
              WHERE c !~ '^(-?[0-9]{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$' LIMIT 1)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_repeat_interval IS NULL THEN
        RAISE EXCEPTION 'p_repeat_interval must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_repeat_interval < interval '1 minute' OR p_repeat_interval > interval '30 days' THEN
        RAISE EXCEPTION 'p_repeat_interval must be between 1 minute and 30 days, got %', p_repeat_interval
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_send_resolved IS NULL THEN
        RAISE EXCEPTION 'p_send_resolved must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_enabled IS NULL THEN
        RAISE EXCEPTION 'p_enabled must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;

    -- Two managers naming two rules alike at once: the second waits and is told.
    PERFORM pg_advisory_xact_lock(hashtextextended('inbox.alert_rule.name:' || v_name, 0));
    IF p_id IS NOT NULL THEN
        SELECT * INTO v_old FROM inbox.alert_rules r WHERE r.id = p_id FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'p_id: no alert rule %', p_id USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF v_old.removed_at IS NOT NULL THEN
            RAISE EXCEPTION 'p_id: alert rule % was removed at % by %', p_id, v_old.removed_at,
                v_old.removed_by USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF v_old.kind <> p_kind THEN
            RAISE EXCEPTION 'p_kind: alert rule % is a % rule and a rule keeps its kind (remove it and create another)',
                p_id, v_old.kind USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END IF;
    SELECT r.id INTO v_other FROM inbox.alert_rules r
     WHERE r.name = v_name AND r.removed_at IS NULL AND r.id IS DISTINCT FROM p_id;
    IF FOUND THEN
        RAISE EXCEPTION 'p_name: alert rule % is already called "%"', v_other, v_name
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    IF p_id IS NULL THEN
        INSERT INTO inbox.alert_rules AS r (name, kind, params, severity, sources, chat_ids,
                                            repeat_interval, send_resolved, enabled)
        VALUES (v_name, p_kind, v_params, p_severity, v_sources, v_chats, p_repeat_interval,
                p_send_resolved, p_enabled)
        RETURNING * INTO v_new;
        INSERT INTO inbox.journal (entry, detail, by_person)
        VALUES ('alert_rule_created',
                jsonb_build_object('rule_id', v_new.id, 'rule', inbox._alert_rule_json(v_new)), true);
        PERFORM inbox._notify('alerts');
        RETURN v_new.id;
    END IF;

    v_new := v_old;
    v_new.name := v_name;
    v_new.params := v_params;
    v_new.severity := p_severity;
    v_new.sources := v_sources;
    v_new.chat_ids := v_chats;
    v_new.repeat_interval := p_repeat_interval;
    v_new.send_resolved := p_send_resolved;
    v_new.enabled := p_enabled;
    IF inbox._alert_rule_json(v_new) = inbox._alert_rule_json(v_old) THEN
        -- Saved without a change: nothing to journal, and updated_* keep the last real change.
        RETURN p_id;
    END IF;
    UPDATE inbox.alert_rules r
       SET name = v_name, params = v_params, severity = p_severity, sources = v_sources,
           chat_ids = v_chats, repeat_interval = p_repeat_interval,
           send_resolved = p_send_resolved, enabled = p_enabled,
           updated_at = now(), updated_by = session_user
     WHERE r.id = p_id
    RETURNING * INTO v_new;
    IF v_old.enabled AND NOT p_enabled THEN
        v_closed := inbox._alert_close_episodes(v_new, 'rule_disabled');
    END IF;
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('alert_rule_changed',
            jsonb_build_object('rule_id', p_id, 'rule', inbox._alert_rule_json(v_new),
                               'previous', inbox._alert_rule_json(v_old),
                               'closed_episodes', v_closed), true);
    PERFORM inbox._notify('alerts');
    RETURN p_id;
END;
$_$;


--
-- Name: set_source_max_attempts(text, integer); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.set_source_max_attempts(p_source text, p_max_attempts integer) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: set_source_retention(text, integer, boolean); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.set_source_retention(p_source text, p_days integer DEFAULT NULL::integer, p_keep boolean DEFAULT false) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
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


--
-- Name: settings(); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.settings() RETURNS TABLE(lock_timeout interval, max_attempts integer, deal_max_age interval)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
    SELECT s.lock_timeout, s.max_attempts, s.deal_max_age FROM inbox.settings s;
$$;


--
-- Name: silence_alert_rule(bigint, timestamp with time zone, text); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.silence_alert_rule(p_id bigint, p_until timestamp with time zone, p_note text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
DECLARE
    v_note text := nullif(btrim(p_note, E' \t\r\n'), '');
    v_rule inbox.alert_rules%ROWTYPE;
BEGIN
    IF p_id IS NULL THEN
        RAISE EXCEPTION 'p_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_until IS NOT NULL THEN
        IF p_until <= now() OR p_until > now() + interval '90 days' THEN
            RAISE EXCEPTION 'p_until must be in the next 90 days, got % (NULL ends a silence)', p_until
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        IF v_note IS NULL THEN
            RAISE EXCEPTION 'p_note must say why the rule is silenced'
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
    END IF;
    IF char_length(v_note) > 2000 THEN
        RAISE EXCEPTION 'p_note: at most 2000 characters' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT * INTO v_rule FROM inbox.alert_rules r WHERE r.id = p_id FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'p_id: no alert rule %', p_id USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_rule.removed_at IS NOT NULL THEN
        RAISE EXCEPTION 'p_id: alert rule % was removed at % by %', p_id, v_rule.removed_at,
            v_rule.removed_by USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_until IS NULL AND (v_rule.silenced_until IS NULL OR v_rule.silenced_until <= now()) THEN
        RETURN 'not_silenced';
    END IF;
    UPDATE inbox.alert_rules r
       SET silenced_until = p_until, silence_note = v_note
     WHERE r.id = p_id;
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES (CASE WHEN p_until IS NULL THEN 'alert_unsilenced' ELSE 'alert_silenced' END,
            jsonb_strip_nulls(jsonb_build_object(
                'rule_id', p_id, 'rule_name', v_rule.name, 'until', p_until, 'note', v_note,
                'previous_until', CASE WHEN v_rule.silenced_until > now()
                                       THEN v_rule.silenced_until END)),
            true);
    PERFORM inbox._notify('alerts');
    RETURN CASE WHEN p_until IS NULL THEN 'unsilenced' ELSE 'silenced' END;
END;
$$;


--
-- Name: stats_daily(integer); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.stats_daily(p_days integer DEFAULT 14) RETURNS TABLE(day date, source text, received bigint, repeats bigint, conflicts bigint, done bigint, failed bigint, requeued bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO 'pg_catalog', 'pg_temp'
    AS $$
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


--
-- Name: stats_now(interval); Type: FUNCTION; Schema: inbox; Owner: -
--

CREATE FUNCTION inbox.stats_now(p_lock_timeout interval DEFAULT NULL::interval) RETURNS TABLE(source text, waiting bigint, due bigint, processing bigint, stuck bigint, failed bigint, oldest_waiting timestamp with time zone)
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


--
-- Name: actions; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.actions (
    id bigint NOT NULL,
    event_id bigint,
    kind text NOT NULL,
    operation_key text NOT NULL COLLATE pg_catalog."C",
    state text DEFAULT 'started'::text NOT NULL,
    result jsonb,
    begun integer DEFAULT 1 NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    finished_at timestamp with time zone,
    episode_id bigint,
    CONSTRAINT actions_event_or_episode CHECK ((num_nonnulls(event_id, episode_id) = 1)),
    CONSTRAINT actions_state_check CHECK ((state = ANY (ARRAY['started'::text, 'done'::text, 'failed'::text])))
);


--
-- Name: actions_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.actions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.actions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: alert_episodes_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.alert_episodes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.alert_episodes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: alert_rules_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.alert_rules ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.alert_rules_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: baseline_rows; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.baseline_rows (
    baseline_id bigint NOT NULL,
    line integer NOT NULL,
    source text NOT NULL COLLATE pg_catalog."C",
    external_id text COLLATE pg_catalog."C",
    created_at timestamp with time zone NOT NULL,
    phones text[] DEFAULT '{}'::text[] NOT NULL,
    emails text[] DEFAULT '{}'::text[] NOT NULL,
    name text,
    phone_norms text[] DEFAULT '{}'::text[] NOT NULL,
    email_norms text[] DEFAULT '{}'::text[] NOT NULL,
    CONSTRAINT baseline_rows_line_check CHECK ((line > 0))
);


--
-- Name: baselines; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.baselines (
    id bigint NOT NULL,
    name text NOT NULL,
    file_name text NOT NULL,
    layout_name text,
    imported_by text DEFAULT SESSION_USER NOT NULL,
    imported_at timestamp with time zone DEFAULT now() NOT NULL,
    period_first timestamp with time zone NOT NULL,
    period_last timestamp with time zone NOT NULL,
    row_count integer NOT NULL,
    unreadable_lines integer NOT NULL,
    CONSTRAINT baselines_file_name_check CHECK (((char_length(file_name) >= 1) AND (char_length(file_name) <= 1000))),
    CONSTRAINT baselines_layout_name_check CHECK ((char_length(layout_name) <= 200)),
    CONSTRAINT baselines_name_check CHECK (((char_length(name) >= 1) AND (char_length(name) <= 200))),
    CONSTRAINT baselines_row_count_check CHECK ((row_count > 0)),
    CONSTRAINT baselines_unreadable_lines_check CHECK ((unreadable_lines >= 0))
);


--
-- Name: baselines_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.baselines ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.baselines_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: conflict_bodies; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.conflict_bodies (
    id bigint NOT NULL,
    event_id bigint NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    fingerprint text NOT NULL,
    content_type text NOT NULL,
    body bytea NOT NULL
);


--
-- Name: conflict_bodies_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.conflict_bodies ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.conflict_bodies_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: daily_stats; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.daily_stats (
    day date NOT NULL,
    source text NOT NULL COLLATE pg_catalog."C",
    shard smallint NOT NULL,
    received bigint DEFAULT 0 NOT NULL,
    repeats bigint DEFAULT 0 NOT NULL,
    conflicts bigint DEFAULT 0 NOT NULL,
    done bigint DEFAULT 0 NOT NULL,
    failed bigint DEFAULT 0 NOT NULL,
    requeued bigint DEFAULT 0 NOT NULL
)
WITH (autovacuum_vacuum_scale_factor='0', autovacuum_vacuum_threshold='2000', autovacuum_vacuum_cost_delay='0');


--
-- Name: delivery_attempts; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.delivery_attempts (
    id bigint NOT NULL,
    event_id bigint NOT NULL,
    destination text NOT NULL COLLATE pg_catalog."C",
    worker text NOT NULL,
    attempt integer NOT NULL,
    at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    http_status integer,
    duration_ms integer,
    outcome text NOT NULL,
    answer text,
    error text,
    applied text NOT NULL,
    CONSTRAINT delivery_attempts_answer_check CHECK ((char_length(answer) <= 4000)),
    CONSTRAINT delivery_attempts_applied_check CHECK ((applied = ANY (ARRAY['done'::text, 'received'::text, 'failed'::text, 'released'::text, 'lost_lock'::text]))),
    CONSTRAINT delivery_attempts_duration_ms_check CHECK ((duration_ms >= 0)),
    CONSTRAINT delivery_attempts_http_status_check CHECK (((http_status >= 100) AND (http_status <= 599))),
    CONSTRAINT delivery_attempts_outcome_check CHECK ((outcome = ANY (ARRAY['done'::text, 'retry'::text, 'reject'::text, 'release'::text])))
);


--
-- Name: delivery_attempts_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.delivery_attempts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.delivery_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: destinations; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.destinations (
    name text NOT NULL COLLATE pg_catalog."C",
    state text DEFAULT 'closed'::text NOT NULL,
    last_error text,
    reported_by text,
    reported_at timestamp with time zone,
    paused boolean DEFAULT false NOT NULL,
    paused_by text,
    paused_reason text,
    paused_at timestamp with time zone,
    CONSTRAINT destinations_check CHECK ((paused = (paused_at IS NOT NULL))),
    CONSTRAINT destinations_name_check CHECK ((((char_length(name) >= 1) AND (char_length(name) <= 64)) AND (name !~ '[\x01-\x1f\x7f]'::text))),
    CONSTRAINT destinations_state_check CHECK ((state = ANY (ARRAY['closed'::text, 'open'::text, 'half_open'::text, 'waiting'::text, 'disabled'::text])))
);


--
-- Name: duplicate_candidates; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.duplicate_candidates (
    id bigint NOT NULL,
    lead_id bigint NOT NULL,
    match_lead_id bigint NOT NULL,
    reasons text[] NOT NULL,
    score real NOT NULL,
    weak boolean DEFAULT false NOT NULL,
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_by text,
    decided_at timestamp with time zone,
    note text,
    undo_state jsonb,
    lead_channel text COLLATE pg_catalog."C",
    match_channel text COLLATE pg_catalog."C",
    CONSTRAINT duplicate_candidates_check CHECK ((lead_id <> match_lead_id)),
    CONSTRAINT duplicate_candidates_status_check CHECK ((status = ANY (ARRAY['open'::text, 'merged'::text, 'rejected'::text])))
);


--
-- Name: duplicate_candidates_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.duplicate_candidates ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.duplicate_candidates_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: duplicate_counts; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.duplicate_counts (
    shard smallint NOT NULL,
    open bigint DEFAULT 0 NOT NULL
);


--
-- Name: event_queue; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.event_queue (
    id bigint NOT NULL,
    source text NOT NULL COLLATE pg_catalog."C",
    status text NOT NULL,
    received_at timestamp with time zone NOT NULL,
    next_attempt_at timestamp with time zone NOT NULL,
    locked_at timestamp with time zone,
    CONSTRAINT event_queue_status_check CHECK ((status = ANY (ARRAY['received'::text, 'processing'::text, 'failed'::text])))
)
WITH (autovacuum_vacuum_scale_factor='0', autovacuum_vacuum_threshold='5000', autovacuum_analyze_scale_factor='0', autovacuum_analyze_threshold='5000', autovacuum_vacuum_cost_delay='0');


--
-- Name: events_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.events ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.events_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: journal; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.journal (
    id bigint NOT NULL,
    event_id bigint,
    at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    entry text NOT NULL,
    actor text DEFAULT SESSION_USER NOT NULL,
    detail jsonb,
    by_person boolean DEFAULT false NOT NULL
)
PARTITION BY RANGE (at);


--
-- Name: journal_default; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.journal_default (
    id bigint NOT NULL,
    event_id bigint,
    at timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
    entry text NOT NULL,
    actor text DEFAULT SESSION_USER NOT NULL,
    detail jsonb,
    by_person boolean DEFAULT false NOT NULL
);


--
-- Name: journal_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.journal ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.journal_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: kept_keys; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.kept_keys (
    source text NOT NULL COLLATE pg_catalog."C",
    external_id text NOT NULL COLLATE pg_catalog."C",
    event_id bigint NOT NULL,
    fingerprint text NOT NULL,
    kind text,
    status text NOT NULL,
    received_at timestamp with time zone NOT NULL,
    done_at timestamp with time zone,
    deliveries integer NOT NULL,
    last_delivery_at timestamp with time zone NOT NULL,
    pruned_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: leads; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.leads (
    id bigint NOT NULL,
    event_id bigint NOT NULL,
    source text NOT NULL COLLATE pg_catalog."C",
    external_id text NOT NULL COLLATE pg_catalog."C",
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    name text,
    phone_raw text,
    phone_norm text,
    email_raw text,
    email_norm text,
    channel text NOT NULL,
    summary text,
    deal_ref text,
    deal_open boolean DEFAULT false NOT NULL,
    merged_into bigint,
    deal_closed_at timestamp with time zone
);


--
-- Name: leads_id_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

ALTER TABLE inbox.leads ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME inbox.leads_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: lock_token_seq; Type: SEQUENCE; Schema: inbox; Owner: -
--

CREATE SEQUENCE inbox.lock_token_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: poll_sources; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.poll_sources (
    source text NOT NULL COLLATE pg_catalog."C",
    adapter text NOT NULL,
    cursor jsonb DEFAULT '{}'::jsonb NOT NULL,
    state text DEFAULT 'polling'::text NOT NULL,
    poller text,
    opened_at timestamp with time zone DEFAULT now() NOT NULL,
    last_page_at timestamp with time zone,
    last_success_at timestamp with time zone,
    polled_to timestamp with time zone,
    current_items integer DEFAULT 0 NOT NULL,
    current_new integer DEFAULT 0 NOT NULL,
    current_repeats integer DEFAULT 0 NOT NULL,
    current_conflicts integer DEFAULT 0 NOT NULL,
    last_items integer,
    last_new integer,
    last_repeats integer,
    last_conflicts integer,
    last_duration_ms bigint,
    current_started_at timestamp with time zone,
    polls bigint DEFAULT 0 NOT NULL,
    items bigint DEFAULT 0 NOT NULL,
    new_events bigint DEFAULT 0 NOT NULL,
    repeats bigint DEFAULT 0 NOT NULL,
    conflicts bigint DEFAULT 0 NOT NULL,
    failures integer DEFAULT 0 NOT NULL,
    last_error text,
    last_error_at timestamp with time zone,
    last_http_status integer,
    stopped_at timestamp with time zone,
    CONSTRAINT poll_sources_adapter_check CHECK ((adapter ~ '^[a-z0-9_]{1,32}$'::text)),
    CONSTRAINT poll_sources_check CHECK (((state = 'stopped'::text) = (stopped_at IS NOT NULL))),
    CONSTRAINT poll_sources_cursor_check CHECK ((jsonb_typeof(cursor) = 'object'::text)),
    CONSTRAINT poll_sources_failures_check CHECK ((failures >= 0)),
    CONSTRAINT poll_sources_last_error_check CHECK ((char_length(last_error) <= 2000)),
    CONSTRAINT poll_sources_last_http_status_check CHECK (((last_http_status >= 100) AND (last_http_status <= 599))),
    CONSTRAINT poll_sources_source_check CHECK ((((char_length(source) >= 1) AND (char_length(source) <= 64)) AND (source !~ '[\x01-\x1f\x7f]'::text))),
    CONSTRAINT poll_sources_state_check CHECK ((state = ANY (ARRAY['polling'::text, 'failing'::text, 'stopped'::text])))
);


--
-- Name: refusals; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.refusals (
    day date NOT NULL,
    source text NOT NULL COLLATE pg_catalog."C",
    reason text NOT NULL COLLATE pg_catalog."C",
    n bigint NOT NULL,
    first_at timestamp with time zone NOT NULL,
    last_at timestamp with time zone NOT NULL,
    last_status integer NOT NULL,
    CONSTRAINT refusals_last_status_check CHECK (((last_status >= 100) AND (last_status <= 599))),
    CONSTRAINT refusals_n_check CHECK ((n > 0)),
    CONSTRAINT refusals_reason_check CHECK ((reason ~ '^[a-z][a-z0-9_]{0,31}$'::text)),
    CONSTRAINT refusals_source_check CHECK (((char_length(source) >= 1) AND (char_length(source) <= 64)))
);


--
-- Name: schema_version; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.schema_version (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL,
    applied_by text DEFAULT SESSION_USER NOT NULL,
    checksum text
);


--
-- Name: settings; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.settings (
    one boolean DEFAULT true NOT NULL,
    lock_timeout interval DEFAULT '00:05:00'::interval NOT NULL,
    max_attempts integer DEFAULT 6 NOT NULL,
    deal_max_age interval DEFAULT '180 days'::interval NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    changed_by text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT settings_deal_max_age_check CHECK (((deal_max_age >= '1 day'::interval) AND (deal_max_age <= '10 years'::interval))),
    CONSTRAINT settings_lock_timeout_check CHECK (((lock_timeout >= '00:00:01'::interval) AND (lock_timeout <= '1 day'::interval))),
    CONSTRAINT settings_max_attempts_check CHECK (((max_attempts >= 1) AND (max_attempts <= 100))),
    CONSTRAINT settings_one_check CHECK (one)
);


--
-- Name: source_retention; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.source_retention (
    source text NOT NULL COLLATE pg_catalog."C",
    keep boolean NOT NULL,
    days integer,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    changed_by text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT source_retention_days_check CHECK (((keep AND (days IS NULL)) OR ((NOT keep) AND ((days >= 1) AND (days <= 36500))))),
    CONSTRAINT source_retention_source_check CHECK (((char_length(source) >= 1) AND (char_length(source) <= 64)))
);


--
-- Name: source_settings; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.source_settings (
    source text NOT NULL COLLATE pg_catalog."C",
    max_attempts integer NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    changed_by text DEFAULT SESSION_USER NOT NULL,
    CONSTRAINT source_settings_max_attempts_check CHECK (((max_attempts >= 1) AND (max_attempts <= 100))),
    CONSTRAINT source_settings_source_check CHECK (((char_length(source) >= 1) AND (char_length(source) <= 64)))
);


--
-- Name: status_counts; Type: TABLE; Schema: inbox; Owner: -
--

CREATE TABLE inbox.status_counts (
    source text NOT NULL COLLATE pg_catalog."C",
    status text NOT NULL,
    shard smallint NOT NULL,
    n bigint DEFAULT 0 NOT NULL
)
WITH (autovacuum_vacuum_scale_factor='0', autovacuum_vacuum_threshold='2000', autovacuum_vacuum_cost_delay='0');


--
-- Name: journal_default; Type: TABLE ATTACH; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.journal ATTACH PARTITION inbox.journal_default DEFAULT;


--
-- Name: actions actions_operation_key_key; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.actions
    ADD CONSTRAINT actions_operation_key_key UNIQUE (operation_key);


--
-- Name: actions actions_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (id);


--
-- Name: alert_episodes alert_episodes_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.alert_episodes
    ADD CONSTRAINT alert_episodes_pkey PRIMARY KEY (id);


--
-- Name: alert_rules alert_rules_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.alert_rules
    ADD CONSTRAINT alert_rules_pkey PRIMARY KEY (id);


--
-- Name: baseline_rows baseline_rows_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.baseline_rows
    ADD CONSTRAINT baseline_rows_pkey PRIMARY KEY (baseline_id, line);


--
-- Name: baselines baselines_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.baselines
    ADD CONSTRAINT baselines_pkey PRIMARY KEY (id);


--
-- Name: conflict_bodies conflict_bodies_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.conflict_bodies
    ADD CONSTRAINT conflict_bodies_pkey PRIMARY KEY (id);


--
-- Name: delivery_attempts delivery_attempts_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.delivery_attempts
    ADD CONSTRAINT delivery_attempts_pkey PRIMARY KEY (id);


--
-- Name: destinations destinations_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.destinations
    ADD CONSTRAINT destinations_pkey PRIMARY KEY (name);


--
-- Name: duplicate_candidates duplicate_candidates_pair_key; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.duplicate_candidates
    ADD CONSTRAINT duplicate_candidates_pair_key UNIQUE (lead_id, match_lead_id);


--
-- Name: duplicate_candidates duplicate_candidates_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.duplicate_candidates
    ADD CONSTRAINT duplicate_candidates_pkey PRIMARY KEY (id);


--
-- Name: duplicate_counts duplicate_counts_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.duplicate_counts
    ADD CONSTRAINT duplicate_counts_pkey PRIMARY KEY (shard);


--
-- Name: event_queue event_queue_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.event_queue
    ADD CONSTRAINT event_queue_pkey PRIMARY KEY (id);


--
-- Name: events events_external_id_source_key; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.events
    ADD CONSTRAINT events_external_id_source_key UNIQUE (external_id, source);


--
-- Name: events events_idempotency_key_key; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.events
    ADD CONSTRAINT events_idempotency_key_key UNIQUE (idempotency_key);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);


--
-- Name: kept_keys kept_keys_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.kept_keys
    ADD CONSTRAINT kept_keys_pkey PRIMARY KEY (source, external_id);


--
-- Name: leads leads_event_id_key; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.leads
    ADD CONSTRAINT leads_event_id_key UNIQUE (event_id);


--
-- Name: leads leads_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.leads
    ADD CONSTRAINT leads_pkey PRIMARY KEY (id);


--
-- Name: poll_sources poll_sources_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.poll_sources
    ADD CONSTRAINT poll_sources_pkey PRIMARY KEY (source);


--
-- Name: refusals refusals_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.refusals
    ADD CONSTRAINT refusals_pkey PRIMARY KEY (day, source, reason);


--
-- Name: schema_version schema_version_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.schema_version
    ADD CONSTRAINT schema_version_pkey PRIMARY KEY (version);


--
-- Name: settings settings_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (one);


--
-- Name: source_retention source_retention_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.source_retention
    ADD CONSTRAINT source_retention_pkey PRIMARY KEY (source);


--
-- Name: source_settings source_settings_pkey; Type: CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.source_settings
    ADD CONSTRAINT source_settings_pkey PRIMARY KEY (source);


--
-- Name: actions_episode_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX actions_episode_idx ON inbox.actions USING btree (episode_id) WHERE (episode_id IS NOT NULL);


--
-- Name: actions_event_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX actions_event_idx ON inbox.actions USING btree (event_id, id);


--
-- Name: alert_episodes_open_key; Type: INDEX; Schema: inbox; Owner: -
--

CREATE UNIQUE INDEX alert_episodes_open_key ON inbox.alert_episodes USING btree (rule_id, scope_key) WHERE (resolved_at IS NULL);


--
-- Name: alert_episodes_rule_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX alert_episodes_rule_idx ON inbox.alert_episodes USING btree (rule_id, fired_at);


--
-- Name: alert_episodes_settled_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX alert_episodes_settled_idx ON inbox.alert_episodes USING btree (settled_at) WHERE (settled_at IS NOT NULL);


--
-- Name: alert_episodes_unsettled_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX alert_episodes_unsettled_idx ON inbox.alert_episodes USING btree (id) WHERE (settled_at IS NULL);


--
-- Name: alert_rules_live_name_key; Type: INDEX; Schema: inbox; Owner: -
--

CREATE UNIQUE INDEX alert_rules_live_name_key ON inbox.alert_rules USING btree (name) WHERE (removed_at IS NULL);


--
-- Name: conflict_bodies_event_fingerprint_key; Type: INDEX; Schema: inbox; Owner: -
--

CREATE UNIQUE INDEX conflict_bodies_event_fingerprint_key ON inbox.conflict_bodies USING btree (event_id, fingerprint);


--
-- Name: conflict_bodies_event_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX conflict_bodies_event_idx ON inbox.conflict_bodies USING btree (event_id, id);


--
-- Name: delivery_attempts_destination_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX delivery_attempts_destination_idx ON inbox.delivery_attempts USING btree (destination, id);


--
-- Name: delivery_attempts_event_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX delivery_attempts_event_idx ON inbox.delivery_attempts USING btree (event_id, id);


--
-- Name: duplicate_candidates_created_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX duplicate_candidates_created_idx ON inbox.duplicate_candidates USING btree (created_at);


--
-- Name: duplicate_candidates_decided_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX duplicate_candidates_decided_idx ON inbox.duplicate_candidates USING btree (decided_at, decided_by) WHERE (decided_at IS NOT NULL);


--
-- Name: duplicate_candidates_match_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX duplicate_candidates_match_idx ON inbox.duplicate_candidates USING btree (match_lead_id);


--
-- Name: duplicate_candidates_open_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX duplicate_candidates_open_idx ON inbox.duplicate_candidates USING btree (created_at, id) WHERE (status = 'open'::text);


--
-- Name: duplicate_candidates_open_lead_channel_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX duplicate_candidates_open_lead_channel_idx ON inbox.duplicate_candidates USING btree (lead_channel, created_at, id) WHERE (status = 'open'::text);


--
-- Name: duplicate_candidates_open_match_channel_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX duplicate_candidates_open_match_channel_idx ON inbox.duplicate_candidates USING btree (match_channel, created_at, id) WHERE (status = 'open'::text);


--
-- Name: duplicate_candidates_open_reasons_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX duplicate_candidates_open_reasons_idx ON inbox.duplicate_candidates USING gin (reasons) WHERE (status = 'open'::text);


--
-- Name: duplicate_candidates_open_weak_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX duplicate_candidates_open_weak_idx ON inbox.duplicate_candidates USING btree (created_at, id) WHERE ((status = 'open'::text) AND weak);


--
-- Name: event_queue_due_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX event_queue_due_idx ON inbox.event_queue USING btree (next_attempt_at, id) WHERE (status = 'received'::text);


--
-- Name: event_queue_processing_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX event_queue_processing_idx ON inbox.event_queue USING btree (locked_at, id) WHERE (status = 'processing'::text);


--
-- Name: event_queue_source_status_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX event_queue_source_status_idx ON inbox.event_queue USING btree (source, status, received_at DESC, id DESC);


--
-- Name: event_queue_status_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX event_queue_status_idx ON inbox.event_queue USING btree (status, received_at DESC, id DESC);


--
-- Name: events_kind_received_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX events_kind_received_idx ON inbox.events USING btree (kind, received_at DESC, id DESC);


--
-- Name: events_received_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX events_received_idx ON inbox.events USING btree (received_at DESC, id DESC);


--
-- Name: events_review_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX events_review_idx ON inbox.events USING btree (received_at DESC, id DESC) WHERE (needs_review IS NOT NULL);


--
-- Name: events_source_received_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX events_source_received_idx ON inbox.events USING btree (source, received_at DESC, id DESC);


--
-- Name: journal_person_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX journal_person_idx ON ONLY inbox.journal USING btree (at DESC, id DESC) WHERE by_person;


--
-- Name: journal_default_at_id_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX journal_default_at_id_idx ON inbox.journal_default USING btree (at DESC, id DESC) WHERE by_person;


--
-- Name: journal_event_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX journal_event_idx ON ONLY inbox.journal USING btree (event_id, id);


--
-- Name: journal_default_event_id_id_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX journal_default_event_id_id_idx ON inbox.journal_default USING btree (event_id, id);


--
-- Name: journal_id_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX journal_id_idx ON ONLY inbox.journal USING btree (id);


--
-- Name: journal_default_id_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX journal_default_id_idx ON inbox.journal_default USING btree (id);


--
-- Name: leads_email_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX leads_email_idx ON inbox.leads USING btree (email_norm, created_at) WHERE (email_norm IS NOT NULL);


--
-- Name: leads_external_id_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX leads_external_id_idx ON inbox.leads USING btree (external_id);


--
-- Name: leads_merged_into_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX leads_merged_into_idx ON inbox.leads USING btree (merged_into) WHERE (merged_into IS NOT NULL);


--
-- Name: leads_name_key_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX leads_name_key_idx ON inbox.leads USING btree (inbox._name_key(name) COLLATE "C", event_id);


--
-- Name: leads_open_deal_email_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX leads_open_deal_email_idx ON inbox.leads USING btree (email_norm) WHERE (deal_open AND (email_norm IS NOT NULL));


--
-- Name: leads_open_deal_phone_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX leads_open_deal_phone_idx ON inbox.leads USING btree (phone_norm) WHERE (deal_open AND (phone_norm IS NOT NULL));


--
-- Name: leads_open_deal_ref_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX leads_open_deal_ref_idx ON inbox.leads USING btree (deal_ref) WHERE deal_open;


--
-- Name: leads_phone_idx; Type: INDEX; Schema: inbox; Owner: -
--

CREATE INDEX leads_phone_idx ON inbox.leads USING btree (phone_norm, created_at) WHERE (phone_norm IS NOT NULL);


--
-- Name: journal_default_at_id_idx; Type: INDEX ATTACH; Schema: inbox; Owner: -
--

ALTER INDEX inbox.journal_person_idx ATTACH PARTITION inbox.journal_default_at_id_idx;


--
-- Name: journal_default_event_id_id_idx; Type: INDEX ATTACH; Schema: inbox; Owner: -
--

ALTER INDEX inbox.journal_event_idx ATTACH PARTITION inbox.journal_default_event_id_id_idx;


--
-- Name: journal_default_id_idx; Type: INDEX ATTACH; Schema: inbox; Owner: -
--

ALTER INDEX inbox.journal_id_idx ATTACH PARTITION inbox.journal_default_id_idx;


--
-- Name: baseline_rows baseline_rows_have_baseline_insert; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER baseline_rows_have_baseline_insert AFTER INSERT ON inbox.baseline_rows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._baseline_rows_have_baseline();


--
-- Name: baseline_rows baseline_rows_have_baseline_update; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER baseline_rows_have_baseline_update AFTER UPDATE ON inbox.baseline_rows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._baseline_rows_have_baseline();


--
-- Name: baselines baselines_delete_rows; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER baselines_delete_rows AFTER DELETE ON inbox.baselines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._baselines_delete_rows();


--
-- Name: duplicate_candidates duplicate_candidates_channels; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER duplicate_candidates_channels BEFORE INSERT ON inbox.duplicate_candidates FOR EACH ROW EXECUTE FUNCTION inbox._candidate_channels();


--
-- Name: duplicate_candidates duplicate_candidates_count_del; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER duplicate_candidates_count_del AFTER DELETE ON inbox.duplicate_candidates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_open_duplicates();


--
-- Name: duplicate_candidates duplicate_candidates_count_ins; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER duplicate_candidates_count_ins AFTER INSERT ON inbox.duplicate_candidates REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_open_duplicates();


--
-- Name: duplicate_candidates duplicate_candidates_count_upd; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER duplicate_candidates_count_upd AFTER UPDATE ON inbox.duplicate_candidates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_open_duplicates();


--
-- Name: events events_queue_del; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER events_queue_del AFTER DELETE ON inbox.events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._queue_delete();


--
-- Name: events events_queue_ins; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER events_queue_ins AFTER INSERT ON inbox.events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((current_setting('inbox.rows_inline'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION inbox._queue_insert();


--
-- Name: events events_queue_upd; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER events_queue_upd AFTER UPDATE ON inbox.events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._queue_update();


--
-- Name: events events_track_status_del; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER events_track_status_del AFTER DELETE ON inbox.events REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_status_delete();


--
-- Name: events events_track_status_ins; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER events_track_status_ins AFTER INSERT ON inbox.events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT WHEN ((current_setting('inbox.rows_inline'::text, true) IS DISTINCT FROM 'on'::text)) EXECUTE FUNCTION inbox._track_status_insert();


--
-- Name: events events_track_status_upd; Type: TRIGGER; Schema: inbox; Owner: -
--

CREATE TRIGGER events_track_status_upd AFTER UPDATE ON inbox.events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_status_update();


--
-- Name: actions actions_episode_id_fkey; Type: FK CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.actions
    ADD CONSTRAINT actions_episode_id_fkey FOREIGN KEY (episode_id) REFERENCES inbox.alert_episodes(id);


--
-- Name: actions actions_event_id_fkey; Type: FK CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.actions
    ADD CONSTRAINT actions_event_id_fkey FOREIGN KEY (event_id) REFERENCES inbox.events(id) ON DELETE CASCADE;


--
-- Name: alert_episodes alert_episodes_rule_id_fkey; Type: FK CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.alert_episodes
    ADD CONSTRAINT alert_episodes_rule_id_fkey FOREIGN KEY (rule_id) REFERENCES inbox.alert_rules(id);


--
-- Name: conflict_bodies conflict_bodies_event_id_fkey; Type: FK CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.conflict_bodies
    ADD CONSTRAINT conflict_bodies_event_id_fkey FOREIGN KEY (event_id) REFERENCES inbox.events(id) ON DELETE CASCADE;


--
-- Name: delivery_attempts delivery_attempts_event_id_fkey; Type: FK CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.delivery_attempts
    ADD CONSTRAINT delivery_attempts_event_id_fkey FOREIGN KEY (event_id) REFERENCES inbox.events(id) ON DELETE CASCADE;


--
-- Name: duplicate_candidates duplicate_candidates_lead_id_fkey; Type: FK CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.duplicate_candidates
    ADD CONSTRAINT duplicate_candidates_lead_id_fkey FOREIGN KEY (lead_id) REFERENCES inbox.leads(id);


--
-- Name: duplicate_candidates duplicate_candidates_match_lead_id_fkey; Type: FK CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.duplicate_candidates
    ADD CONSTRAINT duplicate_candidates_match_lead_id_fkey FOREIGN KEY (match_lead_id) REFERENCES inbox.leads(id);


--
-- Name: leads leads_merged_into_fkey; Type: FK CONSTRAINT; Schema: inbox; Owner: -
--

ALTER TABLE ONLY inbox.leads
    ADD CONSTRAINT leads_merged_into_fkey FOREIGN KEY (merged_into) REFERENCES inbox.leads(id);


--
-- Name: SCHEMA inbox; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA inbox TO inbox_ingest;
GRANT USAGE ON SCHEMA inbox TO inbox_worker;
GRANT USAGE ON SCHEMA inbox TO inbox_support;
GRANT USAGE ON SCHEMA inbox TO inbox_report;


--
-- Name: TABLE alert_rules; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.alert_rules TO inbox_support;


--
-- Name: FUNCTION _alert_close_episodes(p_rule inbox.alert_rules, p_reason text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_close_episodes(p_rule inbox.alert_rules, p_reason text) FROM PUBLIC;


--
-- Name: FUNCTION _alert_flag(p_params jsonb, p_kind text, p_key text, p_default boolean); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_flag(p_params jsonb, p_kind text, p_key text, p_default boolean) FROM PUBLIC;


--
-- Name: FUNCTION _alert_key_chat(p_key text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_key_chat(p_key text) FROM PUBLIC;


--
-- Name: FUNCTION _alert_key_no(p_key text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_key_no(p_key text) FROM PUBLIC;


--
-- Name: TABLE alert_episodes; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.alert_episodes TO inbox_support;


--
-- Name: FUNCTION _alert_message_kind(e inbox.alert_episodes, p_no integer); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_message_kind(e inbox.alert_episodes, p_no integer) FROM PUBLIC;


--
-- Name: FUNCTION _alert_next_message(e inbox.alert_episodes, r inbox.alert_rules); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_next_message(e inbox.alert_episodes, r inbox.alert_rules) FROM PUBLIC;


--
-- Name: FUNCTION _alert_owes(e inbox.alert_episodes, r inbox.alert_rules); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_owes(e inbox.alert_episodes, r inbox.alert_rules) FROM PUBLIC;


--
-- Name: FUNCTION _alert_param(p_params jsonb, p_kind text, p_key text, p_whole boolean, p_lo numeric, p_hi numeric, p_default numeric); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_param(p_params jsonb, p_kind text, p_key text, p_whole boolean, p_lo numeric, p_hi numeric, p_default numeric) FROM PUBLIC;


--
-- Name: FUNCTION _alert_params(p_kind text, p_params jsonb); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_params(p_kind text, p_params jsonb) FROM PUBLIC;


--
-- Name: FUNCTION _alert_resolved_owed(e inbox.alert_episodes, r inbox.alert_rules, p_chat text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_resolved_owed(e inbox.alert_episodes, r inbox.alert_rules, p_chat text) FROM PUBLIC;


--
-- Name: FUNCTION _alert_rule_json(r inbox.alert_rules); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_rule_json(r inbox.alert_rules) FROM PUBLIC;


--
-- Name: FUNCTION _alert_settle(p_episode_id bigint); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._alert_settle(p_episode_id bigint) FROM PUBLIC;


--
-- Name: FUNCTION _baseline_chains(p_baseline_id bigint, p_window interval, p_kind text, p_key text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._baseline_chains(p_baseline_id bigint, p_window interval, p_kind text, p_key text) FROM PUBLIC;


--
-- Name: FUNCTION _baseline_dups(p_baseline_id bigint, p_window interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._baseline_dups(p_baseline_id bigint, p_window interval) FROM PUBLIC;


--
-- Name: FUNCTION _baseline_rows_have_baseline(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._baseline_rows_have_baseline() FROM PUBLIC;


--
-- Name: FUNCTION _baselines_delete_rows(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._baselines_delete_rows() FROM PUBLIC;


--
-- Name: FUNCTION _bump_daily(p_source text, p_received integer, p_repeats integer, p_conflicts integer, p_done integer, p_failed integer, p_requeued integer); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._bump_daily(p_source text, p_received integer, p_repeats integer, p_conflicts integer, p_done integer, p_failed integer, p_requeued integer) FROM PUBLIC;


--
-- Name: FUNCTION _candidate_channels(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._candidate_channels() FROM PUBLIC;


--
-- Name: FUNCTION _check_baseline(p_baseline_id bigint, p_window interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._check_baseline(p_baseline_id bigint, p_window interval) FROM PUBLIC;


--
-- Name: FUNCTION _check_name(p_value text, p_arg text, p_max integer); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._check_name(p_value text, p_arg text, p_max integer) FROM PUBLIC;


--
-- Name: FUNCTION _check_period(p_from date, p_to date); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._check_period(p_from date, p_to date) FROM PUBLIC;


--
-- Name: FUNCTION _check_poll_args(p_poller text, p_source text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._check_poll_args(p_poller text, p_source text) FROM PUBLIC;


--
-- Name: FUNCTION _fold_counters(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._fold_counters() FROM PUBLIC;


--
-- Name: FUNCTION _fold_counters_now(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._fold_counters_now() FROM PUBLIC;


--
-- Name: FUNCTION _kept_repeat(p_source text, p_external_id text, p_body bytea, p_fp text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._kept_repeat(p_source text, p_external_id text, p_body bytea, p_fp text) FROM PUBLIC;


--
-- Name: FUNCTION _notify(p_topic text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._notify(p_topic text) FROM PUBLIC;


--
-- Name: FUNCTION _queue_delete(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._queue_delete() FROM PUBLIC;


--
-- Name: FUNCTION _queue_insert(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._queue_insert() FROM PUBLIC;


--
-- Name: FUNCTION _queue_update(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._queue_update() FROM PUBLIC;


--
-- Name: FUNCTION _retry_delay(p_attempt integer); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._retry_delay(p_attempt integer) FROM PUBLIC;


--
-- Name: FUNCTION _track_open_duplicates(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._track_open_duplicates() FROM PUBLIC;


--
-- Name: FUNCTION _track_status_delete(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._track_status_delete() FROM PUBLIC;


--
-- Name: FUNCTION _track_status_insert(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._track_status_insert() FROM PUBLIC;


--
-- Name: FUNCTION _track_status_update(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._track_status_update() FROM PUBLIC;


--
-- Name: FUNCTION _utc_midnight(p_day date); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox._utc_midnight(p_day date) FROM PUBLIC;


--
-- Name: FUNCTION accept(p_source text, p_external_id text, p_body bytea, p_content_type text, p_occurred_at timestamp with time zone, p_kind text, p_fingerprint text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.accept(p_source text, p_external_id text, p_body bytea, p_content_type text, p_occurred_at timestamp with time zone, p_kind text, p_fingerprint text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.accept(p_source text, p_external_id text, p_body bytea, p_content_type text, p_occurred_at timestamp with time zone, p_kind text, p_fingerprint text) TO inbox_ingest;


--
-- Name: FUNCTION accept_many(p_sources text[], p_external_ids text[], p_bodies bytea[], p_content_types text[], p_occurred_ats timestamp with time zone[], p_kinds text[], p_fingerprints text[]); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.accept_many(p_sources text[], p_external_ids text[], p_bodies bytea[], p_content_types text[], p_occurred_ats timestamp with time zone[], p_kinds text[], p_fingerprints text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.accept_many(p_sources text[], p_external_ids text[], p_bodies bytea[], p_content_types text[], p_occurred_ats timestamp with time zone[], p_kinds text[], p_fingerprints text[]) TO inbox_ingest;


--
-- Name: FUNCTION acknowledge_alert(p_episode_id bigint, p_note text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.acknowledge_alert(p_episode_id bigint, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.acknowledge_alert(p_episode_id bigint, p_note text) TO inbox_operator;


--
-- Name: FUNCTION baseline_daily(p_baseline_id bigint, p_window interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.baseline_daily(p_baseline_id bigint, p_window interval) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.baseline_daily(p_baseline_id bigint, p_window interval) TO inbox_report;


--
-- Name: FUNCTION baseline_group_rows(p_baseline_id bigint, p_kind text, p_key text, p_first_line integer, p_window interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.baseline_group_rows(p_baseline_id bigint, p_kind text, p_key text, p_first_line integer, p_window interval) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.baseline_group_rows(p_baseline_id bigint, p_kind text, p_key text, p_first_line integer, p_window interval) TO inbox_report;


--
-- Name: FUNCTION baseline_groups(p_baseline_id bigint, p_window interval, p_kind text, p_limit integer); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.baseline_groups(p_baseline_id bigint, p_window interval, p_kind text, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.baseline_groups(p_baseline_id bigint, p_window interval, p_kind text, p_limit integer) TO inbox_report;


--
-- Name: FUNCTION baseline_list(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.baseline_list() FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.baseline_list() TO inbox_report;


--
-- Name: FUNCTION baseline_summary(p_baseline_id bigint, p_window interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.baseline_summary(p_baseline_id bigint, p_window interval) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.baseline_summary(p_baseline_id bigint, p_window interval) TO inbox_report;


--
-- Name: FUNCTION begin_action(p_event_id bigint, p_kind text, p_operation_key text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.begin_action(p_event_id bigint, p_kind text, p_operation_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.begin_action(p_event_id bigint, p_kind text, p_operation_key text) TO inbox_worker;


--
-- Name: FUNCTION begin_alert_message(p_episode_id bigint, p_message_no integer, p_chat_id text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.begin_alert_message(p_episode_id bigint, p_message_no integer, p_chat_id text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.begin_alert_message(p_episode_id bigint, p_message_no integer, p_chat_id text) TO inbox_alerts;


--
-- Name: FUNCTION begin_baseline_copy(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.begin_baseline_copy() FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.begin_baseline_copy() TO inbox_manager;


--
-- Name: TABLE events; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.events TO inbox_support;


--
-- Name: FUNCTION claim(p_worker text, p_limit integer, p_lock_timeout interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.claim(p_worker text, p_limit integer, p_lock_timeout interval) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.claim(p_worker text, p_limit integer, p_lock_timeout interval) TO inbox_worker;


--
-- Name: FUNCTION claim_routed(p_worker text, p_limit integer, p_sources text[], p_kinds text[], p_order_separator text, p_lock_timeout interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.claim_routed(p_worker text, p_limit integer, p_sources text[], p_kinds text[], p_order_separator text, p_lock_timeout interval) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.claim_routed(p_worker text, p_limit integer, p_sources text[], p_kinds text[], p_order_separator text, p_lock_timeout interval) TO inbox_worker;


--
-- Name: FUNCTION close_deal(p_deal_ref text, p_worker text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.close_deal(p_deal_ref text, p_worker text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.close_deal(p_deal_ref text, p_worker text) TO inbox_worker;


--
-- Name: FUNCTION complete(p_event_id bigint, p_worker text, p_result jsonb); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.complete(p_event_id bigint, p_worker text, p_result jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.complete(p_event_id bigint, p_worker text, p_result jsonb) TO inbox_worker;


--
-- Name: FUNCTION complete(p_event_id bigint, p_worker text, p_lock_token bigint, p_result jsonb); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.complete(p_event_id bigint, p_worker text, p_lock_token bigint, p_result jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.complete(p_event_id bigint, p_worker text, p_lock_token bigint, p_result jsonb) TO inbox_worker;


--
-- Name: FUNCTION complete_many(p_event_ids bigint[], p_worker text, p_results jsonb[]); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.complete_many(p_event_ids bigint[], p_worker text, p_results jsonb[]) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.complete_many(p_event_ids bigint[], p_worker text, p_results jsonb[]) TO inbox_worker;


--
-- Name: FUNCTION complete_many(p_event_ids bigint[], p_worker text, p_lock_tokens bigint[], p_results jsonb[]); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.complete_many(p_event_ids bigint[], p_worker text, p_lock_tokens bigint[], p_results jsonb[]) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.complete_many(p_event_ids bigint[], p_worker text, p_lock_tokens bigint[], p_results jsonb[]) TO inbox_worker;


--
-- Name: FUNCTION configure(p_lock_timeout interval, p_max_attempts integer, p_deal_max_age interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.configure(p_lock_timeout interval, p_max_attempts integer, p_deal_max_age interval) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.configure(p_lock_timeout interval, p_max_attempts integer, p_deal_max_age interval) TO inbox_manager;


--
-- Name: FUNCTION count_refusals(p_sources text[], p_reasons text[], p_counts integer[], p_statuses integer[]); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.count_refusals(p_sources text[], p_reasons text[], p_counts integer[], p_statuses integer[]) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.count_refusals(p_sources text[], p_reasons text[], p_counts integer[], p_statuses integer[]) TO inbox_ingest;


--
-- Name: FUNCTION decide_duplicate(p_candidate_id bigint, p_decision text, p_note text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.decide_duplicate(p_candidate_id bigint, p_decision text, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.decide_duplicate(p_candidate_id bigint, p_decision text, p_note text) TO inbox_manager;


--
-- Name: FUNCTION delete_baseline(p_baseline_id bigint); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.delete_baseline(p_baseline_id bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.delete_baseline(p_baseline_id bigint) TO inbox_manager;


--
-- Name: FUNCTION due_alert_messages(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.due_alert_messages() FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.due_alert_messages() TO inbox_alerts;


--
-- Name: FUNCTION fail(p_event_id bigint, p_worker text, p_error text, p_retryable boolean); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_error text, p_retryable boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_error text, p_retryable boolean) TO inbox_worker;


--
-- Name: FUNCTION fail(p_event_id bigint, p_worker text, p_lock_token bigint, p_error text, p_retryable boolean); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_lock_token bigint, p_error text, p_retryable boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.fail(p_event_id bigint, p_worker text, p_lock_token bigint, p_error text, p_retryable boolean) TO inbox_worker;


--
-- Name: FUNCTION finish_action(p_action_id bigint, p_ok boolean, p_result jsonb); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.finish_action(p_action_id bigint, p_ok boolean, p_result jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.finish_action(p_action_id bigint, p_ok boolean, p_result jsonb) TO inbox_worker;


--
-- Name: FUNCTION finish_alert_message(p_action_id bigint, p_ok boolean, p_result jsonb); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.finish_alert_message(p_action_id bigint, p_ok boolean, p_result jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.finish_alert_message(p_action_id bigint, p_ok boolean, p_result jsonb) TO inbox_alerts;


--
-- Name: FUNCTION finish_deliveries(p_worker text, p_destination text, p_event_ids bigint[], p_lock_tokens bigint[], p_outcomes text[], p_http_statuses integer[], p_answers text[], p_durations_ms integer[], p_errors text[]); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.finish_deliveries(p_worker text, p_destination text, p_event_ids bigint[], p_lock_tokens bigint[], p_outcomes text[], p_http_statuses integer[], p_answers text[], p_durations_ms integer[], p_errors text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.finish_deliveries(p_worker text, p_destination text, p_event_ids bigint[], p_lock_tokens bigint[], p_outcomes text[], p_http_statuses integer[], p_answers text[], p_durations_ms integer[], p_errors text[]) TO inbox_worker;


--
-- Name: FUNCTION finish_delivery(p_event_id bigint, p_worker text, p_lock_token bigint, p_destination text, p_outcome text, p_http_status integer, p_answer text, p_duration_ms integer, p_error text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.finish_delivery(p_event_id bigint, p_worker text, p_lock_token bigint, p_destination text, p_outcome text, p_http_status integer, p_answer text, p_duration_ms integer, p_error text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.finish_delivery(p_event_id bigint, p_worker text, p_lock_token bigint, p_destination text, p_outcome text, p_http_status integer, p_answer text, p_duration_ms integer, p_error text) TO inbox_worker;


--
-- Name: FUNCTION fire_alert(p_rule_id bigint, p_scope_key text, p_summary jsonb); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.fire_alert(p_rule_id bigint, p_scope_key text, p_summary jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.fire_alert(p_rule_id bigint, p_scope_key text, p_summary jsonb) TO inbox_alerts;


--
-- Name: FUNCTION flag_review(p_event_id bigint, p_worker text, p_reason text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.flag_review(p_event_id bigint, p_worker text, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.flag_review(p_event_id bigint, p_worker text, p_reason text) TO inbox_worker;


--
-- Name: FUNCTION flag_review(p_event_id bigint, p_worker text, p_lock_token bigint, p_reason text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.flag_review(p_event_id bigint, p_worker text, p_lock_token bigint, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.flag_review(p_event_id bigint, p_worker text, p_lock_token bigint, p_reason text) TO inbox_worker;


--
-- Name: FUNCTION heartbeat(p_event_id bigint, p_worker text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.heartbeat(p_event_id bigint, p_worker text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.heartbeat(p_event_id bigint, p_worker text) TO inbox_worker;


--
-- Name: FUNCTION heartbeat(p_event_id bigint, p_worker text, p_lock_token bigint); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.heartbeat(p_event_id bigint, p_worker text, p_lock_token bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.heartbeat(p_event_id bigint, p_worker text, p_lock_token bigint) TO inbox_worker;


--
-- Name: FUNCTION import_baseline(p_name text, p_file_name text, p_layout_name text, p_unreadable_lines integer, p_lines integer[], p_sources text[], p_external_ids text[], p_created_ats timestamp with time zone[], p_phones text[], p_emails text[], p_names text[]); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.import_baseline(p_name text, p_file_name text, p_layout_name text, p_unreadable_lines integer, p_lines integer[], p_sources text[], p_external_ids text[], p_created_ats timestamp with time zone[], p_phones text[], p_emails text[], p_names text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.import_baseline(p_name text, p_file_name text, p_layout_name text, p_unreadable_lines integer, p_lines integer[], p_sources text[], p_external_ids text[], p_created_ats timestamp with time zone[], p_phones text[], p_emails text[], p_names text[]) TO inbox_manager;


--
-- Name: FUNCTION import_baseline_copy(p_name text, p_file_name text, p_layout_name text, p_unreadable_lines integer); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.import_baseline_copy(p_name text, p_file_name text, p_layout_name text, p_unreadable_lines integer) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.import_baseline_copy(p_name text, p_file_name text, p_layout_name text, p_unreadable_lines integer) TO inbox_manager;


--
-- Name: FUNCTION journal_partitions(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.journal_partitions() FROM PUBLIC;


--
-- Name: FUNCTION journal_partitions_ensure(p_from date, p_to date); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.journal_partitions_ensure(p_from date, p_to date) FROM PUBLIC;


--
-- Name: FUNCTION max_attempts(p_source text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.max_attempts(p_source text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.max_attempts(p_source text) TO inbox_ingest;
GRANT ALL ON FUNCTION inbox.max_attempts(p_source text) TO inbox_worker;
GRANT ALL ON FUNCTION inbox.max_attempts(p_source text) TO inbox_support;


--
-- Name: FUNCTION open_duplicates(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.open_duplicates() FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.open_duplicates() TO inbox_support;


--
-- Name: FUNCTION pause_destination(p_destination text, p_reason text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.pause_destination(p_destination text, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.pause_destination(p_destination text, p_reason text) TO inbox_operator;


--
-- Name: FUNCTION poll_failed(p_poller text, p_source text, p_error text, p_http_status integer, p_stop boolean); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.poll_failed(p_poller text, p_source text, p_error text, p_http_status integer, p_stop boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.poll_failed(p_poller text, p_source text, p_error text, p_http_status integer, p_stop boolean) TO inbox_ingest;


--
-- Name: FUNCTION poll_open(p_poller text, p_source text, p_adapter text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.poll_open(p_poller text, p_source text, p_adapter text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.poll_open(p_poller text, p_source text, p_adapter text) TO inbox_ingest;


--
-- Name: FUNCTION poll_store(p_poller text, p_source text, p_external_ids text[], p_bodies bytea[], p_occurred_ats timestamp with time zone[], p_kinds text[], p_fingerprints text[], p_cursor jsonb, p_poll_done boolean, p_window_end timestamp with time zone); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.poll_store(p_poller text, p_source text, p_external_ids text[], p_bodies bytea[], p_occurred_ats timestamp with time zone[], p_kinds text[], p_fingerprints text[], p_cursor jsonb, p_poll_done boolean, p_window_end timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.poll_store(p_poller text, p_source text, p_external_ids text[], p_bodies bytea[], p_occurred_ats timestamp with time zone[], p_kinds text[], p_fingerprints text[], p_cursor jsonb, p_poll_done boolean, p_window_end timestamp with time zone) TO inbox_ingest;


--
-- Name: FUNCTION prune(p_older_than interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.prune(p_older_than interval) FROM PUBLIC;


--
-- Name: FUNCTION prune_alerts(p_older_than interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.prune_alerts(p_older_than interval) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.prune_alerts(p_older_than interval) TO inbox_alerts;


--
-- Name: FUNCTION prune_journal(p_older_than interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.prune_journal(p_older_than interval) FROM PUBLIC;


--
-- Name: FUNCTION record_lead(p_event_id bigint, p_phone text, p_email text, p_name text, p_summary text, p_deal_ref text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.record_lead(p_event_id bigint, p_phone text, p_email text, p_name text, p_summary text, p_deal_ref text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.record_lead(p_event_id bigint, p_phone text, p_email text, p_name text, p_summary text, p_deal_ref text) TO inbox_worker;


--
-- Name: FUNCTION remeasure(p_from date, p_to date); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.remeasure(p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.remeasure(p_from date, p_to date) TO inbox_report;


--
-- Name: FUNCTION remeasure_reasons(p_from date, p_to date); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.remeasure_reasons(p_from date, p_to date) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.remeasure_reasons(p_from date, p_to date) TO inbox_report;


--
-- Name: FUNCTION remove_alert_rule(p_id bigint, p_note text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.remove_alert_rule(p_id bigint, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.remove_alert_rule(p_id bigint, p_note text) TO inbox_manager;


--
-- Name: FUNCTION report_destination(p_worker text, p_destination text, p_state text, p_error text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.report_destination(p_worker text, p_destination text, p_state text, p_error text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.report_destination(p_worker text, p_destination text, p_state text, p_error text) TO inbox_worker;


--
-- Name: FUNCTION requeue(p_event_ids bigint[], p_reason text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.requeue(p_event_ids bigint[], p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.requeue(p_event_ids bigint[], p_reason text) TO inbox_operator;


--
-- Name: FUNCTION resolve_alert(p_rule_id bigint, p_scope_key text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.resolve_alert(p_rule_id bigint, p_scope_key text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.resolve_alert(p_rule_id bigint, p_scope_key text) TO inbox_alerts;


--
-- Name: FUNCTION resolve_review(p_event_ids bigint[], p_resolution text, p_note text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.resolve_review(p_event_ids bigint[], p_resolution text, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.resolve_review(p_event_ids bigint[], p_resolution text, p_note text) TO inbox_operator;


--
-- Name: FUNCTION resume_destination(p_destination text, p_reason text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.resume_destination(p_destination text, p_reason text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.resume_destination(p_destination text, p_reason text) TO inbox_operator;


--
-- Name: FUNCTION route_backlog(p_sources text[]); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.route_backlog(p_sources text[]) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.route_backlog(p_sources text[]) TO inbox_worker;
GRANT ALL ON FUNCTION inbox.route_backlog(p_sources text[]) TO inbox_support;


--
-- Name: FUNCTION schema_version(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.schema_version() FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.schema_version() TO inbox_ingest;
GRANT ALL ON FUNCTION inbox.schema_version() TO inbox_worker;
GRANT ALL ON FUNCTION inbox.schema_version() TO inbox_support;


--
-- Name: FUNCTION set_alert_rule(p_id bigint, p_name text, p_kind text, p_params jsonb, p_severity text, p_sources text[], p_chat_ids text[], p_repeat_interval interval, p_send_resolved boolean, p_enabled boolean); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.set_alert_rule(p_id bigint, p_name text, p_kind text, p_params jsonb, p_severity text, p_sources text[], p_chat_ids text[], p_repeat_interval interval, p_send_resolved boolean, p_enabled boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.set_alert_rule(p_id bigint, p_name text, p_kind text, p_params jsonb, p_severity text, p_sources text[], p_chat_ids text[], p_repeat_interval interval, p_send_resolved boolean, p_enabled boolean) TO inbox_manager;


--
-- Name: FUNCTION set_source_max_attempts(p_source text, p_max_attempts integer); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.set_source_max_attempts(p_source text, p_max_attempts integer) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.set_source_max_attempts(p_source text, p_max_attempts integer) TO inbox_manager;


--
-- Name: FUNCTION set_source_retention(p_source text, p_days integer, p_keep boolean); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.set_source_retention(p_source text, p_days integer, p_keep boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.set_source_retention(p_source text, p_days integer, p_keep boolean) TO inbox_manager;


--
-- Name: FUNCTION settings(); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.settings() FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.settings() TO inbox_ingest;
GRANT ALL ON FUNCTION inbox.settings() TO inbox_worker;
GRANT ALL ON FUNCTION inbox.settings() TO inbox_support;


--
-- Name: FUNCTION silence_alert_rule(p_id bigint, p_until timestamp with time zone, p_note text); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.silence_alert_rule(p_id bigint, p_until timestamp with time zone, p_note text) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.silence_alert_rule(p_id bigint, p_until timestamp with time zone, p_note text) TO inbox_manager;


--
-- Name: FUNCTION stats_daily(p_days integer); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.stats_daily(p_days integer) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.stats_daily(p_days integer) TO inbox_support;


--
-- Name: FUNCTION stats_now(p_lock_timeout interval); Type: ACL; Schema: inbox; Owner: -
--

REVOKE ALL ON FUNCTION inbox.stats_now(p_lock_timeout interval) FROM PUBLIC;
GRANT ALL ON FUNCTION inbox.stats_now(p_lock_timeout interval) TO inbox_support;


--
-- Name: TABLE actions; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.actions TO inbox_support;


--
-- Name: TABLE conflict_bodies; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.conflict_bodies TO inbox_support;


--
-- Name: TABLE daily_stats; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.daily_stats TO inbox_support;


--
-- Name: TABLE delivery_attempts; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.delivery_attempts TO inbox_support;


--
-- Name: TABLE destinations; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.destinations TO inbox_support;


--
-- Name: TABLE duplicate_candidates; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.duplicate_candidates TO inbox_support;


--
-- Name: TABLE duplicate_counts; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.duplicate_counts TO inbox_support;


--
-- Name: TABLE event_queue; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.event_queue TO inbox_support;


--
-- Name: TABLE journal; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.journal TO inbox_support;


--
-- Name: TABLE journal_default; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.journal_default TO inbox_support;


--
-- Name: TABLE kept_keys; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.kept_keys TO inbox_support;


--
-- Name: TABLE leads; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.leads TO inbox_support;


--
-- Name: TABLE poll_sources; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.poll_sources TO inbox_support;


--
-- Name: TABLE refusals; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.refusals TO inbox_support;


--
-- Name: TABLE schema_version; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.schema_version TO inbox_support;


--
-- Name: TABLE settings; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.settings TO inbox_support;


--
-- Name: TABLE source_retention; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.source_retention TO inbox_support;


--
-- Name: TABLE source_settings; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.source_settings TO inbox_support;


--
-- Name: TABLE status_counts; Type: ACL; Schema: inbox; Owner: -
--

GRANT SELECT ON TABLE inbox.status_counts TO inbox_support;


--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: inbox; Owner: -
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA inbox GRANT SELECT ON TABLES  TO inbox_support;


--
-- PostgreSQL database dump complete
--


