public import Foundation
public import OneLinkEmulator

/// Where and how an HTTP backend sends its requests: the server's base URL, the transport, and the
/// time and size limits of one request.
///
/// The initializer applies the transport policy once, for every backend built on the configuration:
/// `https`, or plain `http` only to a loopback host. One configuration can serve several backends,
/// so they all ask the same server:
///
/// ```swift
/// let server = try HTTPBackendConfiguration(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let sdk = AppsFlyerLib(
///     shortLinkResolver: HTTPShortLinkResolver(configuration: server),
///     conversionDataSource: HTTPConversionDataSource(configuration: server),
///     deferredDeepLinkSource: HTTPDeferredDeepLinkSource(configuration: server),
///     launchRecorder: HTTPLaunchRecorder(configuration: server))
/// ```
public struct HTTPBackendConfiguration: Sendable {
    /// The server's base URL without a trailing slash.
    public let baseURL: URL
    /// What performs the requests.
    public let transport: any HTTPTransport
    /// How long one request may take.
    public let timeout: Duration
    /// The largest response body accepted.
    public let maximumResponseBytes: Int
    /// ``baseURL``'s text, which request paths are appended to.
    let base: String

    /// Checks and normalizes `baseURL`.
    ///
    /// - Parameters:
    ///   - baseURL: The server's base URL; `https`, or `http` to a loopback host. Trailing slashes are dropped.
    ///   - transport: What performs the requests.
    ///   - timeout: How long one request may take.
    ///   - maximumResponseBytes: The largest response body accepted.
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to another host,
    ///   ``AttributionError/developerError(_:)`` for a URL that is not an absolute `http(s)` URL or has a query
    ///   or fragment.
    public init(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = .seconds(10),
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) {
        base = try HTTPURLPolicy.baseURL(baseURL)
        // Dropping trailing slashes from a valid URL leaves a valid URL; the fallback is never taken.
        self.baseURL = URL(string: base) ?? baseURL
        self.transport = transport
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
    }
}
