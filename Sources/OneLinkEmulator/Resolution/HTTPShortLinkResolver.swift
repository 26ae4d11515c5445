public import Foundation

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
public struct HTTPShortLinkResolver: ShortLinkResolver {
    /// The server's base URL without a trailing slash, such as `https://onelink.example.com`.
    public var baseURL: URL { endpoint.baseURL }
    /// How long one wrapped-link hop may take; resolution uses ``ShortLinkRequest/timeout``.
    public var redirectTimeout: Duration { endpoint.timeout }
    /// The largest response body accepted.
    public var maximumResponseBytes: Int { endpoint.maximumResponseBytes }
    /// Extra headers sent with every request, like the SDK's `allHTTPHeaderFieldsForResolveDeepLinkURL`.
    public let headerProvider: (@Sendable () -> [String: String])?
    private let endpoint: HTTPEndpoint

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
        headerProvider: (@Sendable () -> [String: String])? = nil, redirectTimeout: Duration = .seconds(3),
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) {
        endpoint = try HTTPEndpoint(
            baseURL: baseURL, transport: transport, timeout: redirectTimeout,
            maximumResponseBytes: maximumResponseBytes)
        self.headerProvider = headerProvider
    }

    /// The request ``resolve(_:)`` sends for `request`.
    func httpRequest(for request: ShortLinkRequest) throws(AttributionError) -> HTTPRequest {
        let url = try endpoint.url(
            path: "/shortlink-sdk/v2/" + HTTPURLPolicy.encode(request.template),
            query: [("id", request.shortID)],
            host: request.sdkHost)
        return endpoint.request(.get, url, headers: headers(request.headers), timeout: request.timeout)
    }

    /// Returns the stored parameters of a short link.
    ///
    /// - Throws: ``AttributionError``: `httpStatus(code: 404, reason:)` for an unknown link,
    ///   `invalidResponse` when the body is not a JSON object; `CancellationError` when cancelled.
    public func resolve(_ request: ShortLinkRequest) async throws -> AttributionPayload {
        try await endpoint.jsonObject(answering: try httpRequest(for: request))
    }

    /// Returns where `url` redirects to, or `nil` when it answers 2xx.
    ///
    /// - Throws: ``AttributionError``: `invalidResponse` for a redirect without a usable `Location`,
    ///   `httpStatus` for any other status; `CancellationError` when cancelled.
    public func redirectTarget(of url: String, headers: [String: String]) async throws -> String? {
        let wrapper = try HTTPURLPolicy.url(from: url)
        let httpRequest = endpoint.request(.get, wrapper, headers: self.headers(headers))
        let response = try await endpoint.send(httpRequest)
        try HTTPResponseReader.checkBody(of: response, for: httpRequest)
        if response.isSuccess { return nil }
        guard (300...399).contains(response.statusCode) else {
            try HTTPResponseReader.checkStatus(of: response)
            return nil
        }
        let location = response.header("Location")?.trimmingCharacters(in: .whitespaces) ?? ""
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

extension ShortLinkResolver where Self == HTTPShortLinkResolver {
    /// A resolver that asks the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        headerProvider: (@Sendable () -> [String: String])? = nil, redirectTimeout: Duration = .seconds(3),
        maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) -> HTTPShortLinkResolver {
        try HTTPShortLinkResolver(
            baseURL: baseURL, transport: transport, headerProvider: headerProvider,
            redirectTimeout: redirectTimeout, maximumResponseBytes: maximumResponseBytes)
    }
}
