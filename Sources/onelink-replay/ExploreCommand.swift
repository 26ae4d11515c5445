import Foundation
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport

/// `onelink-replay explore SCENARIO`: replays one scenario once per schedule the real SDK may deliver in, and writes the smallest failing one as a scenario.
enum ExploreCommand: Command {
    static let name = "onelink-replay explore"

    static let arguments = ArgumentReader(
        options: ["--runs", "--seconds", "--seed", "--choices", "--releases", "--profile", "--output"],
        aliases: ["-o": "--output"], maximumPositionals: 1)

    static let usage = """
        USAGE: onelink-replay explore [options] SCENARIO.json

        Replays the scenario once per schedule the real SDK may deliver in: the orders it does not
        promise, where the app's own events (UI ready, the ATT answer, leaving the screen) land
        among its calls, the quirks of the releases you support and, on request, late or missing
        answers; see Docs/behaviour.md ("Schedules") and Docs/testing.md. Every schedule when they
        fit the budget, a seeded sample when they do not. A run fails when the default order misses
        the scenario's expectations, when the app's outcome (the scenario's "outcome", or the
        route, navigate, routingError and lifecycleError outputs its steps expect) differs, or when
        a schedule that only reorders loses or adds a callback. The first failure is shrunk to the
        smallest failing schedule and written as an ordinary scenario that `onelink-replay run`
        replays as it failed.

        OPTIONS:
          --runs <n>                 At most n schedules (default 1000).
          --seconds <s>              At most s seconds of wall time.
          --seed <n>                 The sampler's seed (default 0): the same seed, the same sample.
          --choices <groups>         Comma-separated: orders, appEvents, releases, latencies
                                     (late answers), timeouts (answers after the time limit)
                                     (default orders,appEvents,releases).
          --releases <a>...<b>       The SDK releases the app supports, such as 6.8.0...6.17.9: a
                                     run may switch each quirk some of them have and others not.
          --profile ios|documented|android|strings
                                     Replay with those value types (default ios).
          -o, --output <file>        Where to write the failing schedule's scenario (default: next
                                     to SCENARIO.json, as NAME.explored.json).
          -h, --help                 Show this help.

        EXIT STATUS:
          0  every schedule run passed
          1  a schedule failed; its scenario was written
          2  usage error, or a file that is not a valid scenario
        """

    /// Explores the scenario and reports.
    ///
    /// - Returns: 0 every schedule passed, 1 a failing schedule was found (and written), 2 an invalid scenario.
    static func run(_ arguments: ParsedArguments, output: CommandOutput) async throws(UsageError) -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("expected a scenario file") }
        var explorer = ScenarioExplorer()
        let runs = try arguments.value(
            "--runs", expected: "a whole number from 1", { Int($0).flatMap { $0 > 0 ? $0 : nil } })
        let seconds = try arguments.value(
            "--seconds", expected: "a positive number of seconds",
            { Double($0).flatMap { $0 > 0 ? $0 : nil } })
        explorer.budget = ExplorationBudget(
            runs: runs ?? (seconds == nil ? 1000 : 1_000_000), seconds: seconds)
        explorer.seed = try arguments.value("--seed", expected: "a whole number from 0", UInt64.init) ?? 0
        if let text = arguments.value("--choices") {
            var groups: Set<SDKScheduleChoice.Group> = []
            for name in text.split(separator: ",") {
                guard let group = SDKScheduleChoice.Group(rawValue: String(name)) else {
                    throw UsageError(
                        "--choices must be a comma-separated list of orders, appEvents, releases, latencies, timeouts, got \(QuotedInput.prefix(text))"
                    )
                }
                groups.insert(group)
            }
            explorer.groups = groups
        }
        explorer.releases = try arguments.value(
            "--releases", expected: "two releases such as 6.8.0...6.17.9", Self.releases)
        explorer.profile =
            try arguments.value(
                "--profile", expected: "ios, documented, android or strings", ValueProfile.init)
            ?? .ios
        let report: ExplorationReport
        do {
            report = try await explorer.explore(contentsOf: URL(fileURLWithPath: path), file: path)
        } catch {
            output.writeError("\(name): \(QuotedInput.message(error.description, limit: 2048))\n")
            return 2
        }
        output.write(report.summary + "\n")
        guard let failure = report.failure else { return 0 }
        guard let reproduction = failure.reproduction else { return 1 }
        let target = arguments.value("--output") ?? Self.defaultOutput(for: path)
        do {
            try Data(reproduction.utf8).write(to: URL(fileURLWithPath: target), options: .atomic)
            output.write("WROTE \(target): replay it with `onelink-replay run \(target)`\n")
        } catch {
            output.writeError(
                "\(name): cannot write \(QuotedInput.prefix(target, limit: 256)): \(error.localizedDescription)\n"
            )
        }
        return 1
    }

    /// `6.8.0...6.17.9` (or `..`, or one release) as a closed range.
    static func releases(_ text: String) -> ClosedRange<SDKRelease>? {
        let parts =
            text.components(separatedBy: "...").count == 2
            ? text.components(separatedBy: "...") : text.components(separatedBy: "..")
        switch parts.count {
        case 1: return SDKRelease(parts[0]).map { $0...$0 }
        case 2:
            guard let lower = SDKRelease(parts[0]), let upper = SDKRelease(parts[1]), lower <= upper else {
                return nil
            }
            return lower...upper
        default: return nil
        }
    }

    /// `Folder/NAME.explored.json` for `Folder/NAME.json`.
    static func defaultOutput(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let stem =
            url.pathExtension == "json"
            ? url.deletingPathExtension().lastPathComponent : url.lastPathComponent
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "\(stem).explored.json" : "\(folder)/\(stem).explored.json"
    }
}
