#!/usr/bin/env bash
# Pictures of every screen in English and Russian, taken by the console itself
# (--screenshots) on the living demo database under a virtual display (Xvfb). They go to
# docs/screenshots/ (or DIR) and are what the README shows.
#
#   scripts/screenshots.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mkdir -p "${1:-docs/screenshots}" && cd "${1:-docs/screenshots}" && pwd)
for lang in en ru; do
  xvfb-run -a -s "-screen 0 1600x1000x24" scripts/demo.sh --lang "$lang" --screenshots "$dir"
done
# The dark theme, forced through a settings file of its own (the user's stays untouched).
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT
mkdir -p "$config/inbox-console"
printf '[ui]\ntheme=dark\n' > "$config/inbox-console/inbox-console.conf"
for lang in en ru; do
  XDG_CONFIG_HOME=$config xvfb-run -a -s "-screen 0 1600x1000x24" \
    scripts/demo.sh --lang "$lang" --screenshots "$dir"
done
# 256 colours: the same picture of a flat UI at a third of the size.
for f in "$dir"/*.png; do convert "$f" -dither None -colors 256 "PNG8:$f"; done
ls -1 "$dir"
