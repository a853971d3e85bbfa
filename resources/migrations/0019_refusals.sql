-- Migration 19: the refusal counters (see docs/contract.md, "Refusals").
--
-- What a receiver refuses (a bad signature or token, a network not allowed, a body over the
-- limit, no key, an unknown path, the database unreachable...) never reaches inbox.events, so
-- until now it was seen only in the receiver's /metrics and its log. This step keeps it where
-- the console's overview reads:
--
-- refusals        one row per UTC day, source and reason: how many, the first and last time
--                 of that day, and the HTTP status of the last one. The key is bounded by
--                 the receiver, never by the sender: the source is a configured source or
--                 the one bucket '(unknown path)' (the request path itself is never a key),
--                 and the reason is a word from the receiver's fixed list.
-- count_refusals  the receiver's batch: element i of every array is one (source, reason)
--                 with its count and last status. It adds them to today's rows in key order,
--                 so two receivers flushing the same keys in any order never deadlock. It also
--                 deletes the rows of days more than 90 days back (one index range at the
--                 start of the key, so in key order too): the table stays at a few thousand
--                 rows.
--
-- inbox_ingest may call count_refusals and read nothing; support and above read the table.

CREATE TABLE inbox.refusals (
    day         date NOT NULL,
    source      text COLLATE "C" NOT NULL CHECK (char_length(source) BETWEEN 1 AND 64),
    reason      text COLLATE "C" NOT NULL CHECK (reason ~ '^[a-z][a-z0-9_]{0,31}$'),
    n           bigint NOT NULL CHECK (n > 0),
    first_at    timestamptz NOT NULL,
    last_at     timestamptz NOT NULL,
    last_status int NOT NULL CHECK (last_status BETWEEN 100 AND 599),
    PRIMARY KEY (day, source, reason)
);

REVOKE ALL ON inbox.refusals FROM PUBLIC;
GRANT SELECT ON inbox.refusals TO inbox_support;

CREATE FUNCTION inbox.count_refusals(p_sources text[], p_reasons text[], p_counts int[],
                                     p_statuses int[])
RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_n int;
    v_bad text;
    v_today date := (now() AT TIME ZONE 'UTC')::date;
    v_total bigint;
BEGIN
    IF p_sources IS NULL THEN
        RAISE EXCEPTION 'p_sources must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_reasons IS NULL THEN
        RAISE EXCEPTION 'p_reasons must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_counts IS NULL THEN
        RAISE EXCEPTION 'p_counts must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF p_statuses IS NULL THEN
        RAISE EXCEPTION 'p_statuses must not be null' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    v_n := coalesce(cardinality(p_sources), 0);
    IF array_ndims(p_sources) > 1 OR array_ndims(p_reasons) > 1 OR array_ndims(p_counts) > 1
       OR array_ndims(p_statuses) > 1 OR coalesce(cardinality(p_reasons), 0) <> v_n
       OR coalesce(cardinality(p_counts), 0) <> v_n
       OR coalesce(cardinality(p_statuses), 0) <> v_n THEN
        RAISE EXCEPTION 'the arrays must have the same length (p_sources has %)', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_n > 1000 THEN
        RAISE EXCEPTION 'at most 1000 entries per call, got %', v_n
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_n = 0 THEN
        RETURN 0::bigint;
    END IF;

    SELECT CASE WHEN x.s IS NULL THEN 'p_sources[' || x.i || '] must not be null'
                WHEN x.r IS NULL THEN 'p_reasons[' || x.i || '] must not be null'
                WHEN x.c IS NULL THEN 'p_counts[' || x.i || '] must not be null'
                WHEN x.st IS NULL THEN 'p_statuses[' || x.i || '] must not be null'
           END
      INTO v_bad
      FROM unnest(p_sources, p_reasons, p_counts, p_statuses) WITH ORDINALITY AS x(s, r, c, st, i)
     WHERE x.s IS NULL OR x.r IS NULL OR x.c IS NULL OR x.st IS NULL
     ORDER BY x.i
     LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT CASE WHEN x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
                  THEN 'p_sources[' || x.i || '] must be 1..64 characters without control characters'
                WHEN x.r !~ '^[a-z][a-z0-9_]{0,31}$'
                  THEN 'p_reasons[' || x.i || '] must be 1..32 of a-z, 0-9 and _ starting with a letter, got ' || left(x.r, 40)
                WHEN x.c < 1 OR x.c > 1000000
                  THEN 'p_counts[' || x.i || '] must be between 1 and 1000000, got ' || x.c
                WHEN x.st < 100 OR x.st > 599
                  THEN 'p_statuses[' || x.i || '] must be an HTTP status 100..599, got ' || x.st
           END
      INTO v_bad
      FROM unnest(p_sources, p_reasons, p_counts, p_statuses) WITH ORDINALITY AS x(s, r, c, st, i)
     WHERE x.s = '' OR char_length(x.s) > 64 OR x.s ~ '[\x01-\x1f\x7f]'
        OR x.r !~ '^[a-z][a-z0-9_]{0,31}$' OR x.c < 1 OR x.c > 1000000 OR x.st < 100
        OR x.st > 599
     ORDER BY x.i
     LIMIT 1;
    IF v_bad IS NOT NULL THEN
        RAISE EXCEPTION '%', v_bad USING ERRCODE = 'invalid_parameter_value';
    END IF;

    -- Key order (day first), so every caller locks rows in one order: the old days, then
    -- today's keys ascending.
    DELETE FROM inbox.refusals r WHERE r.day < v_today - 90;

    INSERT INTO inbox.refusals AS r (day, source, reason, n, first_at, last_at, last_status)
    SELECT v_today, g.s, g.r, g.c, now(), now(), g.st
      FROM (SELECT x.s COLLATE "C" AS s, x.r COLLATE "C" AS r, sum(x.c) AS c,
                   (array_agg(x.st ORDER BY x.i DESC))[1] AS st
              FROM unnest(p_sources, p_reasons, p_counts, p_statuses)
                   WITH ORDINALITY AS x(s, r, c, st, i)
             GROUP BY 1, 2) g
     ORDER BY g.s, g.r
    ON CONFLICT (day, source, reason) DO UPDATE
       SET n = r.n + EXCLUDED.n, last_at = EXCLUDED.last_at, last_status = EXCLUDED.last_status;

    SELECT sum(x.c) INTO v_total FROM unnest(p_counts) AS x(c);
    RETURN v_total;
END;
$$;

REVOKE ALL ON FUNCTION inbox.count_refusals(text[], text[], int[], int[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION inbox.count_refusals(text[], text[], int[], int[]) TO inbox_ingest;
