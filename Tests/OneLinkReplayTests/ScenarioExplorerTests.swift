import Foundation
import OneLinkEmulator
import Testing

@testable import OneLinkReplay

/// The explorer over replay scenarios: the three handler bugs of Docs/testing.md found, shrunk,
/// written and fixed, and the documented first-launch example explored in full.
@Suite("Explorer: every order the SDK can deliver in", .timeLimit(.minutes(5)))
struct ScenarioExplorerTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Payloads/explore")

    /// Each example bug: its file, the smallest failing schedule, the releases to explore, and the difference it makes.
    static let bugs: [(file: String, schedule: String, releases: ClosedRange<SDKRelease>?, problem: String)] =
        [
            (
                "navigates-before-ui-ready", "appEvent.step0=afterStep1", nil,
                "outcome: output 1 (navigate):"
            ),
            (
                "navigates-on-repeats", "quirk.duplicateURISchemeDeepLink=on",
                SDKRelease(6, 8, 0)...SDKRelease(6, 17, 9),
                "outcome: + output 2: unexpected navigate"
            ),
            (
                "first-callback-decides", "firstLaunchOrder.1=conversionDataFirst", nil,
                "outcome: - output 1: expected navigate, nothing was observed"
            ),
        ]

    static func read(_ name: String) throws -> (Scenario, AttributionValue) {
        try ScenarioExplorer.read(
            folder.appendingPathComponent(name + ".json"), file: "Payloads/explore/\(name).json")
    }

    @Test(
        "each example bug passes in the default order, is found and shrunk, and its written scenario fails as it did",
        arguments: bugs.map(\.file))
    func bugFoundShrunkAndWritten(name: String) async throws {
        let bug = try #require(Self.bugs.first { $0.file == name })
        let (scenario, document) = try Self.read(name)
        let plain = try await ScenarioRunner().run(scenario)
        #expect(plain.passed, "the bug hides in the default order:\n\(plain.failureReport)")

        let report = try await ScenarioExplorer(releases: bug.releases).explore(scenario, document: document)
        let failure = try #require(report.failure, "the explorer finds it")
        #expect(failure.schedule.description == bug.schedule)
        #expect(failure.problems.contains { $0.hasPrefix(bug.problem) }, "\(failure.problems)")
        #expect(report.summary.contains("failing schedule: \(bug.schedule)"))

        // The written scenario is the checked-in one, and plain replay fails it the same way.
        let written = try #require(failure.reproduction)
        let checkedIn = try String(
            contentsOf: Self.folder.appendingPathComponent(name + ".explored.json"), encoding: .utf8)
        #expect(written == checkedIn, "Payloads/explore/\(name).explored.json is what the explorer writes")
        let replayed = try await ScenarioRunner().run(
            Scenario(json: Array(written.utf8), file: "written.json"))
        #expect(!replayed.passed)
        #expect(replayed.steps.last?.kind == "outcome")
        #expect(replayed.steps.dropLast().allSatisfy { $0.passed }, "only the app's outcome differs")
    }

    @Test("each example bug's fixed handler passes every schedule", arguments: bugs.map(\.file))
    func fixedHandlerPassesEverySchedule(name: String) async throws {
        let bug = try #require(Self.bugs.first { $0.file == name })
        var (scenario, _) = try Self.read(name)
        scenario.app.handler = []
        let report = try await ScenarioExplorer(releases: bug.releases).explore(scenario)
        #expect(report.passed, "\(report.summary)")
        #expect(report.coverage.exhaustive)
        #expect(report.coverage.distinctRuns >= 2)
        // The written failing order passes too, with the mistake gone.
        var reproduction = try Scenario(
            contentsOf: Self.folder.appendingPathComponent(name + ".explored.json"))
        reproduction.app.handler = []
        let fixed = try await ScenarioRunner().run(reproduction)
        #expect(fixed.passed, "\(fixed.failureReport)")
    }

    @Test(
        "the documented first launch (deferred UDL, conversion data, UI ready, ATT) has 12 schedules, every one passing"
    )
    func firstLaunchExample() async throws {
        let url = Fixtures.scenarios.appendingPathComponent("explore-first-launch.json")
        let report = try await ScenarioExplorer().explore(contentsOf: url)
        #expect(report.passed, "\(report.summary)")
        #expect(report.coverage.exhaustive)
        #expect(report.coverage.schedules == 12 && report.coverage.distinctRuns == 12)
        #expect(report.coverage.taken[.firstLaunchOrder] == ["deepLinkFirst": 6, "conversionDataFirst": 6])
        #expect(report.coverage.taken[.appEvent]?.count == 3)
        print("explore-first-launch: \(report.coverage.distinctRuns) schedules in \(report.seconds) s")
    }

    @Test(
        "app events move among the SDK calls between barriers, keep their own order, and stay put by default")
    func arrangement() throws {
        let scenario = try decode(
            #"""
            {"name": "x", "app": {"handler": {}}, "steps": [
              {"do": "start"}, {"do": "appEvent", "name": "uiReady"}, {"do": "universalLink", "url": "https://a.onelink.me/x"},
              {"do": "appEvent", "name": "other"}, {"do": "advance", "by": "1s"}, {"do": "appEvent", "name": "late"},
              {"do": "foreground"}]}
            """#)
        #expect(scenario.arrangedStepIndexes(ScheduleRun(schedule: .default)) == Array(0...6))
        let run = ScheduleRun(schedule: .default, explored: [.appEvent])
        _ = scenario.arrangedStepIndexes(run)
        #expect(
            run.points.map(\.description) == [
                "appEvent.step1=afterStep0 of [afterStep0, beforeStep0, afterStep2]",
                "appEvent.step3=afterStep2 of [afterStep2, afterStep0]",
                "appEvent.step5=beforeStep6 of [beforeStep6, afterStep6]",
            ])
        let moved = ScheduleRun(schedule: SDKSchedule("appEvent.step1=afterStep2 appEvent.step5=afterStep6")!)
        #expect(scenario.arrangedStepIndexes(moved) == [0, 2, 1, 3, 4, 6, 5])
        let first = ScheduleRun(
            schedule: SDKSchedule("appEvent.step1=beforeStep0 appEvent.step3=afterStep0")!)
        #expect(scenario.arrangedStepIndexes(first) == [1, 0, 3, 2, 4, 5, 6])
    }

    @Test(
        "schedule, outcome, app.handler and appEvent are read strictly",
        arguments: [
            (
                #"{"name": "x", "schedule": ["firstLaunchOrder"], "steps": []}"#, "$.schedule[0]",
                "expected a decision"
            ),
            (
                #"{"name": "x", "schedule": ["later.1=yes"], "steps": []}"#, "$.schedule[0]",
                "unknown choice \"later\""
            ),
            (
                #"{"name": "x", "schedule": ["firstLaunchOrder.1=sideways"], "steps": []}"#, "$.schedule[0]",
                "has no alternative"
            ),
            (#"{"name": "x", "outcome": {}, "steps": []}"#, "$.outcome", "expected an array"),
            (
                #"{"name": "x", "app": {"handler": {"mistakes": ["slow"]}}, "steps": []}"#,
                "$.app.handler.mistakes[0]", "expected one of"
            ),
            (
                #"{"name": "x", "steps": [{"do": "appEvent", "name": ""}]}"#, "$.steps[0].name",
                "must not be empty"
            ),
        ])
    func strictDecoding(json: String, path: String, message: String) {
        #expect {
            try decode(json)
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.path == path && error.description.contains(message)
        }
    }

    @Test(
        "a scenario's schedule field is followed by a plain run, and its outcome is matched over the whole run"
    )
    func scheduleAndOutcomeFields() async throws {
        let (scenario, _) = try Self.read("first-callback-decides")
        var pinned = scenario
        pinned.schedule = SDKSchedule("firstLaunchOrder.1=conversionDataFirst")!
        let result = try await ScenarioRunner().run(pinned)
        let start = try #require(result.steps.first { $0.kind == "start" })
        #expect(
            start.observations.map(\.output).prefix(2) == ["onConversionDataSuccess", "didResolveDeepLink"])
        #expect(result.steps.last?.kind == "outcome")
        #expect(!result.passed)
    }
}
