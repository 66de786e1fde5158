#!/usr/bin/env bash
# The cafés example, built as a web developer builds it (Examples/build.sh): the packed package
# installed offline into a fresh folder, the page, app.mjs and cafes.geojson beside them, and the
# bundle made by Debian's esbuild.
#
#   bash Examples/cafes/build.sh NPM_PACKAGE_DIR OUT_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec bash "$here/../build.sh" "$here" "$@"
