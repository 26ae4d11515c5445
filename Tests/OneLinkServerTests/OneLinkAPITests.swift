import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkServer
import OneLinkTestThreads
import Testing

/// The public OneLink API, v2.0 and v1, against a running server: the calls, errors and limits of
/// https://dev.appsflyer.com/hc/reference/onelink-rest-api-v20 and the v1 reference.
@Suite("Server: OneLink API", .timeLimit(.minutes(5)))
struct OneLinkAPITests {
    static let token = "API_TOKEN"
    static let host = "myapp.onelink.me"
    /// A branded domain long enough that its links need QR version 8 (two block sizes, version bits).
    static let longBrand = "a-very-long-branded-domain-for-qr-version-tests.click.example.com"

    /// A server with the OneLink API on a manual clock, links stored in `links`, in process.
    struct APIServer {
        let server: EmbeddedServer
        let links: InMemoryShortLinkResolver
        let clock: ManualClock
        let store: InMemoryClickStore

        /// A server whose click handler knows template `A1b3` on ``OneLinkAPITests/host``, after
        /// `settings` and `configure` adjusted the API's settings and the server's configuration.
        init(
            links: InMemoryShortLinkResolver = InMemoryShortLinkResolver(),
            clock: ManualClock = ManualClock(),
            enabled: Bool = true,
            settings: (inout OneLinkAPISettings) -> Void = { _ in },
            configure: (inout OneLinkServer.Configuration) -> Void = { _ in }
        ) throws {
            let store = InMemoryClickStore()
            let handler = try ClickHandler(
                configuration: .init(
                    appStoreURL: "https://apps.apple.com/app/id1234567890", oneLinkDomains: [host],
                    templates: ["A1b3"], interstitialDomain: "open.example.net"),
                shortLinks: links, store: store, clock: clock)
            var api = OneLinkAPISettings(links: links, tokens: [token], linkDomain: host)
            settings(&api)
            var configuration = OneLinkServer.Configuration(
                shortLinkResolver: links, clickHandler: handler, clock: clock, oneLinkAPI: enabled ? api : nil
            )
            configure(&configuration)
            self.init(
                server: EmbeddedServer(configuration: configuration), links: links, clock: clock, store: store
            )
        }

        private init(
            server: EmbeddedServer, links: InMemoryShortLinkResolver, clock: ManualClock,
            store: InMemoryClickStore
        ) {
            self.server = server
            self.links = links
            self.clock = clock
            self.store = store
        }

        /// Sends one request and reads the answer; `token` goes in the `authorization` header.
        func call(
            _ method: String, _ path: String, body: String? = nil, token: String? = OneLinkAPITests.token,
            headers: [String] = []
        ) async throws -> RouteAnswer {
            var fields = token.map { ["authorization: \($0)"] } ?? []
            fields += headers
            if body != nil { fields.append("Content-Type: application/json") }
            return try await server.call(method, path, headers: fields, body: body)
        }

        /// Creates ``OneLinkAPITests/createBody``'s link through v2.0.
        @discardableResult
        func createExample() async throws -> RouteAnswer {
            try await call("POST", "/api/v2.0/shortlinks/A1b3", body: OneLinkAPITests.createBody)
        }

        /// Creates a v1 link with `id` for each of `ids`; expects 200.
        func createV1(_ ids: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws {
            for id in ids {
                let created = try await call(
                    "POST", "/shortlink/v1/A1b3?id=\(id)", body: #"{"data":{"pid":"sms"}}"#)
                #expect(created.status == 200, sourceLocation: sourceLocation)
            }
        }

        /// Expects v2.0's update, delete and QR of `id`, a link no API made, to be refused as
        /// `invalid_source`.
        func expectInvalidSource(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        {
            for (method, path) in [
                ("PUT", "/api/v2.0/shortlinks/A1b3/\(id)"), ("DELETE", "/api/v2.0/shortlinks/A1b3/\(id)"),
                ("GET", "/api/v2.0/shortlinks/A1b3/\(id)/qr"),
            ] {
                try OneLinkAPITests.expectError(
                    try await call(method, path, body: method == "PUT" ? #"{"data":{"pid":"x"}}"# : nil),
                    400, "invalid_source", OneLinkAPITests.noSource, sourceLocation: sourceLocation)
            }
        }
    }

    func withAPIServer(
        quota: Int = 7_500_000, perSecond: Int = 1000, enabled: Bool = true,
        _ body: (APIServer) async throws -> Void
    ) async throws {
        let links = InMemoryShortLinkResolver()
        try await body(
            APIServer(
                links: links, enabled: enabled,
                settings: {
                    $0.brandDomains = ["click.example.com", Self.longBrand]
                    $0.monthlyQuota = quota
                    $0.requestsPerSecond = perSecond
                    $0.v1RequestsPerSecond = perSecond
                },
                configure: { $0.shortLinkCreator = InMemoryShortLinkCreator(resolver: links) }))
    }

    static func object(_ text: String) throws -> [String: AttributionValue] {
        try AttributionPayload(jsonString: text).values
    }

    static func expectError(
        _ response: RouteAnswer, _ status: Int, _ type: String, _ message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == "application/json", sourceLocation: sourceLocation)
        let body = try object(response.body)
        #expect(body["error_type"] == .string(type), sourceLocation: sourceLocation)
        #expect(body["message"] == .string(message), sourceLocation: sourceLocation)
    }

    static let noSource = "This operation is not allowed for this shortlink source-caller."

    static let createBody =
        #"{"shortlink_id":"my_shortlink_id","ttl":"1h","data":{"pid":"my_media_source_SMS","c":"my_campaign","deep_link_value":"peaches"}}"#

    @Test(
        "v2.0 create with a custom ID answers its URL; the same ID again is 409; get answers payload, expiry and ttl"
    )
    func createGetAndConflict() async throws {
        try await withAPIServer { api in
            let created = try await api.createExample()
            #expect(created.status == 200)
            #expect(
                try Self.object(created.body)["shortlink_url"]
                    == .string("https://myapp.onelink.me/A1b3/my_shortlink_id"))
            let again = try await api.createExample()
            try Self.expectError(again, 409, "invalid_parameter", "Shortlink ID already exists")

            let got = try await api.call("GET", "/api/v2.0/shortlinks/A1b3/my_shortlink_id")
            #expect(got.status == 200)
            let body = try Self.object(got.body)
            #expect(
                body["payload"]
                    == .object([
                        "pid": "my_media_source_SMS", "c": "my_campaign", "deep_link_value": "peaches",
                    ]))
            #expect(body["ttl"] == .int(3600))
            let expiry = api.clock.now.addingTimeInterval(3600)
            let formatter = ISO8601DateFormatter()
            #expect(body["expiry"] == .string(formatter.string(from: expiry)))

            let random = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3", body: #"{"data":{"pid":"email"}}"#)
            let url = try #require(try Self.object(random.body)["shortlink_url"]?.stringValue)
            let id = try #require(url.split(separator: "/").last)
            #expect(url.hasPrefix("https://myapp.onelink.me/A1b3/") && id.count == 8)
            #expect(api.links[template: "A1b3", shortID: String(id)] == ["pid": "email"])
        }
    }

    @Test("a link created through either API resolves on the SDK's short-link path and through a click")
    func createdLinksResolve() async throws {
        try await withAPIServer { api in
            try await api.createExample()
            let v1 = try await api.call(
                "POST", "/shortlink/v1/A1b3?id=old_client",
                body: #"{"data":{"pid":"sms","deep_link_value":"plums"}}"#)
            #expect(v1.status == 200)
            #expect(v1.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(v1.body == "https://myapp.onelink.me/A1b3/old_client")
            for (id, value) in [("my_shortlink_id", "peaches"), ("old_client", "plums")] {
                let resolved = try await api.call("GET", "/shortlink-sdk/v2/A1b3?id=\(id)", token: nil)
                #expect(resolved.status == 200)
                #expect(try Self.object(resolved.body)["deep_link_value"] == .string(value))
                let click = try await api.call(
                    "GET", "/A1b3/\(id)", token: nil,
                    headers: [
                        "User-Agent: \(ClickStoreServer.safari)",
                        "X-Forwarded-For: 203.0.113.7",
                    ])
                #expect(click.status == 302)
            }
            let clicked = api.store.recordedClicks.map { $0.link.parameters["deep_link_value"]?.stringValue }
            #expect(clicked == ["peaches", "plums"])
        }
    }

    @Test(
        "ttl: minutes, hours and days; over 730 days or invalid is clamped to 31 days; v1's ceiling is 31 days"
    )
    func ttlClamping() async throws {
        try await withAPIServer { api in
            let cases: [(String, String, Int)] = [
                ("v2", "10m", 600), ("v2", "20h", 72_000), ("v2", "14", 14 * 86_400),
                ("v2", "730d", 730 * 86_400),
                ("v2", "731d", 31 * 86_400), ("v2", "soon", 31 * 86_400), ("v2", "0d", 31 * 86_400),
                ("v1", "25d", 25 * 86_400), ("v1", "40d", 31 * 86_400),
            ]
            for (index, (version, ttl, seconds)) in cases.enumerated() {
                let body = #"{"ttl":"\#(ttl)","shortlink_id":"t\#(index)","data":{"pid":"sms"}}"#
                let created =
                    version == "v2"
                    ? try await api.call("POST", "/api/v2.0/shortlinks/A1b3", body: body)
                    : try await api.call("POST", "/shortlink/v1/A1b3?id=t\(index)", body: body)
                #expect(created.status == 200, "\(version) \(ttl)")
                let got = try await api.call("GET", "/api/v2.0/shortlinks/A1b3/t\(index)")
                #expect(try Self.object(got.body)["ttl"] == .int(seconds), "\(version) \(ttl)")
            }
        }
    }

    @Test("an expired link is gone from the API, the SDK path and clicks")
    func expiry() async throws {
        try await withAPIServer { api in
            _ = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3",
                body: #"{"shortlink_id":"brief","ttl":"10m","data":{"pid":"sms","renew_ttl":false}}"#)
            await api.clock.advance(by: .seconds(599))
            #expect(try await api.call("GET", "/shortlink-sdk/v2/A1b3?id=brief", token: nil).status == 200)
            await api.clock.advance(by: .seconds(1))
            #expect(try await api.call("GET", "/shortlink-sdk/v2/A1b3?id=brief", token: nil).status == 404)
            try Self.expectError(
                try await api.call("GET", "/api/v2.0/shortlinks/A1b3/brief"), 404, "invalid_parameter",
                "Shortlink not found")
            #expect(api.links[template: "A1b3", shortID: "brief"] == nil)
        }
    }

    @Test("update replaces the payload and resets the TTL; delete answers \"ok\" and the link is gone")
    func updateAndDelete() async throws {
        try await withAPIServer { api in
            try await api.createExample()
            let updated = try await api.call(
                "PUT", "/api/v2.0/shortlinks/A1b3/my_shortlink_id",
                body:
                    #"{"ttl":"22d","brand_domain":"click.example.com","data":"{\"pid\":\"email\",\"c\":\"new\"}"}"#
            )
            #expect(updated.status == 200)
            #expect(
                try Self.object(updated.body)["shortlink_url"]
                    == .string("https://click.example.com/A1b3/my_shortlink_id"))
            let got = try Self.object(
                try await api.call("GET", "/api/v2.0/shortlinks/A1b3/my_shortlink_id").body)
            #expect(got["payload"] == .object(["pid": "email", "c": "new"]))
            #expect(got["ttl"] == .int(22 * 86_400))
            try Self.expectError(
                try await api.call("PUT", "/api/v2.0/shortlinks/A1b3/nope", body: #"{"data":{"pid":"x"}}"#),
                404,
                "invalid_parameter", "Shortlink not found")

            let deleted = try await api.call("DELETE", "/api/v2.0/shortlinks/A1b3/my_shortlink_id")
            #expect(deleted.status == 200)
            #expect(deleted.body == "\"ok\"")
            #expect(
                try await api.call("GET", "/shortlink-sdk/v2/A1b3?id=my_shortlink_id", token: nil).status
                    == 404)
            try Self.expectError(
                try await api.call("DELETE", "/api/v2.0/shortlinks/A1b3/my_shortlink_id"), 404,
                "invalid_parameter", "Shortlink not found")
        }
    }

    @Test("v2.0 may not update, delete or draw a link no API created: 400 invalid_source")
    func invalidSource() async throws {
        try await withAPIServer { api in
            api.links[template: "A1b3", shortID: "legacy"] = ["pid": "sms"]
            try await api.expectInvalidSource("legacy")
        }
    }

    @Test("the authorization token: missing or unknown is 401 (JSON on v2.0, plain text on v1)")
    func authentication() async throws {
        try await withAPIServer { api in
            let message = "Authentication failed. Use a valid OneLink API token from your security center."
            for token in [nil, "wrong"] as [String?] {
                try Self.expectError(
                    try await api.call(
                        "POST", "/api/v2.0/shortlinks/A1b3", body: Self.createBody, token: token),
                    401, "authentication_failure", message)
                try Self.expectError(
                    try await api.call("GET", "/api/v2.0/shortlinks-quota/acct", token: token), 401,
                    "authentication_failure", message)
            }
            let v1 = try await api.call(
                "POST", "/shortlink/v1/A1b3", body: #"{"data":{"pid":"sms"}}"#, token: "wrong")
            #expect(v1.status == 401)
            #expect(v1.body == message)
            #expect(api.links[template: "A1b3", shortID: "my_shortlink_id"] == nil)
        }
    }

    @Test("brand_domain must be one of the account's branded domains, else 403 wrong_brand_domain")
    func brandDomains() async throws {
        try await withAPIServer { api in
            let branded = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3",
                body: #"{"shortlink_id":"b","brand_domain":"Click.Example.com","data":{"pid":"sms"}}"#)
            #expect(
                try Self.object(branded.body)["shortlink_url"] == .string("https://click.example.com/A1b3/b"))
            try Self.expectError(
                try await api.call(
                    "POST", "/api/v2.0/shortlinks/A1b3",
                    body: #"{"brand_domain":"other.com","data":{"pid":"sms"}}"#),
                403, "wrong_brand_domain", "Brand domain mismatch")
        }
    }

    @Test("bad bodies are 400: no data, no pid, nested values, a bad ID, and data over 2,048 characters")
    func badBodies() async throws {
        try await withAPIServer { api in
            for body in [
                "not json", #"{"ttl":"1d"}"#, #"{"data":{"c":"no pid"}}"#,
                #"{"data":{"pid":"x","n":{"a":1}}}"#,
                #"{"shortlink_id":"has space","data":{"pid":"x"}}"#,
                #"{"shortlink_id":"\#(String(repeating: "a", count: 51))","data":{"pid":"x"}}"#,
            ] {
                let response = try await api.call("POST", "/api/v2.0/shortlinks/A1b3", body: body)
                #expect(response.status == 400)
                let answer = try Self.object(response.body)
                #expect(answer["error_type"] == .string("invalid_parameter"))
                // The message names the parameter or says what is wrong with the body (OneLinkAPIDevHubTests).
                let message = answer["message"]?.stringValue ?? ""
                #expect(
                    message.hasPrefix("Parameter '")
                        || message == "Generating shortlink failed, invalid request body")
            }
            let long = String(repeating: "x", count: 2050)
            try Self.expectError(
                try await api.call(
                    "POST", "/api/v2.0/shortlinks/A1b3", body: #"{"data":{"pid":"\#(long)"}}"#), 400,
                "limit_exceeded", "Generating shortlink failed, data sent exceeds limit")
            #expect(api.links[template: "A1b3", shortID: "has space"] == nil)
        }
    }

    @Test("the monthly quota counts create, update and delete (not get), answers 429, and renews next month")
    func quota() async throws {
        try await withAPIServer(quota: 2) { api in
            #expect(
                try await api.call("GET", "/api/v2.0/shortlinks-quota/acct").body
                    == #"{"remaining_api_calls":2}"#)
            try await api.createExample()
            _ = try await api.call("GET", "/api/v2.0/shortlinks/A1b3/my_shortlink_id")
            #expect(
                try await api.call("GET", "/api/v2.0/shortlinks-quota/acct").body
                    == #"{"remaining_api_calls":1}"#)
            _ = try await api.call("DELETE", "/api/v2.0/shortlinks/A1b3/my_shortlink_id")
            // v1 has its own quota (OneLinkAPIDevHubTests): use it up too.
            _ = try await api.call("POST", "/shortlink/v1/A1b3", body: #"{"data":{"pid":"sms"}}"#)
            _ = try await api.call("POST", "/shortlink/v1/A1b3", body: #"{"data":{"pid":"sms"}}"#)
            try Self.expectError(
                try await api.createExample(), 429,
                "quota_exceeded",
                "Monthly Quota Exceeded.")
            let v1 = try await api.call("POST", "/shortlink/v1/A1b3", body: #"{"data":{"pid":"sms"}}"#)
            #expect(v1.status == 429)
            #expect(v1.body == "Monthly quota exceeded")
            #expect(
                try await api.call("GET", "/api/v2.0/shortlinks-quota/acct").body
                    == #"{"remaining_api_calls":0}"#)
            await api.clock.advance(by: .seconds(32 * 86_400))
            #expect(
                try await api.call("GET", "/api/v2.0/shortlinks-quota/acct").body
                    == #"{"remaining_api_calls":2}"#)
            #expect(
                try await api.createExample().status == 200)
        }
    }

    @Test("the rate limit counts requests per second on the server's clock and answers 429")
    func rateLimit() async throws {
        try await withAPIServer(perSecond: 2) { api in
            // Start on a whole second, so the three calls share one.
            let fraction = api.clock.now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1)
            if fraction > 0 { await api.clock.advance(by: .milliseconds(Int64((1 - fraction) * 1000) + 1)) }
            #expect(try await api.call("GET", "/api/v2.0/shortlinks-quota/acct").status == 200)
            #expect(try await api.call("GET", "/api/v2.0/shortlinks-quota/acct").status == 200)
            try Self.expectError(
                try await api.call("GET", "/api/v2.0/shortlinks-quota/acct"), 429, "rate_limit_exceeded",
                "Rate Limit Exceeded.")
            let v1 = try await api.call("GET", "/shortlink/v1/A1b3?id=x")
            #expect(v1.status == 404)
            await api.clock.advance(by: .seconds(1))
            #expect(try await api.call("GET", "/api/v2.0/shortlinks-quota/acct").status == 200)
        }
    }

    @Test(
        "v1 for old clients: get answers the parameters, update the plain URL, delete ok; errors are plain text"
    )
    func v1Calls() async throws {
        try await withAPIServer { api in
            let body = #"{"data":{"pid":"sms","deep_link_value":"plums"}}"#
            #expect(try await api.call("POST", "/shortlink/v1/A1b3?id=old", body: body).status == 200)
            let again = try await api.call("POST", "/shortlink/v1/A1b3?id=old", body: body)
            #expect(again.status == 409)
            #expect(again.body == "Shortlink ID already exists")
            let got = try await api.call("GET", "/shortlink/v1/A1b3?id=old")
            #expect(try Self.object(got.body) == ["pid": "sms", "deep_link_value": "plums"])
            let updated = try await api.call(
                "PUT", "/shortlink/v1/A1b3?id=old",
                body: #"{"ttl":"2d","data":{"pid":"sms","deep_link_value":"figs"}}"#)
            #expect(updated.body == "https://myapp.onelink.me/A1b3/old")
            #expect(api.links[template: "A1b3", shortID: "old"]?["deep_link_value"] == .string("figs"))
            let deleted = try await api.call("DELETE", "/shortlink/v1/A1b3?id=old")
            #expect(deleted.status == 200 && deleted.body == "ok")
            let missing = try await api.call("GET", "/shortlink/v1/A1b3?id=old")
            #expect(missing.status == 404 && missing.body == "Shortlink not found")
            let noID = try await api.call("DELETE", "/shortlink/v1/A1b3")
            #expect(noID.status == 400 && noID.body == "Bad request: missing query parameter id")
        }
    }

    @Test(
        "the SDK's invite call on v1's path (dev key in authentication, no token) still creates through the creator"
    )
    func sdkInviteCallStillWorks() async throws {
        try await withAPIServer { api in
            let created = try await api.call(
                "POST", "/shortlink/v1/A1b3",
                body: #"{"brand_domain":"myapp.onelink.me","data":{"pid":"af_app_invites"}}"#,
                token: nil, headers: ["authentication: DEV_KEY"])
            #expect(created.status == 200)
            #expect(created.body.hasPrefix("https://myapp.onelink.me/A1b3/"))
        }
    }

    @Test("without the OneLink API the calls are 403 feature_not_enabled; a wrong method is 405 with Allow")
    func notEnabledAndMethods() async throws {
        try await withAPIServer(enabled: false) { api in
            let response = try await api.createExample()
            #expect(response.status == 403)
            #expect(try Self.object(response.body)["error_type"] == .string("feature_not_enabled"))
            let patch = try await api.call("PATCH", "/api/v2.0/shortlinks/A1b3/x", body: "{}")
            #expect(patch.status == 405)
            #expect(patch.header("Allow") == "GET, PUT, DELETE")
        }
    }

    @Test("QR: a real PNG or JPEG (format=jpg) of the link's URL, sized as asked; bad parameters are 400")
    func qrCode() async throws {
        try await withAPIServer { api in
            try await api.createExample()
            let answer = try await api.call("GET", "/api/v2.0/shortlinks/A1b3/my_shortlink_id/qr?size=330")
            let png = try Self.qrImage(answer, prefix: "image/png;base64,")
            let image = try PNGReader(Array(png))
            #expect(image.width == 330 && image.height == 330)
            // Version 4 (33 modules) with a 4-module quiet zone is 41 modules: 8 pixels each, 1 pixel of
            // centring. The finder patterns' outer rings are dark, the ring inside them light.
            let (scale, start) = (8, 1 + 4 * 8)
            let far = start + 32 * scale
            for (x, y) in [(start, start), (far, start), (start, far)] {
                #expect(image.pixel(x, y) == 0)
                let inward = (x == start ? 1 : -1, y == start ? 1 : -1)
                #expect(image.pixel(x + inward.0 * scale, y + inward.1 * scale) == 255)
                #expect(image.pixel(x + inward.0 * 3 * scale, y + inward.1 * 3 * scale) == 0)
            }
            #expect(image.pixel(1, 1) == 255)
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
                let decoded = try await Self.zbar(png)
                #expect(decoded == "QR-Code:https://myapp.onelink.me/A1b3/my_shortlink_id")
            }
            // format=jpeg is a baseline JPEG of the same picture: dark where the PNG is dark.
            let jpegAnswer = try await api.call(
                "GET", "/api/v2.0/shortlinks/A1b3/my_shortlink_id/qr?size=330&format=jpeg")
            let jpeg = try Self.qrImage(jpegAnswer, prefix: "image/jpeg;base64,")
            let jpegImage = try JPEGReader(Array(jpeg))
            #expect(jpegImage.width == 330 && jpegImage.height == 330)
            var mismatches = 0
            for y in 0..<330 {
                for x in 0..<330 where (jpegImage.pixel(x, y) < 128) != (image.pixel(x, y) < 128) {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0)
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
                let decoded = try await Self.zbar(jpeg, fileExtension: "jpg")
                #expect(decoded == "QR-Code:https://myapp.onelink.me/A1b3/my_shortlink_id")
            }
            let explicitPNG = try await api.call(
                "GET", "/api/v2.0/shortlinks/A1b3/my_shortlink_id/qr?size=330&format=png")
            #expect(try Self.qrImage(explicitPNG, prefix: "image/png;base64,") == png)
            let longID = String(repeating: "l", count: 50)
            _ = try await api.call(
                "POST", "/api/v2.0/shortlinks/A1b3",
                body:
                    #"{"shortlink_id":"\#(longID)","brand_domain":"\#(Self.longBrand)","data":{"pid":"sms"}}"#
            )
            let long = try await api.call("GET", "/api/v2.0/shortlinks/A1b3/\(longID)/qr?format=jpg")
            let longJPEG = try Self.qrImage(long, prefix: "image/jpeg;base64,")
            let longImage = try JPEGReader(Array(longJPEG))
            // Version 8 is 49 modules, 57 with the quiet zone: 5 pixels each after 7 pixels of centring.
            #expect(longImage.width == 300 && longImage.pixel(27, 27) < 64 && longImage.pixel(26, 26) > 192)
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
                let decoded = try await Self.zbar(longJPEG, fileExtension: "jpg")
                #expect(decoded == "QR-Code:https://\(Self.longBrand)/A1b3/\(longID)")
            }
            try Self.expectError(
                try await api.call("GET", "/api/v2.0/shortlinks/A1b3/my_shortlink_id/qr?size=3001"), 400,
                "invalid_parameter", "Invalid QR parameter: size")
            try Self.expectError(
                try await api.call("GET", "/api/v2.0/shortlinks/A1b3/my_shortlink_id/qr?format=gif"), 400,
                "invalid_parameter", "Invalid QR parameter: format")
            try Self.expectError(
                try await api.call("GET", "/api/v2.0/shortlinks/A1b3/none/qr"), 404, "invalid_parameter",
                "Shortlink not found")
        }
    }

    /// The image in a 200 answer of the QR call, whose `qr` must start with `prefix`.
    static func qrImage(_ response: RouteAnswer, prefix: String) throws -> Data {
        #expect(response.status == 200)
        let qr = try #require(try object(response.body)["qr"]?.stringValue)
        #expect(qr.hasPrefix(prefix), "\(qr.prefix(40))")
        return try #require(Data(base64Encoded: String(qr.dropFirst(prefix.count))))
    }

    /// What `zbarimg` (Debian's zbar-tools, when installed) reads from `image`, a PNG or JPEG file.
    static func zbar(_ image: Data, fileExtension: String = "png") async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "qr-\(UUID().uuidString).\(fileExtension)")
        try image.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await onThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
            process.arguments = ["--quiet", file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}

/// Reads the 8-bit grayscale, unfiltered, stored-zlib PNGs the server writes, checking every CRC
/// and the Adler-32.
struct PNGReader {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    private let rows: [[UInt8]]

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure(description: "no PNG signature")
        }
        var offset = 8
        var header: [UInt8] = []
        var data: [UInt8] = []
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 12 <= bytes.count {
            let length = word(offset)
            let typed = Array(bytes[offset + 4..<offset + 8 + length])
            guard UInt32(word(offset + 8 + length)) == Self.crc32(typed) else {
                throw Failure(description: "bad CRC")
            }
            let type = String(decoding: typed.prefix(4), as: UTF8.self)
            if type == "IHDR" { header = Array(typed.dropFirst(4)) }
            if type == "IDAT" { data += typed.dropFirst(4) }
            offset += 12 + length
        }
        guard header.count == 13, header[8] == 8, header[9] == 0 else {
            throw Failure(description: "not 8-bit gray")
        }
        let width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        self.width = width
        self.height = height
        var raw: [UInt8] = []
        var index = 2
        while true {
            let final = data[index] & 1 == 1
            guard data[index] & 6 == 0 else { throw Failure(description: "not a stored block") }
            let count = Int(data[index + 1]) | Int(data[index + 2]) << 8
            raw += data[index + 5..<index + 5 + count]
            index += 5 + count
            if final { break }
        }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        guard data[index..<index + 4].reduce(0, { $0 << 8 | UInt32($1) }) == b << 16 | a else {
            throw Failure(description: "bad Adler-32")
        }
        guard raw.count == height * (width + 1) else { throw Failure(description: "wrong data size") }
        rows = (0..<height).map { Array(raw[$0 * (width + 1) + 1..<($0 + 1) * (width + 1)]) }
    }

    func pixel(_ x: Int, _ y: Int) -> UInt8 { rows[y][x] }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
