-- Whether every table the fill writes is empty (then it may TRUNCATE them and COPY FREEZE).
SELECT NOT EXISTS (SELECT 1 FROM inbox.events) AND NOT EXISTS (SELECT 1 FROM inbox.journal)
   AND NOT EXISTS (SELECT 1 FROM inbox.actions) AND NOT EXISTS (SELECT 1 FROM inbox.leads)
   AND NOT EXISTS (SELECT 1 FROM inbox.conflict_bodies)
   AND NOT EXISTS (SELECT 1 FROM inbox.duplicate_candidates)
   -- It references events (0025): TRUNCATE of events needs it truncated too.
   AND NOT EXISTS (SELECT 1 FROM inbox.delivery_attempts)
