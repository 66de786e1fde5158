#!/usr/bin/env bash
# `make wasm`: the engine as WebAssembly, from the same sources as the native build. Embedded Swift
# for wasm32 compiles each pure module in turn (whole-module, optimised), the toolchain's
# clang the one builtin it lacks, and wasm-ld links them with Debian's wasi-libc (malloc and libm).
#
#   bash Sources/CardMapWasm/build.sh OUT_DIR     (from the repository; make wasm runs it)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-$root/.build/wasm}"
objects="$out/objects"
mkdir -p "$objects"
toolchain="$(dirname "$(command -v swiftc)")"
libc=/usr/lib/wasm32-wasi/libc.a
if [ ! -f "$libc" ]; then
  echo "make wasm needs wasi-libc's libc.a: apt-get install wasi-libc" >&2
  exit 1
fi
swiftc_wasm=(swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded
  -enable-experimental-feature Extern -wmo -parse-as-library -Xfrontend -disable-stack-protector
  -Xcc -msimd128 -suppress-warnings -package-name CardMap -I "$objects")
# (Warnings are suppressed: GeoJSONIO's streaming input throws untyped errors from its byte sources,
# which Embedded Swift warns of; nothing exported here reads a stream.)
# A module is compiled again when a source of it, this script, or a module it imports changed.
# Usage: module NAME "IMPORTED MODULES" SOURCES...
module() {
  local name="$1" imports=() import
  read -ra imports <<< "$2"
  shift 2
  local inputs=("$@" "$0")
  for import in "${imports[@]}"; do inputs+=("$objects/$import.o"); done
  if [ -f "$objects/$name.o" ] && [ -z "$(find "${inputs[@]}" -newer "$objects/$name.o")" ]; then
    return
  fi
  # The kernels optimised for speed, the rest for size (and LLVM's inlining off there): a frame
  # measured no faster at -O, and the module larger (Benchmarks/README.md, *Why the code is as it is*).
  local optimise=-O
  case "$name" in ProjectionKernels) ;; *) optimise="-Osize -Xllvm -inline-threshold=0" ;; esac
  "${swiftc_wasm[@]}" $optimise -module-name "$name" -emit-module -emit-module-path "$objects/$name.swiftmodule" \
    -c "$@" -o "$objects/$name.o"
}
# Two at a time where the imports allow (the kernels and the layout beside the geometry and GeoJSON),
# faster from clean on two cores than one after another (Benchmarks/README.md, *Why the code is as it is*).
module PlatformMath "" "$root"/Sources/PlatformMath/*.swift
module JSONValues "" "$root"/Sources/JSONValues/*.swift
module ViewGeometry "JSONValues" "$root"/Sources/ViewGeometry/*.swift
module ProjectionKernels "PlatformMath" "$root"/Sources/ProjectionKernels/*.swift &
kernels=$!
module CardLayout "PlatformMath ViewGeometry JSONValues" "$root"/Sources/CardLayout/*.swift &
layout=$!
module MapGeometry "PlatformMath ViewGeometry JSONValues" "$root"/Sources/MapGeometry/*.swift
module GeoJSONIO "PlatformMath MapGeometry JSONValues" "$root"/Sources/GeoJSONIO/*.swift "$root"/Sources/GeoJSONIO/JSON/*.swift
wait "$kernels"
wait "$layout"
module CardMap "PlatformMath ViewGeometry CardLayout MapGeometry ProjectionKernels JSONValues GeoJSONIO" \
  "$root"/Sources/CardMap/*.swift
module CardMapWire "CardMap" "$root"/Sources/CardMapWire/*.swift
module CardMapWasm "CardMap CardMapWire" "$root"/Sources/CardMapWasm/Engine/*.swift
# The export folders (a SwiftPM target each, named for what it exports), compiled here as one module
# per link unit, the card controller's (`CardMapWasmCards`) and the rest of the whole engine's
# (`CardMapWasmWhole`): a module of its own each cost the whole engine 0.4 KB gzipped.
wasm_exports="$root/Sources/CardMapWasm"
module CardMapWasmFits "CardMap CardMapWire CardMapWasm" "$wasm_exports"/Fits/*.swift &
fits=$!
module CardMapWasmCards "CardMap CardMapWire CardMapWasm" "$wasm_exports"/{Extents,Stacks}/*.swift
wait "$fits"
module CardMapWasmWhole "CardMap CardMapWire CardMapWasm" "$wasm_exports"/{Keeper,Kernels,Overlays}/*.swift
if [ ! -f "$objects/builtins.o" ] || [ "$root/Sources/CardMapWasm/builtins.c" -nt "$objects/builtins.o" ]; then
  "$toolchain/clang" --target=wasm32-unknown-unknown -O2 -msimd128 -c "$root/Sources/CardMapWasm/builtins.c" \
    -o "$objects/builtins.o"
fi
# Two modules from the same objects: the whole engine, which `cardmap page` inlines, gzipped, with
# its script; and the card controller's (card stacks with their cameras and a GeoJSON's extent, no
# fit of its own), for `<cardmap-cards>` and `<cardmap-sheet>` driving their map alone.
engine=("$objects"/{PlatformMath,ViewGeometry,CardLayout,MapGeometry,ProjectionKernels,JSONValues,GeoJSONIO,CardMap,CardMapWire,CardMapWasm}.o
  "$objects/builtins.o")
if ! command -v wasm-opt >/dev/null; then
  echo "wasm: no wasm-opt, so the modules are a tenth larger (apt-get install binaryen)" >&2
  if [ "${REQUIRE_ALL:-}" = 1 ]; then echo "REQUIRE_ALL=1: nothing may be skipped" >&2; exit 1; fi
fi
# Links NAME from the engine's objects and OBJECTS..., unless it is newer than all of them, and
# shrinks it with Binaryen's optimiser where Debian's binaryen is installed (a tenth smaller, as fast).
link() {
  local name="$1"
  shift
  if [ -f "$out/$name.wasm" ] && [ -z "$(find "${engine[@]}" "$@" "$0" -newer "$out/$name.wasm")" ]; then
    return
  fi
  # The stack first in memory (an overflow traps instead of writing over the static data), 1 MiB:
  # the readers refuse nesting deeper than 128 levels, which takes about a fifth of it.
  # Without Unicode's data tables (a tenth of the module, compressing poorly): names and ids are
  # compared as UTF-8, so nothing needs them, and code that compares, hashes or counts a String by
  # its characters fails here rather than growing the engine.
  if ! "$toolchain/wasm-ld" --no-entry --gc-sections --strip-all --stack-first -z stack-size=1048576 \
    -o "$out/$name.wasm" "${engine[@]}" "$@" "$libc"; then
    echo "wasm: a String compared with ==, hashed (a Set or Dictionary key) or counted by its characters" \
      "links Unicode's tables (the undefined _swift_stdlib_* above): compare its UTF-8 instead" >&2
    exit 1
  fi
  if command -v wasm-opt >/dev/null; then
    # (Memory starts zeroed: it folds more. Not --low-memory-unused: the stack is there now.)
    wasm-opt -Oz --converge --zero-filled-memory --enable-simd --enable-bulk-memory \
      --enable-sign-ext --enable-nontrapping-float-to-int --enable-mutable-globals "$out/$name.wasm" \
      -o "$out/$name.wasm"
  fi
}
link cardmap "$objects"/CardMapWasm{Fits,Cards,Whole}.o &
whole=$!
link cardmap-cards "$objects/CardMapWasmCards.o"
wait "$whole"
gzip -9nc "$out/cardmap.wasm" > "$out/cardmap.wasm.gz"
# The package's modules, in their layers' folders (the declarations beside the entry points).
find "$out" \( -name '*.mjs' -o -name '*.d.mts' \) -delete
cp -R "$root/Sources/CardMapWasm/js/." "$out/"
# The page's script, which `cardmap page` inlines: page/page.mjs and every module it imports, each
# after those it imports, joined into one module with their imports of each other dropped (an
# inline module imports nothing else). Whole-line // comments and /** … */ blocks are left out.
js="$root/Sources/CardMapWasm/js"
joined=()
join_after_imports() {
  local file="$1" seen dep
  for seen in "${joined[@]}"; do [ "$seen" = "$file" ] && return; done
  for dep in $(sed -nE 's/^import \{[^}]*\} from "(\.{1,2}\/[a-z/.-]+\.mjs)";$/\1/p' "$file"); do
    join_after_imports "$(realpath -m "$(dirname "$file")/$dep")"
  done
  joined+=("$file")
}
join_after_imports "$js/page/page.mjs"
sed -E '/^import \{[^}]*\} from "\.{1,2}\/[a-z/.-]+\.mjs";$/d' "${joined[@]}" \
  | awk '/^[[:space:]]*\/\*\*/ { block = 1 } block { if (/\*\//) block = 0; next } !/^[[:space:]]*\/\// { print }' \
  > "$out/cardmap-page.mjs"
if grep -q '^import ' "$out/cardmap-page.mjs"; then
  echo "wasm: an import left in cardmap-page.mjs (one line each: import { … } from \"../folder/name.mjs\";)" >&2
  exit 1
fi
if command -v node >/dev/null; then node --check "$out/cardmap-page.mjs"; fi
for name in cardmap cardmap-cards; do
  echo "wasm: $out/$name.wasm ($(wc -c < "$out/$name.wasm") bytes, $(gzip -9c "$out/$name.wasm" | wc -c) gzipped)"
done
