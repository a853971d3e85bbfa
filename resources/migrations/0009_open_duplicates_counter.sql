-- Migration 9: inbox.open_duplicates() reads a maintained counter instead of counting.
--
-- The overview and the duplicate queue call open_duplicates() every few seconds. It counted
-- the open pairs through duplicate_candidates_open_idx, which grows with the backlog: 32k open
-- pairs took 5 ms, 322k took 115 ms (measured on a 1M-event database filled by inbox-sim, plus
-- extra open pairs), most of the overview's 50 ms budget and then some. Now every change of
-- duplicate_candidates adjusts a counter, as status_counts does for events: one
-- statement-level trigger per statement (transition tables), so a set-based fill of many pairs
-- costs one counter update, and rows sharded by backend so concurrent record_lead calls rarely
-- wait on one row. Observable behaviour of open_duplicates() is unchanged.

CREATE TABLE inbox.duplicate_counts (
    shard smallint PRIMARY KEY,
    open  bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION inbox._track_open_duplicates() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_delta bigint;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT count(*) INTO v_delta FROM new_rows n WHERE n.status = 'open';
    ELSIF TG_OP = 'DELETE' THEN
        SELECT -count(*) INTO v_delta FROM old_rows o WHERE o.status = 'open';
    ELSE
        SELECT (SELECT count(*) FROM new_rows n WHERE n.status = 'open')
             - (SELECT count(*) FROM old_rows o WHERE o.status = 'open')
          INTO v_delta;
    END IF;
    IF v_delta <> 0 THEN
        INSERT INTO inbox.duplicate_counts AS c (shard, open)
        VALUES ((pg_backend_pid() % 8)::smallint, v_delta)
        ON CONFLICT (shard) DO UPDATE SET open = c.open + excluded.open;
    END IF;
    RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION inbox._track_open_duplicates() FROM PUBLIC;

-- Transition tables do not go with a column list, so the UPDATE trigger sees every UPDATE
-- statement on the table; the delta is zero unless a status went to or from 'open'.
CREATE TRIGGER duplicate_candidates_count_ins AFTER INSERT ON inbox.duplicate_candidates
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_open_duplicates();
CREATE TRIGGER duplicate_candidates_count_upd AFTER UPDATE ON inbox.duplicate_candidates
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_open_duplicates();
CREATE TRIGGER duplicate_candidates_count_del AFTER DELETE ON inbox.duplicate_candidates
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION inbox._track_open_duplicates();

-- The pairs already there. The migration runs in one transaction and the triggers exist
-- from here on, so no pair is counted twice or missed; SHARE mode keeps writers out meanwhile.
LOCK TABLE inbox.duplicate_candidates IN SHARE MODE;
INSERT INTO inbox.duplicate_counts (shard, open)
SELECT 0, count(*) FROM inbox.duplicate_candidates d WHERE d.status = 'open';

CREATE OR REPLACE FUNCTION inbox.open_duplicates()
RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT coalesce(sum(c.open), 0)::bigint FROM inbox.duplicate_counts c;
$$;

-- Readers see the counter like every other inbox table (0004 grants SELECT on new tables to
-- inbox_support by default privileges; said again here so the grant does not depend on who
-- ran which migration).
GRANT SELECT ON inbox.duplicate_counts TO inbox_support;
