import Foundation
import OneLinkEmulator
import Testing

#if canImport(UserActivityStandIn)
    import UserActivityStandIn
#endif

/// `NSUserActivity` in files that do not import the SDK, and in files that import both modules.
@Suite("NSUserActivity with and without the SDK", .timeLimit(.minutes(5)))
struct UserActivityLinksTests {
    @Test("An activity made without the SDK is the one the SDK continues; one type, one constant")
    func oneType() async {
        let url = URL(string: "https://app.onelink.me/H5hv/6d66214a")!
        let activity = UserActivityLinks.activity(for: url)
        #expect(UserActivityLinks.universalLink(in: activity) == url)
        #expect(activity.activityType == NSUserActivityTypeBrowsingWeb)
        let other = NSUserActivity(activityType: "com.example.reading")
        #expect(UserActivityLinks.universalLink(in: other) == nil)

        let clock = ManualClock()
        let sdk = AppsFlyerLib(
            shortLinkResolver: .inMemory(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], clock: clock),
            clock: clock)
        #expect(sdk.continue(activity, restorationHandler: nil))
        #expect(!sdk.continue(other, restorationHandler: nil))
        await sdk.waitUntilIdle()
        #expect(sdk.deliveredEvents.map(\.callbackName) == ["onAppOpenAttribution"])
    }
}
