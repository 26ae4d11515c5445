import Foundation
import OneLinkEmulator
import OneLinkHTTP
import OneLinkSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct HTTPRedirectTargetTests {
    static let wrapper = "https://click.fixture.example/wrap/a?u=1"

    func hop(status: Int, headers: [String: String] = [:], body: String = "") async throws -> String? {
        let transport = HTTPFakeTransport(status: status, headers: headers, body: body)
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport)
        return try await resolver.redirectTarget(of: Self.wrapper, headers: [:])
    }

    func hopError(status: Int, headers: [String: String] = [:], body: String = "") async -> AttributionError?
    {
        do {
            let target = try await hop(status: status, headers: headers, body: body)
            Issue.record("expected an error, got \(String(describing: target))")
            return nil
        } catch {
            return error as? AttributionError
        }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectWithAnAbsoluteLocationIsOneHop(status: Int) async throws {
        let target = try await hop(
            status: status, headers: ["Location": "https://onelink-basic-app.onelink.me/H5hv/6d66214a"])
        #expect(target == "https://onelink-basic-app.onelink.me/H5hv/6d66214a")
    }

    @Test(arguments: [
        ("/next?x=1", "https://click.fixture.example/next?x=1"),
        ("next", "https://click.fixture.example/wrap/next"),
        ("../top", "https://click.fixture.example/top"),
        ("?u=2", "https://click.fixture.example/wrap/a?u=2"),
        ("//other.fixture.example/x", "https://other.fixture.example/x"),
        ("  https://spaced.fixture.example/  ", "https://spaced.fixture.example/"),
        (
            "afbasicapp://mainactivity?deep_link_value=peaches",
            "afbasicapp://mainactivity?deep_link_value=peaches"
        ),
    ])
    func aRelativeLocationIsResolvedAgainstTheWrapperURL(location: String, expected: String) async throws {
        #expect(try await hop(status: 302, headers: ["location": location]) == expected)
    }

    @Test(arguments: [200, 204])
    func aSuccessMeansTheURLDoesNotRedirect(status: Int) async throws {
        #expect(try await hop(status: status, body: "<html>landing</html>") == nil)
    }

    @Test func aRedirectWithoutLocationIsAnInvalidResponse() async {
        #expect(
            await hopError(status: 302)
                == .invalidResponse("302 from \(Self.wrapper) has no Location header"))
        #expect(
            await hopError(status: 307, headers: ["Location": "   "])
                == .invalidResponse("307 from \(Self.wrapper) has no Location header"))
    }

    @Test func anotherThreeHundredWithLocationIsAnHTTPStatus() async {
        #expect(
            await hopError(status: 300, headers: ["Location": "/x"]) == .httpStatus(code: 300, reason: nil))
    }

    @Test func anErrorStatusCarriesItsErrorReason() async {
        let body = #"{"error_reason": "wrapper expired", "status_code": 410}"#
        #expect(await hopError(status: 410, body: body) == .httpStatus(code: 410, reason: "wrapper expired"))
    }

    @Test func theHopSendsOneGETWithProviderAndCallerHeadersAndTheRedirectTimeout() async throws {
        let transport = HTTPFakeTransport(status: 302, headers: ["Location": "/b"])
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport,
            headerProvider: { ["X-Provider": "p"] },
            redirectTimeout: .milliseconds(1500))
        _ = try await resolver.redirectTarget(of: Self.wrapper, headers: ["X-Caller": "c"])
        let sent = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(sent.method == .get)
        #expect(sent.url.absoluteString == Self.wrapper)
        #expect(sent.headers == ["Accept": "application/json", "X-Provider": "p", "X-Caller": "c"])
        #expect(sent.timeout == .milliseconds(1500))
    }

    @Test func aLoopOfWrappersReturnsEachTargetSoTheSDKCanSeeTheCycle() async throws {
        let transport = HTTPFakeTransport { request in
            let next = request.url.path == "/a" ? "/b" : "/a"
            return HTTPResponse(statusCode: 302, headers: ["Location": next])
        }
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport)
        let first = try await resolver.redirectTarget(of: "https://click.fixture.example/a", headers: [:])
        let second = try await resolver.redirectTarget(of: first ?? "", headers: [:])
        #expect([first, second] == ["https://click.fixture.example/b", "https://click.fixture.example/a"])
        #expect(transport.requests.count == 2)
    }
}
