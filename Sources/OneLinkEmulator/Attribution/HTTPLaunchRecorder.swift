public import Foundation

/// A ``LaunchRecorder`` that posts each launch to an HTTP server, such as `onelink-replay serve`.
///
/// It sends `POST {base}/api/v6/iosevent/{appID}` with the dev key in the
/// `authentication` header and a JSON body:
///
/// ```json
/// {"appsflyer_id": "…", "counter": 1, "customer_user_id": "user-42"}
/// ```
///
/// `customer_user_id` is left out when not set. A 2xx answer's JSON object is
/// the launch response; any other status becomes
/// ``AttributionError/httpStatus(code:reason:)`` (an invalid dev key is 400, a plan that does not cover SDK traffic 403).
/// See `Docs/server.md`.
public struct HTTPLaunchRecorder: LaunchRecorder {
    /// The server's base URL without a trailing slash.
    public var baseURL: URL { endpoint.baseURL }
    /// How long one request may take.
    public var timeout: Duration { endpoint.timeout }
    private let endpoint: HTTPEndpoint

    /// Creates a recorder.
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
        timeout: Duration = .seconds(10)
    ) throws(AttributionError) {
        endpoint = try HTTPEndpoint(baseURL: baseURL, transport: transport, timeout: timeout)
    }

    /// The JSON body ``recordLaunch(_:)`` sends for `request`.
    public static func body(of request: LaunchRequest) -> AttributionPayload {
        var body: AttributionPayload = [
            "appsflyer_id": .string(request.deviceID), "counter": .int(request.sessionCount),
        ]
        if let customerUserID = request.identity.customerUserID {
            body["customer_user_id"] = .string(customerUserID)
        }
        return body
    }

    /// The request ``recordLaunch(_:)`` sends for `request`.
    func httpRequest(for request: LaunchRequest) throws(AttributionError) -> HTTPRequest {
        try endpoint.authenticatedPost(
            path: "/api/v6/iosevent/" + HTTPURLPolicy.encode(request.appID), host: request.host,
            devKey: request.devKey, body: Self.body(of: request))
    }

    /// Posts the launch and returns the server's JSON answer.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer (400 for an invalid dev key),
    ///   `invalidResponse` when the body is not a JSON object; `CancellationError` when cancelled.
    public func recordLaunch(_ request: LaunchRequest) async throws -> AttributionPayload {
        try await endpoint.jsonObject(answering: try httpRequest(for: request))
    }
}

extension LaunchRecorder where Self == HTTPLaunchRecorder {
    /// A recorder that posts launches to the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = .seconds(10)
    ) throws(AttributionError) -> HTTPLaunchRecorder {
        try HTTPLaunchRecorder(baseURL: baseURL, transport: transport, timeout: timeout)
    }
}
