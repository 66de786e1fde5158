#!/usr/bin/env bash
# The ferries example, built as a web developer builds it: the packed package installed offline
# into a fresh folder, the page, app.mjs and the data beside them, and the bundle made by Debian's
# esbuild.
#
#   bash Examples/ferries/build.sh NPM_PACKAGE_DIR OUT_DIR   (make example runs it)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
package="$(cd "$1" && pwd)"
mkdir -p "$2"
out="$(cd "$2" && pwd)"
rm -rf "$out"
mkdir -p "$out/pack"
(cd "$package" && npm pack --silent --pack-destination "$out/pack" >/dev/null)
cd "$out"
echo '{"name": "ferries", "private": true, "type": "module"}' > package.json
npm install --offline --no-audit --no-fund --ignore-scripts --silent ./pack/*.tgz
cp "$here/index.html" "$here/app.mjs" "$root/Data/samples/sydney-ferry-network.geojson" \
  "$root/Data/harbour/sydney-harbour.geojson" .
esbuild app.mjs --bundle --format=esm --outfile=app.js --log-level=warning
echo "example: $out (open index.html from a web server)"
