import Foundation
import OneLinkEmulator
import OneLinkReplay

/// Exploring the documented first-launch example: every schedule of it, again and again.
enum ExplorationBenchmark {
    /// The documented first launch (deferred UDL, conversion data, UI ready, ATT), in the scenario folder.
    static let example = "explore-first-launch.json"

    /// Explores the example `rounds` times, every schedule each time, and reports schedules per second and the time per exploration.
    static func run(folder: URL, rounds: Int) async -> [BenchmarkRow] {
        let url = folder.appendingPathComponent(example)
        guard let data = try? Data(contentsOf: url), let scenario = try? Scenario(json: data, file: example),
            let document = try? AttributionValue(json: data)
        else {
            return [
                BenchmarkRow(
                    name: "exploration", result: "\(url.path) is missing", baseline: "-", ratio: "-",
                    target: "every schedule of the first launch < 1 s", met: false)
            ]
        }
        var schedules = 0
        var failed = 0
        var slowest = Duration.zero
        let started = ContinuousClock.now
        for _ in 0..<rounds {
            let round = ContinuousClock.now
            guard let report = try? await ScenarioExplorer().explore(scenario, document: document) else {
                failed += 1
                continue
            }
            slowest = max(slowest, ContinuousClock.now - round)
            schedules += report.coverage.distinctRuns
            if !report.passed || !report.coverage.exhaustive { failed += 1 }
        }
        let elapsed = Format.seconds(ContinuousClock.now - started)
        let perRound = elapsed / Double(max(rounds, 1))
        return [
            BenchmarkRow(
                name:
                    "exploration: every schedule of \(example) (\(schedules / max(rounds, 1)) each), \(rounds) rounds, \(failed) failed",
                result: Format.rate(Double(schedules) / elapsed, unit: "schedules"),
                baseline: "\(Format.fixed(perRound * 1000, 1)) ms per exploration, slowest "
                    + "\(Format.fixed(Format.seconds(slowest) * 1000, 1)) ms",
                ratio: "-", target: "every schedule of the first launch < 1 s",
                met: failed == 0 && Format.seconds(slowest) < 1)
        ]
    }
}
