-- Migration 3: leads and possible duplicates (see docs/contract.md).
--
--   inbox.normalize_phone(text), inbox.normalize_email(text)   pure, anyone
--   inbox.record_lead(...)                                     inbox_worker
--   inbox.decide_duplicate(...)                                inbox_manager
--
-- Similar leads are never merged automatically: record_lead only flags candidate pairs, a
-- person decides with decide_duplicate, and every decision can be undone exactly.

-- Leads whose deal is still open match whatever their age; these two small partial indexes
-- keep that branch of the match an index lookup instead of a walk over every lead that ever
-- had the phone (an office switchboard can have thousands).
CREATE INDEX leads_open_deal_phone_idx ON inbox.leads (phone_norm)
    WHERE deal_open AND phone_norm IS NOT NULL;
CREATE INDEX leads_open_deal_email_idx ON inbox.leads (email_norm)
    WHERE deal_open AND email_norm IS NOT NULL;
-- Which lead was merged into which (the console shows both sides).
CREATE INDEX leads_merged_into_idx ON inbox.leads (merged_into) WHERE merged_into IS NOT NULL;

-- Phone to digits in international form, or NULL for a placeholder.
--   '8 (916) 123-45-67', '+7 916 1234567', '7916...', '9161234567', '007 916 ...' -> '79161234567'
--   '+49 30 1234567' -> '49301234567' (other countries keep their digits)
--   an extension ('доб. 12', 'ext 12', 'x12', '#12') is cut off before the digits are taken
--   '', '0000000', '+7 (000) 000-00-00', fewer than 8 or more than 15 digits -> NULL
CREATE FUNCTION inbox.normalize_phone(p_phone text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    d text;
BEGIN
    IF p_phone IS NULL THEN
        RETURN NULL;
    END IF;
    d := regexp_replace(p_phone, '(доб|ext|вн|x|#).*$', '', 'i');
    d := regexp_replace(d, '[^0-9]', '', 'g');
    -- International call prefixes: 00 (most of the world) and 810 (Russia's old one).
    IF d LIKE '00%' THEN
        d := substr(d, 3);
    ELSIF d LIKE '810%' AND length(d) > 11 THEN
        d := substr(d, 4);
    END IF;
    IF length(d) = 11 AND d LIKE '8%' THEN
        d := '7' || substr(d, 2);              -- Russian trunk prefix 8
    ELSIF length(d) = 10 AND d LIKE '9%' THEN
        d := '7' || d;                         -- bare Russian mobile
    END IF;
    IF length(d) < 8 OR length(d) > 15 THEN
        RETURN NULL;                           -- too short to be a number, or garbage
    END IF;
    -- Placeholders: all one digit ('0000000000'), or a Russian number whose ten national
    -- digits are all one digit ('+7 (000) 000-00-00', '79999999999').
    IF d ~ '^(.)\1*$' OR (d LIKE '7%' AND length(d) = 11 AND substr(d, 2) ~ '^(.)\1*$') THEN
        RETURN NULL;
    END IF;
    RETURN d;
END;
$$;

-- E-mail trimmed and lower-cased, or NULL for a placeholder.
--   ' Ivan.Petrov+crm@GMail.com ' -> 'ivanpetrov@gmail.com' (Gmail ignores dots and +tags;
--   googlemail.com is the same mailbox), 'Ivan <ivan@mail.ru>' and 'mailto:ivan@mail.ru' ->
--   'ivan@mail.ru', Yandex's alias domains (ya.ru, yandex.com, ...) -> yandex.ru (one mailbox).
--   '', no '@', no dot in the domain, unknown@..., test@test..., noreply@/no-reply@...,
--   @example.com/.org/.net -> NULL.
CREATE FUNCTION inbox.normalize_email(p_email text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    e      text;
    v_local  text;
    v_domain text;
BEGIN
    IF p_email IS NULL THEN
        RETURN NULL;
    END IF;
    e := lower(btrim(p_email, E' \t\r\n'));
    IF e ~ '<[^<>]*>' THEN
        e := substring(e FROM '<([^<>]*)>');   -- 'Name <address>'
    END IF;
    e := regexp_replace(btrim(e, E' \t\r\n'), '^mailto:', '');
    IF e !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:].]+$' THEN
        RETURN NULL;
    END IF;
    v_local := split_part(e, '@', 1);
    v_domain := rtrim(split_part(e, '@', 2), '.');
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
$$;

-- Name as compared between two leads (not stored): trimmed, single spaces, lower case, ё = е.
CREATE FUNCTION inbox._name_key(p_name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
    SELECT nullif(translate(lower(btrim(regexp_replace(p_name, '\s+', ' ', 'g'))), 'ё', 'е'), '');
$$;

-- Records the lead an event produced and flags possible duplicates of it. One lead per
-- event: a repeat call returns the same lead id and changes nothing.
--
-- A candidate pair (lead_id = the new lead, match_lead_id = the earlier one) is flagged for
-- every other lead with the same normalised phone or e-mail that came within the 24 hours
-- before it or whose deal is still open. reasons: same_phone, same_email, open_deal (matched
-- because of the open deal, not the window), names_differ, weak_shared_phone /
-- weak_shared_email (that contact is used by >= 3 different names: an office line, an
-- agency's mailbox). score: 0.6 per strong contact, 0.2 per weak one, capped at 1, minus 0.3
-- when the names differ. weak = true when every matching contact is a weak one.
-- A pair a person rejected is never flagged again (in either direction).
--
-- Concurrency: two leads with the same phone/e-mail recorded at once must still see each
-- other, so record_lead takes transaction advisory locks on its normalised contacts (in key
-- order, no deadlocks) before inserting; the later one then sees the earlier and flags it.
CREATE FUNCTION inbox.record_lead(p_event_id bigint, p_phone text, p_email text,
                                  p_name text DEFAULT NULL, p_summary text DEFAULT NULL,
                                  p_deal_ref text DEFAULT NULL)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

    WITH hits AS (
        SELECT l.id FROM inbox.leads l
         WHERE v_phone IS NOT NULL AND l.phone_norm = v_phone AND l.created_at >= v_created - c_window
        UNION
        SELECT l.id FROM inbox.leads l
         WHERE v_phone IS NOT NULL AND l.phone_norm = v_phone AND l.deal_open
        UNION
        SELECT l.id FROM inbox.leads l
         WHERE v_email IS NOT NULL AND l.email_norm = v_email AND l.created_at >= v_created - c_window
        UNION
        SELECT l.id FROM inbox.leads l
         WHERE v_email IS NOT NULL AND l.email_norm = v_email AND l.deal_open
    ), m AS (
        SELECT l.id,
               coalesce(l.phone_norm = v_phone, false) AS same_phone,
               coalesce(l.email_norm = v_email, false) AS same_email,
               l.created_at < v_created - c_window AS by_deal,
               (v_name_key IS NOT NULL AND k.key IS NOT NULL AND v_name_key <> k.key
                AND NOT starts_with(v_name_key, k.key || ' ')
                AND NOT starts_with(k.key, v_name_key || ' ')) AS names_differ
          FROM hits h
          JOIN inbox.leads l ON l.id = h.id
          CROSS JOIN LATERAL (SELECT inbox._name_key(l.name) AS key) k
         WHERE l.id <> v_lead
           AND NOT EXISTS (SELECT 1 FROM inbox.duplicate_candidates r
                            WHERE r.status = 'rejected'
                              AND ((r.lead_id = v_lead AND r.match_lead_id = l.id)
                                OR (r.lead_id = l.id AND r.match_lead_id = v_lead)))
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
          FROM m
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

-- A person's decision on a candidate pair: 'merge' (the newer lead is linked to the earlier
-- one: merged_into and the same deal; nothing is deleted), 'reject' (two different requests,
-- for good) or 'undo' (restores exactly what the decision changed and reopens the pair).
-- Outcomes: merged, rejected, undone; already_decided (merge/reject on a pair that is not
-- open: nothing changes, the console shows decided_by/decided_at), not_decided (undo of an
-- open pair), lead_already_merged (merge of a newer lead that another decision already
-- merged elsewhere: undo that one first, so every undo stays exact), not_found.
-- The candidate row is locked first, so of two managers deciding at once one wins and the
-- other gets already_decided; the two leads are then locked in id order.
CREATE FUNCTION inbox.decide_duplicate(p_candidate_id bigint, p_decision text, p_note text DEFAULT NULL)
RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

REVOKE ALL ON FUNCTION inbox.normalize_phone(text), inbox.normalize_email(text), inbox._name_key(text),
    inbox.record_lead(bigint, text, text, text, text, text),
    inbox.decide_duplicate(bigint, text, text) FROM PUBLIC;
-- Pure functions: anyone who may use the schema may normalise a contact (the console shows
-- the normalised form next to what was typed).
GRANT EXECUTE ON FUNCTION inbox.normalize_phone(text), inbox.normalize_email(text) TO PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.record_lead(bigint, text, text, text, text, text) TO inbox_worker;
GRANT EXECUTE ON FUNCTION inbox.decide_duplicate(bigint, text, text) TO inbox_manager;
