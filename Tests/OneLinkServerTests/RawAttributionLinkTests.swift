import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

/// AppsFlyer's documented manual test link, `https://app.appsflyer.com/{app_id}?pid=…&c=…&idfa=…`
/// (https://dev.appsflyer.com/hc/docs/integration-testing), is a click on `GET /{app_id}?…`, and its
/// `idfa` / `advertising_id` drive ID matching.
@Suite("Server: raw attribution-link clicks", .timeLimit(.minutes(5)))
struct RawAttributionLinkTests {
    static let idfa = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"

    static func withRawLinkServer(_ body: (DeviceAdminTests.DeviceServer) async throws -> Void) async throws {
        try await body(try DeviceAdminTests.DeviceServer(appIDs: ["id1234567890"]) { $0.deviceMemory = nil })
    }

    static func click(
        _ target: String, server: DeviceAdminTests.DeviceServer, userAgent: String = ServerClickTests.safari
    ) async throws -> RouteAnswer {
        try await server.send(
            "GET", target, headers: ["User-Agent: \(userAgent)", "X-Forwarded-For: 203.0.113.7"])
    }

    static func install(
        _ deviceID: String, advertisingID: String?, ip: String, server: DeviceAdminTests.DeviceServer
    ) async throws -> AttributionPayload {
        try await server.install(deviceID, advertisingID: advertisingID, ip: ip)
    }

    @Test(
        "GET /{app_id}?pid=&c=&idfa= is a recorded click to the App Store, and the install ID-matches on the IDFA"
    )
    func idfaClick() async throws {
        try await Self.withRawLinkServer { server in
            let response = try await Self.click(
                "/id1234567890?pid=my_test_source&c=my_campaign&idfa=\(Self.idfa)", server: server)
            #expect(response.status == 302)
            #expect(response.header("Location") == ServerClickTests.appStore)
            let recorded = try #require(server.store.recordedClicks.first)
            #expect(recorded.link.kind == .attributionLink(appID: "id1234567890"))
            #expect(recorded.link.url.hasPrefix("https://app.appsflyer.com/id1234567890?pid="))
            #expect(recorded.advertisingID == Self.idfa)
            // Another IP address: only the IDFA can match the install to the click.
            let payload = try await Self.install(
                "af-1", advertisingID: Self.idfa, ip: "198.51.100.1", server: server)
            #expect(payload["af_status"] == "Non-organic")
            #expect(payload["match_type"] == "id_matching")
            #expect(payload["media_source"] == "my_test_source")
            #expect(payload["campaign"] == "my_campaign")
        }
    }

    @Test("advertising_id= works like idfa=; the header still wins over the query")
    func advertisingIDAndHeader() async throws {
        try await Self.withRawLinkServer { server in
            _ = try await Self.click("/1234567890?pid=a&advertising_id=gaid-1", server: server)
            #expect(server.store.recordedClicks.last?.advertisingID == "gaid-1")
            let headed = try await DeviceAdminTests.send(
                "GET", "/id1234567890?pid=a&idfa=from-query", on: server,
                headers: [
                    "User-Agent: \(ServerClickTests.safari)", "X-Forwarded-For: 203.0.113.7",
                    "X-OneLink-Advertising-ID: from-header",
                ])
            #expect(headed.status == 302)
            #expect(server.store.recordedClicks.last?.advertisingID == "from-header")
        }
    }

    @Test("an in-app browser is redirected too (no interstitial); other app IDs and paths are no clicks")
    func inAppBrowserAndUnknown() async throws {
        try await Self.withRawLinkServer { server in
            let inApp = try await Self.click(
                "/id1234567890?pid=a", server: server, userAgent: ServerClickTests.instagram)
            #expect(inApp.status == 302)
            let other = try await Self.click("/id999?pid=a", server: server)
            #expect(other.status == 404)
            let deeper = try await Self.click("/id1234567890/x?pid=a", server: server)
            #expect(deeper.status == 404)
            #expect(server.store.count == 1)
        }
    }

    @Test("the handler refuses an app.appsflyer.com link for another app with a typed error")
    func handlerRefusesUnknownApp() async throws {
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: ServerClickTests.appStore, oneLinkDomains: [ServerClickTests.host],
                templates: ["H5hv"], interstitialDomain: "open.example.net", appIDs: ["id1234567890"]),
            store: InMemoryClickStore())
        let request = ClickRequest(
            url: "https://app.appsflyer.com/id42?pid=a", ipAddress: "203.0.113.7",
            headers: ["User-Agent": ServerClickTests.safari])
        await #expect(throws: ClickError.unknownAppID("id42")) { try await handler.handle(request) }
        let opened = try await handler.handle(
            ClickRequest(
                url: "https://app.appsflyer.com/id1234567890?pid=a", ipAddress: "203.0.113.7",
                headers: ["User-Agent": ServerClickTests.safari], context: ClickContext(appInstalled: true)))
        // Not a universal link: even with the app installed, the server sees the click.
        #expect(opened.recordedClick != nil)
    }
}
