#!/usr/bin/env bash
# The demo: a private PostgreSQL with the inbox schema, 14 days of history and live traffic
# (inbox-sim posting to the inbox-receiver it starts on a loopback port, so every live event
# comes through the real front door), and a demo user who may do everything, opened in the
# console. The cluster is kept between runs; the live traffic runs while the console is open.
#
#   scripts/demo.sh [ARGS]   install what is missing, build, start the cluster, fill the history
#                            (first run only), start live traffic, open the console (ARGS are
#                            passed to it, e.g. --lang ru)
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
  start) ;;
  *) echo "usage: $0 [start|stop|reset|status]" >&2; exit 64 ;;
esac

scripts/install-deps.sh
bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --parallel "$(nproc)" --target inbox-console inbox-sim inbox-receiver
console="$root/$build/app/inbox-console/inbox-console"
sim="$root/$build/app/inbox-sim/inbox-sim"

if [ ! -d "$data" ]; then
  echo "demo: creating a private cluster in $demo_dir"
  mkdir -p "$demo_dir"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$demo_dir"
  "${as_pg[@]}" "$bindir/initdb" -D "$data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null
fi
if ! running; then
  pg_ctl -D "$data" -l "$demo_dir/server.log" -w \
    -o "-c listen_addresses='' -c unix_socket_directories='$demo_dir'" start >/dev/null
  echo "demo: PostgreSQL started (log: $demo_dir/server.log)"
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
SQL

# 14 days of history, written set-based by the schema owner; only into an empty database,
# so the next run keeps what the demo user did.
"$sim" --db "host=$demo_dir dbname=inbox_demo user=postgres" --history 14 --if-empty

# Live traffic for as long as the console is open: the senders post over HTTP to the
# inbox-receiver the simulator starts (login demo_receiver, stopped with it), the workers work
# as the demo user through the contract functions. DEMO_RATE sets the originals per second
# (default 2).
"$sim" --db "$conninfo" --receiver-db "host=$demo_dir dbname=inbox_demo user=demo_receiver" \
  --live "${DEMO_RATE:-2}" >"$demo_dir/live.log" 2>&1 &
live=$!
stop_live() {
  if kill -0 "$live" 2>/dev/null; then
    kill -TERM "$live" 2>/dev/null || true
    wait "$live" 2>/dev/null || true
    echo "demo: live traffic stopped (its log: $demo_dir/live.log)"
  fi
}
trap stop_live EXIT
trap 'exit 130' INT TERM

echo "demo: live traffic at ${DEMO_RATE:-2}/s through inbox-receiver; opening the console on $conninfo"
echo "demo: closing the console stops the traffic; scripts/demo.sh stop stops the cluster"
status=0
# Extra arguments go to the console (scripts/screenshots.sh passes --screenshots DIR --lang).
"$console" --db "$conninfo" "$@" || status=$?
exit "$status"
