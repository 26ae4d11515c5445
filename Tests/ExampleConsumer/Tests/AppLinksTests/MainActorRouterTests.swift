import AppLinks
import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// The two Swift 6 spellings of a `@MainActor` delegate, driven through `shared()` as the app's
/// launch code drives them: both compile against the SDK's protocols, and both get their callbacks.
@Suite(.timeLimit(.minutes(5))) @MainActor struct MainActorRouterTests {
    /// An SDK whose short link `H5hv/6d66214a` resolves to `peaches`, with organic conversion data.
    static func sdk(_ clock: ManualClock) -> AppsFlyerLib {
        AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "peaches"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
    }

    /// A universal link for the short link above.
    static func activity() -> NSUserActivity {
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")
        return activity
    }

    @Test func preconcurrencyConformanceGetsItsCallbacks() async throws {
        let clock = ManualClock()
        let sdk = Self.sdk(clock)
        let recorder = CallbackRecorder(observing: sdk)
        let router = MainActorRouter()
        await AppsFlyerLib.withShared(sdk) {
            router.launch()
            #expect(UniversalLinks.continue(Self.activity()))
            await sdk.waitUntilIdle()
        }
        try await recorder.waitForCallbacks(sdk.deliveredEvents.count)
        #expect(recorder.dropped.isEmpty, "a callback found no delegate: \(recorder.dropped)")
        #expect(router.conversions == 1)
        #expect(router.routed == ["peaches"])
    }

    #if compiler(>=6.2)
        @Test func isolatedConformanceGetsItsCallbacks() async throws {
            let clock = ManualClock()
            let sdk = Self.sdk(clock)
            let recorder = CallbackRecorder(observing: sdk)
            let router = IsolatedRouter()
            await AppsFlyerLib.withShared(sdk) {
                router.launch()
                #expect(UniversalLinks.continue(Self.activity()))
                await sdk.waitUntilIdle()
            }
            try await recorder.waitForCallbacks(sdk.deliveredEvents.count)
            #expect(recorder.dropped.isEmpty, "a callback found no delegate: \(recorder.dropped)")
            #expect(router.conversions == 1)
            #expect(router.routed == ["peaches"])
        }
    #endif
}
