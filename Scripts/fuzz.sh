#!/usr/bin/env bash
# Fuzzes one target (or all) with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh TARGET SECONDS [LIBFUZZER_OPTION...]   fuzz one target
#   Scripts/fuzz.sh all SECONDS                            fuzz every target, $FUZZ_JOBS at a time
#   Scripts/fuzz.sh list                                   print the target names
#
# A target is one file, Fuzz/targets/TARGET.swift, that defines `LLVMFuzzerTestOneInput` with
# `@_cdecl` and starts with two header lines:
#
#   // fuzz-modules: OneLinkEmulator [OneLinkServer ...]   package modules it imports, dependencies first
#   // fuzz-seeds: links | json | scenarios | none          which files under Payloads/ seed the corpus
#
# Files in Fuzz/seeds/TARGET/ are added to the seeds, Fuzz/TARGET.dict is passed as a dictionary,
# and every file in Fuzz/regressions/TARGET/ (inputs that once crashed) is replayed before fuzzing.
# Each module is compiled once with -sanitize=fuzzer,address and $FUZZ_OPT (default -O; .ci/run
# uses -Onone, which compiles three times faster) into $FUZZ_BUILD (default .build-fuzz) and
# rebuilt when its sources change. The corpus grows in $FUZZ_BUILD/corpus/TARGET;
# crashing inputs are written to $FUZZ_OUT/TARGET (default fuzz-out). Exit status: 0 when no
# crash was found, 1 on a crash or a failed regression, 2 on a usage or build error.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build="${FUZZ_BUILD:-$root/.build-fuzz}"
out="${FUZZ_OUT:-$root/fuzz-out}"
swiftc="${SWIFTC:-swiftc}"
optimization="${FUZZ_OPT:--O}"
case "$optimization" in
-O | -Onone | -Osize) ;;
*) echo "fuzz: FUZZ_OPT must be -O, -Onone or -Osize" >&2; exit 2 ;;
esac
module_dir="$build/modules$optimization"
binary_dir="$build/bin$optimization"
flags=(-sanitize=fuzzer,address "$optimization" -swift-version 6 -parse-as-library -package-name OneLinkEmulator -use-ld=lld -I "$module_dir")
export SWIFT_BACKTRACE=enable=no

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

targets() {
    for file in Fuzz/targets/*.swift; do basename "$file" .swift; done
}

header() { # header FILE KEY
    sed -n "s|^// $2: *||p" "$1" | head -n 1
}

build_module() { # build_module NAME
    local module=$1 sources stamp
    [ -d "Sources/$module" ] || { echo "fuzz: no module Sources/$module" >&2; exit 2; }
    mkdir -p "$module_dir"
    sources=$(find "Sources/$module" -name '*.swift' | LC_ALL=C sort)
    stamp="$module_dir/$module.sources"
    if [ -f "$module_dir/$module.o" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$sources" ] \
        && [ -z "$(find "Sources/$module" -name '*.swift' -newer "$module_dir/$module.o")" ]; then
        return
    fi
    echo "fuzz: compiling $module with -sanitize=fuzzer,address $optimization"
    # shellcheck disable=SC2086
    # The package's modules build with InternalImportsByDefault (Package.swift), so a file's plain
    # `import` is internal and another's `package import` of the same module is not ambiguous.
    "$swiftc" "${flags[@]}" -enable-upcoming-feature InternalImportsByDefault -wmo -module-name "$module" -emit-module \
        -emit-module-path "$module_dir/$module.swiftmodule" -c -o "$module_dir/$module.o" $sources
    echo "$sources" > "$stamp"
}

build_target() { # build_target NAME
    local target=$1 file="Fuzz/targets/$1.swift" modules objects=() module
    modules=$(header "$file" fuzz-modules)
    [ -n "$modules" ] || { echo "fuzz: $file has no '// fuzz-modules:' line" >&2; exit 2; }
    for module in $modules; do
        build_module "$module"
        objects+=("$module_dir/$module.o")
    done
    mkdir -p "$binary_dir"
    local binary="$binary_dir/$target" stale=0 input
    [ -f "$binary" ] || stale=1
    for input in "$file" "${objects[@]}"; do
        if [ "$input" -nt "$binary" ]; then stale=1; fi
    done
    if [ "$stale" -eq 1 ]; then
        echo "fuzz: linking $target"
        "$swiftc" "${flags[@]}" -module-name "FuzzTarget" "${objects[@]}" "$file" -o "$binary"
    fi
}

collect_seeds() { # collect_seeds NAME DIRECTORY
    local target=$1 seeds=$2 kind count=0 line file
    rm -rf "$seeds"
    mkdir -p "$seeds"
    kind=$(header "Fuzz/targets/$target.swift" fuzz-seeds)
    case "$kind" in
    links)
        # Every URL-looking JSON string in the payload files and the bad-input corpus.
        while IFS= read -r line; do
            count=$((count + 1))
            printf '%s' "$line" > "$seeds/link-$count"
        done < <(grep -rohE '"[a-zA-Z][a-zA-Z0-9+.-]*:[^"]*"' Payloads --include='*.json' | tr -d '"' | sort -u)
        ;;
    json)
        while IFS= read -r file; do
            count=$((count + 1))
            cp "$file" "$seeds/json-$count"
        done < <(find Payloads -name '*.json' | LC_ALL=C sort)
        ;;
    scenarios)
        while IFS= read -r file; do
            count=$((count + 1))
            cp "$file" "$seeds/scenario-$count"
        done < <(find Payloads/scenarios -name '*.json' 2>/dev/null | LC_ALL=C sort)
        ;;
    none | "") ;;
    *)
        echo "fuzz: unknown seed kind '$kind' in Fuzz/targets/$target.swift" >&2
        exit 2
        ;;
    esac
    if [ -d "Fuzz/seeds/$target" ]; then cp "Fuzz/seeds/$target"/* "$seeds/" 2>/dev/null || true; fi
}

fuzz() { # fuzz NAME SECONDS [OPTION...]
    local target=$1 seconds=$2
    shift 2
    [ -f "Fuzz/targets/$target.swift" ] || { echo "fuzz: no target Fuzz/targets/$target.swift" >&2; exit 2; }
    build_target "$target"
    local binary="$binary_dir/$target" corpus="$build/corpus/$target" seeds="$build/seeds/$target"
    local artifacts="$out/$target" log="$build/logs/$target.log" options=()
    mkdir -p "$corpus" "$artifacts" "$build/logs"
    collect_seeds "$target" "$seeds"
    if [ -d "Fuzz/regressions/$target" ] && [ -n "$(ls -A "Fuzz/regressions/$target")" ]; then
        echo "fuzz: replaying $(ls "Fuzz/regressions/$target" | wc -l | tr -d ' ') regression inputs of $target"
        if ! "$binary" "Fuzz/regressions/$target"/* > "$build/logs/$target.regressions.log" 2>&1; then
            cat "$build/logs/$target.regressions.log" >&2
            echo "fuzz: $target fails on a regression input" >&2
            return 1
        fi
    fi
    if [ -f "Fuzz/$target.dict" ]; then options+=("-dict=Fuzz/$target.dict"); fi
    echo "fuzz: running $target for $seconds s"
    local status=0
    "$binary" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts/" "${options[@]}" "$@" "$corpus" "$seeds" > "$log" 2>&1 || status=$?
    local executions
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    if [ "$status" -ne 0 ]; then
        grep -E 'invariant violated|ERROR|SUMMARY|Test unit written' "$log" >&2 || tail -n 40 "$log" >&2
        echo "fuzz: $target FOUND A CRASH after ${executions:-?} executions; input in $artifacts/" >&2
        echo "fuzz: reproduce with: SWIFT_BACKTRACE=enable=no $binary $artifacts/<crash-file>" >&2
        return 1
    fi
    echo "fuzz: $target: ${executions:-0} executions in $seconds s, corpus $(ls "$corpus" | wc -l | tr -d ' ') inputs, no crash"
}

case "${1:-}" in
list) targets ;;
all)
    [ $# -eq 2 ] || usage
    # Build every target first, then fuzz $FUZZ_JOBS of them at a time (default: one per CPU).
    # libFuzzer runs one thread, so on a 2-core machine two targets each get a whole core.
    jobs="${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}"
    [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: FUZZ_JOBS must be a positive integer" >&2; exit 2; }
    for target in $(targets); do build_target "$target"; done
    mkdir -p "$build/logs"
    failed=0
    batch=()
    run_batch() {
        local target pids=() index
        for target in "${batch[@]}"; do
            fuzz "$target" "$1" > "$build/logs/$target.all.out" 2>&1 &
            pids+=($!)
        done
        for index in "${!batch[@]}"; do
            wait "${pids[$index]}" || failed=1
            cat "$build/logs/${batch[$index]}.all.out"
        done
        batch=()
    }
    for target in $(targets); do
        batch+=("$target")
        if [ "${#batch[@]}" -ge "$jobs" ]; then run_batch "$2"; fi
    done
    if [ "${#batch[@]}" -gt 0 ]; then run_batch "$2"; fi
    exit $failed
    ;;
"" | -h | --help) usage ;;
*)
    [ $# -ge 2 ] || usage
    target=$1 seconds=$2
    shift 2
    fuzz "$target" "$seconds" "$@"
    ;;
esac
