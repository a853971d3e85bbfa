-- Migration 6: indexes for the console's journal filters (see models/journalfilter.h).
--
-- The journal lists events newest first, keyset paged on (received_at, id). Status filters
-- other than 'done' pick a small share of the table, so walking the time index and
-- filtering reads far too much (measured on 1M events: crm_events + failed took 110 ms
-- through a BitmapAnd of 80k rows; failed + received 35 ms). These two partial indexes hold
-- only events that are not done (about 0.5% of a healthy table), so they are small and cost
-- a writer little: an event enters them on arrival and on each change while it is open,
-- and leaves when it is done. Several statuses run as one branch per status, merged.
--
-- Built inside the migration's transaction (plain CREATE INDEX: it reads the table once and
-- holds writers back meanwhile; on ten million events that is seconds, not minutes).

CREATE INDEX events_open_status_idx ON inbox.events (status, received_at DESC, id DESC)
    WHERE status <> 'done';
CREATE INDEX events_open_source_status_idx
    ON inbox.events (source, status, received_at DESC, id DESC)
    WHERE status <> 'done';
