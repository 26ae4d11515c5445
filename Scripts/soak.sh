#!/usr/bin/env bash
# The soak step: only the suites whose repetition counts the soak switch scales
# (Tests/Support/OneLinkTestSoak), at their full counts. The rest of the suite does not change with
# ONELINK_SOAK, so running it again would only repeat the default `swift test`.
#
# A suite counts when its file uses `Soak.` or the `.soak` tag; each such file is named after its
# suite. Extra arguments go to `swift test` (for example `--sanitize=thread`).
set -euo pipefail
cd "$(dirname "$0")/.."
suites=$(grep -rlE 'Soak\.|\.soak\b' Tests --include='*.swift' \
    | grep -v '^Tests/Support/OneLinkTestSoak/' \
    | xargs -n1 basename | sed 's/\.swift$//' | sort -u | paste -sd'|' -)
if [ -z "$suites" ]; then
    echo "soak.sh: no suite uses the soak switch" >&2
    exit 1
fi
echo "soak.sh: ${suites//|/, }"
ONELINK_SOAK="${ONELINK_SOAK:-1}" swift test --skip-build --skip BrowserTests --filter "$suites" "$@"
