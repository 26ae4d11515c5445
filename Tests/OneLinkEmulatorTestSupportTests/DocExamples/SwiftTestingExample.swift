import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import Testing

#if !canImport(Darwin)
    import UserActivityStandIn
#endif

@Suite(.timeLimit(.minutes(1))) struct LinkRouterTests {
    @Test func routesAShortUniversalLink() async throws {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock),
            clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"

        let router = LinkRouter()
        let recorder = CallbackRecorder()
        recorder.forwardingDelegate = router  // the recorder keeps the router alive and calls it
        recorder.forwardingDeepLinkDelegate = router
        sdk.delegate = recorder
        sdk.deepLinkDelegate = recorder  // UDL mode: set before start()

        try await sdk.start()  // in async code, the async start(): it returns the launch response
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = URL(string: "https://myapp.onelink.me/H5hv/6d66214a")
        sdk.continue(activity, restorationHandler: nil)  // what the scene delegate does with a universal link
        // A first launch in UDL mode: the deferred lookup finds no click (NOT_FOUND), the
        // conversion data arrives, and the link is found. No sleeping: this returns once all three arrived.
        try await recorder.waitForCallbacks(3)

        #expect(recorder.deepLinkResults.map(\.status) == [.notFound, .found])
        #expect(recorder.deepLinks.first?.deeplinkValue == "apples")
        #expect(router.routes == ["apples"])
    }

    @Test func routesTheDocumentedUniversalLinkSample() {
        let router = LinkRouter()
        router.onAppOpenAttribution(SamplePayloads.universalLinkShort.foundationDictionary)
        #expect(router.routes == ["apples"])
    }

    @Test func organicFirstLaunchScenarioPasses() async {
        await ScenarioCheck.expectPasses("Tests/Scenarios/organic-first-launch.json", delegate: LinkRouter())
    }
}
