-- Migration 34: the journal partitioned by day; prune_journal drops whole days of it (issue 36).
--
-- Why. The journal holds about 5.7 rows per event. Until now prune removed an event's entries
-- through ON DELETE CASCADE: an index probe and a dead tuple each, minutes of DELETE and a
-- vacuum storm a day at ten million events, and no space given back to the file system.
-- Now inbox.journal is partitioned by range of `at`, one partition per UTC day
-- (inbox.journal_YYYYMMDD), and prune_journal drops the days past the journal's horizon: a
-- catalog change, the files removed at commit.
--
-- What changes for readers: no column. `event_id` loses its foreign key, as leads.event_id
-- never had one: an event's entries stay after prune deleted the event, until their day is
-- dropped (the key stays in kept_keys for ever). The id is no longer a primary key (a
-- partitioned table's unique index must contain the partition key); it is still given by
-- the table's identity, so it stays unique and in writing order, and an index on it serves
-- the readers that page by id.
--
-- The upgrade keeps every row and rebuilds no index: the existing table becomes the
-- partition of everything before the next UTC midnight (inbox.journal_before_YYYYMMDD), its
-- indexes become the partitions of the new ones, and one scan checks its rows against the
-- bound. That partition goes as a whole once its last day is past the horizon.
--
-- Why a function of the contract and not pg_partman (Debian's postgresql-15-partman): the
-- partitions are made by the same owner who runs prune, in prune_journal's call, on any server
-- (managed ones included), with no extension, background worker or superuser to install;
-- and the days are the only rule there is.

-- The partitions of days [p_from, p_to] that are missing, made; returns how many. A day that
-- has rows in the default partition (they arrived while it had none) stays there:
-- prune_journal deletes those rows one by one once they are past the horizon. Owner only,
-- like prune.
CREATE FUNCTION inbox.journal_partitions_ensure(p_from date DEFAULT NULL, p_to date DEFAULT NULL)
RETURNS int
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    v_today  date := (now() AT TIME ZONE 'UTC')::date;
    v_from   date := coalesce(p_from, v_today);
    v_to     date := coalesce(p_to, v_today + 14);
    v_before date;
    v_day    date;
    v_name   text;
    v_made   int := 0;
BEGIN
    IF v_to < v_from THEN
        RAISE EXCEPTION 'p_to (%) must not be before p_from (%)', v_to, v_from
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_to - v_from > 3660 THEN
        RAISE EXCEPTION 'at most 3661 days at once, got %', v_to - v_from + 1
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- Two callers would make the same partition: one waits for the other.
    PERFORM pg_advisory_xact_lock(hashtext('inbox.journal_partitions'));
    -- Days before the upgrade's partition's bound are in it already.
    SELECT max(to_date(substring(c.relname FROM '^journal_before_(\d{8})$'), 'YYYYMMDD'))
      INTO v_before
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'inbox.journal'::regclass;
    FOR v_day IN SELECT d::date FROM generate_series(v_from, v_to, interval '1 day') d LOOP
        CONTINUE WHEN v_day < v_before;
        v_name := 'journal_' || to_char(v_day, 'YYYYMMDD');
        CONTINUE WHEN to_regclass('inbox.' || v_name) IS NOT NULL;
        CONTINUE WHEN EXISTS (SELECT 1 FROM inbox.journal_default d
                               WHERE d.at >= inbox._utc_midnight(v_day)
                                 AND d.at < inbox._utc_midnight(v_day + 1));
        EXECUTE format('CREATE TABLE inbox.%I PARTITION OF inbox.journal '
                       'FOR VALUES FROM (%L) TO (%L)',
                       v_name, inbox._utc_midnight(v_day), inbox._utc_midnight(v_day + 1));
        v_made := v_made + 1;
    END LOOP;
    RETURN v_made;
END;
$$;

-- The start of a UTC day, independent of the session's TimeZone.
CREATE FUNCTION inbox._utc_midnight(p_day date) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$ SELECT p_day::timestamp AT TIME ZONE 'UTC' $$;

-- The journal's partitions with the first instant after each (the upgrade's partition
-- included; the default one not), oldest first.
CREATE FUNCTION inbox.journal_partitions()
RETURNS TABLE (partition regclass, ends_at timestamptz, bytes bigint)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
    SELECT c.oid::regclass,
           CASE WHEN c.relname ~ '^journal_before_\d{8}$'
                THEN inbox._utc_midnight(to_date(right(c.relname, 8), 'YYYYMMDD'))
                ELSE inbox._utc_midnight(to_date(right(c.relname, 8), 'YYYYMMDD') + 1) END,
           pg_total_relation_size(c.oid)
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'inbox.journal'::regclass
       AND c.relname ~ '^journal_(before_)?\d{8}$'
     ORDER BY 2
$$;

DO $$
DECLARE
    v_cut    date;
    v_next   bigint;
    v_kept   text;
    v_empty  boolean;
    v_index  record;
    v_grant  record;
BEGIN
    SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END INTO v_next
      FROM inbox.journal_id_seq;
    SELECT NOT EXISTS (SELECT 1 FROM inbox.journal) INTO v_empty;
    -- The old rows' partition ends at the next UTC midnight, or after the newest of the last
    -- 100,000 entries if one is dated later (a fill with a clock ahead); read through the id
    -- index, not a scan. An older entry dated later still is named by the error below.
    SELECT greatest((now() AT TIME ZONE 'UTC')::date,
                    max((j.at AT TIME ZONE 'UTC')::date)) + 1
      INTO v_cut
      FROM inbox.journal j
     WHERE j.id > v_next - 100000;
    v_kept := 'journal_before_' || to_char(v_cut, 'YYYYMMDD');

    ALTER TABLE inbox.journal RENAME TO journal_unpartitioned;
    ALTER TABLE inbox.journal_unpartitioned DROP CONSTRAINT journal_event_id_fkey;
    ALTER TABLE inbox.journal_unpartitioned ALTER COLUMN id DROP IDENTITY;
    FOR v_index IN SELECT i.relname FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
                    WHERE x.indrelid = 'inbox.journal_unpartitioned'::regclass LOOP
        EXECUTE format('ALTER INDEX inbox.%I RENAME TO %I', v_index.relname,
                       v_kept || substring(v_index.relname FROM 8));
    END LOOP;

    CREATE TABLE inbox.journal (
        id        bigint GENERATED ALWAYS AS IDENTITY,
        event_id  bigint,
        at        timestamptz NOT NULL DEFAULT clock_timestamp(),
        entry     text NOT NULL,
        actor     text NOT NULL DEFAULT session_user,
        detail    jsonb,
        by_person boolean NOT NULL DEFAULT false
    ) PARTITION BY RANGE (at);
    EXECUTE format('ALTER TABLE inbox.journal ALTER COLUMN id RESTART WITH %s', v_next);
    CREATE INDEX journal_id_idx ON inbox.journal (id);
    CREATE INDEX journal_event_idx ON inbox.journal (event_id, id);
    CREATE INDEX journal_person_idx ON inbox.journal (at DESC, id DESC) WHERE by_person;
    -- The same readers as before (support and above, through the schema-wide grant of 0004).
    FOR v_grant IN SELECT a.grantee::regrole::text AS grantee, a.privilege_type
                     FROM pg_class c, aclexplode(c.relacl) a
                    WHERE c.oid = 'inbox.journal_unpartitioned'::regclass
                      AND a.grantee <> c.relowner AND a.grantee <> 0 LOOP
        EXECUTE format('GRANT %s ON inbox.journal TO %I', v_grant.privilege_type, v_grant.grantee);
    END LOOP;

    IF v_empty THEN
        DROP TABLE inbox.journal_unpartitioned;
    ELSE
        EXECUTE format('ALTER TABLE inbox.journal_unpartitioned RENAME TO %I', v_kept);
        -- One scan of the old rows against the bound; their indexes are taken as they are.
        BEGIN
            EXECUTE format('ALTER TABLE inbox.journal ATTACH PARTITION inbox.%I '
                           'FOR VALUES FROM (MINVALUE) TO (%L)', v_kept,
                           inbox._utc_midnight(v_cut));
        EXCEPTION WHEN check_violation THEN
            RAISE EXCEPTION 'migration 34: inbox.journal has entries dated % or later',
                            inbox._utc_midnight(v_cut)
                USING ERRCODE = 'check_violation',
                      HINT = 'Move their "at" back (they are in the future) and migrate again.';
        END;
    END IF;
    CREATE TABLE inbox.journal_default PARTITION OF inbox.journal DEFAULT;
    PERFORM inbox.journal_partitions_ensure((now() AT TIME ZONE 'UTC')::date,
                                            (now() AT TIME ZONE 'UTC')::date + 14);
END;
$$;

REVOKE ALL ON FUNCTION inbox.journal_partitions_ensure(date, date), inbox.journal_partitions(),
    inbox._utc_midnight(date) FROM PUBLIC;

-- accept and accept_many take back the insert of a key that prune kept (0033) by deleting the
-- new event row, and its 'received' entry went with it through the foreign key. The entry is
-- deleted by the same statement now. It was written in this transaction, so `at >= now()`
-- holds and keeps the delete to today's partitions. The two functions are otherwise as 0033
-- wrote them: the one statement is replaced in their text (exactly once each, or the
-- migration fails) rather than both copied here whole; resources/schema/current.sql has them
-- in full.
DO $$
DECLARE
    v_fn   regprocedure;
    v_old  text;
    v_new  text;
    v_def  text;
BEGIN
    FOR v_fn, v_old, v_new IN VALUES
        ('inbox.accept(text, text, bytea, text, timestamptz, text, text)'::regprocedure,
         'DELETE FROM inbox.events e WHERE e.id = v_id RETURNING e.source',
         'DELETE FROM inbox.events e WHERE e.id = v_id RETURNING e.source
                ), taken_back_entries AS (
                    DELETE FROM inbox.journal j WHERE j.event_id = v_id AND j.at >= now()'),
        ('inbox.accept_many(text[], text[], bytea[], text[], timestamptz[], text[], text[])'::regprocedure,
         'DELETE FROM inbox.events e WHERE e.id = ANY (v_kept_ids) RETURNING e.source',
         'DELETE FROM inbox.events e WHERE e.id = ANY (v_kept_ids) RETURNING e.source
            ), taken_back_entries AS (
                DELETE FROM inbox.journal j WHERE j.event_id = ANY (v_kept_ids) AND j.at >= now()')
    LOOP
        v_def := pg_get_functiondef(v_fn);
        IF array_length(string_to_array(v_def, v_old), 1) <> 2 THEN
            RAISE EXCEPTION 'migration 34: % does not hold its take-back statement exactly once', v_fn;
        END IF;
        EXECUTE replace(v_def, v_old, v_new);
    END LOOP;
END;
$$;

-- The journal by whole days: every day partition that ends before the journal's horizon is
-- dropped, and the default partition's rows older than it are deleted; then the days up to two
-- weeks ahead are made. The horizon is the longest of p_older_than and the sources' own days
-- (a source kept for ever keeps its events and bodies, not the journal's history: the journal
-- is retained by time for every source). Returns the number of partitions dropped.
--
-- A function of its own, called after prune in a transaction of its own, not a step of
-- prune: dropping a partition takes an ACCESS EXCLUSIVE lock on inbox.journal, and prune
-- holds the row locks of the events it deleted until it commits. A delivery of such a key
-- waits for prune while holding its own lock on the journal, so prune waiting for the
-- journal would be a deadlock that PostgreSQL resolves by aborting the delivery. Here nothing
-- else is held while the lock is awaited: each try waits at most 200 ms (a long reader would
-- otherwise hold every writer queued behind this one), and after five tries the journal is
-- left as it was (`busy` in the entry) rather than stall the inbox: the days go next time.
CREATE FUNCTION inbox.prune_journal(p_older_than interval DEFAULT interval '90 days')
RETURNS int
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    v_horizon interval;
    v_before  timestamptz;
    v_dropped jsonb := '[]'::jsonb;
    v_count   int := 0;
    v_bytes   bigint := 0::bigint;
    v_default bigint := 0::bigint;
    v_made    int := 0;
    v_busy    boolean := true;
    v_part    record;
BEGIN
    IF p_older_than IS NULL THEN
        RAISE EXCEPTION 'p_older_than must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_older_than < interval '1 day' THEN
        RAISE EXCEPTION 'p_older_than must be at least 1 day, got %', p_older_than
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT greatest(p_older_than, max(make_interval(days => r.days)) FILTER (WHERE NOT r.keep))
      INTO v_horizon
      FROM inbox.source_retention r;
    v_horizon := coalesce(v_horizon, p_older_than);
    v_before := now() - v_horizon;

    FOR v_try IN 1..5 LOOP
        BEGIN
            PERFORM set_config('lock_timeout', '200ms', true);
            -- ONLY: the parent is what every writer and reader passes, and what DROP needs.
            -- Locking the partitions too would wait for autovacuum on today's, which is
            -- busy most of a busy day and never yields to a wait shorter than
            -- deadlock_timeout.
            LOCK TABLE ONLY inbox.journal IN ACCESS EXCLUSIVE MODE;
            FOR v_part IN SELECT p.partition, p.bytes FROM inbox.journal_partitions() p
                           WHERE p.ends_at <= v_before LOOP
                v_bytes := v_bytes + v_part.bytes;
                v_count := v_count + 1;
                v_dropped := v_dropped || to_jsonb(v_part.partition::text);
                EXECUTE format('DROP TABLE %s', v_part.partition);
            END LOOP;
            DELETE FROM inbox.journal_default d WHERE d.at < v_before;
            GET DIAGNOSTICS v_default = ROW_COUNT;
            v_made := inbox.journal_partitions_ensure();
            v_busy := false;
            EXIT;
        EXCEPTION WHEN lock_not_available OR deadlock_detected THEN
            v_dropped := '[]'::jsonb;
            v_count := 0;
            v_bytes := 0::bigint;
            v_default := 0::bigint;
            PERFORM pg_sleep(0.1 * v_try);
        END;
    END LOOP;

    INSERT INTO inbox.journal (event_id, entry, detail, by_person)
    VALUES (NULL, 'journal_pruned',
            jsonb_build_object('older_than', p_older_than::text, 'before', v_before,
                               'dropped', v_dropped, 'bytes', v_bytes,
                               'default_deleted', v_default, 'made', v_made, 'busy', v_busy),
            true);
    RETURN v_count;
END;
$$;
REVOKE ALL ON FUNCTION inbox.prune_journal(interval) FROM PUBLIC;
