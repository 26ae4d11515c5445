import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkTestThreads
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 42's last gaps, through a running server: `af_r` on raw attribution links, `HEAD` on click
/// paths (the GET's head, no body, no click), the dashboard's migrated v1 links and the QR call's
/// `brand_domain`.
@Suite("Server: af_r, HEAD on clicks, migrated links, QR brand_domain", .timeLimit(.minutes(5)))
struct ServeLinkGapsTests {
    typealias Raw = RawAttributionLinkTests
    static let android =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
        + "Chrome/124.0.0.0 Mobile Safari/537.36"
    static let desktop =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
        + "Version/17.4 Safari/605.1.15"
    static let promo = "https://www.example.com/promo?a=1&b=2"
    static let encodedPromo = "https%3A%2F%2Fwww.example.com%2Fpromo%3Fa%3D1%26b%3D2"

    /// Sends `method target` with a phone's headers on its own loopback connection and reads the answer.
    static func request(
        _ method: String, _ target: String, port: UInt16, userAgent: String = ServerClickTests.safari
    ) async throws -> RawHTTPConnection.Response {
        let text = [
            "\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(port)", "User-Agent: \(userAgent)",
            "X-Forwarded-For: 203.0.113.7", "Content-Length: 0", "Connection: close", "", "",
        ].joined(separator: "\r\n")
        return try await onThread {
            let connection = try RawHTTPConnection(port: port)
            try connection.send(text)
            let response = try connection.readResponse(bodyless: method == "HEAD")
            // Nothing may follow a HEAD answer's head: the server closes right after it.
            if method == "HEAD", try !connection.readsEndOfStream() {
                throw RawHTTPConnection.Failure(description: "bytes after the head of a HEAD answer")
            }
            return response
        }
    }

    /// Sends `method target` with a phone's headers to the server in process.
    static func request(
        _ method: String, _ target: String, on server: DeviceAdminTests.DeviceServer,
        userAgent: String = ServerClickTests.safari
    ) async throws -> RouteAnswer {
        try await server.send(
            method, target, headers: ["User-Agent: \(userAgent)", "X-Forwarded-For: 203.0.113.7"])
    }

    // MARK: - af_r

    @Test("a raw attribution link's af_r is the redirect on every platform, and the click still attributes")
    func afRRedirects() async throws {
        try await Raw.withRawLinkServer { server in
            for userAgent in [ServerClickTests.safari, Self.android, Self.desktop] {
                let response = try await Self.request(
                    "GET",
                    "/id1234567890?pid=my_test_source&c=promo&idfa=\(Raw.idfa)&af_r=\(Self.encodedPromo)",
                    on: server, userAgent: userAgent)
                #expect(response.status == 302)
                #expect(response.header("Location") == Self.promo)
            }
            #expect(server.store.recordedClicks.count == 3)
            let payload = try await Raw.install(
                "af-r", advertisingID: Raw.idfa, ip: "198.51.100.1", server: server)
            #expect(payload["af_status"] == "Non-organic")
            #expect(payload["media_source"] == "my_test_source")
            #expect(payload["campaign"] == "promo")
        }
    }

    @Test("an af_r that is no http(s) URL is a 400 naming af_r, and nothing is recorded")
    func badAfR() async throws {
        try await Raw.withRawLinkServer { server in
            for value in ["javascript%3Aalert(1)", "not%20a%20url", "ftp%3A%2F%2Fexample.com%2Ff", ""] {
                let response = try await Self.request(
                    "GET", "/id1234567890?pid=src&af_r=\(value)", on: server)
                #expect(response.status == 400, "af_r=\(value)")
                let body = try AttributionPayload(jsonString: response.body)
                #expect(body["error_reason"]?.stringValue?.hasPrefix("af_r is not a usable URL") == true)
            }
            #expect(server.store.recordedClicks.isEmpty)
        }
    }

    @Test("a OneLink routes by platform as before: af_r does not replace the store or af_web_dp")
    func oneLinkIgnoresAfR() async throws {
        try await Raw.withRawLinkServer { server in
            let phone = try await Self.request(
                "GET", "/H5hv?pid=Email&af_r=\(Self.encodedPromo)", on: server)
            #expect(phone.status == 302)
            #expect(phone.header("Location") == ServerClickTests.appStore)
            let desktop = try await Self.request(
                "GET", "/H5hv?pid=Email&af_r=\(Self.encodedPromo)&af_web_dp=https%3A%2F%2Fweb.example.com%2F",
                on: server, userAgent: Self.desktop)
            #expect(desktop.header("Location") == "https://web.example.com/")
        }
    }

    // MARK: - HEAD

    @Test(
        "HEAD on a raw link and a OneLink answers the GET's status and headers with no body, and records nothing"
    )
    func headOnClicks() async throws {
        try await Raw.withRawLinkServer { server in
            try await withStartedServer(server.server.configuration) { loopback in
                let cases: [(String, String)] = [
                    ("/id1234567890?pid=src&af_r=\(Self.encodedPromo)", ServerClickTests.safari),
                    ("/H5hv?pid=Email&c=head", ServerClickTests.safari),
                    ("/H5hv?pid=Email&c=head", ServerClickTests.instagram),
                    ("/id1234567890?pid=src&af_r=javascript%3Ax", ServerClickTests.safari),
                ]
                for (target, userAgent) in cases {
                    let before = server.store.recordedClicks.count
                    let head = try await Self.request(
                        "HEAD", target, port: loopback.port, userAgent: userAgent)
                    #expect(server.store.recordedClicks.count == before, "HEAD \(target) recorded a click")
                    let get = try await Self.request("GET", target, port: loopback.port, userAgent: userAgent)
                    #expect(head.status == get.status, "\(target)")
                    #expect(head.headers == get.headers, "\(target)")
                    #expect(head.body.isEmpty)
                    #expect(Int(head.header("Content-Length") ?? "") == get.body.utf8.count)
                    #expect(get.body.utf8.count > 0)
                }
                // The three GETs that answered 302 or 200 are clicks; the refused one is not.
                #expect(server.store.recordedClicks.count == 3)
            }
        }
    }

    @Test("HEAD then GET on one kept-alive connection: the HEAD answer carries no body bytes")
    func headKeepAlive() async throws {
        try await Raw.withRawLinkServer { server in
            try await withStartedServer(server.server.configuration) { loopback in
                let port = loopback.port
                let (head, get) = try await onThread {
                    let connection = try RawHTTPConnection(port: port)
                    for method in ["HEAD", "GET"] {
                        try connection.send(
                            "\(method) /H5hv?pid=Email HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                + "User-Agent: \(ServerClickTests.instagram)\r\nX-Forwarded-For: 203.0.113.7\r\n\r\n"
                        )
                    }
                    return (try connection.readResponse(bodyless: true), try connection.readResponse())
                }
                #expect(head.status == 200 && get.status == 200)
                #expect(get.body.contains("open-app"))
                #expect(Int(head.header("Content-Length") ?? "") == get.body.utf8.count)
                #expect(server.store.recordedClicks.count == 1)
            }
        }
    }

    @Test("URLSession's HEAD on the interstitial page gets the GET's length and no data")
    func headThroughURLSession() async throws {
        try await Raw.withRawLinkServer { server in
            try await withStartedServer(server.server.configuration) { loopback in
                var request = URLRequest(
                    url: try #require(URL(string: "/H5hv?pid=Email", relativeTo: loopback.baseURL)))
                request.httpMethod = "HEAD"
                request.timeoutInterval = 20
                request.setValue(ServerClickTests.instagram, forHTTPHeaderField: "User-Agent")
                request.setValue("203.0.113.7", forHTTPHeaderField: "X-Forwarded-For")
                let session = URLSession(configuration: .ephemeral)
                defer { session.finishTasksAndInvalidate() }
                let (data, response) = try await session.data(for: request)
                let http = try #require(response as? HTTPURLResponse)
                #expect(http.statusCode == 200)
                #expect(data.isEmpty)
                let length = Int(http.value(forHTTPHeaderField: "Content-Length") ?? "") ?? -1
                #expect(length > 0)
                #expect(server.store.recordedClicks.isEmpty)
                let get = try await Self.request(
                    "GET", "/H5hv?pid=Email", port: loopback.port, userAgent: ServerClickTests.instagram)
                #expect(get.body.utf8.count == length)
            }
        }
    }

    @Test("other methods on a click path are 405 with Allow: GET, HEAD")
    func postOnClick() async throws {
        try await Raw.withRawLinkServer { server in
            let response = try await Self.request("POST", "/H5hv?pid=Email", on: server)
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }

    // MARK: - Dashboard and QR

    /// A server with the OneLink API and the dashboard.
    func withAPIDashboard(_ body: (OneLinkAPITests.APIServer) async throws -> Void) async throws {
        try await body(
            OneLinkAPITests.APIServer(
                settings: { $0.brandDomains = ["click.example.com"] },
                configure: { $0.dashboard = ServerDashboard() }))
    }

    @Test("the dashboard says a v1 link a v2.0 update migrated is 'v1, migrated to v2.0'")
    func migratedOnDashboard() async throws {
        try await withAPIDashboard { api in
            try await api.createV1(["old", "kept"])
            let fresh = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3", body: #"{"shortlink_id":"new","data":{"pid":"sms"}}"#)
            #expect(fresh.status == 200)
            let migrated = try await api.call(
                "PUT", "/api/v2.0/shortlinks/A1b3/old", body: #"{"data":{"pid":"email"}}"#)
            #expect(migrated.status == 200)
            let page = try await api.call("GET", "/", token: nil).body
            func row(_ key: String) -> String? {
                guard let start = page.range(of: "<code>\(key)</code>") else { return nil }
                let rest = page[start.upperBound...]
                return rest.range(of: "</tr>").map { String(rest[..<$0.lowerBound]) }
            }
            #expect(row("A1b3/old")?.contains("v1, migrated to v2.0") == true)
            #expect(row("A1b3/kept")?.contains("<td>v1</td>") == true)
            #expect(row("A1b3/new")?.contains("<td>v2.0</td>") == true)
            #expect(page.contains("<th>Created through</th>"))
        }
    }

    @Test("QR with a brand_domain the account lacks is 400 'Invalid QR parameter: brand_domain'")
    func qrBrandDomain() async throws {
        try await withAPIDashboard { api in
            let created = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3", body: #"{"shortlink_id":"q","data":{"pid":"sms"}}"#)
            #expect(created.status == 200)
            try OneLinkAPITests.expectError(
                try await api.call("GET", "/api/v2.0/shortlinks/A1b3/q/qr?brand_domain=other.example.org"),
                400, "invalid_parameter", "Invalid QR parameter: brand_domain")
            let branded = try await api.call(
                "GET", "/api/v2.0/shortlinks/A1b3/q/qr?brand_domain=click.example.com")
            #expect(branded.status == 200)
        }
    }
}
