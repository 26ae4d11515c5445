import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct ClickDeferredDeepLinkTests {
    private func lookup(
        _ env: ClickFixtures.Environment, device: DeviceInfo = ClickFixtures.device
    ) async throws -> DeferredDeepLinkResponse {
        let source: ClickStoreDeferredDeepLinkSource = .clickStore(env.store)
        return try await source.deferredDeepLink(
            for: InstallAttributionRequest(
                appID: "1234567890", devKey: "dev-key", deviceID: "af-device-1", installTime: env.clock.now,
                device: device))
    }

    @Test func clickExactlyFifteenMinutesBeforeTheInstallIsFound() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(15 * 60))
        let response = try await lookup(env)
        #expect(response.found)
        #expect(
            response
                == .privacyFiltered([
                    "deep_link_value": "apples", "deep_link_sub1": "red", "match_type": "probabilistic",
                ]))
        #expect(response.clickEvent["media_source"] == "")
    }

    /// Item 2 of issue 25: UDL does not serve SRN installs ("Does not support SRN campaigns").
    @Test func selfReportingNetworkInstallIsNotFound() async throws {
        let env = try ClickFixtures.environment()
        let link = "https://onelink-basic-app.onelink.me/H5hv?pid=Apple%20Search%20Ads&deep_link_value=apples"
        let device = try await ClickFixtures.idMatchedInstall(env, link: link)
        #expect(try await lookup(env, device: device) == .notFound)
    }

    @Test func clickFifteenMinutesAndOneMillisecondBeforeTheInstallIsNotFound() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .milliseconds(15 * 60 * 1000 + 1))
        let response = try await lookup(env)
        #expect(response == .notFound)
    }

    @Test func noClickIsNotFound() async throws {
        let env = try ClickFixtures.environment()
        #expect(try await lookup(env) == .notFound)
    }

    @Test func otherDeviceIsNotFound() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(60))
        var device = ClickFixtures.device
        device.ipAddress = "198.51.100.50"
        #expect(try await lookup(env, device: device) == .notFound)
    }

    @Test func idMatchIsReportedAsSuch() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click(ip: "198.51.100.20", advertisingID: "IDFA-3"))
        await env.clock.advance(by: .seconds(60))
        var device = ClickFixtures.device
        device.advertisingID = "IDFA-3"
        let response = try await lookup(env, device: device)
        #expect(response.clickEvent["match_type"] == "id_matching")
    }

    @Test func lastClickWithinTheWindowWins() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(120))
        _ = try await env.handler.handle(ClickFixtures.click(ClickFixtures.bareLink))
        await env.clock.advance(by: .seconds(60))
        let response = try await lookup(env)
        #expect(response.clickEvent["deep_link_value"] == "pears")
        #expect(response.clickEvent["deep_link_sub1"] == nil)
    }
}
