-- Migration 23: what an alert episode still owes, and nothing more (see docs/contract.md
-- §4.14, "What is owed"; issue 31 points 2, 3 and 7, issue 32 §12.14).
--
-- Until now due_alert_messages listed only the current message of an open episode, so once a
-- failed-rule episode resolved (a minute after its last failure, the same as the failed
-- message's backoff) a message Telegram had refused or that gave up after 5xx/429 was never
-- tried again, a message killed mid-send stayed `started` for ever, and "Resolved" went to
-- chats that had never seen the alert. This step:
--
-- - keeps a failed message owed, whatever became of its episode, until it is delivered, a
--   later message of the episode reaches that chat, or a person acknowledges the episode
--   (acknowledge_alert, new); the rule must be on (a silence holds it back, still owed);
-- - lists every message begun and never finished, of any episode and rule, so the evaluator
--   journals it as unknown;
-- - owes the "resolved" message only to the chats an alert message of the episode reached
--   (done, or recorded unknown) that was begun before the episode resolved; a message begun
--   after it resolved says so itself;
-- - starts the repeat clock when a message reaches a chat (last_reached_at, new), not at a
--   begin that then failed, and repeats nothing before the first message reached one;
-- - marks an episode settled (settled_at, new) once nothing more is owed: due_alert_messages
--   reads only the unsettled ones (a partial index), and prune_alerts (new, the evaluator's)
--   deletes the episodes settled before a horizon with their message actions. Their journal
--   entries stay.

ALTER TABLE inbox.alert_episodes
    ADD COLUMN last_reached_at timestamptz,
    ADD COLUMN acknowledged_at timestamptz,
    ADD COLUMN acknowledged_by text,
    ADD COLUMN acknowledge_note text,
    ADD COLUMN settled_at timestamptz,
    ADD CONSTRAINT alert_episodes_settled_resolved CHECK (settled_at IS NULL OR resolved_at IS NOT NULL),
    ADD CONSTRAINT alert_episodes_acknowledged_by CHECK ((acknowledged_at IS NULL) = (acknowledged_by IS NULL));
CREATE INDEX alert_episodes_unsettled_idx ON inbox.alert_episodes (id) WHERE settled_at IS NULL;
CREATE INDEX alert_episodes_settled_idx ON inbox.alert_episodes (settled_at)
    WHERE settled_at IS NOT NULL;

-- The chat and the message number of an alert message's operation key
-- 'alert:<episode>:<message>:<chat>' (a chat id has no ':').
CREATE FUNCTION inbox._alert_key_no(p_key text) RETURNS int
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT split_part(p_key, ':', 3)::int;
$$;
CREATE FUNCTION inbox._alert_key_chat(p_key text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT split_part(p_key, ':', 4);
$$;

-- Whether the "resolved" message of a cleared episode is owed to a chat: the rule sends it,
-- and an alert message of the episode reached the chat (done, which includes a message
-- recorded as unknown) and was begun before the episode resolved. A chat that never saw the
-- alert is not told it resolved; one whose alert was begun after it resolved was told so in it.
CREATE FUNCTION inbox._alert_resolved_owed(e inbox.alert_episodes, r inbox.alert_rules,
                                           p_chat text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce(e.resolved_reason = 'cleared', false) AND r.send_resolved
       AND EXISTS (SELECT 1 FROM inbox.actions a
                    WHERE a.episode_id = e.id AND a.state = 'done'
                      AND inbox._alert_key_chat(a.operation_key) = p_chat
                      AND inbox._alert_key_no(a.operation_key) IS DISTINCT FROM e.resolved_message_no
                      AND a.started_at < e.resolved_at);
$$;

-- Which message of an episode may be begun now as a new one (its number is message_no + 1):
-- as in step 18, except that a repeat counts from when a message last reached a chat (or a
-- person acknowledged the episode) as well as from the last begin, and none is due before
-- any message reached a chat: a first message that failed is tried again, not repeated.
CREATE OR REPLACE FUNCTION inbox._alert_next_message(e inbox.alert_episodes, r inbox.alert_rules)
RETURNS text
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
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

-- Whether an episode still owes anything: it is open; a message of it is begun and not
-- finished (whatever the rule); or, while its rule is on (silenced or not), a message failed
-- for certain is the latest to its chat and no person acknowledged the episode since, or the
-- resolved message is owed to a chat it has not reached.
CREATE FUNCTION inbox._alert_owes(e inbox.alert_episodes, r inbox.alert_rules) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
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

-- Marks the episode settled when it owes nothing more. Returns whether it did.
CREATE FUNCTION inbox._alert_settle(p_episode_id bigint) RETURNS boolean
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
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

-- Existing episodes: when their messages last reached a chat, and which owe nothing.
UPDATE inbox.alert_episodes e
   SET last_reached_at = (SELECT max(a.finished_at) FROM inbox.actions a
                           WHERE a.episode_id = e.id AND a.state = 'done')
 WHERE EXISTS (SELECT 1 FROM inbox.actions a WHERE a.episode_id = e.id AND a.state = 'done');
UPDATE inbox.alert_episodes e
   SET settled_at = coalesce(e.resolved_at, now())
  FROM inbox.alert_rules r
 WHERE r.id = e.rule_id AND e.resolved_at IS NOT NULL AND NOT inbox._alert_owes(e, r);

-- What to send now, and what to record (docs/contract.md §4.14): the unsettled episodes only.
CREATE OR REPLACE FUNCTION inbox.due_alert_messages()
RETURNS TABLE(episode_id bigint, rule_id bigint, message_no int, message text, chat_id text,
              action_id bigint, action_state text, action_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

-- As in step 18, and: a number below the current one may be begun again when its action
-- exists (a failed message still owed is restarted; done or begun answer done or unknown);
-- the resolved message only for a chat it is owed to.
CREATE OR REPLACE FUNCTION inbox.begin_alert_message(p_episode_id bigint, p_message_no int,
                                                     p_chat_id text)
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

-- As in step 18, and: a message that reached its chat (p_ok) restarts the repeat clock (a
-- message recorded as unknown at its begin), and the episode is settled once it owes nothing.
CREATE OR REPLACE FUNCTION inbox.finish_alert_message(p_action_id bigint, p_ok boolean,
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

-- As in step 18, and the episode is settled at once when it owes nothing (resolved before
-- any message, or a rule without resolved messages whose messages all reached their chats).
CREATE OR REPLACE FUNCTION inbox.resolve_alert(p_rule_id bigint, p_scope_key text)
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

-- As in step 18, and each closed episode is settled unless a message of it is in flight.
CREATE OR REPLACE FUNCTION inbox._alert_close_episodes(p_rule inbox.alert_rules, p_reason text)
RETURNS int
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

-- A person has seen to an episode whose messages failed: what failed until now is owed no
-- more (a message that fails later is owed again). Operators and managers.
CREATE FUNCTION inbox.acknowledge_alert(p_episode_id bigint, p_note text DEFAULT NULL)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

-- The evaluator's housekeeping, every pass: settles the resolved episodes that owe nothing
-- any more (a rule turned off, a chat removed, a person's acknowledgement), then deletes the
-- episodes settled before now() - p_older_than with their message actions (their journal
-- entries stay). Journal 'alerts_pruned' when it deleted any. Returns how many it deleted.
CREATE FUNCTION inbox.prune_alerts(p_older_than interval DEFAULT interval '90 days')
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

REVOKE ALL ON FUNCTION inbox._alert_key_no(text), inbox._alert_key_chat(text),
    inbox._alert_resolved_owed(inbox.alert_episodes, inbox.alert_rules, text),
    inbox._alert_owes(inbox.alert_episodes, inbox.alert_rules), inbox._alert_settle(bigint),
    inbox.acknowledge_alert(bigint, text), inbox.prune_alerts(interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.acknowledge_alert(bigint, text) TO inbox_operator;
GRANT EXECUTE ON FUNCTION inbox.prune_alerts(interval) TO inbox_alerts;
