import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

/// `onelink-bench`: runs the benchmarks, each next to a baseline measured in the same run, and prints a table.
///
/// A missed target is printed as MISSED and documented in Docs/performance.md; the exit status
/// stays 0 so the figures are always shown. Scenario files are read from `Payloads/scenarios`.
enum BenchCommand: Command {
    static let name = "onelink-bench"

    static let arguments = BenchOptions.reader

    static let usage = """
        USAGE: onelink-bench [--quick] [--only NAME] [--build-times] [soak options]

        Runs the benchmarks, each next to a baseline measured in the same run, and prints a table.
        Run it from the package root, built in release (swift run -c release onelink-bench).

        OPTIONS:
          --quick                  Fewer rounds and replays.
          --only NAME              One group: \(BenchOptions.groups.joined(separator: ", ")).
                                   The soak runs only with --only soak (it takes minutes), and
                                   the serve load (requests/s and p50/p99 of serve's routes at
                                   100 connections) only with --only serve.
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

    /// Runs the groups the options select and prints the table and the targets.
    ///
    /// - Returns: 0, whether or not every target was met.
    static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32 {
        await run(try BenchOptions(arguments), output: output)
        return 0
    }

    /// Runs the groups `options` selects, saying on standard error which group runs now, so a
    /// long run is never silent.
    static func run(_ options: BenchOptions, output: CommandOutput) async {
        let start = ContinuousClock.now
        let progress: @Sendable (String) -> Void = { text in
            output.writeError("[\(Format.fixed(Format.seconds(ContinuousClock.now - start), 1)) s] \(text)\n")
        }
        let quick = options.quick
        output.write(
            "onelink-bench" + (quick ? " --quick" : "") + (options.only.map { " --only \($0)" } ?? "") + "\n")
        output.write(MachineDescription.current + "\n\n")

        var rows: [BenchmarkRow] = []
        let linkCount = quick ? 10_000 : 12_000
        if options.runs("links") {
            progress("links: parsing \(linkCount) generated links")
            rows += LinkParsingBenchmark.run(count: linkCount, rounds: quick ? 3 : 7)
        }
        let scenarios = URL(fileURLWithPath: "Payloads/scenarios")
        if options.runs("decode") {
            progress("decode: scenario files decoded, without replaying them")
            rows += ScenarioBenchmark.decode(
                folder: scenarios, count: quick ? 2_000 : 10_000, rounds: quick ? 3 : 5)
        }
        if options.runs("timeout") {
            progress("timeout: deepLinkTimeout against a stalled in-memory resolver")
            rows += await TimeoutBenchmark.run(timeoutMilliseconds: 200, rounds: quick ? 3 : 10)
        }
        if options.runs("memory") {
            progress("memory: SDK replays")
            rows += await MemoryBenchmark.run(
                first: 10_000, total: quick ? 30_000 : 100_000, links: replayLinks())
        }
        if options.runs("concurrency") {
            progress("concurrency: 1000 SDK instances at once")
            rows += await ConcurrencyBenchmark.run(count: 1_000, latency: .milliseconds(50))
        }
        if options.runs("consumer") {
            progress("consumer: 1000 handler tests in parallel, through shared() and on instances passed in")
            rows += await ConsumerBenchmark.run(count: 1_000, rounds: quick ? 2 : 5)
        }
        if options.runs("scenarios") {
            let replays = options.replays
            progress("scenarios: \(replays) replays, then memory")
            rows += await ScenarioBenchmark.run(folder: scenarios, count: replays)
            rows += await ScenarioBenchmark.runConcurrently(folder: scenarios, count: replays)
            rows += await ScenarioBenchmark.memory(
                folder: scenarios, first: replays, total: replays * (quick ? 3 : 10))
        }
        if options.runs("explore") {
            progress("explore: every schedule of the documented first launch, again and again")
            rows += await ExplorationBenchmark.run(folder: scenarios, rounds: quick ? 20 : 100)
        }
        if options.runs("http") {
            progress("http: loopback latency, concurrency and timeout")
            rows += await HTTPBenchmark.latency(samples: quick ? 300 : 1_000)
            rows += await HTTPBenchmark.concurrent(count: 1_000)
            rows += await HTTPBenchmark.timeout(timeoutMilliseconds: 200, rounds: quick ? 3 : 10)
        }
        if options.runs("build") {
            rows += BuildTimeBenchmark.run(options: options.build) { progress($0) }
        }
        if options.runs("soak") {
            rows += SoakBenchmark.run(options: options.soak) { progress($0) }
        }
        if options.runs("serve") {
            rows += ServeLoadBenchmark.run(connections: 100, requests: quick ? 50 : 200) { progress($0) }
        }
        progress("done")
        output.write(report(rows))
    }

    /// The table, then each target met or missed, then a verdict line.
    static func report(_ rows: [BenchmarkRow]) -> String {
        var text = BenchmarkRow.table(rows) + "\n\nTargets:\n"
        for row in rows where row.target != "(informational)" {
            text += "  \(row.met ? "met   " : "MISSED") \(row.target): \(row.ratio) (\(row.name))\n"
        }
        let missed = rows.filter { !$0.met }
        text +=
            "\n"
            + (missed.isEmpty ? "all targets met" : "MISSED: " + missed.map(\.name).joined(separator: "; "))
            + "\n"
        return text
    }

    /// The links the memory group replays: a generated corpus, with the links a replay's SDK cannot
    /// know (short links, custom domains) replaced by the one short link it knows.
    static func replayLinks() -> [String] {
        var corpus = CorpusGenerator(seed: 0x0_5EED_0002)
        return corpus.links(count: 200).map { link -> String in
            guard let parsed = try? LinkParser().parse(link), parsed.isDeepLink else {
                return MemoryBenchmark.shortLink
            }
            if case .shortLink = parsed.kind { return MemoryBenchmark.shortLink }
            return link
        }
    }
}
