-- Migration 31: the Report's baselines and the re-measure (issue 35). A manager imports a
-- month's CRM export from before the inbox; the database keeps it and counts its duplicates
-- with the contract's own normalization, and counts the same figures for a later period from
-- the inbox's own counters, so the two can be put side by side.
--
-- baselines         one row per imported export: who imported which file when, its period
--                   and how many rows were stored and how many lines could not be read.
-- baseline_rows     the export's rows as stored, with their phones and e-mails normalized
--                   by inbox.normalize_phone / normalize_email (arrays: a CRM row often has a
--                   work and a mobile phone, and either one makes a duplicate).
-- import_baseline   managers: a whole export in one call (parallel arrays), journaled.
-- delete_baseline   managers: a baseline and its rows, journaled.
-- baseline_list, baseline_summary, baseline_daily, baseline_groups, baseline_group_rows
--                   readers: the figures, the duplicate groups and a group's rows.
-- remeasure, remeasure_reasons
--                   readers: the same figures from the inbox for a period of UTC days.
--
-- Nothing is deleted or merged from the inbox by any of these; an import only adds its rows.
--
-- Who reads: the new group role inbox_report. Support and above read every table through the
-- default privileges of step 4, and operators are members of support, so granting the read
-- functions to support would give them to operators too. inbox_report is a member of no role;
-- managers are members of it, and a support login that should read the Report gets it
-- directly (GRANT inbox_report TO alice). The two new tables are not readable by support.

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'inbox_report') THEN
        CREATE ROLE inbox_report NOLOGIN;
    END IF;
    IF NOT pg_has_role('inbox_manager', 'inbox_report', 'MEMBER') THEN
        GRANT inbox_report TO inbox_manager;
    END IF;
END;
$$;

GRANT USAGE ON SCHEMA inbox TO inbox_report;

CREATE TABLE inbox.baselines (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    file_name        text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 1000),
    layout_name      text CHECK (char_length(layout_name) <= 200),
    imported_by      text NOT NULL DEFAULT session_user,
    imported_at      timestamptz NOT NULL DEFAULT now(),
    period_first     timestamptz NOT NULL,   -- the earliest created_at of its rows
    period_last      timestamptz NOT NULL,   -- the latest
    row_count        int NOT NULL CHECK (row_count > 0),
    unreadable_lines int NOT NULL CHECK (unreadable_lines >= 0)
);

CREATE TABLE inbox.baseline_rows (
    baseline_id bigint NOT NULL REFERENCES inbox.baselines (id) ON DELETE CASCADE,
    line        int NOT NULL CHECK (line > 0),  -- where the record starts in the file
    source      text COLLATE "C" NOT NULL,
    external_id text COLLATE "C",
    created_at  timestamptz NOT NULL,
    phones      text[] NOT NULL DEFAULT '{}',   -- as the CRM wrote them
    emails      text[] NOT NULL DEFAULT '{}',
    name        text,
    phone_norms text[] NOT NULL DEFAULT '{}',   -- distinct non-NULL normalize_phone(phones)
    email_norms text[] NOT NULL DEFAULT '{}',   -- distinct non-NULL normalize_email(emails)
    PRIMARY KEY (baseline_id, line)
);

REVOKE ALL ON inbox.baselines, inbox.baseline_rows FROM PUBLIC, inbox_support;

-- The re-measure counts the candidate pairs flagged in a period, whatever their status.
CREATE INDEX duplicate_candidates_created_idx ON inbox.duplicate_candidates (created_at);

-- Every (row, key) of a baseline with its group: the rows of one source with one external id
-- are one group whatever their times; the rows sharing a normalized phone (or e-mail) form
-- chains in which each row follows the previous one by at most p_window. first_line names the
-- group (its first row); pos is the row's place in it, so the rows with pos > 1 are the
-- duplicates. The keys come from one scan of the baseline's rows (its primary key range);
-- p_kind and p_key, when given, keep only that kind's (that key's) rows before the sort.
CREATE FUNCTION inbox._baseline_chains(p_baseline_id bigint, p_window interval,
                                       p_kind text DEFAULT NULL, p_key text DEFAULT NULL)
RETURNS TABLE(kind text, key text, line int, source text, created_at timestamptz,
              first_line int, pos bigint)
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp
AS $$
    -- One sort: both windows have the same partition and order. A group starts where brk is
    -- 1; the running max of (row number << 32 | line) over the starts so far is the current
    -- group's start, which gives its first line and each row's place in it.
    WITH e AS (
        SELECT k.kind, k.pkey COLLATE "C" AS pkey, k.key, r.line, r.source::text AS source,
               r.created_at, k.kind <> 'external_id' AS windowed
          FROM inbox.baseline_rows r
         CROSS JOIN LATERAL (
               SELECT 'external_id'::text AS kind, r.source || E'\x1f' || r.external_id AS pkey,
                      r.external_id::text AS key
                WHERE r.external_id IS NOT NULL
               UNION ALL
               SELECT 'phone', v.v, v.v FROM unnest(r.phone_norms) AS v(v)
               UNION ALL
               SELECT 'email', v.v, v.v FROM unnest(r.email_norms) AS v(v)) k
         WHERE r.baseline_id = p_baseline_id AND (p_kind IS NULL OR k.kind = p_kind)
           AND (p_key IS NULL OR k.key = p_key)
    ), b AS (
        SELECT e.*, row_number() OVER w AS rn,
               CASE WHEN NOT e.windowed AND lag(e.line) OVER w IS NOT NULL THEN 0
                    WHEN e.windowed AND e.created_at - lag(e.created_at) OVER w <= p_window
                      THEN 0
                    ELSE 1 END AS brk
          FROM e
        WINDOW w AS (PARTITION BY e.kind, e.pkey ORDER BY e.created_at, e.line)
    ), c AS (
        SELECT b.*, max(CASE WHEN b.brk = 1 THEN (b.rn << 32) | b.line END)
                        OVER (PARTITION BY b.kind, b.pkey ORDER BY b.created_at, b.line) AS start
          FROM b
    )
    SELECT c.kind, c.key, c.line, c.source, c.created_at, (c.start & 4294967295)::int,
           c.rn - (c.start >> 32) + 1
      FROM c;
$$;

REVOKE ALL ON FUNCTION inbox._baseline_chains(bigint, interval, text, text) FROM PUBLIC;

-- The rows that are duplicates, and of which kind: what the summary and the days count. The
-- same rule as _baseline_chains (a row is not first in its group when the previous row of its
-- key is in the same group), for one window pass instead of two.
CREATE FUNCTION inbox._baseline_dups(p_baseline_id bigint, p_window interval)
RETURNS TABLE(line int, d_ext boolean, d_phone boolean, d_email boolean)
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp
AS $$
    WITH e AS (
        SELECT k.kind, k.pkey COLLATE "C" AS pkey, r.line, r.created_at
          FROM inbox.baseline_rows r
         CROSS JOIN LATERAL (
               SELECT 'external_id'::text AS kind, r.source || E'\x1f' || r.external_id AS pkey
                WHERE r.external_id IS NOT NULL
               UNION ALL
               SELECT 'phone', v.v FROM unnest(r.phone_norms) AS v(v)
               UNION ALL
               SELECT 'email', v.v FROM unnest(r.email_norms) AS v(v)) k
         WHERE r.baseline_id = p_baseline_id
    ), b AS (
        SELECT e.kind, e.line,
               CASE WHEN e.kind = 'external_id' THEN lag(e.line) OVER w IS NOT NULL
                    ELSE coalesce(e.created_at - lag(e.created_at) OVER w <= p_window, false)
               END AS dup
          FROM e
        WINDOW w AS (PARTITION BY e.kind, e.pkey ORDER BY e.created_at, e.line)
    )
    SELECT b.line, bool_or(b.kind = 'external_id' AND b.dup), bool_or(b.kind = 'phone' AND b.dup),
           bool_or(b.kind = 'email' AND b.dup)
      FROM b
     WHERE b.dup
     GROUP BY b.line;
$$;

REVOKE ALL ON FUNCTION inbox._baseline_dups(bigint, interval) FROM PUBLIC;

-- The argument checks every reader shares: the baseline exists, the window is sane.
CREATE FUNCTION inbox._check_baseline(p_baseline_id bigint, p_window interval)
RETURNS void
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    IF p_baseline_id IS NULL THEN
        RAISE EXCEPTION 'p_baseline_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_window IS NULL THEN
        RAISE EXCEPTION 'p_window must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_window <= interval '0' OR p_window > interval '90 days' THEN
        RAISE EXCEPTION 'p_window must be more than 0 and at most 90 days, got %', p_window
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM inbox.baselines b WHERE b.id = p_baseline_id) THEN
        RAISE EXCEPTION 'p_baseline_id: there is no baseline %', p_baseline_id
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
END;
$$;

REVOKE ALL ON FUNCTION inbox._check_baseline(bigint, interval) FROM PUBLIC;

CREATE FUNCTION inbox.import_baseline(p_name text, p_file_name text, p_layout_name text,
                                      p_unreadable_lines int, p_lines int[], p_sources text[],
                                      p_external_ids text[], p_created_ats timestamptz[],
                                      p_phones text[], p_emails text[], p_names text[])
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $_$
DECLARE
    v_n   int;
    v_bad text;
    v_id  bigint;
    v_first timestamptz;
    v_last  timestamptz;
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
    IF p_lines IS NULL THEN
        RAISE EXCEPTION 'p_lines must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_sources IS NULL THEN
        RAISE EXCEPTION 'p_sources must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_external_ids IS NULL THEN
        RAISE EXCEPTION 'p_external_ids must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_created_ats IS NULL THEN
        RAISE EXCEPTION 'p_created_ats must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_phones IS NULL THEN
        RAISE EXCEPTION 'p_phones must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_emails IS NULL THEN
        RAISE EXCEPTION 'p_emails must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_names IS NULL THEN
        RAISE EXCEPTION 'p_names must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    v_n := coalesce(cardinality(p_lines), 0);
    IF array_ndims(p_lines) > 1 OR array_ndims(p_sources) > 1 OR array_ndims(p_external_ids) > 1
       OR array_ndims(p_created_ats) > 1 OR array_ndims(p_phones) > 1
       OR array_ndims(p_emails) > 1 OR array_ndims(p_names) > 1
       OR coalesce(cardinality(p_sources), 0) <> v_n
       OR coalesce(cardinality(p_external_ids), 0) <> v_n
       OR coalesce(cardinality(p_created_ats), 0) <> v_n
       OR coalesce(cardinality(p_phones), 0) <> v_n
       OR coalesce(cardinality(p_emails), 0) <> v_n
       OR coalesce(cardinality(p_names), 0) <> v_n THEN
        RAISE EXCEPTION 'the arrays must have the same length (p_lines has %)', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_n = 0 OR v_n > 1000000 THEN
        RAISE EXCEPTION 'p_lines must hold 1..1000000 rows, got %', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT CASE WHEN x.l IS NULL THEN 'p_lines[' || x.i || '] must not be NULL'
                WHEN x.s IS NULL THEN 'p_sources[' || x.i || '] must not be NULL'
                WHEN x.c IS NULL THEN 'p_created_ats[' || x.i || '] must not be NULL'
           END
      INTO v_bad
      FROM unnest(p_lines, p_sources, p_created_ats) WITH ORDINALITY AS x(l, s, c, i)
     WHERE x.l IS NULL OR x.s IS NULL OR x.c IS NULL
     ORDER BY x.i
     LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT CASE WHEN x.l < 1 THEN 'p_lines[' || x.i || '] must be positive, got ' || x.l
                WHEN x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
                  THEN 'p_sources[' || x.i || '] must be 1..64 characters without control characters'
                WHEN char_length(x.e) > 1024
                  THEN 'p_external_ids[' || x.i || '] must be at most 1024 characters'
           END
      INTO v_bad
      FROM unnest(p_lines, p_sources, p_external_ids) WITH ORDINALITY AS x(l, s, e, i)
     WHERE x.l < 1 OR x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
        OR char_length(x.e) > 1024
     ORDER BY x.i
     LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT 'p_lines has line ' || x.l || ' more than once'
      INTO v_bad
      FROM unnest(p_lines) AS x(l)
     GROUP BY x.l
    HAVING count(*) > 1
     ORDER BY x.l
     LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'invalid_parameter_value';
    END IF;

    SELECT min(x.c), max(x.c) INTO v_first, v_last FROM unnest(p_created_ats) AS x(c);
    INSERT INTO inbox.baselines (name, file_name, layout_name, period_first, period_last,
                                 row_count, unreadable_lines)
    VALUES (btrim(p_name), p_file_name, nullif(btrim(p_layout_name), ''), v_first, v_last, v_n,
            p_unreadable_lines)
    RETURNING id INTO v_id;

    -- Phones and e-mails arrive one string per row, several values separated by line breaks
    -- (which no phone or address contains). Most rows have one, which is normalized without a
    -- subquery; each value is normalized once.
    INSERT INTO inbox.baseline_rows (baseline_id, line, source, external_id, created_at, phones,
                                     emails, name, phone_norms, email_norms)
    SELECT v_id, x.l, x.s, nullif(btrim(x.e), ''), x.c,
           CASE WHEN coalesce(btrim(x.ph), '') = '' THEN '{}'::text[]
                WHEN strpos(x.ph, E'\n') = 0 THEN ARRAY[x.ph]
                ELSE ARRAY(SELECT v.v FROM unnest(string_to_array(x.ph, E'\n'))
                                  WITH ORDINALITY AS v(v, o)
                            WHERE btrim(v.v) <> '' ORDER BY v.o) END,
           CASE WHEN coalesce(btrim(x.em), '') = '' THEN '{}'::text[]
                WHEN strpos(x.em, E'\n') = 0 THEN ARRAY[x.em]
                ELSE ARRAY(SELECT v.v FROM unnest(string_to_array(x.em, E'\n'))
                                  WITH ORDINALITY AS v(v, o)
                            WHERE btrim(v.v) <> '' ORDER BY v.o) END,
           nullif(btrim(x.n), ''),
           CASE WHEN coalesce(btrim(x.ph), '') = '' THEN '{}'::text[]
                WHEN strpos(x.ph, E'\n') = 0
                  THEN array_remove(ARRAY[inbox.normalize_phone(x.ph)], NULL)
                ELSE ARRAY(SELECT DISTINCT n.n FROM unnest(string_to_array(x.ph, E'\n')) AS v(v)
                                  CROSS JOIN LATERAL inbox.normalize_phone(v.v) AS n(n)
                            WHERE n.n IS NOT NULL ORDER BY n.n) END,
           CASE WHEN coalesce(btrim(x.em), '') = '' THEN '{}'::text[]
                WHEN strpos(x.em, E'\n') = 0
                  THEN array_remove(ARRAY[inbox.normalize_email(x.em)], NULL)
                ELSE ARRAY(SELECT DISTINCT n.n FROM unnest(string_to_array(x.em, E'\n')) AS v(v)
                                  CROSS JOIN LATERAL inbox.normalize_email(v.v) AS n(n)
                            WHERE n.n IS NOT NULL ORDER BY n.n) END
      FROM unnest(p_lines, p_sources, p_external_ids, p_created_ats, p_phones, p_emails, p_names)
           AS x(l, s, e, c, ph, em, n);

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

REVOKE ALL ON FUNCTION inbox.import_baseline(text, text, text, int, int[], text[], text[],
                                             timestamptz[], text[], text[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.import_baseline(text, text, text, int, int[], text[], text[],
                                                timestamptz[], text[], text[], text[])
    TO inbox_manager;

CREATE FUNCTION inbox.delete_baseline(p_baseline_id bigint)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    b inbox.baselines;
BEGIN
    IF p_baseline_id IS NULL THEN
        RAISE EXCEPTION 'p_baseline_id must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    DELETE FROM inbox.baselines x WHERE x.id = p_baseline_id RETURNING x.* INTO b;
    IF b.id IS NULL THEN
        RETURN false;
    END IF;
    INSERT INTO inbox.journal (entry, detail, by_person)
    VALUES ('baseline_deleted',
            jsonb_build_object('baseline_id', b.id, 'name', b.name, 'file_name', b.file_name,
                               'rows', b.row_count, 'imported_by', b.imported_by,
                               'imported_at', b.imported_at),
            true);
    PERFORM inbox._notify('baselines');
    RETURN true;
END;
$$;

REVOKE ALL ON FUNCTION inbox.delete_baseline(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.delete_baseline(bigint) TO inbox_manager;

CREATE FUNCTION inbox.baseline_list()
RETURNS TABLE(id bigint, name text, file_name text, layout_name text, imported_by text,
              imported_at timestamptz, period_first timestamptz, period_last timestamptz,
              row_count int, unreadable_lines int)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
    SELECT b.id, b.name, b.file_name, b.layout_name, b.imported_by, b.imported_at,
           b.period_first, b.period_last, b.row_count, b.unreadable_lines
      FROM inbox.baselines b
     ORDER BY b.imported_at DESC, b.id DESC;
$$;

REVOKE ALL ON FUNCTION inbox.baseline_list() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.baseline_list() TO inbox_report;

CREATE FUNCTION inbox.baseline_summary(p_baseline_id bigint,
                                       p_window interval DEFAULT interval '24 hours')
RETURNS TABLE(source text, rows bigint, dup_external_id bigint, dup_phone bigint,
              dup_email bigint, duplicates bigint, share_external_id numeric,
              share_phone numeric, share_email numeric, share numeric)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    PERFORM inbox._check_baseline(p_baseline_id, p_window);
    RETURN QUERY
    WITH m AS (
        SELECT d.line, d.d_ext, d.d_phone, d.d_email
          FROM inbox._baseline_dups(p_baseline_id, p_window) d
    ), s AS (
        SELECT r.source::text AS source, count(*) AS n,
               count(*) FILTER (WHERE m.d_ext) AS d_ext,
               count(*) FILTER (WHERE m.d_phone) AS d_phone,
               count(*) FILTER (WHERE m.d_email) AS d_email,
               count(m.line) AS d_any
          FROM inbox.baseline_rows r
          LEFT JOIN m ON m.line = r.line
         WHERE r.baseline_id = p_baseline_id
         GROUP BY r.source
    )
    SELECT s.source, s.n, s.d_ext, s.d_phone, s.d_email, s.d_any,
           round(s.d_ext::numeric / s.n, 4), round(s.d_phone::numeric / s.n, 4),
           round(s.d_email::numeric / s.n, 4), round(s.d_any::numeric / s.n, 4)
      FROM s
     ORDER BY s.source;
END;
$$;

REVOKE ALL ON FUNCTION inbox.baseline_summary(bigint, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.baseline_summary(bigint, interval) TO inbox_report;

CREATE FUNCTION inbox.baseline_daily(p_baseline_id bigint,
                                     p_window interval DEFAULT interval '24 hours')
RETURNS TABLE(day date, source text, rows bigint, dup_external_id bigint, dup_phone bigint,
              dup_email bigint, duplicates bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    PERFORM inbox._check_baseline(p_baseline_id, p_window);
    RETURN QUERY
    WITH m AS (
        SELECT d.line, d.d_ext, d.d_phone, d.d_email
          FROM inbox._baseline_dups(p_baseline_id, p_window) d
    )
    SELECT (r.created_at AT TIME ZONE 'UTC')::date, r.source::text, count(*),
           count(*) FILTER (WHERE m.d_ext), count(*) FILTER (WHERE m.d_phone),
           count(*) FILTER (WHERE m.d_email), count(m.line)
      FROM inbox.baseline_rows r
      LEFT JOIN m ON m.line = r.line
     WHERE r.baseline_id = p_baseline_id
     GROUP BY 1, 2
     ORDER BY 1, 2;
END;
$$;

REVOKE ALL ON FUNCTION inbox.baseline_daily(bigint, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.baseline_daily(bigint, interval) TO inbox_report;

CREATE FUNCTION inbox.baseline_groups(p_baseline_id bigint,
                                      p_window interval DEFAULT interval '24 hours',
                                      p_kind text DEFAULT NULL, p_limit int DEFAULT 1000)
RETURNS TABLE(kind text, key text, first_line int, rows bigint, sources text[],
              first_at timestamptz, last_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    PERFORM inbox._check_baseline(p_baseline_id, p_window);
    IF p_kind NOT IN ('external_id', 'phone', 'email') THEN
        RAISE EXCEPTION 'p_kind must be external_id, phone, email or NULL, got %', p_kind
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_limit IS NULL THEN
        RAISE EXCEPTION 'p_limit must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_limit < 1 OR p_limit > 100000 THEN
        RAISE EXCEPTION 'p_limit must be between 1 and 100000, got %', p_limit
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN QUERY
    SELECT c.kind, c.key, c.first_line, count(*),
           array_agg(DISTINCT c.source ORDER BY c.source), min(c.created_at), max(c.created_at)
      FROM inbox._baseline_chains(p_baseline_id, p_window, p_kind) c
     GROUP BY c.kind, c.key, c.first_line
    HAVING count(*) > 1
     ORDER BY count(*) DESC, c.kind, c.key, c.first_line
     LIMIT p_limit;
END;
$$;

REVOKE ALL ON FUNCTION inbox.baseline_groups(bigint, interval, text, int) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.baseline_groups(bigint, interval, text, int) TO inbox_report;

CREATE FUNCTION inbox.baseline_group_rows(p_baseline_id bigint, p_kind text, p_key text,
                                          p_first_line int,
                                          p_window interval DEFAULT interval '24 hours')
RETURNS TABLE(pos bigint, line int, source text, external_id text, created_at timestamptz,
              phones text[], emails text[], name text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    PERFORM inbox._check_baseline(p_baseline_id, p_window);
    IF p_kind IS NULL THEN
        RAISE EXCEPTION 'p_kind must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_kind NOT IN ('external_id', 'phone', 'email') THEN
        RAISE EXCEPTION 'p_kind must be external_id, phone or email, got %', p_kind
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_key IS NULL THEN
        RAISE EXCEPTION 'p_key must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_first_line IS NULL THEN
        RAISE EXCEPTION 'p_first_line must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    RETURN QUERY
    SELECT c.pos, r.line, r.source::text, r.external_id::text, r.created_at, r.phones, r.emails,
           r.name
      FROM inbox._baseline_chains(p_baseline_id, p_window, p_kind, p_key) c
      JOIN inbox.baseline_rows r ON r.baseline_id = p_baseline_id AND r.line = c.line
     WHERE c.first_line = p_first_line
     ORDER BY c.pos;
END;
$$;

REVOKE ALL ON FUNCTION inbox.baseline_group_rows(bigint, text, text, int, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.baseline_group_rows(bigint, text, text, int, interval)
    TO inbox_report;

-- The arguments of both re-measure functions: UTC days p_from .. p_to, both included.
CREATE FUNCTION inbox._check_period(p_from date, p_to date)
RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    IF p_from IS NULL THEN
        RAISE EXCEPTION 'p_from must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_to IS NULL THEN
        RAISE EXCEPTION 'p_to must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_to < p_from THEN
        RAISE EXCEPTION 'p_to must not be before p_from, got % .. %', p_from, p_to
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF p_to - p_from >= 3660 THEN
        RAISE EXCEPTION 'p_to must be less than 3660 days after p_from, got % .. %', p_from, p_to
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
END;
$$;

REVOKE ALL ON FUNCTION inbox._check_period(date, date) FROM PUBLIC;

-- Per source, from the counters and small tables only (never a scan of inbox.events):
-- daily_stats for deliveries, repeats, conflicts and failures; duplicate_candidates by its
-- created_at index for the pairs flagged in the period and what became of them;
-- refusals for what the door turned away.
CREATE FUNCTION inbox.remeasure(p_from date, p_to date)
RETURNS TABLE(source text, received bigint, repeats bigint, conflicts bigint,
              deliveries bigint, flagged bigint, merged bigint, rejected bigint,
              still_open bigint, refused bigint, failed bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    v_lo timestamptz;
    v_hi timestamptz;
BEGIN
    PERFORM inbox._check_period(p_from, p_to);
    v_lo := p_from::timestamp AT TIME ZONE 'UTC';
    v_hi := (p_to + 1)::timestamp AT TIME ZONE 'UTC';
    RETURN QUERY
    WITH d AS (
        SELECT x.source, sum(x.received) AS received, sum(x.repeats) AS repeats,
               sum(x.conflicts) AS conflicts, sum(x.failed) AS failed
          FROM inbox.daily_stats x
         WHERE x.day BETWEEN p_from AND p_to
         GROUP BY x.source
    ), c AS (
        SELECT coalesce(x.lead_channel, '') COLLATE "C" AS source, count(*) AS flagged,
               count(*) FILTER (WHERE x.status = 'merged') AS merged,
               count(*) FILTER (WHERE x.status = 'rejected') AS rejected,
               count(*) FILTER (WHERE x.status = 'open') AS still_open
          FROM inbox.duplicate_candidates x
         WHERE x.created_at >= v_lo AND x.created_at < v_hi
         GROUP BY 1
    ), f AS (
        SELECT x.source, sum(x.n) AS refused
          FROM inbox.refusals x
         WHERE x.day BETWEEN p_from AND p_to
         GROUP BY x.source
    ), s AS (
        SELECT d.source FROM d UNION SELECT c.source FROM c UNION SELECT f.source FROM f
    )
    SELECT s.source::text, coalesce(d.received, 0)::bigint, coalesce(d.repeats, 0)::bigint,
           coalesce(d.conflicts, 0)::bigint,
           (coalesce(d.received, 0) + coalesce(d.repeats, 0) + coalesce(d.conflicts, 0))::bigint,
           coalesce(c.flagged, 0), coalesce(c.merged, 0), coalesce(c.rejected, 0),
           coalesce(c.still_open, 0), coalesce(f.refused, 0)::bigint,
           coalesce(d.failed, 0)::bigint
      FROM s
      LEFT JOIN d ON d.source = s.source
      LEFT JOIN c ON c.source = s.source
      LEFT JOIN f ON f.source = s.source
     ORDER BY s.source;
END;
$$;

REVOKE ALL ON FUNCTION inbox.remeasure(date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.remeasure(date, date) TO inbox_report;

-- The reasons behind remeasure's refused and failed: refusals by their reason; the events
-- received in the period that are failed now, by why (event_queue's status index gives them
-- without touching the done events; each is then read by its key), with their error text.
CREATE FUNCTION inbox.remeasure_reasons(p_from date, p_to date)
RETURNS TABLE(source text, kind text, reason text, error text, n bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    v_lo timestamptz;
    v_hi timestamptz;
BEGIN
    PERFORM inbox._check_period(p_from, p_to);
    v_lo := p_from::timestamp AT TIME ZONE 'UTC';
    v_hi := (p_to + 1)::timestamp AT TIME ZONE 'UTC';
    RETURN QUERY
    SELECT x.source::text, 'refused'::text, x.reason::text, NULL::text, sum(x.n)::bigint
      FROM inbox.refusals x
     WHERE x.day BETWEEN p_from AND p_to
     GROUP BY x.source, x.reason
    UNION ALL
    SELECT q.source::text, 'failed'::text,
           CASE WHEN e.last_error LIKE 'lock of % expired on the last attempt' THEN 'lock_expired'
                WHEN e.error_retryable IS false THEN 'not_retryable'
                ELSE 'out_of_attempts' END,
           left(e.last_error, 200), count(*)
      FROM inbox.event_queue q
      JOIN inbox.events e ON e.id = q.id
     WHERE q.status = 'failed' AND q.received_at >= v_lo AND q.received_at < v_hi
     GROUP BY 1, 3, 4
     ORDER BY 1, 2, 5 DESC, 3, 4;
END;
$$;

REVOKE ALL ON FUNCTION inbox.remeasure_reasons(date, date) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.remeasure_reasons(date, date) TO inbox_report;
