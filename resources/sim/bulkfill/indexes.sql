-- The indexes and unique/primary-key constraints of the big tables, with the statements
-- that drop them and recreate them exactly (from the catalog, so a later migration's index
-- is handled too). Keys that a foreign key hangs on (events.id, leads.id) stay. The pairs'
-- table is among them: its pairs and their decisions are written before its indexes are
-- built, like the journal entries they come with.
SELECT CASE WHEN c.oid IS NOT NULL THEN format('ALTER TABLE inbox.%I DROP CONSTRAINT %I', t.relname, c.conname)
            ELSE format('DROP INDEX inbox.%I', i.relname) END,
       CASE WHEN c.oid IS NOT NULL
            THEN format('ALTER TABLE inbox.%I ADD CONSTRAINT %I %s', t.relname, c.conname, pg_get_constraintdef(c.oid))
            -- A partitioned table's index (the journal's, 0034) is made again on every
            -- partition, not ON ONLY the parent as its definition reads.
            ELSE replace(pg_get_indexdef(x.indexrelid), ' ON ONLY ', ' ON ') END,
       t.relname || '.' || i.relname
  FROM pg_index x
  JOIN pg_class i ON i.oid = x.indexrelid
  JOIN pg_class t ON t.oid = x.indrelid
  LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = t.oid AND c.contype IN ('p', 'u', 'x')
 WHERE t.relnamespace = 'inbox'::regnamespace
   AND t.relname IN ('events', 'journal', 'actions', 'leads', 'conflict_bodies', 'duplicate_candidates')
   AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = x.indexrelid)
 ORDER BY t.relname, i.relname
