import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

/// `GET /` with a `ServerDashboard`: what it shows, that it escapes, and that it stays bounded.
@Suite(.timeLimit(.minutes(5))) struct ServerDashboardTests {
    static let host = "onelink-basic-app.onelink.me"
    static let hostile = "<script>alert('x')</script>&\"quoted\""

    func withDashboardServer(
        _ dashboard: ServerDashboard? = ServerDashboard(shortLinks: [
            "H5hv/6d66214a": ["deep_link_value": "apples"]
        ]),
        faults: FaultPlan = .none, _ body: (EmbeddedServer, InMemoryClickStore) async throws -> Void
    ) async throws {
        let running = try ClickStoreServer {
            $0.faultPlan = faults
            $0.dashboard = dashboard
            $0.deviceMemory = nil
            $0.landingPaths = []
        }
        try await body(running.server, running.store)
    }

    func get(_ target: String, on server: EmbeddedServer, headers: [String] = []) async throws -> RouteAnswer
    {
        try await server.call("GET", target, headers: headers)
    }

    /// The rows of the table in `<section id="…">`.
    static func rows(_ html: String, section: String) -> [String] {
        guard let start = html.range(of: "<section id=\"\(section)\">"),
            let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex)
        else { return [] }
        let body = html[start.upperBound..<end.lowerBound]
        return body.components(separatedBy: "<tr>").dropFirst(2).map { String($0) }
    }

    @Test("without a dashboard, GET / stays an ordinary path (404)")
    func noDashboard() async throws {
        try await withDashboardServer(nil) { server, _ in
            let response = try await get("/", on: server)
            #expect(response.status == 404)
        }
    }

    @Test("GET / shows a click, the install it matched, an organic install and why, short links and faults")
    func showsTraffic() async throws {
        let faults = FaultPlan([.route(.shortLink): [.garbageBody], .route(.deferred): [.status(503)]])
        try await withDashboardServer(faults: faults) { server, store in
            let click = try await get(
                "/H5hv?pid=Email&deep_link_value=\(Self.hostile.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
                on: server,
                headers: [
                    "User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) \(Self.hostile)",
                    "X-Forwarded-For: 203.0.113.7", "X-OneLink-Advertising-ID: idfa-1",
                ])
            #expect(click.status == 302)
            #expect(store.count == 1)
            let time = "2020-08-12%2015:08:00.000"
            let matched = try await get(
                "/install_data/v5.0/id1?device_id=dev-1&install_time=\(time)&advertising_id=idfa-1",
                on: server)
            #expect(matched.status == 200)
            let organic = try await get(
                "/install_data/v5.0/id1?device_id=dev-2&install_time=\(time)", on: server)
            #expect(organic.body.contains("Organic"))

            let page = try await get("/", on: server)
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
            let html = page.body
            #expect(html.contains("<meta http-equiv=\"refresh\" content=\"2\">"))
            #expect(!html.contains("<script"))
            #expect(!html.contains("src=") && !html.contains("href="))
            #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;quoted&quot;"))

            let requests = Self.rows(html, section: "requests")
            #expect(requests.count == 3)
            #expect(requests.first?.contains("GET /install_data/v5.0/id1?device_id=dev-2") == true)
            #expect(requests.last?.contains("302 Found") == true)
            let clicks = Self.rows(html, section: "clicks")
            #expect(clicks.count == 1)
            #expect(clicks.first?.contains("advertising ID idfa-1") == true)
            let installs = Self.rows(html, section: "installs")
            #expect(installs.count == 2)
            #expect(installs.last?.contains("dev-1") == true)
            #expect(installs.last?.contains("match_type id_matching") == true)
            #expect(installs.first?.contains("Organic") == true)
            #expect(installs.first?.contains("no recorded click matched") == true)
            #expect(Self.rows(html, section: "short-links").first?.contains("H5hv/6d66214a") == true)
            let faultRows = Self.rows(html, section: "faults")
            #expect(faultRows.count == 2)
            #expect(faultRows.first?.contains("route deferred") == true)
            #expect(faultRows.first?.contains("status 503") == true)
            // The page's own requests are not listed among the requests.
            let again = try await get("/", on: server)
            #expect(Self.rows(again.body, section: "requests").count == 3)
        }
    }

    @Test("the page stays bounded: rows capped, long values cut with a count of what was left out")
    func bounded() async throws {
        let dashboard = ServerDashboard(maximumRows: 3, maximumCellCharacters: 40)
        try await withDashboardServer(dashboard) { server, _ in
            let long = String(repeating: "a", count: 5000)
            for index in 0..<7 {
                _ = try await get("/nowhere/\(index)?\(long)", on: server)
            }
            let html = try await get("/", on: server).body
            let rows = Self.rows(html, section: "requests")
            #expect(rows.count == 3)
            #expect(rows.first?.contains("/nowhere/6") == true)
            #expect(html.contains("Showing the newest 3 of 7."))
            #expect(html.contains("more characters)"))
            #expect(html.utf8.count < 8000)
        }
    }
}
