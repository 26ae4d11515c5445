import Foundation
import OneLinkClickFixtures
import OneLinkClicks
import OneLinkEmulator
import Testing

@Suite(.timeLimit(.minutes(5))) struct ClickInstallMatchingTests {
    private func conversionData(
        _ env: ClickFixtures.Environment, device: DeviceInfo = ClickFixtures.device,
        deviceID: String = "af-device-1",
        matcher: InstallMatcher = .standard
    ) async throws -> AttributionPayload {
        let source: ClickStoreConversionDataSource = .clickStore(env.store, matcher: matcher)
        return try await source.conversionData(
            for: InstallAttributionRequest(
                appID: "1234567890", devKey: "dev-key", deviceID: deviceID, installTime: env.clock.now,
                device: device))
    }

    @Test func clickThenInstallThreeMinutesLaterIsNonOrganicWithTheClicksParameters() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(180))
        let data = try await conversionData(env)

        #expect(data["af_status"] == "Non-organic")
        #expect(data["match_type"] == "probabilistic")
        #expect(data["media_source"] == "Email")
        #expect(data["pid"] == "Email")
        #expect(data["campaign"] == "fruit_of_the_month")
        #expect(data["c"] == "fruit_of_the_month")
        #expect(data["deep_link_value"] == "apples")
        #expect(data["af_adset"] == "my_adset")
        #expect(data["af_sub1"] == "my_sub1")
        #expect(data["af_sub3"] == .null)
        #expect(data["fruit_amount"] == "26", "click values are strings, as the real SDK hands them over")
        #expect(data["af_click_lookback"] == "20d")
        #expect(data["af_dp"] == "afbasicapp://mainactivity")
        #expect(data["click_time"] == "2020-08-12 15:08:00.000")
        #expect(data["install_time"] == "2020-08-12 15:11:00.000")
        #expect(data["is_retargeting"] == false)
        #expect(data["retargeting_conversion_type"] == "none")
        #expect(data["orig_cost"] == "6.0")
        #expect(data["cost_cents_USD"] == "600", "text, as react-native-appsflyer#374 shows")
        #expect(data["http_referrer"] == .null)
        #expect(data["adgroup"] == .null)
        #expect(data["shortlink"] == nil)
        #expect(data["is_first_launch"] == nil)
        #expect(data["link"] == nil)
    }

    @Test func deferredSampleKeysAllPresentWithTheSampleTypes() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(33))
        let data = try await conversionData(env)
        let sampleTypes: [String: String] = [
            "adgroup": "null", "adgroup_id": "null", "adset": "null", "adset_id": "null",
            "af_cpi": "null", "af_siteid": "null", "af_status": "string", "af_sub2": "null",
            "af_sub4": "null",
            "af_sub5": "null", "agency": "null", "campaign": "string", "campaign_id": "null",
            "click_time": "string", "cost_cents_USD": "string", "engmnt_source": "null", "esp_name": "null",
            "http_referrer": "null", "install_time": "string", "is_branded_link": "null",
            "is_retargeting": "boolean", "is_universal_link": "null", "match_type": "string",
            "media_source": "string", "orig_cost": "string", "redirect_response_data": "null",
            "retargeting_conversion_type": "string",
        ]
        for (key, type) in sampleTypes {
            #expect(data[key]?.typeName == type, "\(key)")
        }
    }

    @Test func clickOutsideTheProbabilisticWindowIsOrganic() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(24 * 3600 + 1))
        let data = try await conversionData(env)
        #expect(
            data == [
                "af_status": "Organic", "af_message": "organic install",
                "install_time": "2020-08-13 15:08:01.000",
            ])
    }

    @Test func clickAtTheEdgeOfTheProbabilisticWindowStillMatches() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(24 * 3600))
        let data = try await conversionData(env)
        #expect(data["af_status"] == "Non-organic")
    }

    @Test func shorterProbabilisticWindowIsHonoured() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(2 * 3600))
        let matcher = try InstallMatcher(probabilisticWindow: .seconds(3600))
        let data = try await conversionData(env, matcher: matcher)
        #expect(data["af_status"] == "Organic")
    }

    @Test func idMatchedClickOutsideItsLookbackIsOrganic() async throws {
        let env = try ClickFixtures.environment()
        let link = ClickFixtures.bareLink + "&af_click_lookback=2h"
        _ = try await env.handler.handle(ClickFixtures.click(link, advertisingID: "AAAA-1111"))
        await env.clock.advance(by: .seconds(2 * 3600 + 1))
        var device = ClickFixtures.device
        device.advertisingID = "AAAA-1111"
        let data = try await conversionData(env, device: device)
        #expect(data["af_status"] == "Organic")
    }

    @Test func idMatchedClickWithinTheLinksLookbackMatchesAfterDays() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click(advertisingID: "AAAA-1111"))
        await env.clock.advance(by: .seconds(19 * 24 * 3600))
        var device = ClickFixtures.device
        device.advertisingID = "aaaa-1111"
        device.ipAddress = "198.51.100.99"
        let data = try await conversionData(env, device: device)
        #expect(data["af_status"] == "Non-organic")
        #expect(data["match_type"] == "id_matching")
        await env.clock.advance(by: .seconds(2 * 24 * 3600))
        let later = try await conversionData(env, device: device, deviceID: "af-device-2")
        #expect(later["af_status"] == "Organic")
    }

    @Test func lastOfTwoClicksWins() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(60))
        let second = "https://onelink-basic-app.onelink.me/H5hv?pid=sms&c=flash_sale&deep_link_value=bananas"
        _ = try await env.handler.handle(ClickFixtures.click(second))
        await env.clock.advance(by: .seconds(120))
        let data = try await conversionData(env)
        #expect(data["deep_link_value"] == "bananas")
        #expect(data["media_source"] == "sms")
        #expect(data["campaign"] == "flash_sale")
        #expect(data["click_time"] == "2020-08-12 15:09:00.000")
        #expect(data["af_adset"] == nil)
    }

    @Test func lastRecordedClickWinsATimeTie() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        _ = try await env.handler.handle(ClickFixtures.click(ClickFixtures.bareLink))
        await env.clock.advance(by: .seconds(60))
        let data = try await conversionData(env)
        #expect(data["deep_link_value"] == "pears")
    }

    @Test func idMatchingBeatsALaterFingerprintMatch() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(
            ClickFixtures.click(ip: "198.51.100.20", advertisingID: "IDFA-7"))
        await env.clock.advance(by: .seconds(60))
        _ = try await env.handler.handle(ClickFixtures.click(ClickFixtures.bareLink))
        await env.clock.advance(by: .seconds(60))
        var device = ClickFixtures.device
        device.advertisingID = "IDFA-7"
        let data = try await conversionData(env, device: device)
        #expect(data["match_type"] == "id_matching")
        #expect(data["deep_link_value"] == "apples")
        let withoutID = try await conversionData(env, deviceID: "af-device-other")
        #expect(withoutID["match_type"] == "probabilistic")
        #expect(withoutID["deep_link_value"] == "pears")
    }

    @Test func deviceIDOnTheClickMatchesTheInstall() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click(ip: "198.51.100.20", deviceID: "af-device-1"))
        await env.clock.advance(by: .seconds(60))
        let data = try await conversionData(env)
        #expect(data["match_type"] == "id_matching")
    }

    @Test func zeroedAdvertisingIDNeverIDMatches() async throws {
        let env = try ClickFixtures.environment()
        let zero = "00000000-0000-0000-0000-000000000000"
        _ = try await env.handler.handle(ClickFixtures.click(ip: "198.51.100.20", advertisingID: zero))
        await env.clock.advance(by: .seconds(60))
        var device = ClickFixtures.device
        device.advertisingID = zero
        let data = try await conversionData(env, device: device)
        #expect(data["af_status"] == "Organic")
    }

    @Test func selfReportingNetworkClaimIsSRN() async throws {
        let env = try ClickFixtures.environment()
        let link = "https://onelink-basic-app.onelink.me/H5hv?pid=Facebook%20Ads&c=summer"
        let device = try await ClickFixtures.idMatchedInstall(env, link: link)
        let data = try await conversionData(env, device: device)
        #expect(data["match_type"] == "srn")
        #expect(data["media_source"] == "Facebook Ads")
    }

    /// Item 2 of issue 25: an SRN install's conversion data has the network's shape (react-native-appsflyer#374).
    @Test func selfReportingNetworkConversionDataHasTheNetworksShape() async throws {
        let env = try ClickFixtures.environment()
        let link =
            "https://onelink-basic-app.onelink.me/H5hv?pid=Apple%20Search%20Ads&c=972867417"
            + "&af_keywords=983513071&af_click_lookback=30d&deep_link_value=apples&af_dp=app%3A%2F%2Fx"
        let device = try await ClickFixtures.idMatchedInstall(env, link: link)
        let data = try await conversionData(env, device: device)
        #expect(data["match_type"] == "srn")
        #expect(data["media_source"] == "Apple Search Ads")
        #expect(data["campaign"] == "972867417")
        #expect(data["af_keywords"] == "983513071")
        #expect(data["click_time"] == "", "the network reports no click")
        #expect(data["orig_cost"] == "0.0")
        #expect(data["cost_cents_USD"] == "0")
        #expect(data["http_referrer"] == .null)
        for key in ["pid", "c", "deep_link_value", "af_dp", "is_retargeting", "shortlink", "engmnt_source"] {
            #expect(data[key] == nil, "\(key) is a OneLink key the SRN payload does not carry")
        }
    }

    @Test func differentDeviceStaysOrganic() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click())
        await env.clock.advance(by: .seconds(60))
        let iPad = DeviceInfo(
            ipAddress: ClickFixtures.ip, model: "iPad", osVersion: "17.4", language: "en-US")
        let data = try await conversionData(env, device: iPad)
        #expect(data["af_status"] == "Organic")
    }

    @Test func shortLinkInstallCarriesTheStoredParametersAndShortlink() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click(ClickFixtures.shortLink))
        await env.clock.advance(by: .seconds(90))
        let data = try await conversionData(env)
        #expect(data["shortlink"] == "6d66214a")
        #expect(data["deep_link_value"] == "cherries")
        #expect(data["campaign"] == "spring")
        #expect(data["cost_cents_USD"] == "0")
        #expect(data["orig_cost"] == "0.0")
    }

    @Test func clickAfterTheInstallDoesNotMatch() async throws {
        let env = try ClickFixtures.environment()
        let installTime = env.clock.now
        await env.clock.advance(by: .seconds(60))
        _ = try await env.handler.handle(ClickFixtures.click())
        let source = ClickStoreConversionDataSource(store: env.store)
        let data = try await source.conversionData(
            for: InstallAttributionRequest(
                appID: "1", devKey: "k", deviceID: "d", installTime: installTime, device: ClickFixtures.device
            ))
        #expect(data["af_status"] == "Organic")
    }

    @Test func openedAppClickIsNotAttributed() async throws {
        let env = try ClickFixtures.environment()
        _ = try await env.handler.handle(ClickFixtures.click(context: ClickContext(appInstalled: true)))
        await env.clock.advance(by: .seconds(60))
        let data = try await conversionData(env)
        #expect(data["af_status"] == "Organic")
    }

    @Test func answerIsKeptPerDeviceID() async throws {
        let env = try ClickFixtures.environment()
        let source: ClickStoreConversionDataSource = .clickStore(env.store)
        let request = InstallAttributionRequest(
            appID: "1", devKey: "k", deviceID: "af-device-1", installTime: env.clock.now,
            device: ClickFixtures.device)
        let first = try await source.conversionData(for: request)
        _ = try await env.handler.handle(ClickFixtures.click())
        let second = try await source.conversionData(for: request)
        #expect(first["af_status"] == "Organic")
        #expect(second == first)
        #expect(source.requests.count == 2)
    }

    @Test func matcherRefusesAnOutOfRangeWindow() {
        #expect(throws: ClickError.self) { try InstallMatcher(probabilisticWindow: .seconds(25 * 3600)) }
        #expect(throws: ClickError.self) { try InstallMatcher(probabilisticWindow: .zero) }
    }
}
