#!/usr/bin/env bash
# Stress run: the whole test suite RUNS times in a row beside a load that keeps every core busy,
# each run under a time limit, so a lost wake-up or a wall-clock assumption shows up as a named
# failure or an unfinished test instead of a CI job that hangs (issues 38 and 53).
#
# Usage: Scripts/stress.sh [RUNS] [-- extra `swift test` arguments]   (RUNS defaults to 5)
#
# Two kinds of load (STRESS_LOAD):
#   hog     one `yes` per core: pure CPU contention (the default)
#   builds  STRESS_BUILDS (default 2) `swift build -j 1` loops of a scratch copy of this package, each
#           rebuilt from nothing when it ends: real compiler load, memory and I/O, as on a shared CI
#           runner or a laptop with Xcode open. The copy lives in STRESS_LOGS and is removed at the end.
#
# The suite runs with its soak counts (ONELINK_SOAK=1, Tests/Support/OneLinkTestSoak) unless
# STRESS_SOAK says otherwise: STRESS_SOAK=0 runs the default quick counts, as `swift test` does.
#
# The tests are built once (`swift build --build-tests`; set STRESS_SKIP_BUILD=1 to reuse the build
# already in .build), then each run is `swift test --skip-build --skip BrowserTests` (the browser
# tests need Chromium; set STRESS_SKIP= to run them too, or pass --filter after `--`).
# For each run it prints pass / fail / hang, the failing tests, and the tests that started but never
# finished; each run's full output is kept in STRESS_LOGS (default .build/stress). The last line is
# the tally, `stress: N passed, N failed` (a hang counts as failed). Exit status: 0 when every run
# passed, 1 otherwise.
#
# CI runs one round of each load with the quick counts, after a soak step of its own:
#   STRESS_SKIP_BUILD=1 STRESS_SOAK=0 Scripts/stress.sh 1
#   STRESS_SKIP_BUILD=1 STRESS_SOAK=0 STRESS_LOAD=builds Scripts/stress.sh 1
#
# Environment:
#   STRESS_TIMEOUT     seconds one run may take before it counts as a hang (default 600: with quick
#                      counts the suite's test phase takes about 20 s on an idle 2-core machine)
#   STRESS_LOAD        hog or builds (default hog)
#   STRESS_HOGS        busy processes beside the tests with the hog (default: the number of cores)
#   STRESS_BUILDS      parallel builds beside the tests with builds (default 2)
#   STRESS_SOAK        the ONELINK_SOAK the suite runs with (default 1: full soak counts)
#   STRESS_SKIP        the `--skip` filter (default BrowserTests; empty to skip nothing)
#   STRESS_SKIP_BUILD  1 to use the existing build
#   STRESS_LOGS        where each run's output is kept
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-5}"
shift || true
if [[ "${1:-}" == "--" ]]; then shift; fi
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: Scripts/stress.sh [RUNS] [-- swift test arguments]" >&2
    exit 2
fi
per_run="${STRESS_TIMEOUT:-600}"
load="${STRESS_LOAD:-hog}"
hogs="${STRESS_HOGS:-$(nproc 2>/dev/null || echo 2)}"
builds="${STRESS_BUILDS:-2}"
export ONELINK_SOAK="${STRESS_SOAK-1}"
if [[ "$load" != hog && "$load" != builds ]]; then
    echo "Scripts/stress.sh: STRESS_LOAD must be hog or builds, not '$load'" >&2
    exit 2
fi
skip="${STRESS_SKIP-BrowserTests}"
logs="${STRESS_LOGS:-.build/stress}"
mkdir -p "$logs"

if [[ "${STRESS_SKIP_BUILD:-0}" != 1 ]]; then
    echo "== swift build --build-tests"
    swift build --build-tests || exit 1
fi

test_command=(swift test --skip-build)
if [[ -n "$skip" ]]; then test_command+=(--skip "$skip"); fi
test_command+=("$@")

# The load, at the tests' own priority, ended however the script ends. Each build loop runs in a
# process group of its own, so ending the group ends the compiler processes it started too.
hog_pids=()
scratch=""
stop_hogs() {
    local pid tries
    for pid in "${hog_pids[@]}"; do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
    # The compilers of a killed build take a moment to exit; the copy goes once they have.
    for pid in "${hog_pids[@]}"; do
        for ((tries = 0; tries < 50; tries++)); do
            pgrep -g "$pid" >/dev/null 2>&1 || break
            sleep 0.2
        done
    done
    if [[ -n "$scratch" ]]; then rm -rf "$scratch" 2>/dev/null || { sleep 1; rm -rf "$scratch"; }; fi
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM
if [[ "$load" == hog ]]; then
    echo "== load: $hogs CPU hogs"
    for ((hog = 0; hog < hogs; hog++)); do
        yes >/dev/null &
        hog_pids+=($!)
    done
else
    scratch="$logs/scratch-package"
    rm -rf "$scratch"
    mkdir -p "$scratch"
    cp -R Package.swift Sources Tests Plugins Payloads "$scratch"/
    echo "== load: $builds parallel 'swift build -j 1' loops of a scratch copy ($scratch)"
    for ((build = 0; build < builds; build++)); do
        setsid bash -c '
            while true; do
                swift build -j 1 --package-path "$1" --scratch-path "$1/.build-load-$2" >/dev/null 2>&1
                rm -rf "$1/.build-load-$2"
            done' build-load "$scratch" "$build" &
        hog_pids+=($!)
    done
    # The tests start once the builds compile (at most a minute), not while SwiftPM plans them.
    for ((tries = 0; tries < 300; tries++)); do
        pgrep -f "swift-frontend.*$scratch" >/dev/null 2>&1 && break
        sleep 0.2
    done
fi

# Prints the names of the tests that failed, then those that started and never ended, from one
# run's output. Swift Testing prints `<symbol> Test NAME started.` and `<symbol> Test NAME
# passed|failed|skipped …`; XCTest prints `Test Case 'NAME' started` and `… passed|failed (…)`.
# Names are counted, not just collected, since two suites can hold tests of the same name. The
# `Test case …` lines of parameterized tests have no end line of their own; their test's counts.
summarize() {
    awk '
        function tally(name, delta) {
            if (!(name in open)) { names[++count] = name }
            open[name] += delta
        }
        /^[^ ]+ Test (run|case) / || /^[^ ]+ Test .* recorded an issue/ { next }
        /^[^ ]+ Test .* started\.$/ {
            name = $0; sub(/^[^ ]+ Test /, "", name); sub(/ started\.$/, "", name); tally(name, 1); next
        }
        /^[^ ]+ Test .* (passed|failed) after [0-9.]+ seconds/ || /^[^ ]+ Test .* skipped(\.|:)/ {
            name = $0; sub(/^[^ ]+ Test /, "", name)
            didfail = (name ~ / failed after [0-9.]+ seconds/)
            if (!sub(/ (passed|failed) after [0-9.]+ seconds.*$/, "", name)) sub(/ skipped(\.|:).*$/, "", name)
            # A parameterized test ends with `Test NAME with N test cases passed|failed after …`.
            sub(/ with [0-9]+ test cases?$/, "", name)
            if (didfail) failed[name] = 1
            tally(name, -1); next
        }
        /^Test Case \047.*\047 started/ {
            name = $0; sub(/^Test Case \047/, "", name); sub(/\047 started.*$/, "", name); tally(name, 1); next
        }
        /^Test Case \047.*\047 (passed|failed|skipped) \(/ {
            name = $0; sub(/^Test Case \047/, "", name)
            if (name ~ /\047 failed \(/) failed_case = 1; else failed_case = 0
            sub(/\047 (passed|failed|skipped) \(.*$/, "", name)
            if (failed_case) failed[name] = 1
            tally(name, -1); next
        }
        END {
            for (i = 1; i <= count; i++) if (names[i] in failed) print "    failed: " names[i]
            for (i = 1; i <= count; i++) if (open[names[i]] > 0) print "    unfinished: " names[i]
        }
    ' "$1"
}

passed=0
failed=0
for ((run = 1; run <= runs; run++)); do
    log="$logs/run-$run.log"
    started=$SECONDS
    # timeout runs the tests in a process group of their own and signals the whole group, so the
    # test binary `swift test` starts is ended too.
    timeout --kill-after=20 "$per_run" "${test_command[@]}" >"$log" 2>&1
    status=$?
    elapsed=$((SECONDS - started))
    if ((status == 0)); then
        outcome=pass
        passed=$((passed + 1))
    elif ((status == 124 || status == 137)); then
        outcome="hang (no end after ${per_run} s)"
        failed=$((failed + 1))
    else
        outcome="fail (exit $status)"
        failed=$((failed + 1))
    fi
    echo "run $run/$runs: $outcome in ${elapsed} s, output in $log"
    if [[ "$outcome" != pass ]]; then
        details=$(summarize "$log")
        if [[ -n "$details" ]]; then echo "$details"; else tail -n 5 "$log" | sed 's/^/    /'; fi
    fi
done

echo "load: $load; ONELINK_SOAK=${ONELINK_SOAK:-unset}"
echo "stress: $passed passed, $failed failed"
((failed == 0))
