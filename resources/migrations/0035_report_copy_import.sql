-- Migration 35: the Report's import by COPY (issue 35). Nothing stored changes.
--
-- import_baseline takes a whole export as eleven bound values, seven of them arrays of
-- 100,000 elements: the client builds seven array literals, the server parses them, and
-- nothing reaches the server before the last row of the file was read. This migration adds a
-- second way in, used by the console's `report import` and the Report screen: the rows are
-- streamed with COPY (text format) into a temporary table while the file is still being
-- read, and one call stores them. import_baseline stays as it was, for other callers.
--
-- begin_baseline_copy    managers: makes pg_temp.baseline_copy, the staging table of this
--                        session (owned by the schema owner, dropped at commit; managers
--                        may only INSERT into it, which is what COPY ... FROM STDIN needs).
-- import_baseline_copy   managers: the same checks, rows, keys and journal entry as
--                        import_baseline, from the staging table; a bad row is named by its
--                        line in the file ("line 17: ..."). It drops the staging table, so
--                        a second call in the same transaction finds nothing to import.
--
-- baseline_rows' foreign key  replaced by two statement-level triggers with the same effect
--                        for the only writers there are (import_baseline and
--                        import_baseline_copy insert rows of the baseline they inserted in
--                        the same transaction; delete_baseline deletes baselines): an insert
--                        of rows whose baseline does not exist fails with 23503, and deleting
--                        a baseline deletes its rows. The key checked every row on its own
--                        (100,000 lookups and row locks of the same baselines row, about
--                        0.5 s of a 100,000-row import here); the trigger checks the
--                        statement's rows with one join.
--
-- The three steps must run in one transaction:
--     BEGIN;
--     SELECT inbox.begin_baseline_copy();
--     COPY pg_temp.baseline_copy (line, source, external_id, created_at, phones, emails, name)
--         FROM STDIN;
--     SELECT inbox.import_baseline_copy(name, file_name, layout_name, unreadable_lines);
--     COMMIT;

ALTER TABLE inbox.baseline_rows DROP CONSTRAINT baseline_rows_baseline_id_fkey;

-- Rows only of a baseline that exists (as the foreign key did; no row is ever updated, but an
-- update is checked the same way).
CREATE FUNCTION inbox._baseline_rows_have_baseline() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    v_missing bigint;
BEGIN
    SELECT n.baseline_id INTO v_missing
      FROM new_rows n
     WHERE NOT EXISTS (SELECT 1 FROM inbox.baselines b WHERE b.id = n.baseline_id)
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'baseline_rows: baseline % does not exist', v_missing
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER baseline_rows_have_baseline_insert AFTER INSERT ON inbox.baseline_rows
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._baseline_rows_have_baseline();
CREATE TRIGGER baseline_rows_have_baseline_update AFTER UPDATE ON inbox.baseline_rows
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._baseline_rows_have_baseline();

-- A deleted baseline takes its rows with it (the key's ON DELETE CASCADE).
CREATE FUNCTION inbox._baselines_delete_rows() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    DELETE FROM inbox.baseline_rows r USING old_rows o WHERE r.baseline_id = o.id;
    RETURN NULL;
END;
$$;

CREATE TRIGGER baselines_delete_rows AFTER DELETE ON inbox.baselines
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._baselines_delete_rows();

REVOKE ALL ON FUNCTION inbox._baseline_rows_have_baseline(), inbox._baselines_delete_rows()
    FROM PUBLIC;

CREATE FUNCTION inbox.begin_baseline_copy() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    -- A copy left by an earlier failed attempt in the same transaction is started afresh.
    DROP TABLE IF EXISTS pg_temp.baseline_copy;
    -- Columns as import_baseline's arrays: phones and e-mails one string per row, several
    -- values separated by line breaks. No constraint: import_baseline_copy checks every
    -- row and names the line of the first bad one, which a constraint's error would not.
    CREATE TEMP TABLE baseline_copy (
        line        int,
        source      text COLLATE "C",
        external_id text COLLATE "C",
        created_at  timestamptz,
        phones      text,
        emails      text,
        name        text
    ) ON COMMIT DROP;
    GRANT INSERT ON pg_temp.baseline_copy TO inbox_manager;
END;
$$;

REVOKE ALL ON FUNCTION inbox.begin_baseline_copy() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.begin_baseline_copy() TO inbox_manager;

CREATE FUNCTION inbox.import_baseline_copy(p_name text, p_file_name text, p_layout_name text,
                                           p_unreadable_lines int)
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $_$
DECLARE
    v_table   regclass := to_regclass('pg_temp.baseline_copy');
    v_n       bigint;
    v_id      bigint;
    v_first   timestamptz;
    v_last    timestamptz;
    v_no_line bigint;
    v_null_at int;
    v_bad_at  int;
    v_line    int;
    v_bad     text;
BEGIN
    IF p_name IS NULL THEN
        RAISE EXCEPTION 'p_name must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF btrim(p_name) = '' OR char_length(btrim(p_name)) > 200 THEN
        RAISE EXCEPTION 'p_name must be 1..200 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_file_name IS NULL THEN
        RAISE EXCEPTION 'p_file_name must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_file_name = '' OR char_length(p_file_name) > 1000 THEN
        RAISE EXCEPTION 'p_file_name must be 1..1000 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF char_length(p_layout_name) > 200 THEN
        RAISE EXCEPTION 'p_layout_name must be at most 200 characters'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_unreadable_lines IS NULL THEN
        RAISE EXCEPTION 'p_unreadable_lines must not be NULL'
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_unreadable_lines < 0 THEN
        RAISE EXCEPTION 'p_unreadable_lines must not be negative, got %', p_unreadable_lines
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- Only the table begin_baseline_copy made (owned by this function's owner), never one of
    -- the same name the caller made: the caller's table could hold anything.
    IF v_table IS NULL OR NOT EXISTS (SELECT 1 FROM pg_class c
                                       WHERE c.oid = v_table
                                         AND c.relowner = (SELECT r.oid FROM pg_roles r
                                                            WHERE r.rolname = current_user)) THEN
        RAISE EXCEPTION 'nothing was copied: call inbox.begin_baseline_copy() and COPY the rows'
                        ' into pg_temp.baseline_copy in this transaction first'
            USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;

    -- One pass finds the count, the period and whether a row lacks a value or has a bad one;
    -- the statements that name the first such line run only when there is one.
    SELECT count(*), count(*) FILTER (WHERE c.line IS NULL),
           min(c.line) FILTER (WHERE c.source IS NULL OR c.created_at IS NULL),
           min(c.line) FILTER (WHERE c.line < 1 OR c.source = '' OR char_length(c.source) > 64
                                     OR c.source ~ '[\x01-\x1f\x7f]'
                                     OR char_length(c.external_id) > 1024),
           min(c.created_at), max(c.created_at)
      INTO v_n, v_no_line, v_null_at, v_bad_at, v_first, v_last
      FROM pg_temp.baseline_copy c;
    IF v_n = 0 OR v_n > 1000000 THEN
        RAISE EXCEPTION 'the copy must hold 1..1000000 rows, got %', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_no_line > 0 THEN
        RAISE EXCEPTION '% copied row(s) have no line number', v_no_line
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_null_at IS NOT NULL THEN
        SELECT CASE WHEN c.source IS NULL THEN 'line ' || c.line || ': source must not be NULL'
                    ELSE 'line ' || c.line || ': created_at must not be NULL' END
          INTO v_bad
          FROM pg_temp.baseline_copy c
         WHERE c.line = v_null_at AND (c.source IS NULL OR c.created_at IS NULL)
         LIMIT 1;
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF v_bad_at IS NOT NULL THEN
        SELECT CASE WHEN c.line < 1 THEN 'line numbers must be positive, got ' || c.line
                    WHEN c.source = '' OR char_length(c.source) > 64 OR c.source ~ '[\x01-\x1f\x7f]'
                      THEN 'line ' || c.line
                           || ': source must be 1..64 characters without control characters'
                    ELSE 'line ' || c.line || ': external_id must be at most 1024 characters'
               END
          INTO v_bad
          FROM pg_temp.baseline_copy c
         WHERE c.line = v_bad_at
           AND (c.line < 1 OR c.source = '' OR char_length(c.source) > 64
                OR c.source ~ '[\x01-\x1f\x7f]' OR char_length(c.external_id) > 1024)
         LIMIT 1;
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT c.line INTO v_line
      FROM pg_temp.baseline_copy c
     GROUP BY c.line
    HAVING count(*) > 1
     ORDER BY c.line
     LIMIT 1;
    IF v_line IS NOT NULL THEN
        RAISE EXCEPTION 'line % was copied more than once', v_line
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    INSERT INTO inbox.baselines (name, file_name, layout_name, period_first, period_last,
                                 row_count, unreadable_lines)
    VALUES (btrim(p_name), p_file_name, nullif(btrim(p_layout_name), ''), v_first, v_last, v_n,
            p_unreadable_lines)
    RETURNING id INTO v_id;

    -- The rows and their keys exactly as import_baseline (0032) makes them.
    INSERT INTO inbox.baseline_rows (baseline_id, line, source, external_id, created_at, phones,
                                     emails, name, phone_norms, email_norms)
    SELECT v_id, x.line, x.source, nullif(btrim(x.external_id), ''), x.created_at,
           CASE WHEN coalesce(btrim(x.phones), '') = '' THEN '{}'::text[]
                WHEN strpos(x.phones, E'\n') = 0 THEN ARRAY[x.phones]
                ELSE ARRAY(SELECT v.v FROM unnest(string_to_array(x.phones, E'\n'))
                                  WITH ORDINALITY AS v(v, o)
                            WHERE btrim(v.v) <> '' ORDER BY v.o) END,
           CASE WHEN coalesce(btrim(x.emails), '') = '' THEN '{}'::text[]
                WHEN strpos(x.emails, E'\n') = 0 THEN ARRAY[x.emails]
                ELSE ARRAY(SELECT v.v FROM unnest(string_to_array(x.emails, E'\n'))
                                  WITH ORDINALITY AS v(v, o)
                            WHERE btrim(v.v) <> '' ORDER BY v.o) END,
           nullif(btrim(x.name), ''),
           CASE WHEN coalesce(btrim(x.phones), '') = '' THEN '{}'::text[]
                WHEN strpos(x.phones, E'\n') = 0
                  THEN array_remove(ARRAY[inbox.normalize_phone(x.phones)], NULL)
                ELSE ARRAY(SELECT DISTINCT n.n FROM unnest(string_to_array(x.phones, E'\n')) AS v(v)
                                  CROSS JOIN LATERAL inbox.normalize_phone(v.v) AS n(n)
                            WHERE n.n IS NOT NULL ORDER BY n.n) END,
           CASE WHEN coalesce(btrim(x.emails), '') = '' THEN '{}'::text[]
                WHEN strpos(x.emails, E'\n') = 0
                  THEN array_remove(ARRAY[inbox.normalize_email(x.emails)], NULL)
                ELSE ARRAY(SELECT DISTINCT n.n FROM unnest(string_to_array(x.emails, E'\n')) AS v(v)
                                  CROSS JOIN LATERAL inbox.normalize_email(v.v) AS n(n)
                            WHERE n.n IS NOT NULL ORDER BY n.n) END
      FROM pg_temp.baseline_copy x;

    DROP TABLE pg_temp.baseline_copy;

    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('baseline_imported',
            jsonb_build_object('baseline_id', v_id, 'name', btrim(p_name), 'file_name',
                               p_file_name, 'layout_name', nullif(btrim(p_layout_name), ''),
                               'rows', v_n, 'unreadable_lines', p_unreadable_lines,
                               'period_first', v_first, 'period_last', v_last),
            true);
    PERFORM inbox._notify('baselines');
    RETURN v_id;
END;
$_$;

REVOKE ALL ON FUNCTION inbox.import_baseline_copy(text, text, text, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.import_baseline_copy(text, text, text, int) TO inbox_manager;
