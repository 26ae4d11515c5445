public import Foundation
public import OneLinkEmulator

// The `.http(...)` members of the SDK module's backend protocols, one per HTTP backend, so
// `AppsFlyerLib(conversionDataSource: .http(baseURL: base))` reads like `.inMemory(...)`. Swift finds
// a static member on a protocol only through an extension constrained to one conforming type, so each
// protocol has its own; each forwards to the shared `HTTPBackend` initializer.

extension ShortLinkResolver where Self == HTTPShortLinkResolver {
    /// A resolver that asks the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        headerProvider: (@Sendable () -> [String: String])? = nil,
        redirectTimeout: Duration = Self.defaultTimeout,
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) -> Self {
        try Self(
            baseURL: baseURL, transport: transport, headerProvider: headerProvider,
            redirectTimeout: redirectTimeout, maximumResponseBytes: maximumResponseBytes)
    }
}

extension ConversionDataSource where Self == HTTPConversionDataSource {
    /// A source that asks the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = Self.defaultTimeout,
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) -> Self {
        try Self(
            baseURL: baseURL, transport: transport, timeout: timeout,
            maximumResponseBytes: maximumResponseBytes)
    }
}

extension DeferredDeepLinkSource where Self == HTTPDeferredDeepLinkSource {
    /// A source that asks the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = Self.defaultTimeout,
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) -> Self {
        try Self(
            baseURL: baseURL, transport: transport, timeout: timeout,
            maximumResponseBytes: maximumResponseBytes)
    }
}

extension LaunchRecorder where Self == HTTPLaunchRecorder {
    /// A recorder that posts launches to the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = Self.defaultTimeout,
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) -> Self {
        try Self(
            baseURL: baseURL, transport: transport, timeout: timeout,
            maximumResponseBytes: maximumResponseBytes)
    }
}

extension EventRecorder where Self == HTTPEventRecorder {
    /// A recorder that posts events to the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = Self.defaultTimeout,
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) -> Self {
        try Self(
            baseURL: baseURL, transport: transport, timeout: timeout,
            maximumResponseBytes: maximumResponseBytes)
    }
}

extension ShortLinkCreator where Self == HTTPShortLinkCreator {
    /// A creator that asks the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = Self.defaultTimeout,
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) -> Self {
        try Self(
            baseURL: baseURL, transport: transport, timeout: timeout,
            maximumResponseBytes: maximumResponseBytes)
    }
}
