public import Foundation

/// A ``ShortLinkCreator`` that asks an HTTP server, such as `onelink-replay serve`, in the shape of AppsFlyer's OneLink API.
///
/// It sends `POST {base}/shortlink/v1/{template}` with the dev key in the
/// `authentication` header and the body
/// `{"brand_domain": "…", "data": {"pid": "af_app_invites", …}}`; a 2xx
/// answer's body is the short link as plain text, as the OneLink API answers.
/// Any other status becomes ``AttributionError/httpStatus(code:reason:)``. See `Docs/server.md`.
public struct HTTPShortLinkCreator: ShortLinkCreator {
    /// The server's base URL without a trailing slash.
    public var baseURL: URL { endpoint.baseURL }
    /// How long one request may take.
    public var timeout: Duration { endpoint.timeout }
    private let endpoint: HTTPEndpoint

    /// Creates a creator.
    ///
    /// - Parameters:
    ///   - baseURL: The server's base URL; `https`, or `http` to a loopback host.
    ///   - transport: What performs the requests.
    ///   - timeout: How long one request may take.
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to another host,
    ///   ``AttributionError/developerError(_:)`` for a URL that is not an absolute `http(s)` URL or has a query
    ///   or fragment.
    public init(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = .seconds(3)
    ) throws(AttributionError) {
        endpoint = try HTTPEndpoint(baseURL: baseURL, transport: transport, timeout: timeout)
    }

    /// The request ``createShortLink(_:)`` sends for `request`.
    func httpRequest(for request: ShortLinkCreationRequest) throws(AttributionError) -> HTTPRequest {
        let body: AttributionPayload = [
            "brand_domain": .string(request.domain), "data": .object(request.payload.values),
        ]
        return try endpoint.authenticatedPost(
            path: "/shortlink/v1/" + HTTPURLPolicy.encode(request.template), host: request.host,
            devKey: request.devKey, body: body, accept: "text/plain")
    }

    /// Posts the request and returns the short link the server answered with.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer, `invalidResponse`
    ///   when the body is not an absolute URL; `CancellationError` when cancelled.
    public func createShortLink(_ request: ShortLinkCreationRequest) async throws -> String {
        let httpRequest = try httpRequest(for: request)
        let response = try await endpoint.send(httpRequest)
        try HTTPResponseReader.checkBody(of: response, for: httpRequest)
        try HTTPResponseReader.checkStatus(of: response)
        let text = String(decoding: response.body, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            throw AttributionError.invalidResponse(
                "POST \(httpRequest.url.absoluteString) did not answer a link: \(text)")
        }
        return text
    }
}

extension ShortLinkCreator where Self == HTTPShortLinkCreator {
    /// A creator that asks the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = .seconds(3)
    ) throws(AttributionError) -> HTTPShortLinkCreator {
        try HTTPShortLinkCreator(baseURL: baseURL, transport: transport, timeout: timeout)
    }
}
