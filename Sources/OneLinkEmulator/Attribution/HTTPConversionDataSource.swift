public import Foundation

/// A ``ConversionDataSource`` that asks an HTTP server speaking the AppsFlyer-style wire format.
///
/// It sends `GET {base}/install_data/v5.0/{appID}?devkey=…&device_id=…&install_time=…&ip=…&model=…&os_version=…&language=…&advertising_id=…`
/// (`advertising_id` only when known; `install_time` as `yyyy-MM-dd HH:mm:ss.SSS`
/// UTC) and reads the JSON object it answers with the package's strict parser.
/// A non-2xx answer becomes ``AttributionError/httpStatus(code:reason:)`` with
/// the body's `error_reason`. See `Docs/http.md`.
public struct HTTPConversionDataSource: ConversionDataSource {
    /// The server's base URL without a trailing slash.
    public var baseURL: URL { endpoint.baseURL }
    /// How long one request may take.
    public var timeout: Duration { endpoint.timeout }
    /// The largest response body accepted.
    public var maximumResponseBytes: Int { endpoint.maximumResponseBytes }
    private let endpoint: HTTPEndpoint

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - baseURL: The server's base URL; `https`, or `http` to a loopback host.
    ///   - transport: What performs the requests.
    ///   - timeout: How long one request may take.
    ///   - maximumResponseBytes: The largest response body accepted.
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to another host,
    ///   ``AttributionError/developerError(_:)`` for a URL that is not an absolute `http(s)` URL or has a query
    ///   or fragment.
    public init(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = .seconds(10), maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) {
        endpoint = try HTTPEndpoint(
            baseURL: baseURL, transport: transport, timeout: timeout,
            maximumResponseBytes: maximumResponseBytes)
    }

    /// The request ``conversionData(for:)`` sends for `request`.
    func httpRequest(for request: InstallAttributionRequest) throws(AttributionError) -> HTTPRequest {
        var query: [(String, String)] = [
            ("devkey", request.devKey),
            ("device_id", request.deviceID),
            ("install_time", AttributionTimestamp.string(from: request.installTime)),
            ("ip", request.device.ipAddress),
            ("model", request.device.model),
            ("os_version", request.device.osVersion),
            ("language", request.device.language),
        ]
        if let advertisingID = request.device.advertisingID {
            query.append(("advertising_id", advertisingID))
        }
        query += HTTPIdentityFields.query(request.identity)
        let url = try endpoint.url(
            path: "/install_data/v5.0/" + HTTPURLPolicy.encode(request.appID), query: query,
            host: request.host)
        return endpoint.request(.get, url, headers: ["Accept": "application/json"])
    }

    /// Returns the server's conversion data for the install.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer, `invalidResponse`
    ///   when the body is not a JSON object; `CancellationError` when cancelled.
    public func conversionData(for request: InstallAttributionRequest) async throws -> AttributionPayload {
        try await endpoint.jsonObject(answering: try httpRequest(for: request))
    }
}

extension ConversionDataSource where Self == HTTPConversionDataSource {
    /// A source that asks the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = .seconds(10), maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) -> HTTPConversionDataSource {
        try HTTPConversionDataSource(
            baseURL: baseURL, transport: transport, timeout: timeout,
            maximumResponseBytes: maximumResponseBytes)
    }
}
