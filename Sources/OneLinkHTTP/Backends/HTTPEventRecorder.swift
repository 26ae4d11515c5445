import Foundation
public import OneLinkEmulator
import OneLinkSupport

/// An ``EventRecorder`` that posts each event to an HTTP server, such as `onelink-replay serve`.
///
/// It sends `POST {base}/api/v6/iosevent/{appID}` (the launch path: the real SDK posts events
/// there on the `inapps.` host) with the dev key in the `authentication` header and a JSON body:
///
/// ```json
/// {"appsflyer_id": "…", "eventName": "af_purchase", "eventValue": {"af_revenue": "9.99"},
///  "eventTime": "2020-08-12 15:08:00.000", "customer_user_id": "user-42", "eventCurrency": "USD"}
/// ```
///
/// `customer_user_id` and `eventCurrency` are left out when not set. A 2xx
/// answer's JSON object is the response; any other status becomes
/// ``AttributionError/httpStatus(code:reason:)``. See `Docs/server.md`.
public struct HTTPEventRecorder: EventRecorder, HTTPBackend {
    /// The server, transport and limits of every request.
    public let configuration: HTTPBackendConfiguration

    /// Creates a recorder on `configuration`.
    public init(configuration: HTTPBackendConfiguration) {
        self.configuration = configuration
    }

    /// The JSON body ``recordEvent(_:)`` sends for `event`.
    public static func body(of event: InAppEvent) -> AttributionPayload {
        var body: AttributionPayload = [
            "appsflyer_id": .string(event.deviceID), "eventName": .string(event.name),
            "eventValue": .object(event.values.values),
            "eventTime": .string(AttributionTimestamp.string(from: event.time)),
        ]
        if let customerUserID = event.customerUserID { body["customer_user_id"] = .string(customerUserID) }
        if let currencyCode = event.currencyCode { body["eventCurrency"] = .string(currencyCode) }
        return body
    }

    /// The request ``recordEvent(_:)`` sends for `event`.
    func httpRequest(for event: InAppEvent) throws(AttributionError) -> HTTPRequest {
        try configuration.authenticatedPost(
            path: SDKEndpoint.inAppEvent.path(event.appID), host: event.host,
            devKey: event.devKey,
            body: Self.body(of: event))
    }

    /// Posts the event and returns the server's JSON answer.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer, `invalidResponse`
    ///   when the body is not a JSON object; `CancellationError` when cancelled.
    public func recordEvent(_ event: InAppEvent) async throws -> AttributionPayload {
        try await configuration.jsonObject(answering: try httpRequest(for: event))
    }
}
