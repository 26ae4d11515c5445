import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// A ``ShortLinkCreator`` that asks an HTTP server, such as `onelink-replay serve`, in the shape of AppsFlyer's OneLink API.
///
/// It sends `POST {base}/shortlink/v1/{template}` with the dev key in the
/// `authentication` header and the body
/// `{"brand_domain": "…", "data": {"pid": "af_app_invites", …}}`; a 2xx
/// answer's body is the short link as plain text, as the OneLink API answers.
/// Any other status becomes ``AttributionError/httpStatus(code:reason:)``. See `Docs/server.md`.
public struct HTTPShortLinkCreator: ShortLinkCreator, HTTPBackend {
    /// Three seconds: link creation is interactive, so it fails fast.
    public static var defaultTimeout: Duration { .seconds(3) }
    /// The server, transport and limits of every request.
    public let configuration: HTTPBackendConfiguration

    /// Creates a creator on `configuration`.
    public init(configuration: HTTPBackendConfiguration) {
        self.configuration = configuration
    }

    /// The request ``createShortLink(_:)`` sends for `request`.
    func httpRequest(for request: ShortLinkCreationRequest) throws(AttributionError) -> HTTPRequest {
        let body: AttributionPayload = [
            "brand_domain": .string(request.domain), "data": .object(request.payload.values),
        ]
        return try configuration.authenticatedPost(
            path: SDKEndpoint.shortLinkCreation.path(request.template), host: request.host,
            devKey: request.devKey, body: body, accept: "text/plain")
    }

    /// Posts the request and returns the short link the server answered with.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer, `invalidResponse`
    ///   when the body is not an absolute URL; `CancellationError` when cancelled.
    public func createShortLink(_ request: ShortLinkCreationRequest) async throws -> String {
        let httpRequest = try httpRequest(for: request)
        let response = try await configuration.send(httpRequest)
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
