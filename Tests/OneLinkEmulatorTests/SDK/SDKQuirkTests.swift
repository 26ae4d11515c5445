import Foundation
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

/// The quirks of older releases (`AppsFlyerLib.sdkQuirks`), opt-in: a team's handler code sees
/// what a pinned release hands over, and the newest SDK has none.
@Suite("Quirks of older SDK releases", .timeLimit(.minutes(5)))
struct SDKQuirkTests {
    static let uriSchemeLink = "exampleapp://product?deep_link_value=shoes"

    /// A handler that routes every `.found` result, as app code does.
    final class Router: NSObject, DeepLinkDelegate, @unchecked Sendable {
        // Only the main queue calls it (the SDK's delivery queue), one call at a time.
        var routes: [String] = []
        func didResolveDeepLink(_ result: DeepLinkResult) {
            if result.status == .found, let value = result.deepLink?.deeplinkValue { routes.append(value) }
        }
    }

    @Test("a handler switched to SDK 6.8.1's quirks sees didResolveDeepLink twice for one URI-scheme link")
    func duplicateURISchemeDeepLink() async throws {
        let fixture = SDKFixture(udl: true)
        let router = Router()
        fixture.sdk.deepLinkDelegate = router
        fixture.sdk.sdkQuirks = try #require(SDKQuirk.quirks(ofRelease: "6.8.1"))
        #expect(fixture.sdk.sdkQuirks == [.duplicateURISchemeDeepLink])
        await fixture.sdk.perform(.start)
        let events = await fixture.sdk.perform(.openURL(Self.uriSchemeLink))
        #expect(events.map(\.callbackName) == ["didResolveDeepLink", "didResolveDeepLink"])
        #expect(router.routes == ["shoes", "shoes"], "the handler routed the same link twice")
        #expect(fixture.log.entries.contains { $0.rule == .sdkQuirk })
        // A universal link is delivered once, quirk or not.
        let universal = await fixture.sdk.perform(
            .universalLink("https://onelink-basic-app.onelink.me/H5hv?deep_link_value=socks"))
        #expect(universal.map(\.callbackName) == ["didResolveDeepLink"])
    }

    @Test("the newest SDK (no quirk) calls didResolveDeepLink once for a URI-scheme link")
    func newestHasNone() async throws {
        let fixture = SDKFixture(udl: true)
        #expect(fixture.sdk.sdkQuirks.isEmpty)
        #expect(SDKQuirk.quirks(ofRelease: "6.17.9") == [])
        await fixture.sdk.perform(.start)
        let events = await fixture.sdk.perform(.openURL(Self.uriSchemeLink))
        #expect(events.map(\.callbackName) == ["didResolveDeepLink"])
    }

    @Test("SDK 6.3.2's onAppOpenAttribution leaves out af_dp, link and the link's parts")
    func shortOpenAttribution() async throws {
        let fixture = SDKFixture()
        fixture.sdk.sdkQuirks = [.shortOpenAttribution]
        await fixture.sdk.perform(.start)
        await fixture.sdk.perform(
            .universalLink(
                "https://onelink-basic-app.onelink.me/H5hv?pid=Email&af_dp=exampleapp%3A%2F%2Fshoes"))
        let data = try #require(fixture.delegate.openAttributions.last)
        #expect(data["af_dp"] == nil)
        #expect(data["link"] == nil)
        #expect(data["host"] == nil)
        #expect(data["pid"] as? String == "Email")
    }

    @Test("SDK 6.0.5 drops a link opened inside minTimeBetweenSessions of the previous one")
    func linksSuppressedInsideMinTime() async throws {
        let fixture = SDKFixture()
        fixture.sdk.sdkQuirks = [.linksSuppressedInsideMinTimeBetweenSessions]
        await fixture.sdk.perform(.start)
        let first = await fixture.sdk.perform(
            .universalLink("https://onelink-basic-app.onelink.me/H5hv?deep_link_value=a"))
        await fixture.clock.advance(by: .seconds(2))
        let second = await fixture.sdk.perform(
            .universalLink("https://onelink-basic-app.onelink.me/H5hv?deep_link_value=b"))
        await fixture.clock.advance(by: .seconds(5))
        let third = await fixture.sdk.perform(
            .universalLink("https://onelink-basic-app.onelink.me/H5hv?deep_link_value=c"))
        #expect(first.map(\.callbackName) == ["onAppOpenAttribution"])
        #expect(second.isEmpty)
        #expect(third.map(\.callbackName) == ["onAppOpenAttribution"])
    }

    @Test("release numbers map to the documented ranges; text that is no release is nil")
    func releases() {
        #expect(SDKQuirk.quirks(ofRelease: "6.0.5") == [.linksSuppressedInsideMinTimeBetweenSessions])
        #expect(SDKQuirk.quirks(ofRelease: "6.3") == [.duplicateURISchemeDeepLink, .shortOpenAttribution])
        #expect(SDKQuirk.quirks(ofRelease: "6.6.0") == [])
        #expect(SDKQuirk.quirks(ofRelease: "6.10.1") == [.duplicateURISchemeDeepLink])
        #expect(SDKQuirk.quirks(ofRelease: "7.0.1") == [])
        for bad in ["", "6", "6.x", "v6.9.0", "6.9.0.1", "6..1"] {
            #expect(SDKQuirk.quirks(ofRelease: bad) == nil, "\(bad)")
        }
        #expect(SDKRelease("6.9") == SDKRelease(6, 9, 0))
        #expect(SDKRelease(6, 10, 0) > SDKRelease(6, 9, 9))
    }

    @Test("Docs/sdk-versions.md's two ways of opting in: by release and by name")
    func guideOptIn() {
        let sdk = AppsFlyerLib(clock: ManualClock())
        let before = SDKQuirk.quirks(ofRelease: "6.9.0")
        // Docs/sdk-versions.md, "Quirks of older releases":
        sdk.sdkQuirks = SDKQuirk.quirks(ofRelease: "6.9.0") ?? []  // every quirk documented for 6.9.0
        sdk.sdkQuirks = [.duplicateURISchemeDeepLink]  // or by name
        #expect(before == [.duplicateURISchemeDeepLink])
        #expect(sdk.sdkQuirks == [.duplicateURISchemeDeepLink])
    }
}
