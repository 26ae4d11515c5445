import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import OneLinkSupport
import XCTest

/// The kit under XCTest: failures reach XCTest, and the recorder and scenario runs work in XCTest tests.
final class TestSupportXCTests: XCTestCase {
    private let captured = Locked<[String]?>(nil)

    /// Runs `body` and returns the failures it recorded instead of failing this test.
    private func failures(of body: () async throws -> Void) async rethrows -> [String] {
        captured.withLock { $0 = [] }
        try await body()
        return captured.withLock { failures in
            defer { failures = nil }
            return failures ?? []
        }
    }

    #if canImport(Darwin)
        override func record(_ issue: XCTIssue) {
            let kept = captured.withLock { failures -> Bool in
                guard failures != nil else { return false }
                failures?.append(issue.compactDescription)
                return true
            }
            if !kept { super.record(issue) }
        }
    #else
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
            expected: Bool
        ) {
            let kept = captured.withLock { failures -> Bool in
                guard failures != nil else { return false }
                failures?.append(description)
                return true
            }
            if !kept {
                super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
        }
    #endif

    func testDetectsXCTest() {
        XCTAssertEqual(TestFramework.current, .xcTest)
    }

    func testRecordReachesXCTest() async {
        let recorded = await failures { TestFailure.record("expected failure") }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded.first?.contains("expected failure") == true, "\(recorded)")
    }

    func testConformanceFailuresReachXCTest() async {
        var report = ConformanceReport(subject: "Example")
        report.passed = ["one"]
        report.failures = ["two: expected 1 but got 2", "three: threw"]
        let recorded = await failures { report.expectAllPassed() }
        XCTAssertEqual(recorded.count, 2)
        XCTAssertTrue(recorded.first?.contains("Example: two: expected 1 but got 2") == true, "\(recorded)")
    }

    func testFailingScenarioReachesXCTest() async throws {
        let file = try KitFixtures.temporaryFile(KitFixtures.scenario(expectingStatus: "Non-organic"))
        let recorded = await failures { await ScenarioCheck.expectPasses(file) }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded.first?.contains("Non-organic") == true, "\(recorded)")
    }

    func testExplorerFailureReachesXCTestWithTheSchedule() async {
        var report: Explorer.Report?
        let recorded = await failures {
            report = await Explorer().explore { run in
                let routes = await ExplorerExamples.routes(
                    FirstLaunchRouter(marksHandledFirst: true), in: run)
                try Explorer.require(routes == ["apples"], "routed \(routes)")
            }
        }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(
            recorded.first?.contains("schedule: firstLaunchOrder.1=conversionDataFirst") == true,
            "\(recorded)")
        XCTAssertEqual(report?.failingSchedule?.description, "firstLaunchOrder.1=conversionDataFirst")
    }

    func testPassingScenarioRecordsNothing() async throws {
        let file = try KitFixtures.temporaryFile(KitFixtures.scenario(expectingStatus: "Organic"))
        let recorded = await failures { await ScenarioCheck.expectPasses(file) }
        XCTAssertEqual(recorded, [])
    }

    func testRecorderWaitsForMainQueueCallbacks() async throws {
        let sdk = KitFixtures.sdk()
        let recorder = CallbackRecorder()
        sdk.delegate = recorder
        sdk.deepLinkDelegate = recorder
        try await sdk.start()
        sdk.handleUniversalLink(URL(string: KitFixtures.shortLink)!)
        try await recorder.waitForCallbacks(3)
        XCTAssertEqual(recorder.deepLinkResults.map(\.status), [.notFound, .found])
        XCTAssertEqual(recorder.conversionData.count, 1)
        XCTAssertEqual(recorder.deepLinks.first?.deeplinkValue, "apples")
    }

    func testWaitTimeoutThrowsUnderXCTest() async {
        let recorder = CallbackRecorder()
        do {
            try await recorder.waitForCallbacks(1, timeout: .milliseconds(20))
            XCTFail("expected a timeout")
        } catch {
            XCTAssertTrue(error is CallbackRecorder.WaitTimeout, "\(error)")
        }
    }
}
