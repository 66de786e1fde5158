#!/usr/bin/env bash
# Builds a throwaway package that depends on CardMap with `traits: []` (as an iOS app would, with no
# system PROJ), runs it, and checks what it printed and that it links no libproj.
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
