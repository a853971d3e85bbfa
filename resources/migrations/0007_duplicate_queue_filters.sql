-- Migration 7: the duplicate queue's filters stay index-driven when what they ask for is rare.
--
-- Channel. The filter is "either lead came from channel X". Asked through a join to the
-- leads, the planner must guess how many open pairs a channel has from statistics of another
-- table; for a channel with no open pairs it chose hash joins over every lead (0.3-0.6 s at
-- 20,000 open pairs, 240,000 leads). The two channels are therefore copied onto the pair
-- when it is flagged (a lead's channel never changes), so the estimate comes from the pair
-- table itself: a rare channel is read through the two partial indexes below, a common one by
-- walking the open queue in order.
ALTER TABLE inbox.duplicate_candidates
    ADD COLUMN lead_channel text COLLATE "C",
    ADD COLUMN match_channel text COLLATE "C";

UPDATE inbox.duplicate_candidates d
   SET lead_channel = b.channel, match_channel = a.channel
  FROM inbox.leads a, inbox.leads b
 WHERE a.id = d.match_lead_id AND b.id = d.lead_id;

-- Runs inside record_lead's INSERT (as the schema owner): two primary-key lookups per pair.
CREATE FUNCTION inbox._candidate_channels() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    SELECT l.channel INTO NEW.lead_channel FROM inbox.leads l WHERE l.id = NEW.lead_id;
    SELECT l.channel INTO NEW.match_channel FROM inbox.leads l WHERE l.id = NEW.match_lead_id;
    RETURN NEW;
END;
$$;
REVOKE ALL ON FUNCTION inbox._candidate_channels() FROM PUBLIC;

CREATE TRIGGER duplicate_candidates_channels BEFORE INSERT ON inbox.duplicate_candidates
    FOR EACH ROW EXECUTE FUNCTION inbox._candidate_channels();

CREATE INDEX duplicate_candidates_open_lead_channel_idx
    ON inbox.duplicate_candidates (lead_channel, created_at, id) WHERE status = 'open';
CREATE INDEX duplicate_candidates_open_match_channel_idx
    ON inbox.duplicate_candidates (match_channel, created_at, id) WHERE status = 'open';

-- Reason ("open deal", "names differ", ...) and weak evidence: a rare reason no longer means
-- reading every open pair to find none.
CREATE INDEX duplicate_candidates_open_reasons_idx
    ON inbox.duplicate_candidates USING gin (reasons) WHERE status = 'open';
CREATE INDEX duplicate_candidates_open_weak_idx
    ON inbox.duplicate_candidates (created_at, id) WHERE status = 'open' AND weak;
