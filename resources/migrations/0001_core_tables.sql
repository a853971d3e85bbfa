-- Migration 1: the core relations of the inbox contract (see docs/contract.md).
-- The migrator runs each file in one transaction, records it in inbox.schema_version
-- and never runs it twice; files therefore contain no BEGIN/COMMIT.
--
-- Text keys use COLLATE "C": uniqueness is byte-wise (a sender's id is opaque), and a plain
-- btree then also serves prefix search (LIKE 'abc%') without a second pattern_ops index.

CREATE SCHEMA IF NOT EXISTS inbox;

CREATE TABLE inbox.schema_version (
    version    int PRIMARY KEY,
    name       text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    applied_by text NOT NULL DEFAULT session_user
);

CREATE TABLE inbox.events (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    source           text COLLATE "C" NOT NULL,
    external_id      text COLLATE "C" NOT NULL,
    idempotency_key  text COLLATE "C" NOT NULL,
    kind             text,
    status           text NOT NULL DEFAULT 'received'
                     CHECK (status IN ('received', 'processing', 'done', 'failed')),
    attempts         int NOT NULL DEFAULT 0,
    max_attempts     int NOT NULL DEFAULT 6 CHECK (max_attempts > 0),
    last_error       text,
    error_retryable  boolean,
    occurred_at      timestamptz NOT NULL,
    received_at      timestamptz NOT NULL DEFAULT now(),
    deliveries       int NOT NULL DEFAULT 1,
    last_delivery_at timestamptz NOT NULL DEFAULT now(),
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    locked_by        text,
    locked_at        timestamptz,
    done_at          timestamptz,
    result           jsonb,
    needs_review     text,
    body             bytea NOT NULL,
    content_type     text NOT NULL,
    fingerprint      text NOT NULL,
    CONSTRAINT events_source_external_id_key UNIQUE (source, external_id),
    CONSTRAINT events_idempotency_key_key UNIQUE (idempotency_key)
);

-- Journal newest first, overall and per source (keyset pages on (received_at, id)).
CREATE INDEX events_received_idx ON inbox.events (received_at DESC, id DESC);
CREATE INDEX events_source_received_idx ON inbox.events (source, received_at DESC, id DESC);
-- Search by external id without knowing the source (exact and prefix).
CREATE INDEX events_external_id_idx ON inbox.events (external_id);
-- The claim queue: due events, oldest first.
CREATE INDEX events_due_idx ON inbox.events (next_attempt_at, id) WHERE status = 'received';
-- Running work and takeover of stuck locks.
CREATE INDEX events_processing_idx ON inbox.events (locked_at, id) WHERE status = 'processing';
-- Needs-attention lists.
CREATE INDEX events_failed_idx ON inbox.events (received_at DESC, id DESC) WHERE status = 'failed';
CREATE INDEX events_review_idx ON inbox.events (received_at DESC, id DESC) WHERE needs_review IS NOT NULL;

-- Bodies of later deliveries whose fingerprint differed (a conflict): kept, never dropped.
CREATE TABLE inbox.conflict_bodies (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id     bigint NOT NULL REFERENCES inbox.events (id) ON DELETE CASCADE,
    at           timestamptz NOT NULL DEFAULT now(),
    fingerprint  text NOT NULL,
    content_type text NOT NULL,
    body         bytea NOT NULL
);
CREATE INDEX conflict_bodies_event_idx ON inbox.conflict_bodies (event_id, id);

-- Append-only history. by_person marks human actions (the audit screen).
CREATE TABLE inbox.journal (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id  bigint REFERENCES inbox.events (id) ON DELETE CASCADE,
    at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    entry     text NOT NULL,
    actor     text NOT NULL DEFAULT session_user,
    detail    jsonb,
    by_person boolean NOT NULL DEFAULT false
);
CREATE INDEX journal_event_idx ON inbox.journal (event_id, id);
CREATE INDEX journal_person_idx ON inbox.journal (at DESC, id DESC) WHERE by_person;

-- Outgoing operations, each with the orchestrator's idempotency key.
CREATE TABLE inbox.actions (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id      bigint NOT NULL REFERENCES inbox.events (id) ON DELETE CASCADE,
    kind          text NOT NULL,
    operation_key text COLLATE "C" NOT NULL,
    state         text NOT NULL DEFAULT 'started' CHECK (state IN ('started', 'done', 'failed')),
    result        jsonb,
    begun         int NOT NULL DEFAULT 1,
    started_at    timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz,
    CONSTRAINT actions_operation_key_key UNIQUE (operation_key)
);
CREATE INDEX actions_event_idx ON inbox.actions (event_id, id);

-- The business request an event produced. event_id is kept (no FK cascade): leads keep
-- their external ids forever, so source/external_id are copied here.
CREATE TABLE inbox.leads (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id    bigint NOT NULL,
    source      text COLLATE "C" NOT NULL,
    external_id text COLLATE "C" NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    name        text,
    phone_raw   text,
    phone_norm  text,
    email_raw   text,
    email_norm  text,
    channel     text NOT NULL,
    summary     text,
    deal_ref    text,
    deal_open   boolean NOT NULL DEFAULT false,
    merged_into bigint REFERENCES inbox.leads (id),
    CONSTRAINT leads_event_id_key UNIQUE (event_id)
);
CREATE INDEX leads_phone_idx ON inbox.leads (phone_norm, created_at) WHERE phone_norm IS NOT NULL;
CREATE INDEX leads_email_idx ON inbox.leads (email_norm, created_at) WHERE email_norm IS NOT NULL;
CREATE INDEX leads_external_id_idx ON inbox.leads (external_id);

CREATE TABLE inbox.duplicate_candidates (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lead_id       bigint NOT NULL REFERENCES inbox.leads (id),
    match_lead_id bigint NOT NULL REFERENCES inbox.leads (id),
    reasons       text[] NOT NULL,
    score         real NOT NULL,
    weak          boolean NOT NULL DEFAULT false,
    status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'merged', 'rejected')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    decided_by    text,
    decided_at    timestamptz,
    note          text,
    undo_state    jsonb,   -- what the decision changed, enough to restore it exactly
    CONSTRAINT duplicate_candidates_pair_key UNIQUE (lead_id, match_lead_id),
    CHECK (lead_id <> match_lead_id)
);
CREATE INDEX duplicate_candidates_open_idx ON inbox.duplicate_candidates (created_at, id)
    WHERE status = 'open';
CREATE INDEX duplicate_candidates_match_idx ON inbox.duplicate_candidates (match_lead_id);

-- Statistics maintained by the functions, so the overview never counts the events table.
-- Rows are sharded by backend so concurrent writers rarely wait on one counter row.
CREATE TABLE inbox.daily_stats (
    day       date NOT NULL,
    source    text COLLATE "C" NOT NULL,
    shard     smallint NOT NULL,
    received  bigint NOT NULL DEFAULT 0,
    repeats   bigint NOT NULL DEFAULT 0,
    conflicts bigint NOT NULL DEFAULT 0,
    done      bigint NOT NULL DEFAULT 0,
    failed    bigint NOT NULL DEFAULT 0,
    requeued  bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (day, source, shard)
);

CREATE TABLE inbox.status_counts (
    source text COLLATE "C" NOT NULL,
    status text NOT NULL,
    shard  smallint NOT NULL,
    n      bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (source, status, shard)
);

-- Days are UTC days, whatever the session's TimeZone, so every writer buckets alike.
-- PL/pgSQL rather than SQL: an SQL function's INSERT is planned again on every call (about
-- 100 us, more than the rest of an ingest), a PL/pgSQL statement's plan is cached.
CREATE FUNCTION inbox._bump_daily(p_source text, p_received int DEFAULT 0, p_repeats int DEFAULT 0,
                                  p_conflicts int DEFAULT 0, p_done int DEFAULT 0,
                                  p_failed int DEFAULT 0, p_requeued int DEFAULT 0)
RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    INSERT INTO inbox.daily_stats AS d (day, source, shard, received, repeats, conflicts, done, failed, requeued)
    VALUES ((now() AT TIME ZONE 'UTC')::date, p_source, (pg_backend_pid() % 8)::smallint,
            p_received, p_repeats, p_conflicts, p_done, p_failed, p_requeued)
    ON CONFLICT (day, source, shard) DO UPDATE
       SET received = d.received + excluded.received,
           repeats = d.repeats + excluded.repeats,
           conflicts = d.conflicts + excluded.conflicts,
           done = d.done + excluded.done,
           failed = d.failed + excluded.failed,
           requeued = d.requeued + excluded.requeued;
END;
$$;

-- Status counters follow every change of events.status, whichever function made it.
CREATE FUNCTION inbox._track_status() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_shard smallint := (pg_backend_pid() % 8)::smallint;
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO inbox.status_counts AS c (source, status, shard, n)
        VALUES (OLD.source, OLD.status, v_shard, -1)
        ON CONFLICT (source, status, shard) DO UPDATE SET n = c.n - 1;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO inbox.status_counts AS c (source, status, shard, n)
        VALUES (NEW.source, NEW.status, v_shard, 1)
        ON CONFLICT (source, status, shard) DO UPDATE SET n = c.n + 1;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER events_track_status_ins AFTER INSERT ON inbox.events
    FOR EACH ROW EXECUTE FUNCTION inbox._track_status();
CREATE TRIGGER events_track_status_upd AFTER UPDATE OF status ON inbox.events
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION inbox._track_status();
CREATE TRIGGER events_track_status_del AFTER DELETE ON inbox.events
    FOR EACH ROW EXECUTE FUNCTION inbox._track_status();

-- Announces a change on channel 'inbox' with a one-word payload (events, actions, leads,
-- duplicates). Coalesced: PostgreSQL folds equal payloads within a transaction, and each
-- session sends a given topic at most once a second, so a busy ingest does not flood the
-- queue. Listeners also re-read on a slow timer, which covers a suppressed trailing change.
CREATE FUNCTION inbox._notify(p_topic text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    v_setting text := 'inbox.notified_' || p_topic;
    v_last    text := current_setting(v_setting, true);
    v_now     double precision := extract(epoch FROM clock_timestamp());
BEGIN
    IF v_last IS NULL OR v_last = '' OR v_now - v_last::double precision >= 1.0 THEN
        PERFORM pg_notify('inbox', p_topic);
        PERFORM set_config(v_setting, v_now::text, false);
    END IF;
END;
$$;

-- Group roles (NOLOGIN). Roles are cluster-wide, so create them only when missing.
DO $$
DECLARE
    r text;
BEGIN
    FOREACH r IN ARRAY ARRAY['inbox_ingest', 'inbox_worker', 'inbox_support', 'inbox_operator', 'inbox_manager'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
            EXECUTE format('CREATE ROLE %I NOLOGIN', r);
        END IF;
    END LOOP;
    IF NOT pg_has_role('inbox_operator', 'inbox_support', 'MEMBER') THEN
        GRANT inbox_support TO inbox_operator;
    END IF;
    IF NOT pg_has_role('inbox_manager', 'inbox_operator', 'MEMBER') THEN
        GRANT inbox_operator TO inbox_manager;
    END IF;
END;
$$;

-- Nobody but the owner touches the schema directly; grants are given per function later.
REVOKE ALL ON SCHEMA inbox FROM PUBLIC;
GRANT USAGE ON SCHEMA inbox TO inbox_ingest, inbox_worker, inbox_support;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA inbox FROM PUBLIC;
-- Functions made by later migrations (same owner) start without EXECUTE for PUBLIC.
ALTER DEFAULT PRIVILEGES IN SCHEMA inbox REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
