import Foundation
@_spi(SDK7) import OneLinkEmulator
import OneLinkEmulatorTestSupport
import Testing

@Suite("Legacy deep links: onAppOpenAttribution", .timeLimit(.minutes(5)))
struct SDKLegacyDeepLinkTests {
    static let longLink =
        "https://onelink-basic-app.onelink.me/H5hv?pid=Email&c=fruit_of_the_month&deep_link_value=apples&fruit_amount=16"
    static let shortParameters: AttributionPayload = [
        "pid": "Email", "c": "fruit_of_the_month", "deep_link_value": "apples", "is_retargeting": true,
        "fruit_amount": 26,
    ]

    @Test("Rule 4: handleOpen with a long OneLink delivers its parameters and URL components")
    func longLinkOpen() async throws {
        let fixture = SDKFixture()
        let events = await fixture.sdk.perform(.openURL(Self.longLink))
        let payload = try #require(events.first?.payload)
        #expect(events.map(\.callbackName) == ["onAppOpenAttribution"])
        #expect(payload["deep_link_value"] == "apples")
        #expect(payload["fruit_amount"] == "16", "link values are strings, as the real SDK hands them over")
        #expect(payload["host"] == "onelink-basic-app.onelink.me")
        #expect(payload["path"] == "/H5hv")
        #expect(payload["link"] == .string(Self.longLink))
        guard case .openAttribution(let data)? = fixture.delegate.callbacks.first else {
            Issue.record("expected onAppOpenAttribution")
            return
        }
        #expect(data["fruit_amount"] as? String == "16")
    }

    @Test("Rule 4: the link's parameters merge with the cached install fields; the link wins")
    func mergesCachedInstallFields() async throws {
        let fixture = SDKFixture(
            attribution: .nonOrganic(["media_source": "Facebook", "install_time": "2020-08-12 15:08:33.335"]))
        await fixture.sdk.perform(.start)
        let events = await fixture.sdk.perform(.universalLink(Self.longLink + "&af_status=link-side"))
        let payload = try #require(events.first?.payload)
        #expect(payload["install_time"] == "2020-08-12 15:08:33.335")
        #expect(payload["af_status"] == "link-side")
        #expect(payload["media_source"] == nil)
    }

    @Test("Rule 4: a short link is resolved first; its own query parameters win over stored ones")
    func shortLinkResolved() async throws {
        let fixture = SDKFixture(links: ["H5hv/6d66214a": Self.shortParameters])
        let link = "https://onelink-basic-app.onelink.me/H5hv/6d66214a?fruit_amount=3"
        let events = await fixture.sdk.perform(.universalLink(link))
        let payload = try #require(events.first?.payload)
        #expect(payload == Self.shortParameters.merging(["fruit_amount": "3", "link": .string(link)]))
        #expect(fixture.resolver.requests.map(\.shortID) == ["6d66214a"])
        #expect(fixture.resolver.requests.first?.template == "H5hv")
    }

    @Test("Rule 4: resolution failures go to onAppOpenAttributionFailure")
    func unknownShortLinkFails() async {
        let fixture = SDKFixture()
        let events = await fixture.sdk.perform(.universalLink("https://x.onelink.me/H5hv/missing"))
        #expect(
            events == [
                .appOpenAttributionFailure(
                    .httpStatus(code: 404, reason: "short link H5hv/missing not found"))
            ])
        #expect(fixture.delegate.names == ["onAppOpenAttributionFailure"])
    }

    @Test("Rule 4: a link that cannot be parsed fails with the parser's error")
    func invalidLinkFails() async {
        let fixture = SDKFixture()
        #expect(
            await fixture.sdk.perform(.openURL("not a link")) == [
                .appOpenAttributionFailure(.invalidLink(.invalidCharacters("not a link")))
            ])
        fixture.sdk.handleOpen(nil, options: nil)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents.last == .appOpenAttributionFailure(.invalidLink(.empty)))
    }

    @Test("Rule 4: at a cold start from a link, onAppOpenAttribution comes before onConversionDataSuccess")
    func coldStartOrder() async {
        let fixture = SDKFixture(links: ["H5hv/6d66214a": Self.shortParameters])
        fixture.sdk.handleUniversalLink(URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")!)
        fixture.sdk.start(completionHandler: nil)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["onAppOpenAttribution", "onConversionDataSuccess"])
    }

    @Test(
        "Rule 4: a link that arrives while the session's conversion data is in flight is still delivered first"
    )
    func linkDuringFetch() async {
        let fixture = SDKFixture(links: ["H5hv/6d66214a": Self.shortParameters])
        fixture.conversion.behavior = .delayed(.milliseconds(400))
        fixture.sdk.start(completionHandler: nil)
        await fixture.sdk.settle()
        fixture.sdk.handleUniversalLink(URL(string: "https://onelink-basic-app.onelink.me/H5hv/6d66214a")!)
        await fixture.clock.advance(by: .milliseconds(400))
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.delegate.names == ["onAppOpenAttribution", "onConversionDataSuccess"])
    }

    @Test("Rule 7: oneLinkCustomDomains count as OneLink hosts")
    func customDomains() async throws {
        let fixture = SDKFixture()
        let link = "https://click.example.com/H5hv?deep_link_value=apples"
        #expect(
            await fixture.sdk.perform(.universalLink(link)) == [
                .appOpenAttributionFailure(.invalidLink(.notOneLink(host: "click.example.com")))
            ])
        fixture.sdk.oneLinkCustomDomains = ["Click.Example.com"]
        let events = await fixture.sdk.perform(.universalLink(link))
        #expect(try #require(events.first?.payload)["deep_link_value"] == "apples")
    }

    @Test("Rule 7: wrapped links are unwrapped through the resolver; original_link keeps the wrapper")
    func wrappedLinks() async throws {
        let fixture = SDKFixture()
        fixture.sdk.resolveDeepLinkURLs = ["clicks.mail.example"]
        let wrapper = "https://clicks.mail.example/ls/click?upn=abc"
        let middle = "https://clicks.mail.example/ls/click?upn=def"
        fixture.resolver[redirectFrom: wrapper] = middle
        fixture.resolver[redirectFrom: middle] = Self.longLink
        let events = await fixture.sdk.perform(.universalLink(wrapper))
        let payload = try #require(events.first?.payload)
        #expect(payload["original_link"] == .string(wrapper))
        #expect(payload["link"] == .string(Self.longLink))
        #expect(payload["deep_link_value"] == "apples")
    }

    @Test("Rule 7: a redirect loop or an 11th hop is a failure; 10 hops succeed")
    func unwrapLimits() async throws {
        let fixture = SDKFixture()
        fixture.sdk.resolveDeepLinkURLs = ["w.example"]
        fixture.resolver[redirectFrom: "https://w.example/a"] = "https://w.example/b"
        fixture.resolver[redirectFrom: "https://w.example/b"] = "https://w.example/a"
        #expect(
            await fixture.sdk.perform(.universalLink("https://w.example/a")) == [
                .appOpenAttributionFailure(.redirectLoop("https://w.example/a"))
            ])

        for hop in 0..<10 {
            let target = hop == 9 ? Self.longLink : "https://w.example/chain\(hop + 1)"
            fixture.resolver[redirectFrom: "https://w.example/chain\(hop)"] = target
        }
        let ten = await fixture.sdk.perform(.universalLink("https://w.example/chain0"))
        #expect(ten.map(\.callbackName) == ["onAppOpenAttribution"])

        for hop in 0..<11 {
            let target = hop == 10 ? Self.longLink : "https://w.example/long\(hop + 1)"
            fixture.resolver[redirectFrom: "https://w.example/long\(hop)"] = target
        }
        #expect(
            await fixture.sdk.perform(.universalLink("https://w.example/long0")) == [
                .appOpenAttributionFailure(.tooManyRedirects(limit: 10))
            ])
    }

    @Test("Rule 8: the OneLink push method follows the configured key path, including nested paths")
    func pushOneLinkPath() async throws {
        let fixture = SDKFixture()
        fixture.sdk.addPushNotificationDeepLinkPath(["deeply", "nested", "deep_link"])
        fixture.sdk.handlePushNotification([
            "aps": ["alert": "Hi"], "deeply": ["nested": ["deep_link": Self.longLink]],
        ])
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents.map(\.callbackName) == ["onAppOpenAttribution"])
        #expect(fixture.sdk.deliveredEvents.first?.payload?["deep_link_value"] == "apples")
    }

    @Test(
        "Rule 8: a missing key or an invalid OneLink at the path is ignored with a debug log and no callback")
    func pushIgnored() async {
        let fixture = SDKFixture()
        fixture.sdk.addPushNotificationDeepLinkPath(["af_push_link"])
        #expect(await fixture.sdk.perform(.push(["aps": ["alert": "Hi"]])).isEmpty)
        #expect(await fixture.sdk.perform(.push(["af_push_link": "https://example.com/not-onelink"])).isEmpty)
        #expect(await fixture.sdk.perform(.push(["af_push_link": 42])).isEmpty)
        #expect(fixture.delegate.callbacks.isEmpty)
        #expect(fixture.log.entries(rule: "push.ignored").count == 3)
    }

    @Test("Rule 8: the legacy JSON push method delivers the \"af\" parameters as open attribution")
    func pushLegacyJSON() async throws {
        let fixture = SDKFixture()
        let events = await fixture.sdk.perform(
            .push(["af": ["pid": "push", "c": "spring", "is_retargeting": true]]))
        #expect(events == [.appOpenAttribution(["pid": "push", "c": "spring", "is_retargeting": true])])
        #expect(await fixture.sdk.perform(.push(["aps": ["alert": "no af"]])).isEmpty)
    }

    @Test("Rule 9: performOnAppAttribution resolves a link without counting a session or re-engagement")
    func performOnAppAttribution() async throws {
        let fixture = SDKFixture()
        await fixture.sdk.perform(.start)
        let sessions = fixture.sdk.sessionCount
        fixture.sdk.performOnAppAttribution(with: URL(string: Self.longLink)!)
        await fixture.sdk.waitUntilIdle()
        #expect(fixture.sdk.deliveredEvents.last?.callbackName == "onAppOpenAttribution")
        #expect(fixture.sdk.sessionCount == sessions)
        #expect(fixture.sdk.attributedOpenCount == 0)
        await fixture.sdk.perform(.openURL(Self.longLink))
        #expect(fixture.sdk.attributedOpenCount == 1)
    }
}
