import OneLinkEmulator
import OneLinkSupport

// URLSession's types are public API here: Foundation's on Apple platforms, FoundationNetworking's elsewhere.
#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// An ``HTTPTransport`` on the toolchain's `URLSession`, with redirects off.
///
/// Every request is checked against the transport policy first: `https`, or
/// plain `http` to a loopback host (`127.0.0.0/8`, `localhost`, `::1`). Then:
/// - redirects are not followed: a 3xx comes back as the response;
/// - the whole exchange is bounded by ``HTTPRequest/timeout``;
/// - the body is capped at ``HTTPRequest/maximumResponseBytes`` while it streams in;
/// - a body shorter than its `Content-Length` fails with
///   ``AttributionError/truncatedResponse(expected:received:)``;
/// - `URLError`s become ``AttributionError`` cases (see `Docs/http.md`).
///
/// Cookies, caches and credentials are not used: each request stands alone.
public final class URLSessionHTTPTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: HTTPSessionDelegate

    /// Creates a transport on its own session.
    ///
    /// - Parameter configuration: The session configuration; caching and cookies are turned off on a copy.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let delegate = HTTPSessionDelegate()
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends one request and returns the response without following redirects.
    ///
    /// - Throws: ``AttributionError``, or `CancellationError` when the task is cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try HTTPURLPolicy.validate(request.url)
        try Task.checkCancellation()
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: max(request.timeout.timeInterval, 0.001))
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        urlRequest.httpShouldHandleCookies = false
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let task = session.dataTask(with: urlRequest)
        let delegate = self.delegate
        let timeout = AttributionError.timedOut(milliseconds: Int(request.timeout.wholeMilliseconds))
        // The slot keeps whichever outcome comes first (the response, the deadline, cancellation),
        // even one that comes before this task waits on it.
        let slot = WaitSlot<HTTPResponse>()
        delegate.register(task, request: request, slot: slot)
        task.resume()
        // URLRequest's timeout restarts with every packet; this bounds the whole exchange.
        DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout.timeInterval) {
            delegate.stop(task, with: timeout)
        }
        return try await withTaskCancellationHandler {
            try await slot.value()
        } onCancel: {
            delegate.stop(task, with: CancellationError())
        }
    }
}

extension HTTPTransport where Self == URLSessionHTTPTransport {
    /// A transport on a new ephemeral `URLSession`, with redirects off.
    public static func urlSession(
        configuration: URLSessionConfiguration = .ephemeral
    ) -> URLSessionHTTPTransport {
        URLSessionHTTPTransport(configuration: configuration)
    }
}
