#!/usr/bin/env bash
# `make npm`: the web engine as an npm package in OUT_DIR, ready for `npm pack`: the ES modules and
# their declarations, cardmap.wasm, and cardmap/inline (the same engine with its WebAssembly embedded
# as base64, for bundlers with no configuration); the card controller's module, cardmap-cards.wasm,
# and cardmap/inline-cards (it embedded). The version is the command line's.
#
#   bash Sources/CardMapWasm/npm.sh WASM_DIR OUT_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
wasm="$1"
out="$2"
version="$(sed -n 's/.*static let version = "\(.*\)"/\1/p' "$here/../cardmap/Tool.swift")"
rm -rf "$out"
mkdir -p "$out"
cp -R "$here/js/." "$out/"
cp "$wasm/cardmap.wasm" "$wasm/cardmap-cards.wasm" "$here/npm/inline.d.mts" \
  "$here/../../LICENSE" "$out/"
sed "1s|.*|// TypeScript declarations of cardmap/inline-cards: the card controller's engine inside the module.|" \
  "$here/npm/inline.d.mts" > "$out/inline-cards.d.mts"
sed "s/VERSION/$version/" "$here/npm/package.json" > "$out/package.json"
sed "s/VERSION/$version/" "$here/npm/README.md" > "$out/README.md"
# Writes NAME.mjs: the engine module WASM embedded, made the page's engine on import. Usage: inline NAME WASM WHAT
inline() {
  {
    echo "// cardmap/$1: $3 with its WebAssembly embedded (base64), for bundlers with no configuration."
    echo '// Importing it makes the embedded engine the page'"'"'s: `load()` and every element that was given'
    echo '// no engine use it, and nothing is fetched.'
    echo 'import { load as loadEngine, defaultSource } from "./cardmap.mjs";'
    echo 'export * from "./cardmap.mjs";'
    echo
    echo '/** The embedded engine'"'"'s bytes. */'
    echo 'function embedded() {'
    echo '  const text = atob(WASM);'
    echo '  const bytes = new Uint8Array(text.length);'
    echo '  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);'
    echo '  return bytes;'
    echo '}'
    echo 'defaultSource(embedded);'
    echo
    echo '/** The page'"'"'s engine, the one embedded in this module; with `source`, loads that instead (as cardmap'"'"'s `load`). */'
    echo 'export function load(source) {'
    echo '  return source === undefined ? loadEngine() : loadEngine(source);'
    echo '}'
    echo
    printf 'const WASM = "%s";\n' "$(base64 -w0 "$2")"
  } > "$out/$1.mjs"
}
inline inline "$wasm/cardmap.wasm" "the engine"
inline inline-cards "$wasm/cardmap-cards.wasm" "the card controller's engine (card stacks, their cameras, a GeoJSON's extent)"
echo "npm: $out (cardmap $version)"
