import Foundation
public import OneLinkEmulator
import OneLinkSupport

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
public struct HTTPLaunchRecorder: LaunchRecorder, HTTPBackend {
    /// The server, transport and limits of every request.
    public let configuration: HTTPBackendConfiguration

    /// Creates a recorder on `configuration`.
    public init(configuration: HTTPBackendConfiguration) {
        self.configuration = configuration
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
        try configuration.authenticatedPost(
            path: SDKEndpoint.launch.path(request.appID), host: request.host,
            devKey: request.devKey, body: Self.body(of: request))
    }

    /// Posts the launch and returns the server's JSON answer.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer (400 for an invalid dev key),
    ///   `invalidResponse` when the body is not a JSON object; `CancellationError` when cancelled.
    public func recordLaunch(_ request: LaunchRequest) async throws -> AttributionPayload {
        try await configuration.jsonObject(answering: try httpRequest(for: request))
    }
}
