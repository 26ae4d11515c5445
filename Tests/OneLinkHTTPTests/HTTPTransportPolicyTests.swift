import Foundation
import OneLinkEmulator
import OneLinkHTTP
import Testing

@Suite(.timeLimit(.minutes(5))) struct HTTPTransportPolicyTests {
    @Test(arguments: [
        "https://api.fixture.example", "http://127.0.0.1:8080", "http://127.200.3.4/base",
        "http://localhost:9000",
        "http://LOCALHOST", "http://[::1]:8080", "http://[0:0:0:0:0:0:0:1]/", "http://[::ffff:127.0.0.1]:80",
    ])
    func httpsAndLoopbackHTTPAreAccepted(baseURL: String) throws {
        let resolver = try HTTPShortLinkResolver(
            baseURL: try #require(URL(string: baseURL)), transport: HTTPFakeTransport(status: 200))
        #expect(
            resolver.baseURL.absoluteString.hasPrefix(
                baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL))
    }

    @Test(arguments: [
        "http://api.fixture.example", "http://128.0.0.1", "http://10.0.0.1:8080",
        "http://localhost.evil.example",
        "http://127.0.0.1.nip.io", "http://[::2]", "http://[::ffff:10.0.0.1]",
    ])
    func plainHTTPToAnyOtherHostIsInsecureForEveryBackend(baseURL text: String) throws {
        let baseURL = try #require(URL(string: text))
        let transport = HTTPFakeTransport(status: 200)
        #expect(throws: AttributionError.insecureTransport(text)) {
            try HTTPShortLinkResolver(baseURL: baseURL, transport: transport)
        }
        #expect(throws: AttributionError.insecureTransport(text)) {
            try HTTPConversionDataSource(baseURL: baseURL, transport: transport)
        }
        #expect(throws: AttributionError.insecureTransport(text)) {
            try HTTPDeferredDeepLinkSource(baseURL: baseURL, transport: transport)
        }
    }

    @Test(arguments: [
        (
            "ftp://files.fixture.example",
            "only http and https URLs are supported: ftp://files.fixture.example"
        ),
        ("api.fixture.example/path", "only http and https URLs are supported: api.fixture.example/path"),
        ("https://", "the URL has no host: https://"),
        (
            "https://api.fixture.example/?q=1",
            "a base URL cannot have a query or fragment: https://api.fixture.example/?q=1"
        ),
    ])
    func aBaseURLThatIsNotAnAbsoluteHTTPURLIsADeveloperError(baseURL text: String, message: String) throws {
        let baseURL = try #require(URL(string: text))
        #expect(throws: AttributionError.developerError(message)) {
            try HTTPShortLinkResolver(baseURL: baseURL, transport: HTTPFakeTransport(status: 200))
        }
    }

    func baseURLs(
        _ resolver: some ShortLinkResolver, _ conversion: some ConversionDataSource,
        _ deferred: some DeferredDeepLinkSource
    ) -> [String?] {
        [
            (resolver as? HTTPShortLinkResolver)?.baseURL, (conversion as? HTTPConversionDataSource)?.baseURL,
            (deferred as? HTTPDeferredDeepLinkSource)?.baseURL,
        ].map { $0?.absoluteString }
    }

    @Test func theStaticFactoriesBuildTheHTTPBackendsAndApplyThePolicy() throws {
        let transport = HTTPFakeTransport(status: 200)
        let found = try baseURLs(
            .http(baseURL: URL(string: "http://127.0.0.1:1/")!, transport: transport),
            .http(baseURL: URL(string: "https://a.fixture.example")!, transport: transport),
            .http(baseURL: URL(string: "http://localhost:2")!, transport: transport))
        #expect(found == ["http://127.0.0.1:1", "https://a.fixture.example", "http://localhost:2"])
        #expect(throws: AttributionError.insecureTransport("http://api.fixture.example")) {
            let _: HTTPShortLinkResolver = try .http(
                baseURL: URL(string: "http://api.fixture.example")!, transport: transport)
        }
    }

    @Test func anInsecureWrapperURLIsRejectedBeforeAnythingIsSent() async throws {
        let transport = HTTPFakeTransport(status: 302, headers: ["Location": "https://x.fixture.example"])
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport)
        await #expect(throws: AttributionError.insecureTransport("http://click.fixture.example/wrap")) {
            try await resolver.redirectTarget(of: "http://click.fixture.example/wrap", headers: [:])
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func theURLSessionTransportRejectsAnInsecureURLBeforeSending() async throws {
        let url = try #require(URL(string: "http://api.fixture.example/x"))
        await #expect(throws: AttributionError.insecureTransport("http://api.fixture.example/x")) {
            try await URLSessionHTTPTransport().send(HTTPRequest(url: url))
        }
    }
}
