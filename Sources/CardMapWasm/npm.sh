#!/usr/bin/env bash
# `make npm`: the web engine as an npm package in OUT_DIR, ready for `npm pack`: the ES modules and
# their declarations, cardmap.wasm, and cardmap/inline (the same engine with its WebAssembly embedded
# as base64, for bundlers with no configuration). The version is the command line's.
#
#   bash Sources/CardMapWasm/npm.sh WASM_DIR OUT_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
wasm="$1"
out="$2"
version="$(sed -n 's/.*static let version = "\(.*\)"/\1/p' "$here/../cardmap/Tool.swift")"
rm -rf "$out"
mkdir -p "$out"
cp "$here"/js/*.mjs "$here"/js/*.d.mts "$wasm/cardmap.wasm" "$here/npm/inline.d.mts" "$here/../../LICENSE" "$out/"
sed "s/VERSION/$version/" "$here/npm/package.json" > "$out/package.json"
sed "s/VERSION/$version/" "$here/npm/README.md" > "$out/README.md"
{
  echo '// cardmap/inline: the engine with its WebAssembly embedded (base64), for bundlers with no configuration.'
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
  printf 'const WASM = "%s";\n' "$(base64 -w0 "$wasm/cardmap.wasm")"
} > "$out/inline.mjs"
echo "npm: $out (cardmap $version)"
