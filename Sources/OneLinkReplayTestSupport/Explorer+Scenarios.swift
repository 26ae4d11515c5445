public import Foundation
import OneLinkEmulator
public import OneLinkEmulatorTestSupport
public import OneLinkReplay

extension Explorer {
    /// Explores a replay scenario with a team's handler, and records one test failure for the smallest failing schedule.
    ///
    /// Each run replays `file` under one schedule (`ScenarioExplorer`): the SDK's orders, where
    /// the scenario's app events (`appEvent`, router and ATT-answer steps) land among its calls,
    /// and the quirks of ``releases``. `handler` makes a fresh handler for each run; it gets both
    /// delegates' callbacks (each role it plays) and, as a `ScenarioAppEventHandler`, the app
    /// events. `check` throws to fail the run (``Explorer/require(_:_:fileID:filePath:line:column:)``).
    /// Without a handler, the scenario's own expectations and `outcome` decide.
    ///
    /// The failure names the schedule and is written as an ordinary scenario, to `reproduction`
    /// or, by default, to the temporary folder as `NAME.explored.json`, so replaying it (with the
    /// handler, through `ScenarioRunner`) reproduces the run.
    ///
    /// - Returns: The report, or `nil` when the file is not a valid scenario (also a test failure).
    @discardableResult
    public func explore<Handler: AnyObject>(
        _ file: URL, reproduction: URL? = nil, handler: () -> Handler,
        check: (Handler, ScenarioResult) throws -> Void,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) async -> ExplorationReport? {
        await report(
            file, reproduction: reproduction, fileID: fileID, filePath: filePath, line: line, column: column
        ) {
            explorer, scenario, document throws(ScenarioError) in
            try await explorer.explore(scenario, document: document, handler: handler, check: check)
        }
    }

    /// Explores a replay scenario with its own expectations and `outcome`; see ``explore(_:reproduction:handler:check:fileID:filePath:line:column:)``.
    @discardableResult
    public func explore(
        _ file: URL, reproduction: URL? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) async -> ExplorationReport? {
        await report(
            file, reproduction: reproduction, fileID: fileID, filePath: filePath, line: line, column: column
        ) {
            explorer, scenario, document throws(ScenarioError) in
            try await explorer.explore(scenario, document: document)
        }
    }

    /// The scenario explorer with this explorer's budget, seed, groups and releases.
    public var scenarioExplorer: ScenarioExplorer {
        ScenarioExplorer(budget: budget, seed: seed, groups: groups, releases: releases)
    }

    private func report(
        _ file: URL, reproduction: URL?, fileID: String, filePath: StaticString, line: UInt, column: UInt,
        _ explore: (ScenarioExplorer, Scenario, AttributionValue) async throws(ScenarioError) ->
            ExplorationReport
    ) async -> ExplorationReport? {
        do {
            let data = try Data(contentsOf: file)
            let scenario = try Scenario(json: data, file: file.path)
            let document = try AttributionValue(json: data)
            let report = try await explore(scenarioExplorer, scenario, document)
            guard let failure = report.failure else { return report }
            var written = ""
            if let text = failure.reproduction {
                let target =
                    reproduction
                    ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                        file.deletingPathExtension().lastPathComponent + ".explored.json")
                if (try? Data(text.utf8).write(to: target, options: .atomic)) != nil {
                    written = "\nWritten as a scenario that replays it: \(target.path)"
                }
            }
            TestFailure.record(
                """
                a schedule the real SDK may deliver in breaks \(report.name) (\(report.file)):
                \(report.summary)\(written)
                """, fileID: fileID, filePath: filePath, line: line, column: column)
            return report
        } catch {
            TestFailure.record(
                "\(file.path): \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
            return nil
        }
    }
}
