-- Migration 15: the journal finds events by their lead's phone, e-mail and name (see
-- docs/contract.md, "Searching the journal by lead").
--
-- Phone and e-mail need nothing new: the search compares leads.phone_norm / email_norm with
-- inbox.normalize_phone / normalize_email of the typed text, the very functions record_lead
-- stores them with, through leads_phone_idx / leads_email_idx.
--
-- Names: record_lead keeps the name as given (trimmed) and compares names by
-- inbox._name_key (lower case, single spaces, ё = е). The search finds leads whose name key
-- starts with the key of the typed text, in (name key, event id) order, keyset paged: this
-- index is that order, in byte order (COLLATE "C") so that LIKE 'prefix%' is an index range.
-- A prefix of the whole name, not of any word: one range of one btree, as fast as the
-- external-id prefix; a word inside a name would need trigrams (an extension and a GIN index
-- on the lead's write path).
--
-- _name_key becomes callable by every role with USAGE on the schema (like normalize_phone):
-- the console's search calls it as the person's role. It is pure; like every function a login
-- may call it runs as SECURITY DEFINER (its search_path was pinned already, so it was never
-- inlined and its results do not change).

CREATE INDEX leads_name_key_idx ON inbox.leads ((inbox._name_key(name) COLLATE "C"), event_id);

ALTER FUNCTION inbox._name_key(text) SECURITY DEFINER;
GRANT EXECUTE ON FUNCTION inbox._name_key(text) TO PUBLIC;
