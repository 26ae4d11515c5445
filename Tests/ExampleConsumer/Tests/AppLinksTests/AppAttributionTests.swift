import AppLinks
import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import Testing

/// A `@MainActor` app delegate through the kit: a scenario replayed into it, and a recorder that
/// watches the delegates the app sets itself.
@Suite(.timeLimit(.minutes(5))) @MainActor struct AppAttributionTests {
    @Test func scenarioReplaysIntoTheMainActorDelegate() async {
        let app = AppAttribution()
        let result = await ScenarioCheck.expectPasses(
            Screens.scenarios.appendingPathComponent("udl-deferred-and-direct.json"), delegate: app,
            deepLinkDelegate: app)
        #expect(result?.passed == true)
        #expect(app.opened == [.fruit("apples"), .fruit("peaches")])
    }

    @Test func recorderWatchesTheDelegatesTheAppSets() async throws {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "peaches"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
        let recorder = CallbackRecorder(observing: sdk)
        let app = AppAttribution()
        await AppsFlyerLib.withShared(sdk) {
            app.launch()
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")
            #expect(UniversalLinks.continue(activity))
            await sdk.waitUntilIdle()
        }
        try await recorder.waitForCallbacks(sdk.deliveredEvents.count)
        #expect(recorder.dropped.isEmpty, "a callback found no delegate: \(recorder.dropped)")
        #expect(recorder.names.contains("didResolveDeepLink"))
        #expect(app.opened.last == .fruit("peaches"))
    }
}
