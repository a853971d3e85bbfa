#!/usr/bin/env bash
# The demo: a private PostgreSQL with the inbox schema, 14 days of history and live traffic
# (inbox-sim posting to the inbox-receiver it starts on a loopback port, so every live event
# comes through the real front door), the alert evaluator (inbox-alerts) sending to a fake
# Telegram on loopback, inbox-poller reading the fake CRMs' and marketplaces' APIs that the
# simulator plays on loopback, inbox-dispatcher handing the marketplaces' and the polled
# events to a fake handler on loopback that has a bad day now and then, and a demo user who
# may do everything, opened in the console. The cluster is kept between runs; the live
# traffic, the alerts, the poller and the dispatcher run while the console is open.
#
#   scripts/demo.sh [ARGS]   install what is missing, build, start the cluster, fill the history
#                            (first run only), start live traffic and the alerts, open the
#                            console (ARGS are passed to it, e.g. --lang ru)
#   scripts/demo.sh scenario slow-receiver|normal
#                            switch the running live traffic (from another terminal): with
#                            slow-receiver the receiver stalls and repeats jump, so the demo's
#                            "Repeats jumped" rule fires; its messages arrive in telegram.out
#   scripts/demo.sh stop     stop the demo cluster
#   scripts/demo.sh reset    stop it and delete its data (the next run starts afresh)
#   scripts/demo.sh status   say where it is and whether it runs
#
# The cluster lives in the user's data directory ($XDG_DATA_HOME/inbox-console/demo, by default
# ~/.local/share/inbox-console/demo). As root the server must run as the `postgres` OS user,
# which cannot enter /root, so root's demo lives in /var/lib/inbox-console-demo instead.
# Unix socket only: no TCP port is opened.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

if [ "$(id -u)" -eq 0 ]; then
  demo_dir=/var/lib/inbox-console-demo
  as_pg=(runuser -u postgres --)
else
  demo_dir=${XDG_DATA_HOME:-$HOME/.local/share}/inbox-console/demo
  as_pg=()
fi
data=$demo_dir/data
build=${BUILD_DIR:-build}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
conninfo="host=$demo_dir dbname=inbox_demo user=demo"

pg_ctl() { "${as_pg[@]}" "$bindir/pg_ctl" "$@"; }
running() { [ -f "$data/postmaster.pid" ] && pg_ctl -D "$data" status >/dev/null 2>&1; }
psql_admin() { "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h "$demo_dir" -U postgres "$@"; }

command=start
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then command=$1; shift; fi
case "$command" in
  stop)
    if running; then pg_ctl -D "$data" -m fast -w stop; else echo "demo: not running"; fi
    exit 0 ;;
  reset)
    if running; then pg_ctl -D "$data" -m fast -w stop; fi
    rm -rf "$demo_dir"
    echo "demo: removed $demo_dir"
    exit 0 ;;
  status)
    if running; then echo "demo: running in $demo_dir ($conninfo)"; else echo "demo: stopped ($demo_dir)"; fi
    exit 0 ;;
  scenario)
    case "${1:-}" in
      slow-receiver) signal=USR1 ;;
      normal) signal=USR2 ;;
      *) echo "usage: $0 scenario slow-receiver|normal" >&2; exit 64 ;;
    esac
    live_pid=$(cat "$demo_dir/live.pid" 2>/dev/null || true)
    if [ -z "$live_pid" ] || ! kill -0 "$live_pid" 2>/dev/null; then
      echo "demo: no live traffic runs (start the demo first: $0)" >&2
      exit 1
    fi
    kill -s "$signal" "$live_pid"
    echo "demo: live traffic switched to $1 (its log: $demo_dir/live.log)"
    echo "demo: Telegram messages arrive in $demo_dir/telegram.out"
    exit 0 ;;
  start) ;;
  *) echo "usage: $0 [start|scenario NAME|stop|reset|status]" >&2; exit 64 ;;
esac

scripts/install-deps.sh
bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --parallel "$(nproc)" --target inbox-console inbox-sim inbox-receiver \
  inbox-alerts inbox-dispatcher inbox-poller
console="$root/$build/app/inbox-console/inbox-console"
sim="$root/$build/app/inbox-sim/inbox-sim"
alerts="$root/$build/app/inbox-alerts/inbox-alerts"
dispatcher="$root/$build/app/inbox-dispatcher/inbox-dispatcher"
poller="$root/$build/app/inbox-poller/inbox-poller"

created=
if [ ! -d "$data" ]; then
  created=1
  echo "demo: creating a private cluster in $demo_dir"
  mkdir -p "$demo_dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$demo_dir"
  "${as_pg[@]}" "$bindir/initdb" -D "$data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
fi
if ! running; then
  # WAL settings for a short commit tail (README, "PostgreSQL settings for the front door"):
  # new segments not zero-filled, and enough kept after a checkpoint to be recycled.
  pg_ctl -D "$data" -l "$demo_dir/server.log" -w \
    -o "-c listen_addresses='' -c unix_socket_directories='$demo_dir' -c wal_init_zero=off -c min_wal_size=256MB -c max_wal_size=1GB" \
    start >/dev/null
  echo "demo: PostgreSQL started (log: $demo_dir/server.log)"
fi
if [ -n "$created" ]; then
  # A fresh cluster has one WAL segment: make 16 ahead (switch through them, then a checkpoint
  # keeps them for recycling), so the first minutes do not create each one under a commit.
  psql_admin -d postgres -q -c "CREATE TABLE wal_prewarm (x int)" \
    -c 'DO $$ BEGIN FOR i IN 1..16 LOOP INSERT INTO wal_prewarm VALUES (i); PERFORM pg_switch_wal(); END LOOP; END $$' \
    -c "DROP TABLE wal_prewarm" -c "CHECKPOINT"
fi

psql_admin -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'inbox_demo'" | grep -q 1 ||
  psql_admin -d postgres -c "CREATE DATABASE inbox_demo"
"$console" migrate --db "host=$demo_dir dbname=inbox_demo user=postgres"
# The demo user may do everything a person and a worker may do (and nothing more).
psql_admin -d inbox_demo <<'SQL'
SET client_min_messages = warning;
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'demo') THEN CREATE ROLE demo LOGIN; END IF;
END $$;
GRANT inbox_manager, inbox_worker, inbox_ingest TO demo;
-- The receiver's login: inbox_ingest and nothing else.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'demo_receiver') THEN
    CREATE ROLE demo_receiver LOGIN;
  END IF;
END $$;
GRANT inbox_ingest TO demo_receiver;
-- The alert evaluator's login: inbox_alerts and nothing else.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'demo_alerts') THEN
    CREATE ROLE demo_alerts LOGIN;
  END IF;
END $$;
GRANT inbox_alerts TO demo_alerts;
-- The dispatcher's login: inbox_worker and nothing else.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'demo_dispatcher') THEN
    CREATE ROLE demo_dispatcher LOGIN;
  END IF;
END $$;
GRANT inbox_worker TO demo_dispatcher;
-- The poller's login: inbox_ingest and nothing else (poll_open, poll_store, poll_failed).
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'demo_poller') THEN
    CREATE ROLE demo_poller LOGIN;
  END IF;
END $$;
GRANT inbox_ingest TO demo_poller;
SQL
# The demo's alert rule, made by the demo user as a manager would in the console (Alerts):
# the overview's repeat-share rule with its defaults, for all sources, to the fake chat; a
# reminder every 10 minutes while it fires, and a message when it resolves. Once: a rule
# the demo user changed or removed stays as they left it.
"$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h "$demo_dir" -U demo -d inbox_demo <<'SQL' >/dev/null
SELECT inbox.set_alert_rule(NULL, 'Repeats jumped', 'repeat_share', NULL, 'warning', NULL,
                            ARRAY['100200300'], interval '10 minutes', true, true)
 WHERE NOT EXISTS (SELECT 1 FROM inbox.journal WHERE entry = 'alert_rule_created'
                                                 AND actor = 'demo');
SQL

# 14 days of history, written set-based by the schema owner; only into an empty database,
# so the next run keeps what the demo user did.
"$sim" --db "host=$demo_dir dbname=inbox_demo user=postgres" --history 14 --if-empty

# The Report's baseline: a month of leads as a Bitrix24 export from before the inbox, with the
# seeds' duplicates, imported by the demo's manager (once: a baseline is kept until deleted).
if [ "$(psql_admin -d inbox_demo -tAc 'SELECT count(*) FROM inbox.baselines')" = 0 ]; then
  "$sim" --crm-export "$demo_dir/leads-before.csv" >/dev/null
  "$console" report import "$demo_dir/leads-before.csv" --name "Before the inbox" \
    --db "$conninfo" >/dev/null
fi

background=()
stop_background() {
  local pid
  for pid in "${background[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${background[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ ${#background[@]} -eq 0 ] || echo "demo: live traffic, alerts and dispatcher stopped (logs in $demo_dir)"
  rm -f "$demo_dir/live.pid"
}
trap stop_background EXIT
trap 'exit 130' INT TERM

# The fake Telegram Bot API on a free loopback port: what it is sent is logged as JSON lines
# (telegram.log) and one readable line each (telegram.out).
: >"$demo_dir/telegram.out"
"$sim" --fake-telegram 127.0.0.1:0 --fake-telegram-token 123456:DEMO \
  --fake-telegram-log "$demo_dir/telegram.log" >>"$demo_dir/telegram.out" 2>&1 &
background+=($!)
telegram_port=
for _ in $(seq 50); do
  telegram_port=$(sed -n 's/^fake telegram listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' \
    "$demo_dir/telegram.out")
  [ -n "$telegram_port" ] && break
  sleep 0.1
done
if [ -z "$telegram_port" ]; then
  echo "demo: the fake Telegram did not start:" >&2
  cat "$demo_dir/telegram.out" >&2
  exit 1
fi

# The alert evaluator (login demo_alerts): a pass every 10 s, alerts that fire together
# grouped for 5 s.
mkdir -p "$demo_dir/alerts"
printf '%s\n' 123456:DEMO >"$demo_dir/alerts/telegram.token"
chmod 600 "$demo_dir/alerts/telegram.token"
cat >"$demo_dir/alerts/inbox-alerts.conf" <<EOF
[alerts]
database = host=$demo_dir dbname=inbox_demo user=demo_alerts
telegram_token_file = telegram.token
telegram_api = http://127.0.0.1:$telegram_port
metrics_listen = 127.0.0.1:0
interval = 10
group_wait = 5
EOF
"$alerts" --config "$demo_dir/alerts/inbox-alerts.conf" >"$demo_dir/alerts.log" 2>&1 &
background+=($!)

# The team's handler, played by the simulator: it checks the Standard Webhooks signature,
# processes each Idempotency-Key once, and has a bad day now and then (errors, slow answers,
# down a minute every ten: --fake-handler-chaos). Its requests are JSON lines in handler.log.
mkdir -p "$demo_dir/dispatcher"
if [ ! -s "$demo_dir/dispatcher/handler.whsec" ]; then
  printf 'whsec_%s\n' "$(head -c 24 /dev/urandom | base64)" >"$demo_dir/dispatcher/handler.whsec"
fi
chmod 600 "$demo_dir/dispatcher/handler.whsec"
: >"$demo_dir/handler.out"
"$sim" --fake-handler 127.0.0.1:0 --fake-handler-chaos \
  --fake-handler-secret-file "$demo_dir/dispatcher/handler.whsec" \
  --fake-handler-log "$demo_dir/handler.log" >>"$demo_dir/handler.out" 2>&1 &
background+=($!)
handler_port=
for _ in $(seq 50); do
  handler_port=$(sed -n 's/^fake handler listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' \
    "$demo_dir/handler.out")
  [ -n "$handler_port" ] && break
  sleep 0.1
done
if [ -z "$handler_port" ]; then
  echo "demo: the fake handler did not start:" >&2
  cat "$demo_dir/handler.out" >&2
  exit 1
fi

# inbox-dispatcher (login demo_dispatcher) hands the marketplaces' events to that handler,
# signed; the simulator's workers leave those sources to it (--dispatched-sources below).
cat >"$demo_dir/dispatcher/inbox-dispatcher.conf" <<EOF
[dispatcher]
database = host=$demo_dir dbname=inbox_demo user=demo_dispatcher
worker = demo-dispatcher
metrics_listen = 127.0.0.1:0

[destination orders]
url = http://127.0.0.1:$handler_port/hook
sources = ozon, wb, ozon-fbs, wb-orders, bitrix24-offline, amocrm-events
timeout_ms = 5000
concurrency = 4
signing_secret_file = handler.whsec
breaker_failures = 5
breaker_interval_ms = 10000
EOF
"$dispatcher" --config "$demo_dir/dispatcher/inbox-dispatcher.conf" >"$demo_dir/dispatcher.log" 2>&1 &
background+=($!)

# The APIs that push nothing, played by the simulator on one loopback port (Ozon's postings,
# Wildberries' orders, Bitrix24's offline event queue and amoCRM's events API): an hour of
# history, then new ones as time goes, some of them late. Its requests are JSON lines in
# marketplace.log; GET /fake/orders and /fake/crm-keys list everything it made, and
# `inbox-sim --check-polled http://127.0.0.1:PORT --db ...` compares that with the inbox.
: >"$demo_dir/marketplace.out"
"$sim" --fake-marketplace 127.0.0.1:0 --fake-marketplace-backfill 60 --fake-marketplace-rate 4 \
  --fake-marketplace-log "$demo_dir/marketplace.log" >>"$demo_dir/marketplace.out" 2>&1 &
background+=($!)
market_port=
for _ in $(seq 50); do
  market_port=$(sed -n 's/^fake marketplace listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' \
    "$demo_dir/marketplace.out")
  [ -n "$market_port" ] && break
  sleep 0.1
done
if [ -z "$market_port" ]; then
  echo "demo: the fake marketplace did not start:" >&2
  cat "$demo_dir/marketplace.out" >&2
  exit 1
fi

# inbox-poller (login demo_poller) reads them every minute, each window from ten minutes
# before the last one's end (the demo's short version of "the last 30 minutes every 10"); WB's
# order statuses after each window, Ozon's later statuses by a sweep every ten minutes.
mkdir -p "$demo_dir/poller"
printf '%s\n' "http://127.0.0.1:$market_port/rest/1/demo-code/" >"$demo_dir/poller/bitrix24.webhook"
printf '%s\n' demo-amo-token >"$demo_dir/poller/amocrm.token"
printf '%s\n' 123456 >"$demo_dir/poller/ozon.client"
printf '%s\n' fake-ozon-api-key >"$demo_dir/poller/ozon.key"
printf '%s\n' fake-wb-token >"$demo_dir/poller/wb.token"
chmod 600 "$demo_dir/poller/bitrix24.webhook" "$demo_dir/poller/amocrm.token" \
  "$demo_dir/poller/ozon.client" "$demo_dir/poller/ozon.key" "$demo_dir/poller/wb.token"
cat >"$demo_dir/poller/inbox-poller.conf" <<EOF
[poller]
database = host=$demo_dir dbname=inbox_demo user=demo_poller
worker = demo-poller
metrics_listen = 127.0.0.1:0

[source bitrix24-offline]
adapter = bitrix24
webhook_url_file = bitrix24.webhook
interval = 60

[source amocrm-events]
adapter = amocrm
base_url = http://127.0.0.1:$market_port
token_file = amocrm.token
interval = 60
overlap = 600
first_window = 3600

[source ozon-fbs]
adapter = ozon
base_url = http://127.0.0.1:$market_port
client_id_file = ozon.client
api_key_file = ozon.key
interval = 60
overlap = 900
first_window = 3600
status_every = 600

[source wb-orders]
adapter = wb
base_url = http://127.0.0.1:$market_port
token_file = wb.token
interval = 60
overlap = 900
first_window = 3600
EOF
"$poller" --config "$demo_dir/poller/inbox-poller.conf" >"$demo_dir/poller.log" 2>&1 &
background+=($!)

# Live traffic for as long as the console is open: the senders post over HTTP to the
# inbox-receiver the simulator starts (login demo_receiver, stopped with it), the workers work
# as the demo user through the contract functions, on every source but the dispatcher's.
# DEMO_RATE sets the originals per second (default 2); DEMO_SCENARIO=slow-receiver starts with
# the slow receiver.
"$sim" --db "$conninfo" --receiver-db "host=$demo_dir dbname=inbox_demo user=demo_receiver" \
  --dispatched-sources ozon,wb \
  --live "${DEMO_RATE:-2}" --scenario "${DEMO_SCENARIO:-normal}" >"$demo_dir/live.log" 2>&1 &
background+=($!)
echo $! >"$demo_dir/live.pid"

echo "demo: live traffic at ${DEMO_RATE:-2}/s through inbox-receiver; alerts to a fake Telegram"
echo "demo: inbox-poller reads the fake Ozon, WB, Bitrix24 and amoCRM (Overview, Polled sources; log: $demo_dir/poller.log)"
echo "demo: inbox-dispatcher hands ozon, wb and the polled events to a fake handler (its log: $demo_dir/handler.log)"
echo "demo: (its messages: $demo_dir/telegram.out); opening the console on $conninfo"
echo "demo: from another terminal, $0 scenario slow-receiver makes repeats jump (normal ends it)"
echo "demo: closing the console stops the traffic and the alerts; $0 stop stops the cluster"
status=0
# Extra arguments go to the console (scripts/screenshots.sh passes --screenshots DIR --lang).
"$console" --db "$conninfo" "$@" || status=$?
exit "$status"
