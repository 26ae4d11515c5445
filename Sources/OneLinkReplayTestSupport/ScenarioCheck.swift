public import Foundation
public import OneLinkEmulator
import OneLinkEmulatorTestSupport
public import OneLinkReplay

/// Runs scenario files inside a test and fails the test on any difference, under Swift Testing or XCTest.
///
/// ```swift
/// @Test func shortLinkFlow() async {
///     await ScenarioCheck.expectPasses(bundled: "flow-short-link")
/// }
/// ```
///
/// Each run builds its own SDK, backends and manual clock, so runs are
/// independent and never sleep. Pass the team's own delegates to replay the
/// scenario's callbacks into their handler code as well.
///
/// Failures are recorded with the test kit's `TestFailure`, in Swift Testing or XCTest,
/// whichever runs the test. This module sits apart from `OneLinkReplay`, which the
/// `onelink-replay` tool shares and which links neither framework, and apart from
/// `OneLinkEmulatorTestSupport`, which depends on the SDK alone.
public enum ScenarioCheck {
    /// The package's `Payloads/scenarios` folder, found from this source file's location.
    ///
    /// SwiftPM builds dependencies from source, so the folder is next to the
    /// sources in the checkout (`.build/checkouts/...` or a local path). A
    /// build that remaps source paths (`-file-prefix-map`) has to pass file URLs instead.
    public static var bundledScenariosFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Payloads/scenarios")
    }

    /// The names of the bundled scenarios (file names without `.json`), sorted.
    public static var bundledScenarioNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: bundledScenariosFolder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Replays one scenario file and records a test failure for each failed step or an invalid file.
    ///
    /// - Parameters:
    ///   - file: The scenario file; a relative path is resolved against the current directory.
    ///   - profile: The value profile; a scenario that pins one keeps its own.
    ///   - delegate: The team's `AppsFlyerLibDelegate`, which also receives every callback.
    ///   - deepLinkDelegate: The team's `DeepLinkDelegate`, used the same way in UDL mode.
    /// - Returns: The result, or `nil` when the file is not a valid scenario.
    @discardableResult
    public static func expectPasses(
        _ file: URL, profile: ValueProfile = .ios, delegate: (any AppsFlyerLibDelegate)? = nil,
        deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)? = nil, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> ScenarioResult? {
        do {
            let result = try await ScenarioRunner().run(
                contentsOf: file, profile: profile, delegate: delegate, deepLinkDelegate: deepLinkDelegate)
            if !result.passed {
                TestFailure.record(
                    "scenario \(result.name) (\(result.file)) failed:\n\(result.failureReport)",
                    fileID: fileID,
                    filePath: filePath, line: line, column: column)
            }
            return result
        } catch {
            TestFailure.record(
                "\(file.path): \(error)", fileID: fileID, filePath: filePath, line: line, column: column)
            return nil
        }
    }

    /// Replays one scenario file given by path; see ``expectPasses(_:profile:delegate:deepLinkDelegate:fileID:filePath:line:column:)``.
    @discardableResult
    public static func expectPasses(
        _ path: String, profile: ValueProfile = .ios, delegate: (any AppsFlyerLibDelegate)? = nil,
        deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)? = nil, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> ScenarioResult? {
        await expectPasses(
            URL(fileURLWithPath: path), profile: profile, delegate: delegate,
            deepLinkDelegate: deepLinkDelegate,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Replays one bundled scenario by name, such as `flow-short-link`.
    @discardableResult
    public static func expectPasses(
        bundled name: String, profile: ValueProfile = .ios, delegate: (any AppsFlyerLibDelegate)? = nil,
        deepLinkDelegate: (any AppsFlyerDeepLinkDelegate)? = nil, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> ScenarioResult? {
        await expectPasses(
            bundledScenariosFolder.appendingPathComponent(name + ".json"), profile: profile,
            delegate: delegate,
            deepLinkDelegate: deepLinkDelegate, fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// Replays every bundled scenario (or the named ones), one after another, and fails the test for each failure.
    ///
    /// - Parameter names: The scenarios to run; `nil` runs ``bundledScenarioNames``.
    /// - Returns: The results of the valid scenarios, in order.
    @discardableResult
    public static func expectBundledScenariosPass(
        _ names: [String]? = nil, profile: ValueProfile = .ios, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> [ScenarioResult] {
        let selected = names ?? bundledScenarioNames
        if selected.isEmpty {
            TestFailure.record(
                "no bundled scenarios in \(bundledScenariosFolder.path)", fileID: fileID, filePath: filePath,
                line: line, column: column)
        }
        var results: [ScenarioResult] = []
        for name in selected {
            if let result = await expectPasses(
                bundled: name, profile: profile, fileID: fileID, filePath: filePath, line: line,
                column: column)
            {
                results.append(result)
            }
        }
        return results
    }
}
