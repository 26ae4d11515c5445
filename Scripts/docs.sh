#!/usr/bin/env bash
# Builds the DocC reference of the SDK module (`OneLinkEmulator`) with the toolchain's `docc`,
# treating every warning (a broken symbol link, an undocumented parameter) as an error.
#
#   Scripts/docs.sh     # writes .build/docs/OneLinkEmulator.doccarchive
#
# `swift package dump-symbol-graph` reuses the package's debug build, so after `swift test` (as in
# .ci/run, with the same ONELINK_STRICT setting) it extracts the graphs without compiling again.
set -euo pipefail
cd "$(dirname "$0")/.."
catalog=Sources/OneLinkEmulator/OneLinkEmulator.docc
out=.build/docs
graphs="$out/symbol-graphs"

# Every guide in Docs/ is an article of the catalog (a symbolic link in Guides/) and is listed on
# the landing page, so a new guide cannot be left out of the reference.
for guide in Docs/*.md; do
    name=$(basename "$guide" .md)
    [ "$(readlink "$catalog/Guides/$name.md")" = "../../../../Docs/$name.md" ] ||
        { echo "docs: $catalog/Guides/$name.md must link to ../../../../Docs/$name.md" >&2; exit 1; }
    grep -q "<doc:$name>" "$catalog/OneLinkEmulator.md" ||
        { echo "docs: $catalog/OneLinkEmulator.md does not list <doc:$name>" >&2; exit 1; }
done

# The SDK 6 surface (the package without its SDK7 trait) is the one documented. `swift package
# dump-symbol-graph` builds with every trait enabled, so the graph is extracted from the debug build
# instead: `swift build` reuses it after `swift test` (as in .ci/run, with the same ONELINK_STRICT).
swift build --target OneLinkEmulator >/dev/null
bin="$(swift build --show-bin-path 2>/dev/null)"
triple="$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -1)"
rm -rf "$graphs"
mkdir -p "$graphs"
# Only the SDK module's own graph (with its extensions of other modules) belongs in its reference.
swift symbolgraph-extract -module-name OneLinkEmulator -target "$triple" -I "$bin/Modules" -I "$bin" \
    -minimum-access-level public -emit-extension-block-symbols -output-dir "$graphs"

docc convert "$catalog" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name OneLinkEmulator \
    --fallback-bundle-identifier dev.onelinkemulator.OneLinkEmulator \
    --output-path "$out/OneLinkEmulator.doccarchive" \
    --warnings-as-errors
