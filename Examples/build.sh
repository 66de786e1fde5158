#!/usr/bin/env bash
# A web example built as a web developer builds it: the packed package installed offline into a
# fresh folder, the example's page and app.mjs and the ferry data beside them, and the bundle made
# by Debian's esbuild. Each example's build.sh calls it with its own folder.
#
#   bash Examples/build.sh EXAMPLE_DIR NPM_PACKAGE_DIR OUT_DIR
set -euo pipefail
for tool in npm esbuild; do
  command -v "$tool" >/dev/null || { echo "Examples/build.sh: no $tool; make example installs it (bash Tests/deps.sh example)" >&2; exit 1; }
done
example="$(cd "$1" && pwd)"
root="$(cd "$(dirname "$0")/.." && pwd)"
package="$(cd "$2" && pwd)"
mkdir -p "$3"
out="$(cd "$3" && pwd)"
rm -rf "$out"
mkdir -p "$out/pack"
(cd "$package" && npm pack --silent --pack-destination "$out/pack" >/dev/null)
cd "$out"
echo "{\"name\": \"$(basename "$example")\", \"private\": true, \"type\": \"module\"}" > package.json
npm install --offline --no-audit --no-fund --ignore-scripts --silent ./pack/*.tgz
cp "$example/index.html" "$example/app.mjs" "$root/Data/samples/sydney-ferry-network.geojson" \
  "$root/Data/harbour/sydney-harbour.geojson" .
# An example's own data, beside its page.
for data in "$example"/*.geojson; do [ -e "$data" ] && cp "$data" .; done
esbuild app.mjs --bundle --format=esm --outfile=app.js --log-level=warning
echo "example: $out (open index.html from a web server)"
