#!/usr/bin/env bash
# The Pull API against real clients (issue 52): a running `serve` on loopback records a click, the
# install it matches, a launch, an SDK event and an organic install, then an S2S event sent by the `appsflyer` package
# (0.1.0); `pyappsflyer` (0.2, the API token V1 path) and singer-io's `tap-appsflyer` (1.0.0, the V2
# path) read the raw-data and aggregate reports, and the script fails unless they read those rows.
# The clients come from PyPI, pinned, each in its own virtual environment under .build (pyappsflyer
# pins requests 2.22.0, tap-appsflyer 2.32.5), as Scripts/contract.sh installs its tools; they
# hard-code AppsFlyer's hosts, which Scripts/pull-clients.py points at `serve`. The clients' output
# goes to standard output and to .build/pull-clients/output.txt.
#
#   Scripts/pull-clients.sh
set -euo pipefail
cd "$(dirname "$0")/.."
clients=.build/pull-clients

# shellcheck source=Scripts/lib/serve.sh
source Scripts/lib/serve.sh
# pyappsflyer 0.2 leaves marshmallow unpinned, and its environs 4.2.0 fails to import with marshmallow 4.
for pinned in 'appsflyer==0.1.0' 'pyappsflyer==0.2 marshmallow==3.26.1' 'tap-appsflyer==1.0.0'; do
    name="${pinned%%==*}"
    if [ ! -x "$clients/$name/bin/python" ] || ! "$clients/$name/bin/pip" show --quiet "$name" >/dev/null 2>&1; then
        # shellcheck disable=SC2086 # one or two requirements, split on purpose
        python_venv "$clients/$name" $pinned
    fi
done

start_serve --onelink-api-token PULL_TOKEN

export PULL_CLIENTS_DIR="$work"
{
    echo "== serve at $base; recording a click, its install, a launch, an SDK event and an organic install"
    "$clients/appsflyer/bin/python" Scripts/pull-clients.py record "$base"
    echo "== appsflyer 0.1.0 (S2S events API client)"
    "$clients/appsflyer/bin/python" Scripts/pull-clients.py s2s "$base"
    echo "== pyappsflyer 0.2 (GET /export/{app}/{report}/v5?api_token=…)"
    "$clients/pyappsflyer/bin/python" Scripts/pull-clients.py pyappsflyer "$base"
    echo "== tap-appsflyer 1.0.0 (GET /api/raw-data/export/app/{app}/{report}/v5, Authorization: Bearer)"
    "$clients/tap-appsflyer/bin/python" Scripts/pull-clients.py tap "$base" 2>"$work/tap.err" || {
        cat "$work/tap.err" >&2
        exit 1
    }
} | tee "$clients/output.txt"
exit "${PIPESTATUS[0]}"
