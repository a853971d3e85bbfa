-- Migration 18: alert rules and alert episodes (see docs/contract.md, "Alerts").
--
-- Until now the console's overview knew when the repeat share jumped and Needs attention knew
-- what was stuck, but nobody heard of it unless they were looking. This step keeps, in the
-- database, what an alert evaluator (a program of its own, not part of this step) needs:
--
-- alert_rules     what to watch, how loud, for whom. Managers edit them through
--                 set_alert_rule, remove_alert_rule and silence_alert_rule, each journaled
--                 with the person (by_person, so the Audit screen lists them). A removed rule
--                 is kept (removed_at): its episodes and journal entries still name it.
-- alert_episodes  one firing of one rule for one scope (a source, a source and an error group,
--                 or '*'), from fired_at to resolved_at. fire_alert opens or keeps it and
--                 resolve_alert closes it; a partial unique index on (rule_id, scope_key) of
--                 the open episodes makes two evaluators at once open one episode.
-- messages        each message of an episode (1 = fired, then repeats, then resolved) to each
--                 chat is an inbox.actions row with the operation key
--                 'alert:<episode>:<message>:<chat>', begun by begin_alert_message and finished
--                 by finish_alert_message with the states of begin_action/finish_action
--                 (started, done, unknown, a restart after failed). A restarted evaluator gets
--                 'unknown' for a message it began and never finished, so it does not send it
--                 again. inbox.actions.event_id becomes nullable: an action belongs to an event
--                 or to an episode, never both.
--
-- The evaluator logs in with the new group role inbox_alerts, a member of inbox_support: it
-- reads the statistics the overview reads and nothing more, and it is the only role that may
-- open, resolve and send episodes. A worker cannot, and the evaluator cannot claim events.

-- The role, created when missing (roles are cluster-wide), as in step 1.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'inbox_alerts') THEN
        CREATE ROLE inbox_alerts NOLOGIN;
    END IF;
    IF NOT pg_has_role('inbox_alerts', 'inbox_support', 'MEMBER') THEN
        GRANT inbox_support TO inbox_alerts;
    END IF;
END;
$$;

CREATE TABLE inbox.alert_rules (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name            text COLLATE "C" NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    kind            text NOT NULL CHECK (kind IN ('stuck', 'failed', 'repeat_share',
                                                  'failure_share', 'silent_source',
                                                  'duplicates_age')),
    params          jsonb NOT NULL CHECK (jsonb_typeof(params) = 'object'),
    severity        text NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
    sources         text[] COLLATE "C" CHECK (cardinality(sources) BETWEEN 1 AND 100),
    chat_ids        text[] COLLATE "C" NOT NULL CHECK (cardinality(chat_ids) BETWEEN 1 AND 10),
    repeat_interval interval NOT NULL CHECK (repeat_interval >= interval '1 minute'),
    send_resolved   boolean NOT NULL,
    enabled         boolean NOT NULL,
    silenced_until  timestamptz,
    silence_note    text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    created_by      text NOT NULL DEFAULT session_user,
    updated_at      timestamptz NOT NULL DEFAULT now(),
    updated_by      text NOT NULL DEFAULT session_user,
    removed_at      timestamptz,
    removed_by      text,
    CHECK (removed_at IS NULL OR NOT enabled)
);
-- A name names one live rule; a removed rule's name may be taken again.
CREATE UNIQUE INDEX alert_rules_live_name_key ON inbox.alert_rules (name) WHERE removed_at IS NULL;

CREATE TABLE inbox.alert_episodes (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    rule_id             bigint NOT NULL REFERENCES inbox.alert_rules (id),
    scope_key           text COLLATE "C" NOT NULL CHECK (char_length(scope_key) BETWEEN 1 AND 300),
    fired_at            timestamptz NOT NULL DEFAULT now(),
    last_seen_at        timestamptz NOT NULL DEFAULT now(),
    summary             jsonb,
    message_no          int NOT NULL DEFAULT 0 CHECK (message_no >= 0),
    last_sent_at        timestamptz,
    resolved_at         timestamptz,
    resolved_reason     text CHECK (resolved_reason IN ('cleared', 'rule_disabled', 'rule_removed')),
    resolved_message_no int,
    CHECK ((resolved_at IS NULL) = (resolved_reason IS NULL)),
    CHECK ((message_no = 0) = (last_sent_at IS NULL))
);
CREATE UNIQUE INDEX alert_episodes_open_key ON inbox.alert_episodes (rule_id, scope_key)
    WHERE resolved_at IS NULL;
CREATE INDEX alert_episodes_rule_idx ON inbox.alert_episodes (rule_id, fired_at);

ALTER TABLE inbox.actions ALTER COLUMN event_id DROP NOT NULL;
ALTER TABLE inbox.actions ADD COLUMN episode_id bigint REFERENCES inbox.alert_episodes (id);
ALTER TABLE inbox.actions ADD CONSTRAINT actions_event_or_episode
    CHECK (num_nonnulls(event_id, episode_id) = 1);
CREATE INDEX actions_episode_idx ON inbox.actions (episode_id) WHERE episode_id IS NOT NULL;

-- Only the functions write; support and above read (explicitly, not through the default
-- privileges of whoever ran step 4: see docs/contract.md §12.1).
REVOKE ALL ON inbox.alert_rules, inbox.alert_episodes FROM PUBLIC;
GRANT SELECT ON inbox.alert_rules, inbox.alert_episodes TO inbox_support;

-- One numeric parameter of a rule: absent gives the default, anything else must be a JSON
-- number in [p_lo, p_hi] (and whole for p_whole).
CREATE FUNCTION inbox._alert_param(p_params jsonb, p_kind text, p_key text, p_whole boolean,
                                   p_lo numeric, p_hi numeric, p_default numeric)
RETURNS numeric
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
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

-- A rule's parameters, checked and completed with the defaults: the object stored in
-- alert_rules.params always has every key of its kind and no other.
CREATE FUNCTION inbox._alert_params(p_kind text, p_params jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_params  jsonb := coalesce(p_params, '{}'::jsonb);
    v_allowed text[];
    v_key     text;
    v_share_volume numeric;
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
    ELSE -- duplicates_age
        RETURN jsonb_build_object('hours',
            inbox._alert_param(v_params, p_kind, 'hours', true, 1, 8760, 24));
    END CASE;
END;
$$;

-- A rule as the journal keeps it: every setting a person can change.
CREATE FUNCTION inbox._alert_rule_json(r inbox.alert_rules) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT jsonb_build_object('name', r.name, 'kind', r.kind, 'params', r.params,
                              'severity', r.severity, 'sources', to_jsonb(r.sources),
                              'chat_ids', to_jsonb(r.chat_ids),
                              'repeat_interval', r.repeat_interval::text,
                              'send_resolved', r.send_resolved, 'enabled', r.enabled);
$$;

-- Closes the open episodes of a rule a person disabled or removed (no resolved message is due
-- for them: the rule is off). Returns how many.
CREATE FUNCTION inbox._alert_close_episodes(p_rule inbox.alert_rules, p_reason text) RETURNS int
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
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

CREATE FUNCTION inbox.set_alert_rule(p_id bigint, p_name text, p_kind text, p_params jsonb,
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
                      'duplicates_age') THEN
        RAISE EXCEPTION 'p_kind must be stuck, failed, repeat_share, failure_share, silent_source or duplicates_age, got %',
            p_kind USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_params := inbox._alert_params(p_kind, p_params);
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

CREATE FUNCTION inbox.remove_alert_rule(p_id bigint, p_note text DEFAULT NULL) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

CREATE FUNCTION inbox.silence_alert_rule(p_id bigint, p_until timestamptz, p_note text)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

CREATE FUNCTION inbox.fire_alert(p_rule_id bigint, p_scope_key text, p_summary jsonb DEFAULT NULL)
RETURNS TABLE(episode_id bigint, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

CREATE FUNCTION inbox.resolve_alert(p_rule_id bigint, p_scope_key text)
RETURNS TABLE(episode_id bigint, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

-- Which message of an episode may be begun now as a new one (its number is message_no + 1):
-- 'fired', 'repeat', 'resolved', or NULL for none. The rule must be on and not silenced.
CREATE FUNCTION inbox._alert_next_message(e inbox.alert_episodes, r inbox.alert_rules) RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT CASE
        WHEN NOT r.enabled OR r.removed_at IS NOT NULL OR r.silenced_until > now() THEN NULL
        WHEN e.resolved_at IS NULL AND e.message_no = 0 THEN 'fired'
        WHEN e.resolved_at IS NULL AND e.last_sent_at <= now() - r.repeat_interval THEN 'repeat'
        WHEN e.resolved_at IS NOT NULL AND e.resolved_reason = 'cleared' AND r.send_resolved
             AND e.message_no > 0 AND e.resolved_message_no IS NULL THEN 'resolved'
    END;
$$;

-- What message number n of an episode is.
CREATE FUNCTION inbox._alert_message_kind(e inbox.alert_episodes, p_no int) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT CASE WHEN p_no = e.resolved_message_no THEN 'resolved'
                WHEN p_no = 1 THEN 'fired' ELSE 'repeat' END;
$$;

CREATE FUNCTION inbox.due_alert_messages()
RETURNS TABLE(episode_id bigint, rule_id bigint, message_no int, message text, chat_id text,
              action_id bigint, action_state text, action_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    -- The current message to the chats it has not reached: no action yet (an evaluator stopped
    -- between chats), started and never finished (in flight, or an unknown outcome), or failed
    -- for certain (to be tried again; action_at says when it failed) ...
    SELECT e.id, e.rule_id, e.message_no, inbox._alert_message_kind(e, e.message_no), c.chat,
           a.id, a.state, coalesce(a.finished_at, a.started_at)
      FROM inbox.alert_episodes e
      JOIN inbox.alert_rules r ON r.id = e.rule_id
     CROSS JOIN LATERAL unnest(r.chat_ids) AS c(chat)
      LEFT JOIN inbox.actions a
        ON a.operation_key = 'alert:' || e.id || ':' || e.message_no || ':' || c.chat
     WHERE e.message_no > 0 AND r.enabled AND r.removed_at IS NULL
       AND (r.silenced_until IS NULL OR r.silenced_until <= now())
       AND (a.id IS NULL OR a.state <> 'done')
       AND (e.resolved_at IS NULL OR e.resolved_message_no = e.message_no)
    UNION ALL
    -- ... and the next message, to every chat, once it is due.
    SELECT e.id, e.rule_id, e.message_no + 1, inbox._alert_next_message(e, r), c.chat,
           NULL::bigint, NULL::text, NULL::timestamptz
      FROM inbox.alert_episodes e
      JOIN inbox.alert_rules r ON r.id = e.rule_id
     CROSS JOIN LATERAL unnest(r.chat_ids) AS c(chat)
     WHERE inbox._alert_next_message(e, r) IS NOT NULL
       AND (e.resolved_at IS NULL OR e.resolved_message_no IS NULL)
     ORDER BY 1, 3, 5;
$$;

CREATE FUNCTION inbox.begin_alert_message(p_episode_id bigint, p_message_no int, p_chat_id text)
RETURNS TABLE(action_id bigint, state text, result jsonb, operation_key text, message text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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
    IF p_message_no = v_ep.message_no + 1 THEN
        v_next := inbox._alert_next_message(v_ep, v_rule);
        IF v_next IS NULL THEN
            RAISE EXCEPTION 'p_message_no: message % of episode % is not due', p_message_no, p_episode_id
                USING ERRCODE = 'invalid_parameter_value';
        END IF;
        UPDATE inbox.alert_episodes a
           SET message_no = p_message_no, last_sent_at = now(),
               resolved_message_no = CASE WHEN v_next = 'resolved' THEN p_message_no END
         WHERE a.id = p_episode_id
        RETURNING * INTO v_ep;
    ELSIF p_message_no <> v_ep.message_no OR p_message_no = 0 THEN
        RAISE EXCEPTION 'p_message_no: episode % is at message %, so only % or % can be begun, got %',
            p_episode_id, v_ep.message_no, greatest(v_ep.message_no, 1), v_ep.message_no + 1,
            p_message_no USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_kind := inbox._alert_message_kind(v_ep, p_message_no);
    v_key := 'alert:' || p_episode_id || ':' || p_message_no || ':' || p_chat_id;

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

CREATE FUNCTION inbox.finish_alert_message(p_action_id bigint, p_ok boolean,
                                           p_result jsonb DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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
    SELECT * INTO v_ep FROM inbox.alert_episodes e WHERE e.id = v_act.episode_id;
    SELECT * INTO v_rule FROM inbox.alert_rules r WHERE r.id = v_ep.rule_id;
    -- 'alert:<episode>:<message>:<chat>'
    v_no := split_part(v_act.operation_key, ':', 3)::int;
    v_chat := substr(v_act.operation_key,
                     char_length('alert:' || v_ep.id || ':' || v_no || ':') + 1);
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

-- begin_action compared the stored event with <>, which is NULL (not true) for an action that
-- has no event: a worker could have been answered with an alert message's action. It now
-- refuses any key that is not its event's, and finish_action leaves alert messages to
-- finish_alert_message. Otherwise both are unchanged.
CREATE OR REPLACE FUNCTION inbox.begin_action(p_event_id bigint, p_kind text, p_operation_key text)
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

CREATE OR REPLACE FUNCTION inbox.finish_action(p_action_id bigint, p_ok boolean,
                                               p_result jsonb DEFAULT NULL)
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

REVOKE ALL ON FUNCTION inbox._alert_param(jsonb, text, text, boolean, numeric, numeric, numeric),
    inbox._alert_params(text, jsonb), inbox._alert_rule_json(inbox.alert_rules),
    inbox._alert_close_episodes(inbox.alert_rules, text),
    inbox._alert_next_message(inbox.alert_episodes, inbox.alert_rules),
    inbox._alert_message_kind(inbox.alert_episodes, int),
    inbox.set_alert_rule(bigint, text, text, jsonb, text, text[], text[], interval, boolean, boolean),
    inbox.remove_alert_rule(bigint, text), inbox.silence_alert_rule(bigint, timestamptz, text),
    inbox.fire_alert(bigint, text, jsonb), inbox.resolve_alert(bigint, text),
    inbox.due_alert_messages(), inbox.begin_alert_message(bigint, int, text),
    inbox.finish_alert_message(bigint, boolean, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
    inbox.set_alert_rule(bigint, text, text, jsonb, text, text[], text[], interval, boolean, boolean),
    inbox.remove_alert_rule(bigint, text), inbox.silence_alert_rule(bigint, timestamptz, text)
    TO inbox_manager;
GRANT EXECUTE ON FUNCTION inbox.fire_alert(bigint, text, jsonb), inbox.resolve_alert(bigint, text),
    inbox.due_alert_messages(), inbox.begin_alert_message(bigint, int, text),
    inbox.finish_alert_message(bigint, boolean, jsonb) TO inbox_alerts;
