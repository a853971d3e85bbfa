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
