import Foundation
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import Testing

/// The kit's failure helpers under Swift Testing; `TestSupportXCTests` covers XCTest.
@Suite("Test failures under Swift Testing", .timeLimit(.minutes(5)))
struct TestFailureSwiftTestingTests {
    @Test func detectsSwiftTesting() {
        #expect(TestFramework.current == .swiftTesting)
    }

    @Test func detectsSwiftTestingInChildTasks() async {
        let framework = await Task { TestFramework.current }.value
        #expect(framework == .swiftTesting)
    }

    @Test func detachedTasksLookLikeXCTest() async {
        // The documented limit: Test.current does not reach detached tasks or queue callbacks.
        let framework = await Task.detached { TestFramework.current }.value
        #expect(framework == .xcTest)
    }

    @Test func recordReportsAnIssue() {
        withKnownIssue {
            TestFailure.record("expected failure")
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "expected failure" }
        }
    }

    @Test func conformanceFailuresReportIssues() {
        var report = ConformanceReport(subject: "Example")
        report.passed = ["one"]
        report.failures = ["two: expected 1 but got 2"]
        withKnownIssue {
            report.expectAllPassed()
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "Example: two: expected 1 but got 2" }
        }
    }

    @Test func passingScenarioRecordsNothing() async throws {
        let file = try KitFixtures.temporaryFile(KitFixtures.scenario(expectingStatus: "Organic"))
        let result = await ScenarioCheck.expectPasses(file)
        #expect(result?.passed == true)
    }

    @Test func scenarioPathsWork() async throws {
        let file = try KitFixtures.temporaryFile(KitFixtures.scenario(expectingStatus: "Organic"))
        let handler = RoutingHandler()
        let result = await ScenarioCheck.expectPasses(file.path, delegate: handler)
        #expect(result?.passed == true)
    }

    @Test func failingScenarioReportsItsDiff() async throws {
        let file = try KitFixtures.temporaryFile(KitFixtures.scenario(expectingStatus: "Non-organic"))
        await withKnownIssue {
            let result = await ScenarioCheck.expectPasses(file)
            #expect(result?.passed == false)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Non-organic") }
        }
    }

    @Test func invalidScenarioFileReportsTheError() async throws {
        let file = try KitFixtures.temporaryFile(#"{"name": "no steps"}"#)
        await withKnownIssue {
            #expect(await ScenarioCheck.expectPasses(file) == nil)
        }
    }

    @Test func bundledScenariosAreFoundFromTheSources() {
        let names = ScenarioCheck.bundledScenarioNames
        #expect(names.count >= 30)
        #expect(names.contains("flow-short-link"))
        #expect(ScenarioCheck.bundledScenariosFolder.path.hasSuffix("Payloads/scenarios"))
    }

    @Test func bundledScenarioRunsInOneLine() async {
        let result = await ScenarioCheck.expectPasses(bundled: "rule-08-push")
        #expect(result?.passed == true)
    }

    @Test func namedBundledScenariosRunInOneLine() async {
        let results = await ScenarioCheck.expectBundledScenariosPass([
            "rule-07-custom-and-wrapped-domains", "rule-08-push",
        ])
        #expect(results.map(\.passed) == [true, true])
    }

    @Test func missingBundledScenarioReportsAnIssue() async {
        await withKnownIssue {
            await ScenarioCheck.expectPasses(bundled: "no-such-scenario")
        }
    }
}
