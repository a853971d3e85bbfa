-- Migration 8: the journal's kind filter (see models/journalfilter.h).
--
-- Without it a kind filter walks the time index and filters: a page costs about
-- (page size / share of that kind) index entries. Measured on 1M events: a kind with a 2%
-- share took 10 ms for the first page (10,300 entries read), so a kind with a 0.02% share
-- would read a million entries and take about a second, far from the 20 ms a first page
-- may take. With this index any kind's first page reads about 200 entries (0.3 ms). The
-- price is one more entry per insert and per status change of an event, which every
-- worker update pays anyway for the other indexes (a status change is never a HOT update).

CREATE INDEX events_kind_received_idx ON inbox.events (kind, received_at DESC, id DESC);
