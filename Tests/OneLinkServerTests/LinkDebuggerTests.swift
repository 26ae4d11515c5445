import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkSupport
import Testing

/// `?debug=1` on a click link shows the click handler's decision for each platform and browser, in
/// HTML or JSON, and records nothing.
@Suite("Server: link debugger", .timeLimit(.minutes(5)))
struct LinkDebuggerTests {
    static let link =
        "/H5hv?pid=Email&deep_link_value=apples&af_android_url=https%3A%2F%2Fplay.example.com%2Fapp"
        + "&af_web_dp=https%3A%2F%2Fwww.example.com%2Fapples"

    func withServer(_ body: (EmbeddedServer, InMemoryClickStore) async throws -> Void) async throws {
        let store = InMemoryClickStore()
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1234567890",
                oneLinkDomains: ["onelink-basic-app.onelink.me"], templates: ["H5hv"],
                interstitialDomain: "open.example.net"),
            store: store, clock: ManualClock())
        try await body(EmbeddedServer(configuration: .init(clickHandler: handler)), store)
    }

    static func get(
        _ target: String, on server: EmbeddedServer, headers: [String] = []
    ) async throws -> RouteAnswer {
        let lines = ["GET \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers + ["Connection: close", "", ""]
        return try await server.exchange(lines.joined(separator: "\r\n"))
    }

    @Test("JSON: one decision per platform and browser, the link without debug, and nothing recorded")
    func json() async throws {
        try await withServer { server, store in
            let response = try await Self.get(Self.link + "&debug=1&format=json", on: server)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let answer = try AttributionPayload(jsonString: response.body)
            #expect(answer["link"] == .string("https://onelink-basic-app.onelink.me" + Self.link))
            let cases = (answer["cases"]?.arrayValue ?? []).compactMap(\.objectValue)
            let byName = Dictionary(cases.map { ($0["case"]?.textValue ?? "", $0) }) { $1 }
            #expect(cases.count >= 8)
            #expect(byName["iOS Safari, app installed"]?["decision"] == "opens_app")
            #expect(byName["iOS Safari, app installed"]?["status"] == .null)
            #expect(byName["iOS Safari, app not installed"]?["decision"] == "redirect")
            #expect(
                byName["iOS Safari, app not installed"]?["location"]
                    == "https://apps.apple.com/app/id1234567890")
            #expect(byName["iOS Safari, app not installed"]?["status"] == .int(302))
            #expect(
                byName["iOS Safari, app installed, link pasted in the address bar"]?["decision"] == "redirect"
            )
            let instagram = byName["iOS Instagram in-app browser, app installed"]
            #expect(instagram?["decision"] == "interstitial")
            #expect(instagram?["in_app_browser"] == "instagram")
            #expect(instagram?["status"] == .int(200))
            #expect(byName["iOS Facebook in-app browser, app not installed"]?["in_app_browser"] == "facebook")
            #expect(
                byName["Android Chrome, app not installed"]?["location"] == "https://play.example.com/app")
            #expect(byName["Android Chrome, app not installed"]?["platform"] == "Android")
            #expect(byName["Desktop Chrome (macOS)"]?["location"] == "https://www.example.com/apples")
            #expect(store.count == 0, "the debugger records no click")
        }
    }

    @Test("the debugger's answer for a case is what a real click in that browser gets")
    func sameAsRealClick() async throws {
        try await withServer { server, store in
            let debug = try await Self.get(
                Self.link + "&debug=1", on: server, headers: ["Accept: application/json"])
            let cases = try AttributionPayload(jsonString: debug.body)["cases"]?.arrayValue ?? []
            for row in cases.compactMap(\.objectValue) where row["decision"] == "redirect" {
                let click = try await Self.get(
                    Self.link, on: server,
                    headers: [
                        "User-Agent: \(row["user_agent"]?.textValue ?? "")", "X-Forwarded-For: 203.0.113.9",
                        "Accept-Language: en-US",
                    ])
                #expect(click.status == 302)
                #expect(
                    click.header("Location") == row["location"]?.stringValue,
                    "\(row["case"]?.textValue ?? "")")
            }
            #expect(store.count > 0)
        }
    }

    @Test("HTML by default, every value escaped; a refused link shows the handler's error per case")
    func html() async throws {
        try await withServer { server, _ in
            let page = try await Self.get("/H5hv?pid=%3Cb%3E&debug=1", on: server)
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.body.contains("<h1>Link debugger</h1>"))
            #expect(page.body.contains("iOS Instagram in-app browser, app installed"))
            #expect(!page.body.contains("<b>"))
            let unknown = try await Self.get(
                "/H5hv?pid=x&af_click_lookback=99d&debug=1&format=json", on: server)
            let cases = try AttributionPayload(jsonString: unknown.body)["cases"]?.arrayValue ?? []
            let decisions = Set(cases.compactMap { $0.objectValue?["decision"]?.textValue })
            #expect(decisions.isSubset(of: ["error", "opens_app"]), "\(decisions)")
            #expect(decisions.contains("error"))
            let expired = try await Self.get("/H5hv/nope?debug=1&format=json", on: server)
            let expiredCases = try AttributionPayload(jsonString: expired.body)["cases"]?.arrayValue ?? []
            let redirect = expiredCases.compactMap(\.objectValue).first { $0["decision"] == "redirect" }
            #expect(redirect?["attributable"] == false)
            #expect(redirect?["detail"]?.stringValue?.contains("no click is recorded") == true)
            #expect(redirect?["detail"]?.stringValue?.contains("records the click") == false)
        }
    }
}
