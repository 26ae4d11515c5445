import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import Testing

/// The S2S event API's app ID check: once the server knows its apps (the click handler's app IDs),
/// another app ID is the documented 400 `app_id` ("`app_id` doesn't match the authentication token",
/// https://dev.appsflyer.com/hc/reference/inapp-events-1), checked after the key and the plan and
/// before the body; an iOS app ID without `id` keeps its documented silent 200 OK.
@Suite("Server: S2S events for another app", .timeLimit(.minutes(5)))
struct S2SAppIDTests {
    func withServer(
        plan: AppsFlyerPlan = .growth, events: InMemoryEventRecorder,
        _ body: (EmbeddedServer) async throws -> Void
    ) async throws {
        let links = InMemoryShortLinkResolver()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: ServerClickTests.appStore, oneLinkDomains: [ServerClickTests.host],
                templates: ["H5hv"], interstitialDomain: "open.example.net", appIDs: ["id1234567890"]),
            shortLinks: links, store: InMemoryClickStore())
        var configuration = OneLinkServer.Configuration(
            shortLinkResolver: links, clickHandler: handler, eventRecorder: events, s2sKeys: ["S2S_KEY"])
        configuration.accountPlan = plan
        try await S2SEventTests.withServer(configuration, body)
    }

    @Test(
        "the server's app is recorded (with or without the path's id on a matching ID); others are 400 app_id"
    )
    func otherApps() async throws {
        let events = InMemoryEventRecorder()
        try await withServer(events: events) { server in
            let own = try await S2SEventTests.post(
                "/inappevent/id1234567890", S2SEventTests.purchase, on: server)
            #expect(own.status == 200 && own.body == "OK")
            #expect(events.events.map(\.appID) == ["id1234567890"])

            for app in ["id999", "com.example.other", "id12345678901"] {
                let other = try await S2SEventTests.post(
                    "/inappevent/\(app)", S2SEventTests.purchase, on: server)
                #expect(other.status == 400, "\(app)")
                #expect(other.body == "app_id", "\(app)")
                #expect(other.header("Content-Type") == "text/plain; charset=utf-8")
                #expect(other.header("X-OneLink-Warning")?.contains("id1234567890") == true)
            }
            // Digits alone are an iOS app ID without its prefix, the server's or not: 200 OK, unrecorded.
            for app in ["1234567890", "999"] {
                let bare = try await S2SEventTests.post(
                    "/inappevent/\(app)", S2SEventTests.purchase, on: server)
                #expect(bare.status == 200 && bare.body == "OK", "\(app)")
                #expect(bare.header("X-OneLink-Warning")?.contains("no id prefix") == true)
            }
            #expect(events.events.count == 1)
        }
    }

    @Test("order: a missing or refused key first, then the plan, then the app ID, then the body")
    func order() async throws {
        let events = InMemoryEventRecorder()
        try await withServer(events: events) { server in
            let cases: [(String, String, String?, Int, String)] = [
                ("/inappevent/id999", S2SEventTests.purchase, nil, 400, "Failed to Authenticate"),
                ("/inappevent/id999", S2SEventTests.purchase, "dev-key-not-s2s", 401, "Unauthorized"),
                ("/inappevent/id999", "", "S2S_KEY", 400, "app_id"),
                ("/inappevent/id999", #"{"eventName":"af_login","eventValue":""}"#, "S2S_KEY", 400, "app_id"),
                // The unprefixed ID is not checked against the app, and its body still is.
                (
                    "/inappevent/999", #"{"eventName":"af_login","eventValue":""}"#, "S2S_KEY", 400,
                    "appsflyer_id is a mandatory field"
                ),
            ]
            for (path, body, key, status, text) in cases {
                let response = try await S2SEventTests.post(path, body, key: key, on: server)
                #expect(response.status == status, "\(path) \(body)")
                #expect(response.body == text, "\(path) \(body)")
            }
            #expect(events.events.isEmpty)
        }
        try await withServer(plan: .zero, events: events) { server in
            let response = try await S2SEventTests.post(
                "/inappevent/id999", S2SEventTests.purchase, on: server)
            #expect(response.status == 403 && response.body == "Forbidden")
            #expect(events.events.isEmpty)
        }
    }

    @Test("the new refusal is one S2SEventError case with its status and body")
    func errorCase() {
        #expect(S2SEventError.appIDMismatch.status == 400)
        #expect(S2SEventError.appIDMismatch.body == "app_id")
        #expect(S2SEventError.appIDMismatch.description == "400 app_id")
    }
}
