public import Foundation

/// An ``EventRecorder`` that posts each event to an HTTP server, such as `onelink-replay serve`.
///
/// It sends `POST {base}/inappevent/{appID}` with the dev key in the
/// `authentication` header, as AppsFlyer's server-to-server event API takes
/// it, and a JSON body:
///
/// ```json
/// {"appsflyer_id": "…", "eventName": "af_purchase", "eventValue": {"af_revenue": "9.99"},
///  "eventTime": "2020-08-12 15:08:00.000", "customer_user_id": "user-42", "eventCurrency": "USD"}
/// ```
///
/// `customer_user_id` and `eventCurrency` are left out when not set. A 2xx
/// answer's JSON object is the response; any other status becomes
/// ``AttributionError/httpStatus(code:reason:)``. See `Docs/server.md`.
public struct HTTPEventRecorder: EventRecorder {
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
        try endpoint.authenticatedPost(
            path: "/inappevent/" + HTTPURLPolicy.encode(event.appID), host: event.host, devKey: event.devKey,
            body: Self.body(of: event))
    }

    /// Posts the event and returns the server's JSON answer.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer, `invalidResponse`
    ///   when the body is not a JSON object; `CancellationError` when cancelled.
    public func recordEvent(_ event: InAppEvent) async throws -> AttributionPayload {
        try await endpoint.jsonObject(answering: try httpRequest(for: event))
    }
}

extension EventRecorder where Self == HTTPEventRecorder {
    /// A recorder that posts events to the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = .seconds(10)
    ) throws(AttributionError) -> HTTPEventRecorder {
        try HTTPEventRecorder(baseURL: baseURL, transport: transport, timeout: timeout)
    }
}
