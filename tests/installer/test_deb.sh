#!/usr/bin/env bash
# The Debian package as a user gets it: CPack builds it from the build tree; it must declare
# its real dependencies and hold the programs, migrations, .desktop, AppStream metainfo, icon,
# and the units and example configurations of inbox-receiver, inbox-alerts, inbox-dispatcher
# and inbox-poller in the standard places; unpacked into an empty root, its own inbox-console
# answers --version, applies the schema to a private PostgreSQL (migrate) and passes
# --self-test, and its inbox-receiver, inbox-alerts, inbox-dispatcher and inbox-poller
# validate their examples.
#
#   tests/installer/test_deb.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d /tmp/inbox-deb-XXXXXX)
chmod 755 "$work"
bindir=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_pg=()
[ "$(id -u)" -eq 0 ] && as_pg=(runuser -u postgres --)
cleanup() {
  if [ -f "$work/pg/data/postmaster.pid" ]; then
    "${as_pg[@]}" "$bindir/pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$work/pkg" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log" >&2; fail "cpack"; }
deb=$(ls "$work"/pkg/*.deb)
echo "package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for need in libqt6sql6-psql libpq5 libqt6core6 libqt6widgets6 libqt6charts6 libspdlog libmicrohttpd12; do
  grep -q "$need" <<<"$depends" || fail "Depends lacks $need"
done

root=$work/root
dpkg-deb -x "$deb" "$root"
for f in usr/bin/inbox-console usr/bin/inbox-sim usr/bin/inbox-receiver usr/bin/inbox-alerts \
         usr/bin/inbox-dispatcher usr/lib/systemd/system/inbox-dispatcher.service \
         usr/share/doc/inbox-console/inbox-dispatcher.conf.example \
         usr/bin/inbox-poller usr/lib/systemd/system/inbox-poller.service \
         usr/share/doc/inbox-console/inbox-poller.conf.example \
         usr/lib/systemd/system/inbox-receiver.service \
         usr/lib/systemd/system/inbox-alerts.service \
         usr/share/doc/inbox-console/inbox-receiver.conf.example \
         usr/share/doc/inbox-console/inbox-alerts.conf.example \
         usr/share/applications/inbox-console.desktop \
         usr/share/metainfo/io.github.inbox_console.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/inbox-console.svg \
         usr/share/inbox-console/migrations/0001_core_tables.sql \
         usr/share/doc/inbox-console/copyright; do
  [ -e "$root/$f" ] || fail "$f is not in the package"
done
grep -q '^Exec=inbox-console' "$root/usr/share/applications/inbox-console.desktop" ||
  fail ".desktop does not start inbox-console"
# The link handler (inbox-console://...) is declared the way desktops read it.
desktop-file-validate "$root/usr/share/applications/inbox-console.desktop" ||
  fail ".desktop does not validate"
grep -q '^MimeType=.*x-scheme-handler/inbox-console;' \
  "$root/usr/share/applications/inbox-console.desktop" || fail ".desktop handles no links"
# Every migration of the source tree is shipped.
for m in "$(dirname "$0")"/../../resources/migrations/*.sql; do
  cmp -s "$m" "$root/usr/share/inbox-console/migrations/$(basename "$m")" ||
    fail "migration $(basename "$m") differs or is missing"
done

# A service's unit starts the packaged program on the configuration systemd hands it, hardened.
check_unit() { # NAME
  local unit=$root/usr/lib/systemd/system/$1.service exposure
  grep -q "^ExecStart=/usr/bin/$1 --config \${CREDENTIALS_DIRECTORY}/" "$unit" ||
    fail "the unit does not start /usr/bin/$1 on its credential"
  for hardening in DynamicUser=yes ProtectSystem=strict NoNewPrivileges=yes 'CapabilityBoundingSet=$'; do
    grep -q "^$hardening" "$unit" || fail "$1.service lacks $hardening"
  done
  if systemd-analyze --help 2>/dev/null | grep -q -- '--offline'; then
    exposure=$(systemd-analyze security --offline=yes "$unit" 2>/dev/null |
                 sed -n 's/.*Overall exposure level for .*: \([0-9.]*\).*/\1/p')
    echo "$1.service exposure: $exposure"
    awk -v e="$exposure" 'BEGIN { exit !(e != "" && e + 0 <= 2.0) }' ||
      fail "$1.service's exposure is $exposure (more than 2.0)"
  fi
  "$root/usr/bin/$1" --version | grep -Eq "$1 [0-9]+\.[0-9]+\.[0-9]+" || fail "$1 --version"
}

# The receiver: the example configuration (every key shown) validates once its secret files
# exist.
check_unit inbox-receiver
receiver=$root/usr/bin/inbox-receiver
mkdir -m 700 "$work/rconf"
cp "$root/usr/share/doc/inbox-console/inbox-receiver.conf.example" "$work/rconf/inbox-receiver.conf"
printf 'tg_Token-123\n' >"$work/rconf/telegram.secret"
printf 'bitrixapptoken123456\n' >"$work/rconf/bitrix.application_token"
printf 'whsec_%s\n' "$(head -c 24 /dev/urandom | base64)" >"$work/rconf/billing.whsec"
chmod 600 "$work/rconf"/*
"$receiver" --check-config "$work/rconf/inbox-receiver.conf" ||
  fail "the example configuration does not validate"

# The alert evaluator, the same way: its example validates once the token file exists.
check_unit inbox-alerts
mkdir -m 700 "$work/aconf"
cp "$root/usr/share/doc/inbox-console/inbox-alerts.conf.example" "$work/aconf/inbox-alerts.conf"
printf '123456789:AAExampleTokenOfABotForThePackageTest\n' >"$work/aconf/telegram.token"
chmod 600 "$work/aconf"/*
"$root/usr/bin/inbox-alerts" --check-config "$work/aconf/inbox-alerts.conf" ||
  fail "the alerts example configuration does not validate"

# The dispatcher, the same way: its example validates once its signing secret exists.
check_unit inbox-dispatcher
mkdir -m 700 "$work/dconf"
cp "$root/usr/share/doc/inbox-console/inbox-dispatcher.conf.example" "$work/dconf/inbox-dispatcher.conf"
printf 'whsec_%s\n' "$(head -c 24 /dev/urandom | base64)" >"$work/dconf/crm.whsec"
chmod 600 "$work/dconf"/*
"$root/usr/bin/inbox-dispatcher" --check-config "$work/dconf/inbox-dispatcher.conf" ||
  fail "the dispatcher example configuration does not validate"

# The poller, the same way: its example validates once its token file exists.
check_unit inbox-poller
mkdir -m 700 "$work/pconf"
cp "$root/usr/share/doc/inbox-console/inbox-poller.conf.example" "$work/pconf/inbox-poller.conf"
printf 'example-api-token\n' >"$work/pconf/shop.token"
chmod 600 "$work/pconf"/*
"$root/usr/bin/inbox-poller" --check-config "$work/pconf/inbox-poller.conf" ||
  fail "the poller example configuration does not validate"

console=$root/usr/bin/inbox-console
version=$("$console" --version)
echo "$version"
grep -Eq 'inbox-console [0-9]+\.[0-9]+\.[0-9]+' <<<"$version" || fail "--version said: $version"

# A private PostgreSQL (socket only) for migrate and --self-test.
mkdir -p "$work/pg"
[ "$(id -u)" -eq 0 ] && chown postgres: "$work/pg"
"${as_pg[@]}" "$bindir/initdb" -D "$work/pg/data" -A trust -U postgres -E UTF8 >/dev/null
"${as_pg[@]}" "$bindir/pg_ctl" -D "$work/pg/data" -l "$work/pg/log" -w \
  -o "-c listen_addresses='' -c unix_socket_directories='$work/pg' -c fsync=off" start >/dev/null
db="host=$work/pg dbname=postgres user=postgres"

status=0
"$console" --self-test --db "$db" >/dev/null 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "--self-test passed on a database without the schema"
"$console" migrate --db "$db" || fail "migrate"
"$console" --self-test --db "$db" || fail "--self-test after migrate"
echo "deb package: ok"
