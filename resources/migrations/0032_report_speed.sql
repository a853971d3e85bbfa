-- Migration 32: the Report's import and figures, faster (issue 35). Nothing stored changes.
--
-- normalize_phone, normalize_email   the same results as 0003's bodies for every input (the
--                                    inbox's duplicate detection and every stored phone_norm
--                                    and email_norm depend on them; tst_normalize compares
--                                    the two over a corpus of tricky values), with less work:
--                                    a phone of digits and ' +-().' only skips the extension
--                                    regex, the digits are kept with translate instead of a
--                                    regex, and the placeholder checks compare with translate
--                                    instead of a back-reference regex ('^(.)\1*$', the
--                                    dearest call of the old body); an e-mail without '<'
--                                    skips the 'Name <address>' regex and 'mailto:' is a
--                                    prefix test. Still plpgsql, SECURITY DEFINER and pinned
--                                    to pg_catalog, pg_temp, as §5 says of every function a
--                                    role may call.
-- _baseline_dups                     the (row, key) entries come from three scans (one per
--                                    kind) instead of a lateral union per row, the kind is
--                                    sorted as an integer (the text kind was compared under
--                                    the database's collation), and it runs without JIT
--                                    (100,000 rows made the planner compile the statement,
--                                    about 0.5 s of the summary) and with work_mem 64MB, so
--                                    the sort of 300,000 entries stays in memory.
-- _baseline_chains                   without JIT and with work_mem 64MB, for the same reasons.
-- import_baseline                    one pass over the arrays finds whether a row lacks a value
--                                    or has a bad one and the period (0031 made three); the
--                                    statements naming the first such row run only then, so
--                                    the errors and their order are 0031's.
--
-- The figures are the same: same partition, same order, same window rule.

CREATE OR REPLACE FUNCTION inbox.normalize_phone(p_phone text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    d text;
    n int;
BEGIN
    IF p_phone IS NULL THEN
        RETURN NULL;
    END IF;
    -- Only digits and ' +-().': no extension marker can be there (none of those characters is
    -- a case variant of a letter of the pattern), and the digits are what is left without
    -- the punctuation. Otherwise the extension is cut as in 0003 and every character that is
    -- not a digit is dropped (the inner translate lists them).
    IF translate(p_phone, '0123456789 +-().', '') = '' THEN
        d := translate(p_phone, ' +-().', '');
    ELSE
        d := regexp_replace(p_phone, '(доб|ext|вн|x|#).*$', '', 'i');
        d := translate(d, translate(d, '0123456789', ''), '');
    END IF;
    -- International call prefixes: 00 (most of the world) and 810 (Russia's old one).
    IF starts_with(d, '00') THEN
        d := substr(d, 3);
    ELSIF starts_with(d, '810') AND length(d) > 11 THEN
        d := substr(d, 4);
    END IF;
    n := length(d);
    IF n = 11 AND starts_with(d, '8') THEN
        d := '7' || substr(d, 2);              -- Russian trunk prefix 8
    ELSIF n = 10 AND starts_with(d, '9') THEN
        d := '7' || d;                         -- bare Russian mobile
        n := 11;
    END IF;
    -- Too short or too long; all one digit ('0000000000'); a Russian number whose ten
    -- national digits are all one digit ('+7 (000) 000-00-00', '79999999999').
    IF n < 8 OR n > 15 OR translate(d, left(d, 1), '') = ''
       OR (n = 11 AND starts_with(d, '7') AND translate(substr(d, 3), substr(d, 2, 1), '') = '')
    THEN
        RETURN NULL;
    END IF;
    RETURN d;
END;
$$;

CREATE OR REPLACE FUNCTION inbox.normalize_email(p_email text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    e        text;
    v_at     int;
    v_local  text;
    v_domain text;
BEGIN
    IF p_email IS NULL THEN
        RETURN NULL;
    END IF;
    e := lower(btrim(p_email, E' \t\r\n'));
    IF strpos(e, '<') > 0 AND e ~ '<[^<>]*>' THEN
        e := substring(e FROM '<([^<>]*)>');   -- 'Name <address>'
    END IF;
    e := btrim(e, E' \t\r\n');
    IF starts_with(e, 'mailto:') THEN
        e := substr(e, 8);
    END IF;
    IF e !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:].]+$' THEN
        RETURN NULL;
    END IF;
    v_at := strpos(e, '@');                    -- the only '@' (the pattern above)
    v_local := left(e, v_at - 1);
    v_domain := rtrim(substr(e, v_at + 1), '.');
    IF v_domain IN ('gmail.com', 'googlemail.com') THEN
        v_local := replace(split_part(v_local, '+', 1), '.', '');
        v_domain := 'gmail.com';
    ELSIF v_domain IN ('ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua') THEN
        v_domain := 'yandex.ru';
    END IF;
    IF v_local = ''
       OR v_local IN ('unknown', 'noreply', 'no-reply', 'no_reply', 'donotreply', 'do-not-reply',
                      'do_not_reply', 'mailer-daemon', 'none', 'null', 'nomail', 'no-email', 'noemail')
       OR (v_local = 'test' AND v_domain LIKE 'test%')
       OR v_domain IN ('example.com', 'example.org', 'example.net')
       OR v_domain LIKE '%.invalid' OR v_domain LIKE '%.example' THEN
        RETURN NULL;
    END IF;
    RETURN v_local || '@' || v_domain;
END;
$$;

CREATE OR REPLACE FUNCTION inbox._baseline_dups(p_baseline_id bigint, p_window interval)
RETURNS TABLE(line int, d_ext boolean, d_phone boolean, d_email boolean)
LANGUAGE sql STABLE
SET search_path = pg_catalog, pg_temp SET jit = off SET work_mem = '64MB'
AS $$
    -- kind: 1 external id (source and id), 2 phone, 3 e-mail.
    WITH e AS (
        SELECT 1 AS kind, (r.source || E'\x1f' || r.external_id) COLLATE "C" AS pkey, r.line,
               r.created_at
          FROM inbox.baseline_rows r
         WHERE r.baseline_id = p_baseline_id AND r.external_id IS NOT NULL
        UNION ALL
        SELECT 2, unnest(r.phone_norms) COLLATE "C", r.line, r.created_at
          FROM inbox.baseline_rows r
         WHERE r.baseline_id = p_baseline_id
        UNION ALL
        SELECT 3, unnest(r.email_norms) COLLATE "C", r.line, r.created_at
          FROM inbox.baseline_rows r
         WHERE r.baseline_id = p_baseline_id
    ), b AS (
        SELECT e.kind, e.line,
               CASE WHEN e.kind = 1 THEN lag(e.line) OVER w IS NOT NULL
                    ELSE coalesce(e.created_at - lag(e.created_at) OVER w <= p_window, false)
               END AS dup
          FROM e
        WINDOW w AS (PARTITION BY e.kind, e.pkey ORDER BY e.created_at, e.line)
    )
    SELECT b.line, bool_or(b.kind = 1 AND b.dup), bool_or(b.kind = 2 AND b.dup),
           bool_or(b.kind = 3 AND b.dup)
      FROM b
     WHERE b.dup
     GROUP BY b.line;
$$;

ALTER FUNCTION inbox._baseline_chains(bigint, interval, text, text) SET jit = off;
ALTER FUNCTION inbox._baseline_chains(bigint, interval, text, text) SET work_mem = '64MB';

CREATE OR REPLACE FUNCTION inbox.import_baseline(p_name text, p_file_name text, p_layout_name text,
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
    v_null_at bigint;
    v_bad_at  bigint;
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

    -- One pass finds whether any row lacks a value or has a bad one, and the period; the
    -- statements that name the first such row run only when there is one (0032: the three
    -- passes of 0031 over 100,000 rows cost about 0.3 s).
    SELECT min(x.i) FILTER (WHERE x.l IS NULL OR x.s IS NULL OR x.c IS NULL),
           min(x.i) FILTER (WHERE x.l < 1 OR x.s = '' OR char_length(x.s) > 64
                                  OR x.s ~ '[\x01-\x1f\x7f]' OR char_length(x.e) > 1024),
           min(x.c), max(x.c)
      INTO v_null_at, v_bad_at, v_first, v_last
      FROM unnest(p_lines, p_sources, p_external_ids, p_created_ats) WITH ORDINALITY
           AS x(l, s, e, c, i);
    IF v_null_at IS NOT NULL THEN
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
    END IF;
    IF v_bad_at IS NOT NULL THEN
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
