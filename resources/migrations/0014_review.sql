-- Migration 14: a way out of "needs review" (see docs/contract.md, "flag_review" and
-- "resolve_review").
--
-- Until now only accept set events.needs_review ('key conflict': the same key came with another
-- body) and nothing ever cleared it, so the console's "Needs review" group only grew, and a
-- worker that kept a lead without its enrichment could only say so inside `result`.
--
-- flag_review: the worker that holds an event (status processing, locked_by = p_worker, the
-- same fencing as complete) marks it for a person, with a reason of its own words.
--
-- resolve_review: an operator closes the review of some events, with one of three resolutions:
--   kept_first_body      (key conflicts) the stored body is the event; the other bodies stay
--                        in conflict_bodies, where they always were;
--   second_is_new_event  (key conflicts) the sender reused the id for a different event: each
--                        conflicting body is accepted as an event of its own, external id
--                        "<external id>#conflict-<conflict body id>", through inbox.accept, so
--                        it gets a key, a journal and workers like any delivery, once (a second
--                        resolution finds nothing flagged, and accept would call it a duplicate);
--   handled_by_hand      (any reason) a person did what the worker could not; the note says what.
-- The flag is cleared, the journal keeps the person, the resolution, the note and the reason
-- that was cleared. No body is deleted. A resolution is not undone by a function: the flag's
-- reason is in the journal, a later conflicting delivery flags the event again, and events
-- made by second_is_new_event are deliveries like any other (removing one would lose it).

CREATE FUNCTION inbox.flag_review(p_event_id bigint, p_worker text, p_reason text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_reason text := btrim(p_reason, E' \t\r\n');
    v_status text;
    v_holder text;
BEGIN
    IF p_event_id IS NULL THEN
        RAISE EXCEPTION 'p_event_id must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    PERFORM inbox._check_name(p_worker, 'p_worker', 200);
    IF p_reason IS NULL THEN
        RAISE EXCEPTION 'p_reason must not be null: say what a person should look at'
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
     WHERE e.id = p_event_id AND e.status = 'processing' AND e.locked_by = p_worker;
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
            jsonb_build_object('status', v_status, 'holder', v_holder, 'reason', v_reason));
    RETURN false;
END;
$$;

CREATE FUNCTION inbox.resolve_review(p_event_ids bigint[], p_resolution text, p_note text DEFAULT NULL)
RETURNS TABLE(event_id bigint, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
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

REVOKE ALL ON FUNCTION inbox.flag_review(bigint, text, text),
    inbox.resolve_review(bigint[], text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.flag_review(bigint, text, text) TO inbox_worker;
GRANT EXECUTE ON FUNCTION inbox.resolve_review(bigint[], text, text) TO inbox_operator;
