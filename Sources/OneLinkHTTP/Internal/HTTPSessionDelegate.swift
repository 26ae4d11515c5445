import Foundation
import OneLinkEmulator
import OneLinkSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` delegate behind ``URLSessionHTTPTransport``: one entry per running task.
///
/// It refuses redirects, enforces the body cap while data streams in, and
/// notices bodies that end before their `Content-Length`.
final class HTTPSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Exchange {
        var request: HTTPRequest
        /// The exchange's one outcome: the response, the transport's own stop, or the task's end.
        var slot: WaitSlot<HTTPResponse>
        var response: HTTPURLResponse?
        var body = Data()
        /// Set when the transport itself stopped the task, so the cancellation is reported as this error.
        var failure: (any Error)?
    }

    private let exchanges = Locked<[Int: Exchange]>([:])

    /// Starts tracking `task`; its completion resolves `slot`.
    func register(_ task: URLSessionTask, request: HTTPRequest, slot: WaitSlot<HTTPResponse>) {
        exchanges.withLock {
            $0[task.taskIdentifier] = Exchange(request: request, slot: slot)
        }
    }

    /// Ends the exchange of `task` at once with its first failure (`error` unless one came before),
    /// unless it already ended, and cancels the task.
    ///
    /// The wait ends here, not when `URLSession` reports the cancelled task, so a deadline or a
    /// cancellation ends it even if that report is late or never comes; the task is cancelled from
    /// a global queue, never on the caller's thread.
    func stop(_ task: URLSessionTask, with error: any Error) {
        let stopped = exchanges.withLock { exchanges -> (WaitSlot<HTTPResponse>, any Error)? in
            guard var exchange = exchanges[task.taskIdentifier] else { return nil }
            let failure = exchange.failure ?? error
            exchange.failure = failure
            exchanges[task.taskIdentifier] = exchange
            return (exchange.slot, failure)
        }
        guard let (slot, failure) = stopped else { return }
        slot.resolve(.failure(failure))
        // From another queue: this runs inside a task's cancellation handler, which holds that task's
        // status lock, and `cancel()` waits for the session's queue (the deadlock of issue 53).
        DispatchQueue.global().async { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = exchanges.withLock { exchanges -> AttributionError? in
            guard var exchange = exchanges[dataTask.taskIdentifier] else { return nil }
            exchange.response = response as? HTTPURLResponse
            let limit = exchange.request.maximumResponseBytes
            var error: AttributionError?
            if response.expectedContentLength > Int64(limit) {
                error = .responseTooLarge(limit: limit)
                if exchange.failure == nil { exchange.failure = error }
            }
            exchanges[dataTask.taskIdentifier] = exchange
            return error
        }
        completionHandler(tooLarge == nil ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = exchanges.withLock { exchanges -> Bool in
            guard var exchange = exchanges[dataTask.taskIdentifier], exchange.failure == nil else {
                return false
            }
            let limit = exchange.request.maximumResponseBytes
            if exchange.body.count + data.count > limit {
                exchange.failure = AttributionError.responseTooLarge(limit: limit)
                exchanges[dataTask.taskIdentifier] = exchange
                return true
            }
            exchange.body.append(data)
            exchanges[dataTask.taskIdentifier] = exchange
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
            return
        }
        exchange.slot.resolve(Self.outcome(of: exchange, error: error))
    }

    private static func outcome(of exchange: Exchange, error: (any Error)?) -> Result<HTTPResponse, any Error>
    {
        if let failure = exchange.failure { return .failure(failure) }
        let request = exchange.request
        let expected = exchange.response.flatMap(announcedLength(of:))
        if let error {
            let code = HTTPErrorMapping.urlErrorCode(of: error)
            // A connection that drops after the headers is a truncated body, not a refused connection.
            if exchange.response != nil, let code, Self.droppedConnectionCodes.contains(code),
                expected.map({ exchange.body.count < $0 }) ?? true
            {
                return .failure(
                    AttributionError.truncatedResponse(expected: expected, received: exchange.body.count))
            }
            return .failure(HTTPErrorMapping.map(error, for: request))
        }
        guard let http = exchange.response else {
            return .failure(
                AttributionError.invalidResponse("no HTTP response for \(request.url.absoluteString)"))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        let response = HTTPResponse(statusCode: http.statusCode, headers: headers, body: exchange.body)
        do {
            try HTTPResponseReader.checkBody(of: response, for: request)
        } catch {
            return .failure(error)
        }
        return .success(response)
    }

    /// The `Content-Length` the server announced, when it announced one and did not compress the body.
    private static func announcedLength(of response: HTTPURLResponse) -> Int? {
        let encoding = (response.value(forHTTPHeaderField: "Content-Encoding") ?? "identity").lowercased()
        guard encoding == "identity", response.expectedContentLength >= 0 else { return nil }
        return Int(response.expectedContentLength)
    }

    /// The codes a connection dropped mid-body is reported with, depending on the platform.
    ///
    /// Apple platforms report `networkConnectionLost`; swift-corelibs-foundation
    /// reports libcurl's "partial file" as `unknown` (-1).
    private static let droppedConnectionCodes: Set<Int> = [
        URLError.Code.networkConnectionLost.rawValue, URLError.Code.cannotParseResponse.rawValue,
        URLError.Code.unknown.rawValue,
    ]
}
