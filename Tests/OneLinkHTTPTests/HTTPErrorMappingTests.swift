import Foundation
import OneLinkEmulator
import OneLinkHTTP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct HTTPErrorMappingTests {
    static let url = "https://api.fixture.example/shortlink-sdk/v2/H5hv?id=6d66214a"
    static let request = ShortLinkRequest(
        host: "onelink-basic-app.onelink.me", template: "H5hv", shortID: "6d66214a",
        link: "https://onelink-basic-app.onelink.me/H5hv/6d66214a", timeout: .milliseconds(2500))

    func resolveError(throwing thrown: any Error & Sendable) async throws -> any Error {
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "https://api.fixture.example")!,
            transport: HTTPFakeTransport(throwing: thrown))
        do {
            let payload = try await resolver.resolve(Self.request)
            Issue.record("expected an error, got \(payload)")
            return CancellationError()
        } catch {
            return error
        }
    }

    static let mappings: [(URLError.Code, AttributionError)] = [
        (.cannotConnectToHost, .connectionFailed("could not connect to \(url)")),
        (.networkConnectionLost, .connectionFailed("the connection was lost during \(url)")),
        (.notConnectedToInternet, .connectionFailed("not connected to the internet: \(url)")),
        (.cannotFindHost, .hostNotFound("api.fixture.example")),
        (.dnsLookupFailed, .hostNotFound("api.fixture.example")),
        (.secureConnectionFailed, .tlsFailure("URL error -1200 for \(url)")),
        (.serverCertificateHasBadDate, .tlsFailure("URL error -1201 for \(url)")),
        (.serverCertificateUntrusted, .tlsFailure("URL error -1202 for \(url)")),
        (.serverCertificateHasUnknownRoot, .tlsFailure("URL error -1203 for \(url)")),
        (.serverCertificateNotYetValid, .tlsFailure("URL error -1204 for \(url)")),
        (.timedOut, .timedOut(milliseconds: 2500)),
        (.badServerResponse, .invalidResponse("malformed HTTP response (URL error -1011) from \(url)")),
        (.dataLengthExceedsMaximum, .responseTooLarge(limit: 1_048_576)),
        (.unsupportedURL, .unexpected("URL error -1002 for \(url)")),
    ]

    @Test(arguments: mappings)
    func eachURLErrorCodeMapsToItsAttributionError(
        code: URLError.Code, expected: AttributionError
    ) async throws {
        #expect(try await resolveError(throwing: URLError(code)) as? AttributionError == expected)
    }

    @Test(arguments: mappings)
    func anNSErrorInTheURLDomainMapsTheSameWay(code: URLError.Code, expected: AttributionError) async throws {
        let error = NSError(domain: NSURLErrorDomain, code: code.rawValue)
        #expect(try await resolveError(throwing: error) as? AttributionError == expected)
    }

    @Test func theTimeoutIsTheRequestsOwn() async throws {
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "https://api.fixture.example")!,
            transport: HTTPFakeTransport(throwing: URLError(.timedOut)),
            redirectTimeout: .milliseconds(700))
        await #expect(throws: AttributionError.timedOut(milliseconds: 700)) {
            try await resolver.redirectTarget(of: "https://click.fixture.example/a", headers: [:])
        }
    }

    @Test func aCancelledURLErrorBecomesCancellationError() async throws {
        #expect(try await resolveError(throwing: URLError(.cancelled)) is CancellationError)
    }

    @Test func cancellationErrorAndAttributionErrorPassThrough() async throws {
        #expect(try await resolveError(throwing: CancellationError()) is CancellationError)
        #expect(
            try await resolveError(throwing: AttributionError.tlsFailure("pinned key mismatch"))
                as? AttributionError
                == .tlsFailure("pinned key mismatch"))
    }

    @Test func anyOtherErrorIsUnexpectedAndNamesTheRequest() async throws {
        struct Exploded: Error, CustomStringConvertible {
            var description: String { "the transport exploded" }
        }
        #expect(
            try await resolveError(throwing: Exploded()) as? AttributionError
                == .unexpected("GET \(Self.url) failed: the transport exploded"))
    }

    @Test func aCancelledTaskSendsNothing() async throws {
        let transport = HTTPFakeTransport(status: 200, body: "{}")
        let resolver = try HTTPShortLinkResolver(
            baseURL: URL(string: "https://api.fixture.example")!, transport: transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await resolver.resolve(Self.request)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(transport.requests.isEmpty)
    }
}
