-- 0023: reserved (merged from another branch)
SELECT 1; -- the migrator refuses an empty step
