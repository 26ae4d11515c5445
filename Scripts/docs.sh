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

swift package dump-symbol-graph --minimum-access-level public >/dev/null
rm -rf "$graphs"
mkdir -p "$graphs"
# Only the SDK module's own graph (and its extensions of other modules) belong in its reference.
extracted="$(swift build --show-bin-path 2>/dev/null)/../symbolgraph"
# Extension graphs (OneLinkEmulator@Module) exist only while the module publicly extends another module's types.
shopt -s nullglob
cp "$extracted/OneLinkEmulator.symbols.json" "$extracted"/OneLinkEmulator@*.symbols.json "$graphs"/
shopt -u nullglob

docc convert "$catalog" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name OneLinkEmulator \
    --fallback-bundle-identifier dev.onelinkemulator.OneLinkEmulator \
    --output-path "$out/OneLinkEmulator.doccarchive" \
    --warnings-as-errors
