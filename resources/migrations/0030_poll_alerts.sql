-- Migration 30: an alert rule kind for the pull door's sources (issue 34; see docs/contract.md
-- §4.14).
--
-- Since step 29 inbox-poller keeps one row of inbox.poll_sources per polled source. A poller
-- that is not running, a marketplace that keeps answering 5xx, or a token the marketplace
-- refuses (401/403: the source is 'stopped' until the poller is restarted) all look the same
-- from the inbox: nothing new arrives, and silence is also what a quiet shop looks like. A new
-- kind of alert rule, `poll_source`, tells the rule's chats:
--
--   params.minutes  whole 1..10080 (30): the source's last successful poll (last_success_at,
--                   or opened_at if it never succeeded) is older than that
--   params.on_stop  boolean (true): a 'stopped' source (credentials refused) fires at once;
--                   false: a stopped source fires only once it is `minutes` without success
--
-- One episode per polled source (scope_key = the source's name). The rule's `sources` say
-- which polled sources it watches (NULL: every row of inbox.poll_sources, so a source a poller
-- opens later is watched without editing the rule). It resolves once neither holds: a
-- successful poll moves last_success_at, and poll_open turns a stopped source back to
-- 'polling'.
--
-- A name in `sources` that inbox.poll_sources does not hold is NOT refused (unlike a
-- destination rule's destination): a row only appears when a poller first starts with that
-- source in its configuration (poll_open), and a manager sets the rule up alongside that
-- configuration, often before the poller's first start; the rule's sources are also the same
-- free list as every other kind's, which no kind checks against the sources seen. Such a name
-- is watched from the poller's first poll_open on. (A misspelt name never fires, as a misspelt
-- source of any other kind never matches.)
--
-- The evaluator (inbox-alerts, as inbox_alerts, a member of inbox_support) reads
-- inbox.poll_sources, which support already reads: no new grant. No program's needed schema
-- version moves: an older schema has no poll_source rule (the kind CHECK refuses it), so the
-- evaluator never reads poll_sources there.

ALTER TABLE inbox.alert_rules DROP CONSTRAINT alert_rules_kind_check;
ALTER TABLE inbox.alert_rules ADD CONSTRAINT alert_rules_kind_check
    CHECK (kind IN ('stuck', 'failed', 'repeat_share', 'failure_share', 'silent_source',
                    'duplicates_age', 'destination', 'poll_source'));

-- As in step 27, and the poll_source kind's parameters.
CREATE OR REPLACE FUNCTION inbox._alert_params(p_kind text, p_params jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
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


-- As in step 27, and the poll_source kind, whose sources need not be polled yet (see the
-- header). (CREATE OR REPLACE keeps the function's privileges: inbox_manager only.)
CREATE OR REPLACE FUNCTION inbox.set_alert_rule(p_id bigint, p_name text, p_kind text, p_params jsonb,
                                     p_severity text, p_sources text[], p_chat_ids text[],
                                     p_repeat_interval interval DEFAULT interval '4 hours',
                                     p_send_resolved boolean DEFAULT true,
                                     p_enabled boolean DEFAULT true)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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
$$;
