-- Migration 13: each applied step keeps the checksum of the file it ran (SHA-256 of the file's
-- bytes as shipped, in hex), so that `inbox-console migrate` refuses a database whose applied
-- step differs from the one the program ships: a landed step was edited, or the database was
-- migrated by another build. The migrator fills the column; steps applied before this one get
-- the checksum of the file this program ships for them, in this step's transaction.
-- The shipped checksums are also in resources/migrations/SHA256SUMS (tst_migrations checks it).
--
-- Also: inbox.event_queue (0012) is read by the console's status filters, but 0012 granted it
-- nothing and relied on the default privileges of whoever ran 0004 (see docs/contract.md).

ALTER TABLE inbox.schema_version ADD COLUMN checksum text;

GRANT SELECT ON inbox.event_queue TO inbox_support;
