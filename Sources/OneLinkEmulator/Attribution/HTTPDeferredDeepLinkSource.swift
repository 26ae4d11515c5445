public import Foundation

/// A ``DeferredDeepLinkSource`` that asks an HTTP server speaking the AppsFlyer-style wire format.
///
/// It sends `POST {base}/v1.0/ios/{appID}?devkey={devKey}` with the JSON body
/// `{"device": {"advertising_id", "ip", "language", "model", "os_version"}, "device_id", "install_time"}`
/// (`advertising_id` only when known) and reads `{"found": bool, "click_event": {...}}`.
/// `click_event` may be missing, `null` or `{}` when nothing was found. See `Docs/http.md`.
public struct HTTPDeferredDeepLinkSource: DeferredDeepLinkSource {
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

    /// The request ``deferredDeepLink(for:)`` sends for `request`.
    func httpRequest(for request: InstallAttributionRequest) throws(AttributionError) -> HTTPRequest {
        var device: [String: AttributionValue] = [
            "ip": .string(request.device.ipAddress),
            "model": .string(request.device.model),
            "os_version": .string(request.device.osVersion),
            "language": .string(request.device.language),
        ]
        if let advertisingID = request.device.advertisingID {
            device["advertising_id"] = .string(advertisingID)
        }
        let body: AttributionValue = .object([
            "device_id": .string(request.deviceID),
            "install_time": .string(AttributionTimestamp.string(from: request.installTime)),
            "device": .object(device),
        ])
        let url = try endpoint.url(
            path: "/v1.0/ios/" + HTTPURLPolicy.encode(request.appID), query: [("devkey", request.devKey)],
            host: request.host)
        return endpoint.request(
            .post, url, headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: body.jsonData())
    }

    /// Returns the server's answer: found with the click event, or not found.
    ///
    /// - Throws: ``AttributionError``: `httpStatus` for a non-2xx answer, `invalidResponse` when the body
    ///   is not a JSON object, lacks a boolean `found` or has a `click_event` that is not an object;
    ///   `CancellationError` when cancelled.
    public func deferredDeepLink(
        for request: InstallAttributionRequest
    ) async throws -> DeferredDeepLinkResponse {
        let httpRequest = try httpRequest(for: request)
        let answer = try await endpoint.jsonObject(answering: httpRequest)
        let url = httpRequest.url.absoluteString
        guard case .bool(let found)? = answer["found"] else {
            throw AttributionError.invalidResponse("the answer of POST \(url) lacks a boolean \"found\"")
        }
        switch answer["click_event"] {
        case nil, .null?:
            return DeferredDeepLinkResponse(found: found)
        case .object(let members)?:
            return DeferredDeepLinkResponse(
                found: found, clickEvent: found ? AttributionPayload(members) : [:])
        case let other?:
            throw AttributionError.invalidResponse(
                "\"click_event\" in the answer of POST \(url) is \(other.typeName), not an object")
        }
    }
}

extension DeferredDeepLinkSource where Self == HTTPDeferredDeepLinkSource {
    /// A source that asks the HTTP server at `baseURL`.
    ///
    /// - Throws: ``AttributionError/insecureTransport(_:)`` for plain `http` to a host that is not loopback.
    public static func http(
        baseURL: URL, transport: any HTTPTransport = URLSessionHTTPTransport(),
        timeout: Duration = .seconds(10), maximumResponseBytes: Int = HTTPRequest.defaultMaximumResponseBytes
    ) throws(AttributionError) -> HTTPDeferredDeepLinkSource {
        try HTTPDeferredDeepLinkSource(
            baseURL: baseURL, transport: transport, timeout: timeout,
            maximumResponseBytes: maximumResponseBytes)
    }
}
