#!/usr/bin/env bash
# The README's two commands on a fresh Debian 12 root: debootstrap a minimal root, copy a clean
# export of the committed tree into it, and inside it (chroot) run the test command, then the
# demo command under xvfb-run with --screenshots, and check that every screen was taken. Both
# run as a normal user with sudo, as a desktop newcomer runs them (the packages come through
# sudo), after root has left a directory in /tmp behind, as a first run with sudo would.
# Nothing the host has installed is visible in there, so a package missing from
# scripts/install-deps.sh fails this check.
#
#   scripts/fresh-root-check.sh [REF]    REF: the commit to export (default HEAD)
#
# Needs root (debootstrap, chroot, mount). The mirror is read from the machine's own apt
# configuration; the root is made anew on every run (debootstrap takes about a minute here)
# and removed at the end, unless FRESH_ROOT_KEEP=1. Every mount is made in a private mount
# namespace of this script's own, so none reaches the host, and the kernel drops them all when
# the script ends, however it ends; they are unmounted explicitly too.
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${1:-HEAD}
suite=bookworm

[ "$(id -u)" -eq 0 ] || { echo "fresh-root: needs root (debootstrap, chroot, mount)" >&2; exit 1; }

# Re-enter in a private mount namespace (util-linux unshare).
if [ -z "${FRESH_ROOT_IN_NAMESPACE:-}" ]; then
  FRESH_ROOT_IN_NAMESPACE=1 exec unshare --mount --propagation private -- "$0" "$@"
fi

log() { printf 'fresh-root: %s\n' "$*"; }
phase_start=$SECONDS
phase() {
  log "$1 took $((SECONDS - phase_start)) s"
  timings+=("$1: $((SECONDS - phase_start)) s")
  phase_start=$SECONDS
}
timings=()

# The first Debian mirror the machine's apt uses for the suite, in either sources format.
mirror() {
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk -v suite="$suite" '
      /^[[:space:]]*$/ { if (uri && ok) { print uri; exit } uri = ""; ok = 0; next }
      /^URIs:/ { uri = $2 }
      /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) ok = 1 }
      END { if (uri && ok) print uri }' "$f"
  done
  local lists=()
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do [ -f "$f" ] && lists+=("$f"); done
  [ ${#lists[@]} -eq 0 ] ||
    awk -v suite="$suite" '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/) break;
                                         if ($(i + 1) == suite) print $i }' "${lists[@]}"
}
url=$(mirror | awk 'NR == 1')
[ -n "$url" ] || { echo "fresh-root: no '$suite' source in the machine's apt configuration" >&2; exit 1; }

if ! command -v debootstrap >/dev/null; then
  log "installing debootstrap on the host"
  # Needed on the host only, by this check: the README's commands do not use it, so it is not
  # in install-deps.sh.
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap >/dev/null
fi

work=$(mktemp -d /var/tmp/inbox-fresh-root.XXXXXX)
root=$work/root
mounts=()
cleanup() {
  local status=$?
  # Whatever the run left behind inside the root (a server a crashed test did not stop).
  local pid
  for pid in $(ls /proc | grep -E '^[0-9]+$'); do
    [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$root" ] && kill -KILL "$pid" 2>/dev/null || true
  done
  local i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[i]}" 2>/dev/null || true; done
  # Never remove a tree that still has something mounted in it: /dev is the host's own.
  if grep -q " $work/" /proc/self/mounts; then
    log "something is still mounted under $work: left in place" >&2
  elif [ "${FRESH_ROOT_KEEP:-0}" = 1 ]; then
    log "kept $work"
  else
    rm -rf "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "debootstrap --variant=minbase $suite from the machine's mirror into $root"
debootstrap --variant=minbase --include=sudo "$suite" "$root" "$url" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
# The machine's own apt configuration (its sources and options), so apt inside reads the same
# archive the same way; no service starts inside a chroot (policy-rc.d).
rm -f "$root/etc/apt/sources.list"
cp -a /etc/apt/sources.list.d/. "$root/etc/apt/sources.list.d/"
[ -f /etc/apt/sources.list ] && cp /etc/apt/sources.list "$root/etc/apt/sources.list"
cp -a /etc/apt/apt.conf.d/. "$root/etc/apt/apt.conf.d/"
cp /etc/resolv.conf "$root/etc/resolv.conf"
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
# The newcomer: a normal user who may use sudo without a password (the check has no one to
# type it).
chroot "$root" useradd --create-home --shell /bin/bash newcomer
echo 'newcomer ALL=(ALL) NOPASSWD:ALL' >"$root/etc/sudoers.d/newcomer"
chmod 440 "$root/etc/sudoers.d/newcomer"
phase "debootstrap"

mkdir -p "$root/src"
git archive --format=tar "$ref" | tar -x -C "$root/src"
chroot "$root" chown -R newcomer:newcomer /src
log "exported $(git rev-parse --short "$ref") to /src"

mount_in() { # TYPE SOURCE TARGET [OPTIONS]
  mkdir -p "$3"
  mount -t "$1" ${4:+-o "$4"} "$2" "$3"
  mounts+=("$3")
}
mount_in proc proc "$root/proc"
mount_in sysfs sysfs "$root/sys"
mount --bind /dev "$root/dev"
mounts+=("$root/dev")
mount --bind /dev/pts "$root/dev/pts"
mounts+=("$root/dev/pts")
mount_in tmpfs shm "$root/dev/shm" mode=1777

as_newcomer() {
  chroot --userspec=newcomer:newcomer "$root" /usr/bin/env -i HOME=/home/newcomer USER=newcomer \
    LOGNAME=newcomer PATH=/usr/local/bin:/usr/bin:/bin TERM=dumb LANG=C.UTF-8 CI=true \
    /bin/bash -c "cd /src && $1"
}

# What a first run as root leaves behind in the shared /tmp: a path only root may write. The
# tests must not depend on any fixed path there (issue 30, point 23).
mkdir -m 700 "$root/tmp/inbox-test-state"

log "the README's test command as a normal user: scripts/test.sh"
as_newcomer "scripts/test.sh" 2>&1 | tee "$work/test.log"
phase "scripts/test.sh (install-deps, build, every test)"
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests failed out of [0-9]+' "$work/test.log" | tail -n 1)
[ -n "$summary" ] || { log "no CTest summary in the test output" >&2; exit 1; }
total=${summary##* }
failed=$(sed -E 's/.* ([0-9]+) tests failed.*/\1/' <<<"$summary")

# The README's demo command under a virtual display, once per language, each time taking a
# picture of every screen: each must be a real image with more than a handful of colours.
expected=(connection overview journal attention duplicates audit report)
missing=0
for lang in en ru; do
  log "the README's demo command under xvfb-run: scripts/demo.sh --lang $lang --screenshots"
  as_newcomer "xvfb-run -a -s '-screen 0 1600x1000x24' scripts/demo.sh --lang $lang --screenshots /tmp/shots"
  for i in "${!expected[@]}"; do
    shot=$(printf '/tmp/shots/%s-%02d-%s.png' "$lang" $((i + 1)) "${expected[i]}")
    colours=$(chroot "$root" identify -format '%k' "$shot" 2>/dev/null || echo 0)
    if [ "$colours" -gt 16 ]; then
      log "screenshot ${shot##*/}: $(chroot "$root" identify -format '%wx%h' "$shot"), $colours colours"
    else
      log "screenshot ${shot##*/}: missing or blank" >&2
      missing=1
    fi
  done
done
shots=$(ls "$root/tmp/shots")
unknown=$(grep -cv -E "^(en|ru)-0[1-7]-($(IFS='|'; echo "${expected[*]}"))\.png$" <<<"$shots" || true)
[ "$unknown" -eq 0 ] || { log "screenshots of screens this check does not know: $shots" >&2; missing=1; }
if [ -n "${FRESH_ROOT_SHOTS:-}" ]; then mkdir -p "$FRESH_ROOT_SHOTS" && cp "$root"/tmp/shots/*.png "$FRESH_ROOT_SHOTS/"; fi
as_newcomer "scripts/demo.sh stop" >/dev/null
[ "$missing" -eq 0 ] || exit 1
phase "scripts/demo.sh --screenshots (en, ru) and the check"

log "passed on a fresh $suite root:"
printf '  %s\n' "${timings[@]}"
echo "fresh-root: $((total - failed)) passed, $failed failed"
