public import Foundation
public import OneLinkEmulator

/// A backend that asks an HTTP server: one ``HTTPBackendConfiguration``, and the endpoint it asks
/// with the decoding of its answers.
///
/// Every backend of this module conforms, so they share one initializer and the configuration's
/// properties; a backend adds only its request and its decoding. See `Docs/http.md` for the wire
/// format of each.
public protocol HTTPBackend: Sendable {
    /// How long one request may take when the initializer is not told.
    static var defaultTimeout: Duration { get }
    /// The server, transport and limits of every request.
    var configuration: HTTPBackendConfiguration { get }
    /// Creates the backend on `configuration`.
    init(configuration: HTTPBackendConfiguration)
}

extension HTTPBackend {
    /// Ten seconds, the SDK's own bound on a backend call.
    public static var defaultTimeout: Duration { .seconds(10) }

    /// The server's base URL without a trailing slash.
    public var baseURL: URL { configuration.baseURL }
    /// How long one request may take.
    public var timeout: Duration { configuration.timeout }
    /// The largest response body accepted.
    public var maximumResponseBytes: Int { configuration.maximumResponseBytes }

    /// Creates the backend on a new configuration.
    ///
    /// - Parameters:
    ///   - baseURL: The server's base URL; `https`, or `http` to a loopback host.
    ///   - transport: What performs the requests.
    ///   - timeout: How long one request may take.
    ///   - maximumResponseBytes: The largest response body accepted.
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to another host,
    ///   ``AttributionError/developerError(_:)`` for a URL that is not an absolute `http(s)` URL or has a query
    ///   or fragment.
    public init(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = Self.defaultTimeout,
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) {
        self.init(
            configuration: try HTTPBackendConfiguration(
                baseURL: baseURL, transport: transport, timeout: timeout,
                maximumResponseBytes: maximumResponseBytes))
    }
}
