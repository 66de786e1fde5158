#!/usr/bin/env bash
# What `make demo` and `make test` need from Debian, installed when missing.
#
#   bash Tests/deps.sh build|web|example|demo|check|test|bench
#
# Run as root (a container, CI), it installs the missing packages with apt-get, saying once which
# and why. Run as anyone else, it stops at once with the one `sudo apt-get install` line to run.
# Without apt-get or dpkg (not Debian or Ubuntu), it says what to install and stops.
set -euo pipefail
goal="${1:?usage: Tests/deps.sh build|web|example|demo|check|test|bench}"

# Each package, and why it is needed: "package|reason", or "package|reason|command" for one whose
# command may come from elsewhere (npm ships inside NodeSource's nodejs): present, it is not installed.
build=(
  "libproj-dev|PROJ, the library cardmap projects any CRS with"
  "pkg-config|finds PROJ for the Swift build"
  "zlib1g-dev|compresses the data cardmap page carries"
)
# The web engine and its npm package (make wasm, make npm).
web=(
  "${build[@]}"
  "wasi-libc|links the web engine, which the npm package and the demo's page run on"
  "binaryen|shrinks the web engine by a tenth (wasm-opt)"
)
# The web examples, built as a web developer builds them (make example, make gallery-web).
example=(
  "${web[@]}"
  "npm|packs and installs the npm package into the example|npm"
  "esbuild|bundles the example's app.mjs"
)
demo=(
  "${web[@]}"
  "librsvg2-bin|turns the demo's picture into a PNG (rsvg-convert)"
)
check=(
  "${demo[@]}"
  "nodejs|runs the web engine against the native one"
)
test=(
  "${check[@]}"
  "make|runs the test targets"
  "node-typescript|checks the TypeScript declarations (tsc)"
  "node-react|React's type declarations, which the elements' JSX typing is checked against (cardmap/jsx)"
  "node-csstype|the CSS types React's declarations import"
  "node-prop-types|the prop-types declarations React's import"
  "npm|packs and installs the npm package (make npm-test)|npm"
  "esbuild|bundles the npm package for the browser, as an app would (make npm-test)"
  "chromium|runs MapLibre GL JS and the page in a real browser"
  "webkit2gtk-driver|drives WebKit, Safari's engine, for the examples' browser tests (WebKitWebDriver)"
  "firefox-esr|runs the examples' browser tests in Gecko, Firefox's engine (Marionette)"
  "xvfb|gives WebKit and Firefox a display in the browser tests (xvfb-run)"
  "gdal-bin|reprojects New York's boroughs for a reference (ogr2ogr)"
  "man-db|shows the installed man page (make install-check)"
  "python3-venv|holds the Dask example's virtual environment"
)
# What `make bench` compares CardMap with, in the same run.
bench=(
  "${build[@]}"
  "proj-bin|PROJ's own tools beside the library the kernels are measured against"
  "libsimdjson-dev|simdjson, the JSON reader the GeoJSON reader is measured against"
  "g++|compiles the simdjson walker the bench times"
  "gdal-bin|GDAL's ogr2ogr, which cardmap project is measured against"
  "nodejs|runs the web engine and proj4js (make bench-web)"
  "wasi-libc|links the web engine (make bench-web)"
)
case "$goal" in
  build) wanted=("${build[@]}") ;;
  web) wanted=("${web[@]}") ;;
  example) wanted=("${example[@]}") ;;
  bench) wanted=("${bench[@]}") ;;
  demo) wanted=("${demo[@]}") ;;
  check) wanted=("${check[@]}") ;;
  test) wanted=("${test[@]}") ;;
  *) echo "usage: Tests/deps.sh build|web|example|demo|check|test|bench" >&2; exit 64 ;;
esac

installed() { [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }

missing=()
reasons=()
for entry in "${wanted[@]}"; do
  IFS='|' read -r package reason command <<< "$entry"
  if [ -n "$command" ] && command -v "$command" >/dev/null; then continue; fi
  if ! command -v dpkg-query >/dev/null || ! installed "$package"; then
    missing+=("$package")
    reasons+=("  $package: $reason")
  fi
done
[ ${#missing[@]} = 0 ] && exit 0

if ! command -v apt-get >/dev/null || ! command -v dpkg-query >/dev/null; then
  echo "make $goal needs these Debian packages (or your system's equivalents):" >&2
  printf '%s\n' "${reasons[@]}" >&2
  exit 1
fi
if [ "$(id -u)" != 0 ]; then
  echo "make $goal needs Debian packages that are not installed:" >&2
  printf '%s\n' "${reasons[@]}" >&2
  echo "Install them, then run make $goal again:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "make $goal: installing with apt-get what it needs:"
printf '%s\n' "${reasons[@]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > /dev/null
