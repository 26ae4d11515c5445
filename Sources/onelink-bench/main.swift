// onelink-bench: speed and memory figures, each next to a baseline measured in the same run.
//
// Run from the package root with `swift run -c release onelink-bench [--quick] [--only NAME]`;
// `--help` lists every option.
// A missed target is printed as MISSED and documented in Docs/performance.md; the exit status
// stays 0 so the figures are always shown. Scenario files are read from `Payloads/scenarios`.
import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

var arguments = Array(CommandLine.arguments.dropFirst())
var quick = false
var only: String?
var soakOptions = SoakBenchmark.Options()
var buildTimes = false
var buildOptions = BuildTimeBenchmark.Options()
var replays = 10_000
let benchmarkNames = [
    "links", "decode", "timeout", "memory", "concurrency", "consumer", "scenarios", "http", "build", "soak",
]
let usage = """
    USAGE: onelink-bench [--quick] [--only NAME] [--build-times] [soak options]

    Runs the benchmarks, each next to a baseline measured in the same run, and prints a table.
    Run it from the package root, built in release (swift run -c release onelink-bench).

    OPTIONS:
      --quick                  Fewer rounds and replays.
      --only NAME              One group: \(benchmarkNames.joined(separator: ", ")).
                               The soak runs only with --only soak (it takes minutes).
      --replays N              Scenario replays timed (default 10000; the memory row samples
                               after N and after 10N, or 3N with --quick). For profiling.
      --build-times            Also time clean debug builds of the SDK product and of the whole
                               package (minutes); --only build runs just that.
      --baseline-revision REV  With the build group: also time the same builds of git revision REV
                               (exported with git archive), in turns, and print after/before ratios.
      --build-rounds N         Rounds of each build, best counts (default 2).
      --soak-requests N        Mixed requests the soak sends (default 1000000).
      --soak-burst N           Simultaneous connections of the burst (default 2000).
      --soak-slow N            Slow clients held open during health checks (default 1000).
      -h, --help               Show this help.
    """

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func usageError(_ message: String) -> Never {
    standardError("onelink-bench: \(message)\n\n\(usage)")
    exit(2)
}

@MainActor func count(after option: String) -> Int {
    guard let text = arguments.first, let value = Int(text), value > 0 else {
        usageError("\(option) needs a positive whole number")
    }
    arguments.removeFirst()
    return value
}

while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--quick": quick = true
    case "--build-times": buildTimes = true
    case "--replays": replays = count(after: argument)
    case "--build-rounds": buildOptions.rounds = count(after: argument)
    case "--baseline-revision":
        guard let revision = arguments.first, !revision.hasPrefix("-") else {
            usageError("--baseline-revision needs a git revision, such as 3063f28")
        }
        buildOptions.baselineRevision = arguments.removeFirst()
    case "--only" where arguments.first.map(benchmarkNames.contains) == true: only = arguments.removeFirst()
    case "--only": usageError("--only needs one of \(benchmarkNames.joined(separator: ", "))")
    case "--soak-requests": soakOptions.requests = count(after: argument)
    case "--soak-burst": soakOptions.burst = count(after: argument)
    case "--soak-slow": soakOptions.slowClients = count(after: argument)
    default: usageError("unknown option \(QuotedInput.prefix(argument))")
    }
}
@MainActor func selected(_ name: String) -> Bool {
    switch name {
    case "soak": return only == "soak"
    case "build": return only == "build" || (buildTimes && only == nil)
    default: return only == nil || only == name
    }
}

/// Says on standard error which group runs now, so a long run is never silent.
@MainActor func progress(_ text: String) {
    standardError("[\(Format.fixed(Format.seconds(ContinuousClock.now - benchmarkStart), 1)) s] \(text)")
}
let benchmarkStart = ContinuousClock.now

print("onelink-bench" + (quick ? " --quick" : "") + (only.map { " --only \($0)" } ?? ""))
print(MachineDescription.current)
print("")

var rows: [BenchmarkRow] = []
let linkCount = quick ? 10_000 : 12_000
if selected("links") {
    progress("links: parsing \(linkCount) generated links")
    rows += LinkParsingBenchmark.run(count: linkCount, rounds: quick ? 3 : 7)
}
if selected("decode") {
    progress("decode: scenario files decoded, without replaying them")
    rows += ScenarioBenchmark.decode(
        folder: URL(fileURLWithPath: "Payloads/scenarios"), count: quick ? 2_000 : 10_000,
        rounds: quick ? 3 : 5)
}
if selected("timeout") {
    progress("timeout: deepLinkTimeout against a stalled in-memory resolver")
    rows += await TimeoutBenchmark.run(timeoutMilliseconds: 200, rounds: quick ? 3 : 10)
}
var corpus = CorpusGenerator(seed: 0x0_5EED_0002)
// Short links and custom-domain links of the corpus are unknown to a replay's SDK; the known short link stands in.
let replayLinks = corpus.links(count: 200).map { link -> String in
    guard let parsed = try? LinkParser().parse(link), parsed.isDeepLink else {
        return MemoryBenchmark.shortLink
    }
    if case .shortLink = parsed.kind { return MemoryBenchmark.shortLink }
    return link
}
if selected("memory") {
    progress("memory: SDK replays")
    rows += await MemoryBenchmark.run(first: 10_000, total: quick ? 30_000 : 100_000, links: replayLinks)
}
if selected("concurrency") {
    progress("concurrency: 1000 SDK instances at once")
    rows += await ConcurrencyBenchmark.run(count: 1_000, latency: .milliseconds(50))
}
if selected("consumer") {
    progress("consumer: 1000 handler tests in parallel, through shared() and on instances passed in")
    rows += await ConsumerBenchmark.run(count: 1_000, rounds: quick ? 2 : 5)
}
let scenarios = URL(fileURLWithPath: "Payloads/scenarios")
if selected("scenarios") {
    progress("scenarios: \(replays) replays, then memory")
    rows += await ScenarioBenchmark.run(folder: scenarios, count: replays)
    rows += await ScenarioBenchmark.runConcurrently(folder: scenarios, count: replays)
    rows += await ScenarioBenchmark.memory(
        folder: scenarios, first: replays, total: replays * (quick ? 3 : 10))
}
if selected("http") {
    progress("http: loopback latency, concurrency and timeout")
    rows += await HTTPBenchmark.latency(samples: quick ? 300 : 1_000)
    rows += await HTTPBenchmark.concurrent(count: 1_000)
    rows += await HTTPBenchmark.timeout(timeoutMilliseconds: 200, rounds: quick ? 3 : 10)
}

if selected("build") {
    rows += BuildTimeBenchmark.run(options: buildOptions) { progress($0) }
}
if selected("soak") {
    rows += SoakBenchmark.run(options: soakOptions) { progress($0) }
}

progress("done")
print(BenchmarkRow.table(rows))
let missed = rows.filter { !$0.met }
print("")
print("Targets:")
for row in rows where row.target != "(informational)" {
    print("  \(row.met ? "met   " : "MISSED") \(row.target): \(row.ratio) (\(row.name))")
}
print("")
print(missed.isEmpty ? "all targets met" : "MISSED: " + missed.map(\.name).joined(separator: "; "))
