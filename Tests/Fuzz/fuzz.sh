#!/usr/bin/env bash
# Builds the libFuzzer harnesses (swiftc -sanitize=fuzzer,address) and runs each for a bounded time.
#
#   Tests/Fuzz/fuzz.sh [SECONDS_PER_TARGET] [TARGET…]     targets: geojson arguments layout
#
# The seed corpora are checked in under Tests/Fuzz/corpus/<target> (the GeoJSON structural seeds
# made by make-geojson-seeds.py) and only read, with Tests/Fuzz/<target>.dict where there is one;
# what a run finds goes to .build/fuzz/corpus-<target>, kept between runs. A crash leaves crash-* files in
# .build/fuzz; each crash found becomes a regression test in Tests/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(geojson arguments layout)
out=.build/fuzz
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -I "$out")
# The modules the fuzzed sources import: PlatformMath (the C library under one name, only imports)
# and ViewGeometry (rects and insets, linked in as an object).
swiftc -parse-as-library -emit-module -module-name PlatformMath -emit-module-path "$out/PlatformMath.swiftmodule" \
  Sources/PlatformMath/PlatformMath.swift
swiftc "${flags[@]}" -emit-module -emit-object -module-name ViewGeometry -emit-module-path "$out/ViewGeometry.swiftmodule" \
  -wmo -o "$out/ViewGeometry.o" Sources/ViewGeometry/*.swift
for target in "${targets[@]}"; do
  case $target in
    geojson) sources=(Sources/GeoJSONIO/*.swift Sources/GeoJSONIO/JSON/*.swift Tests/Fuzz/GeoJSONFuzz.swift) ;;
    arguments) sources=(Sources/cardmap/Parsing/{Arguments,CLIError,Option}.swift Tests/Fuzz/ArgumentsFuzz.swift) ;;
    layout) sources=(Sources/CardLayout/*.swift Tests/Fuzz/LayoutFuzz.swift "$out/ViewGeometry.o") ;;
    *) echo "unknown target $target" >&2; exit 64 ;;
  esac
  echo "== building $target"
  # A harness that no longer builds is a failure, not a silent skip.
  if ! swiftc "${flags[@]}" -module-name "Fuzz_$target" "${sources[@]}" -o "$out/fuzz-$target" > "$out/build-$target.log" 2>&1; then
    grep -v "Cannot export local symbol" "$out/build-$target.log" >&2
    exit 1
  fi
  seeds=Tests/Fuzz/corpus/$target
  mkdir -p "$out/corpus-$target"
  echo "== fuzzing $target for ${seconds}s (seeds $seeds, finds $out/corpus-$target)"
  dictionary=()
  [ -f "Tests/Fuzz/$target.dict" ] && dictionary=(-dict="../../Tests/Fuzz/$target.dict")
  (cd "$out" && "./fuzz-$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "${dictionary[@]}" "corpus-$target" "../../$seeds") 2>&1 | grep -E "^#[0-9]+.*DONE|stat::|ERROR|SUMMARY|crash|Done" || true
done
