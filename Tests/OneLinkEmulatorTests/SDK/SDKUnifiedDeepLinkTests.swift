import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite("Unified deep linking (UDL)", .timeLimit(.minutes(5)))
struct SDKUnifiedDeepLinkTests {
    static let link =
        "https://onelink-basic-app.onelink.me/H5hv?pid=Email&c=spring&deep_link_value=apples&af_sub1=x"

    /// The `didResolveDeepLink` result of opening ``link`` after `start()` in UDL mode, or `nil` after recording an issue.
    static func directResult() async -> DeepLinkResult? {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        let events = await fixture.sdk.perform(.universalLink(link))
        guard case .deepLink(let result)? = events.first else {
            Issue.record("expected didResolveDeepLink, got \(events)")
            return nil
        }
        return result
    }

    @Test("Rule 5: a direct link gives .found with the link's parameters and isDeferred == false")
    func directFound() async throws {
        guard let result = await Self.directResult() else { return }
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

    /// Issue 25 item 10: the description is JSON as in AppsFlyerFramework#314, which Unity's iOS bridge forwards.
    @Test("Rule 5: DeepLink.description is JSON with the typed fields on top and the click event nested")
    func descriptionIsJSON() async throws {
        guard let result = await Self.directResult() else { return }
        let deepLink = try #require(result.deepLink)
        guard case .object(let object) = try AttributionValue(jsonString: deepLink.description) else {
            Issue.record("not a JSON object: \(deepLink.description)")
            return
        }
        #expect(object["af_sub1"] == "x")
        #expect(object["af_sub4"] == .null, "absent typed fields are null, as in the field")
        #expect(object["click_http_referrer"] == .null)
        #expect(object["deep_link_value"] == "apples")
        #expect(object["is_deferred"] == false)
        #expect(object["click_event"] == .object(deepLink.clickEventPayload.values))
        #expect(deepLink.toString() == deepLink.description)
        #expect(
            Set(object.keys)
                == [
                    "af_sub1", "af_sub2", "af_sub3", "af_sub4", "af_sub5", "campaign", "campaign_id",
                    "click_event",
                    "click_http_referrer", "deep_link_value", "is_deferred", "match_type", "media_source",
                ])
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
                "is_deferred": true, "media_source": "", "campaign": "", "campaign_id": "", "af_sub1": "",
                "af_sub2": "", "af_sub3": "", "af_sub4": "", "af_sub5": "", "click_http_referrer": "",
            ])
        // Issue 25 item 1: the withheld keys read "" as on the real iOS SDK (appsflyer-flutter-plugin#397), not nil.
        #expect(deepLink.mediaSource == "")
        #expect(deepLink.campaign == "")
        #expect(deepLink.campaignId == "")
        #expect(deepLink.clickHTTPReferrer == "")
        #expect(
            [deepLink.afSub1, deepLink.afSub2, deepLink.afSub3, deepLink.afSub4, deepLink.afSub5].allSatisfy {
                $0 == ""
            })
        #expect(
            deepLink.clickEventPayload["deep_link_sub2"] == nil,
            "a deep_link_sub the link did not set is absent")
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

    @Test(
        "Rule 5: a universal link that is not a OneLink gives .found with the link alone, no deep_link_value")
    func notOneLink() async throws {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        let events = await fixture.sdk.perform(
            .universalLink("https://www.example.com/page?x=1&deep_link_value=apples"))
        guard case .deepLink(let result)? = events.first, events.count == 1 else {
            Issue.record("expected one didResolveDeepLink, got \(events)")
            return
        }
        #expect(result.status == .found, "appsflyer-flutter-plugin#355, AppsFlyerFramework#221")
        let deepLink = try #require(result.deepLink)
        #expect(deepLink.deeplinkValue == nil)
        #expect(
            deepLink.clickEventPayload == [
                "link": "https://www.example.com/page?x=1&deep_link_value=apples", "scheme": "https",
                "host": "www.example.com", "path": "/page", "is_deferred": false,
            ])
    }

    @Test("Rule 5: exactly one result per event, even when many links arrive at once")
    func oneResultPerEvent() async {
        let fixture = SDKFixture(udl: true)
        await fixture.sdk.perform(.start)
        let before = fixture.delegate.callbacks.count
        for index in 0..<20 { fixture.sdk.submit(.universalLink(Self.link + "&n=\(index)")) }
        await fixture.sdk.waitUntilIdle()
        let results = fixture.delegate.callbacks.dropFirst(before)
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
