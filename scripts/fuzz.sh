#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a bounded time on
# its corpus in tests/fuzz/corpus/<target>. New inputs found go to a scratch directory, not
# into the repository; a crash leaves its input in the work directory and fails the run.
#
#   scripts/fuzz.sh [SECONDS] [WORKDIR]     default 60 s per target, WORKDIR build-fuzz
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
work=${2:-build-fuzz}
cxx=$(command -v clang++-14 || command -v clang++ || true)
[ -n "$cxx" ] || { echo "fuzz: clang++ not found (apt-get install clang-14 libclang-rt-14-dev)" >&2; exit 1; }
mkdir -p "$work"
work=$(cd "$work" && pwd)
root=$(pwd)
flags=(-std=c++17 -g -O1 -fPIC -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
       -Imodels $(pkg-config --cflags Qt6Core))
libs=($(pkg-config --libs Qt6Core))

for target in bodydecoder; do
  bin=$work/fuzz_$target
  "$cxx" "${flags[@]}" tests/fuzz/fuzz_$target.cpp models/journal/$target.cpp -o "$bin" "${libs[@]}"
  found=$work/found_$target
  mkdir -p "$found"
  echo "fuzz: $target for $seconds s"
  (cd "$work" && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "./fuzz_$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=1048576 -print_final_stats=1 "found_$target" "$root/tests/fuzz/corpus/$target" 2>&1 |
    tail -n 25)
  # libFuzzer exits non-zero on a crash; pipefail carries it here.
done
echo "fuzz: no crash"
