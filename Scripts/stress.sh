#!/usr/bin/env bash
# Stress run: the whole test suite RUNS times in a row beside a CPU hog that keeps every core busy,
# each run under a time limit, so a lost wake-up or a wall-clock assumption shows up as a named
# failure or an unfinished test instead of a CI job that hangs (issue 38).
#
# Usage: Scripts/stress.sh [RUNS] [-- extra `swift test` arguments]   (RUNS defaults to 5)
#
# The tests are built once (`swift build --build-tests`; set STRESS_SKIP_BUILD=1 to reuse the build
# already in .build), then each run is `swift test --skip-build --skip BrowserTests` (the browser
# tests need Chromium; set STRESS_SKIP= to run them too, or pass --filter after `--`).
# For each run it prints pass / fail / hang, the failing tests, and the tests that started but never
# finished; each run's full output is kept in STRESS_LOGS (default .build/stress). The last line is
# the tally, `stress: N passed, N failed` (a hang counts as failed). Exit status: 0 when every run
# passed, 1 otherwise.
#
# CI runs a few quick rounds: the two suites that are repetition runs of their own (a thousand
# replays, 3,000 timer runs) take most of a run's time and are skipped there:
#   STRESS_SKIP_BUILD=1 STRESS_SKIP='BrowserTests|DeterminismTests|TimerCleanupTests' \
#       STRESS_TIMEOUT=120 Scripts/stress.sh 5
#
# Environment:
#   STRESS_TIMEOUT     seconds one run may take before it counts as a hang (default 600: the suite
#                      takes about a minute on an idle 2-core machine and a few minutes beside the hog)
#   STRESS_HOGS        busy processes beside the tests (default: the number of cores)
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
hogs="${STRESS_HOGS:-$(nproc 2>/dev/null || echo 2)}"
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

# The hog: one `yes` per core, at the tests' own priority, ended however the script ends.
hog_pids=()
stop_hogs() {
    if ((${#hog_pids[@]})); then kill "${hog_pids[@]}" 2>/dev/null; fi
    wait 2>/dev/null
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM
for ((hog = 0; hog < hogs; hog++)); do
    yes >/dev/null &
    hog_pids+=($!)
done

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
            if (name ~ / failed after [0-9.]+ seconds/) { sub(/ failed after [0-9.]+ seconds.*$/, "", name); failed[name] = 1 }
            sub(/ (passed after [0-9.]+ seconds|skipped).*$/, "", name)
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

echo "stress: $passed passed, $failed failed"
((failed == 0))
