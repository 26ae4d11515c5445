import Foundation
import OneLinkHTTP
import OneLinkSupport

@testable import OneLinkEmulator

/// An ``HTTPTransport`` that records every request and answers from a script, without a network.
final class HTTPFakeTransport: HTTPTransport, Sendable {
    private let answer: @Sendable (HTTPRequest) throws -> HTTPResponse
    private let sent = Locked<[HTTPRequest]>([])

    /// Answers every request with `answer`, which may also throw.
    init(_ answer: @escaping @Sendable (HTTPRequest) throws -> HTTPResponse) {
        self.answer = answer
    }

    /// Answers every request with `status`, `headers` and the UTF-8 `body`.
    convenience init(status: Int, headers: [String: String] = [:], body: String = "") {
        self.init { _ in HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8)) }
    }

    /// Throws `error` for every request.
    convenience init(throwing error: any Error & Sendable) {
        self.init { _ in throw error }
    }

    /// Every request sent so far, oldest first.
    var requests: [HTTPRequest] { sent.value }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        sent.withLock { $0.append(request) }
        return try answer(request)
    }
}
