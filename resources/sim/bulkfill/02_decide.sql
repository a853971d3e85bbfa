-- A manager went through the older pairs: some merged (at most one merge per newer lead, as
-- decide_duplicate allows), some rejected, the rest still open. Recorded exactly as
-- decide_duplicate records it, undo state included. The leads are looked up by id, pair by
-- pair (a few per cent of them), not joined as a whole table. Each pair's draw is a hash of
-- its id and --seed, not random(): the same seed gives the same decisions, in whatever order
-- the pairs are read.
DROP TABLE IF EXISTS pg_temp.sim_decide;
CREATE TEMP TABLE sim_decide AS
WITH pick AS (
    SELECT c.id, c.lead_id, c.match_lead_id, c.created_at,
           (hashint8extended(c.id, ${seed}::bigint) & 2147483647)::float8 / 2147483648.0 AS r
      FROM inbox.duplicate_candidates c
     WHERE c.id > ${candidate_from}::bigint AND c.status = 'open'
       AND c.created_at < to_timestamp(${now}::float8) - interval '1 day'
), merges AS (
    SELECT DISTINCT ON (p.lead_id) p.* FROM pick p WHERE p.r < 0.35 ORDER BY p.lead_id, p.match_lead_id
)
SELECT p.id, p.lead_id, p.match_lead_id,
       CASE WHEN m.id IS NOT NULL THEN 'merged' ELSE 'rejected' END AS status,
       least(p.created_at + make_interval(mins => 30 + floor(p.r * 2000)::int),
             to_timestamp(${now}::float8) - interval '1 minute') AS decided_at
  FROM pick p LEFT JOIN merges m ON m.id = p.id
 WHERE m.id IS NOT NULL OR (p.r >= 0.35 AND p.r < 0.6)
