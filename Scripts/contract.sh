#!/usr/bin/env bash
# The server's contract (issue 50): the OpenAPI document generated from the route entries is the
# checked-in Docs/openapi.json, is valid OpenAPI 3 (openapi-spec-validator), and a running `serve`
# on loopback answers as it says (schemathesis, every check but those Fuzz/contract/schemathesis.toml
# leaves out, admin routes excluded). Both tools come from PyPI, pinned, in a virtual environment
# under .build, as Chromium comes from Debian. About a minute after the build.
#
#   Scripts/contract.sh            # 50 examples an operation
#   CONTRACT_EXAMPLES=200 Scripts/contract.sh
set -euo pipefail
cd "$(dirname "$0")/.."
examples="${CONTRACT_EXAMPLES:-50}"
venv=.build/contract-venv

if [ ! -x "$venv/bin/schemathesis" ] || [ ! -x "$venv/bin/openapi-spec-validator" ]; then
    # Debian's python3 has no venv module without python3-venv.
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
        apt-get update
        apt-get install -y python3-venv
    fi
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check \
        'openapi-spec-validator==0.9.0' 'schemathesis==4.32.5'
fi

swift build --product onelink-replay
tool="$(swift build --show-bin-path)/onelink-replay"
work="$(mktemp -d)"
serve_pid=""
cleanup() {
    if [ -n "$serve_pid" ]; then kill -TERM "$serve_pid" 2>/dev/null || true; wait "$serve_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$tool" serve --openapi > "$work/openapi.json"
if ! cmp -s "$work/openapi.json" Docs/openapi.json; then
    echo "Docs/openapi.json is not the generated document; run: onelink-replay serve --openapi > Docs/openapi.json" >&2
    diff -u Docs/openapi.json "$work/openapi.json" | head -40 >&2 || true
    exit 1
fi
"$venv/bin/openapi-spec-validator" Docs/openapi.json

# With a Push API endpoint (port 9, where nothing listens: the messages fail and are retried), so
# the Push API configuration API checks its bodies instead of answering every call 402.
"$tool" serve --port 0 --quiet --push-url http://127.0.0.1:9/contract-postbacks \
    > "$work/serve.out" 2> "$work/serve.err" &
serve_pid=$!
for _ in $(seq 1 300); do
    grep -q '^listening on ' "$work/serve.out" && break
    kill -0 "$serve_pid" 2>/dev/null || { cat "$work/serve.err" >&2; exit 1; }
    sleep 0.1
done
base="$(sed -n 's/^listening on //p' "$work/serve.out")"
[ -n "$base" ] || { echo "serve did not start" >&2; cat "$work/serve.err" >&2; exit 1; }

"$venv/bin/schemathesis" --no-color --config-file Fuzz/contract/schemathesis.toml run "$base/openapi.json" \
    --exclude-tag admin --max-examples "$examples" --generation-deterministic --workers 1 \
    --request-timeout 10
