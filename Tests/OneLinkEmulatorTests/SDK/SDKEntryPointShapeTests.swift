import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

#if !canImport(Darwin)
    import UserActivityStandIn
#endif

@Suite("The real SDK's entry points", .timeLimit(.minutes(5)))
struct SDKEntryPointShapeTests {
    static let link = "https://app.onelink.me/H5hv?deep_link_value=apples"

    @Test("continue(_:restorationHandler:) handles a browsing-web activity and refuses anything else")
    func continueUserActivity() async {
        let fixture = SDKFixture()
        let activity = NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb)
        activity.webpageURL = URL(string: Self.link)
        #expect(fixture.sdk.continue(activity, restorationHandler: nil))
        let other = NSUserActivity(activityType: "com.example.reading")
        other.webpageURL = URL(string: Self.link)
        #expect(!fixture.sdk.continue(other, restorationHandler: nil))
        #expect(
            !fixture.sdk.continue(
                NSUserActivity(activityType: NSUserActivityTypeBrowsingWeb), restorationHandler: nil))
        #expect(!fixture.sdk.continue(nil, restorationHandler: nil))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["onAppOpenAttribution"])
        #expect(fixture.log.entries.filter { $0.rule == "link.userActivity" }.count == 3)
    }

    @Test("handleOpen(_:sourceApplication:) and the annotation form deliver like handleOpen(_:options:)")
    func handleOpenVariants() async {
        let fixture = SDKFixture()
        let url = URL(string: "afbasicapp://mainactivity?deep_link_value=pears")
        fixture.sdk.handleOpen(url, sourceApplication: "com.apple.mobilesafari")
        fixture.sdk.handleOpen(url, sourceApplication: nil, withAnnotation: ["ignored": true])
        fixture.sdk.handleOpen(url, options: nil)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == Array(repeating: "onAppOpenAttribution", count: 3))
        #expect(
            fixture.log.entries.filter { $0.rule == "link.open" }.map(\.message) == [
                "opened from com.apple.mobilesafari"
            ])
    }

    @Test("performOnAppAttribution(with: nil) fails as an empty link")
    func performWithNil() async {
        let fixture = SDKFixture()
        fixture.sdk.performOnAppAttribution(with: nil)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents == [.appOpenAttributionFailure(.invalidLink(.empty))])
    }

    @Test("DeepLinkResultStatus has the header's unsigned raw values")
    func statusRawValues() {
        let raw: [UInt] = DeepLinkResultStatus.allCases.map(\.rawValue)
        #expect(raw == [0, 1, 2])
    }
}

@Suite("handleOpen(_:options:) reads UIKit-style option keys", .timeLimit(.minutes(5)))
struct SDKOpenOptionsKeyTests {
    struct OptionsKey: RawRepresentable, Hashable {
        var rawValue: String
    }

    @Test("A string-backed key type is read by its raw value, as UIKit's keys bridge to strings")
    func typedKeys() async {
        let fixture = SDKFixture()
        let options: [OptionsKey: Any] = [
            OptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey"): "com.apple.mobilesafari"
        ]
        fixture.sdk.handleOpen(
            URL(string: "afbasicapp://mainactivity?deep_link_value=pears"), options: options)
        await fixture.sdk.waitUntilIdle()
        #expect(
            fixture.log.entries.filter { $0.rule == "link.open" }.map(\.message) == [
                "opened from com.apple.mobilesafari"
            ])
    }
}
