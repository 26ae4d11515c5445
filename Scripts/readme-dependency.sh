#!/usr/bin/env bash
# Checks that the README's dependency line resolves from a fresh package, as a new user's would.
#
# Takes the first `.package(url: "<this repository>", ...)` line of README.md and points it at a
# bare copy of this checkout's history (a file URL, which SwiftPM clones as it would the public
# repository) whose `main` is the commit checked out here and which has this checkout's tags,
# writes a fresh package that depends on OneLinkEmulator through it, and runs
# `swift package resolve`. Exit 0 when it resolves.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
line=$(grep -m1 -E '^\.package\(url: "<this repository>"' README.md || true)
if [ -z "$line" ]; then
    echo "readme-dependency: no '.package(url: \"<this repository>\", ...)' line in README.md" >&2
    exit 1
fi
dependency=${line%%//*}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q --bare "$root" "$work/OneLinkEmulator.git"
git -C "$work/OneLinkEmulator.git" branch -f main "$(git rev-parse HEAD)"
dependency=${dependency/<this repository>/file://$work/OneLinkEmulator.git}
dependency=$(echo "$dependency" | sed -e 's/[[:space:]]*$//' -e 's/,$//')
mkdir -p "$work/Sources/Fresh"
echo 'import OneLinkEmulator' >"$work/Sources/Fresh/Fresh.swift"
cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Fresh",
    dependencies: [$dependency],
    targets: [
        .target(name: "Fresh", dependencies: [
            .product(name: "OneLinkEmulator", package: "OneLinkEmulator"),
        ]),
    ]
)
MANIFEST
echo "readme-dependency: resolving $dependency"
if ! swift package --package-path "$work" --scratch-path "$work/.build" resolve >"$work/resolve.log" 2>&1; then
    cat "$work/resolve.log" >&2
    echo "readme-dependency: the README's dependency line does not resolve" >&2
    exit 1
fi
echo "readme-dependency: resolves"
