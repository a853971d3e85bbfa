#!/usr/bin/env bash
# Writes resources/schema/current.sql: the whole current schema in one file, dumped (pg_dump
# --schema-only, in pg_dump's stable order) from a database that the program's own migrator
# has just brought from empty to the latest step. It is the test that checks the file
# (tst_schema), run in the mode that writes it, so the file and its check cannot drift apart.
#
#   scripts/dump-schema.sh      after adding a step to resources/migrations (and its line to
#                               resources/migrations/SHA256SUMS)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
[ -f "$build/CMakeCache.txt" ] ||
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target tst_schema
INBOX_WRITE_SCHEMA=1 QT_QPA_PLATFORM=offscreen "$build/tests/contract/tst_schema" \
  currentSqlIsTheDumpOfAFreshInstall
echo "dump-schema: wrote resources/schema/current.sql ($(wc -l <resources/schema/current.sql) lines)"
