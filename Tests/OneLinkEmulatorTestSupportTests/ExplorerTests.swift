import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import OneLinkTestSoak
import Testing

/// The kit's explorer: a failure reaches the test with the smallest schedule in its message, the
/// schedule pins the failure, and the bundled scenarios pass in every order explored.
@Suite("Explorer in the test kit", .timeLimit(.minutes(10)))
struct ExplorerTests {
    @Test(
        "a free-form body: the sample app's first-launch flag is found, shrunk and reported with the schedule to pin"
    )
    func freeFormFindsTheFlag() async {
        var report: Explorer.Report?
        await withKnownIssue {
            report = await Explorer().explore { run in
                let routes = await ExplorerExamples.routes(
                    FirstLaunchRouter(marksHandledFirst: true), in: run)
                try Explorer.require(routes == ["apples"], "routed \(routes)")
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    "a schedule the real SDK may deliver in breaks the test (2 of 2 schedules (every one)):")
                    && $0.rawValue.contains("schedule: firstLaunchOrder.1=conversionDataFirst")
                    && $0.rawValue.contains("routed []")
                    && $0.rawValue.contains(
                        #"sdk.schedule = SDKSchedule("firstLaunchOrder.1=conversionDataFirst")!"#)
            }
        }
        #expect(report?.failingSchedule?.description == "firstLaunchOrder.1=conversionDataFirst")
        #expect(report?.coverage.distinctRuns == 2 && report?.coverage.exhaustive == true)
    }

    @Test("the schedule the explorer printed, pinned on the SDK, fails the handler every time")
    func pinnedScheduleReproduces() async throws {
        let clock = ManualClock()
        let click = DeferredClick(
            time: clock.now.addingTimeInterval(-60), parameters: ["deep_link_value": "apples"])
        let sdk = AppsFlyerLib(
            conversionDataSource: .inMemory(.nonOrganic(["media_source": "Email"]), clock: clock),
            deferredDeepLinkSource: .inMemory(clicks: [click], clock: clock), clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        let router = FirstLaunchRouter(marksHandledFirst: true)
        sdk.delegate = router
        sdk.deepLinkDelegate = router
        sdk.schedule = try #require(SDKSchedule("firstLaunchOrder.1=conversionDataFirst"))
        await sdk.perform(.start)
        #expect(router.routes == [], "the deferred deep link is dropped, as the explorer reported")
    }

    @Test("a scenario with a team's Swift handler: found, written as a scenario that replays it, fixed")
    func scenarioWithSwiftHandler() async throws {
        let url = KitFixtures.packageRoot.appendingPathComponent(
            "Payloads/explore/navigates-before-ui-ready.json")
        let written = try KitFixtures.temporaryFile("", name: "written.json")
        let expected = [ExampleLinkHandler.Navigation(value: "apples", shown: true)]
        var report: ExplorationReport?
        await withKnownIssue {
            report = await Explorer().explore(
                url, reproduction: written,
                handler: { ExampleLinkHandler(mistakes: .navigatesBeforeUIReady) },
                check: { handler, _ in
                    try Explorer.require(handler.navigations == expected, "navigated \(handler.navigations)")
                })
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("failing schedule: appEvent.step0=afterStep1")
                    && $0.rawValue.contains("Written as a scenario that replays it: \(written.path)")
            }
        }
        #expect(report?.failure?.problems.contains { $0.contains("shown: false") } == true)
        // Replaying the written scenario with the same handler reproduces the lost navigation.
        let buggy = ExampleLinkHandler(mistakes: .navigatesBeforeUIReady)
        _ = try await ScenarioRunner().run(contentsOf: written, delegate: buggy, deepLinkDelegate: buggy)
        #expect(buggy.navigations == [.init(value: "apples", shown: false)])
        // The fixed handler passes every schedule.
        let fixed = await Explorer().explore(
            url, handler: { ExampleLinkHandler() },
            check: { handler, _ in
                try Explorer.require(handler.navigations == expected, "\(handler.navigations)")
            })
        #expect(fixed?.passed == true && fixed?.coverage.exhaustive == true)
    }

    @Test(
        "every bundled scenario keeps its outcome and its callbacks in every order explored",
        .tags(.soak), arguments: ScenarioCheck.bundledScenarioNames)
    func bundledScenariosExplored(name: String) async throws {
        let url = ScenarioCheck.bundledScenariosFolder.appendingPathComponent(name + ".json")
        // Late answers too: they move callbacks past the scenario's later steps; timeouts stay out,
        // since a missed time limit changes what a scenario's routes can be.
        let explorer = ScenarioExplorer(
            budget: .runs(Soak.count(400, quick: 12)), groups: [.orders, .appEvents, .releases, .latencies])
        let report = try await explorer.explore(contentsOf: url)
        #expect(report.passed, "\(report.summary)")
    }
}
