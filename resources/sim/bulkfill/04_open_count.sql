-- The open pairs of this fill, added to migration 0009's counter as its statement trigger
-- would have (a replica-role fill fires no trigger; for the owner the trigger counts).
INSERT INTO inbox.duplicate_counts AS c (shard, open)
SELECT (pg_backend_pid() % 8)::smallint, count(*)
  FROM inbox.duplicate_candidates d
 WHERE d.id > ${candidate_from}::bigint AND d.status = 'open'
HAVING count(*) > 0
ON CONFLICT (shard) DO UPDATE SET open = c.open + excluded.open
