import Foundation
import OneLinkEmulator
import OneLinkHTTP
import OneLinkSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct HTTPShortLinkResolverTests {
    static let base = URL(string: "https://api.fixture.example")!
    static let request = ShortLinkRequest(
        host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "6d66214a",
        link: "https://onelink-basic-app.onelink.me/H5hv/6d66214a", headers: ["X-Request": "own"],
        timeout: .milliseconds(2500))
    static let resolveURL = "https://api.fixture.example/shortlink-sdk/v2/H5hv?id=6d66214a"

    func resolver(_ transport: HTTPFakeTransport) throws -> HTTPShortLinkResolver {
        try HTTPShortLinkResolver(baseURL: Self.base, transport: transport)
    }

    func resolveError(_ transport: HTTPFakeTransport) async throws -> any Error {
        do {
            let payload = try await resolver(transport).resolve(Self.request)
            Issue.record("expected an error, got \(payload)")
            return CancellationError()
        } catch {
            return error
        }
    }

    @Test func resolveSendsOneGETToTheExactURLWithTheRequestTimeout() async throws {
        let transport = HTTPFakeTransport(status: 200, body: "{}")
        _ = try await resolver(transport).resolve(Self.request)
        let sent = try #require(transport.requests.first)
        #expect(transport.requests.count == 1)
        #expect(sent.method == .get)
        #expect(sent.url.absoluteString == Self.resolveURL)
        #expect(sent.body == nil)
        #expect(sent.timeout == .milliseconds(2500))
        #expect(sent.maximumResponseBytes == 1_048_576)
    }

    @Test func resolvePercentEncodesTemplateAndShortIDAndKeepsABasePath() async throws {
        let transport = HTTPFakeTransport(status: 200, body: "{}")
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "https://api.fixture.example/v/")!, transport: transport)
        let request = ShortLinkRequest(
            host: "onelink-basic-app.onelink.me", template: "a/b c", shortID: "promo+2024 été&x=1",
            link: "https://onelink-basic-app.onelink.me/a")
        _ = try await resolver.resolve(request)
        #expect(resolver.baseURL.absoluteString == "https://api.fixture.example/v")
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "https://api.fixture.example/v/shortlink-sdk/v2/a%2Fb%20c?id=promo%2B2024%20%C3%A9t%C3%A9%26x%3D1"
            ])
    }

    @Test func resolveSendsProviderAndRequestHeadersAndTheRequestWinsAClash() async throws {
        let transport = HTTPFakeTransport(status: 200, body: "{}")
        let resolver = try HTTPShortLinkResolver(
            baseURL: Self.base, transport: transport,
            headerProvider: { ["x-request": "provider", "X-Provider": "p", "accept": "text/plain"] })
        _ = try await resolver.resolve(Self.request)
        #expect(
            transport.requests.first?.headers == [
                "X-Request": "own", "X-Provider": "p", "accept": "text/plain",
            ])
    }

    @Test func resolveParsesTheJSONObjectStrictlyKeepingIntegersAndDoublesApart() async throws {
        let body =
            #"{"deep_link_value": "peaches", "fruit_amount": 6, "af_cost_value": 6.0, "is_retargeting": true, "adgroup": null, "nested": {"a": [1, "x"]}}"#
        let payload = try await resolver(HTTPFakeTransport(status: 200, body: body)).resolve(Self.request)
        #expect(
            payload == [
                "deep_link_value": .string("peaches"), "fruit_amount": .int(6), "af_cost_value": .double(6),
                "is_retargeting": .bool(true), "adgroup": .null,
                "nested": .object(["a": .array([.int(1), .string("x")])]),
            ])
    }

    @Test func aNotFoundAnswerCarriesItsErrorReason() async throws {
        let body = #"{"error_reason": "short link H5hv/xyz not found", "status_code": 404}"#
        let error = try await resolveError(
            HTTPFakeTransport(status: 404, headers: ["Content-Type": "application/json"], body: body))
        #expect(error as? AttributionError == .httpStatus(code: 404, reason: "short link H5hv/xyz not found"))
    }

    @Test(arguments: [
        (500, ""), (502, "<html>Bad gateway</html>"), (503, #"{"status_code": 503}"#),
        (429, #"{"error_reason": 7}"#),
        (400, "[\"error_reason\"]"),
    ])
    func aNonSuccessWithoutAStringErrorReasonHasNoReason(status: Int, body: String) async throws {
        let error = try await resolveError(HTTPFakeTransport(status: status, body: body))
        #expect(error as? AttributionError == .httpStatus(code: status, reason: nil))
    }

    @Test func aBodyThatIsNotJSONIsAnInvalidResponse() async throws {
        let error = try await resolveError(HTTPFakeTransport(status: 200, body: "<html>ok</html>"))
        guard case .invalidResponse(let message)? = error as? AttributionError else {
            Issue.record("expected invalidResponse, got \(error)")
            return
        }
        #expect(
            message.hasPrefix(
                "GET \(Self.resolveURL) did not answer a JSON object: invalid JSON at line 1, column 1"))
    }

    @Test(arguments: ["[1, 2]", "\"text\"", "42", "null", ""])
    func aBodyThatIsNotAJSONObjectIsAnInvalidResponse(body: String) async throws {
        let error = try await resolveError(HTTPFakeTransport(status: 200, body: body))
        guard case .invalidResponse(let message)? = error as? AttributionError else {
            Issue.record("expected invalidResponse, got \(error)")
            return
        }
        #expect(message.hasPrefix("GET \(Self.resolveURL) did not answer a JSON object: "))
    }

    @Test func aJSONArrayBodyNamesWhatWasFound() async throws {
        let error = try await resolveError(HTTPFakeTransport(status: 200, body: "[]"))
        #expect(
            error as? AttributionError
                == .invalidResponse(
                    "GET \(Self.resolveURL) did not answer a JSON object: expected a JSON object at the top level, found array"
                ))
    }

    @Test func aBodyOverTheDefaultLimitIsTooLarge() async throws {
        let body = "{\"k\": \"" + String(repeating: "a", count: 1 << 20) + "\"}"
        let error = try await resolveError(HTTPFakeTransport(status: 200, body: body))
        #expect(error as? AttributionError == .responseTooLarge(limit: 1_048_576))
    }

    @Test func aBodyOverACustomLimitIsTooLargeAndOneAtTheLimitIsRead() async throws {
        let transport = HTTPFakeTransport(status: 200, body: #"{"a": 1}"#)
        let tight = try HTTPShortLinkResolver(
            baseURL: Self.base, transport: transport, maximumResponseBytes: 7)
        let exact = try HTTPShortLinkResolver(
            baseURL: Self.base, transport: transport, maximumResponseBytes: 8)
        await #expect(throws: AttributionError.responseTooLarge(limit: 7)) {
            try await tight.resolve(Self.request)
        }
        #expect(try await exact.resolve(Self.request) == ["a": 1])
        #expect(transport.requests.map(\.maximumResponseBytes) == [7, 8])
    }

    @Test func aBodyShorterThanItsContentLengthIsTruncated() async throws {
        let error = try await resolveError(
            HTTPFakeTransport(status: 200, headers: ["content-length": "100"], body: #"{"a": 1}"#))
        #expect(error as? AttributionError == .truncatedResponse(expected: 100, received: 8))
    }

    @Test func aCompressedBodyIsNotComparedWithItsContentLength() async throws {
        let transport = HTTPFakeTransport(
            status: 200, headers: ["Content-Length": "100", "Content-Encoding": "gzip"], body: #"{"a": 1}"#)
        #expect(try await resolver(transport).resolve(Self.request) == ["a": 1])
    }

    @Test func theTransportsOwnTruncationErrorPassesThrough() async throws {
        let error = try await resolveError(
            HTTPFakeTransport(throwing: AttributionError.truncatedResponse(expected: nil, received: 3)))
        #expect(error as? AttributionError == .truncatedResponse(expected: nil, received: 3))
    }
}
