public import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// A ``ShortLinkResolver`` that asks an HTTP server speaking the AppsFlyer-style wire format.
///
/// - ``resolve(_:)`` sends `GET {base}/shortlink-sdk/v2/{template}?id={shortID}`
///   with the request's headers and those of the ``headerProvider``, and reads
///   the JSON object of stored parameters with the package's strict parser.
/// - ``redirectTarget(of:headers:)`` sends one `GET` of the wrapper URL with
///   redirects off: a 301/302/303/307/308 with `Location` is the hop (a relative
///   `Location` is resolved against the wrapper URL), a 2xx means "no redirect".
///
/// Base and wrapper URLs must be `https`, or `http` to a loopback host; see
/// `Docs/http.md` for the request shapes and the error mapping.
public struct HTTPShortLinkResolver: ShortLinkResolver, HTTPBackend {
    /// Three seconds: the bound on one wrapped-link hop unless the initializer is told otherwise.
    public static var defaultTimeout: Duration { .seconds(3) }
    /// The server, transport and limits of every request; resolution uses ``ShortLinkRequest/timeout``.
    public let configuration: HTTPBackendConfiguration
    /// How long one wrapped-link hop may take: the configuration's ``HTTPBackendConfiguration/timeout``.
    public var redirectTimeout: Duration { configuration.timeout }
    /// Extra headers sent with every request, like the SDK's `allHTTPHeaderFieldsForResolveDeepLinkURL`.
    public let headerProvider: (@Sendable () -> [String: String])?

    /// Creates a resolver on `configuration`, with extra headers for every request.
    ///
    /// - Parameters:
    ///   - configuration: The server, transport and limits; its timeout bounds one wrapped-link hop.
    ///   - headerProvider: Extra headers for every request; a ``ShortLinkRequest``'s own headers win on a clash.
    public init(
        configuration: HTTPBackendConfiguration, headerProvider: (@Sendable () -> [String: String])?
    ) {
        self.configuration = configuration
        self.headerProvider = headerProvider
    }

    /// Creates a resolver on `configuration`, without extra headers.
    public init(configuration: HTTPBackendConfiguration) {
        self.init(configuration: configuration, headerProvider: nil)
    }

    /// Creates a resolver.
    ///
    /// - Parameters:
    ///   - baseURL: The server's base URL; `https`, or `http` to a loopback host.
    ///   - transport: What performs the requests.
    ///   - headerProvider: Extra headers for every request; a ``ShortLinkRequest``'s own headers win on a clash.
    ///   - redirectTimeout: How long one wrapped-link hop may take.
    ///   - maximumResponseBytes: The largest response body accepted.
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to another host,
    ///   ``AttributionError/developerError(_:)`` for a URL that is not an absolute `http(s)` URL or has a query
    ///   or fragment.
    public init(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        headerProvider: (@Sendable () -> [String: String])? = nil,
        redirectTimeout: Duration = Self.defaultTimeout,
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) {
        self.init(
            configuration: try HTTPBackendConfiguration(
                baseURL: baseURL, transport: transport, timeout: redirectTimeout,
                maximumResponseBytes: maximumResponseBytes),
            headerProvider: headerProvider)
    }

    /// The request ``resolve(_:)`` sends for `request`.
    func httpRequest(for request: ShortLinkRequest) throws(AttributionError) -> HTTPRequest {
        let url = try configuration.url(
            path: SDKEndpoint.shortLinkResolution.path(request.template),
            query: [("id", request.shortID)],
            host: request.sdkHost)
        return configuration.request(.get, url, headers: headers(request.headers), timeout: request.timeout)
    }

    /// Returns the stored parameters of a short link.
    ///
    /// - Throws: ``AttributionError``: `httpStatus(code: 404, reason:)` for an unknown link,
    ///   `invalidResponse` when the body is not a JSON object; `CancellationError` when cancelled.
    public func resolve(_ request: ShortLinkRequest) async throws -> AttributionPayload {
        try await configuration.jsonObject(answering: try httpRequest(for: request))
    }

    /// Returns where `url` redirects to, or `nil` when it answers 2xx.
    ///
    /// - Throws: ``AttributionError``: `invalidResponse` for a redirect without a usable `Location`,
    ///   `httpStatus` for any other status; `CancellationError` when cancelled.
    public func redirectTarget(of url: String, headers: [String: String]) async throws -> String? {
        let wrapper = try HTTPURLPolicy.url(from: url)
        let httpRequest = configuration.request(.get, wrapper, headers: self.headers(headers))
        let response = try await configuration.send(httpRequest)
        try HTTPResponseReader.checkBody(of: response, for: httpRequest)
        if response.isSuccess { return nil }
        guard (300...399).contains(response.statusCode) else {
            try HTTPResponseReader.checkStatus(of: response)
            return nil
        }
        let location = response.header(.location)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !location.isEmpty else {
            throw AttributionError.invalidResponse(
                "\(response.statusCode) from \(url) has no Location header")
        }
        guard response.isRedirect else {
            throw AttributionError.httpStatus(
                code: response.statusCode, reason: HTTPResponseReader.errorReason(in: response.body))
        }
        guard let target = URL(string: location, relativeTo: wrapper)?.absoluteURL, target.scheme != nil
        else {
            throw AttributionError.invalidResponse("\(url) redirects to an unusable Location: \(location)")
        }
        return target.absoluteString
    }

    private func headers(_ requestHeaders: [String: String]) -> [String: String] {
        let provided = HTTPHeaderLookup.merging(["Accept": "application/json"], headerProvider?() ?? [:])
        return HTTPHeaderLookup.merging(provided, requestHeaders)
    }
}
