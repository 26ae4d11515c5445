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

# shellcheck source=Scripts/lib/serve.sh
source Scripts/lib/serve.sh
if [ ! -x "$venv/bin/schemathesis" ] || [ ! -x "$venv/bin/openapi-spec-validator" ]; then
    python_venv "$venv" 'openapi-spec-validator==0.9.0' 'schemathesis==4.32.5'
fi

# With a Push API endpoint (port 9, where nothing listens: the messages fail and are retried), so
# the Push API configuration API checks its bodies instead of answering every call 402.
start_serve --push-url http://127.0.0.1:9/contract-postbacks

"$tool" serve --openapi > "$work/openapi.json"
if ! cmp -s "$work/openapi.json" Docs/openapi.json; then
    echo "Docs/openapi.json is not the generated document; run: onelink-replay serve --openapi > Docs/openapi.json" >&2
    diff -u Docs/openapi.json "$work/openapi.json" | head -40 >&2 || true
    exit 1
fi
"$venv/bin/openapi-spec-validator" Docs/openapi.json

"$venv/bin/schemathesis" --no-color --config-file Fuzz/contract/schemathesis.toml run "$base/openapi.json" \
    --exclude-tag admin --max-examples "$examples" --generation-deterministic --workers 1 \
    --request-timeout 10
