# Shared by the scripts that test a running `onelink-replay serve` with tools from PyPI
# (Scripts/contract.sh, Scripts/pull-clients.sh). Source it from the package root after `set -euo pipefail`.
#
#   python_venv DIR REQUIREMENT...   a virtual environment at DIR with the pinned requirements
#   start_serve ARGUMENT...          builds onelink-replay, starts `serve --port 0 --quiet ARGUMENT...`
#                                    on loopback, sets $tool, $work (a temporary folder), $serve_pid and
#                                    $base (http://127.0.0.1:PORT), and stops serve and removes $work on exit

# Makes a virtual environment at $1 and installs the pinned requirements that follow.
python_venv() {
    local dir="$1"
    shift
    # Debian's python3 has no venv module without python3-venv.
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
        apt-get update
        apt-get install -y python3-venv
    fi
    python3 -m venv "$dir"
    "$dir/bin/pip" install --quiet --disable-pip-version-check "$@"
}

serve_pid=""
work=""
tool=""
base=""

stop_serve() {
    if [ -n "$serve_pid" ]; then kill -TERM "$serve_pid" 2>/dev/null || true; wait "$serve_pid" 2>/dev/null || true; fi
    if [ -n "$work" ]; then rm -rf "$work"; fi
}

# Builds onelink-replay and starts serve on a free loopback port with the given options.
start_serve() {
    swift build --product onelink-replay
    tool="$(swift build --show-bin-path)/onelink-replay"
    work="$(mktemp -d)"
    trap stop_serve EXIT
    "$tool" serve --port 0 --quiet "$@" > "$work/serve.out" 2> "$work/serve.err" &
    serve_pid=$!
    # serve prints its address once it listens; up to 30 s, or at once if it exits.
    for _ in $(seq 1 300); do
        grep -q '^listening on ' "$work/serve.out" && break
        kill -0 "$serve_pid" 2>/dev/null || { cat "$work/serve.err" >&2; exit 1; }
        sleep 0.1
    done
    base="$(sed -n 's/^listening on //p' "$work/serve.out")"
    [ -n "$base" ] || { echo "serve did not start" >&2; cat "$work/serve.err" >&2; exit 1; }
}
