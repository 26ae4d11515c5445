import AliasHandlers
import Foundation
import Handlers
import OneLinkEmulator
import Testing

/// The consumer's handler, with its own `AppsFlyerLib` and `AppTrackingTransparency` modules, run
/// against the emulator.
@Suite(.timeLimit(.minutes(5))) struct LaunchHandlerTests {
    @Test func handlerRunsAgainstTheEmulator() async {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
        sdk.trackingPromptAnswer = .authorize
        let handler = LaunchHandler()
        await AppsFlyerLib.withShared(sdk) {
            handler.launch()
            await sdk.settle()
            await sdk.waitUntilIdle()
        }
        #expect(handler.calls.contains("att:authorized"))
        #expect(handler.calls.contains("onConversionDataSuccess"))
        #expect(sdk.trackingAuthorizationStatus == .authorized)
    }
}

/// The router built with the module alias, run against the emulator.
@Suite(.timeLimit(.minutes(5))) struct AliasRouterTests {
    @Test func aliasedImportIsTheEmulator() async {
        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "peaches"]], clock: clock),
            conversionDataSource: .inMemory(.organic, clock: clock), clock: clock)
        let router = AliasRouter()
        await AppsFlyerLib.withShared(sdk) {
            router.launch()
            let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
            activity.webpageURL = URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")
            #expect(AppsFlyerLib.shared().continue(activity, restorationHandler: nil))
            await sdk.waitUntilIdle()
        }
        #expect(router.routed == ["peaches"])
    }
}
