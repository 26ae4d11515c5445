import Foundation
import OneLinkClicks
import OneLinkEmulator
import OneLinkEmulatorTestSupport
import OneLinkServer
import Testing

/// What the router answers to odd requests, in process.
///
/// An unknown path or method, a bounded message for a huge number, precise percent-escape errors,
/// empty segments and a full click store, on ``EmbeddedServer``; the loopback suites keep what only a
/// socket shows.
@Suite("Server: answers to odd requests", .timeLimit(.minutes(2)))
struct ServerRouteAnswerTests {
    static let close = "Connection: close\r\n"

    /// A server seeded from ``BackendFixture`` as the loopback fixture server is.
    static func fixtureServer(clickHandler: ClickHandler? = nil) -> EmbeddedServer {
        let fixture = BackendFixture(wrapperBase: EmbeddedTransport.baseURL)
        return EmbeddedServer(
            configuration: .init(
                shortLinkResolver: fixture.makeShortLinkResolver(),
                conversionDataSource: fixture.makeConversionDataSource(),
                deferredDeepLinkSource: fixture.makeDeferredDeepLinkSource(), clickHandler: clickHandler,
                landingPaths: ["/landing"]))
    }

    /// Expects `status` and the JSON error body with `reason`.
    static func expectError(
        _ response: RouteAnswer, _ status: Int, _ reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(
            try AttributionPayload(jsonString: response.body)
                == ServerProtocolTests.errorBody(status, reason),
            sourceLocation: sourceLocation)
    }

    @Test("an unknown path gets 404 with a JSON error_reason and status_code")
    func unknownPath() async throws {
        let response = try await Self.fixtureServer().call("GET", "/nowhere?x=1")
        try Self.expectError(response, 404, "no route for GET /nowhere")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.body == #"{"error_reason":"no route for GET /nowhere","status_code":404}"#)
    }

    @Test("a wrong method on an API path gets 405 with Allow")
    func wrongMethod() async throws {
        let response = try await Self.fixtureServer().call("DELETE", "/install_data/v5.0/1")
        try Self.expectError(response, 405, "DELETE is not allowed here; use GET")
        #expect(response.header("Allow") == "GET")
    }

    @Test("a 1 MiB number in a deferred body gets a short 400 that says how much was left out")
    func boundedJSONNumber() async throws {
        let digits = String(repeating: "9", count: (1 << 20) - 64)
        let body = #"{"device_id": "d", "n": "# + digits + "}"
        let response = try await Self.fixtureServer().exchange(
            "POST /v1.0/ios/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n"
                + "\(Self.close)\r\n" + body)
        #expect(response.status == 400)
        #expect(response.body.utf8.count < 2048)
        #expect(response.body.contains("more bytes)"))
    }

    @Test("percent escapes: an invalid escape and bytes that are not UTF-8 are told apart")
    func percentEscapes() async throws {
        let server = Self.fixtureServer()
        let notUTF8 = try await server.exchange(
            "GET /shortlink-sdk/v2/H5hv?id=%ff%fe HTTP/1.1\r\nHost: a\r\n\(Self.close)\r\n")
        let invalid = try await server.exchange(
            "GET /shortlink-sdk/v2/H5hv?id=%zz HTTP/1.1\r\nHost: a\r\n\(Self.close)\r\n")
        #expect(notUTF8.status == 400)
        #expect(notUTF8.body.contains("the query percent-decodes to bytes that are not UTF-8 (id=%ff%fe)"))
        #expect(invalid.status == 400)
        #expect(invalid.body.contains(#"the query holds an invalid percent escape \"%zz\""#))
    }

    @Test("a lowercase or unknown method is 501, not 404")
    func unknownMethod() async throws {
        let response = try await Self.fixtureServer().exchange(
            "get /shortlink-sdk/v2/H5hv?id=6d66214a HTTP/1.1\r\nHost: a\r\n\(Self.close)\r\n")
        #expect(response.status == 501)
        #expect(response.body.contains("method get is not implemented (methods are case-sensitive"))
    }

    @Test("//shortlink-sdk/... and a trailing slash are not the API path")
    func emptySegments() async throws {
        let server = Self.fixtureServer()
        var statuses: [Int] = []
        for target in ["//shortlink-sdk/v2/H5hv?id=6d66214a", "/shortlink-sdk/v2/H5hv/?id=6d66214a"] {
            statuses.append(
                try await server.exchange("GET \(target) HTTP/1.1\r\nHost: a\r\n\(Self.close)\r\n").status)
        }
        #expect(statuses == [404, 404])
    }

    @Test("a full click store is answered 503, not 400")
    func fullClickStore() async throws {
        let store = InMemoryClickStore(capacity: 1)
        let handler = try ClickHandler(
            configuration: .init(
                appStoreURL: "https://apps.apple.com/app/id1", oneLinkDomains: ["x.onelink.me"],
                templates: ["H5hv"],
                interstitialDomain: "open.example.test"),
            store: store)
        let server = Self.fixtureServer(clickHandler: handler)
        let agent =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
        var statuses: [Int] = []
        for _ in 0..<2 {
            let response = try await server.exchange(
                "GET /H5hv?pid=Email HTTP/1.1\r\nHost: x.onelink.me\r\nUser-Agent: \(agent)\r\n\(Self.close)\r\n"
            )
            statuses.append(response.status)
        }
        #expect(statuses == [302, 503])
    }

    @Test("each answer is logged as the I/O loop logs it: a refused request as -, a silent close as status 0")
    func requestLog() async throws {
        let log = InMemoryRequestLogSink()
        let server = EmbeddedServer(configuration: .init(logSink: log))
        let missing = try await server.call("GET", "/shortlink-sdk/v2/H5hv?id=xyz")
        let refused = try await server.exchange("NOT A REQUEST LINE\r\n\r\n")
        server.faultPlan = FaultPlan([.route(.shortLink): [.closeWithoutResponse]])
        _ = try await server.call("GET", "/shortlink-sdk/v2/H5hv?id=abc")
        let entries = log.entries
        #expect(
            entries.map(\.requestLine) == [
                "GET /shortlink-sdk/v2/H5hv?id=xyz", "-", "GET /shortlink-sdk/v2/H5hv?id=abc",
            ])
        #expect(entries.map(\.status) == [404, 400, 0])
        #expect(entries.map(\.bodyBytes) == [missing.body.utf8.count, refused.body.utf8.count, 0])
        #expect(Set(entries.map(\.client)) == ["127.0.0.1"])
    }
}
