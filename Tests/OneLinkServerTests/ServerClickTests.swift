import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkHTTP
import OneLinkServer
import Testing

/// OneLink clicks over HTTP go through `ClickHandler`, and the clicks they record drive the
/// conversion-data and deferred endpoints backed by the same store.
@Suite(.timeLimit(.minutes(5))) struct ServerClickTests {
    static let safari = ClickStoreServer.safari
    static let instagram =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        + "Mobile/15E148 Instagram 321.0.2.23.105 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556)"
    static let appStore = "https://apps.apple.com/app/id1234567890"
    static let host = "onelink-basic-app.onelink.me"
    static let longPath = "/H5hv?pid=Email&c=fruit_of_the_month&deep_link_value=apples"

    /// A server whose click handler, conversion data and deferred lookups share one store.
    typealias ClickServer = ClickStoreServer

    func withClickServer(_ body: (ClickServer) async throws -> Void) async throws {
        try await body(try ClickServer { $0.deviceMemory = nil })
    }

    func click(
        _ target: String, on server: ClickServer, userAgent: String?, extraHeaders: [String] = [],
        forwardedFor: String? = "203.0.113.7"
    ) async throws -> RouteAnswer {
        var headers = ["Accept-Language: en-US"]
        if let userAgent { headers.append("User-Agent: \(userAgent)") }
        if let forwardedFor { headers.append("X-Forwarded-For: \(forwardedFor)") }
        return try await server.send("GET", target, headers: headers + extraHeaders)
    }

    func conversion(_ server: ClickServer, installedAfter delay: Duration) async throws -> AttributionPayload
    {
        let source: HTTPConversionDataSource = try server.server.backend()
        let request = InstallAttributionRequest(
            appID: "1234567890", devKey: "key", deviceID: "device-1",
            installTime: server.clock.now.adding(delay),
            device: DeviceInfo(
                ipAddress: "203.0.113.7", model: "iPhone15,2", osVersion: "17.4", language: "en-US"))
        return try await source.conversionData(for: request)
    }

    @Test("an iOS Safari click on a long OneLink is 302 to the App Store, recorded, then matched at install")
    func safariClickThenInstall() async throws {
        try await withClickServer { server in
            let response = try await click(Self.longPath, on: server, userAgent: Self.safari)
            #expect(response.status == 302)
            #expect(response.header("Location") == Self.appStore)
            #expect(response.header("Cache-Control") == "no-store")
            let recorded = try #require(server.store.recordedClicks.first)
            #expect(server.store.count == 1)
            #expect(recorded.fingerprint.ipAddress == "203.0.113.7")
            #expect(recorded.parameters["deep_link_value"] == "apples")
            #expect(recorded.time == server.clock.now)

            await server.clock.advance(by: .seconds(180))
            let payload = try await conversion(server, installedAfter: .zero)
            #expect(payload["af_status"] == "Non-organic")
            #expect(payload["match_type"] == "probabilistic")
            #expect(payload["media_source"] == "Email")
            #expect(payload["campaign"] == "fruit_of_the_month")
            #expect(payload["deep_link_value"] == "apples")
        }
    }

    @Test("af_ios_url is the iOS redirect target when the link has one")
    func iosFallback() async throws {
        try await withClickServer { server in
            let response = try await click(
                Self.longPath + "&af_ios_url=https%3A%2F%2Fexample.com%2Fios", on: server,
                userAgent: Self.safari)
            #expect(response.status == 302)
            #expect(response.header("Location") == "https://example.com/ios")
        }
    }

    @Test("an Instagram in-app browser click gets the 200 interstitial HTML page and is recorded")
    func instagramInterstitial() async throws {
        try await withClickServer { server in
            let response = try await click(
                Self.longPath, on: server, userAgent: Self.instagram)
            #expect(response.status == 200)
            #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(response.header("Content-Location") == "https://open.example.net" + Self.longPath)
            #expect(response.body.contains("id=\"open-app\""))
            #expect(response.body.contains("https://\(Self.host)/H5hv?pid=Email&amp;c=fruit_of_the_month"))
            #expect(server.store.count == 1)
        }
    }

    @Test("a short-link click records the stored parameters; the deferred endpoint then finds it")
    func shortLinkClickThenDeferred() async throws {
        try await withClickServer { server in
            let response = try await click(
                "/H5hv/6d66214a", on: server, userAgent: Self.safari)
            #expect(response.status == 302)
            #expect(server.store.recordedClicks.first?.parameters["deep_link_value"] == "peaches")
            await server.clock.advance(by: .seconds(120))
            let deferred: HTTPDeferredDeepLinkSource = try server.server.backend()
            let answer = try await deferred.deferredDeepLink(
                for: InstallAttributionRequest(
                    appID: "1234567890", devKey: "key", deviceID: "device-1", installTime: server.clock.now,
                    device: DeviceInfo(
                        ipAddress: "203.0.113.7", model: "iPhone15,2", osVersion: "17.4", language: "en-US")))
            #expect(answer.found)
            #expect(answer.clickEvent["deep_link_value"] == "peaches")
            #expect(answer.clickEvent["match_type"] == "probabilistic")
        }
    }

    @Test("X-OneLink-Device-ID makes an ID match; without X-Forwarded-For the socket peer is the click's IP")
    func deviceIDAndPeerAddress() async throws {
        try await withClickServer { server in
            let response = try await click(
                Self.longPath, on: server, userAgent: Self.safari,
                extraHeaders: ["X-OneLink-Device-ID: device-1"], forwardedFor: nil)
            #expect(response.status == 302)
            let recorded = try #require(server.store.recordedClicks.first)
            #expect(recorded.fingerprint.ipAddress == "127.0.0.1")
            #expect(recorded.deviceID == "device-1")
            let payload = try await conversion(server, installedAfter: .seconds(60))
            #expect(payload["match_type"] == "id_matching")
        }
    }

    @Test("a Host header naming the OneLink domain is used as the clicked URL's host")
    func hostHeader() async throws {
        try await withClickServer { server in
            let request =
                "GET /H5hv?pid=Email HTTP/1.1\r\nHost: \(Self.host)\r\nUser-Agent: \(Self.safari)\r\n"
                + "X-Forwarded-For: 203.0.113.7\r\nConnection: close\r\n\r\n"
            let response = try await server.server.exchange(request)
            #expect(response.status == 302)
            #expect(server.store.recordedClicks.first?.link.url == "https://\(Self.host)/H5hv?pid=Email")
        }
    }

    @Test(
        "a refused click is 400 with the ClickError text, an unknown short link is unattributed: nothing is recorded"
    )
    func refusedClicks() async throws {
        try await withClickServer { server in
            let noAgent = try await click(Self.longPath, on: server, userAgent: nil)
            #expect(noAgent.status == 400)
            #expect(
                try AttributionPayload(jsonString: noAgent.body)
                    == ["error_reason": "the click lacks the required header User-Agent", "status_code": 400])
            let unknown = try await click("/H5hv/nope", on: server, userAgent: Self.safari)
            #expect(unknown.status == 302)
            #expect(unknown.header("Location") == "https://apps.apple.com/app/id1234567890")
            #expect(unknown.header("X-OneLink-Warning")?.contains("short link H5hv/nope not found") == true)
            let badIP = try await click(
                Self.longPath, on: server, userAgent: Self.safari, forwardedFor: "not-an-ip")
            #expect(badIP.status == 400)
            #expect(server.store.count == 0)
            let payload = try await conversion(server, installedAfter: .seconds(60))
            #expect(payload["af_status"] == "Organic")
        }
    }

    @Test("click faults apply on the click route: a forced 503 records nothing")
    func clickFault() async throws {
        try await withClickServer { server in
            server.server.faultPlan = FaultPlan([.route(.click): [.status(503)]])
            let response = try await click(Self.longPath, on: server, userAgent: Self.safari)
            #expect(response.status == 503)
            #expect(server.store.count == 0)
        }
    }
}
