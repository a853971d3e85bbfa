#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a bounded time on
# its corpus in tests/fuzz/corpus/<target>. New inputs found go to a scratch directory, not
# into the repository; a crash leaves its input in the work directory and fails the run.
#
#   scripts/fuzz.sh [SECONDS] [WORKDIR] [TARGET...]   default 60 s per target, WORKDIR
#                                                     build-fuzz, every target
# Targets: bodydecoder, and adapter_<name> for each inbox-receiver adapter (one source,
# tests/fuzz/fuzz_adapter.cpp, built once per adapter; the adapter library is compiled once).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
work=${2:-build-fuzz}
shift $(($# < 2 ? $# : 2))
adapters=(json telegram stripe standard_webhooks bitrix24 amocrm yookassa form)
if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=(bodydecoder)
  for a in "${adapters[@]}"; do targets+=("adapter_$a"); done
fi
cxx=$(command -v clang++-14 || command -v clang++ || true)
[ -n "$cxx" ] || { echo "fuzz: clang++ not found (apt-get install clang-14 libclang-rt-14-dev)" >&2; exit 1; }
mkdir -p "$work"
work=$(cd "$work" && pwd)
root=$(pwd)
flags=(-std=c++17 -g -O1 -fPIC -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
       -Imodels $(pkg-config --cflags Qt6Core))
libs=($(pkg-config --libs Qt6Core))

adapter_dir=app/inbox-receiver/adapters
adapter_objs=()
build_adapter_library() {
  [ ${#adapter_objs[@]} -eq 0 ] || return 0
  mkdir -p "$work/adapters"
  echo "fuzz: compiling the adapter library"
  for src in "$adapter_dir"/*.cpp; do
    obj=$work/adapters/$(basename "$src" .cpp).o
    "$cxx" "${flags[@]}" -I"$adapter_dir" -c "$src" -o "$obj"
    adapter_objs+=("$obj")
  done
}

for target in "${targets[@]}"; do
  bin=$work/fuzz_$target
  case $target in
    bodydecoder)
      "$cxx" "${flags[@]}" tests/fuzz/fuzz_$target.cpp models/journal/$target.cpp -o "$bin" "${libs[@]}" ;;
    adapter_*)
      build_adapter_library
      name=${target#adapter_}
      "$cxx" "${flags[@]}" -I"$adapter_dir" -DINBOX_FUZZ_ADAPTER="\"${name//_/-}\"" \
        tests/fuzz/fuzz_adapter.cpp "${adapter_objs[@]}" -o "$bin" "${libs[@]}" ;;
    *) echo "fuzz: unknown target $target" >&2; exit 2 ;;
  esac
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
