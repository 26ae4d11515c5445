import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct ClickRetargetingTests {
    private static let retargetingLink =
        "https://onelink-basic-app.onelink.me/H5hv?pid=Email&c=winback&is_retargeting=true"
        + "&af_reengagement_window=30d&deep_link_value=apples"
    private static let day: TimeInterval = 86_400

    private func request(
        _ env: ClickFixtures.Environment, deviceID: String, device: DeviceInfo = ClickFixtures.device
    ) -> InstallAttributionRequest {
        InstallAttributionRequest(
            appID: "1234567890", devKey: "dev-key", deviceID: deviceID, installTime: env.clock.now,
            device: device)
    }

    // MARK: - Link parameters

    @Test(arguments: [
        ("30d", 30 * 86_400), ("1d", 86_400), ("90d", 90 * 86_400), ("1h", 3600), ("23h", 23 * 3600),
        ("30", 30 * 86_400), ("90", 90 * 86_400),
    ])
    func reengagementWindowValues(text: String, seconds: Int) throws {
        #expect(try ReengagementWindow.window(parsing: text) == .seconds(seconds))
    }

    @Test(arguments: ["0d", "91d", "24h", "0", "91", "30m", "30D", "", "d", "Lifetime", "007", "-1d"])
    func invalidReengagementWindows(text: String) {
        #expect(throws: ClickError.invalidReengagementWindow(text)) {
            try ReengagementWindow.window(parsing: text)
        }
    }

    @Test func reengagementWindowDefaultsAndLifetime() throws {
        #expect(try ReengagementWindow.window(from: nil) == .seconds(30 * 86_400))
        #expect(try ReengagementWindow.window(from: "lifetime") == nil)
        #expect(try ReengagementWindow.window(from: .int(7)) == .seconds(7 * 86_400))
        #expect(throws: ClickError.invalidReengagementWindow("true")) {
            try ReengagementWindow.window(from: .bool(true))
        }
    }

    @Test func retargetingLinkCarriesItsFlagAndWindow() async throws {
        let env = try ClickFixtures.environment()
        let decision = try await env.handler.handle(
            ClickFixtures.click(Self.retargetingLink.replacingOccurrences(of: "=30d", with: "=12h")))
        #expect(decision.link.isRetargeting)
        #expect(decision.link.reengagementWindow == .seconds(12 * 3600))
        let plain = try await env.handler.handle(ClickFixtures.click(ClickFixtures.bareLink))
        #expect(!plain.link.isRetargeting)
        #expect(plain.link.reengagementWindow == ReengagementWindow.defaultWindow)
        let upper = try await env.handler.handle(
            ClickFixtures.click(ClickFixtures.bareLink + "&is_retargeting=TRUE"))
        #expect(upper.link.isRetargeting)
    }

    @Test func badReengagementWindowIsRefusedAndNothingRecorded() async throws {
        let env = try ClickFixtures.environment()
        await #expect(throws: ClickError.invalidReengagementWindow("100d")) {
            _ = try await env.handler.handle(
                ClickFixtures.click(Self.retargetingLink.replacingOccurrences(of: "=30d", with: "=100d")))
        }
        #expect(env.store.count == 0)
    }

    // MARK: - Re-attribution

    @Test func reattributionWindowRange() throws {
        #expect(InstallMatcher.standard.reattributionWindow == .seconds(90 * 86_400))
        #expect(
            try InstallMatcher(reattributionWindow: .seconds(30 * 86_400)).reattributionWindow
                == .seconds(30 * 86_400))
        #expect(
            try InstallMatcher(reattributionWindow: .seconds(720 * 86_400)).reattributionWindow
                == .seconds(720 * 86_400))
        for bad: Duration in [.seconds(29 * 86_400), .seconds(721 * 86_400), .zero] {
            #expect(throws: ClickError.self) { try InstallMatcher(reattributionWindow: bad) }
        }
    }

    @Test func newUserFromARetargetingLinkIsNotAReattribution() async throws {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store)
        _ = try await env.handler.handle(ClickFixtures.click(Self.retargetingLink))
        await env.clock.advance(by: .seconds(120))
        let data = try await source.conversionData(for: request(env, deviceID: "install-1"))
        #expect(data["retargeting_conversion_type"] == "none")
        #expect(data["is_retargeting"] == true)
        #expect(data["af_reengagement_window"] == "30d")
    }

    /// Installs once, then reinstalls `after` later through a click on `link`.
    private func reinstall(
        after interval: TimeInterval, link: String, matcher: InstallMatcher = .standard
    ) async throws -> AttributionPayload {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store, matcher: matcher)
        let first = try await source.conversionData(for: request(env, deviceID: "install-1"))
        #expect(first["af_status"] == "Organic")
        await env.clock.advance(by: .seconds(interval - 120))
        _ = try await env.handler.handle(ClickFixtures.click(link))
        await env.clock.advance(by: .seconds(120))
        return try await source.conversionData(for: request(env, deviceID: "install-2"))
    }

    @Test func formerUserReinstallingFromARetargetingClickIsAReattribution() async throws {
        let data = try await reinstall(after: 10 * Self.day, link: Self.retargetingLink)
        #expect(data["af_status"] == "Non-organic")
        #expect(data["retargeting_conversion_type"] == "re-attribution")
        #expect(data["is_retargeting"] == true)
        #expect(data["media_source"] == "Email")
        #expect(data["campaign"] == "winback")
        #expect(data["deep_link_value"] == "apples")
    }

    @Test func reattributionWindowEdgeIsInclusive() async throws {
        let inside = try await reinstall(after: 90 * Self.day, link: Self.retargetingLink)
        #expect(inside["retargeting_conversion_type"] == "re-attribution")
        let outside = try await reinstall(after: 90 * Self.day + 1, link: Self.retargetingLink)
        #expect(outside["retargeting_conversion_type"] == "none")
        #expect(outside["is_retargeting"] == true, "still a retargeting link, counted as a new install")
    }

    @Test func shorterReattributionWindowIsHonoured() async throws {
        let matcher = try InstallMatcher(reattributionWindow: .seconds(30 * 86_400))
        let data = try await reinstall(after: 31 * Self.day, link: Self.retargetingLink, matcher: matcher)
        #expect(data["retargeting_conversion_type"] == "none")
    }

    @Test func reinstallFromAUserAcquisitionClickStaysNone() async throws {
        let data = try await reinstall(after: 10 * Self.day, link: ClickFixtures.bareLink)
        #expect(data["af_status"] == "Non-organic")
        #expect(data["retargeting_conversion_type"] == "none")
        #expect(data["is_retargeting"] == false)
    }

    @Test func anInstallRecordedBeforehandMakesTheNextInstallAReinstall() async throws {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store)
        source.recordInstall(
            deviceID: "install-1", installTime: env.clock.now.addingTimeInterval(-5 * Self.day),
            device: ClickFixtures.device)
        // The same install recorded again, or later, keeps the first time.
        source.recordInstall(deviceID: "install-1", installTime: env.clock.now, device: ClickFixtures.device)
        _ = try await env.handler.handle(ClickFixtures.click(Self.retargetingLink))
        await env.clock.advance(by: .seconds(60))
        let data = try await source.conversionData(for: request(env, deviceID: "install-2"))
        #expect(data["retargeting_conversion_type"] == "re-attribution")
    }

    @Test func theSameInstallAskingAgainIsNotAReinstall() async throws {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store)
        _ = try await env.handler.handle(ClickFixtures.click(Self.retargetingLink))
        await env.clock.advance(by: .seconds(60))
        let once = try await source.conversionData(for: request(env, deviceID: "install-1"))
        let again = try await source.conversionData(for: request(env, deviceID: "install-1"))
        #expect(once["retargeting_conversion_type"] == "none")
        #expect(again == once)
    }

    @Test func anotherDeviceIsNotAFormerUser() async throws {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store)
        _ = try await source.conversionData(for: request(env, deviceID: "install-1"))
        await env.clock.advance(by: .seconds(Self.day))
        let other = DeviceInfo(
            ipAddress: "198.51.100.9", model: "iPhone", osVersion: "17.4", language: "en-US")
        _ = try await env.handler.handle(ClickFixtures.click(Self.retargetingLink, ip: "198.51.100.9"))
        await env.clock.advance(by: .seconds(60))
        let data = try await source.conversionData(for: request(env, deviceID: "install-2", device: other))
        #expect(data["retargeting_conversion_type"] == "none")
    }

    @Test func selfReportingNetworkReattributionKeepsTheNetworksShape() async throws {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store)
        var device = ClickFixtures.device
        device.advertisingID = "IDFA-7"
        _ = try await source.conversionData(for: request(env, deviceID: "install-1", device: device))
        await env.clock.advance(by: .seconds(5 * Self.day))
        let link =
            "https://onelink-basic-app.onelink.me/H5hv?pid=googleadwords_int&c=ret&is_retargeting=true"
        _ = try await env.handler.handle(ClickFixtures.click(link, advertisingID: "IDFA-7"))
        await env.clock.advance(by: .seconds(60))
        let data = try await source.conversionData(for: request(env, deviceID: "install-2", device: device))
        #expect(data["match_type"] == "srn")
        #expect(data["retargeting_conversion_type"] == "re-attribution")
        #expect(data["is_retargeting"] == nil)
    }

    // MARK: - Re-engagement

    @Test func existingUsersOpenAfterARetargetingClickIsAReengagement() async throws {
        let env = try ClickFixtures.environment()
        let installTime = env.clock.now
        await env.clock.advance(by: .seconds(20 * Self.day))
        let decision = try await env.handler.handle(ClickFixtures.click(Self.retargetingLink))
        let click = try #require(decision.recordedClick)
        await env.clock.advance(by: .seconds(3600))
        let matcher = InstallMatcher.standard
        let engagement = try #require(
            matcher.reengagement(of: click, openTime: env.clock.now, installTime: installTime))
        #expect(engagement.end == env.clock.now.addingTimeInterval(30 * Self.day))
        #expect(engagement.covers(env.clock.now.addingTimeInterval(30 * Self.day)))
        #expect(!engagement.covers(env.clock.now.addingTimeInterval(30 * Self.day + 1)))
        #expect(!engagement.covers(env.clock.now.addingTimeInterval(-1)))
        // Outside the click's lookback (7 days), before the install, or from a UA link: no re-engagement.
        #expect(
            matcher.reengagement(
                of: click, openTime: click.time.addingTimeInterval(7 * Self.day + 1), installTime: installTime
            )
                == nil)
        #expect(
            matcher.reengagement(
                of: click, openTime: env.clock.now, installTime: click.time.addingTimeInterval(1)) == nil)
        let plain = try #require(
            try await env.handler.handle(ClickFixtures.click(ClickFixtures.bareLink)).recordedClick)
        #expect(matcher.reengagement(of: plain, openTime: env.clock.now, installTime: installTime) == nil)
    }

    @Test func lifetimeReengagementNeverEnds() async throws {
        let env = try ClickFixtures.environment()
        let installTime = env.clock.now
        await env.clock.advance(by: .seconds(Self.day))
        let link = Self.retargetingLink.replacingOccurrences(of: "=30d", with: "=lifetime")
        let click = try #require(try await env.handler.handle(ClickFixtures.click(link)).recordedClick)
        let engagement = try #require(
            InstallMatcher.standard.reengagement(of: click, openTime: env.clock.now, installTime: installTime)
        )
        #expect(engagement.end == nil)
        #expect(engagement.covers(env.clock.now.addingTimeInterval(3650 * Self.day)))
    }

    // MARK: - Always-present fields

    @Test func alwaysPresentFieldsAreThereWhenTheLinkDoesNotSetThem() async throws {
        let env = try ClickFixtures.environment()
        let source = ClickStoreConversionDataSource(store: env.store)
        _ = try await env.handler.handle(
            ClickFixtures.click("https://onelink-basic-app.onelink.me/H5hv?deep_link_value=pears"))
        await env.clock.advance(by: .seconds(60))
        let data = try await source.conversionData(for: request(env, deviceID: "install-1"))
        for key in InstallMatch.alwaysPresentKeys {
            #expect(data[key] != nil, "\(key) is missing")
        }
        #expect(data["media_source"] == .null)
        #expect(data["campaign"] == .null)
        #expect(data["af_status"] == "Non-organic")
        #expect(data["af_message"] == nil, "non-organic field payloads carry no af_message")
        #expect(data["af_click_lookback"] == "7d", "the default lookback, as AppsFlyerFramework#253 shows")
    }

    // MARK: - URI-scheme URL

    @Test func shortLinkForcedDeepLinkCarriesTheStoredParametersAndItsID() async throws {
        let resolver = InMemoryShortLinkResolver.inMemory(
            links: [
                "H5hv/9270d092": [
                    "pid": "Email", "c": "my_campaign", "af_dp": "afbasicapp://mainactivity?test=1",
                    "af_force_deeplink": "true", "deep_link_value": "apples juice",
                ]
            ])
        let env = try ClickFixtures.environment(resolver: resolver)
        let decision = try await env.handler.handle(
            ClickFixtures.click(
                "https://onelink-basic-app.onelink.me/H5hv/9270d092", userAgent: ClickFixtures.weChat,
                context: ClickContext(appInstalled: true)))
        #expect(
            decision.kind
                == .uriSchemeFallback(
                    url: "afbasicapp://mainactivity?test=1&af_deeplink=true"
                        + "&af_dp=afbasicapp%3A%2F%2Fmainactivity%3Ftest%3D1&af_force_deeplink=true"
                        + "&campaign=my_campaign&deep_link_value=apples%20juice&media_source=Email"
                        + "&shortlink=9270d092"))
        #expect(decision.recordedClick != nil)
    }

    @Test(arguments: [
        ("myapp://", "myapp://?a=1&af_deeplink=true&af_dp=myapp%3A%2F%2F"),
        ("myapp://path?", "myapp://path?a=1&af_deeplink=true&af_dp=myapp%3A%2F%2Fpath%3F"),
        ("myapp://p?x=2&", "myapp://p?x=2&a=1&af_deeplink=true&af_dp=myapp%3A%2F%2Fp%3Fx%3D2%26"),
        ("myapp://p#frag", "myapp://p?a=1&af_deeplink=true&af_dp=myapp%3A%2F%2Fp%23frag#frag"),
    ])
    func uriSchemeURLJoinsTheQuery(base: String, expected: String) {
        let link = ClickedLink(
            kind: .oneLink(template: "H5hv"), url: "https://x.onelink.me/H5hv", host: "x.onelink.me",
            parameters: ["af_dp": .string(base), "a": "1"])
        #expect(link.uriSchemeURL == expected)
    }

    @Test func linkWithoutDeepLinkHasNoURISchemeURL() {
        let link = ClickedLink(
            kind: .oneLink(template: "H5hv"), url: "https://x.onelink.me/H5hv", host: "x.onelink.me",
            parameters: ["pid": "Email"])
        #expect(link.uriSchemeURL == nil)
    }
}
