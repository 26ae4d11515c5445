import Foundation
@_spi(SDK7) import OneLinkEmulator
import Testing

@Suite("Unified deep linking (UDL)")
struct SDKUnifiedDeepLinkTests {
    static let link =
        "https://onelink-basic-app.onelink.me/H5hv?pid=Email&c=spring&deep_link_value=apples&af_sub1=x"

    @Test("Rule 5: a direct link gives .found with the link's parameters and isDeferred == false")
    func directFound() async throws {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        let events = await fixture.sdk.perform(.universalLink(Self.link))
        guard case .deepLink(let result)? = events.first else {
            Issue.record("expected didResolveDeepLink, got \(events)")
            return
        }
        #expect(result.status == .found)
        let deepLink = try #require(result.deepLink)
        #expect(deepLink.isDeferred == false)
        #expect(deepLink.deeplinkValue == "apples")
        #expect(deepLink.mediaSource == "Email")
        #expect(deepLink.campaign == "spring")
        #expect(deepLink.afSub1 == "x")
        #expect(deepLink.clickEvent["deep_link_value"] as? String == "apples")
        #expect(deepLink.clickEventPayload["link"] == .string(Self.link))
    }

    @Test("Rule 5: onAppOpenAttribution and its failure are never called in UDL mode")
    func noLegacyCallbacks() async {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        await fixture.sdk.perform(.openURL(Self.link))
        await fixture.sdk.perform(.universalLink("https://x.onelink.me/H5hv/unknown"))
        await fixture.sdk.perform(.push(["af": ["pid": "push"]]))
        let names = fixture.delegate.names
        #expect(!names.contains("onAppOpenAttribution"))
        #expect(!names.contains("onAppOpenAttributionFailure"))
        #expect(names.filter { $0 == "didResolveDeepLink" }.count == 4)
    }

    @Test("Rule 5: a deferred click within 15 minutes gives .found, isDeferred, privacy-filtered click event")
    func deferredFound() async throws {
        let click = DeferredClick(
            time: ManualClock.defaultStart.addingTimeInterval(-14 * 60),
            parameters: [
                "deep_link_value": "apples", "deep_link_sub1": "promo", "media_source": "Email",
                "campaign": "c1",
                "af_sub1": "s1",
            ])
        let fixture = SDKFixture(clicks: [click], udl: true)
        let events = await fixture.sdk.perform(.start)
        #expect(events.map(\.callbackName) == ["didResolveDeepLink", "onConversionDataSuccess"])
        guard case .deepLink(let result)? = events.first else { return }
        let deepLink = try #require(result.deepLink)
        #expect(result.status == .found)
        #expect(deepLink.isDeferred)
        #expect(
            deepLink.clickEventPayload == [
                "deep_link_value": "apples", "deep_link_sub1": "promo", "match_type": "probabilistic",
            ])
        #expect(deepLink.mediaSource == nil)
        #expect(deepLink.campaign == nil)
        #expect(deepLink.campaignId == nil)
        #expect(
            [deepLink.afSub1, deepLink.afSub2, deepLink.afSub3, deepLink.afSub4, deepLink.afSub5].allSatisfy {
                $0 == nil
            })
    }

    @Test("Rule 5: no click within the 15 minutes before the install gives .notFound")
    func deferredWindow() async {
        let old = DeferredClick(
            time: ManualClock.defaultStart.addingTimeInterval(-15 * 60 - 0.001),
            parameters: ["deep_link_value": "old"])
        let fixture = SDKFixture(clicks: [old], udl: true)
        let events = await fixture.sdk.perform(.start)
        #expect(events.first == .deepLink(.notFound))
    }

    @Test("Rule 5: the deferred source is asked once, on the first launch only")
    func deferredOnce() async {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        await fixture.clock.advance(by: .seconds(10))
        let second = await fixture.sdk.perform(.start)
        #expect(second.map(\.callbackName) == ["onConversionDataSuccess"])
        let (relaunched, _) = fixture.relaunched(udl: true)
        await relaunched.perform(.start)
        #expect(fixture.deferred.requests.count == 1)
    }

    @Test("Rule 5: a failing deferred lookup gives .failure with the documented kind")
    func deferredFailure() async {
        let fixture = SDKFixture(udl: true)
        fixture.deferred.behavior = .failing(.httpStatus(code: 500, reason: "boom"))
        let events = await fixture.sdk.perform(.start)
        #expect(events.first == .deepLink(.failure(.httpStatus(code: 500, reason: "boom"))))
        #expect(events.first?.error?.kind == .httpStatusCode)
    }

    @Test("Rule 5: a URL that is not a OneLink gives .notFound")
    func notOneLink() async {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        #expect(
            await fixture.sdk.perform(.universalLink("https://www.example.com/page?x=1")) == [
                .deepLink(.notFound)
            ])
    }

    @Test("Rule 5: exactly one result per event, even when many links arrive at once")
    func oneResultPerEvent() async {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        let before = fixture.delegate.calls.count
        for index in 0..<20 { fixture.sdk.submit(.universalLink(Self.link + "&n=\(index)")) }
        await fixture.sdk.waitUntilIdle()
        let results = fixture.delegate.calls.dropFirst(before)
        #expect(results.count == 20)
        let values = fixture.sdk.deliveredEvents.suffix(20).compactMap {
            $0.payload?["n"]?.stringValue.flatMap { Int($0) }
        }
        #expect(values == Array(0..<20))
    }

    @Test("Rule 5: a direct link that opens the first launch replaces the deferred lookup")
    func directAtFirstLaunchSkipsDeferred() async {
        let fixture = SDKFixture(udl: true)
        fixture.sdk.handleUniversalLink(URL(string: Self.link)!)
        fixture.sdk.start(completionHandler: nil)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.deferred.requests.isEmpty)
        #expect(fixture.delegate.names == ["didResolveDeepLink", "onConversionDataSuccess"])
    }
}
