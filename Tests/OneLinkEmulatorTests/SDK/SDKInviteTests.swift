import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkSupport
import Testing

/// Collects the URLs `generateInviteUrl` handed over.
final class URLLog: Sendable {
    private let calls = Locked<[(url: URL?, onMain: Bool)]>([])

    func record(_ url: URL?) {
        calls.withLock { $0.append((url, MainQueue.isCurrent)) }
    }

    /// Whether each call came on the main queue.
    var onMain: [Bool] { calls.value.map(\.onMain) }

    var all: [URL?] { calls.value.map(\.url) }
}

@Suite("User invites", .timeLimit(.minutes(5)))
struct SDKInviteTests {
    static let inviteParameters: [String: String] = [
        "pid": "af_app_invites", "af_channel": "mail", "c": "summer_referral",
        "af_referrer_customer_id": "user-42", "af_referrer_uid": "1600000000000-1234",
        "af_referrer_name": "Maria", "af_referrer_image_url": "https://example.com/maria.png",
        "af_dp": "myapp://invite/42", "deep_link_value": "invite", "deep_link_sub1": "PROMO10",
    ]

    /// Generates one invite link through `shared()` with every generator field set.
    static func generate(
        on sdk: AppsFlyerLib, brandDomain: String? = nil, extra: (AppsFlyerLinkGenerator) -> Void = { _ in }
    ) async throws -> URL? {
        let log = URLLog()
        AppsFlyerLib.withShared(sdk) {
            AppsFlyerShareInviteHelper.generateInviteUrl(
                linkGenerator: { generator in
                    generator.setChannel("mail")
                    generator.setCampaign("summer_referral")
                    generator.setReferrerCustomerId("user-42")
                    generator.setReferrerUID("1600000000000-1234")
                    generator.setReferrerName("Maria")
                    generator.setReferrerImageURL("https://example.com/maria.png")
                    generator.setBaseDeeplink("myapp://")
                    generator.setDeeplinkPath("invite/42")
                    generator.setAppleAppID("123456789")
                    generator.addParameterValue("invite", forKey: "deep_link_value")
                    generator.addParameters(["deep_link_sub1": "PROMO10"])
                    generator.brandDomain = brandDomain
                    extra(generator)
                    return generator
                },
                completionHandler: { log.record($0) })
        }
        await sdk.waitUntilIdle()
        #expect(log.onMain == [true])
        return try #require(log.all.first)
    }

    static func queryItems(of url: URL) -> [String: String] {
        var items: [String: String] = [:]
        for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            items[item.name] = item.value ?? ""
        }
        return items
    }

    @Test(
        "without a short-link creator the link is the long OneLink on appInviteOneLinkID with every invite parameter"
    )
    func longLink() async throws {
        let sdk = AppsFlyerLib(logSink: RecordingDebugLogSink())
        sdk.appInviteOneLinkID = "H5hv"
        let url = try #require(try await Self.generate(on: sdk))
        #expect(url.host == "app.onelink.me")
        #expect(url.path == "/H5hv")
        #expect(Self.queryItems(of: url) == Self.inviteParameters)
    }

    @Test("brandDomain is the link's host; a custom pid replaces af_app_invites")
    func brandDomainAndCustomPid() async throws {
        let sdk = AppsFlyerLib(logSink: RecordingDebugLogSink())
        sdk.appInviteOneLinkID = "H5hv"
        let url = try #require(
            try await Self.generate(on: sdk, brandDomain: "go.example.com") {
                $0.addParameterValue("friends", forKey: "pid")
            })
        #expect(url.host == "go.example.com")
        #expect(Self.queryItems(of: url)["pid"] == "friends")
    }

    @Test("without appInviteOneLinkID the completion receives nil")
    func noTemplate() async throws {
        let sdk = AppsFlyerLib(logSink: RecordingDebugLogSink())
        #expect(try await Self.generate(on: sdk) == nil)
    }

    @Test("with a short-link creator the link is short, and its resolver answers the invite parameters")
    func shortLink() async throws {
        let resolver = InMemoryShortLinkResolver()
        let sdk = AppsFlyerLib(
            logSink: RecordingDebugLogSink(), shortLinkCreator: .inMemory(storingIn: resolver))
        sdk.appInviteOneLinkID = "H5hv"
        let url = try #require(try await Self.generate(on: sdk))
        #expect(url.host == "app.onelink.me")
        let segments = url.path.split(separator: "/").map(String.init)
        #expect(segments.count == 2 && segments[0] == "H5hv" && segments[1].count == 8)
        #expect(url.query == nil)
        let stored = try await resolver.resolve(
            ShortLinkRequest(
                host: "app.onelink.me", template: "H5hv", shortID: segments[1], link: url.absoluteString))
        #expect(stored == AttributionPayload(Self.inviteParameters.mapValues { .string($0) }))
    }

    @Test("a creator that fails, or a stopped SDK, gives the long link")
    func fallbackToLong() async throws {
        let resolver = InMemoryShortLinkResolver()
        let creator = InMemoryShortLinkCreator(
            resolver: resolver, behavior: .failing(.httpStatus(code: 500, reason: nil)))
        let sdk = AppsFlyerLib(logSink: RecordingDebugLogSink(), shortLinkCreator: creator)
        sdk.appInviteOneLinkID = "H5hv"
        let failed = try #require(try await Self.generate(on: sdk))
        #expect(Self.queryItems(of: failed)["pid"] == "af_app_invites")
        creator.behavior = .immediate
        sdk.isStopped = true
        let stopped = try #require(try await Self.generate(on: sdk))
        #expect(Self.queryItems(of: stopped)["pid"] == "af_app_invites")
        #expect(creator.requests.count == 1)
    }

    @Test("a second install opening the short link directly gets the invite parameters in didResolveDeepLink")
    func directRoundTrip() async throws {
        let resolver = InMemoryShortLinkResolver()
        let inviter = AppsFlyerLib(
            shortLinkResolver: resolver, logSink: RecordingDebugLogSink(),
            shortLinkCreator: .inMemory(storingIn: resolver))
        inviter.appInviteOneLinkID = "H5hv"
        let url = try #require(try await Self.generate(on: inviter))

        let fixture = SDKFixture(udl: true)
        let friend = AppsFlyerLib(shortLinkResolver: resolver, clock: fixture.clock, logSink: fixture.log)
        friend.appsFlyerDevKey = "DEV_KEY"
        friend.appleAppID = "123456789"
        friend.deepLinkDelegate = fixture.delegate
        await friend.perform(.start)
        let events = await friend.perform(.universalLink(url.absoluteString))
        guard case .deepLink(let result)? = events.first else {
            Issue.record("expected didResolveDeepLink, got \(events)")
            return
        }
        let deepLink = try #require(result.deepLink)
        #expect(result.status == .found)
        #expect(deepLink.isDeferred == false)
        #expect(deepLink.mediaSource == "af_app_invites")
        #expect(deepLink.deeplinkValue == "invite")
        #expect(deepLink.campaign == "summer_referral")
        #expect(deepLink.clickEvent["af_referrer_uid"] as? String == "1600000000000-1234")
        #expect(deepLink.clickEvent["af_referrer_customer_id"] as? String == "user-42")
        #expect(deepLink.clickEvent["af_referrer_name"] as? String == "Maria")
    }

    @Test(
        "a new install after a click on the invite link gets the deferred deep link and the referrer in conversion data"
    )
    func deferredRoundTrip() async throws {
        let clock = ManualClock()
        let resolver = InMemoryShortLinkResolver(clock: clock)
        let inviter = AppsFlyerLib(
            shortLinkResolver: resolver, clock: clock, logSink: RecordingDebugLogSink(),
            shortLinkCreator: .inMemory(storingIn: resolver))
        inviter.appInviteOneLinkID = "H5hv"
        let url = try #require(try await Self.generate(on: inviter))

        let store = InMemoryClickStore()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: ClickFixtures.appStore, oneLinkDomains: ["app.onelink.me"], templates: ["H5hv"],
                interstitialDomain: ClickFixtures.interstitialDomain),
            shortLinks: resolver, store: store, clock: clock)
        let decision = try await handler.handle(ClickFixtures.click(url.absoluteString))
        #expect(decision.recordedClick != nil)
        await clock.advance(by: .seconds(120))

        let delegate = CallbackRecorder()
        let friend = AppsFlyerLib(
            shortLinkResolver: resolver,
            conversionDataSource: ClickStoreConversionDataSource.clickStore(store),
            deferredDeepLinkSource: ClickStoreDeferredDeepLinkSource.clickStore(store), clock: clock,
            logSink: RecordingDebugLogSink())
        friend.appsFlyerDevKey = "DEV_KEY"
        friend.appleAppID = "123456789"
        friend.deviceInfo = ClickFixtures.device
        friend.delegate = delegate
        friend.deepLinkDelegate = delegate
        let events = await friend.perform(.start)
        #expect(events.map(\.callbackName) == ["didResolveDeepLink", "onConversionDataSuccess"])
        guard case .deepLink(let result)? = events.first, case .conversionDataSuccess(let data)? = events.last
        else { return }
        let deepLink = try #require(result.deepLink)
        #expect(deepLink.isDeferred)
        #expect(deepLink.deeplinkValue == "invite")
        #expect(deepLink.clickEvent["deep_link_sub1"] as? String == "PROMO10")
        #expect(data["media_source"] == "af_app_invites")
        #expect(data["af_status"] == "Non-organic")
        #expect(data["af_referrer_customer_id"] == "user-42")
        #expect(data["af_referrer_uid"] == "1600000000000-1234")
        #expect(data["af_channel"] == "mail")
    }

    @Test("the invite-round-trip scenario opens exactly the long link generateInviteUrl makes")
    func scenarioLinkIsGenerated() async throws {
        let sdk = AppsFlyerLib(logSink: RecordingDebugLogSink())
        sdk.appInviteOneLinkID = "H5hv"
        let url = try #require(try await Self.generate(on: sdk))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let scenario = try AttributionPayload(
            json: Data(contentsOf: root.appendingPathComponent("Payloads/scenarios/invite-round-trip.json")))
        let click = try #require(scenario["steps"]?.arrayValue?.first?["url"]?.stringValue)
        // The scenario's link was generated without a referrer image.
        let image = "af_referrer_image_url=https%3A%2F%2Fexample.com%2Fmaria.png&"
        #expect(url.absoluteString.replacingOccurrences(of: image, with: "") == click)
    }

    @Test(
        "logInvite records an af_invite event with af_channel and the parameters through the events backend")
    func logInvite() async throws {
        let events = InMemoryEventRecorder()
        let sdk = AppsFlyerLib(logSink: RecordingDebugLogSink(), eventRecorder: events)
        AppsFlyerLib.withShared(sdk) {
            AppsFlyerShareInviteHelper.logInvite(
                "mail", parameters: ["af_referrer_uid": "1600000000000-1234"])
        }
        await sdk.waitUntilIdle()
        let event = try #require(events.events.first)
        #expect(event.name == "af_invite")
        #expect(event.values == ["af_channel": "mail", "af_referrer_uid": "1600000000000-1234"])
    }
}
