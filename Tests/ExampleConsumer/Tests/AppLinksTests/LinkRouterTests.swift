import AppLinks
import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkReplay
import OneLinkReplayTestSupport
import Testing

/// Records the screens a router opens, from the main queue, for the test task to read.
///
/// `@unchecked Sendable`: `opened` is only touched with `lock` held.
final class Screens: @unchecked Sendable {
    private let lock = NSLock()
    private var opened: [Screen] = []

    /// This package's `Scenarios` folder.
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    /// The screens opened so far.
    var all: [Screen] { lock.withLock { opened } }

    /// A router that records here.
    func router() -> LinkRouter {
        LinkRouter { [self] screen in lock.withLock { opened.append(screen) } }
    }
}

@Suite(.timeLimit(.minutes(5))) struct LinkRouterTests {
    @Test func handlerIsBuiltAgainstTheEmulator() {
        // The canImport pitfall: if a test target links the real SDK, AppLinks is built against it.
        #expect(String(reflecting: AppsFlyerLib.self) == "OneLinkEmulator.AppsFlyerLib")
    }

    @Test func universalLinkOpensTheFruit() async throws {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "peaches"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        let screens = Screens()
        let recorder = CallbackRecorder()
        let router = screens.router()
        recorder.forwardingDelegate = router
        recorder.forwardingDeepLinkDelegate = router
        sdk.delegate = recorder
        sdk.deepLinkDelegate = recorder

        try await AppsFlyerLib.withShared(sdk) {
            try await sdk.start()
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")
            #expect(UniversalLinks.continue(activity))
            try await recorder.waitForCallbacks(3)
        }
        #expect(screens.all == [.fruit("peaches")])
        #expect(recorder.deepLinkResults.map(\.status) == [.notFound, .found])
    }

    @Test func documentedDeferredSampleOpensNothingWithoutAValue() {
        let screens = Screens()
        screens.router().onConversionDataSuccess(SamplePayloads.deferredDeepLink.foundationDictionary)
        #expect(screens.all == [.home])
    }

    @Test func deferredScenarioReplaysIntoTheRouter() async {
        let screens = Screens()
        await ScenarioCheck.expectPasses(
            Screens.scenarios.appendingPathComponent("deferred-first-launch.json"), delegate: screens.router()
        )
        #expect(screens.all == [.fruit("apples")])
    }
}
