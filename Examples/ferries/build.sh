#!/usr/bin/env bash
# The ferries example, built as a web developer builds it (Examples/build.sh): the packed package
# installed offline into a fresh folder, the page, app.mjs and the data beside them, and the bundle
# made by Debian's esbuild.
#
#   bash Examples/ferries/build.sh NPM_PACKAGE_DIR OUT_DIR   (make example runs it)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec bash "$here/../build.sh" "$here" "$@"
