// onelink-bench: speed and memory figures, each next to a baseline measured in the same run.
//
// Run from the package root with `swift run -c release onelink-bench [--quick] [--only NAME]`.
// A missed target is printed as MISSED and documented in Docs/performance.md; the exit status
// stays 0 so the figures are always shown. Scenario files are read from `Payloads/scenarios`.
import Foundation
import OneLinkEmulator

var arguments = Array(CommandLine.arguments.dropFirst())
var quick = false
var only: String?
let benchmarkNames = ["links", "timeout", "memory", "concurrency", "scenarios", "http"]
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--quick": quick = true
    case "--only" where arguments.first.map(benchmarkNames.contains) == true: only = arguments.removeFirst()
    default:
        print("usage: onelink-bench [--quick] [--only \(benchmarkNames.joined(separator: "|"))]")
        exit(2)
    }
}
@MainActor func selected(_ name: String) -> Bool { only == nil || only == name }

print("onelink-bench" + (quick ? " --quick" : "") + (only.map { " --only \($0)" } ?? ""))
print(MachineDescription.current)
print("")

var rows: [BenchmarkRow] = []
let linkCount = quick ? 10_000 : 12_000
if selected("links") { rows += LinkParsingBenchmark.run(count: linkCount, rounds: quick ? 3 : 7) }
if selected("timeout") {
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
    rows += await MemoryBenchmark.run(first: 10_000, total: quick ? 30_000 : 100_000, links: replayLinks)
}
if selected("concurrency") {
    rows += await ConcurrencyBenchmark.run(count: 1_000, latency: .milliseconds(50))
}
let scenarios = URL(fileURLWithPath: "Payloads/scenarios")
if selected("scenarios") {
    rows += await ScenarioBenchmark.run(folder: scenarios, count: 10_000)
    rows += await ScenarioBenchmark.memory(folder: scenarios, first: 10_000, total: quick ? 30_000 : 100_000)
}
if selected("http") {
    rows += await HTTPBenchmark.latency(samples: quick ? 300 : 1_000)
    rows += await HTTPBenchmark.concurrent(count: 1_000)
    rows += await HTTPBenchmark.timeout(timeoutMilliseconds: 200, rounds: quick ? 3 : 10)
}

print(BenchmarkRow.table(rows))
let missed = rows.filter { !$0.met }
print("")
print(missed.isEmpty ? "all targets met" : "MISSED: " + missed.map(\.name).joined(separator: "; "))
