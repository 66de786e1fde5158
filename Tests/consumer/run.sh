#!/usr/bin/env bash
# Builds two throwaway packages and checks what they print: one that depends on CardMap by path with
# `traits: []` (as an iOS app would, with no system PROJ; it must link no libproj), and one that
# depends on a 0.1.0 tag of it (the version the Getting started article names) through a file:// URL (SwiftPM must accept the kernels' build flags).
#
#   bash Tests/consumer/run.sh        (from the repository; make test runs it)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$root/.build/consumer"
mkdir -p "$work/Sources/Consumer"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Consumer",
  dependencies: [.package(name: "CardMap", path: "$root", traits: [])],
  targets: [.executableTarget(name: "Consumer", dependencies: [.product(name: "CardMap", package: "CardMap")])]
)
SWIFT
cp "$root/Tests/consumer/main.swift" "$work/Sources/Consumer/main.swift"
(cd "$work" && swift build -q)
output=$("$work/.build/debug/Consumer")
echo "$output"
expected="insets 451.5 camera ok utm 334368.634 6250948.345 needs PROJ"
if [ "$output" != "$expected" ]; then
  echo "consumer: expected '$expected'" >&2
  exit 1
fi
if ldd "$work/.build/debug/Consumer" | grep -q libproj; then
  echo "consumer: links libproj although it asked for no traits" >&2
  exit 1
fi
echo "consumer package without PROJ: built, ran, links no libproj"

# The same library as a versioned dependency: a git repository of the working tree, tagged 0.1.0,
# depended on through a file:// URL (the way an app depends on a release), with the PROJ trait.
repo="$root/.build/consumer-release/CardMap"
rm -rf "$root/.build/consumer-release"
mkdir -p "$repo"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf - 2>/dev/null) | (cd "$repo" && tar xf -)
git -C "$repo" init -q
git -C "$repo" add -A
git -C "$repo" -c user.name=consumer -c user.email=consumer@localhost commit -q -m release
git -C "$repo" tag 0.1.0
app="$root/.build/consumer-release/App"
mkdir -p "$app/Sources/App"
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "App",
  dependencies: [.package(url: "file://$repo", from: "0.1.0")],
  targets: [.executableTarget(name: "App", dependencies: [.product(name: "CardMap", package: "CardMap")])]
)
SWIFT
cp "$root/Tests/consumer/versioned/main.swift" "$app/Sources/App/main.swift"
(cd "$app" && swift build -q)
output=$("$app/.build/debug/App")
echo "$output"
case "$output" in
  "lambert-93 652469.023 6862035.259 failed 0 kernel lcc, "*) ;;
  *) echo "consumer of the 0.1.0 tag: expected Lambert-93 through the lcc kernel" >&2; exit 1 ;;
esac
echo "consumer package of a version tag (file:// URL): built, ran the lcc kernel"
