import Foundation
import OneLinkSupport
import Testing

@testable import OneLinkEmulator

@Suite("LinkService", .timeLimit(.minutes(5)))
struct LinkServiceTests {
    static let short = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"

    /// A link service over an in-memory resolver, a manual clock and a recording log.
    struct Fixture {
        let clock = ManualClock()
        let log = RecordingDebugLogSink()
        let store = InMemoryDeviceStore()
        let resolver: InMemoryShortLinkResolver
        let service: LinkService
        let headersAsked = Locked<[String]>([])

        init(redirects: [String: String] = [:]) {
            let logger = DebugLogger.alwaysOn(sink: log, clock: clock)
            resolver = InMemoryShortLinkResolver(
                links: ["H5hv/6d66214a": ["deep_link_value": "apples"]], redirects: redirects, clock: clock)
            service = LinkService(
                resolver: resolver, deviceStore: store, deadlines: Deadlines(clock: clock, log: logger) {})
        }

        func handle(
            _ text: String, entry: LinkEntry = .universalLink, udl: Bool,
            config: AppsFlyerLib.Configuration? = nil,
            deadline: Date? = nil
        ) async -> AppsFlyerEvent {
            // The engine's loop: each request the service asks for is sent with the delegate's headers.
            var step = service.begin(
                text, entry: entry, udl: udl, settings: (config ?? AppsFlyerLib.Configuration()).linkSettings)
            while case .request(let pending) = step {
                headersAsked.withLock { $0.append(pending.requestLink) }
                step = await service.send(
                    pending, headers: ["X-Test": "1"], deadline: deadline ?? clock.now.addingTimeInterval(3))
            }
            guard case .finished(let event?) = step else {
                Issue.record("a link always ends in a callback")
                return .deepLink(.notFound)
            }
            return event
        }
    }

    @Test(
        "a short link in UDL mode is one FOUND deep link with the stored parameters, counted as a re-engagement"
    )
    func shortLinkUDL() async {
        let fixture = Fixture()
        let event = await fixture.handle(Self.short, udl: true)
        #expect(event.callbackName == "didResolveDeepLink")
        #expect(event.payload?["deep_link_value"] == "apples")
        #expect(event.payload?["link"] == .string(Self.short))
        #expect(fixture.service.attributedOpenCount == 1)
        #expect(fixture.headersAsked.value == [Self.short])
        #expect(fixture.resolver.requests.first?.headers["X-Test"] == "1")
    }

    @Test(
        "in legacy mode a link is onAppOpenAttribution merged with the install's keys; performOnAppAttribution does not count"
    )
    func legacyMerge() async throws {
        let fixture = Fixture()
        var device = DeviceState(deviceID: "1-2", installTime: fixture.clock.now)
        device.conversionData = ["af_status": "Organic", "install_time": "then", "campaign": "not merged"]
        try fixture.store.save(device)
        let event = await fixture.handle(Self.short, entry: .performOnAppAttribution, udl: false)
        #expect(event.callbackName == "onAppOpenAttribution")
        #expect(event.payload?["af_status"] == "Organic")
        #expect(event.payload?["install_time"] == "then")
        #expect(event.payload?["campaign"] == nil)
        #expect(event.payload?["deep_link_value"] == "apples")
        #expect(fixture.service.attributedOpenCount == 0)
    }

    @Test(
        "a link that is not a OneLink is FOUND with the link alone in UDL mode and a notOneLink failure in legacy mode"
    )
    func notOneLink() async {
        let fixture = Fixture()
        let found = await fixture.handle("https://example.com/page?deep_link_value=x", udl: true)
        #expect(
            found
                == .deepLink(
                    .found(
                        DeepLink(
                            clickEvent: [
                                "link": "https://example.com/page?deep_link_value=x", "scheme": "https",
                                "host": "example.com", "path": "/page",
                            ], isDeferred: false))))
        #expect(fixture.service.attributedOpenCount == 1)
        let legacy = await fixture.handle("https://example.com/page", udl: false)
        #expect(legacy == .appOpenAttributionFailure(.invalidLink(.notOneLink(host: "example.com"))))
        #expect(fixture.service.attributedOpenCount == 1)
    }

    @Test("a wrapped link is unwrapped hop by hop, asking for headers at each, and keeps its original link")
    func unwrap() async {
        let wrapper = "https://click.example.com/track/1"
        let fixture = Fixture(redirects: [
            wrapper: "https://click.example.com/track/2", "https://click.example.com/track/2": Self.short,
        ])
        var config = AppsFlyerLib.Configuration()
        config.resolveDeepLinkURLs = ["example.com"]
        let event = await fixture.handle(wrapper, udl: true, config: config)
        #expect(event.payload?["deep_link_value"] == "apples")
        #expect(event.payload?["original_link"] == .string(wrapper))
        #expect(fixture.headersAsked.value == [wrapper, "https://click.example.com/track/2", Self.short])
        #expect(
            fixture.log.entries.filter { $0.rule == .linkUnwrap && $0.message.hasPrefix("hop") }.count == 2)
    }

    @Test("a deadline already passed fails the link with a timeout, without asking the resolver")
    func deadlinePassed() async {
        let fixture = Fixture()
        let event = await fixture.handle(Self.short, udl: true, deadline: fixture.clock.now)
        #expect(event == .deepLink(.failure(.timedOut(milliseconds: 3000))))
        #expect(fixture.resolver.requests.isEmpty)
        #expect(fixture.service.attributedOpenCount == 0)
    }

    @Test("a push with an \"af\" dictionary and no link paths is a FOUND deep link; one without is ignored")
    func push() async {
        let fixture = Fixture()
        let config = AppsFlyerLib.Configuration()
        guard
            case .finished(let found?) = fixture.service.beginPush(
                ["af": ["deep_link_value": "pears"]], udl: true, settings: config.linkSettings)
        else {
            Issue.record("an \"af\" push needs no request")
            return
        }
        #expect(found.payload?["deep_link_value"] == "pears")
        guard
            case .finished(nil) = fixture.service.beginPush(
                ["aps": ["alert": "hi"]], udl: true, settings: config.linkSettings)
        else {
            Issue.record("a push without attribution has no callback")
            return
        }
        #expect(fixture.service.attributedOpenCount == 1)
    }
}
