import Foundation
import OneLinkApp
import OneLinkEmulator
import OneLinkReplay
import OneLinkSupport
import OneLinkTestSoak
import Testing

@testable import onelink_replay

/// Replays give the same output every time: the `--format json` lines, the callbacks a team's delegates
/// receive, and the wiring check's table, run after run, one at a time and eight at a time.
///
/// Nothing here sleeps or times anything: every scenario runs on its own `ManualClock`, so a difference
/// between two runs is a difference in what the emulator did, never in how long it took.
///
/// A soak suite: a few runs each by default, the full counts (a thousand, two hundred) with
/// `ONELINK_SOAK` (`Soak`), which `.ci/run`'s soak step and `Scripts/stress.sh` set.
@Suite("Determinism", .tags(.soak), .timeLimit(.minutes(20)))
struct DeterminismTests {
    /// The scenarios replayed a thousand times: the wiring check (108 delivery paths, each a fresh SDK
    /// and app process), a UDL deferred deep link racing its window, and a legacy deferred first launch.
    static let representative = [
        "app-delivery-wiring-check.json", "rule-05-udl-deferred-window.json",
        "flow-deferred-first-launch.json",
    ]

    /// Today's date as the payloads write dates (`2026-11-26`), in UTC.
    static let today: String = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }()

    /// The path a scenario is replayed from, as `onelink-replay run` would be given it.
    static func path(_ name: String) -> String {
        Fixtures.scenarios.appendingPathComponent(name).path
    }

    /// What `onelink-replay run --format json FILE` writes, produced in process by the command itself.
    static func commandOutput(_ name: String) async -> String {
        let captured = CapturedOutput()
        let status = await RunCommand.main(["--format", "json", path(name)], output: captured.output())
        return "exit \(status)\n" + captured.standardOutput + captured.standardError
    }

    /// One replay with a team's delegates attached: the `--format json` lines the command's formatter
    /// writes for the result, and every callback the delegates received, in order.
    static func replayWithDelegate(_ name: String) async throws -> (json: String, callbacks: [String]) {
        let file = path(name)
        let scenario = try Scenario(contentsOf: URL(fileURLWithPath: file), file: file)
        let recorder = CallbackLog()
        let result = try await ScenarioRunner().run(scenario, delegate: recorder, deepLinkDelegate: recorder)
        let captured = CapturedOutput()
        var reporter = Reporter(output: captured.output(), format: .json, profile: .ios, total: 1)
        reporter.report(result)
        let status = reporter.finish(recording: false)
        return ("exit \(status)\n" + captured.standardOutput + captured.standardError, recorder.calls)
    }

    @Test(
        "every bundled scenario gives the same JSON lines and callbacks in every run",
        arguments: Fixtures.scenarioNames)
    func everyScenario(name: String) async throws {
        let runs = Soak.count(200, quick: 3)
        let first = await Self.commandOutput(name)
        #expect(first.hasPrefix("exit 0\n"), "\(name):\n\(first)")
        // Times in the lines are virtual (a fixed 2020 epoch on the scenario's ManualClock): today's
        // date in them would be the wall clock leaking in, which no number of runs in one day shows.
        #expect(!first.contains(Self.today), "\(name): the JSON lines contain today's date")
        let firstWithDelegate = try await Self.replayWithDelegate(name)
        #expect(firstWithDelegate.json == first, "\(name): the delegates changed the JSON lines")
        var differing: [Int] = []
        var callbackDifferences: [Int] = []
        // Half the runs go through the command as the CLI runs it; the other half attach the team's
        // delegates, which moves callback delivery to the main queue, and also compare what they received.
        for run in 1..<runs {
            if run.isMultiple(of: 2) {
                if await Self.commandOutput(name) != first { differing.append(run) }
            } else {
                let replay = try await Self.replayWithDelegate(name)
                if replay.json != first { differing.append(run) }
                if replay.callbacks != firstWithDelegate.callbacks { callbackDifferences.append(run) }
            }
        }
        #expect(differing.isEmpty, "\(name): JSON lines differ from the first run's in runs \(differing)")
        #expect(
            callbackDifferences.isEmpty,
            "\(name): the delegates' callbacks differ from the first run's in runs \(callbackDifferences)")
    }

    @Test(
        "a thousand runs (soak; a few by default) one at a time give byte-identical JSON lines",
        arguments: representative)
    func oneAtATime(name: String) async {
        let runs = Soak.count(1_000, quick: 4)
        let first = await Self.commandOutput(name)
        #expect(first.hasPrefix("exit 0\n"), "\(name):\n\(first)")
        var differing = 0
        for _ in 1..<runs where await Self.commandOutput(name) != first { differing += 1 }
        #expect(differing == 0, "\(name): \(differing) of \(runs) runs differ from the first")
    }

    @Test(
        "a thousand runs (soak; a few by default) eight at a time give byte-identical JSON lines",
        arguments: representative)
    func eightAtATime(name: String) async {
        let runs = Soak.count(1_000, quick: 17)
        let first = await Self.commandOutput(name)
        #expect(first.hasPrefix("exit 0\n"), "\(name):\n\(first)")
        let differing = await withTaskGroup(of: Bool.self) { group in
            var started = 1
            while started < min(runs, 9) {
                group.addTask { await Self.commandOutput(name) == first }
                started += 1
            }
            var differing = 0
            for await same in group {
                if !same { differing += 1 }
                if started < runs {
                    group.addTask { await Self.commandOutput(name) == first }
                    started += 1
                }
            }
            return differing
        }
        #expect(differing == 0, "\(name): \(differing) of \(runs) runs differ from the first")
    }

    @Test("the wiring check of every bundled wiring renders the same table every time")
    @MainActor
    func wiringTable() async {
        let runs = Soak.count(200, quick: 2)
        let wirings = WiringFixture.allCases.map(\.wiring)
        let first = await WiringCheck().run(wirings)
        #expect(first.rows.count == wirings.count * 9)
        #expect(first.failures.count > 0, "the mistaken wirings must show in the table")
        var differing: [Int] = []
        for run in 1..<runs where await WiringCheck().run(wirings).table != first.table {
            differing.append(run)
        }
        #expect(
            differing.isEmpty, "the table differs from the first run's in runs \(differing):\n\(first.table)")
    }
}

/// A team's delegates that write down every callback, payloads rendered with their keys sorted, so two
/// logs are equal exactly when the callbacks and their contents were.
final class CallbackLog: NSObject, AppsFlyerLibDelegate, AppsFlyerDeepLinkDelegate, @unchecked Sendable {
    // @unchecked: `recorded` is only touched under `lock`.
    private let lock = NSLock()
    private var recorded: [String] = []

    /// Every callback so far, in order.
    var calls: [String] { lock.withLock { recorded } }

    private func record(_ line: String) { lock.withLock { recorded.append(line) } }

    func onConversionDataSuccess(_ conversionInfo: [AnyHashable: Any]) {
        record("onConversionDataSuccess " + Self.render(conversionInfo))
    }

    func onConversionDataFail(_ error: any Error) {
        record("onConversionDataFail " + Self.render(error))
    }

    func onAppOpenAttribution(_ attributionData: [AnyHashable: Any]) {
        record("onAppOpenAttribution " + Self.render(attributionData))
    }

    func onAppOpenAttributionFailure(_ error: any Error) {
        record("onAppOpenAttributionFailure " + Self.render(error))
    }

    func didResolveDeepLink(_ result: DeepLinkResult) {
        var line = "didResolveDeepLink \(result.status.rawValue)"
        if let deepLink = result.deepLink { line += " " + Self.render(deepLink.clickEvent) }
        if let error = result.error { line += " " + Self.render(error) }
        record(line)
    }

    private static func render(_ error: any Error) -> String {
        let error = error as NSError
        return "\(error.domain) \(error.code) " + render(error.userInfo as [AnyHashable: Any])
    }

    /// A value as text, dictionaries with their keys sorted, since their iteration order is not fixed.
    static func render(_ value: Any) -> String {
        switch value {
        case let dictionary as [AnyHashable: Any]:
            let members = dictionary.map { (String(describing: $0.key), render($0.value)) }.sorted {
                $0.0 < $1.0
            }
            return "{" + members.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
        case let dictionary as [String: Any]:
            return render(dictionary as [AnyHashable: Any])
        case let array as [Any]:
            return "[" + array.map(render).joined(separator: ", ") + "]"
        default:
            return "\(type(of: value))(\(value))"
        }
    }
}
