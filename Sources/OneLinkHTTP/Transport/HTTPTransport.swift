import OneLinkEmulator

/// Performs one HTTP exchange for the HTTP backends.
///
/// The HTTP backends (``HTTPShortLinkResolver``, ``HTTPConversionDataSource``,
/// ``HTTPDeferredDeepLinkSource``) build requests and interpret responses;
/// a transport only moves bytes. Inject your own to record traffic or to
/// answer from a script in tests.
///
/// Contract for conforming types:
/// - ``send(_:)`` performs exactly one request and returns whatever status
///   the server answered, including 3xx and 4xx/5xx: it never follows
///   redirects and never treats a status code as an error.
/// - It rejects a URL that is neither `https` nor `http` on a loopback host
///   with ``AttributionError/insecureTransport(_:)`` before sending anything.
/// - The whole exchange is bounded by ``HTTPRequest/timeout``; running out
///   fails with ``AttributionError/timedOut(milliseconds:)``.
/// - A body larger than ``HTTPRequest/maximumResponseBytes`` fails with
///   ``AttributionError/responseTooLarge(limit:)``, and a body shorter than
///   its `Content-Length` with ``AttributionError/truncatedResponse(expected:received:)``.
/// - Network failures are thrown as ``AttributionError`` (connection,
///   host-not-found, TLS). A transport may instead throw a `URLError`; the
///   backends map those the same way ``URLSessionHTTPTransport`` does.
/// - Task cancellation ends the exchange promptly with `CancellationError`.
/// - Implementations must be safe to call from many tasks at once.
public protocol HTTPTransport: Sendable {
    /// Sends one request and returns the response without following redirects.
    ///
    /// - Throws: ``AttributionError``, or `CancellationError` when the task is cancelled.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
