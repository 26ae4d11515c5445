import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import OneLinkServer
import Testing

// The Swift examples of Docs/http.md, Docs/server.md and Docs/server-side.md, verbatim, inside the
// set-up they leave to the reader: GuideCodeBlocksTests (in OneLinkEmulatorTestSupportTests) finds
// each here. The two that start with imports are files of their own: HTTPGuideSDKExample.swift and
// ServerGuideExample.swift.

/// A team's own resolver, as Docs/http.md's conformance example names it: here the fixture's own.
struct MyResolver: ShortLinkResolver {
    let inner: InMemoryShortLinkResolver

    init(seededWith fixture: BackendFixture) throws {
        inner = fixture.makeShortLinkResolver()
    }

    func resolve(_ request: ShortLinkRequest) async throws -> AttributionPayload {
        try await inner.resolve(request)
    }

    func redirectTarget(of url: String, headers: [String: String]) async throws -> String? {
        try await inner.redirectTarget(of: url, headers: headers)
    }
}

@Suite("Docs/http.md, Docs/server.md and Docs/server-side.md examples", .timeLimit(.minutes(5)))
struct ServerGuideExamples {
    /// Docs/http.md: one configuration for every backend, compiled, not run.
    func oneConfiguration(base: URL) throws -> AppsFlyerLib {
        let server = try HTTPBackendConfiguration(baseURL: base, timeout: .seconds(2))
        let sdk = AppsFlyerLib(
            shortLinkResolver: HTTPShortLinkResolver(configuration: server),
            conversionDataSource: HTTPConversionDataSource(configuration: server),
            deferredDeepLinkSource: HTTPDeferredDeepLinkSource(configuration: server),
            launchRecorder: HTTPLaunchRecorder(configuration: server),
            eventRecorder: HTTPEventRecorder(configuration: server))
        return sdk
    }

    @Test(arguments: ShortLinkResolverConformance.checks)
    func myResolverConforms(_ check: ConformanceCheck<any ShortLinkResolver>) async {
        await check.expectPasses { fixture in try MyResolver(seededWith: fixture) }
    }

    @Test func myServerConforms() async throws {
        let resolver = LateBoundShortLinkResolver()  // forwards to a resolver set after start()
        let seed = BackendFixture()
        let server = try OneLinkServer(
            configuration: .init(
                shortLinkResolver: resolver,
                conversionDataSource: seed.makeConversionDataSource(),
                deferredDeepLinkSource: seed.makeDeferredDeepLinkSource(),
                landingPaths: ["/landing"]))
        try await server.start()  // binds 127.0.0.1 on a free port
        let fixture = BackendFixture(wrapperBase: server.baseURL)  // wrapper URLs point at it
        resolver.bind(fixture.makeShortLinkResolver())
        let report = await ShortLinkResolverConformance.run(fixture: fixture) { fixture in
            try HTTPShortLinkResolver(baseURL: server.baseURL, redirectTimeout: fixture.timeout)
        }
        report.expectAllPassed()
        await server.stop()
    }

    /// Docs/server.md: changing the fault plan at run time, compiled, not run.
    func faults(on server: OneLinkServer) {
        server.faultPlan = FaultPlan([
            .route(.installData): [.delay(.seconds(30))],
            .shortLink(template: "H5hv", shortID: "6d66214a"): [.status(503)],
            .route(.wrapper): [.redirectChain(hops: 11)],
        ])
        server.faultPlan = .none
    }

    @Test("Docs/server-side.md: a click, then a launch three minutes later, sees Non-organic data")
    func clickWiring() async throws {
        let clock = ManualClock()
        let store: InMemoryClickStore = .inMemory()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1234567890",
                oneLinkDomains: ["onelink-basic-app.onelink.me"], templates: ["H5hv"],
                interstitialDomain: "open.example.net"),
            shortLinks: .inMemory(links: ["H5hv/6d66214a": ["pid": "Email", "deep_link_value": "apples"]]),
            store: store, clock: clock)

        let decision = try await handler.handle(
            ClickRequest(
                url: "https://onelink-basic-app.onelink.me/H5hv?pid=Email&deep_link_value=apples",
                userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) ...",
                ipAddress: "203.0.113.7",
                headers: ["Accept-Language": "en-US"]))
        // decision.kind == .redirect(location: "https://apps.apple.com/app/id1234567890")

        await clock.advance(by: .seconds(180))
        let conversion: ClickStoreConversionDataSource = .clickStore(store)
        let deferred: ClickStoreDeferredDeepLinkSource = .clickStore(store)
        // Pass both to the SDK; the first launch sees Non-organic data with match_type "probabilistic".
        guard case .redirect(let location) = decision.kind else {
            Issue.record("expected a redirect, got \(decision.kind)")
            return
        }
        #expect(location == "https://apps.apple.com/app/id1234567890")
        let sdk = AppsFlyerLib(
            conversionDataSource: conversion, deferredDeepLinkSource: deferred, clock: clock)
        sdk.appsFlyerDevKey = "DEV_KEY"
        sdk.appleAppID = "123456789"
        let events = await sdk.perform(.start)
        guard case .conversionDataSuccess(let payload)? = events.first else {
            Issue.record("expected conversion data, got \(events)")
            return
        }
        #expect(payload["af_status"] == "Non-organic")
        #expect(payload["match_type"] == "probabilistic")
    }
}
