import Foundation
import OneLinkEmulator
import OneLinkSupport

/// The plumbing every HTTP backend shares: how a request is built against the base URL (or the
/// SDK's `setHost` host) with the configuration's limits, and the send-then-read steps.
extension HTTPBackendConfiguration {
    /// The URL of `path` (already percent-encoded) and `query` on `host` when the SDK set one, else on the base URL.
    func url(path: String, query: [(String, String)] = [], host: String?) throws(AttributionError) -> URL {
        try HTTPURLPolicy.url(
            base: try HTTPURLPolicy.base(forHost: host, else: base), path: path, query: query)
    }

    /// A request with this configuration's limits; `timeout` replaces the configuration's own.
    func request(
        _ method: HTTPRequest.Method, _ url: URL, headers: [String: String], body: Data? = nil,
        timeout: Duration? = nil
    ) -> HTTPRequest {
        HTTPRequest(
            method: method, url: url, headers: headers, body: body, timeout: timeout ?? self.timeout,
            maximumResponseBytes: maximumResponseBytes)
    }

    /// A `POST` of a JSON body with the dev key in the `authentication` header, as AppsFlyer's
    /// server-to-server APIs take it: the shape the launch, event and link-creation backends share.
    func authenticatedPost(
        path: String, host: String?, devKey: String, body: AttributionPayload,
        accept: String = "application/json"
    ) throws(AttributionError) -> HTTPRequest {
        request(
            .post, try url(path: path, host: host),
            headers: ["Accept": accept, "Content-Type": "application/json", "authentication": devKey],
            body: body.jsonData())
    }

    /// Sends `request` after the transport policy check, mapping every failure to ``AttributionError``.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await HTTPResponseReader.send(request, on: transport)
    }

    /// Sends `request` and reads the answer: a 2xx status and a JSON object body within the limits.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer, `invalidResponse` when the body
    ///   is not a JSON object; `CancellationError` when cancelled.
    func jsonObject(answering request: HTTPRequest) async throws -> AttributionPayload {
        let response = try await send(request)
        return try HTTPResponseReader.jsonObject(from: response, for: request)
    }
}
