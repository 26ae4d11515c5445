import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkReplay
import Testing

@Suite("Scenario backends", .timeLimit(.minutes(5)))
struct ScenarioBackendsTests {
    @Test("backends(clock:) builds the short links, attribution and deferred clicks a scenario describes")
    func inMemoryBackends() async throws {
        let scenario = try decode(
            """
            {"name": "b", "sdk": {"mode": "udl"}, "backend": {
               "shortLinks": {"H5hv/abc": {"deep_link_value": "apples"}},
               "install": {"nonOrganic": {"media_source": "Email"}},
               "deferredClicks": [{"at": "-3m", "parameters": {"deep_link_value": "pears", "pid": "x"}}]},
             "steps": []}
            """)
        let clock = ManualClock()
        let backends = try scenario.backends(clock: clock)
        #expect(backends.clickHandler == nil)
        let parameters = try await backends.shortLinkResolver.resolve(
            ShortLinkRequest(
                host: "a.onelink.me", template: "H5hv", shortID: "abc", link: "https://a.onelink.me/H5hv/abc")
        )
        #expect(parameters == ["deep_link_value": "apples"])
        let conversion = try await backends.conversionDataSource.conversionData(
            for: InstallAttributionRequest(appID: "1", devKey: "k", deviceID: "d", installTime: clock.now))
        #expect(
            conversion == [
                "media_source": "Email", "af_status": "Non-organic",
                "install_time": "2020-08-12 15:08:00.000",
            ])
        let deferred = try await backends.deferredDeepLinkSource.deferredDeepLink(
            for: InstallAttributionRequest(appID: "1", devKey: "k", deviceID: "d", installTime: clock.now))
        #expect(deferred == .privacyFiltered(["deep_link_value": "pears", "match_type": "probabilistic"]))
    }

    @Test("with a server, clicks are handled and installs are matched against the click store")
    func serverBackends() async throws {
        let scenario = try decode(
            """
            {"name": "s", "backend": {"server": {"appStoreURL": "https://apps.apple.com/app/id1",
               "oneLinkDomains": ["app.onelink.me"], "templates": ["H5hv"], "interstitialDomain": "open.example.net"}},
             "steps": []}
            """)
        let clock = ManualClock()
        let backends = try scenario.backends(clock: clock)
        let handler = try #require(backends.clickHandler)
        let decision = try await handler.handle(
            ClickRequest(
                url: "https://app.onelink.me/H5hv?pid=Email&deep_link_value=apples",
                userAgent: Scenario.defaultUserAgent,
                ipAddress: "203.0.113.7"))
        #expect(decision.kind == .redirect(location: "https://apps.apple.com/app/id1"))
        #expect(backends.clickStore?.count == 1)
        await clock.advance(by: .seconds(60))
        let deferred = try await backends.deferredDeepLinkSource.deferredDeepLink(
            for: InstallAttributionRequest(
                appID: "1", devKey: "k", deviceID: "d", installTime: clock.now, device: DeviceInfo()))
        #expect(deferred == .privacyFiltered(["deep_link_value": "apples", "match_type": "probabilistic"]))
        backends.setBehavior(conversion: .failing(.connectionFailed("down")))
        await #expect(throws: AttributionError.connectionFailed("down")) {
            _ = try await backends.conversionDataSource.conversionData(
                for: InstallAttributionRequest(appID: "1", devKey: "k", deviceID: "d", installTime: clock.now)
            )
        }
    }
}
