#!/usr/bin/env bash
# Availability audit: every use of an API above the package's platform floor (Package.swift
# `platforms:`) must sit inside an `if #available`/`guard #available` block or an `@available`
# declaration naming at least the API's macOS and iOS versions, and every platform-only API must
# sit inside an `#if` naming its platform. Apple SDKs are not available on Linux, so the compiler
# cannot check this here; the list below is what the compiler would check on a Mac.
#
# The APIs come from the stdlib's own availability (the Linux toolchain's Swift, _Concurrency and
# Synchronization .swiftinterface files print the Apple versions) and from Apple's Foundation
# documentation. Docs/platforms.md describes each one, where it is used and how it is guarded;
# the script fails when an API below has no row there.
#
# Usage: Scripts/availability-audit.sh [--list] [paths...]   (default paths: Sources Tests)
#        Scripts/availability-audit.sh --self-test
#   --list       also print every use of every listed API, for updating Docs/platforms.md.
#   --self-test  check that the audit reports exactly the unguarded uses in a known file.
# Exit status: 0 clean, 1 an unguarded use or an undocumented API. Needs only bash, grep and awk.
set -euo pipefail
cd "$(dirname "$0")/.."

list=0
if [[ "${1:-}" == "--list" ]]; then
    list=1
    shift
fi

# --self-test: audit a file with known guarded and unguarded uses, and check exactly the unguarded
# ones are reported. CI runs it first, so a broken audit cannot pass silently.
if [[ "${1:-}" == "--self-test" ]]; then
    fixture=$(mktemp -d)
    trap 'rm -rf "$fixture"' EXIT
    cat >"$fixture/Fixture.swift" <<'SWIFT'
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif !canImport(Darwin)
    import Darwin
#else
    import Musl
#endif
func guarded(_ b: [UInt8]) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return String(validating: b, as: UTF8.self)
    } else {
        return String(validating: b, as: UTF8.self)
    }
}
func unguarded(_ b: [UInt8]) -> String? { String(validating: b, as: UTF8.self) }
func early(_ b: [UInt8]) -> String? {
    guard #available(macOS 15, iOS 18, *) else { return nil }
    return String(validating: b, as: UTF8.self)
}
func after(_ b: [UInt8]) -> String? { String(validating: b, as: UTF8.self) }
@available(macOS 15, iOS 18, *)
final class Executor: TaskExecutor {
    func f() { _ = "String(validating: in a string)" }
}
func tooLow() {
    if #available(macOS 14, iOS 17, *) {
        _ = Mutex<Int>(0)
    }
    /* String(validating: in a comment */
    // Task.immediate in a comment
}
#if canImport(Glibc) || canImport(Musl)
    let linuxOnly = Mutex<Int>(0)
#elseif canImport(Darwin)
    let appleToo = Mutex<Int>(0)
#endif
SWIFT
    found=$("$0" "$fixture" | grep -o 'Fixture.swift:[0-9]*' | cut -d: -f2 | tr '\n' ' ' || true)
    if [[ "$found" != "5 7 13 16 21 28 36 " ]]; then
        echo "availability audit self-test failed: reported lines '$found', expected '5 7 13 16 21 28 36 '"
        exit 1
    fi
    echo "availability audit self-test: passed"
    exit 0
fi
paths=("$@")
[[ ${#paths[@]} -eq 0 ]] && paths=(Sources Tests)

# kind|name (as Docs/platforms.md spells it)|ERE matched against code (comments and strings removed)|requirement
#   available: requirement is "macOS iOS" major versions (tvOS, watchOS, visionOS follow them).
#   platform:  requirement is text an enclosing #if/#elseif condition must contain (commas
#              separate alternatives); `canImport(X)` does not match a negated `!canImport(X)`.
apis='available|String(validating:as:)|String[(]validating:|15 18
available|Task.immediate|Task[.]immediate|addImmediateTask|immediateDetached|26 26
available|Task(name:)|Task(Detached)?[(]name:|26 26
available|TaskExecutor|TaskExecutor|executorPreference|ExecutorJob|asUnownedTaskExecutor|15 18
available|Mutex|(^|[^A-Za-z_.])Mutex[<(]|15 18
available|Atomic|(^|[^A-Za-z_.])Atomic(LazyReference)?[<(]|15 18
available|withDiscardingTaskGroup|with(Throwing)?DiscardingTaskGroup|14 17
available|Int128|(^|[^A-Za-z_])U?Int128([^A-Za-z0-9_]|$)|15 18
available|Duration(attoseconds:)|Duration[(]attoseconds:|15 18
available|RangeSet|(^|[^A-Za-z_])RangeSet[<(]|15 18
available|InlineArray|(^|[^A-Za-z_])InlineArray[<(]|26 26
available|Span|(^|[^A-Za-z_])(Mutable|Raw|UTF8)?Span[<(]|[.](span|mutableSpan|utf8Span|bytes[.]span)([^A-Za-z_]|$)|26 26
available|withTaskPriorityEscalationHandler|withTaskPriorityEscalationHandler|26 26
available|URL(string:encodingInvalidCharacters:)|encodingInvalidCharacters:|14 17
available|Observation|@Observable|withObservationTracking|14 17
available|Predicate|#Predicate|(^|[^A-Za-z_])Predicate<|14 17
platform|import Glibc|^[[:space:]]*([a-z]+[[:space:]]+)?import[[:space:]]+Glibc|canImport(Glibc)
platform|import Musl|^[[:space:]]*([a-z]+[[:space:]]+)?import[[:space:]]+Musl|canImport(Musl)
platform|import Darwin|^[[:space:]]*([a-z]+[[:space:]]+)?import[[:space:]]+Darwin|canImport(Darwin)
platform|import FoundationNetworking|^[[:space:]]*([a-z]+[[:space:]]+)?import[[:space:]]+FoundationNetworking|canImport(FoundationNetworking)
platform|NSUserActivity stand-in|class[[:space:]]+NSUserActivity|!canImport(Darwin)
platform|SO_NOSIGPIPE|SO_NOSIGPIPE|canImport(Darwin)
platform|MSG_NOSIGNAL|MSG_NOSIGNAL|canImport(Glibc),canImport(Musl),os(Linux)
platform|/proc/self|/proc/self|os(Linux),canImport(Glibc)'

status=0
# Every API must be documented.
while IFS='|' read -r kind name _; do
    if ! grep -qF "\`$name\`" Docs/platforms.md; then
        echo "Docs/platforms.md: no row for \`$name\`; add one (where it is used, how it is guarded)"
        status=1
    fi
done <<<"$(printf '%s\n' "$apis" | awk -F'|' '{ print $1 "|" $2 "|" }')"

files=()
while IFS= read -r file; do files+=("$file"); done < <(find "${paths[@]}" -name '*.swift' -not -path '*/.build/*' | sort)
[[ ${#files[@]} -eq 0 ]] && { echo "no Swift files under ${paths[*]}"; exit 1; }

report=$(printf '%s\n' "$apis" | awk -v list="$list" '
    # The API table arrives on stdin first (NR == FNR), then each Swift file.
    NR == FNR {
        n = split($0, f, "|")
        count++
        kind[count] = f[1]; name[count] = f[2]; requirement[count] = f[n]
        pattern = f[3]
        for (i = 4; i < n; i++) pattern = pattern "|" f[i]
        regex[count] = pattern
        next
    }
    FNR == 1 { depth = 0; guards = 0; pending = 0; conditions = 0; in_block = 0; in_multi = 0 }
    {
        code = $0
        # Multi-line string literals and block comments hold no code.
        if (in_multi) { if (code ~ /"""/) in_multi = 0; next }
        if (code ~ /"""/) { sub(/""".*/, "", code); in_multi = 1 }
        if (in_block) { if (code !~ /\*\//) next; sub(/.*\*\//, "", code); in_block = 0 }
        gsub(/\/\*[^*]*\*\//, "", code)
        if (code ~ /\/\*/) { sub(/\/\*.*/, "", code); in_block = 1 }
        gsub(/"([^"\\]|\\.)*"/, "\"\"", code)
        sub(/\/\/.*/, "", code)

        if (code ~ /^[[:space:]]*#if[[:space:]]/) { condition[++conditions] = code; next }
        if (code ~ /^[[:space:]]*#elseif[[:space:]]/) { condition[conditions] = code; next }
        if (code ~ /^[[:space:]]*#else/) { condition[conditions] = "#else of " condition[conditions]; next }
        if (code ~ /^[[:space:]]*#endif/) { conditions--; next }

        if (code ~ /[#@]available[[:space:]]*\(/ && code !~ /@available[[:space:]]*\([[:space:]]*\*/) {
            mac = version(code, "macOS"); ios = version(code, "iOS")
            if (code ~ /guard[[:space:]]+#available/) {
                guards++; guard_level[guards] = depth; guard_mac[guards] = mac; guard_ios[guards] = ios
            } else {
                pending = 1; pending_mac = mac; pending_ios = ios
            }
        }

        for (a = 1; a <= count; a++) {
            if (code !~ regex[a]) continue
            uses[a] = uses[a] "\n    " FILENAME ":" FNR
            if (kind[a] == "available") {
                split(requirement[a], need, " ")
                if (!guarded(need[1] + 0, need[2] + 0) && !linux_only()) {
                    printf "%s:%d: %s needs macOS %s / iOS %s, outside an #available or @available guard naming them\n", FILENAME, FNR, name[a], need[1], need[2]
                    failed = 1
                }
            } else if (!inside_condition(requirement[a])) {
                printf "%s:%d: %s outside an #if naming %s\n", FILENAME, FNR, name[a], requirement[a]
                failed = 1
            }
        }

        for (i = 1; i <= length(code); i++) {
            c = substr(code, i, 1)
            if (c == "{") {
                depth++
                if (pending) {
                    guards++; guard_level[guards] = depth; guard_mac[guards] = pending_mac; guard_ios[guards] = pending_ios
                    pending = 0
                }
            } else if (c == "}") {
                depth--
                while (guards > 0 && guard_level[guards] > depth) guards--
            }
        }
    }
    function version(text, platform,    rest) {
        if (!match(text, platform "[[:space:]]+[0-9]+")) return 0
        rest = substr(text, RSTART + length(platform), RLENGTH - length(platform))
        gsub(/[^0-9]/, "", rest)
        return rest + 0
    }
    function guarded(mac, ios,    g) {
        if (pending && pending_mac >= mac && pending_ios >= ios) return 1
        for (g = 1; g <= guards; g++) if (guard_mac[g] >= mac && guard_ios[g] >= ios) return 1
        return 0
    }
    function inside_condition(text,    c, n, k, alternative, plain) {
        n = split(text, alternative, ",")
        for (c = 1; c <= conditions; c++) {
            if (condition[c] ~ /^#else of/) continue
            for (k = 1; k <= n; k++) {
                plain = condition[c]
                if (substr(alternative[k], 1, 1) != "!") plain = without(plain, "!" alternative[k])
                if (index(plain, alternative[k]) > 0) return 1
            }
        }
        return 0
    }
    # Code inside an #if that only Linux compiles (Glibc, Musl, os(Linux), naming no Apple platform)
    # never meets an Apple floor.
    function linux_only(    c, plain) {
        for (c = 1; c <= conditions; c++) {
            if (condition[c] ~ /^#else of/) continue
            plain = condition[c]
            if (plain ~ /!/ || plain ~ /Darwin|macOS|iOS|tvOS|watchOS|visionOS/) continue
            if (plain ~ /canImport\(Glibc\)|canImport\(Musl\)|os\(Linux\)/) return 1
        }
        return 0
    }
    function without(text, literal,    at) {
        while ((at = index(text, literal)) > 0) text = substr(text, 1, at - 1) substr(text, at + length(literal))
        return text
    }
    END {
        if (list) {
            for (a = 1; a <= count; a++) printf "%s (%s):%s\n", name[a], kind[a], (uses[a] == "" ? " no use" : uses[a])
        }
        exit failed
    }
' - "${files[@]}") || status=1

[[ -n "$report" ]] && printf '%s\n' "$report"
if [[ $status -eq 0 ]]; then
    echo "availability audit: ${#files[@]} files clean"
else
    echo "availability audit failed: guard each use above (see Docs/platforms.md), or update the list in $0"
fi
exit $status
