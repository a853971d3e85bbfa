UPDATE inbox.duplicate_candidates c
   SET status = d.status, decided_by = ${manager}::text, decided_at = d.decided_at,
       note = CASE WHEN d.status = 'merged' THEN 'один и тот же клиент' ELSE 'разные люди, общий номер' END,
       undo_state = CASE WHEN d.status = 'merged'
                         THEN (SELECT jsonb_build_object('lead_id', l.id, 'merged_into', l.merged_into,
                                                         'deal_ref', l.deal_ref, 'deal_open', l.deal_open)
                                 FROM inbox.leads l WHERE l.id = d.lead_id)
                         ELSE '{}'::jsonb END
  FROM sim_decide d
 WHERE c.id = d.id;
UPDATE inbox.leads l
   SET merged_into = m.id, deal_ref = m.deal_ref, deal_open = m.deal_open
  FROM sim_decide d JOIN inbox.leads m ON m.id = d.match_lead_id
 WHERE d.status = 'merged' AND l.id = d.lead_id;
INSERT INTO inbox.journal (event_id, at, entry, actor, detail, by_person)
SELECT (SELECT l.event_id FROM inbox.leads l WHERE l.id = v.id), d.decided_at,
       CASE WHEN d.status = 'merged' THEN 'duplicate_merged' ELSE 'duplicate_rejected' END,
       ${manager}::text,
       jsonb_build_object('candidate_id', d.id, 'lead_id', d.lead_id, 'match_lead_id', d.match_lead_id,
                          'this_lead_id', v.id, 'previous_status', 'open',
                          'note', CASE WHEN d.status = 'merged' THEN 'один и тот же клиент'
                                       ELSE 'разные люди, общий номер' END),
       true
  FROM sim_decide d CROSS JOIN LATERAL (VALUES (d.lead_id), (d.match_lead_id)) AS v(id)
 ORDER BY d.id, v.id
