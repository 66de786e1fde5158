#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer.
#
#   Tests/sanitize.sh                      both sanitizers, every test
#   Tests/sanitize.sh thread [FILTER]      one sanitizer, tests matching FILTER (swift test --filter)
#
# Each sanitizer builds into its own scratch folder (.build-address, .build-thread), so the
# ordinary build is left alone. Exits non-zero when a test fails or a sanitizer reports.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizers=(address thread)
if [ $# -gt 0 ]; then
  sanitizers=("$1")
  shift
fi
filter=()
[ $# -gt 0 ] && filter=(--filter "$1")
for sanitizer in "${sanitizers[@]}"; do
  echo "== swift test --sanitize=$sanitizer ${filter[*]:-}"
  # Leaks from the toolchain's own runtime are not ours to fix; halt on real errors.
  ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 TSAN_OPTIONS=halt_on_error=1 \
    swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" "${filter[@]}"
done
