import Foundation
package import OneLinkClicks
package import OneLinkEmulator

/// The clicks, devices and handler set-up that the click-service tests and the SDK tests share.
package enum ClickFixtures {
    package static let safari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
        + "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1"
    package static let weChat =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        + "Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN"
    package static let facebook =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        + "Mobile/21E219 [FBAN/FBIOS;FBAV/453.0.0.40.107;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;"
        + "FBSV/17.4;FBLC/en_US;FBOP/5]"
    package static let androidChrome =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041) AppleWebKit/537.36 "
        + "(KHTML, like Gecko) Chrome/120.0.6099.230 Mobile Safari/537.36"
    package static let macSafari =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        + "Version/17.4 Safari/605.1.15"

    package static let ip = "203.0.113.7"
    package static let appStore = "https://apps.apple.com/app/id1234567890"
    package static let oneLinkHost = "onelink-basic-app.onelink.me"
    package static let interstitialDomain = "open.example.net"

    package static let longLink =
        "https://onelink-basic-app.onelink.me/H5hv?pid=Email&c=fruit_of_the_month&af_adset=my_adset"
        + "&deep_link_value=apples&deep_link_sub1=red&af_sub1=my_sub1&af_click_lookback=20d"
        + "&af_cost_currency=USD&af_cost_value=6&fruit_amount=26"
        + "&af_dp=afbasicapp%3A%2F%2Fmainactivity&af_ios_url=https%3A%2F%2Fmy_ios_lp.com"
    package static let bareLink = "https://onelink-basic-app.onelink.me/H5hv?pid=Email&deep_link_value=pears"
    package static let shortLink = "https://onelink-basic-app.onelink.me/H5hv/6d66214a"
    package static let smartLink =
        "https://app.example.com/babalink?scheme=enexample%3A%2F%2Fdetail%3Fid%3D123"
        + "&url=https%3A%2F%2Fm.example.com%2Fproduct%3Fid%3D123"

    package static let shortLinkParameters: AttributionPayload = [
        "pid": "Email", "c": "spring", "deep_link_value": "cherries", "af_click_lookback": "25d",
    ]

    package static let configuration = ClickHandler.Configuration(
        appStoreURL: appStore, playStoreURL: "https://play.google.com/store/apps/details?id=com.example",
        oneLinkDomains: [oneLinkHost], customDomains: ["go.example.com"], templates: ["H5hv"],
        interstitialDomain: interstitialDomain, smartLinkDomain: "app.example.com")

    /// The device of the fixture clicks, as its first launch reports it.
    package static let device = DeviceInfo(
        ipAddress: ip, model: "iPhone", osVersion: "17.4", language: "en-US")

    package struct Environment {
        package let clock: ManualClock
        package let store: InMemoryClickStore
        package let handler: ClickHandler
    }

    package static func environment(
        configuration: ClickHandler.Configuration = ClickFixtures.configuration,
        resolver: InMemoryShortLinkResolver? = nil
    ) throws -> Environment {
        let clock = ManualClock()
        let store = InMemoryClickStore()
        let shortLinks =
            resolver ?? .inMemory(links: ["H5hv/6d66214a": shortLinkParameters], clock: clock)
        let handler = try ClickHandler(
            configuration: configuration, shortLinks: shortLinks, store: store, clock: clock)
        return Environment(clock: clock, store: store, handler: handler)
    }

    /// Records a click on `link` from a device with `advertisingID`, lets a minute pass, and returns that
    /// device as its first launch reports it, so the install is ID-matched to the click.
    package static func idMatchedInstall(
        _ env: Environment, link: String, advertisingID: String = "IDFA-9"
    ) async throws -> DeviceInfo {
        _ = try await env.handler.handle(click(link, advertisingID: advertisingID))
        await env.clock.advance(by: .seconds(60))
        var installed = device
        installed.advertisingID = advertisingID
        return installed
    }

    package static func click(
        _ url: String = longLink, userAgent: String = safari, ip: String = ClickFixtures.ip,
        headers: [String: String] = ["Accept-Language": "en-US,en;q=0.9"], advertisingID: String? = nil,
        deviceID: String? = nil, context: ClickContext = ClickContext()
    ) -> ClickRequest {
        ClickRequest(
            url: url, userAgent: userAgent, ipAddress: ip, headers: headers, advertisingID: advertisingID,
            deviceID: deviceID, context: context)
    }
}
