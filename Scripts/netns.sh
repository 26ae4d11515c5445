#!/usr/bin/env bash
# `onelink-replay serve --allow-remote` as a compose network would use it, without containers
# (issue 52): two network namespaces joined by a veth pair, addresses from 192.0.2.0/24 (TEST-NET-1,
# documentation only). serve listens on 192.0.2.1 in one; in the other, at 192.0.2.2, curl creates
# a OneLink API link, posts an S2S event, and a python3 receiver takes the Push API message serve
# sends it. Then serve must refuse to start without --allow-remote, and with a key missing.
#
# Needs root (CAP_NET_ADMIN) and Debian's iproute2, curl and python3 (iproute2 and curl are
# installed when missing). Without the capability it skips (exit 0), unless CI=true, where it fails.
# It deletes what it creates on exit, and first what a run that died left behind.
#
#   Scripts/netns.sh
#   ONELINK_REPLAY=.build/release/onelink-replay Scripts/netns.sh   # a binary already built
set -euo pipefail
cd "$(dirname "$0")/.."

ns_serve=onelink-netns-serve
ns_client=onelink-netns-client
veth_serve=olk-serve0
veth_client=olk-client0
serve_ip=192.0.2.1
client_ip=192.0.2.2
port=8080
receiver_port=8081
dev_key=NETNS_DEV_KEY
s2s_key=NETNS_S2S_KEY
api_token=NETNS_API_TOKEN
work=""
serve_pid=""
receiver_pid=""

skip() {
    if [ "${CI:-}" = true ]; then
        echo "Scripts/netns.sh: FAILED (CI=true): $1" >&2
        exit 1
    fi
    echo "Scripts/netns.sh: SKIPPED: $1"
    exit 0
}

fail() {
    echo "Scripts/netns.sh: FAILED: $1" >&2
    for file in serve.out serve.err receiver.log; do
        if [ -n "$work" ] && [ -s "$work/$file" ]; then
            echo "--- $file" >&2
            cat "$work/$file" >&2
        fi
    done
    exit 1
}

# Stops a process this script started (its id), waiting at most 10 s.
stop_process() {
    local pid="$1"
    [ -n "$pid" ] || return 0
    kill -TERM "$pid" 2>/dev/null || return 0
    timeout 10 tail --pid="$pid" -f /dev/null || kill -KILL "$pid" 2>/dev/null || true
}

# Deletes the namespaces (and so the veth pair) of this script, and any process left in them by a
# run that died: only processes inside these two namespaces, by id.
remove_namespaces() {
    local ns pids
    for ns in "$ns_serve" "$ns_client"; do
        if ip netns list 2>/dev/null | grep -qw "^$ns"; then
            pids="$(ip netns pids "$ns" 2>/dev/null || true)"
            for pid in $pids; do kill -KILL "$pid" 2>/dev/null || true; done
            ip netns del "$ns" 2>/dev/null || true
        fi
    done
    # A veth whose namespace is gone goes with it; one left in the root namespace is deleted here.
    ip link del "$veth_serve" 2>/dev/null || true
}

cleanup() {
    stop_process "$serve_pid"
    stop_process "$receiver_pid"
    remove_namespaces
    if [ -n "$work" ]; then rm -rf "$work"; fi
}

# Waits, at most $1 seconds, until the command that follows succeeds.
wait_until() {
    local seconds="$1"
    shift
    timeout "$seconds" bash -c 'until "$@"; do sleep 0.1; done' _ "$@"
}

# --- tools
if ! command -v ip >/dev/null 2>&1 || ! command -v curl >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update
        apt-get install -y iproute2 curl
    else
        skip "needs ip (iproute2) and curl, and cannot install them (not root, or no apt-get)"
    fi
fi
command -v python3 >/dev/null 2>&1 || skip "needs python3 for the Push API receiver"
command -v timeout >/dev/null 2>&1 || skip "needs timeout (coreutils)"

# --- can this process create namespaces (CAP_NET_ADMIN)?
remove_namespaces
if ! ip netns add "$ns_serve" 2>/dev/null; then
    skip "cannot create a network namespace (ip netns add needs CAP_NET_ADMIN; run as root)"
fi
trap cleanup EXIT
ip netns add "$ns_client"

# --- the binary
if [ -n "${ONELINK_REPLAY:-}" ]; then
    tool="$ONELINK_REPLAY"
else
    swift build --product onelink-replay
    tool="$(swift build --show-bin-path)/onelink-replay"
fi
[ -x "$tool" ] || fail "no onelink-replay binary at $tool"
tool="$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")"

work="$(mktemp -d)"

# --- the network: two namespaces, one veth pair, 192.0.2.0/24
ip link add "$veth_serve" netns "$ns_serve" type veth peer name "$veth_client" netns "$ns_client"
ip -n "$ns_serve" addr add "$serve_ip/24" dev "$veth_serve"
ip -n "$ns_client" addr add "$client_ip/24" dev "$veth_client"
for ns in "$ns_serve" "$ns_client"; do ip -n "$ns" link set lo up; done
ip -n "$ns_serve" link set "$veth_serve" up
ip -n "$ns_client" link set "$veth_client" up
echo "== namespaces $ns_serve ($serve_ip) and $ns_client ($client_ip), joined by $veth_serve/$veth_client"
for pair in "$ns_serve $veth_serve" "$ns_client $veth_client"; do
    set -- $pair
    wait_until 10 bash -c "ip -n '$1' link show '$2' | grep -q LOWER_UP" || fail "$2 did not come up"
done

# --- refusals: a network address without --allow-remote, and --allow-remote without every key
echo "== serve refuses a network --host without --allow-remote"
status=0
timeout 30 bash -c 'ip netns exec "$0" "$1" serve --payloads Payloads --port "$2" --host "$3"' \
    "$ns_serve" "$tool" "$port" "$serve_ip" >"$work/refused.out" 2>"$work/refused.err" || status=$?
head -1 "$work/refused.err"
[ "$status" -eq 2 ] || fail "serve without --allow-remote exited $status, not 2"
grep -q "^onelink-replay serve: --host $serve_ip is not a loopback address: .*--allow-remote" "$work/refused.err" ||
    fail "the refusal without --allow-remote does not say why"

echo "== serve --allow-remote refuses to start with a key missing, naming it"
status=0
timeout 30 bash -c 'ip netns exec "$0" "$1" serve --payloads Payloads --port "$2" --host "$3" --allow-remote \
    --dev-key "$4" --onelink-api-token "$5"' "$ns_serve" "$tool" "$port" "$serve_ip" "$dev_key" "$api_token" \
    >"$work/refused.out" 2>"$work/refused.err" || status=$?
head -1 "$work/refused.err"
[ "$status" -eq 2 ] || fail "serve with no --s2s-key exited $status, not 2"
grep -q "^onelink-replay serve: --allow-remote with --host $serve_ip needs a key .*missing: --s2s-key KEY" \
    "$work/refused.err" || fail "the refusal does not name --s2s-key"
if grep -q -- "--dev-key KEY (" "$work/refused.err"; then fail "the refusal names --dev-key, which was given"; fi

# --- the Push API receiver, in the client's namespace, on its own address
cat >"$work/receiver.py" <<'PYTHON'
import http.server, sys

class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(sys.argv[3], "ab") as out:
            out.write(("from %s: %s %s\n" % (self.client_address[0], self.command, self.path)).encode())
            out.write(body + b"\n")
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass

http.server.HTTPServer((sys.argv[1], int(sys.argv[2])), Receiver).serve_forever()
PYTHON
ip netns exec "$ns_client" python3 "$work/receiver.py" "$client_ip" "$receiver_port" "$work/received" \
    2>"$work/receiver.log" &
receiver_pid=$!
wait_until 10 ip netns exec "$ns_client" bash -c "exec 3<>/dev/tcp/$client_ip/$receiver_port" 2>/dev/null ||
    fail "the receiver did not listen on $client_ip:$receiver_port"

# --- serve on the network, with every key, sending Push API messages to the client
echo "== serve --host $serve_ip --allow-remote (every key) --push-allow-host $client_ip"
# A simple command in the background, so $! is serve itself (ip netns exec execs it).
ip netns exec "$ns_serve" "$tool" serve --payloads Payloads --port "$port" --quiet --host "$serve_ip" --allow-remote --dev-key "$dev_key" --s2s-key "$s2s_key" \
    --onelink-api-token "$api_token" --push-allow-host "$client_ip" \
    --push-url "http://$client_ip:$receiver_port/postbacks" >"$work/serve.out" 2>"$work/serve.err" &
serve_pid=$!
wait_until 60 grep -qs '^listening on ' "$work/serve.out" || fail "serve did not start"
head -1 "$work/serve.out"
grep "warning" "$work/serve.err" || fail "serve printed no warning that it is reachable from the network"
base="http://$serve_ip:$port"

client() {
    ip netns exec "$ns_client" curl -sS --max-time 10 "$@"
}

echo "== from $client_ip: GET /onelink-emulator/health"
health="$(client "$base/onelink-emulator/health")"
echo "$health"
[ "$health" = '{"status":"ok"}' ] || fail "the health route answered $health"

echo "== from $client_ip: the OneLink API refuses another token, and creates a link with the token"
status="$(client -o /dev/null -w '%{http_code}' -X POST "$base/api/v2.0/shortlinks/H5hv" \
    -H 'authorization: any-token' -d '{"data":{"pid":"netns"}}')"
echo "another token: $status"
[ "$status" = 401 ] || fail "the OneLink API answered another token $status, not 401"
created="$(client -X POST "$base/api/v2.0/shortlinks/H5hv" -H "authorization: $api_token" \
    -H 'Content-Type: application/json' \
    -d '{"shortlink_id":"netns_link","data":{"pid":"netns","c":"compose","deep_link_value":"peaches"}}')"
echo "$created"
[ "$created" = '{"shortlink_url":"https://onelink-basic-app.onelink.me/H5hv/netns_link"}' ] ||
    fail "the OneLink API did not create the link"
resolved="$(client "$base/shortlink-sdk/v2/H5hv?id=netns_link")"
echo "$resolved"
[ "$resolved" = '{"c":"compose","deep_link_value":"peaches","pid":"netns"}' ] ||
    fail "the created link does not resolve"

echo "== from $client_ip: an S2S event (refused with another key, then accepted)"
event='{"appsflyer_id":"1600000000000-1234567","eventName":"af_purchase","eventValue":"{\"af_revenue\":\"6\"}","eventCurrency":"USD"}'
answer="$(client -X POST "$base/inappevent/id1234567890" -H 'authentication: any-key' -d "$event")"
echo "another key: $answer"
[ "$answer" = Unauthorized ] || fail "the S2S API answered another key $answer"
answer="$(client -X POST "$base/inappevent/id1234567890" -H "authentication: $s2s_key" \
    -H 'Content-Type: application/json' -d "$event")"
echo "$answer"
[ "$answer" = OK ] || fail "the S2S API answered $answer"

echo "== the Push API message at $client_ip:$receiver_port"
wait_until 30 grep -qs '"event_name":"af_purchase"' "$work/received" ||
    fail "no Push API message for af_purchase reached $client_ip"
head -1 "$work/received"
grep -q "^from $serve_ip: POST /postbacks$" "$work/received" || fail "the message did not come from $serve_ip"
grep -o '"event_name":"af_purchase"' "$work/received" | head -1

stop_process "$serve_pid"
serve_pid=""
tail -1 "$work/serve.err"
grep -q '^stopped by SIGTERM$' "$work/serve.err" || fail "serve did not stop on SIGTERM"
echo "Scripts/netns.sh: passed"
