#!/usr/bin/env bash
# Checks a release build's per-CPU kernel modules (<doc:Kernels>): no AVX2 or AVX-512 code may sit in
# a weak symbol that another module defines too. A linker keeps one definition of a weak symbol for
# the whole program, so every instruction set would run that one copy, and a CPU without its
# instructions would crash. (A kernel loop the optimiser keeps out of line is such a symbol unless
# its name carries a type of its own module: `forEachVector(…, in: Module.self, …)`.)
#
#   bash Tests/kernel-symbols.sh [.build/release]      (make kernel-symbols builds and runs it)
set -euo pipefail
if [ "$(uname -m)" != x86_64 ]; then echo "kernel-symbols: not x86-64, no per-CPU kernels to check"; exit 0; fi
build="${1:-.build/release}"
failed=0
for isa in AVX2 AVX512; do
  mine=$(ls "$build/Kernels$isa.build/"*.o)
  theirs=$(ls "$build"/*.build/*.o | grep -v "/Kernels$isa.build/")
  # shellcheck disable=SC2086
  shared=$(comm -12 <(nm --defined-only $mine | awk '$2 == "W" { print $3 }' | sort -u) \
    <(nm --defined-only $theirs 2>/dev/null | awk '$2 == "W" { print $3 }' | sort -u))
  for symbol in $shared; do
    for object in $mine; do
      # A VEX or EVEX instruction (mnemonics beginning with v) is code the baseline does not have.
      if objdump -d --no-show-raw-insn --disassemble="$symbol" "$object" | grep -E $'^\s+[0-9a-f]+:\tv' >/dev/null; then
        echo "kernel-symbols: $isa code in $symbol, which another module defines too" >&2
        failed=1
      fi
    done
  done
done
[ "$failed" = 0 ] && echo "kernel-symbols: the AVX2 and AVX-512 loops are their modules' own symbols"
exit "$failed"
