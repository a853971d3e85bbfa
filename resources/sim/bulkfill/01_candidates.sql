-- Candidate pairs by record_lead's rules, for the leads of this fill: same normalised phone
-- or e-mail as an earlier lead that came within 24 hours or whose deal is open; weak when
-- the contact is shared by three or more names; names_differ lowers the score. Flagged on
-- the newer lead's event, as record_lead does. Name keys: inbox._name_key without its
-- whitespace folding (the generated names have single spaces and no padding), which would
-- otherwise run a regular expression for every lead that shares a contact.
--
-- Only a contact that two or more leads share can give a pair, and most contacts belong to
-- one lead: the shared ones are found from the contact indexes (an index-only walk, no sort
-- of the leads), their leads are read by contact (the groups, each once), and the pairs, the
-- weak flags and everything the pair and its journal entry need come out of the groups, so
-- the whole leads table is neither sorted nor hashed again. A pair found by both contacts is
-- one pair (same_phone and same_email); its phone is weak when the phone group has three or
-- more names, which is what the group of the newer lead's phone is. The two channels are
-- written with the pair (the trigger that copies them does not fire for a replica-role fill;
-- for the owner it writes the same values).
WITH gp AS MATERIALIZED (
    SELECT l.phone_norm AS contact
      FROM inbox.leads l
     WHERE l.phone_norm IS NOT NULL
     GROUP BY l.phone_norm
    HAVING count(*) > 1
), ge AS MATERIALIZED (
    SELECT l.email_norm AS contact
      FROM inbox.leads l
     WHERE l.email_norm IS NOT NULL
     GROUP BY l.email_norm
    HAVING count(*) > 1
), mp AS MATERIALIZED (
    SELECT g.contact, l.id, l.event_id, l.created_at, l.deal_open, l.channel,
           nullif(translate(lower(l.name), 'ё', 'е'), '') AS nk
      FROM gp g CROSS JOIN LATERAL (
           SELECT l.id, l.event_id, l.created_at, l.deal_open, l.channel, l.name
             FROM inbox.leads l WHERE l.phone_norm = g.contact) l
), me AS MATERIALIZED (
    SELECT g.contact, l.id, l.event_id, l.created_at, l.deal_open, l.channel,
           nullif(translate(lower(l.name), 'ё', 'е'), '') AS nk
      FROM ge g CROSS JOIN LATERAL (
           SELECT l.id, l.event_id, l.created_at, l.deal_open, l.channel, l.name
             FROM inbox.leads l WHERE l.email_norm = g.contact) l
), wp AS (
    SELECT d.contact, count(d.nk) >= 3 AS weak
      FROM (SELECT DISTINCT mp.contact, mp.nk FROM mp) d GROUP BY d.contact
), we AS (
    SELECT d.contact, count(d.nk) >= 3 AS weak
      FROM (SELECT DISTINCT me.contact, me.nk FROM me) d GROUP BY d.contact
), hits AS (
    SELECT x.lead_id, x.match_id, x.event_id, x.created_at, x.nk, x.lead_channel,
           x.match_created_at, x.key, x.match_channel,
           bool_or(x.by_phone) AS same_phone, bool_or(x.by_phone AND x.weak) AS weak_phone,
           bool_or(NOT x.by_phone) AS same_email, bool_or(NOT x.by_phone AND x.weak) AS weak_email
      FROM (SELECT n.id AS lead_id, m.id AS match_id, n.event_id, n.created_at, n.nk,
                   n.channel AS lead_channel, m.created_at AS match_created_at, m.nk AS key,
                   m.channel AS match_channel, true AS by_phone, wp.weak
              FROM mp n JOIN mp m ON m.contact = n.contact AND m.id < n.id
              JOIN wp ON wp.contact = n.contact
             WHERE n.id > ${lead_from}::bigint
               AND (m.created_at >= n.created_at - interval '24 hours' OR m.deal_open)
            UNION ALL
            SELECT n.id, m.id, n.event_id, n.created_at, n.nk, n.channel, m.created_at, m.nk,
                   m.channel, false, we.weak
              FROM me n JOIN me m ON m.contact = n.contact AND m.id < n.id
              JOIN we ON we.contact = n.contact
             WHERE n.id > ${lead_from}::bigint
               AND (m.created_at >= n.created_at - interval '24 hours' OR m.deal_open)) x
     GROUP BY x.lead_id, x.match_id, x.event_id, x.created_at, x.nk, x.lead_channel,
              x.match_created_at, x.key, x.match_channel
), m AS MATERIALIZED (
    SELECT h.lead_id, h.match_id, h.event_id, h.created_at, h.lead_channel, h.match_channel,
           h.same_phone, h.same_email,
           h.match_created_at < h.created_at - interval '24 hours' AS by_deal,
           (h.nk IS NOT NULL AND h.key IS NOT NULL AND h.nk <> h.key
            AND NOT starts_with(h.nk, h.key || ' ') AND NOT starts_with(h.key, h.nk || ' ')) AS names_differ,
           h.weak_phone, h.weak_email
      FROM hits h
), ins AS (
    INSERT INTO inbox.duplicate_candidates (lead_id, match_lead_id, reasons, score, weak, created_at,
                                            lead_channel, match_channel)
    SELECT m.lead_id, m.match_id,
           array_remove(ARRAY[
               CASE WHEN m.same_phone THEN 'same_phone' END,
               CASE WHEN m.same_email THEN 'same_email' END,
               CASE WHEN m.by_deal THEN 'open_deal' END,
               CASE WHEN m.same_phone AND m.weak_phone THEN 'weak_shared_phone' END,
               CASE WHEN m.same_email AND m.weak_email THEN 'weak_shared_email' END,
               CASE WHEN m.names_differ THEN 'names_differ' END], NULL),
           round(greatest(0.05, least(1.0,
                   CASE WHEN m.same_phone THEN CASE WHEN m.weak_phone THEN 0.2 ELSE 0.6 END ELSE 0 END
                 + CASE WHEN m.same_email THEN CASE WHEN m.weak_email THEN 0.2 ELSE 0.6 END ELSE 0 END)
                 - CASE WHEN m.names_differ THEN 0.3 ELSE 0 END)::numeric, 2)::real,
           NOT ((m.same_phone AND NOT m.weak_phone) OR (m.same_email AND NOT m.weak_email)),
           m.created_at, m.lead_channel, m.match_channel
      FROM m
     ORDER BY m.lead_id, m.match_id
    RETURNING id, lead_id, match_lead_id, reasons, score, weak, created_at
)
INSERT INTO inbox.journal (event_id, at, entry, actor, detail)
SELECT m.event_id, i.created_at, 'duplicate_flagged', ${integration}::text,
       jsonb_build_object('candidate_id', i.id, 'lead_id', i.lead_id, 'match_lead_id', i.match_lead_id,
                          'reasons', to_jsonb(i.reasons), 'score', i.score, 'weak', i.weak)
  FROM ins i JOIN m ON m.lead_id = i.lead_id AND m.match_id = i.match_lead_id
 ORDER BY i.id
